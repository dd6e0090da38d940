//! The fast generator against a slow one read straight from the pieces' atoms: on
//! thousands of positions from random games, both must give the same set of legal moves.
//!
//! The slow generator walks each atom with `Atom::reach`, adds pawn, en-passant and
//! castling rules as the rules book (docs/rules/) states them, plays each candidate and
//! keeps it if no enemy atom then reaches the mover's royal. It shares no table, pin or
//! check logic with the fast generator.

mod common;

use common::Rng;
use joust_core::atom::{Action, Mode, Occupant};
use joust_core::variant::DoubleStep;
use joust_core::{variants, Color, Position, Slot, Square, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Move, MoveFlag, TableCache};
use std::collections::BTreeSet;

fn occupant<B: TableCache>(pos: &Position<B>, us: Color) -> impl Fn(Square) -> Occupant + '_ {
    move |sq| match pos.piece_at(sq) {
        None => Occupant::Empty,
        Some(p) if p.color == us => Occupant::Own,
        Some(_) => Occupant::Enemy,
    }
}

/// True if any piece of `by` could capture on `target` (were an enemy there), by walking
/// every atom (docs/rules/README.md, "Pieces and how they move").
fn attacked_slowly<B: TableCache>(pos: &Position<B>, target: Square, by: Color) -> bool {
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
    g.squares().any(|sq| match pos.piece_at(sq) {
        Some(p) if p.color == by && sq != target => v.kind(p.kind).atoms.iter().any(|atom| {
            atom.reach(by, g, sq, &with_enemy_on_target)
                .iter()
                .any(|&(to, action)| to == target && action != Action::Move)
        }),
        _ => false,
    })
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

fn pseudo_legal<B: TableCache>(pos: &Position<B>) -> Vec<Move> {
    let v: &Variant = pos.variant();
    let g = v.geometry;
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for from in g.squares() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.color != us {
            continue;
        }
        let kind = v.kind(piece.kind);
        let last_rank = v.promotion_rank(us);
        let start_rank = match v.pawns.double_step {
            DoubleStep::FromRank(r) if us == Color::White => Some(r),
            DoubleStep::FromRank(r) => Some(g.ranks() - 1 - r),
            // Royal Lion pawns are checked by the independent generator (refgen) instead.
            DoubleStep::Never | DoubleStep::AnyRankUnlessPawnAttacked => None,
        };
        for atom in &kind.atoms {
            if kind.pawn && atom.mode.contains(Mode::INITIAL) && Some(g.rank(from).0) != start_rank
            {
                continue;
            }
            for (to, action) in atom.reach(us, g, from, &occupant(pos, us)) {
                if action == Action::Shoot {
                    continue;
                }
                if kind.pawn && g.rank(to).0 == last_rank {
                    let mut kinds = v.promotions(us, to);
                    if v.promotion[us.index()].selected_types {
                        kinds.extend(pos.gating().types.iter().flatten());
                    }
                    for k in kinds {
                        out.push(Move::promotion(from, to, k));
                    }
                } else if kind.pawn && atom.mode.contains(Mode::INITIAL) {
                    out.push(Move::with_flag(from, to, MoveFlag::DoubleStep, 0));
                } else {
                    out.push(Move::normal(from, to));
                }
            }
        }
        // En passant: a pawn capturing onto the passed square.
        if let Some(ep) = pos.en_passant() {
            if kind.pawn {
                let f = us.forward();
                for df in [-1, 1] {
                    if g.offset(from, df, f) == Some(ep) {
                        out.push(Move::with_flag(from, ep, MoveFlag::EnPassant, 0));
                    }
                }
            }
        }
    }
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

fn legal_slowly<B: TableCache>(pos: &Position<B>) -> BTreeSet<String> {
    let t = tables::<B>(pos.variant());
    let us = pos.side_to_move();
    if let Some(setup) = setup_moves(pos) {
        return setup.into_iter().map(|mv| format!("{mv:?}")).collect();
    }
    pseudo_legal(pos)
        .into_iter()
        .filter(|&mv| {
            let mut p = pos.clone();
            let undo = make(t, &mut p, mv);
            // Legality is judged as if the gated piece had not arrived
            // (docs/rules/musketeer.md, "Gating").
            if let Some(sq) = undo.gated() {
                p.remove(sq);
            }
            let royal = p.royal_square(us).expect("royal on board");
            !attacked_slowly(&p, royal, !us)
        })
        .map(|mv| format!("{mv:?}"))
        .collect()
}

fn compare_on_random_games<B: TableCache>(variant: &'static Variant, games: usize) -> usize {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ variant.id.len() as u64);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut positions = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..200 {
            let fast: BTreeSet<String> =
                legal_moves(&pos).iter().map(|m| format!("{m:?}")).collect();
            let slow = legal_slowly(&pos);
            assert_eq!(
                fast,
                slow,
                "{}: {}\nonly fast: {:?}\nonly slow: {:?}",
                variant.id,
                pos.to_fen(),
                fast.difference(&slow).collect::<Vec<_>>(),
                slow.difference(&fast).collect::<Vec<_>>()
            );
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

#[test]
fn chess_matches_the_slow_generator() {
    assert!(compare_on_random_games::<u64>(variants::chess(), 25) > 2000);
}

#[test]
fn lancerchess_and_clash_match_the_slow_generator() {
    assert!(compare_on_random_games::<u64>(variants::lancerchess(), 25) > 2000);
    assert!(compare_on_random_games::<u64>(variants::clash(), 25) > 2000);
}

#[test]
fn musketeer_matches_the_slow_generator() {
    assert!(compare_on_random_games::<u64>(variants::musketeer(), 40) > 4000);
}

#[test]
fn chess_on_128_bit_boards_matches_the_slow_generator() {
    assert!(compare_on_random_games::<u128>(variants::chess(), 5) > 500);
}

/// Positions made to stress pins, checks and en passant, each compared move for move.
#[test]
fn hand_picked_positions_match_the_slow_generator() {
    let cases = [
        // A pinned Queen's Lancer may not jump over its pinner (found by random games).
        (
            "lancerchess",
            "2bq4/2rp2pr/6l1/p3p1Pp/p1k1PP2/R1PJ4/1B1b3P/4RQ2 w - - 2 36",
        ),
        // En passant that would expose the king along the rank.
        ("chess", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1"),
        // Double check: only king moves.
        ("chess", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1"),
        // Castling through an attacked square is refused; mirrored castling in LancerChess.
        ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ("chess", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"),
        ("lancerchess", "r2q3r/8/8/8/8/8/8/R2Q3R w KQkq - 0 1"),
        ("lancerchess", "r2q3r/8/8/8/8/8/4r3/R2Q3R w KQkq - 0 1"),
        ("clash", "r2q3r/8/8/8/8/8/1l6/R2Q3R w KQkq - 0 1"),
        // Check by a King's Lancer jump: cannot be blocked on the jumped square.
        ("lancerchess", "3q4/8/8/8/8/3l4/8/3Q4 w - - 0 1"),
        // Promotions by square colour, with captures.
        ("lancerchess", "1r2q3/P6P/8/8/8/8/p6p/3Q2R1 w - - 0 1"),
        ("lancerchess", "1r2q3/P6P/8/8/8/8/p6p/3Q2R1 b - - 0 1"),
        ("clash", "1r2q3/P6P/8/8/8/8/p6p/3Q2R1 w - - 0 1"),
        ("clash", "1r2q3/P6P/8/8/8/8/p6p/3Q2R1 b - - 0 1"),
    ];
    for (id, fen) in cases {
        let v = variants::by_id(id).unwrap();
        let pos: Position<u64> = position_from_fen(v, fen).unwrap();
        let fast: BTreeSet<String> = legal_moves(&pos).iter().map(|m| format!("{m:?}")).collect();
        assert_eq!(fast, legal_slowly(&pos), "{id}: {fen}");
        assert!(!fast.is_empty(), "{id}: {fen}");
    }
}

/// The recipe "Add a piece, add a game" of docs/ARCHITECTURE.md, followed step by step: a
/// piece made of atoms (the Camel, a (3,1) leaper), a game made of data (chess with
/// Camels for Knights), and the proof a new game needs: this slow generator agrees with
/// the engine on random games, and perft gives counts worth recording.
mod recipe_add_a_game {
    use super::*;
    use joust_core::atom::{symmetric, Atom, Mode};
    use joust_core::PieceKind;
    use joust_movegen::perft;

    /// Step 1: the piece, from its atoms (Betza `C`).
    fn camel() -> PieceKind {
        PieceKind::new(
            "Camel",
            'C',
            vec![Atom::leap(symmetric(3, 1), Mode::MOVE_CAPTURE)],
        )
        .value(250)
    }

    /// Step 2: the game, as data: chess's rules with the Camel in the Knight's place
    /// (kind ids are indices into `kinds`; the FEN letter is the piece's).
    fn camel_chess() -> &'static Variant {
        let chess = variants::chess();
        let mut kinds = chess.kinds.clone();
        let knight = chess.any_kind_by_letter('N').unwrap();
        kinds[knight.index()] = camel();
        Box::leak(Box::new(Variant {
            id: "camel-chess",
            name: "Camel Chess",
            summary: "chess with Camels in place of Knights",
            geometry: chess.geometry,
            kinds,
            armies: chess.armies.clone(),
            start_fen: "rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w KQkq - 0 1",
            castling: chess.castling.clone(),
            pawns: chess.pawns.clone(),
            promotion: chess.promotion.clone(),
            stalemate: chess.stalemate,
            fifty_move_plies: chess.fifty_move_plies,
            dead_position: chess.dead_position.clone(),
            gating_types: Vec::new(),
            gating_rejection: None,
            mutual_immunity: None,
        }))
    }

    #[test]
    fn a_new_game_is_proven_by_the_slow_generator_and_perft() {
        let v = camel_chess();
        // Step 3: the engine plays it (a leaper: the fast generator's shape).
        let mut pos: Position<u64> = position_from_fen(v, v.start_fen).unwrap();
        let camel_moves: BTreeSet<String> = legal_moves(&pos)
            .iter()
            .filter(|m| pos.piece_at(m.from).map(|p| pos.piece_letter(p)) == Some('C'))
            .map(|m| {
                let g = v.geometry;
                format!("{}{}", g.name(m.from), g.name(m.to))
            })
            .collect();
        let expected = ["b1a4", "b1c4", "g1f4", "g1h4"];
        assert_eq!(
            camel_moves,
            expected.iter().map(|s| s.to_string()).collect()
        );
        // Step 4: proof. The slow generator, read from the atoms, agrees everywhere.
        assert!(compare_on_random_games::<u64>(v, 10) > 500);
        // 16 pawn moves and 4 Camel moves; counts to record in suites/ once proven.
        assert_eq!(perft(&mut pos, 1), 20);
        assert_eq!(perft(&mut pos, 2), 400);
    }
}
