//! A slow legal-move generator read straight from the pieces' atoms, sharing no table,
//! pin or check logic with the engine: each atom is walked with `Atom::reach`, pawn,
//! en-passant, castling and setup rules are added as the rules book (docs/rules/) states
//! them, and each candidate is played and kept if no enemy atom then reaches the mover's
//! royal (and, in Cromwell, Rupert and Pym stay apart). Lancers' turns and the Lion's
//! double moves are not read here (those games are proven by refgen instead).
//!
//! `Mode::INITIAL` atoms apply from the game's double-step region: the double-step rank
//! counted from the owner's side, nowhere when there is no double step, everywhere in
//! Royal Lion Chess (where a pawn's initial move may not pass a square an enemy pawn
//! attacks).

// Each test crate uses a part of it.
#![allow(dead_code)]

use super::Rng;
use joust_core::atom::{Action, Atom, Mode, Occupant, Path};
use joust_core::variant::DoubleStep;
use joust_core::{Color, KindId, Piece, Position, Slot, Square, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Move, MoveFlag, TableCache};
use std::collections::BTreeSet;

/// What stands on each square, seen from `us`.
pub fn occupant<B: TableCache>(pos: &Position<B>, us: Color) -> impl Fn(Square) -> Occupant + '_ {
    move |sq| match pos.piece_at(sq) {
        None => Occupant::Empty,
        Some(p) if p.color == us => Occupant::Own,
        Some(_) => Occupant::Enemy,
    }
}

/// True if `from` is in `color`'s initial region, where `Mode::INITIAL` atoms apply.
pub fn in_initial_region(v: &Variant, color: Color, from: Square) -> bool {
    let rank = v.geometry.rank(from).0;
    match v.pawns.double_step {
        DoubleStep::FromRank(r) if color == Color::White => rank == r,
        DoubleStep::FromRank(r) => rank == v.geometry.ranks() - 1 - r,
        DoubleStep::FromRankAndFirst(r) if color == Color::White => rank == r || rank == 0,
        DoubleStep::FromRankAndFirst(r) => {
            rank == v.geometry.ranks() - 1 - r || rank == v.geometry.ranks() - 1
        }
        DoubleStep::Never => false,
        DoubleStep::AnyRankUnlessPawnAttacked => true,
    }
}

/// The atoms of the piece of `kind` and `color` on `from` that are in force there.
pub fn atoms_in_force(
    v: &'static Variant,
    kind: KindId,
    color: Color,
    from: Square,
) -> impl Iterator<Item = &'static Atom> {
    let initial = in_initial_region(v, color, from);
    v.kind(kind)
        .atoms
        .iter()
        .filter(move |a| initial || !a.mode.contains(Mode::INITIAL))
}

/// The squares the piece on `from` attacks, atom by atom (`Atom::attack_squares`).
pub fn attacks_slowly<B: TableCache>(pos: &Position<B>, from: Square) -> BTreeSet<Square> {
    let v = pos.variant();
    let p = pos.piece_at(from).expect("a piece");
    atoms_in_force(v, p.kind, p.color, from)
        .flat_map(|atom| atom.attack_squares(p.color, v.geometry, from, &occupant(pos, p.color)))
        .collect()
}

/// True if any piece of `by` could capture or shoot on `target` (were an enemy there), by
/// walking every atom (docs/rules/README.md, "Pieces and how they move").
pub fn attacked_slowly<B: TableCache>(pos: &Position<B>, target: Square, by: Color) -> bool {
    let v = pos.variant();
    let g = v.geometry;
    let occ = occupant(pos, by);
    let with_enemy_on_target = |sq: Square| {
        if sq == target {
            Occupant::Enemy
        } else {
            occ(sq)
        }
    };
    let by_atoms = g.squares().any(|sq| match pos.piece_at(sq) {
        Some(p) if p.color == by && sq != target => atoms_in_force(v, p.kind, by, sq).any(|atom| {
            atom.reach(by, g, sq, &with_enemy_on_target)
                .iter()
                .any(|&(to, action)| to == target && action != Action::Move)
        }),
        _ => false,
    });
    by_atoms || forward_leap_reaches(pos, target, by)
}

