//! The general generator: kinds no table compiles (`Shape::General`) read atom by atom.
//! Games built as data with such pieces (the nightrider, and hoppers read generally) are
//! proven against the slow generator of `common::slow` on random games and by perft, with
//! hand-picked checks, pins and discovered checks; and whole games read by the general
//! generator keep their reference perft counts.
//!
//! Hoppers (the Xiangqi and Janggi cannons, the grasshopper) are compiled
//! (`Shape::Compiled`); each hopper game is proven here both ways, compiled and read
//! generally, against the slow generator and against each other.

mod common;

use common::slow::{assert_agree, compare_on_random_games, perft_slowly};
use common::Rng;
use joust_core::atom::{ferz, king_steps, symmetric, wazir, Atom, Mode, Path, UNLIMITED};
use joust_core::{variants, KindId, PieceKind, Position, Variant};
use joust_movegen::suite::parse_suite;
use joust_movegen::tables::Shape;
use joust_movegen::{in_check, legal_moves, make, perft, position_from_fen, tables, Move};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// A game like `base` with other kinds and start position (kind ids stay the same).
fn like(
    base: &'static Variant,
    id: &'static str,
    kinds: Vec<PieceKind>,
    start_fen: &'static str,
) -> &'static Variant {
    let (armies, immunity) = (base.armies.clone(), base.mutual_immunity);
    like_with_armies(base, id, kinds, armies, immunity, start_fen)
}

/// [`like`], with other armies and mutually immune kinds.
fn like_with_armies(
    base: &'static Variant,
    id: &'static str,
    kinds: Vec<PieceKind>,
    armies: [Vec<KindId>; 2],
    mutual_immunity: Option<[KindId; 2]>,
    start_fen: &'static str,
) -> &'static Variant {
    Box::leak(Box::new(Variant {
        id,
        name: id,
        summary: id,
        geometry: base.geometry,
        kinds,
        armies,
        start_fen,
        castling: base.castling.clone(),
        chess960: None,
        pawns: base.pawns.clone(),
        promotion: base.promotion.clone(),
        stalemate: base.stalemate,
        fifty_move_plies: base.fifty_move_plies,
        dead_position: base.dead_position.clone(),
        gating_types: base.gating_types.clone(),
        gating_rejection: base.gating_rejection,
        mutual_immunity,
        goals: base.goals.clone(),
        movement_limits: Default::default(),
        check_freezes_royal: base.check_freezes_royal,
        rules_in_short: Vec::new(),
        first_leaps: base.first_leaps,
        hand_gating: base.hand_gating,
        end_rules: base.end_rules.clone(),
    }))
}

/// Chess with `kind` in place of the kind with the letter `replaced`.
fn chess_with(
    id: &'static str,
    replaced: char,
    kind: PieceKind,
    fen: &'static str,
) -> &'static Variant {
    let chess = variants::chess();
    let mut kinds = chess.kinds.clone();
    kinds[chess.any_kind_by_letter(replaced).unwrap().index()] = kind;
    like(chess, id, kinds, fen)
}

/// The nightrider (Betza NN): rides knight leaps while the squares it lands on are empty.
fn nightrider() -> PieceKind {
    PieceKind::new(
        "Nightrider",
        'N',
        vec![Atom::ride(symmetric(2, 1), Mode::MOVE_CAPTURE)],
    )
}

/// The Xiangqi cannon (Betza mRcpR): moves as a rook, captures by jumping exactly one
/// piece of either side.
fn cannon() -> PieceKind {
    PieceKind::new(
        "Cannon",
        'C',
        vec![
            Atom::ride(wazir(), Mode::MOVE),
            Atom::ride(wazir(), Mode::CAPTURE).with_path(Path::Hop { max: UNLIMITED }),
        ],
    )
}

/// The Janggi-like cannon (Betza pR): moves and captures only by hopping one screen.
fn hop_cannon() -> PieceKind {
    PieceKind::new(
        "Cannon",
        'C',
        vec![Atom::ride(wazir(), Mode::MOVE_CAPTURE).with_path(Path::Hop { max: UNLIMITED })],
    )
}

/// The grasshopper (Betza gQ): hops along queen lines to the square just past the screen.
fn grasshopper() -> PieceKind {
    PieceKind::new(
        "Grasshopper",
        'C',
        vec![Atom::ride(king_steps(), Mode::MOVE_CAPTURE).with_path(Path::Hop { max: 1 })],
    )
}

