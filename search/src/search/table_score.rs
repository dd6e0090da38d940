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

/// The static value `eval` of a node sharpened by its table entry: a stored score that
/// bounds the node's true value on the far side of `eval` (a lower bound above it, an
/// upper bound below it, or an exact score) is a better guess than the evaluation
/// alone. Mate scores are left out: the pruning rules that read this value assume a
/// positional score.
pub(super) fn refine_eval(entry: Option<Entry>, eval: i32, ply: usize) -> i32 {
    let Some(e) = entry else {
        return eval;
    };
    let score = from_tt(e.score, ply);
    if score.abs() >= MATE_BOUND {
        return eval;
    }
    match e.bound {
        Bound::Exact => score,
        Bound::Lower if score > eval => score,
        Bound::Upper if score < eval => score,
        _ => eval,
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

    fn entry(score: i32, bound: Bound) -> Option<Entry> {
        Some(Entry {
            mv: None,
            score,
            depth: 5,
            bound,
        })
    }

    #[test]
    fn the_table_sharpens_the_static_value_only_on_the_side_its_bound_allows() {
        assert_eq!(refine_eval(None, 40, 3), 40);
        assert_eq!(refine_eval(entry(90, Bound::Exact), 40, 3), 90);
        assert_eq!(refine_eval(entry(-90, Bound::Exact), 40, 3), -90);
        // A lower bound raises the value, never lowers it.
        assert_eq!(refine_eval(entry(90, Bound::Lower), 40, 3), 90);
        assert_eq!(refine_eval(entry(10, Bound::Lower), 40, 3), 40);
        // An upper bound lowers it, never raises it.
        assert_eq!(refine_eval(entry(10, Bound::Upper), 40, 3), 10);
        assert_eq!(refine_eval(entry(90, Bound::Upper), 40, 3), 40);
        // Mates are no estimate of a position's worth.
        assert_eq!(refine_eval(entry(MATE - 4, Bound::Exact), 40, 3), 40);
        assert_eq!(refine_eval(entry(-(MATE - 4), Bound::Upper), 40, 3), 40);
    }

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