/// `color`'s first rank, as a rank index.
fn first_rank(v: &Variant, color: Color) -> i8 {
    match color {
        Color::White => 0,
        Color::Black => v.geometry.ranks() as i8 - 1,
    }
}

/// True if `color` still has the first-move right of the square `sq` (Ouk Chatrang,
/// docs/rules/cambodian.md).
fn has_leap_right<B: TableCache>(pos: &Position<B>, color: Color, sq: Square) -> bool {
    let v = pos.variant();
    let (file, rank) = v.geometry.coords(sq);
    rank == first_rank(v, color) && pos.first_move_rights(color) >> file & 1 != 0
}

/// True if a Neang of `by` with its first-move right leaps onto `target`: two squares
/// straight forward from its first rank, which attacks `target` (docs/rules/cambodian.md,
/// "The first moves").
fn forward_leap_reaches<B: TableCache>(pos: &Position<B>, target: Square, by: Color) -> bool {
    let v = pos.variant();
    let Some(kind) = v.first_leaps.and_then(|f| f.forward_leaper) else {
        return false;
    };
    let (file, rank) = v.geometry.coords(target);
    let Some(from) = v.geometry.square(file, rank - 2 * by.forward()) else {
        return false;
    };
    pos.piece_at(from) == Some(Piece::new(by, kind)) && has_leap_right(pos, by, from)
}

/// Ouk Chatrang's first moves as the rules book states them (docs/rules/cambodian.md,
/// "The first moves"), before the test that the royal is safe after them.
fn first_leaps_slowly<B: TableCache>(pos: &Position<B>) -> Vec<Move> {
    let v = pos.variant();
    let Some(leaps) = v.first_leaps else {
        return Vec::new();
    };
    let g = v.geometry;
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for from in g.squares() {
        let Some(p) = pos.piece_at(from).filter(|p| p.color == us) else {
            continue;
        };
        if !has_leap_right(pos, us, from) {
            continue;
        }
        if v.kind(p.kind).royal && !attacked_slowly(pos, from, !us) {
            for df in [-2, 2] {
                if let Some(to) = g.offset(from, df, us.forward()) {
                    if pos.piece_at(to).is_none() {
                        out.push(Move::normal(from, to));
                    }
                }
            }
        }
        if leaps.forward_leaper == Some(p.kind) {
            if let Some(to) = g.offset(from, 0, 2 * us.forward()) {
                if pos.piece_at(to).is_none_or(|q| q.color != us) {
                    out.push(Move::normal(from, to));
                }
            }
        }
    }
    out
}

/// Musketeer setup moves, straight from the rules book (docs/rules/musketeer.md, "The
/// setup").
fn setup_moves<B: TableCache>(pos: &Position<B>) -> Option<Vec<Move>> {
    let v = pos.variant();
    if v.gating_types.is_empty() {
        return None;
    }
    let gating = pos.gating();
    let us = pos.side_to_move();
    if gating.types[0].is_none() || gating.types[1].is_none() {
        // White picks any type; Black any type, White's own meaning rejection.
        return Some(v.gating_types.iter().map(|&k| Move::select(k)).collect());
    }
    let order = [
        (Color::White, 0),
        (Color::Black, 0),
        (Color::White, 1),
        (Color::Black, 1),
    ];
    let &(color, slot) = order
        .iter()
        .find(|&&(c, i)| gating.slots[c.index()][i] == Slot::Unplaced)?;
    assert_eq!(color, us, "setup order");
    let kind = gating.types[slot].unwrap();
    let back = if us == Color::White { 0 } else { 7 };
    let other = match gating.slots[us.index()][1 - slot] {
        Slot::File(f) => Some(f),
        _ => None,
    };
    let mut out = Vec::new();
    for file in 0..8u8 {
        let front = v.geometry.square(file as i8, back).unwrap();
        let own_piece_in_front = pos.piece_at(front).is_some_and(|p| p.color == us);
        let king_and_rook = |a: u8, b: u8| a == 4 && (b == 0 || b == 7);
        let allowed = match other {
            Some(o) => o != file && !king_and_rook(o, file) && !king_and_rook(file, o),
            None => true,
        };
        if own_piece_in_front && allowed {
            out.push(Move::place(kind, file));
        }
    }
    Some(out)
}