/// A lopsided hopper, to prove the one-direction-at-a-time hops: moves as a bishop,
/// captures by hopping forward and sideways (relative to its side) to at most two squares
/// past the screen, and by an unlimited diagonal hop forward.
fn lopsided_hopper() -> PieceKind {
    PieceKind::new(
        "Lopsided hopper",
        'C',
        vec![
            Atom::ride(ferz(), Mode::MOVE),
            Atom::ride(vec![(0, 1), (1, 0), (-1, 0)], Mode::CAPTURE)
                .with_path(Path::Hop { max: 2 })
                .relative(),
            Atom::ride(vec![(1, 1), (-1, 1)], Mode::MOVE_CAPTURE)
                .with_path(Path::Hop { max: UNLIMITED })
                .relative(),
        ],
    )
}

/// Chess with Nightriders for Knights.
fn nightrider_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let fen = variants::chess().start_fen;
        chess_with("nightrider-chess", 'N', nightrider(), fen)
    })
}

/// Chess with Cannons for Bishops.
fn cannon_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let fen = "rncqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNCQKCNR w KQkq - 0 1";
        chess_with("cannon-chess", 'B', cannon(), fen)
    })
}

/// Chess with Janggi-like Cannons (pR) for Bishops.
fn hop_cannon_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let fen = "rncqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNCQKCNR w KQkq - 0 1";
        chess_with("hop-cannon-chess", 'B', hop_cannon(), fen)
    })
}

/// Chess with Grasshoppers for Bishops.
fn grasshopper_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let fen = "rncqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNCQKCNR w KQkq - 0 1";
        chess_with("grasshopper-chess", 'B', grasshopper(), fen)
    })
}

/// Chess with lopsided hoppers for Bishops.
fn lopsided_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let fen = "rncqkcnr/pppppppp/8/8/8/8/PPPPPPPP/RNCQKCNR w KQkq - 0 1";
        chess_with("lopsided-chess", 'B', lopsided_hopper(), fen)
    })
}

/// Every hopper game: the cannon games, the grasshopper and the lopsided hopper.
fn hopper_games() -> [&'static Variant; 5] {
    [
        cannon_chess(),
        hop_cannon_chess(),
        grasshopper_chess(),
        lopsided_chess(),
        immune_cannons_chess(),
    ]
}

/// Chess with one Cannon a side in place of the queen's Bishop, the two sides' Cannons
/// kinds of their own and mutually immune, as Cromwell's Rupert and Pym are: a move after
/// which either attacks the other is illegal.
fn immune_cannons_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let chess = variants::chess();
        let mut kinds = chess.kinds.clone();
        let mut armies = chess.armies.clone();
        let cannons = [0, 1].map(|side| {
            let id = KindId(kinds.len() as u8);
            kinds.push(cannon());
            armies[side].push(id);
            id
        });
        let fen = "rncqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNCQKBNR w KQkq - 0 1";
        like_with_armies(chess, "immune-cannons", kinds, armies, Some(cannons), fen)
    })
}

/// Chess where White's Rook and Black's Knight are kinds of their own and mutually
/// immune (one of each on the board).
fn immune_rook_and_knight_chess() -> &'static Variant {
    static GAME: OnceLock<&'static Variant> = OnceLock::new();
    GAME.get_or_init(|| {
        let chess = variants::chess();
        let mut kinds = chess.kinds.clone();
        let mut armies = chess.armies.clone();
        let pair = [(0, 'R'), (1, 'N')].map(|(side, letter)| {
            let old = chess.any_kind_by_letter(letter).unwrap();
            let id = KindId(kinds.len() as u8);
            kinds.push(chess.kind(old).clone());
            armies[side].retain(|&k| k != old);
            armies[side].push(id);
            id
        });
        let fen = chess.start_fen;
        like_with_armies(chess, "immune-rook-knight", kinds, armies, Some(pair), fen)
    })
}

/// `base` with every kind read by the general generator: each kind gets a copy of its
/// first atom that applies only from the initial region (`Mode::INITIAL`), which no table
/// compiles and which adds nothing the kind could not already do.
fn read_generally(base: &'static Variant, id: &'static str) -> &'static Variant {
    read_generally_only(base, id, |_| true)
}

