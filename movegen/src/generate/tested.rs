//! The tested legal-move generator: every piece shape the engine knows, including bent
//! riders, the Royal Lion's double moves and pass, Lancers, compiled (Cromwell) pieces,
//! general pieces read atom by atom ([`super::general`]), and pawns with any double-step
//! and promotion rule.
//!
//! Moves are generated pseudo-legally; a move is kept without further work when it
//! cannot expose the royal (not in check, and the mover stands on no line or bent path
//! between the royal and an enemy rider); otherwise its effect on the occupancy is played
//! out and the royal's square tested. A move onto a line between the royal and an enemy
//! hopper (which may become its screen) is tested too. Against general enemy pieces
//! (whose attacks may change wherever a piece comes or goes) every move is tested.

use super::castling::castling;
use super::first_leaps;
use super::general;
use super::immunity::Immunity;
use super::limits::Bounds;
use super::pawn_moves::{pawn_moves, push_promotions};
use crate::moves::{Move, MoveCount, MoveFlag, MoveList, MoveSink};
use crate::sliders::Board;
use crate::tables::{bent, Sets, Shape, Tables};
use joust_core::{KindId, Position, Square};

/// Appends every legal move of the side to move to `list`, past the setup phase.
#[inline(always)]
pub(super) fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    let bounds = Bounds::new(t, pos);
    generate_within(t, pos, &bounds, list);
    bounds.finish(t, pos, list);
}

/// How many moves [`generate`] appends: counted without writing them, unless the royals
/// already face each other (where moves are dropped once generated).
#[inline(always)]
pub(super) fn count<B: Board>(t: &Tables<B>, pos: &Position<B>) -> u64 {
    let bounds = Bounds::new(t, pos);
    if bounds.facing() {
        let mut list = MoveList::new();
        generate_within(t, pos, &bounds, &mut list);
        bounds.finish(t, pos, &mut list);
        return list.len() as u64;
    }
    let mut count = MoveCount::default();
    generate_within(t, pos, &bounds, &mut count);
    count.0
}

