//! `joust uci`: the Universal Chess Interface on standard input and output, for GUIs and
//! match runners. Every game is a `UCI_Variant`; moves use the coordinate text of
//! RULES.md. Bad input is answered with an `info string` and otherwise ignored.

use crate::eval_options;
use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, TableCache};
use joust_notation::{move_to_text, parse_move};
use joust_search::{search, Evaluator, Info, Limits, Shared, MATE, MATE_BOUND};
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The current game: position and the keys of the positions before it.
enum Current {
    /// A board of at most 64 squares.
    Narrow(Position<u64>, Vec<u64>),
    /// A 10x10 board.
    Wide(Position<u128>, Vec<u64>),
}

struct Engine {
    variant: &'static Variant,
    current: Current,
    shared: Arc<Shared>,
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    evaluator: Arc<Evaluator>,
    /// The `PieceValues` and `EvalWeights` options (see `eval_options`).
    piece_values: Vec<(char, i32)>,
    eval_weights: Vec<(String, i32)>,
    searching: Option<JoinHandle<()>>,
}

/// Writes one line to stdout at once (search threads write too).
fn say(line: &str) {
    let out = std::io::stdout();
    let mut out = out.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn start_of(variant: &'static Variant) -> Current {
    if variant.geometry.len() <= 64 {
        let pos = position_from_fen(variant, variant.start_fen).expect("built-in start FEN");
        Current::Narrow(pos, Vec::new())
    } else {
        let pos = position_from_fen(variant, variant.start_fen).expect("built-in start FEN");
        Current::Wide(pos, Vec::new())
    }
}

/// Runs the UCI loop until `quit` or end of input; returns the exit status.
pub fn run() -> u8 {
    let variant = variants::chess();
    let mut engine = Engine {
        variant,
        current: start_of(variant),
        shared: Arc::new(Shared::new(16)),
        hash_mb: 16,
        threads: 1,
        multipv: 1,
        evaluator: Arc::new(Evaluator::new(variant)),
        piece_values: Vec::new(),
        eval_weights: Vec::new(),
        searching: None,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        match command {
            "uci" => uci_id(),
            "isready" => say("readyok"),
            "ucinewgame" => {
                engine.stop();
                engine.shared.clear();
            }
            "setoption" => engine.set_option(&words[1..]),
            "position" => {
                engine.stop();
                engine.position(&words[1..]);
            }
            "go" => {
                engine.stop();
                engine.go(&words[1..]);
            }
            "stop" => engine.stop(),
            "eval" => engine.eval(),
            "quit" => {
                engine.stop();
                return 0;
            }
            _ => say(&format!("info string unknown command '{command}' ignored")),
        }
    }
    engine.stop();
    0
}

fn uci_id() {
    say(&format!("id name Joust {}", env!("CARGO_PKG_VERSION")));
    say("id author the Joust developers");
    let games: Vec<String> = variants::all()
        .iter()
        .map(|v| format!("var {}", v.id))
        .collect();
    say(&format!(
        "option name UCI_Variant type combo default chess {}",
        games.join(" ")
    ));
    say("option name Hash type spin default 16 min 1 max 4096");
    say("option name Threads type spin default 1 min 1 max 64");
    say("option name MultiPV type spin default 1 min 1 max 256");
    say("option name PieceValues type string default <empty>");
    say("option name EvalWeights type string default <empty>");
    say("uciok");
}

impl Engine {
    /// Prints the static evaluation of the current position, term group by term group
    /// (as Stockfish's `eval` does: plain lines, for people rather than GUIs).
    fn eval(&self) {
        let rows = match &self.current {
            Current::Narrow(pos, _) => self.evaluator.breakdown(pos),
            Current::Wide(pos, _) => self.evaluator.breakdown(pos),
        };
        say(&format!(
            "Static evaluation ({}), in pawns from White's side:",
            self.variant.id
        ));
        for (name, cp) in rows {
            say(&format!("  {name:<16} {:+6.2}", cp as f64 / 100.0));
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(handle) = self.searching.take() {
            self.shared.stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <name...> value <value...>
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            say("info string setoption needs 'name <option> value <value>'");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.stop();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match variants::by_id(value) {
                Ok(v) => {
                    self.variant = v;
                    self.current = start_of(v);
                    self.shared.clear();
                    self.evaluator = Arc::new(self.evaluation_of(v));
                }
                Err(e) => say(&format!("info string {e}")),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    self.hash_mb = mb;
                    self.shared = Arc::new(Shared::new(mb));
                }
                _ => say(&format!("info string Hash '{value}' is not 1 to 4096")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=64).contains(&n) => self.threads = n,
                _ => say(&format!("info string Threads '{value}' is not 1 to 64")),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.multipv = n,
                _ => say(&format!("info string MultiPV '{value}' is not 1 to 256")),
            },
            "piecevalues" | "evalweights" => {
                let value = if value == "<empty>" { "" } else { value };
                let parsed = if name.eq_ignore_ascii_case("piecevalues") {
                    eval_options::parse_piece_values(value).map(|v| self.piece_values = v)
                } else {
                    eval_options::parse_weights(value).map(|w| self.eval_weights = w)
                };
                match parsed {
                    Ok(()) => {
                        self.evaluator = Arc::new(self.evaluation_of(self.variant));
                        self.shared.clear();
                    }
                    Err(e) => say(&format!("info string {name} ignored: {e}")),
                }
            }
            _ => say(&format!("info string unknown option '{name}' ignored")),
        }
        let _ = self.hash_mb;
    }

    /// The evaluation of `variant` under the evaluation options; piece values whose
    /// letter this game does not have are left out, with a word why.
    fn evaluation_of(&self, variant: &'static Variant) -> Evaluator {
        let (e, unknown) = eval_options::evaluator(variant, &self.piece_values, &self.eval_weights);
        if !unknown.is_empty() {
            let letters: Vec<String> = unknown.iter().map(|c| format!("'{c}'")).collect();
            let letters = letters.join(", ");
            say(&format!(
                "info string PieceValues: {} has no piece {letters}; kept for a game that has",
                variant.id
            ));
        }
        e
    }

    fn position(&mut self, words: &[&str]) {
        let (fen, rest): (String, &[&str]) = match words.first() {
            Some(&"startpos") => (self.variant.start_fen.to_string(), &words[1..]),
            Some(&"fen") => {
                let end = words
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(words.len());
                (words[1..end].join(" "), &words[end..])
            }
            _ => {
                say("info string position needs 'startpos' or 'fen <FEN>'");
                return;
            }
        };
        let moves: &[&str] = match rest.first() {
            Some(&"moves") => &rest[1..],
            None => &[],
            Some(other) => {
                say(&format!(
                    "info string unexpected '{other}' in position command"
                ));
                return;
            }
        };
        let result = if self.variant.geometry.len() <= 64 {
            setup::<u64>(self.variant, &fen, moves).map(|(p, k)| Current::Narrow(p, k))
        } else {
            setup::<u128>(self.variant, &fen, moves).map(|(p, k)| Current::Wide(p, k))
        };
        match result {
            Ok(current) => self.current = current,
            Err(why) => say(&format!("info string position ignored: {why}")),
        }
    }

    fn go(&mut self, words: &[&str]) {
        let mut limits = Limits {
            multipv: self.multipv,
            ..Limits::default()
        };
        let mut clock: [Option<u64>; 4] = [None; 4];
        let mut moves_to_go = None;
        let mut perft_depth = None;
        let mut i = 0;
        while i < words.len() {
            let value = words.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let mut takes_value = true;
            match words[i] {
                "depth" => limits.depth = value.map(|d| d as u32),
                "nodes" => limits.nodes = value,
                "movetime" => limits.time = value.map(Duration::from_millis),
                "wtime" => clock[0] = value,
                "btime" => clock[1] = value,
                "winc" => clock[2] = value,
                "binc" => clock[3] = value,
                "movestogo" => moves_to_go = value.map(|m| m as u32),
                "perft" => perft_depth = value.map(|d| d as u32),
                "infinite" | "ponder" => takes_value = false,
                other => {
                    say(&format!("info string go: '{other}' ignored"));
                    takes_value = false;
                }
            }
            if takes_value && value.is_none() {
                say(&format!("info string go: '{}' needs a number", words[i]));
            }
            i += if takes_value { 2 } else { 1 };
        }
        if let Some(depth) = perft_depth {
            match &self.current {
                Current::Narrow(p, _) => perft(p, depth.min(12)),
                Current::Wide(p, _) => perft(p, depth.min(12)),
            }
            return;
        }
        let white = match &self.current {
            Current::Narrow(p, _) => p.side_to_move() == joust_core::Color::White,
            Current::Wide(p, _) => p.side_to_move() == joust_core::Color::White,
        };
        let (left, inc) = if white {
            (clock[0], clock[2])
        } else {
            (clock[1], clock[3])
        };
        if let (Some(left), None) = (left, limits.time) {
            limits = limits.with_clock(
                Duration::from_millis(left),
                Duration::from_millis(inc.unwrap_or(0)),
                moves_to_go,
            );
        }
        self.shared.arm();
        let shared = Arc::clone(&self.shared);
        let evaluator = Arc::clone(&self.evaluator);
        let threads = self.threads;
        self.searching = Some(match &self.current {
            Current::Narrow(p, k) => {
                spawn_search(p.clone(), k.clone(), limits, shared, evaluator, threads)
            }
            Current::Wide(p, k) => {
                spawn_search(p.clone(), k.clone(), limits, shared, evaluator, threads)
            }
        });
    }
}

/// Reads a FEN and plays the moves; the keys of every position before the last.
fn setup<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    moves: &[&str],
) -> Result<(Position<B>, Vec<u64>), String> {
    let mut pos: Position<B> =
        position_from_fen(variant, fen).map_err(|e| format!("bad FEN: {e}"))?;
    let t = tables::<B>(variant);
    let mut keys = Vec::new();
    for text in moves {
        let mv = parse_move(&pos, text).map_err(|e| e.to_string())?;
        keys.push(pos.key());
        make(t, &mut pos, mv);
    }
    Ok((pos, keys))
}

