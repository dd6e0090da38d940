//! Legal move generation for a side without a royal piece (Antichess, Extinction chess,
//! Horde's White): nothing can be exposed to capture that matters, so every pseudo-legal
//! move is legal and none is tested. The pieces' moves come from the same helpers as the
//! tested generator's, with a test that always passes.

use super::castling::{castling, each_castling};
use super::general;
use super::limits::Bounds;
use super::pawn_moves::{pawn_moves, promotion_kinds};
use super::tested::{lancer_moves, push_checked};
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::{Board, Sliders};
use crate::tables::{bent, Shape, Tables};
use joust_core::atom::UNLIMITED;
use joust_core::variant::DoubleStep;
use joust_core::{Color, KindId, Position, Square};

/// Appends every move of the side to move, which has no royal piece, past the setup phase.
pub(super) fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let always = |_: Square, _: Square| true;
    let always_shot = |_: Square| true;
    // The game's regions and soldier rule (without a royal, no flying general).
    let bounds = Bounds::new(t, pos);

    let mut compiled = t.masks[us.index()].compiled & pos.kinds_present(us);
    while compiled != 0 {
        let kind = KindId(compiled.trailing_zeros() as u8);
        compiled &= compiled - 1;
        let kt = &t.kinds[kind.index()];
        let program = kt.program.as_ref().expect("compiled kinds have a program");
        for from in pos.pieces_of(us, kind).squares() {
            let sets = program.sets(&t.board, us, from, occ, ours);
            let targets = (sets.moves | sets.captures) & bounds.targets(kind, from);
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
        general::moves(t, pos, &bounds, &always, &always_shot, list);
    }

    let mut kinds = (t.masks[us.index()].leaps_and_rides | t.masks[us.index()].bent_lion_lance)
        & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        let lance = kt.shape.lance();
        if lance != 0 {
            lancer_moves(t, pos, kind, lance, &bounds, &always, list);
            continue;
        }
        for from in pos.pieces_of(us, kind).squares() {
            let mut targets = t.leaps_and_rides(us, kind, from, occ);
            if let Shape::BentLionLance { bent, .. } = kt.shape {
                if bent != 0 {
                    targets |= bent::attacks(&t.board, bent, from, occ);
                }
            }
            list.push_normals(
                from,
                targets & !ours & t.board.all & bounds.targets(kind, from),
            );
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        if t.kinds[pawn.index()].shape == Shape::Pawn {
            pawn_moves(t, pos, pawn, &bounds, &always, list);
        }
    }

    castling(t, pos, |_| true, list);
}

/// How many moves [`generate`] appends, counted without writing them (perft's last ply),
/// or `None` where the side has kinds this count leaves to [`generate`]: Lancers, general
/// kinds, and FIDE pawns whose double step depends on the enemy's pawns.
#[inline(always)]
pub(super) fn count<B: Board>(t: &Tables<B>, pos: &Position<B>) -> Option<u64> {
    let us = pos.side_to_move();
    let masks = &t.masks[us.index()];
    let present = pos.kinds_present(us);
    if present & (masks.general | masks.lance) != 0
        || t.variant.pawns.double_step == DoubleStep::AnyRankUnlessPawnAttacked
    {
        return None;
    }
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let empty = !occ & t.board.all;
    let zone = t.promotion_zone[us.index()];
    let mut n = 0u64;

    let mut compiled = masks.compiled & present;
    while compiled != 0 {
        let kind = KindId(compiled.trailing_zeros() as u8);
        compiled &= compiled - 1;
        let kt = &t.kinds[kind.index()];
        let program = kt.program.as_ref().expect("compiled kinds have a program");
        let pieces = pos.pieces_of(us, kind);
        let promotes = kt.pawn && zone.any();
        if let Some(shifted) = &program.shifted[us.index()] {
            for l in &shifted.leaps {
                let targets = l.targets(pieces) & l.allowed(empty, theirs);
                n += if promotes {
                    pawn_targets(t, pos, targets)
                } else {
                    u64::from(targets.count())
                };
            }
            for l in &shifted.shots {
                n += u64::from((l.targets(pieces) & theirs).count());
            }
            continue;
        }
        for from in pieces.squares() {
            let sets = program.sets(&t.board, us, from, occ, ours);
            let targets = sets.moves | sets.captures;
            n += if promotes {
                pawn_targets(t, pos, targets)
            } else {
                u64::from(targets.count())
            };
            n += u64::from(sets.shots.count());
        }
    }

    let allowed = !ours & t.board.all;
    let mut kinds = (masks.leaps_and_rides | masks.bent_lion_lance) & present;
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        let pieces = pos.pieces_of(us, kind);
        match kt.shape {
            // The FIDE pieces and their kin, read as `Tables::leaps_and_rides` reads them
            // with the kind's tables looked up once.
            Shape::LeapsAndRides { orth, diag } => {
                let leap = &kt.leap[us.index()];
                for from in pieces.squares() {
                    let mut targets = leap[from.index()];
                    if orth != 0 {
                        let mut a = t.board.sliders.orth(from, occ);
                        if orth != UNLIMITED {
                            a &= t.within(orth, from);
                        }
                        targets |= a;
                    }
                    if diag != 0 {
                        let mut a = t.board.sliders.diag(from, occ);
                        if diag != UNLIMITED {
                            a &= t.within(diag, from);
                        }
                        targets |= a;
                    }
                    n += u64::from((targets & allowed).count());
                }
            }
            _ => {
                for from in pieces.squares() {
                    let mut targets = t.leaps_and_rides(us, kind, from, occ);
                    if let Shape::BentLionLance { bent, .. } = kt.shape {
                        if bent != 0 {
                            targets |= bent::attacks(&t.board, bent, from, occ);
                        }
                    }
                    n += u64::from((targets & allowed).count());
                }
            }
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        if t.kinds[pawn.index()].shape == Shape::Pawn {
            n += fide_pawns(t, pos, pawn, empty, theirs);
        }
    }

    if pos.castling().0 != 0 {
        each_castling(t, pos, |_| true, |_| n += 1);
    }
    Some(n)
}

