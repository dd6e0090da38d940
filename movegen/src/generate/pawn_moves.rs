//! Pawn moves for the tested generators ([`super::tested`], [`super::royalless`] and
//! [`super::general`]): steps, double steps (under every [`DoubleStep`] rule), captures,
//! en passant, and promotion to the kinds the game allows on the square reached (by
//! zone, by square, to a selected or lost kind, within piece limits).

use super::limits::Bounds;
use crate::moves::{Move, MoveFlag, MoveSink};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::variant::DoubleStep;
use joust_core::{Color, KindId, Position, Square};

/// The kinds a pawn of the side to move may promote to on `to` (none: it may not go there).
pub(super) fn promotion_kinds<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    to: Square,
) -> Vec<KindId> {
    let us = pos.side_to_move();
    let mut kinds = t.promotions[us.index()][to.index()].clone();
    if t.promote_to_selected[us.index()] {
        kinds.extend(pos.gating().selected());
    }
    if t.lost_only[us.index()] {
        let start = &t.start_counts[us.index()];
        kinds.retain(|k| (pos.pieces_of(us, *k).count() as u8) < start[k.index()]);
    }
    if t.has_limits[us.index()] {
        let limits = &t.limits[us.index()];
        kinds.retain(|k| {
            let limit = limits[k.index()];
            limit == 0 || (pos.pieces_of(us, *k).count() as u8) < limit
        });
    }
    kinds
}

/// A pawn's move from `from` into the promotion zone at `to`: one move per kind it may
/// become, and the move as `flag` as well where it may stay a pawn.
pub(super) fn push_promotions<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    from: Square,
    to: Square,
    flag: MoveFlag,
    list: &mut S,
) {
    for k in promotion_kinds(t, pos, to) {
        list.push(Move::promotion(from, to, k));
    }
    if t.stay_in_zone[pos.side_to_move().index()].has(to) {
        list.push(Move::with_flag(from, to, flag, 0));
    }
}

/// Every move of the side to move's pawns of kind `pawn` within `bounds`, each kept if
/// `safe(from, to)` (en passant is tested here on the occupancy it leaves).
pub(super) fn pawn_moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    pawn: KindId,
    bounds: &Bounds<'_, B>,
    safe: &impl Fn(Square, Square) -> bool,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let theirs = pos.pieces(them);
    let forward = match us {
        Color::White => 0,
        Color::Black => 4,
    };
    let zone = t.promotion_zone[us.index()];
    let their_pawns = t.pawn[them.index()].map(|k| (k, pos.pieces_of(them, k)));
    let push = |from: Square, to: Square, flag: MoveFlag, list: &mut S| {
        if !bounds.targets(pawn, from).has(to) || !safe(from, to) {
            return;
        }
        if zone.has(to) {
            push_promotions(t, pos, from, to, flag, list);
        } else {
            list.push(Move::with_flag(from, to, flag, 0));
        }
    };
    for from in pos.pieces_of(us, pawn).squares() {
        if let Some(one) = t.board.step[from.index()][forward] {
            if !occ.has(one) {
                push(from, one, MoveFlag::Normal, list);
                let allowed = match t.variant.pawns.double_step {
                    DoubleStep::Never => false,
                    DoubleStep::FromRank(_) | DoubleStep::FromRankAndFirst(_) => {
                        t.double_step_from[us.index()].has(from)
                    }
                    DoubleStep::AnyRankUnlessPawnAttacked => their_pawns.is_none_or(|(k, b)| {
                        (t.kinds[k.index()].reverse_leap[them.index()][one.index()] & b).is_empty()
                    }),
                };
                if allowed {
                    if let Some(two) = t.board.step[one.index()][forward] {
                        if !occ.has(two) {
                            let flag =
                                if t.variant.pawns.en_passant && opens_en_passant(t, us, from) {
                                    MoveFlag::DoubleStep
                                } else {
                                    MoveFlag::Normal
                                };
                            push(from, two, flag, list);
                        }
                    }
                }
            }
        }
        let captures = t.kinds[pawn.index()].leap[us.index()][from.index()] & theirs;
        for to in captures.squares() {
            push(from, to, MoveFlag::Normal, list);
        }
        if let Some(ep) = pos.en_passant() {
            if t.kinds[pawn.index()].leap[us.index()][from.index()].has(ep) {
                let capsq = t.board.step[ep.index()][(forward + 4) % 8].expect("on board");
                let after =
                    (occ ^ B::from_square(from) ^ B::from_square(capsq)) | B::from_square(ep);
                // Without a royal piece (Horde's White) nothing can be exposed.
                let exposes = pos.royal_square(us).is_some_and(|ksq| {
                    t.attackers_after(pos, ksq, after, them, B::from_square(capsq))
                        .any()
                });
                let mv = Move::with_flag(from, ep, MoveFlag::EnPassant, 0);
                if !exposes
                    && bounds.targets(pawn, from).has(ep)
                    && bounds.allows_exactly(t, pos, mv)
                {
                    list.push(mv);
                }
            }
        }
    }
}

/// True if a double step of `color`'s pawn from `from` may open en passant: not from the
/// first rank under [`DoubleStep::FromRankAndFirst`] (Horde).
#[inline(always)]
fn opens_en_passant<B: Board>(t: &Tables<B>, color: Color, from: Square) -> bool {
    let DoubleStep::FromRankAndFirst(_) = t.variant.pawns.double_step else {
        return true;
    };
    let first = match color {
        Color::White => 0,
        Color::Black => t.geometry.ranks() - 1,
    };
    t.geometry.rank(from).0 != first
}
