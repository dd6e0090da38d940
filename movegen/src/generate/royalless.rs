//! Legal move generation for a side without a royal piece (Antichess, Extinction chess,
//! Horde's White): nothing can be exposed to capture that matters, so every pseudo-legal
//! move is legal and none is tested. The pieces' moves come from the same helpers as the
//! tested generator's, with a test that always passes.

use super::castling::castling;
use super::general;
use super::tested::{lancer_moves, pawn_moves, push_checked};
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::{bent, Shape, Tables};
use joust_core::{KindId, Position, Square};

/// Appends every move of the side to move, which has no royal piece, past the setup phase.
pub(super) fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let always = |_: Square, _: Square| true;
    let always_shot = |_: Square| true;

    let mut compiled = t.masks[us.index()].compiled & pos.kinds_present(us);
    while compiled != 0 {
        let kind = KindId(compiled.trailing_zeros() as u8);
        compiled &= compiled - 1;
        let kt = &t.kinds[kind.index()];
        let program = kt.program.as_ref().expect("compiled kinds have a program");
        for from in pos.pieces_of(us, kind).squares() {
            let sets = program.sets(&t.board, us, from, occ, ours);
            let targets = sets.moves | sets.captures;
            if kt.pawn && (targets & t.promotion_zone[us.index()]).any() {
                push_checked(t, pos, true, from, targets, &always, list);
            } else {
                list.push_normals(from, targets);
            }
            for to in sets.shots.squares() {
                list.push(Move::with_flag(from, to, MoveFlag::Shot, 0));
            }
        }
    }

    if t.masks[us.index()].general & pos.kinds_present(us) != 0 {
        general::moves(t, pos, &always, &always_shot, list);
    }

    let mut kinds = (t.masks[us.index()].leaps_and_rides | t.masks[us.index()].bent_lion_lance)
        & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        let lance = kt.shape.lance();
        if lance != 0 {
            lancer_moves(t, pos, kind, lance, &always, list);
            continue;
        }
        for from in pos.pieces_of(us, kind).squares() {
            let mut targets = t.leaps_and_rides(us, kind, from, occ);
            if let Shape::BentLionLance { bent, .. } = kt.shape {
                if bent != 0 {
                    targets |= bent::attacks(&t.board, bent, from, occ);
                }
            }
            list.push_normals(from, targets & !ours & t.board.all);
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        if t.kinds[pawn.index()].shape == Shape::Pawn {
            pawn_moves(t, pos, pawn, &always, list);
        }
    }

    castling(t, pos, |_| true, list);
}
