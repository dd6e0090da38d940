//! What the caller asks of a search: how deep, how many nodes, how long, how many lines,
//! which root moves, whether to stop at a mate, and how strong to play.

use super::{MATE, MATE_BOUND};
use crate::strength::Strength;
use joust_movegen::Move;
use std::time::Duration;

/// When to stop searching.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (0 counts as 1).
    pub depth: Option<u32>,
    /// Most nodes (all threads together); the first iteration completes even past it.
    pub nodes: Option<u64>,
    /// Wall time for this move: the search stops when it runs out (but not before the
    /// first iteration is complete, however short the time).
    pub time: Option<Duration>,
    /// Time after which no new iteration starts (it would rarely finish in time).
    pub soft_time: Option<Duration>,
    /// How many best lines to report (0 and 1 both mean one); the main thread searches
    /// the `k`-th line with the first `k - 1` lines' moves left out at the root.
    pub multipv: usize,
    /// The root moves to choose from (UCI's `searchmoves`); empty means every legal move.
    /// Moves that are not legal in the root position are left out; if none of them is
    /// legal, every move is searched and [`super::SearchResult::searchmoves_ignored`]
    /// says so.
    pub searchmoves: Vec<Move>,
    /// Stop as soon as a mate in at most this many moves (of the side to move) is proven
    /// (UCI's `go mate N`); the other limits still apply, and with none the search goes
    /// on until a mate is found or its deepest iteration is done. `Some(0)` is no limit.
    pub mate: Option<u32>,
    /// Play weaker on purpose (see [`crate::strength`]): the search stops at the
    /// strength's node cap (or the other limits, whichever comes first), compares at
    /// least [`crate::strength::CANDIDATES`] root moves, and the result is one of them
    /// chosen at random within the strength's margin. `None` is full strength.
    pub strength: Option<Strength>,
}

impl Limits {
    /// True if `score` (for the side to move) is a mate within [`Limits::mate`] moves.
    pub(super) fn mate_reached(&self, score: i32) -> bool {
        // A mate in n moves is one of at most 2n - 1 plies.
        self.mate
            .is_some_and(|moves| score > MATE_BOUND && ((MATE - score) as u64) < 2 * moves as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_within_the_asked_moves_is_reached() {
        let limits = Limits {
            mate: Some(2),
            ..Limits::default()
        };
        // Mate in 3 plies is mate in 2 moves; in 4 plies (the opponent mates) it is not.
        assert!(limits.mate_reached(MATE - 3));
        assert!(!limits.mate_reached(MATE - 5));
        assert!(!limits.mate_reached(500));
        assert!(!Limits::default().mate_reached(MATE - 1));
    }
}
