//! Scores as the transposition table keeps them: a mate is stored counted from the node
//! where it was found, not from the root, so that the entry holds wherever in the tree
//! the position comes again.

use super::MATE_BOUND;
use crate::tt::{Bound, Entry};

/// The score of table entry `e` at `ply` if its bound settles a node with this window.
pub(super) fn tt_cutoff(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// A score as stored in the table: mates counted from this node, not the root.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back as seen from the root.
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MATE;

    #[test]
    fn a_mate_is_stored_from_its_node_and_read_back_from_the_root() {
        // Mate in 5 plies from the root, found at ply 3: mate in 2 from that node.
        assert_eq!(to_tt(MATE - 5, 3), MATE - 2);
        assert_eq!(from_tt(MATE - 2, 3), MATE - 5);
        assert_eq!(to_tt(-(MATE - 5), 3), -(MATE - 2));
        assert_eq!(from_tt(to_tt(-(MATE - 7), 4), 4), -(MATE - 7));
        // Other scores are stored as they are.
        assert_eq!(to_tt(123, 9), 123);
        assert_eq!(from_tt(-123, 9), -123);
    }
}