/// [`read_generally`] for the kinds whose letter `which` picks; the others keep their
/// shapes.
fn read_generally_only(
    base: &'static Variant,
    id: &'static str,
    which: impl Fn(char) -> bool,
) -> &'static Variant {
    let kinds = base
        .kinds
        .iter()
        .map(|k| {
            let mut k = k.clone();
            if which(k.letter) {
                let mut again = k.atoms[0].clone();
                again.mode |= Mode::INITIAL;
                k.atoms.push(again);
            }
            k
        })
        .collect();
    like(base, id, kinds, base.start_fen)
}

fn shape(v: &'static Variant, letter: char) -> Shape {
    let t = tables::<u64>(v);
    t.kind(v.any_kind_by_letter(letter).unwrap())
        .shape()
        .clone()
}

fn position(v: &'static Variant, fen: &str) -> Position<u64> {
    position_from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves from `from` (a square name), as "from to" names.
fn moves_from(pos: &Position<u64>, from: &str) -> BTreeSet<String> {
    let g = pos.geometry();
    let from = g.parse_square(from).unwrap();
    legal_moves(pos)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| format!("{}{}", g.name(m.from), g.name(m.to)))
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

/// Plays `mv` (as "from to" names) and returns the position after it.
fn after(pos: &Position<u64>, mv: &str) -> Position<u64> {
    let g = pos.geometry();
    let list = legal_moves(pos);
    let found: &Move = list
        .iter()
        .find(|m| format!("{}{}", g.name(m.from), g.name(m.to)) == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {}", pos.to_fen()));
    let mut next = pos.clone();
    make(tables::<u64>(pos.variant()), &mut next, *found);
    next
}

/// Perft from positions of random games, fast against slow.
fn perft_agrees_on_random_positions(v: &'static Variant, seed: u64, depth: u32) -> u64 {
    let t = tables::<u64>(v);
    let mut rng = Rng(seed);
    let mut nodes = 0;
    for game in 0..6 {
        let mut pos = position(v, v.start_fen);
        for _ in 0..(8 + 6 * game) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            make(t, &mut pos, moves.as_slice()[rng.below(moves.len())]);
        }
        let fast = perft(&mut pos.clone(), depth);
        assert_eq!(fast, perft_slowly(&pos, depth), "{}", pos.to_fen());
        nodes += fast;
    }
    nodes
}

#[test]
fn nightriders_and_initial_atoms_are_read_by_the_general_generator() {
    assert_eq!(shape(nightrider_chess(), 'N'), Shape::General);
    for v in hopper_games() {
        assert_eq!(shape(v, 'C'), Shape::Compiled, "{}", v.id);
        let general = read_generally(v, v.id);
        assert_eq!(shape(general, 'C'), Shape::General, "{}", v.id);
    }
    let every = read_generally(variants::chess(), "general-chess-shapes");
    for k in every.kind_ids() {
        assert_eq!(shape(every, every.kind(k).letter), Shape::General);
    }
    // The nightrider rides on while the squares are empty, and takes the first enemy.
    let pos = position(nightrider_chess(), nightrider_chess().start_fen);
    assert_eq!(
        moves_from(&pos, "b1"),
        set(&["b1a3", "b1c3", "b1d5", "b1e7"])
    );
    let pos = position(nightrider_chess(), "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "b1"),
        set(&["b1a3", "b1c3", "b1d2", "b1d5", "b1e7", "b1f3", "b1h4"])
    );
}

#[test]
fn nightrider_chess_matches_the_slow_generator_on_random_games() {
    assert!(compare_on_random_games::<u64>(nightrider_chess(), 20) > 1500);
}

#[test]
fn nightrider_chess_perft_matches_the_slow_generator() {
    assert!(perft_agrees_on_random_positions(nightrider_chess(), 0x51A7, 3) > 50_000);
}

/// Check by a nightrider from a1 through b3 and c5: blocked only on its path.
#[test]
fn a_nightrider_check_is_met_by_blocking_its_path_or_moving_away() {
    let v = nightrider_chess();
    let pos = position(v, "2r5/3k4/8/8/8/8/8/N6K b - - 0 1");
    assert!(in_check(&pos));
    assert_agree(&pos);
    assert_eq!(moves_from(&pos, "c8"), set(&["c8c5"]));
    assert!(!moves_from(&pos, "d7").is_empty());
}

/// A knight pinned by a nightrider may take it, or leap to another square of the pin.
#[test]
fn a_nightrider_pins_along_its_path() {
    let v = nightrider_chess();
    let pos = position(v, "8/3k4/8/8/8/1n6/8/N6K b - - 0 1");
    assert!(!in_check(&pos));
    assert_agree(&pos);
    assert_eq!(moves_from(&pos, "b3"), set(&["b3a1", "b3c5"]));
}

/// Every move of the rook off the nightrider's path gives a discovered check.
#[test]
fn moving_off_a_nightrider_path_discovers_check() {
    let v = nightrider_chess();
    let pos = position(v, "8/3k4/8/8/8/1R6/8/N6K w - - 0 1");
    assert!(!in_check(&pos));
    let rook_moves = moves_from(&pos, "b3");
    assert_eq!(rook_moves.len(), 14);
    for mv in rook_moves {
        let next = after(&pos, &mv);
        assert!(in_check(&next), "{mv}");
        assert_agree(&next);
    }
}

#[test]
fn cannon_chess_matches_the_slow_generator_on_random_games() {
    assert!(compare_on_random_games::<u64>(cannon_chess(), 20) > 1500);
    let general = read_generally(cannon_chess(), "general-cannon-chess");
    assert!(compare_on_random_games::<u64>(general, 10) > 700);
}

#[test]
fn cannon_chess_perft_matches_the_slow_generator() {
    assert!(perft_agrees_on_random_positions(cannon_chess(), 0xCA77, 3) > 50_000);
}

/// The compiled hoppers (both cannons, the grasshopper, a lopsided hopper) against the
/// slow generator on random games, on 64- and 128-bit boards.
#[test]
fn compiled_hoppers_match_the_slow_generator_on_random_games() {
    for v in hopper_games() {
        assert!(compare_on_random_games::<u64>(v, 12) > 900, "{}", v.id);
        assert!(compare_on_random_games::<u128>(v, 3) > 200, "{}", v.id);
    }
}

/// The same hopper games read generally, for the general generator's own proof.
#[test]
fn hoppers_read_generally_match_the_slow_generator_on_random_games() {
    for v in hopper_games() {
        let general = read_generally(v, v.id);
        assert!(compare_on_random_games::<u64>(general, 5) > 300, "{}", v.id);
    }
}

/// Compiled and read generally, each hopper game gives the same perft from positions of
/// random games (the two generators share no hop code: `Program` against `Atom::reach`).
#[test]
fn compiled_hoppers_and_the_general_generator_agree_by_perft() {
    for (i, v) in hopper_games().into_iter().enumerate() {
        let general = read_generally(v, v.id);
        let mut rng = Rng(0x4A0B + i as u64);
        let mut nodes = 0;
        for game in 0..5 {
            let mut pos = position(v, v.start_fen);
            for _ in 0..(10 + 8 * game) {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                make(
                    tables::<u64>(v),
                    &mut pos,
                    moves.as_slice()[rng.below(moves.len())],
                );
            }
            let fen = pos.to_fen();
            let compiled = perft(&mut pos, 3);
            let read = perft(&mut position(general, &fen), 3);
            assert_eq!(compiled, read, "{}: {fen}", v.id);
            nodes += compiled;
        }
        assert!(nodes > 20_000, "{}: {nodes}", v.id);
    }
}

/// Shako (10x10, Xiangqi cannons): its cannons compiled and read generally, the same
/// perft from the start and from positions of random games.
#[test]
fn shako_compiled_and_read_generally_agree_by_perft() {
    let v = variants::by_id("shako").unwrap();
    let general = read_generally_only(v, "general-shako", |letter| letter == 'C');
    let shape = |v: &'static Variant| {
        let t = tables::<u128>(v);
        t.kind(v.any_kind_by_letter('C').unwrap()).shape().clone()
    };
    assert_eq!(shape(v), Shape::Compiled);
    assert_eq!(shape(general), Shape::General);
    let mut rng = Rng(0x5A4C0);
    let mut nodes = 0;
    for game in 0..4 {
        let mut pos: Position<u128> = position_from_fen(v, v.start_fen).unwrap();
        for _ in 0..(12 * game) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            make(
                tables::<u128>(v),
                &mut pos,
                moves.as_slice()[rng.below(moves.len())],
            );
        }
        let fen = pos.to_fen();
        let mut read: Position<u128> = position_from_fen(general, &fen).unwrap();
        let compiled = perft(&mut pos, 3);
        assert_eq!(compiled, perft(&mut read, 3), "{fen}");
        nodes += compiled;
    }
    assert!(nodes > 200_000, "{nodes}");
}

