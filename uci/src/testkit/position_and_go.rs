//! The generator's `position` and `go` commands, the two that need the model's position.

use super::choices::Choices;
use super::generate::{Allowed, Expect, Generator, Known, Wait, FALLBACK, SEARCH_ALLOWANCE};
use crate::board::Board;
use crate::command::Setup;
use std::time::Duration;

impl<C: Choices> Generator<'_, C> {
    /// A position reached by a few random legal moves from the start, and the moves.
    fn random_line(&mut self, plies: usize) -> (Board, Vec<String>) {
        let mut board = Board::start(self.variant);
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = board.legal_texts();
            if legal.is_empty() {
                break;
            }
            let mv = self.choices.pick(&legal).clone();
            board.play(&mv);
            moves.push(mv);
        }
        (board, moves)
    }

    pub(super) fn position(&mut self) {
        let plies = self.choices.below(13);
        let (board, moves) = self.random_line(plies);
        let (line, known) = match self.choices.below(8) {
            0..=2 => (
                format!("position startpos moves {}", moves.join(" ")),
                Known::Board(Box::new(board)),
            ),
            3 => {
                // From the FEN of a position in the line, and the rest of it.
                let split = self.choices.below(moves.len() + 1);
                let mut start = Board::start(self.variant);
                for mv in &moves[..split] {
                    start.play(mv);
                }
                let rest = &moves[split..];
                let line = if rest.is_empty() && self.choices.one_in(2) {
                    format!("position fen {}", start.fen())
                } else {
                    format!("position fen {} moves {}", start.fen(), rest.join(" "))
                };
                (line, Known::Board(Box::new(board)))
            }
            4 => {
                // A move that is not legal at its turn: the same move twice, or junk.
                let bad = match moves.first() {
                    Some(first) if self.choices.one_in(2) => first.clone(),
                    _ => "a1a1".to_string(),
                };
                let mut all = moves.clone();
                all.push(bad);
                if let Some(mv) = moves.first() {
                    all.push(mv.clone());
                }
                let refused = Board::set_up(self.variant, &Setup::StartPos, &all).is_err();
                let known = if refused {
                    Known::Nothing
                } else {
                    Known::Unknown
                };
                (format!("position startpos moves {}", all.join(" ")), known)
            }
            5 => {
                let fen = match self.choices.below(3) {
                    0 => "not a fen".to_string(),
                    1 => "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
                    _ => {
                        let fen = board.fen();
                        let cut = self.choices.below(fen.len());
                        fen[..cut].to_string()
                    }
                };
                let known = match Board::set_up(self.variant, &Setup::Fen(fen.clone()), &[]) {
                    Ok(b) => Known::Board(Box::new(b)),
                    Err(_) => Known::Nothing,
                };
                (format!("position fen {fen}"), known)
            }
            6 => {
                let line = *self.choices.pick(&[
                    "position",
                    "position startpos e2e4",
                    "position somewhere",
                    "position fen",
                ]);
                (line.to_string(), Known::Nothing)
            }
            _ => (
                format!(
                    "position startpos moves {} {}",
                    moves.join(" "),
                    self.junk_word()
                ),
                Known::Unknown,
            ),
        };
        self.known = known;
        self.send(&line, Expect::STOPS);
    }

    /// The bestmoves allowed in the known position, among `searchmoves` if any is legal.
    fn allowed(&self, searchmoves: &[String]) -> Allowed {
        match &self.known {
            Known::Unknown => Allowed::Any,
            Known::Nothing => Allowed::NoMove,
            Known::Board(board) => {
                let legal = board.legal_texts();
                if legal.is_empty() {
                    return Allowed::NoMove;
                }
                let chosen: Vec<String> = legal
                    .iter()
                    .filter(|m| searchmoves.iter().any(|s| s.eq_ignore_ascii_case(m)))
                    .cloned()
                    .collect();
                Allowed::OneOf(if chosen.is_empty() { legal } else { chosen })
            }
        }
    }

    pub(super) fn go(&mut self) {
        let mut words: Vec<String> = Vec::new();
        let mut wait = Wait::No;
        let mut time = Duration::ZERO;
        let kind = self.choices.below(10);
        match kind {
            0..=4 => self.bounded_limits(&mut words, &mut time),
            5 => {
                words.push("infinite".into());
                if self.choices.one_in(2) {
                    self.bounded_limits(&mut words, &mut time);
                }
                wait = Wait::ForStop;
            }
            6 => {
                words.push("ponder".into());
                match self.choices.below(3) {
                    0 => self.bounded_limits(&mut words, &mut time),
                    1 => time += FALLBACK,
                    _ => {
                        let ms = self.choices.range(-50, 500);
                        words.extend([
                            "wtime".into(),
                            ms.to_string(),
                            "btime".into(),
                            ms.to_string(),
                        ]);
                        time += Duration::from_millis(ms.max(0) as u64 / 4);
                    }
                }
                wait = Wait::ForPonderhit;
            }
            7 => wait = Wait::ForStop,
            8 => {
                let unbounded = self.choices.pick(&[
                    "mate 2",
                    "depth x",
                    "movetime -",
                    "hello",
                    "winc 100",
                    "mate 1 fast",
                ]);
                words.push(unbounded.to_string());
                time += FALLBACK;
            }
            _ => {
                let depth = self.choices.range(-1, 3);
                let depth = if self.is_wide() { depth.min(2) } else { depth };
                let mut line = format!("go perft {depth}");
                if self.choices.one_in(4) {
                    line += &format!(" {}", self.junk_word());
                }
                self.limit += SEARCH_ALLOWANCE;
                return self.send(&line, Expect::STOPS);
            }
        }
        if kind != 7 {
            if self.choices.one_in(4) {
                words.push(format!("mate {}", self.choices.range(0, 3)));
            }
            if self.choices.one_in(5) {
                words.push(
                    self.junk_word()
                        .replace(|c: char| c.is_ascii_digit() || c == '-', "j"),
                );
            }
        }
        let mut searchmoves = Vec::new();
        if kind != 7 && self.choices.one_in(4) {
            if let Known::Board(board) = &self.known {
                let legal = board.legal_texts();
                for _ in 0..1 + self.choices.below(3) {
                    if !legal.is_empty() {
                        searchmoves.push(self.choices.pick(&legal).clone());
                    }
                }
            }
            if self.choices.one_in(3) {
                searchmoves.push("a1a1".into());
            }
            words.push(format!("searchmoves {}", searchmoves.join(" ")));
        }
        let allowed = self.allowed(&searchmoves);
        self.limit += SEARCH_ALLOWANCE + time;
        let line = format!("go {}", words.join(" "));
        let line = if kind == 7 { "go".to_string() } else { line };
        self.send(
            &line,
            Expect {
                search: Some((wait, allowed)),
                ..Expect::STOPS
            },
        );
    }

    fn is_wide(&self) -> bool {
        !joust_movegen::fits_u64(self.variant)
    }

    /// One to three limits of which at least one bounds the search, adding the time
    /// they may take to `time`.
    fn bounded_limits(&mut self, words: &mut Vec<String>, time: &mut Duration) {
        let n = 1 + self.choices.below(3);
        let mut timed = false;
        let mut bounded = false;
        for _ in 0..n {
            match self.choices.below(5) {
                0 => {
                    words.push(format!("depth {}", self.choices.range(-1, 3)));
                    bounded = true;
                }
                1 => {
                    words.push(format!("nodes {}", self.choices.range(-5, 2000)));
                    bounded = true;
                }
                2 => {
                    let ms = self.choices.range(-5, 30);
                    words.push(format!("movetime {ms}"));
                    *time += Duration::from_millis(ms.max(0) as u64);
                    timed = true;
                }
                3 => {
                    let (w, b) = (self.choices.range(-100, 400), self.choices.range(-100, 400));
                    words.push(format!("wtime {w} btime {b}"));
                    if self.choices.one_in(2) {
                        let inc = self.choices.range(-10, 50);
                        words.push(format!("winc {inc} binc {inc}"));
                        *time += Duration::from_millis(inc.max(0) as u64);
                    }
                    if self.choices.one_in(3) {
                        words.push(format!("movestogo {}", self.choices.range(-1, 40)));
                    }
                    *time += Duration::from_millis(w.max(b).max(0) as u64);
                    timed = true;
                }
                _ => {
                    let word = *self.choices.pick(&["depth", "nodes", "movetime", "wtime"]);
                    words.push(format!(
                        "{word} {}",
                        self.junk_word()
                            .replace(|c: char| c.is_ascii_digit() || c == '-', "q")
                    ));
                }
            }
        }
        // Always a real bound; an absurd depth only beside a time limit.
        if timed && self.choices.one_in(3) {
            words.push("depth 100000".to_string());
        }
        if !(bounded || timed) {
            words.push(format!("depth {}", self.choices.range(1, 3)));
        }
    }
}
