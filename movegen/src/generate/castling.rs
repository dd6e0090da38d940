//! Castling (docs/rules/chess.md, "Special moves"; docs/rules/lancerchess.md, "Castling:
//! Protecting the Queen"), the same for both generators: every rule of the game whose
//! right the side still has, whose squares are empty and whose royal path is safe, and
//! that the game's other rules allow (the tested generator's mutual immunity).

use crate::moves::{Move, MoveFlag, MoveSink};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::variant::CastlingRule;
use joust_core::Position;

/// Appends the castling moves of the side to move, which is not in check, that `allows`
/// also allows.
pub(super) fn castling<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    allows: impl Fn(&CastlingRule) -> bool,
    list: &mut S,
) {
    each_castling(t, pos, allows, |mv| list.push(mv));
}

/// Hands each castling move [`castling`] appends to `found`, in the same order.
#[inline(always)]
pub(super) fn each_castling<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    allows: impl Fn(&CastlingRule) -> bool,
    mut found: impl FnMut(Move),
) {
    let us = pos.side_to_move();
    let rights = pos.castling();
    if rights.0 == 0 {
        return;
    }
    let occ = pos.occupied();
    let chess960 = t.variant.chess960.is_some();
    for (i, rule) in pos.castling_rules().iter().enumerate() {
        if rule.color != us || !rights.has(i) {
            continue;
        }
        let royal_ok = pos
            .piece_at(rule.royal_from)
            .is_some_and(|p| p.color == us && t.royal[us.index()].is_none_or(|r| p.kind == r));
        let rook_ok = pos
            .piece_at(rule.rook_from)
            .is_some_and(|p| p.color == us && !t.kinds[p.kind.index()].royal);
        if !royal_ok || !rook_ok {
            continue;
        }
        let movers = B::from_square(rule.royal_from) | B::from_square(rule.rook_from);
        // A Chess960 position's rules are its own, so their squares are made here; and
        // the king's squares are judged with the rook gone, so that an enemy behind the
        // rook on the castling rank (a rook on a1, own rook b1, king c1) forbids it, as
        // in Fairy-Stockfish.
        let (empty, seen) = if chess960 {
            let empty = rule
                .empty
                .iter()
                .fold(B::EMPTY, |b, &s| b | B::from_square(s));
            (empty, occ & !B::from_square(rule.rook_from))
        } else {
            (t.castle_empty[i], occ)
        };
        if (empty & occ & !movers).any() {
            continue;
        }
        if rule.safe.iter().any(|&s| t.is_attacked(pos, s, seen, !us)) || !allows(rule) {
            continue;
        }
        found(Move::with_flag(
            rule.royal_from,
            rule.royal_to,
            MoveFlag::Castle,
            i as u8,
        ));
    }
}