fn perft<B: TableCache>(pos: &Position<B>, depth: u32) {
    let start = Instant::now();
    let mut rows: Vec<(String, u64)> = joust_movegen::divide(pos, depth, 1)
        .into_iter()
        .map(|(m, n)| (move_to_text(pos, m), n))
        .collect();
    rows.sort();
    for (m, n) in &rows {
        say(&format!("{m}: {n}"));
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    say("");
    say(&format!("Nodes searched: {total}"));
    say(&format!(
        "info string perft took {} ms",
        start.elapsed().as_millis()
    ));
}

/// The UCI score of a search score.
fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The moves of a line as coordinate text, played out from `pos`.
fn line_text<B: TableCache>(pos: &Position<B>, line: &[joust_movegen::Move]) -> Vec<String> {
    let t = tables::<B>(pos.variant());
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in line {
        if !legal_moves(&p).contains(&mv) {
            break;
        }
        out.push(move_to_text(&p, mv));
        make(t, &mut p, mv);
    }
    out
}

fn spawn_search<B: TableCache>(
    pos: Position<B>,
    keys: Vec<u64>,
    limits: Limits,
    shared: Arc<Shared>,
    evaluator: Arc<Evaluator>,
    threads: usize,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let last = Mutex::new(Vec::new());
        let report = |info: &Info| {
            let nps = info.nodes as f64 / info.elapsed.as_secs_f64().max(1e-3);
            let pv = line_text(&pos, &info.pv);
            say(&format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                score_text(info.score),
                info.nodes,
                nps as u64,
                info.elapsed.as_millis(),
                info.hashfull,
                pv.join(" ")
            ));
            if info.multipv == 1 {
                if let Ok(mut l) = last.lock() {
                    *l = info.pv.clone();
                }
            }
        };
        let result = search(&pos, &keys, &limits, &shared, threads, &evaluator, report);
        match result.best {
            Some(best) => {
                let line = line_text(&pos, &result.pv);
                let mut text = format!("bestmove {}", move_to_text(&pos, best));
                if line.first().map(String::as_str) == Some(move_to_text(&pos, best).as_str()) {
                    if let Some(ponder) = line.get(1) {
                        text += &format!(" ponder {ponder}");
                    }
                }
                say(&text);
            }
            None => say("bestmove (none)"),
        }
    })
}
