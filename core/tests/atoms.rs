//! Movement atoms proved by exact attack sets, derived by hand from the rules book
//! (docs/rules/README.md, "Pieces and how they move"; docs/rules/chess.md, "The pieces";
//! docs/rules/lancers.md, "The Lancer"; docs/rules/cromwell.md, "The pieces";
//! docs/rules/royal-lion.md, "Gryphon, Crocodile and Dragon"; docs/rules/musketeer.md,
//! "The pieces").

use joust_core::atom::{self, Atom};
use joust_core::pieces;
use joust_core::{Action, Color, Direction, Geometry, Occupant, PieceKind, Square};

/// The square named `name` on `g`; panics on a typo in a test.
fn sq(g: Geometry, name: &str) -> Square {
    g.parse_square(name).unwrap_or_else(|| {
        panic!(
            "{name} is not a square of a {}x{} board",
            g.files(),
            g.ranks()
        )
    })
}

/// What stands on each square: the mover on `from`, its own pieces on `own`, enemies on
/// `enemy`, nothing elsewhere.
fn occupancy(g: Geometry, from: &str, own: &[&str], enemy: &[&str]) -> Vec<Occupant> {
    let mut occ = vec![Occupant::Empty; g.len()];
    occ[sq(g, from).index()] = Occupant::Own;
    for name in own {
        occ[sq(g, name).index()] = Occupant::Own;
    }
    for name in enemy {
        let s = sq(g, name);
        assert_eq!(occ[s.index()], Occupant::Empty, "{name} listed twice");
        occ[s.index()] = Occupant::Enemy;
    }
    occ
}

/// The union of `atoms`' attack sets from `from`, as sorted square names.
fn atoms_attack(
    atoms: &[Atom],
    color: Color,
    g: Geometry,
    from: &str,
    own: &[&str],
    enemy: &[&str],
) -> Vec<String> {
    let occ = occupancy(g, from, own, enemy);
    let occupant = |s: Square| occ[s.index()];
    let mut names: Vec<String> = atoms
        .iter()
        .flat_map(|a| a.attack_squares(color, g, sq(g, from), &occupant))
        .map(|s| g.name(s).to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The attack set of a whole piece kind (every atom), as sorted square names.
fn attacks(
    kind: &PieceKind,
    color: Color,
    g: Geometry,
    from: &str,
    own: &[&str],
    enemy: &[&str],
) -> Vec<String> {
    atoms_attack(&kind.atoms, color, g, from, own, enemy)
}

/// Everything a piece kind reaches (every atom's `reach`), as sorted (name, action) pairs.
fn reach(
    kind: &PieceKind,
    color: Color,
    g: Geometry,
    from: &str,
    own: &[&str],
    enemy: &[&str],
) -> Vec<(String, Action)> {
    let occ = occupancy(g, from, own, enemy);
    let occupant = |s: Square| occ[s.index()];
    let mut out: Vec<(String, Action)> = kind
        .atoms
        .iter()
        .flat_map(|a| a.reach(color, g, sq(g, from), &occupant))
        .map(|(s, action)| (g.name(s).to_string(), action))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A hand-written list of square names, sorted; refuses duplicates so a typo cannot hide.
fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    let len = v.len();
    v.dedup();
    assert_eq!(
        v.len(),
        len,
        "duplicate square in the expected list {list:?}"
    );
    v
}

/// Hand-written (name, action) pairs, sorted.
fn actions(list: &[(&str, Action)]) -> Vec<(String, Action)> {
    let mut v: Vec<(String, Action)> = list.iter().map(|&(s, a)| (s.to_string(), a)).collect();
    v.sort();
    v
}

const W: Color = Color::White;
const B: Color = Color::Black;
const G8: Geometry = Geometry::CHESS;
const G10: Geometry = Geometry::TEN;

// ---------------------------------------------------------------------------------------
// atom::symmetric

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort();
    v
}

#[test]
fn symmetric_2_1_gives_the_eight_knight_leaps() {
    let v = atom::symmetric(2, 1);
    assert_eq!(v.len(), 8);
    assert_eq!(
        sorted(v),
        vec![
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1)
        ]
    );
}