/// The squares strictly between `from` and `to` if they share a line.
fn between(v: &Variant, from: Square, to: Square) -> Vec<Square> {
    let g = v.geometry;
    let (ff, fr) = g.coords(from);
    let (tf, tr) = g.coords(to);
    let (df, dr) = (tf - ff, tr - fr);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut out = Vec::new();
    let mut sq = from;
    while let Some(next) = g.offset(sq, sf, sr) {
        if next == to {
            break;
        }
        out.push(next);
        sq = next;
    }
    out
}

/// True if a pawn of `us` may make the initial move `from`-`to`: in Royal Lion Chess, no
/// square it passes may be attacked by an enemy pawn (docs/rules/royal-lion.md, "Pawns").
fn initial_move_allowed<B: TableCache>(pos: &Position<B>, from: Square, to: Square) -> bool {
    let v = pos.variant();
    if v.pawns.double_step != DoubleStep::AnyRankUnlessPawnAttacked {
        return true;
    }
    let them = !pos.side_to_move();
    between(v, from, to).into_iter().all(|passed| {
        !v.geometry.squares().any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == them && v.kind(p.kind).pawn)
                && attacks_slowly(pos, sq).contains(&passed)
        })
    })
}

/// The kinds a pawn of the side to move may become on `to`.
fn promotion_kinds<B: TableCache>(pos: &Position<B>, to: Square) -> Vec<KindId> {
    let v = pos.variant();
    let us = pos.side_to_move();
    let rule = &v.promotion[us.index()];
    let mut kinds = v.promotions(us, to);
    if rule.selected_types {
        kinds.extend(pos.gating().types.iter().flatten());
    }
    if rule.lost_only {
        kinds.retain(|&k| {
            let at_start = v
                .start_pieces()
                .filter(|&(c, sk)| c == us && sk == k)
                .count();
            (pos.pieces_of(us, k).count() as usize) < at_start
        });
    }
    kinds.retain(|&k| {
        rule.limit(k)
            .is_none_or(|n| pos.pieces_of(us, k).count() < n as u32)
    });
    kinds
}

/// The moves of the piece on `from` (of the side to move) that its atoms give, before
/// legality: moves and captures (promoting on the last rank for pawns; a pawn's straight
/// initial double step flagged when the game has en passant) and shots; not the Lion's
/// double steps.
pub fn piece_moves_by_atoms<B: TableCache>(pos: &Position<B>, from: Square) -> Vec<Move> {
    let v = pos.variant();
    let g = v.geometry;
    let us = pos.side_to_move();
    let piece = pos.piece_at(from).expect("a piece");
    let kind = v.kind(piece.kind);
    let forward = if us == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    // The Lion's double step is more than a destination: not read here.
    let atoms = atoms_in_force(v, piece.kind, us, from).filter(|a| a.path != Path::LionDouble);
    for atom in atoms {
        let initial = atom.mode.contains(Mode::INITIAL);
        for (to, action) in atom.reach(us, g, from, &occupant(pos, us)) {
            if action == Action::Shoot {
                out.push(Move::with_flag(from, to, MoveFlag::Shot, 0));
            } else if kind.pawn && v.in_promotion_zone(us, to) {
                for k in promotion_kinds(pos, to) {
                    out.push(Move::promotion(from, to, k));
                }
                // Optional promotion: a pawn may stay one, but not on its last rank.
                if v.promotion[us.index()].optional && g.rank(to).0 != v.promotion_rank(us) {
                    out.push(Move::normal(from, to));
                }
            } else if kind.pawn && initial {
                if initial_move_allowed(pos, from, to) {
                    let straight_two = g.offset(from, 0, 2 * forward) == Some(to);
                    let flag = if straight_two && v.pawns.en_passant {
                        MoveFlag::DoubleStep
                    } else {
                        MoveFlag::Normal
                    };
                    out.push(Move::with_flag(from, to, flag, 0));
                }
            } else {
                out.push(Move::normal(from, to));
            }
        }
    }
    // En passant: a pawn whose leap captures reach the passed square.
    if let Some(ep) = pos.en_passant() {
        if kind.pawn {
            let with_enemy = |sq: Square| {
                if sq == ep {
                    Occupant::Enemy
                } else {
                    occupant(pos, us)(sq)
                }
            };
            let hits = atoms_in_force(v, piece.kind, us, from)
                .filter(|a| a.path == Path::Leap)
                .any(|a| {
                    a.reach(us, g, from, &with_enemy)
                        .contains(&(ep, Action::Capture))
                });
            if hits {
                out.push(Move::with_flag(from, ep, MoveFlag::EnPassant, 0));
            }
        }
    }
    // Xiangqi's limits (docs/game-files.md, "Where pieces may move"): a confined piece
    // ends its move in its region; a soldier steps sideways only from its rank on.
    let limits = &v.movement_limits;
    if let Some(region) = limits.region(us, piece.kind) {
        out.retain(|m| m.flag == MoveFlag::Shot || region.has(m.to));
    }
    if let Some(rule) = limits.soldier.filter(|r| r.kind == piece.kind) {
        let rank = g.rank(from).0;
        let relative = if us == Color::White {
            rank
        } else {
            g.ranks() - 1 - rank
        };
        if relative < rule.rank {
            out.retain(|m| g.rank(m.to) != g.rank(from));
        }
    }
    out.sort_by_key(|m| format!("{m:?}"));
    out.dedup();
    out
}

