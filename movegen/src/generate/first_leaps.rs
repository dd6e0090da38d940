//! Ouk Chatrang's first moves ([`joust_core::FirstLeaps`]; docs/rules/cambodian.md), as
//! Fairy-Stockfish 11.1 generates them: from a square of the first rank whose right still
//! holds, the royal piece (not in check) leaps as a knight to an empty square of the next
//! rank, and the forward leaper leaps two squares straight forward, over anything, to an
//! empty square or an enemy piece.

use super::limits::Bounds;
use crate::moves::{Move, MoveSink};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::{Color, Position, Square};

/// Appends the legal first-move leaps of the side to move, whose royal piece stands on
/// `ksq`, within the game's `bounds`; `safe` says whether a non-royal move leaves the
/// royal unattacked.
#[cold]
#[inline(never)]
pub(super) fn moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    ksq: Square,
    in_check: bool,
    bounds: &Bounds<'_, B>,
    safe: &impl Fn(Square, Square) -> bool,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let rights = pos.first_move_rights(us);
    if rights == 0 {
        return;
    }
    let g = t.geometry;
    let first = match us {
        Color::White => 0,
        Color::Black => g.ranks() as i8 - 1,
    };
    let forward = us.forward();
    let holds = |sq: Square| g.rank(sq).0 as i8 == first && rights >> g.file(sq).0 & 1 != 0;
    let occ = pos.occupied();
    if let Some(royal) = t.royal[us.index()].filter(|_| !in_check && holds(ksq)) {
        let allowed = bounds.royal_targets(royal, ksq);
        for df in [-2, 2] {
            let Some(to) = g.offset(ksq, df, forward) else {
                continue;
            };
            if occ.has(to) || !allowed.has(to) {
                continue;
            }
            let after = (occ ^ B::from_square(ksq)) | B::from_square(to);
            if t.attackers(pos, to, after, !us).is_empty() {
                list.push(Move::normal(ksq, to));
            }
        }
    }
    if let Some(kind) = t.forward_leaper {
        let ours = pos.pieces(us);
        for from in pos.pieces_of(us, kind).squares() {
            if !holds(from) {
                continue;
            }
            let Some(to) = g.offset(from, 0, 2 * forward) else {
                continue;
            };
            if !ours.has(to) && bounds.targets(kind, from).has(to) && safe(from, to) {
                list.push(Move::normal(from, to));
            }
        }
    }
}
