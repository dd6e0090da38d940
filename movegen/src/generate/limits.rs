//! The movement limits of a game that has them ([`MoveLimits`]; Xiangqi's palace, river
//! and flying general), applied to the moves its generator produced: a move of a confined
//! kind must end in its region, a soldier short of its rank may not step sideways, and
//! under the flying-general rule no move may leave the two royal pieces on one open file.
//!
//! A filter after generation keeps the generators unchanged, so games without limits pay
//! one test of an `Option` per position.

use crate::make::make;
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::{MoveLimits, Tables};
use joust_core::{Position, Square};

/// Drops the moves in `list` that the game's limits forbid.
pub(super) fn apply<B: Board>(
    t: &Tables<B>,
    limits: &MoveLimits<B>,
    pos: &Position<B>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let generals = if limits.flying_general {
        pos.royal_square(us).zip(pos.royal_square(!us))
    } else {
        None
    };
    let confined = limits.confined[us.index()];
    list.retain(|m| {
        if matches!(
            m.flag,
            MoveFlag::Castle | MoveFlag::Shot | MoveFlag::Select | MoveFlag::Place
        ) {
            // The piece on `from` stays, or the move places or selects: no piece of a
            // kind ends on `to` by its own move. Only the generals may still face.
            return generals.is_none_or(|g| !faces_after_exactly(t, pos, *m, g));
        }
        let Some(piece) = pos.piece_at(m.from) else {
            return true;
        };
        let kind = piece.kind;
        if confined >> kind.0 & 1 != 0 && !limits.region[us.index()][kind.index()].has(m.to) {
            return false;
        }
        if let Some((soldier, sideways_from)) = &limits.soldier {
            if kind.0 == *soldier
                && !sideways_from[us.index()].has(m.from)
                && t.geometry.rank(m.from) == t.geometry.rank(m.to)
            {
                return false;
            }
        }
        match generals {
            None => true,
            Some(g) if matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep) => {
                !faces_after(t, pos, *m, g)
            }
            Some(g) => !faces_after_exactly(t, pos, *m, g),
        }
    });
}

/// True if, after the plain move `m` (one piece from `from` to `to`, capturing what stands
/// there), the royal pieces (`ours`, `theirs` before the move) stand on one file with no
/// piece between them.
#[inline(always)]
fn faces_after<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    m: Move,
    (ours, theirs): (Square, Square),
) -> bool {
    if m.to == theirs {
        return false;
    }
    let king = if m.from == ours { m.to } else { ours };
    if t.geometry.file(king) != t.geometry.file(theirs) {
        return false;
    }
    let after = (pos.occupied() & !B::from_square(m.from)) | B::from_square(m.to);
    (t.between(king, theirs) & after).is_empty()
}

/// [`faces_after`] for any move, by playing it on a copy of the position.
#[inline(never)]
fn faces_after_exactly<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    m: Move,
    _: (Square, Square),
) -> bool {
    let mut after = pos.clone();
    make(t, &mut after, m);
    generals_face(t, &after)
}

/// True if the two royal pieces of `pos` stand on one file with no piece between them
/// (under the flying-general rule, a position no move may lead to).
pub(crate) fn generals_face<B: Board>(t: &Tables<B>, pos: &Position<B>) -> bool {
    let (Some(a), Some(b)) = (
        pos.royal_square(joust_core::Color::White),
        pos.royal_square(joust_core::Color::Black),
    ) else {
        return false;
    };
    t.geometry.file(a) == t.geometry.file(b) && (t.between(a, b) & pos.occupied()).is_empty()
}
