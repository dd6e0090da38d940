//! The general generator, inside the tested generator: the moves of kinds no table
//! compiles ([`Shape::General`](crate::tables::Shape::General)), each piece's atoms read
//! with `Atom::reach` ([`General::sets`](crate::tables::General::sets)), then tested like
//! every other move. Its pawns promote, make their `Mode::INITIAL` moves from the initial
//! region ([`Tables::initial_region`]; a straight two-square step carries the double-step
//! flag when the game has en passant) and capture en passant with their leap captures.

use super::limits::Bounds;
use super::pawn_moves::push_promotions;
use crate::moves::{Move, MoveFlag, MoveSink};
use crate::sliders::Board;
use crate::tables::{Sets, Tables};
use joust_core::variant::DoubleStep;
use joust_core::{Color, KindId, Position, Square};

/// What the piece of `kind` of the side to move on `from` may do (pseudo-legally), and the
/// empty squares it reaches only by its `Mode::INITIAL` atoms.
pub(super) fn sets_of<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    kind: KindId,
    from: Square,
) -> (Sets<B>, B) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let kt = &t.kinds[kind.index()];
    let general = kt.general.as_ref().expect("general kinds have their atoms");
    let mut sets = general.sets(us, from, occ, ours, false);
    if !general.has_initial() || !t.initial_region(us).has(from) {
        return (sets, B::EMPTY);
    }
    let initial = general.initial_sets(us, from, occ, ours);
    let mut initial_moves = initial.moves;
    if kt.pawn && t.variant.pawns.double_step == DoubleStep::AnyRankUnlessPawnAttacked {
        // A pawn's initial move may not pass a square an enemy pawn attacks (Royal Lion
        // Chess, docs/rules/royal-lion.md, "Pawns").
        if let Some(their_pawn) = t.pawn[(!us).index()] {
            let their_pawns = pos.pieces_of(!us, their_pawn);
            let reverse = &t.kinds[their_pawn.index()].reverse_leap[(!us).index()];
            for to in initial.moves.squares() {
                let passed = t.between(from, to);
                if passed
                    .squares()
                    .any(|p| (reverse[p.index()] & their_pawns).any())
                {
                    initial_moves &= !B::from_square(to);
                }
            }
        }
    }
    sets.moves |= initial_moves;
    sets.captures |= initial.captures;
    sets.shots |= initial.shots;
    (sets, initial_moves)
}

/// Appends the moves of the side to move's non-royal general pieces that the game's
/// `bounds` and `safe` allow (a move from and to) and the shots that `safe_shot` allows
/// (at a target).
#[inline(never)]
pub(super) fn moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    bounds: &Bounds<'_, B>,
    safe: &dyn Fn(Square, Square) -> bool,
    safe_shot: &dyn Fn(Square) -> bool,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let mut kinds = t.masks[us.index()].general & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        if kt.royal {
            continue;
        }
        for from in pos.pieces_of(us, kind).squares() {
            let (sets, initial_moves) = sets_of(t, pos, kind, from);
            let double_step = double_step_square(t, us, from)
                .filter(|&two| kt.pawn && t.variant.pawns.en_passant && initial_moves.has(two));
            let allowed = bounds.targets(kind, from);
            for to in ((sets.moves | sets.captures) & allowed).squares() {
                if !safe(from, to) {
                    continue;
                }
                if kt.pawn && t.promotion_zone[us.index()].has(to) {
                    let flag = if double_step == Some(to) {
                        MoveFlag::DoubleStep
                    } else {
                        MoveFlag::Normal
                    };
                    push_promotions(t, pos, from, to, flag, list);
                } else if double_step == Some(to) {
                    list.push(Move::with_flag(from, to, MoveFlag::DoubleStep, 0));
                } else {
                    list.push(Move::normal(from, to));
                }
            }
            for to in sets.shots.squares() {
                if bounds.may_vanish(to) && safe_shot(to) {
                    list.push(Move::with_flag(from, to, MoveFlag::Shot, 0));
                }
            }
            if kt.pawn {
                en_passant(t, pos, kind, from, bounds, list);
            }
        }
    }
}

/// The square two steps straight ahead of `from` for `color`, if on the board.
fn double_step_square<B: Board>(t: &Tables<B>, color: Color, from: Square) -> Option<Square> {
    let forward = match color {
        Color::White => 0,
        Color::Black => 4,
    };
    let one = t.board.step[from.index()][forward]?;
    t.board.step[one.index()][forward]
}

/// The en-passant capture of the general pawn of `kind` on `from`, if its leap captures
/// reach the en-passant square and the capture leaves the royal unattacked.
fn en_passant<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    kind: KindId,
    from: Square,
    bounds: &Bounds<'_, B>,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let Some(ep) = pos.en_passant() else {
        return;
    };
    if !(t.kinds[kind.index()].leap[us.index()][from.index()] & bounds.targets(kind, from)).has(ep)
    {
        return;
    }
    let backward = match us {
        Color::White => 4,
        Color::Black => 0,
    };
    let Some(capsq) = t.board.step[ep.index()][backward] else {
        return;
    };
    let occ = pos.occupied();
    let after = (occ ^ B::from_square(from) ^ B::from_square(capsq)) | B::from_square(ep);
    // Without a royal piece nothing can be exposed.
    let exposes = pos.royal_square(us).is_some_and(|ksq| {
        t.attackers_after(pos, ksq, after, !us, B::from_square(capsq))
            .any()
    });
    let mv = Move::with_flag(from, ep, MoveFlag::EnPassant, 0);
    if !exposes && bounds.allows_exactly(t, pos, mv) {
        list.push(mv);
    }
}