/// A cannon checks over one screen: the screen may leave, a second screen may come
/// between, the cannon may be taken; stepping along the file stays in check.
#[test]
fn a_cannon_check_is_met_by_removing_or_doubling_its_screen() {
    let v = cannon_chess();
    let pos = position(v, "k7/8/2n5/8/r7/8/8/C6K b - - 0 1");
    assert!(in_check(&pos));
    assert_agree(&pos);
    let rook = set(&[
        "a4a1", "a4b4", "a4c4", "a4d4", "a4e4", "a4f4", "a4g4", "a4h4",
    ]);
    assert_eq!(moves_from(&pos, "a4"), rook);
    assert_eq!(moves_from(&pos, "c6"), set(&["c6a5", "c6a7"]));
    assert_eq!(moves_from(&pos, "a8"), set(&["a8b7", "a8b8"]));
}

/// A piece that moves in front of a cannon becomes its screen and gives check.
#[test]
fn a_piece_that_becomes_a_screen_gives_check() {
    let v = cannon_chess();
    let pos = position(v, "k7/8/8/8/8/1N6/8/C6K w - - 0 1");
    assert!(!in_check(&pos));
    let next = after(&pos, "b3a5");
    assert!(in_check(&next));
    assert_agree(&next);
}

/// Behind a screen a cannon pins: the queen may only stay on the file, and may not take
/// the screen (she would become the screen herself).
#[test]
fn a_cannon_pins_the_piece_behind_its_screen() {
    let v = cannon_chess();
    let pos = position(v, "k7/8/8/q7/8/N7/8/C6K b - - 0 1");
    assert!(!in_check(&pos));
    assert_agree(&pos);
    assert_eq!(moves_from(&pos, "a5"), set(&["a5a4", "a5a6", "a5a7"]));
}

