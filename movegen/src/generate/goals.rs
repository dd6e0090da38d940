//! Move generation in a game with goals besides mate (`joust_core::Goals`): no moves once
//! a goal has ended the game (as Fairy-Stockfish, whose perft counts none there), and
//! where checks are forbidden (Racing Kings) no move that gives one.

use super::generate_moves;
use crate::make::{make, unmake};
use crate::moves::MoveList;
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::Position;

/// Appends the legal moves of the side to move under the game's goals.
#[inline(never)]
pub(super) fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if pos.goal_end().is_some() {
        return;
    }
    if !t.variant.goals.no_checks {
        generate_moves(t, pos, list);
        return;
    }
    let mut all = MoveList::new();
    generate_moves(t, pos, &mut all);
    let them = !pos.side_to_move();
    let mut p = pos.clone();
    for &mv in all.iter() {
        let undo = make(t, &mut p, mv);
        let gives_check = t.in_check(&p, them);
        unmake(t, &mut p, mv, &undo);
        if !gives_check {
            list.push(mv);
        }
    }
}
