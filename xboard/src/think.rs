//! The engine's searches, on the job thread of `joust-uci`: a search for a move writes
//! `move ...` (and the result line if the move ends the game) as soon as it ends; an
//! analysis writes only thinking lines, until it is stopped.

use crate::coords::move_to_xboard;
use crate::pieces::PieceMap;
use crate::setup::result_line;
use joust_core::Color;
use joust_search::{Evaluator, Info, Limits, Shared, MATE, MATE_BOUND};
use joust_uci::board::Board;
use joust_uci::job::{Hold, Job};
use joust_uci::Output;
use std::sync::{Arc, Mutex, MutexGuard};

/// What the search thread and the loop share about the move.
#[derive(Default)]
struct Slot {
    /// The loop no longer wants a move: the search writes none.
    cancelled: bool,
    /// The move the search wrote (or is about to write), in coordinate text.
    played: Option<String>,
}

/// A search to run.
pub struct Search {
    /// The position.
    pub board: Board,
    /// Its limits (none for an analysis: it runs until stopped).
    pub limits: Limits,
    /// The table and stop flag.
    pub shared: Arc<Shared>,
    /// The game's evaluation.
    pub evaluator: Arc<Evaluator>,
    /// Search threads.
    pub threads: usize,
    /// Write thinking lines (`post`).
    pub post: bool,
    /// An analysis: thinking lines always, no move.
    pub analyze: bool,
    /// The board's ranks (XBoard counts the ranks of a 10-rank board from 0).
    pub ranks: u8,
    /// The game's pieces as XBoard's letters (a Lancer's facing in a move).
    pub pieces: PieceMap,
}

/// A search running beside the loop.
pub struct Thinking {
    job: Job,
    slot: Arc<Mutex<Slot>>,
}

fn lock(slot: &Mutex<Slot>) -> MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(|e| e.into_inner())
}

/// The XBoard score of a search score: centipawns, or 100000 + N for a mate in N moves
/// (-100000 - N when mated).
pub fn score(score: i32) -> i32 {
    if score > MATE_BOUND {
        100_000 + (MATE - score + 1) / 2
    } else if score < -MATE_BOUND {
        -100_000 - (MATE + score) / 2
    } else {
        score
    }
}

/// A thinking line: `depth score time nodes pv`, the time in centiseconds, the moves
/// (with XBoard's piece letters) in XBoard's coordinates for a board of `ranks` ranks.
pub fn thinking_line(info: &Info, pv: &[String], ranks: u8) -> String {
    format!(
        "{} {} {} {} {}",
        info.depth,
        score(info.score),
        info.elapsed.as_millis() / 10,
        info.nodes,
        move_to_xboard(&pv.join(" "), ranks)
    )
}

/// The `move` lines of a move in coordinate text: one per leg of a multi-leg move (the
/// Lion's `e4e5,e5e6`), every leg but the last ending with a comma, as CECP writes them;
/// in XBoard's coordinates for a board of `ranks` ranks (`text` has XBoard's piece
/// letters already: [`PieceMap::move_to_xboard`]).
pub fn move_lines(text: &str, ranks: u8) -> Vec<String> {
    let text = move_to_xboard(text, ranks);
    let legs: Vec<&str> = text.split(',').collect();
    legs.iter()
        .enumerate()
        .map(|(i, leg)| {
            let more = if i + 1 < legs.len() { "," } else { "" };
            format!("move {leg}{more}")
        })
        .collect()
}

impl Thinking {
    /// Starts `search` on the job thread. Arms the table's stop flag first.
    pub fn start(out: Output, search: Search) -> Thinking {
        let slot = Arc::new(Mutex::new(Slot::default()));
        let job_slot = Arc::clone(&slot);
        let hold = if search.analyze {
            Hold::UntilStop
        } else {
            Hold::Released
        };
        search.shared.arm();
        let shared = Arc::clone(&search.shared);
        let job = Job::spawn(out, shared, hold, None, &[], move |out, _| {
            let Search {
                board,
                limits,
                shared,
                evaluator,
                threads,
                post,
                analyze,
                ranks,
                pieces,
            } = search;
            let (_, best) = board.search(&limits, &shared, threads, &evaluator, |info, pv| {
                if (post || analyze) && info.multipv <= 1 {
                    let pv = pieces.line_to_xboard(&board, &pv);
                    out.line(&thinking_line(info, &pv, ranks));
                }
            });
            let mut slot = lock(&job_slot);
            let (false, false, Some(best)) = (analyze, slot.cancelled, best) else {
                return Vec::new();
            };
            slot.played = Some(best.clone());
            let mut lines = move_lines(&pieces.move_to_xboard(&board, &best), ranks);
            let mut after = board.clone();
            let mover = if board.white_to_move() {
                Color::White
            } else {
                Color::Black
            };
            if after.play(&best) {
                if let Some(outcome) = after.outcome() {
                    lines.push(result_line(outcome, mover));
                }
            }
            lines
        });
        Thinking { job, slot }
    }

    /// True once the search has chosen its move (or ended without one).
    pub fn is_done(&self) -> bool {
        lock(&self.slot).played.is_some() || self.job.is_finished()
    }

    /// Stops the search without a move; returns the move if it was written first.
    pub fn cancel(self) -> Option<String> {
        lock(&self.slot).cancelled = true;
        self.job.stop();
        let played = lock(&self.slot).played.take();
        played
    }

    /// Stops the search at once: it writes the best move found so far (`?`).
    pub fn move_now(self) -> Option<String> {
        self.job.stop();
        let played = lock(&self.slot).played.take();
        played
    }

    /// Waits for the search to end by its own limits; returns the move written.
    pub fn wait(self) -> Option<String> {
        self.job.wait();
        let played = lock(&self.slot).played.take();
        played
    }

    /// True for an analysis (it waits for `stop`).
    pub fn is_analysis(&self) -> bool {
        self.job.is_held()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_scored_as_cecp_wants() {
        assert_eq!(score(35), 35);
        assert_eq!(score(MATE - 1), 100_001);
        assert_eq!(score(MATE - 3), 100_002);
        assert_eq!(score(-MATE + 2), -100_001);
    }

    #[test]
    fn multi_leg_moves_are_written_leg_by_leg() {
        assert_eq!(move_lines("e2e4", 8), vec!["move e2e4"]);
        assert_eq!(move_lines("e4e5,e5e6", 8), vec!["move e4e5,", "move e5e6"]);
        assert_eq!(move_lines("e4e5,e5e6", 10), vec!["move e3e4,", "move e4e5"]);
    }
}