/// [`generate`] within the game's `bounds` in `pos`, before [`Bounds::finish`].
#[inline(always)]
fn generate_within<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    bounds: &Bounds<'_, B>,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let them = !us;
    let Some(ksq) = pos.royal_square(us) else {
        return;
    };
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    // When every enemy piece is compiled, the blockers found with the checkers are all the
    // squares whose emptying could open an attack on the royal: a shot elsewhere needs no
    // exact test.
    let blockers_known = (pos.kinds_present(them) & !t.masks[them.index()].compiled) == 0;
    let (checkers, known_blockers) = if blockers_known {
        let (checkers, blockers) = t.compiled_checks(pos, ksq, them);
        (checkers, Some(blockers))
    } else {
        (t.attackers(pos, ksq, occ, them), None)
    };
    let in_check = checkers.any();

    // Our pieces whose leaving could open a line or bent path onto the royal.
    let riders =
        (t.masks[them.index()].orth | t.masks[them.index()].diag) & pos.kinds_present(them);
    let mut danger = if riders != 0 {
        t.pins(pos, ksq, them).pinned & ours
    } else {
        B::EMPTY
    };
    let mut bent = t.masks[them.index()].bent & pos.kinds_present(them);
    while bent != 0 {
        let k = KindId(bent.trailing_zeros() as u8);
        bent &= bent - 1;
        let shape = t.kinds[k.index()].shape.bent();
        for from in pos.pieces_of(them, k).squares() {
            danger |= t.bent_paths.path(shape, from, ksq) & ours;
        }
    }
    let mut lance = t.masks[them.index()].lance & pos.kinds_present(them);
    while lance != 0 {
        let k = KindId(lance.trailing_zeros() as u8);
        lance &= lance - 1;
        let mut dirs = t.kinds[k.index()].shape.lance();
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            for from in pos.pieces_of(them, k).squares() {
                if t.board.ray[from.index()][d].has(ksq) {
                    let between = t.board.ray[from.index()][d] & !t.board.ray[ksq.index()][d];
                    danger |= between & ours;
                }
            }
        }
    }
    let compiled_blockers = known_blockers.unwrap_or_else(|| {
        let mut blockers = B::EMPTY;
        let mut compiled = t.masks[them.index()].compiled & pos.kinds_present(them);
        while compiled != 0 {
            let k = KindId(compiled.trailing_zeros() as u8);
            compiled &= compiled - 1;
            let program = t.kinds[k.index()]
                .program
                .as_ref()
                .expect("compiled kinds have a program");
            if !program.blockable {
                continue;
            }
            let near = program.reverse_reach[them.index()][ksq.index()] & pos.pieces_of(them, k);
            for from in near.squares() {
                blockers |= program.blockers(&t.board, them, from, ksq);
            }
        }
        blockers
    });
    danger |= compiled_blockers & ours;
    // Squares where an arriving piece could become an enemy hopper's screen.
    let mut screens = B::EMPTY;
    let mut hoppers = t.compiled_attacks[them.index()].hoppers & pos.kinds_present(them);
    while hoppers != 0 {
        let k = KindId(hoppers.trailing_zeros() as u8);
        hoppers &= hoppers - 1;
        let program = t.kinds[k.index()]
            .program
            .as_ref()
            .expect("compiled kinds have a program");
        let near = program.reverse_reach[them.index()][ksq.index()] & pos.pieces_of(them, k);
        for from in near.squares() {
            screens |= program.screens(&t.board, them, from, ksq);
        }
    }
    if t.masks[them.index()].general & pos.kinds_present(them) != 0 {
        // What a general piece attacks is known only by reading its atoms: test every move.
        danger = !B::EMPTY;
    }
    let immunity = Immunity::new(t, pos);
    // True if the non-royal move from `from` to `to` leaves the royal unattacked (and,
    // in Cromwell, Rupert and Pym apart).
    let safe = |from: Square, to: Square| {
        let to_bit = B::from_square(to);
        let after = (occ ^ B::from_square(from)) | to_bit;
        if !immunity.allows(t, pos, Some((from, to)), after, to_bit) {
            return false;
        }
        (!in_check && !danger.has(from) && !screens.has(to))
            || t.move_leaves_royal_safe(pos, ksq, from, to)
    };
    // True if shooting the piece on `target` leaves the royal unattacked: the shooter
    // stays, the target vanishes (which may open a line, docs/rules/cromwell.md,
    // "Capturing and shooting").
    let safe_shot = |target: Square| {
        let gone = B::from_square(target);
        let after = occ ^ gone;
        immunity.allows(t, pos, None, after, gone)
            && ((blockers_known && !in_check && !compiled_blockers.has(target))
                || t.attackers_after(pos, ksq, after, them, gone).is_empty())
    };

    if in_check && t.variant.check_freezes_royal {
        // Makpong: the royal may only capture the one piece giving check.
        let mut royal = MoveList::new();
        royal_moves(t, pos, ksq, in_check, &immunity, bounds, &mut royal);
        for &mv in royal.iter() {
            if checkers == B::from_square(mv.to) {
                list.push(mv);
            }
        }
    } else {
        royal_moves(t, pos, ksq, in_check, &immunity, bounds, list);
    }

    // Pieces whose moves each need the exact test (unless Rupert's or Pym's forbidden
    // squares settle them at once).
    let noisy = if in_check {
        !B::EMPTY
    } else {
        danger | immunity.sensitive
    };
    let mut compiled = t.masks[us.index()].compiled & pos.kinds_present(us);
    while compiled != 0 {
        let kind = KindId(compiled.trailing_zeros() as u8);
        compiled &= compiled - 1;
        let kt = &t.kinds[kind.index()];
        if kt.royal {
            continue;
        }
        let program = kt.program.as_ref().expect("compiled kinds have a program");
        for from in pos.pieces_of(us, kind).squares() {
            let sets = program.sets(&t.board, us, from, occ, ours);
            let mut targets = (sets.moves | sets.captures) & bounds.targets(kind, from);
            let mut exact = noisy.has(from);
            if exact && immunity.sensitive.has(from) && targets.any() {
                // Rupert or Pym moving: the squares where they would face each other are
                // known at once.
                if let Some(bad) = immunity.forbidden_from(t, pos, from) {
                    targets &= !bad;
                    exact = in_check || danger.has(from);
                }
            }
            let promotes = kt.pawn && (targets & t.promotion_zone[us.index()]).any();
            if !promotes && !exact && (targets & screens).is_empty() {
                // Nothing this piece does by moving can expose the royal or bring Rupert
                // and Pym face to face.
                list.push_normals(from, targets);
            } else {
                push_checked(t, pos, kt.pawn, from, targets, &safe, list);
            }
            for to in sets.shots.squares() {
                if bounds.may_vanish(to) && safe_shot(to) {
                    list.push(Move::with_flag(from, to, MoveFlag::Shot, 0));
                }
            }
        }
    }

    if t.masks[us.index()].general & pos.kinds_present(us) != 0 {
        general::moves(t, pos, bounds, &safe, &safe_shot, list);
    }

    let mut kinds = (t.masks[us.index()].leaps_and_rides | t.masks[us.index()].bent_lion_lance)
        & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        let lance = kt.shape.lance();
        if lance != 0 {
            lancer_moves(t, pos, kind, lance, bounds, &safe, list);
            continue;
        }
        for from in pos.pieces_of(us, kind).squares() {
            let mut targets = t.leaps_and_rides(us, kind, from, occ);
            if let Shape::BentLionLance { bent, .. } = kt.shape {
                if bent != 0 {
                    targets |= bent::attacks(&t.board, bent, from, occ);
                }
            }
            let targets = targets & !ours & t.board.all & bounds.targets(kind, from);
            if !noisy.has(from) && (targets & screens).is_empty() {
                // As for compiled pieces: this move cannot expose the royal.
                list.push_normals(from, targets);
                continue;
            }
            for to in targets.squares() {
                if safe(from, to) {
                    list.push(Move::normal(from, to));
                }
            }
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        if t.kinds[pawn.index()].shape == Shape::Pawn {
            pawn_moves(t, pos, pawn, bounds, &safe, list);
        }
    }

    if t.first_leaps {
        first_leaps::moves(t, pos, ksq, in_check, bounds, &safe, list);
    }

    if !in_check {
        if bounds.flying() {
            let mut castles = MoveList::new();
            castling(
                t,
                pos,
                |rule| immunity.allows_castling(t, pos, rule),
                &mut castles,
            );
            for &m in castles.iter() {
                if bounds.allows_exactly(t, pos, m) {
                    list.push(m);
                }
            }
        } else {
            castling(t, pos, |rule| immunity.allows_castling(t, pos, rule), list);
        }
    }
}