#[test]
fn symmetric_1_0_gives_the_four_orthogonal_steps() {
    let v = atom::symmetric(1, 0);
    assert_eq!(v.len(), 4);
    assert_eq!(sorted(v), vec![(-1, 0), (0, -1), (0, 1), (1, 0)]);
}

#[test]
fn symmetric_1_1_gives_the_four_diagonal_steps() {
    let v = atom::symmetric(1, 1);
    assert_eq!(v.len(), 4);
    assert_eq!(sorted(v), vec![(-1, -1), (-1, 1), (1, -1), (1, 1)]);
}

#[test]
fn symmetric_2_2_gives_the_four_alfil_leaps() {
    let v = atom::symmetric(2, 2);
    assert_eq!(v.len(), 4);
    assert_eq!(sorted(v), vec![(-2, -2), (-2, 2), (2, -2), (2, 2)]);
}

// ---------------------------------------------------------------------------------------
// FIDE pieces on an empty 8x8 board (docs/rules/chess.md, "The pieces")

#[test]
fn king_from_d4_attacks_its_eight_neighbours() {
    assert_eq!(
        attacks(&pieces::king(), W, G8, "d4", &[], &[]),
        names(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
}

#[test]
fn king_from_a1_and_e1_is_cut_by_the_edges() {
    assert_eq!(
        attacks(&pieces::king(), W, G8, "a1", &[], &[]),
        names(&["a2", "b1", "b2"])
    );
    assert_eq!(
        attacks(&pieces::king(), B, G8, "e1", &[], &[]),
        names(&["d1", "d2", "e2", "f1", "f2"])
    );
}

#[test]
fn queen_from_d4_attacks_27_squares() {
    assert_eq!(
        attacks(&pieces::queen(), W, G8, "d4", &[], &[]),
        names(&[
            // file and rank
            "d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
            // diagonals
            "a1", "b2", "c3", "e5", "f6", "g7", "h8", "a7", "b6", "c5", "e3", "f2", "g1",
        ])
    );
}

#[test]
fn queen_from_a1_attacks_21_squares() {
    assert_eq!(
        attacks(&pieces::queen(), W, G8, "a1", &[], &[]),
        names(&[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
            "b2", "c3", "d4", "e5", "f6", "g7", "h8",
        ])
    );
}

#[test]
fn rook_from_d4_attacks_its_file_and_rank() {
    assert_eq!(
        attacks(&pieces::rook(), W, G8, "d4", &[], &[]),
        names(&[
            "d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
        ])
    );
}

#[test]
fn rook_from_h8_corner() {
    assert_eq!(
        attacks(&pieces::rook(), B, G8, "h8", &[], &[]),
        names(&[
            "h1", "h2", "h3", "h4", "h5", "h6", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8",
        ])
    );
}

#[test]
fn rook_defends_its_own_piece_and_is_stopped_by_pieces_of_both_sides() {
    // Own piece on a4: attacked, i.e. defended (docs/rules/README.md, "Pieces and how
    // they move"; atom.rs), nothing beyond it.
    // Enemy on d1: attacked, nothing beyond it.
    assert_eq!(
        attacks(&pieces::rook(), W, G8, "a1", &["a4"], &["d1"]),
        names(&["a2", "a3", "a4", "b1", "c1", "d1"])
    );
    // `reach` is about moves: the own piece's square is not a destination at all.
    assert_eq!(
        reach(&pieces::rook(), W, G8, "a1", &["a4"], &["d1"]),
        actions(&[
            ("a2", Action::Move),
            ("a3", Action::Move),
            ("b1", Action::Move),
            ("c1", Action::Move),
            ("d1", Action::Capture),
        ])
    );
}

#[test]
fn bishop_from_d4_attacks_both_diagonals() {
    assert_eq!(
        attacks(&pieces::bishop(), W, G8, "d4", &[], &[]),
        names(&["a1", "b2", "c3", "e5", "f6", "g7", "h8", "a7", "b6", "c5", "e3", "f2", "g1",])
    );
}

#[test]
fn bishop_from_a1_and_from_c1() {
    assert_eq!(
        attacks(&pieces::bishop(), W, G8, "a1", &[], &[]),
        names(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
    );
    assert_eq!(
        attacks(&pieces::bishop(), W, G8, "c1", &[], &[]),
        names(&["b2", "a3", "d2", "e3", "f4", "g5", "h6"])
    );
}

#[test]
fn knight_from_d4_attacks_eight_squares() {
    assert_eq!(
        attacks(&pieces::knight(), W, G8, "d4", &[], &[]),
        names(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
}

#[test]
fn knight_from_a1_b1_and_h8() {
    assert_eq!(
        attacks(&pieces::knight(), W, G8, "a1", &[], &[]),
        names(&["b3", "c2"])
    );
    assert_eq!(
        attacks(&pieces::knight(), W, G8, "b1", &[], &[]),
        names(&["a3", "c3", "d2"])
    );
    assert_eq!(
        attacks(&pieces::knight(), B, G8, "h8", &[], &[]),
        names(&["f7", "g6"])
    );
}

#[test]
fn knight_leaps_over_a_crowd() {
    let crowd = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"];
    assert_eq!(
        attacks(&pieces::knight(), W, G8, "d4", &crowd, &[]),
        names(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
}

#[test]
fn white_pawn_attacks_only_diagonally_forward() {
    assert_eq!(
        attacks(&pieces::pawn(), W, G8, "e4", &[], &[]),
        names(&["d5", "f5"])
    );
    assert_eq!(
        attacks(&pieces::pawn(), W, G8, "a2", &[], &[]),
        names(&["b3"])
    );
    assert_eq!(
        attacks(&pieces::pawn(), W, G8, "h2", &[], &[]),
        names(&["g3"])
    );
}

#[test]
fn black_pawn_attacks_only_diagonally_forward_that_is_south() {
    assert_eq!(
        attacks(&pieces::pawn(), B, G8, "e5", &[], &[]),
        names(&["d4", "f4"])
    );
    assert_eq!(
        attacks(&pieces::pawn(), B, G8, "h7", &[], &[]),
        names(&["g6"])
    );
    assert_eq!(
        attacks(&pieces::pawn(), B, G8, "a7", &[], &[]),
        names(&["b6"])
    );
}

#[test]
fn pawn_does_not_attack_the_square_it_can_move_to_even_with_an_enemy_there() {
    // An enemy on e5 in front of a white e4 pawn is not attacked; only d5 and f5 are.
    assert_eq!(
        attacks(&pieces::pawn(), W, G8, "e4", &[], &["e5"]),
        names(&["d5", "f5"])
    );
}

#[test]
fn pawn_reach_moves_forward_and_captures_diagonally() {
    // Empty board: one step and the double step (reach ignores Mode::INITIAL), no capture.
    assert_eq!(
        reach(&pieces::pawn(), W, G8, "e2", &[], &[]),
        actions(&[("e3", Action::Move), ("e4", Action::Move)])
    );
    // Enemies on d3 and e3: capture d3; e3 blocks both the step and the lame double step.
    assert_eq!(
        reach(&pieces::pawn(), W, G8, "e2", &[], &["d3", "e3"]),
        actions(&[("d3", Action::Capture)])
    );
    // Black goes south.
    assert_eq!(
        reach(&pieces::pawn(), B, G8, "d7", &[], &["e6"]),
        actions(&[
            ("d5", Action::Move),
            ("d6", Action::Move),
            ("e6", Action::Capture),
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Royal Lion bent riders on 10x10 (docs/rules/royal-lion.md, "Gryphon, Crocodile and
// Dragon")

/// Every square a Gryphon on e5 reaches on an empty 10x10 board.
const GRYPHON_E5: [&str; 32] = [
    // NE step f6, then east and north
    "f6", "g6", "h6", "i6", "j6", "f7", "f8", "f9", "f10",
    // NW step d6, then west and north
    "d6", "c6", "b6", "a6", "d7", "d8", "d9", "d10", // SE step f4, then east and south
    "f4", "g4", "h4", "i4", "j4", "f3", "f2", "f1", // SW step d4, then west and south
    "d4", "c4", "b4", "a4", "d3", "d2", "d1",
];

#[test]
fn gryphon_from_e5_on_an_empty_10x10_board() {
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "e5", &[], &[]),
        names(&GRYPHON_E5)
    );
}

#[test]
fn gryphon_from_a1_corner() {
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "a1", &[], &[]),
        names(&[
            "b2", // the only diagonal step
            "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", // then east
            "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", // then north
        ])
    );
}

#[test]
fn gryphon_never_reaches_the_inward_or_diagonal_continuations() {
    let got = attacks(&pieces::gryphon(), W, G10, "e5", &[], &[]);
    // e6/e4/f5/d5 would need an inward turn; g7 a second diagonal step.
    for not in ["e6", "e4", "f5", "d5", "g7", "c3", "e5"] {
        assert!(!got.contains(&not.to_string()), "{not} in {got:?}");
    }
}

#[test]
fn gryphon_blocked_on_its_first_step_attacks_only_that_square_in_that_quadrant() {
    let without_ne: Vec<&str> = GRYPHON_E5
        .iter()
        .copied()
        .filter(|s| !["g6", "h6", "i6", "j6", "f7", "f8", "f9", "f10"].contains(s))
        .collect();
    assert_eq!(without_ne.len(), 24);
    // Enemy on f6: captured there, nothing beyond.
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "e5", &[], &["f6"]),
        names(&without_ne)
    );
    // Own piece on f6: defended, nothing beyond either.
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "e5", &["f6"], &[]),
        names(&without_ne)
    );
    // And as moves: no move through the blocked step.
    let r = reach(&pieces::gryphon(), W, G10, "e5", &[], &["f6"]);
    assert!(r.contains(&("f6".to_string(), Action::Capture)));
    assert!(!r.iter().any(|(s, _)| s == "g6" || s == "f7"), "{r:?}");
}

#[test]
fn gryphon_ride_stops_at_the_first_piece() {
    // Enemy on h6 on the eastward ride from f6: g6, h6 attacked; i6, j6 not.
    let expected: Vec<&str> = GRYPHON_E5
        .iter()
        .copied()
        .filter(|s| *s != "i6" && *s != "j6")
        .collect();
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "e5", &[], &["h6"]),
        names(&expected)
    );
    // Own piece on f8 on the northward ride: f8 defended, f9 and f10 not attacked.
    let expected: Vec<&str> = GRYPHON_E5
        .iter()
        .copied()
        .filter(|s| *s != "f9" && *s != "f10")
        .collect();
    assert_eq!(
        attacks(&pieces::gryphon(), W, G10, "e5", &["f8"], &[]),
        names(&expected)
    );
}

/// Every square a Crocodile on e5 reaches on an empty 10x10 board.
const CROCODILE_E5: [&str; 32] = [
    // E step f5, then NE and SE
    "f5", "g6", "h7", "i8", "j9", "g4", "h3", "i2", "j1", // W step d5, then NW and SW
    "d5", "c6", "b7", "a8", "c4", "b3", "a2", // N step e6, then NE and NW
    "e6", "f7", "g8", "h9", "i10", "d7", "c8", "b9", "a10", // S step e4, then SE and SW
    "e4", "f3", "g2", "h1", "d3", "c2", "b1",
];

#[test]
fn crocodile_from_e5_on_an_empty_10x10_board() {
    assert_eq!(
        attacks(&pieces::crocodile(), W, G10, "e5", &[], &[]),
        names(&CROCODILE_E5)
    );
}

#[test]
fn crocodile_from_a1_corner() {
    assert_eq!(
        attacks(&pieces::crocodile(), B, G10, "a1", &[], &[]),
        names(&[
            "a2", "b3", "c4", "d5", "e6", "f7", "g8", "h9", "i10", // N step, then NE
            "b1", "c2", "d3", "e4", "f5", "g6", "h7", "i8", "j9", // E step, then NE
        ])
    );
}

#[test]
fn crocodile_blocked_on_its_first_step() {
    let expected: Vec<&str> = CROCODILE_E5
        .iter()
        .copied()
        .filter(|s| !["f7", "g8", "h9", "i10", "d7", "c8", "b9", "a10"].contains(s))
        .collect();
    assert_eq!(expected.len(), 24);
    assert_eq!(
        attacks(&pieces::crocodile(), W, G10, "e5", &[], &["e6"]),
        names(&expected)
    );
}

// ---------------------------------------------------------------------------------------
// Lancer (docs/rules/lancers.md, "The Lancer")

#[test]
fn lancer_facing_ne_from_c3_on_an_empty_board() {
    let lancer = pieces::lancer(Direction::NE);
    assert_eq!(
        attacks(&lancer, W, G8, "c3", &[], &[]),
        names(&["d4", "e5", "f6", "g7", "h8"])
    );
    // Only its facing: nothing behind it or to the side.
    assert_eq!(
        reach(&lancer, W, G8, "c3", &[], &[]),
        actions(&[
            ("d4", Action::Move),
            ("e5", Action::Move),
            ("f6", Action::Move),
            ("g7", Action::Move),
            ("h8", Action::Move),
        ])
    );
}

#[test]
fn lancer_passes_its_own_pieces_and_defends_them() {
    let lancer = pieces::lancer(Direction::NE);
    assert_eq!(
        attacks(&lancer, W, G8, "c3", &["e5"], &[]),
        names(&["d4", "e5", "f6", "g7", "h8"])
    );
    assert_eq!(
        attacks(&lancer, W, G8, "c3", &["d4", "e5", "f6"], &[]),
        names(&["d4", "e5", "f6", "g7", "h8"])
    );
    // It cannot land on its own piece but jumps on beyond it.
    assert_eq!(
        reach(&lancer, W, G8, "c3", &["e5"], &[]),
        actions(&[
            ("d4", Action::Move),
            ("f6", Action::Move),
            ("g7", Action::Move),
            ("h8", Action::Move),
        ])
    );
}

#[test]
fn lancer_stops_at_the_first_enemy() {
    let lancer = pieces::lancer(Direction::NE);
    assert_eq!(
        attacks(&lancer, W, G8, "c3", &[], &["e5"]),
        names(&["d4", "e5"])
    );
    // Own piece then enemy: through the own piece, up to and including the enemy.
    assert_eq!(
        attacks(&lancer, B, G8, "c3", &["d4"], &["f6", "h8"]),
        names(&["d4", "e5", "f6"])
    );
    assert_eq!(
        reach(&lancer, W, G8, "c3", &["d4"], &["f6", "h8"]),
        actions(&[("e5", Action::Move), ("f6", Action::Capture)])
    );
}

#[test]
fn lancer_facing_off_the_board_attacks_nothing() {
    let lancer = pieces::lancer(Direction::NE);
    assert_eq!(attacks(&lancer, W, G8, "h8", &[], &[]), names(&[]));
    assert_eq!(attacks(&lancer, W, G8, "c8", &[], &[]), names(&[]));
    assert_eq!(reach(&lancer, W, G8, "h5", &[], &[]), actions(&[]));
}

#[test]
fn lancer_other_facings() {
    assert_eq!(
        attacks(&pieces::lancer(Direction::S), B, G8, "c3", &[], &[]),
        names(&["c2", "c1"])
    );
    assert_eq!(
        attacks(&pieces::lancer(Direction::W), W, G8, "c3", &[], &[]),
        names(&["b3", "a3"])
    );
    assert_eq!(
        attacks(&pieces::lancer(Direction::NW), W, G8, "c3", &[], &[]),
        names(&["b4", "a5"])
    );
}

// ---------------------------------------------------------------------------------------
// War Machine (docs/rules/cromwell.md, "War Machines", "Capturing and shooting" and
// "Where our reading settles an open question")

#[test]
fn war_machine_on_an_empty_board_has_nothing_to_shoot() {
    let wm = pieces::war_machine();
    let r = reach(&wm, W, G8, "a1", &[], &[]);
    // Only moves, along the rook lines.
    let mut expected: Vec<(&str, Action)> = Vec::new();
    for s in [
        "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
    ] {
        expected.push((s, Action::Move));
    }
    assert_eq!(r, actions(&expected));
}

#[test]
fn war_machine_attack_set_on_an_empty_board_skips_the_adjacent_squares() {
    // Attacked squares (docs/rules/README.md, "Pieces and how they move"): an enemy
    // placed on any orthogonal square at distance >= 2 would be the nearest piece on its
    // line and be shot; an enemy placed on b1 or a2 (adjacent) would not.
    assert_eq!(
        attacks(&pieces::war_machine(), W, G8, "a1", &[], &[]),
        names(&["a3", "a4", "a5", "a6", "a7", "a8", "c1", "d1", "e1", "f1", "g1", "h1",])
    );
}

#[test]
fn war_machine_shoots_only_the_nearest_piece_at_distance_two_or_more() {
    // War Machine on d4.
    //  N: enemy d5 (adjacent, not shot) and enemy d8 behind it (not shot either).
    //  E: enemy f4 (distance 2, shot) and enemy h4 behind it (not shot).
    //  S: own d2 (nearest, never shot) and enemy d1 behind it (not shot).
    //  W: enemy a4 at distance 3 over empty c4, b4 (shot).
    let wm = pieces::war_machine();
    let own = ["d2"];
    let enemy = ["d5", "d8", "f4", "h4", "d1", "a4"];
    assert_eq!(
        reach(&wm, W, G8, "d4", &own, &enemy),
        actions(&[
            ("a4", Action::Shoot),
            ("b4", Action::Move),
            ("c4", Action::Move),
            ("d3", Action::Move),
            ("e4", Action::Move),
            ("f4", Action::Shoot),
        ])
    );
    // Attack set (docs/rules/README.md, "Pieces and how they move"): a4 and f4; b4, which
    // an enemy would reach as nearest piece at distance 2; d2, the own nearest piece at
    // distance 2 (defended). Not the adjacent d5, c4, e4, d3, nor anything behind a
    // nearest piece (d6-d8, g4, h4, d1).
    assert_eq!(
        attacks(&wm, W, G8, "d4", &own, &enemy),
        names(&["a4", "b4", "d2", "f4"])
    );
}

#[test]
fn war_machine_adjacent_enemy_blocks_and_is_not_attacked() {
    let wm = pieces::war_machine();
    // Enemies on all four neighbours: nothing at all is attacked or reachable.
    let enemy = ["d5", "e4", "d3", "c4"];
    assert_eq!(attacks(&wm, W, G8, "d4", &[], &enemy), names(&[]));
    assert_eq!(reach(&wm, W, G8, "d4", &[], &enemy), actions(&[]));
}

#[test]
fn war_machine_moves_never_capture() {
    let wm = pieces::war_machine();
    // Enemies everywhere around at various distances: no Capture action anywhere.
    let enemy = ["d5", "f4", "d1", "a4", "h8", "b2"];
    let r = reach(&wm, B, G8, "d4", &[], &enemy);
    assert!(r.iter().all(|(_, a)| *a != Action::Capture), "{r:?}");
    // And its moving atom alone attacks nothing.
    let move_atoms: Vec<Atom> = wm.atoms.iter().filter(|a| !a.attacks()).cloned().collect();
    assert_eq!(move_atoms.len(), 1);
    assert_eq!(atoms_attack(&move_atoms, W, G8, "d4", &[], &[]), names(&[]));
    // The moving atom's reach is exactly the empty squares up to the first piece.
    let occ = occupancy(G8, "d4", &[], &enemy);
    let occupant = |s: Square| occ[s.index()];
    let mut moved: Vec<(String, Action)> = move_atoms[0]
        .reach(B, G8, sq(G8, "d4"), &occupant)
        .into_iter()
        .map(|(s, a)| (G8.name(s).to_string(), a))
        .collect();
    moved.sort();
    assert_eq!(
        moved,
        actions(&[
            ("b4", Action::Move),
            ("c4", Action::Move),
            ("d2", Action::Move),
            ("d3", Action::Move),
            ("e4", Action::Move),
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Musketeer Hawk and Fortress (docs/rules/musketeer.md, "The pieces")

#[test]
fn hawk_from_d4_leaps_two_or_three_in_eight_directions() {
    assert_eq!(
        attacks(&pieces::hawk(), W, G8, "d4", &[], &[]),
        names(&[
            "b4", "f4", "d2", "d6", // D
            "b2", "b6", "f2", "f6", // A
            "a4", "g4", "d1", "d7", // H
            "a1", "a7", "g1", "g7", // G
        ])
    );
}

#[test]
fn hawk_from_a1() {
    assert_eq!(
        attacks(&pieces::hawk(), W, G8, "a1", &[], &[]),
        names(&["c1", "a3", "c3", "d1", "a4", "d4"])
    );
}

#[test]
fn hawk_jumps_over_pieces() {
    let crowd = ["a2", "b1", "b2", "b3", "c2", "a3"];
    // a3 holds an own piece: defended. The others are jumped.
    assert_eq!(
        attacks(&pieces::hawk(), W, G8, "a1", &crowd, &["c3"]),
        names(&["c1", "a3", "c3", "d1", "a4", "d4"])
    );
}

#[test]
fn fortress_from_f1_uses_narrow_knight_leaps_only() {
    // B3: g2 h3, e2 d3 c4; D: d1 h1 f3; narrow N: e3 g3. Never d2 or h2 (wide leaps).
    assert_eq!(
        attacks(&pieces::fortress(), W, G8, "f1", &[], &[]),
        names(&["c4", "d1", "d3", "e2", "e3", "f3", "g2", "g3", "h1", "h3"])
    );
}

#[test]
fn fortress_from_d4() {
    assert_eq!(
        attacks(&pieces::fortress(), W, G8, "d4", &[], &[]),
        names(&[
            "e5", "f6", "g7", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1", // B3
            "f4", "b4", "d6", "d2", // D
            "e6", "c6", "e2", "c2", // narrow N
        ])
    );
}

#[test]
fn fortress_from_a1_bishop_range_is_three() {
    // b2 c3 d4 but not e5; D c1 a3; narrow N b3 (c2 is a wide leap).
    assert_eq!(
        attacks(&pieces::fortress(), B, G8, "a1", &[], &[]),
        names(&["b2", "c3", "d4", "c1", "a3", "b3"])
    );
}

#[test]
fn fortress_bishop_range_is_blocked_but_its_leaps_are_not() {
    // Own piece on e5: defended, f6 g7 cut off. Enemy on c3: attacked, b2 a1 cut off.
    // Pieces on d5, c4 (the leaps' intermediate squares) change nothing.
    assert_eq!(
        attacks(
            &pieces::fortress(),
            W,
            G8,
            "d4",
            &["e5", "d5"],
            &["c3", "c4"]
        ),
        names(&[
            "e5", "c5", "b6", "a7", "e3", "f2", "g1", "c3", // B3
            "f4", "b4", "d6", "d2", // D
            "e6", "c6", "e2", "c2", // narrow N
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Hoppers (Path::Hop): the cannon (XBetza p) and the grasshopper (XBetza g)

/// A rook-line hopper of `mode` landing at most `max` squares beyond the screen.
fn hopper(mode: atom::Mode, max: u8) -> PieceKind {
    PieceKind::new(
        "Hopper",
        'X',
        vec![Atom {
            path: atom::Path::Hop { max },
            offsets: atom::wazir(),
            mode,
            relative: false,
        }],
    )
}

#[test]
fn cannon_without_a_screen_goes_nowhere() {
    let cannon = hopper(atom::Mode::MOVE_CAPTURE, atom::UNLIMITED);
    assert_eq!(reach(&cannon, W, G8, "d4", &[], &[]), actions(&[]));
    assert_eq!(attacks(&cannon, W, G8, "d4", &[], &[]), names(&[]));
}

#[test]
fn cannon_jumps_one_screen_of_either_side_and_lands_up_to_the_next_piece() {
    let cannon = hopper(atom::Mode::MOVE_CAPTURE, atom::UNLIMITED);
    // Own screen on d6: lands d7, captures d8. Enemy screen on f4: lands g4, h4.
    // Enemy screen on d2: lands d1. Nothing on the a-side of the rank: no screen.
    assert_eq!(
        reach(&cannon, W, G8, "d4", &["d6"], &["d8", "f4", "d2"]),
        actions(&[
            ("d7", Action::Move),
            ("d8", Action::Capture),
            ("g4", Action::Move),
            ("h4", Action::Move),
            ("d1", Action::Move),
        ])
    );
    // An own piece beyond the screen stops it without a capture.
    assert_eq!(
        reach(&cannon, W, G8, "d4", &["d6", "d8"], &[]),
        actions(&[("d7", Action::Move)])
    );
    // Two screens: it cannot jump the second.
    assert_eq!(
        reach(&cannon, W, G8, "a1", &["a2"], &["a3", "a5"]),
        actions(&[("a3", Action::Capture)])
    );
}

#[test]
fn xiangqi_cannon_captures_only_by_hopping() {
    let capture_hop = hopper(atom::Mode::CAPTURE, atom::UNLIMITED);
    assert_eq!(
        reach(&capture_hop, W, G8, "d4", &["d6"], &["d8", "f4"]),
        actions(&[("d8", Action::Capture)])
    );
    // It attacks the first piece beyond a screen, and every empty square beyond one
    // (an enemy placed there would be capturable), but nothing before the screen.
    assert_eq!(
        attacks(&capture_hop, W, G8, "d4", &["d6"], &[]),
        names(&["d7", "d8"])
    );
}

#[test]
fn grasshopper_lands_directly_behind_the_screen() {
    let grasshopper = hopper(atom::Mode::MOVE_CAPTURE, 1);
    assert_eq!(
        reach(&grasshopper, W, G8, "d4", &["d6"], &["e4", "f4", "d3"]),
        actions(&[
            ("d7", Action::Move),
            ("f4", Action::Capture),
            ("d2", Action::Move)
        ])
    );
    // Behind the screen is off the board: nothing.
    assert_eq!(
        reach(&grasshopper, B, G8, "d4", &["d8", "a4"], &[]),
        actions(&[])
    );
}

#[test]
fn hopper_limited_to_two_squares_beyond_the_screen() {
    let two = hopper(atom::Mode::MOVE_CAPTURE, 2);
    assert_eq!(
        reach(&two, W, G8, "a1", &["a3"], &[]),
        actions(&[("a4", Action::Move), ("a5", Action::Move)])
    );
}
