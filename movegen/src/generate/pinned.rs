//! Legal move generation for games whose pieces are leapers, (limited) riders and FIDE
//! pawns ([`Shape::LeapsAndRides`](crate::tables::Shape::LeapsAndRides) and
//! [`Shape::Pawn`](crate::tables::Shape::Pawn)): checks and pins are worked out first, so
//! every move generated is legal without playing it out (but Ouk Chatrang's few
//! first-move leaps, each tested on the occupancy it leaves).

use super::castling::castling;
use super::first_leaps;
use super::limits::Bounds;
use crate::attacks::Pins;
use crate::moves::{Move, MoveFlag, MoveSink};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::{Color, KindId, Position, Square};

/// Appends every legal move of the side to move to `list`, past the setup phase.
#[inline(always)]
pub(super) fn generate<B: Board, S: MoveSink>(t: &Tables<B>, pos: &Position<B>, list: &mut S) {
    let us = pos.side_to_move();
    let them = !us;
    let Some(ksq) = pos.royal_square(us) else {
        return;
    };
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let checkers = t.attackers(pos, ksq, occ, them);
    let pins = t.pins(pos, ksq, them);
    let pinned = pins.pinned & ours;

    // Royal moves: the destination must not be attacked once the royal has left its square.
    let royal = t.royal[us.index()].expect("a royal piece is on the board");
    let occ_without_king = occ ^ B::from_square(ksq);
    let targets = t.leaps_and_rides(us, royal, ksq, occ) & !ours;
    for to in targets.squares() {
        if !t.is_attacked(pos, to, occ_without_king, them) {
            list.push(Move::normal(ksq, to));
        }
    }
    if checkers.more_than_one() {
        return;
    }

    // Non-royal moves must capture the checker or block its line.
    let target = if checkers.any() {
        let c = checkers.lowest();
        let checker = pos.piece_at(c).expect("checker on board");
        let by_leap = t.kinds[checker.kind.index()].leap[them.index()][c.index()].has(ksq);
        if by_leap {
            checkers
        } else {
            t.between(ksq, c) | checkers
        }
    } else {
        !ours & t.board.all
    };

    let mut kinds = t.masks[us.index()].leaps_and_rides & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        for from in pos.pieces_of(us, kind).squares() {
            let mut to_set = t.leaps_and_rides(us, kind, from, occ) & target;
            if pinned.has(from) {
                to_set &= pins.allowed(t, from);
            }
            list.push_normals(from, to_set);
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        let constraints = Constraints {
            ksq,
            pins,
            pinned,
            target,
        };
        pawn_moves(t, pos, &constraints, pos.pieces_of(us, pawn), list);
    }

    if checkers.is_empty() {
        castling(t, pos, |_| true, list);
    }

    if t.first_leaps {
        // Ouk Chatrang's first-move leaps: a few moves, while their rights hold, each
        // tested on the occupancy it leaves.
        let safe = |from: Square, to: Square| t.move_leaves_royal_safe(pos, ksq, from, to);
        let in_check = checkers.any();
        first_leaps::moves(t, pos, ksq, in_check, &Bounds::free(), &safe, list);
    }
}

/// What every non-royal move must respect: pins and, in check, the evasion squares.
#[derive(Copy, Clone)]
struct Constraints<B> {
    ksq: Square,
    pins: Pins<B>,
    pinned: B,
    target: B,
}

#[inline(always)]
fn push_pawn<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    from: Square,
    to: Square,
    flag: MoveFlag,
    list: &mut S,
) {
    let us = pos.side_to_move();
    if t.promotion_zone[us.index()].has(to) {
        for &k in &t.promotions[us.index()][to.index()] {
            list.push(Move::promotion(from, to, k));
        }
        if t.promote_to_selected[us.index()] {
            for k in pos.gating().selected() {
                list.push(Move::promotion(from, to, k));
            }
        }
    } else {
        list.push(Move::with_flag(from, to, flag, 0));
    }
}

fn pawn_moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    c: &Constraints<B>,
    pawns: B,
    list: &mut S,
) {
    let Constraints {
        ksq,
        pins,
        pinned,
        target,
    } = *c;
    let us = pos.side_to_move();
    let files = t.geometry.files() as u32;
    let occ = pos.occupied();
    let empty = !occ & t.board.all;
    let enemies = pos.pieces(!us);
    let up = |b: B, n: u32| -> B {
        match us {
            Color::White => (b << n) & t.board.all,
            Color::Black => b >> n,
        }
    };
    let legal_dir = |from: Square, to: Square| !pinned.has(from) || pins.allowed(t, from).has(to);
    let back = |to: Square, n: u32| -> Square {
        match us {
            Color::White => Square(to.0 - n as u8),
            Color::Black => Square(to.0 + n as u8),
        }
    };

    // Pushes.
    let single = up(pawns, files) & empty;
    for to in (single & target).squares() {
        let from = back(to, files);
        if legal_dir(from, to) {
            push_pawn(t, pos, from, to, MoveFlag::Normal, list);
        }
    }
    let double = up(single & up(t.double_step_from[us.index()], files), files) & empty & target;
    for to in double.squares() {
        let from = back(to, 2 * files);
        if legal_dir(from, to) {
            list.push(Move::with_flag(from, to, MoveFlag::DoubleStep, 0));
        }
    }

    // Captures towards lower and higher files (shift sizes depend on direction).
    let (west_shift, east_shift) = match us {
        Color::White => (files - 1, files + 1),
        Color::Black => (files + 1, files - 1),
    };
    let west = up(pawns & t.board.not_first_file, west_shift) & enemies & target;
    for to in west.squares() {
        let from = back(to, west_shift);
        if legal_dir(from, to) {
            push_pawn(t, pos, from, to, MoveFlag::Normal, list);
        }
    }
    let east = up(pawns & t.board.not_last_file, east_shift) & enemies & target;
    for to in east.squares() {
        let from = back(to, east_shift);
        if legal_dir(from, to) {
            push_pawn(t, pos, from, to, MoveFlag::Normal, list);
        }
    }

    // En passant: checked by playing it out on the occupancy, which covers every case
    // (the captured pawn was the checker, or both pawns leave a rank with the royal).
    if let Some(ep) = pos.en_passant() {
        let capsq = back(ep, files);
        let pawn_kind = t.pawn[us.index()].expect("our pawns exist");
        let them = !us;
        let attackers_of_ep =
            t.kinds[pawn_kind.index()].reverse_leap[us.index()][ep.index()] & pawns;
        for from in attackers_of_ep.squares() {
            let occ2 = (occ ^ B::from_square(from) ^ B::from_square(capsq)) | B::from_square(ep);
            let att = t.attackers(pos, ksq, occ2, them) & !B::from_square(capsq);
            if att.is_empty() {
                list.push(Move::with_flag(from, ep, MoveFlag::EnPassant, 0));
            }
        }
    }
}