/// Pushes the moves of a compiled piece from `from` to `targets` that `safe` allows,
/// with promotions for a pawn reaching its last rank.
pub(super) fn push_checked<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    pawn: bool,
    from: Square,
    targets: B,
    safe: &impl Fn(Square, Square) -> bool,
    list: &mut S,
) {
    let us = pos.side_to_move();
    for to in targets.squares() {
        if !safe(from, to) {
            continue;
        }
        if pawn && t.promotion_zone[us.index()].has(to) {
            push_promotions(t, pos, from, to, MoveFlag::Normal, list);
        } else {
            list.push(Move::normal(from, to));
        }
    }
}

/// Lancer moves (docs/rules/lancers.md, "The Lancer"): along each facing to every empty
/// square, jumping its own pieces, up to and including the first enemy; then any of the 8
/// facings.
pub(super) fn lancer_moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    kind: KindId,
    dirs: u8,
    bounds: &Bounds<'_, B>,
    safe: &impl Fn(Square, Square) -> bool,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let turns = &t.lancer_kinds[us.index()];
    for from in pos.pieces_of(us, kind).squares() {
        let allowed = !ours & bounds.targets(kind, from);
        let mut d = dirs;
        while d != 0 {
            let dir = d.trailing_zeros() as usize;
            d &= d - 1;
            for to in (t.board.lance_reach(from, dir, theirs) & allowed).squares() {
                if safe(from, to) {
                    for facing in turns.iter().flatten() {
                        list.push(Move::promotion(from, to, *facing));
                    }
                }
            }
        }
    }
}

