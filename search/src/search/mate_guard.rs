//! The root's guard against a reply that wins at once. Depth 1 is one ply and a
//! quiescence search, which sees the opponent's captures but not a quiet reply that mates
//! (a rook to the back rank, a smothered mate): a search that completes only depth 1
//! (stopped at once, or given no time or nodes) could choose a move that loses at once.
//! So a root move about to become the best is first tested for such a reply, by the
//! game's own rules of how it ends, and scored as mated in two plies if it has one.
//!
//! Deeper iterations see every mate in one by themselves: the best root move's reply is
//! searched in a principal-variation node, where no check is pruned or reduced, and the
//! mated side, in check, has its moves generated. A reply that stalemates is another
//! matter: it gives no check, so late-move reductions may send it to a quiescence search,
//! which stands pat without looking for a stalemate (at depth 2 every reply does). So in
//! a game where stalemate loses (Cromwell) every iteration is guarded; elsewhere only the
//! first, which leaves the trees of deeper iterations as they were.

use super::worker::Worker;
use crate::MATE;
use joust_core::variant::StalemateResult;
use joust_core::Position;
use joust_movegen::{make, unmake, Move, MoveList, TableCache};

/// A root move that allows a mate in one scores this: mated at ply 2.
pub(super) const MATED_IN_ONE: i32 = -MATE + 2;

impl<B: TableCache> Worker<'_, B> {
    /// True if the root moves of an iteration of `depth` plies need the guard.
    pub(super) fn needs_mate_guard(&self, depth: u32) -> bool {
        depth <= 1 || self.t.variant().stalemate != StalemateResult::Draw || self.has_own_ends()
    }

    /// A reply of the side to move of `pos` (the opponent, right after a root move) that
    /// ends the game at once in its favour, if there is one: checkmate, or whatever else
    /// [`Worker::terminal`] scores as lost for us (a stalemate in Cromwell). A position
    /// that the search scores as drawn first (fifty moves, a repetition) is no mate, as in
    /// the search. Expects the root's key on `self.keys`, as the search leaves it while a
    /// root move is made; counts no nodes and writes nothing shared, so the tree searched
    /// does not change.
    pub(super) fn mating_reply(&mut self, pos: &mut Position<B>) -> Option<Move> {
        if self.drawn_by_rule(pos) {
            return None;
        }
        let mut replies = MoveList::new();
        joust_movegen::generate(self.t, pos, &mut replies);
        // Where having no move is only a loss in check, a reply that does not give check
        // cannot end the game: no need to generate our moves after it.
        let only_checks_win = !self.t.variant().stalemate.can_lose() && !self.has_own_ends();
        self.keys.push(pos.key());
        let mut ours = MoveList::new();
        let mut found = None;
        for &reply in replies.iter() {
            let undo = make(self.t, pos, reply);
            let wins = (!only_checks_win || self.t.in_check(pos, pos.side_to_move()))
                && !self.drawn_by_rule(pos)
                && {
                    ours.clear();
                    joust_movegen::generate(self.t, pos, &mut ours);
                    ours.is_empty()
                }
                && self.terminal(pos, 2) <= MATED_IN_ONE;
            unmake(self.t, pos, reply, &undo);
            if wins {
                found = Some(reply);
                break;
            }
        }
        self.keys.pop();
        found
    }

    /// True if the search scores `pos` (not the root) as a draw before looking at its
    /// moves: the fifty-move rule, or a repetition.
    pub(super) fn drawn_by_rule(&self, pos: &Position<B>) -> bool {
        pos.halfmove_clock() >= self.t.variant().fifty_move_plies || self.is_repetition(pos)
    }
}