/// Under the flying-general rule: true if the two royal pieces stand on one file with
/// every square between them empty, a position no move may leave.
fn generals_face_slowly<B: TableCache>(pos: &Position<B>) -> bool {
    let g = pos.variant().geometry;
    let (Some(a), Some(b)) = (
        pos.royal_square(Color::White),
        pos.royal_square(Color::Black),
    ) else {
        return false;
    };
    let (fa, ra) = g.coords(a);
    let (fb, rb) = g.coords(b);
    fa == fb
        && (ra.min(rb) + 1..ra.max(rb))
            .all(|r| g.square(fa, r).is_some_and(|sq| pos.piece_at(sq).is_none()))
}

/// Every move of the side to move before legality: each piece's atoms, then castling.
pub fn pseudo_legal<B: TableCache>(pos: &Position<B>) -> Vec<Move> {
    let v: &Variant = pos.variant();
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for from in v.geometry.squares() {
        if pos.piece_at(from).is_some_and(|p| p.color == us) {
            out.extend(piece_moves_by_atoms(pos, from));
        }
    }
    out.extend(first_leaps_slowly(pos));
    // Castling as the rules book states it (docs/rules/chess.md, "Special moves";
    // docs/rules/lancerchess.md, "Castling: Protecting the Queen").
    for (i, rule) in v.castling.iter().enumerate() {
        if rule.color != us || !pos.castling().has(i) {
            continue;
        }
        let royal_ok = pos
            .piece_at(rule.royal_from)
            .is_some_and(|p| p.color == us && v.kind(p.kind).royal);
        let rook_ok = pos
            .piece_at(rule.rook_from)
            .is_some_and(|p| p.color == us && !v.kind(p.kind).royal);
        let empty_ok = rule
            .empty
            .iter()
            .all(|&s| s == rule.royal_from || s == rule.rook_from || pos.piece_at(s).is_none());
        let safe_ok = rule.safe.iter().all(|&s| !attacked_slowly(pos, s, !us));
        if royal_ok && rook_ok && empty_ok && safe_ok {
            out.push(Move::with_flag(
                rule.royal_from,
                rule.royal_to,
                MoveFlag::Castle,
                i as u8,
            ));
        }
    }
    out
}

/// True if Cromwell's Rupert and Pym (the game's mutually immune kinds) are not both on
/// the board or neither attacks the other (docs/rules/cromwell.md, "Prince Rupert and
/// Pym").
fn immune_pair_apart<B: TableCache>(pos: &Position<B>) -> bool {
    let v = pos.variant();
    let Some([a, b]) = v.mutual_immunity else {
        return true;
    };
    let find = |k: KindId| {
        v.geometry
            .squares()
            .find(|&s| pos.piece_at(s).is_some_and(|p| p.kind == k))
    };
    let (Some(sa), Some(sb)) = (find(a), find(b)) else {
        return true;
    };
    !attacks_slowly(pos, sa).contains(&sb) && !attacks_slowly(pos, sb).contains(&sa)
}