/// Moves of the royal piece: single moves to unattacked squares, and for the Lion its
/// capturing double steps and pass, each step checked for safety
/// (docs/rules/royal-lion.md, "The Royal Lion").
fn royal_moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    s: Square,
    in_check: bool,
    immunity: &Immunity<B>,
    bounds: &Bounds<'_, B>,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(them);
    let royal = t.royal[us.index()].expect("a royal piece is on the board");
    let s_bit = B::from_square(s);
    let attacked_without =
        |sq: Square, occupancy: B, gone: B| (t.attackers(pos, sq, occupancy, them) & !gone).any();
    let kt = &t.kinds[royal.index()];
    let shape = &kt.shape;
    let allowed = bounds.royal_targets(royal, s);
    if let Some(program) = &kt.program {
        let sets = program.sets(&t.board, us, s, occ, ours);
        royal_sets(t, pos, s, sets, immunity, bounds, list);
        return;
    }
    if kt.general.is_some() {
        general_royal_moves(t, pos, s, immunity, bounds, list);
        return;
    }
    let mut targets = t.leaps_and_rides(us, royal, s, occ);
    if shape.bent() != 0 {
        targets |= bent::attacks(&t.board, shape.bent(), s, occ);
    }
    for to in (targets & !ours & t.board.all & allowed).squares() {
        let to_bit = B::from_square(to);
        let after = (occ ^ s_bit) | to_bit;
        if !attacked_without(to, after, to_bit)
            && immunity.allows(t, pos, Some((s, to)), after, to_bit)
        {
            list.push(Move::normal(s, to));
        }
    }
    let Shape::BentLionLance { lion: true, .. } = *shape else {
        return;
    };
    let king = &t.board.king;
    // Capturing double steps: s -> m (enemy, captured) -> t.
    for m in (king[s.index()] & theirs).squares() {
        let m_bit = B::from_square(m);
        // First step safe: the Lion stands on m, s is empty, the piece on m is gone.
        if attacked_without(m, occ ^ s_bit, m_bit) {
            continue;
        }
        let seconds = king[m.index()] & ((!occ & t.board.all) | theirs | s_bit) & !m_bit & allowed;
        for to in seconds.squares() {
            let to_bit = B::from_square(to);
            let (after, gone) = if to == s {
                (occ ^ m_bit, m_bit)
            } else {
                ((occ ^ s_bit ^ m_bit) | to_bit, m_bit | to_bit)
            };
            let mv = Move::with_flag(s, to, MoveFlag::LionDouble, m.0);
            if !attacked_without(to, after, gone)
                && immunity.allows(t, pos, Some((s, to)), after, gone)
                && bounds.allows_exactly(t, pos, mv)
            {
                list.push(mv);
            }
        }
    }
    // The pass: not in check, and some empty neighbour is safe to step to and back from.
    if !in_check && allowed.has(s) {
        let can_pass = (king[s.index()] & !occ & t.board.all).squares().any(|m| {
            let m_bit = B::from_square(m);
            !attacked_without(m, (occ ^ s_bit) | m_bit, B::EMPTY)
        });
        if can_pass {
            list.push(Move::with_flag(s, s, MoveFlag::Pass, 0));
        }
    }
}

/// The moves and shots of `sets` for the royal piece on `s` (compiled or general) that
/// leave it unattacked and the immune pair apart.
#[inline(always)]
fn royal_sets<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    s: Square,
    sets: Sets<B>,
    immunity: &Immunity<B>,
    bounds: &Bounds<'_, B>,
    list: &mut S,
) {
    let us = pos.side_to_move();
    let them = !us;
    let royal = t.royal[us.index()].expect("a royal piece is on the board");
    let occ = pos.occupied();
    let s_bit = B::from_square(s);
    let attacked_without =
        |sq: Square, occupancy: B, gone: B| (t.attackers(pos, sq, occupancy, them) & !gone).any();
    for to in ((sets.moves | sets.captures) & bounds.royal_targets(royal, s)).squares() {
        let to_bit = B::from_square(to);
        let after = (occ ^ s_bit) | to_bit;
        if immunity.allows(t, pos, Some((s, to)), after, to_bit)
            && !attacked_without(to, after, to_bit)
        {
            list.push(Move::normal(s, to));
        }
    }
    for target in sets.shots.squares() {
        let gone = B::from_square(target);
        if bounds.may_vanish(target)
            && immunity.allows(t, pos, None, occ ^ gone, gone)
            && !attacked_without(s, occ ^ gone, gone)
        {
            list.push(Move::with_flag(s, target, MoveFlag::Shot, 0));
        }
    }
}

/// The moves of a general royal piece on `s`, read from its atoms.
#[inline(never)]
fn general_royal_moves<B: Board, S: MoveSink>(
    t: &Tables<B>,
    pos: &Position<B>,
    s: Square,
    immunity: &Immunity<B>,
    bounds: &Bounds<'_, B>,
    list: &mut S,
) {
    let royal = t.royal[pos.side_to_move().index()].expect("a royal piece is on the board");
    let (sets, _) = general::sets_of(t, pos, royal, s);
    royal_sets(t, pos, s, sets, immunity, bounds, list);
}