#[test]
fn immune_cannons_match_the_slow_generator_on_random_games() {
    assert!(compare_on_random_games::<u64>(immune_cannons_chess(), 10) > 800);
}

/// A screen between the two immune Cannons would let each attack the other: the knight
/// may not step there.
#[test]
fn a_screen_between_immune_cannons_is_illegal() {
    let v = immune_cannons_chess();
    let pos = position(v, "c3k3/8/8/8/8/1N6/8/C3K3 w - - 0 1");
    assert_agree(&pos);
    assert_eq!(
        moves_from(&pos, "b3"),
        set(&["b3c1", "b3c5", "b3d2", "b3d4"])
    );
}

/// Castling that would bring two mutually immune pieces face to face is illegal, as any
/// other move that would.
#[test]
fn castling_may_not_break_mutual_immunity() {
    let v = immune_rook_and_knight_chess();
    let pos = position(v, "4k3/8/8/3n4/8/8/8/R3K3 w Q - 0 1");
    assert_agree(&pos);
    assert!(!moves_from(&pos, "e1").contains("e1c1"));
    assert!(!moves_from(&pos, "a1").contains("a1d1"));
    // With the knight elsewhere, the same castling is legal.
    let pos = position(v, "4k3/8/8/4n3/8/8/8/R3K3 w Q - 0 1");
    assert_agree(&pos);
    assert!(moves_from(&pos, "e1").contains("e1c1"));
}

/// Every count of `suites/reference/<file>` up to `budget` leaf nodes, for the game read
/// by the general generator; returns how many counts were checked.
fn reference_counts_hold(base: &'static Variant, file: &str, budget: u64) -> usize {
    let v = read_generally(base, base.id);
    let path = format!("{}/../suites/reference/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for entry in parse_suite(&text).unwrap() {
        let pos = position(v, &entry.fen);
        for &(depth, nodes) in entry.counts.iter().filter(|c| c.1 <= budget) {
            assert_eq!(
                perft(&mut pos.clone(), depth),
                nodes,
                "{} depth {depth}",
                entry.fen
            );
            checked += 1;
        }
    }
    checked
}

/// Chess read entirely by the general generator (pawns, castling, en passant, pins and
/// checks included) keeps the counts of Stockfish and Fairy-Stockfish.
#[test]
fn chess_read_by_the_general_generator_keeps_its_reference_counts() {
    assert_eq!(
        reference_counts_hold(variants::chess(), "chess.perft", 1_000_000),
        26
    );
}

/// So does Cromwell Chess (shots, the Rupert–Pym rule, a shooting royal).
#[test]
fn cromwell_read_by_the_general_generator_keeps_its_reference_counts() {
    assert_eq!(
        reference_counts_hold(variants::cromwell(), "cromwell.perft", 1_000_000),
        11
    );
}