/// True if `mv` (a move of the side to move) leaves its royal unattacked and the immune
/// pair apart.
pub fn legal_after<B: TableCache>(pos: &Position<B>, mv: Move) -> bool {
    let t = tables::<B>(pos.variant());
    let us = pos.side_to_move();
    let mut p = pos.clone();
    let undo = make(t, &mut p, mv);
    // Legality is judged as if the gated piece had not arrived (docs/rules/musketeer.md,
    // "Gating").
    if let Some(sq) = undo.gated() {
        p.remove(sq);
    }
    // A side without a royal piece (Antichess, Horde's White) exposes nothing.
    let royal_safe = p
        .royal_square(us)
        .is_none_or(|royal| !attacked_slowly(&p, royal, !us));
    let generals_apart = !pos.variant().movement_limits.flying_general || !generals_face_slowly(&p);
    royal_safe && immune_pair_apart(&p) && royal_may_move(pos, mv) && generals_apart
}

/// The Makpong rule (`Variant::check_freezes_royal`): in check, the royal moves only to
/// capture the one piece giving check.
fn royal_may_move<B: TableCache>(pos: &Position<B>, mv: Move) -> bool {
    let v = pos.variant();
    let us = pos.side_to_move();
    let Some(royal) = pos.royal_square(us) else {
        return true;
    };
    if !v.check_freezes_royal || mv.from != royal {
        return true;
    }
    let checkers: Vec<Square> = v
        .geometry
        .squares()
        .filter(|&sq| {
            pos.piece_at(sq).is_some_and(|p| p.color != us)
                && attacks_slowly(pos, sq).contains(&royal)
        })
        .collect();
    checkers.is_empty() || checkers == [mv.to]
}

/// Every legal move of the side to move, read from the atoms.
pub fn legal_moves_slowly<B: TableCache>(pos: &Position<B>) -> Vec<Move> {
    if let Some(setup) = setup_moves(pos) {
        return setup;
    }
    pseudo_legal(pos)
        .into_iter()
        .filter(|&mv| legal_after(pos, mv))
        .collect()
}

/// [`legal_moves_slowly`] as text, for comparing sets.
pub fn legal_slowly<B: TableCache>(pos: &Position<B>) -> BTreeSet<String> {
    legal_moves_slowly(pos)
        .into_iter()
        .map(|mv| format!("{mv:?}"))
        .collect()
}

/// The engine's legal moves as text.
pub fn legal_fast<B: TableCache>(pos: &Position<B>) -> BTreeSet<String> {
    legal_moves(pos).iter().map(|m| format!("{m:?}")).collect()
}

/// Leaf nodes `depth` plies below `pos`, every ply generated slowly.
pub fn perft_slowly<B: TableCache>(pos: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let t = tables::<B>(pos.variant());
    legal_moves_slowly(pos)
        .into_iter()
        .map(|mv| {
            let mut p = pos.clone();
            make(t, &mut p, mv);
            perft_slowly(&p, depth - 1)
        })
        .sum()
}

/// Asserts that the engine and the slow generator agree on `pos`.
pub fn assert_agree<B: TableCache>(pos: &Position<B>) {
    let fast = legal_fast(pos);
    let slow = legal_slowly(pos);
    assert_eq!(
        fast,
        slow,
        "{}: {}\nonly fast: {:?}\nonly slow: {:?}",
        pos.variant().id,
        pos.to_fen(),
        fast.difference(&slow).collect::<Vec<_>>(),
        slow.difference(&fast).collect::<Vec<_>>()
    );
}

/// Plays `games` random games of up to 200 plies from the start of `variant`, comparing
/// the engine with the slow generator in every position; returns how many positions.
pub fn compare_on_random_games<B: TableCache>(variant: &'static Variant, games: usize) -> usize {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ variant.id.len() as u64);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut positions = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..200 {
            assert_agree(&pos);
            positions += 1;
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            make(tables::<B>(variant), &mut pos, mv);
        }
    }
    positions
}