/// The moves of a pawn kind to `targets`, one per square outside the promotion zone and
/// one per promotion choice in it (as [`push_checked`] writes them).
#[inline(always)]
fn pawn_targets<B: Board>(t: &Tables<B>, pos: &Position<B>, targets: B) -> u64 {
    let zone = t.promotion_zone[pos.side_to_move().index()];
    let mut n = u64::from((targets & !zone).count());
    for to in (targets & zone).squares() {
        n += promotions_at(t, pos, to);
    }
    n
}

/// How many moves a pawn arriving on `to`, in the promotion zone, has: one per kind it may
/// promote to, and one more where it may stay a pawn (as `push_promotions` writes them).
fn promotions_at<B: Board>(t: &Tables<B>, pos: &Position<B>, to: Square) -> u64 {
    let c = pos.side_to_move().index();
    let kinds = if t.promote_to_selected[c] || t.lost_only[c] || t.has_limits[c] {
        promotion_kinds(t, pos, to).len()
    } else {
        t.promotions[c][to.index()].len()
    };
    kinds as u64 + u64::from(t.stay_in_zone[c].has(to))
}

/// How many moves the side's FIDE pawns have (as `pawn_moves` writes them, every move
/// legal): pushes, double steps from `double_step_from`, captures both ways and en
/// passant, all pawns at once.
#[inline(always)]
fn fide_pawns<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    pawn: KindId,
    empty: B,
    theirs: B,
) -> u64 {
    let us = pos.side_to_move();
    let pawns = pos.pieces_of(us, pawn);
    if pawns.is_empty() {
        return 0;
    }
    let files = t.geometry.files() as u32;
    let up = |b: B, n: u32| -> B {
        match us {
            Color::White => (b << n) & t.board.all,
            Color::Black => b >> n,
        }
    };
    let single = up(pawns, files) & empty;
    let double = up(single & up(t.double_step_from[us.index()], files), files) & empty;
    let (west_shift, east_shift) = match us {
        Color::White => (files - 1, files + 1),
        Color::Black => (files + 1, files - 1),
    };
    let west = up(pawns & t.board.not_first_file, west_shift) & theirs;
    let east = up(pawns & t.board.not_last_file, east_shift) & theirs;
    let mut n = pawn_targets(t, pos, single)
        + pawn_targets(t, pos, double)
        + pawn_targets(t, pos, west)
        + pawn_targets(t, pos, east);
    if let Some(ep) = pos.en_passant() {
        let from = t.kinds[pawn.index()].reverse_leap[us.index()][ep.index()] & pawns;
        n += u64::from(from.count());
    }
    n
}
