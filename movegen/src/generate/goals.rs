//! Move generation in a game with goals besides mate (`joust_core::Goals`): no moves once
//! a goal has ended the game (as Fairy-Stockfish, whose perft counts none there), and
//! where checks are forbidden (Racing Kings) no move that gives one: found by attack tests
//! on the occupancy after each move, or for moves beyond plain ones by making them.

use super::generate_moves;
use crate::make::{make, unmake};
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::{Position, Square};

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
    let us = pos.side_to_move();
    let them = !us;
    let masks = &t.masks[us.index()];
    // Attack tests after a simple move suffice when none of our pieces' attacks depends
    // on more than the occupancy (no Lancers, compiled or general kinds) and no move
    // does more than it says (no gating, no first-move leaps that attack).
    let quick = !t.gating
        && t.forward_leaper.is_none()
        && pos.kinds_present(us) & (masks.compiled | masks.general | masks.lance) == 0;
    let royal = pos.royal_square(them).filter(|_| quick);
    let mut p = None;
    for &mv in all.iter() {
        let gives_check = match royal.and_then(|ksq| gives_check(t, pos, mv, ksq)) {
            Some(check) => check,
            None => {
                let p = p.get_or_insert_with(|| pos.clone());
                let undo = make(t, p, mv);
                let check = t.in_check(p, them);
                unmake(t, p, mv, &undo);
                check
            }
        };
        if !gives_check {
            list.push(mv);
        }
    }
}

/// Whether the move `mv` of the side to move, a plain move or capture (promotion and
/// double step included), attacks the other side's royal on `ksq`: the moved piece from
/// its new square, or a piece behind it. `None` for other moves, and for a capture of a
/// royal piece (which may change which royal counts), which are made and tested.
#[inline(always)]
fn gives_check<B: Board>(t: &Tables<B>, pos: &Position<B>, mv: Move, ksq: Square) -> Option<bool> {
    if !matches!(mv.flag, MoveFlag::Normal | MoveFlag::DoubleStep) {
        return None;
    }
    if pos
        .piece_at(mv.to)
        .is_some_and(|p| t.kinds[p.kind.index()].royal)
    {
        return None;
    }
    let us = pos.side_to_move();
    let mover = pos.piece_at(mv.from)?;
    let kind = mv.promotion_kind().unwrap_or(mover.kind);
    let from = B::from_square(mv.from);
    let to = B::from_square(mv.to);
    let occ = (pos.occupied() ^ from) | to;
    let own = (pos.pieces(us) ^ from) | to;
    Some(
        t.piece_hits(us, kind, mv.to, ksq, occ, own)
            || t.attackers_after(pos, ksq, occ, us, B::EMPTY).any(),
    )
}
