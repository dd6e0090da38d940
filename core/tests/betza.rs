//! Betza strings read into atoms, proved by what the atoms reach: Fairy-Stockfish's
//! predefined pieces (its `variants.ini` lists them with their Betza) against move counts
//! and independent hand-written movers on random boards, and the Betza of every piece of
//! `joust_core::pieces` against the hand-built atoms, for both sides.

use joust_core::atom::{lame_first_step, Atom, Mode, Path};
use joust_core::betza::{parse, BetzaErrorKind};
use joust_core::pieces;
use joust_core::rng::SplitMix64;
use joust_core::{Action, Color, Direction, Geometry, Occupant, PieceKind, Square};

const G8: Geometry = Geometry::CHESS;
const G10: Geometry = Geometry::TEN;

/// Everything `atoms` reach from `from` on `board`, sorted, for `color`.
fn reach(atoms: &[Atom], color: Color, g: Geometry, from: Square, board: &[Occupant]) -> Moves {
    let occupant = |s: Square| board[s.index()];
    let mut out: Moves = atoms
        .iter()
        .flat_map(|a| a.reach(color, g, from, &occupant))
        .collect();
    out.sort();
    out.dedup();
    out
}

type Moves = Vec<(Square, Action)>;

/// A board with the mover on `from` and each other square own, enemy or empty at random,
/// `percent` of them occupied.
fn random_board(rng: &mut SplitMix64, g: Geometry, from: Square, percent: usize) -> Vec<Occupant> {
    let mut board: Vec<Occupant> = g
        .squares()
        .map(|_| {
            if rng.below(100) >= percent {
                Occupant::Empty
            } else if rng.below(2) == 0 {
                Occupant::Own
            } else {
                Occupant::Enemy
            }
        })
        .collect();
    board[from.index()] = Occupant::Own;
    board
}

/// Runs `check(color, geometry, from, board)` on empty and random boards of both sizes.
fn on_random_boards(seed: u64, mut check: impl FnMut(Color, Geometry, Square, &[Occupant])) {
    let mut rng = SplitMix64::new(seed);
    for g in [G8, G10] {
        for color in Color::ALL {
            for from in g.squares() {
                let mut empty = vec![Occupant::Empty; g.len()];
                empty[from.index()] = Occupant::Own;
                check(color, g, from, &empty);
            }
            for i in 0..400 {
                let from = Square(rng.below(g.len()) as u8);
                let board = random_board(&mut rng, g, from, [10, 25, 45, 70, 90][i % 5]);
                check(color, g, from, &board);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Independent movers, written from the rules with coordinates, sharing nothing with
// joust_core::atom.

/// A tiny board reader for the hand-written movers.
struct Board<'a> {
    g: Geometry,
    cells: &'a [Occupant],
    from: (i8, i8),
}

impl Board<'_> {
    fn new(g: Geometry, from: Square, cells: &[Occupant]) -> Board<'_> {
        let from = (
            (from.index() % g.files() as usize) as i8,
            (from.index() / g.files() as usize) as i8,
        );
        Board { g, cells, from }
    }

    /// The square `(df, dr)` from the mover, if on the board, and what is on it.
    fn at(&self, df: i8, dr: i8) -> Option<(Square, Occupant)> {
        let (f, r) = (self.from.0 + df, self.from.1 + dr);
        if f < 0 || r < 0 || f >= self.g.files() as i8 || r >= self.g.ranks() as i8 {
            return None;
        }
        let sq = Square(r as u8 * self.g.files() + f as u8);
        Some((sq, self.cells[sq.index()]))
    }

    /// Adds moving to an empty `(df, dr)` and capturing an enemy there, as allowed.
    fn land(&self, out: &mut Moves, df: i8, dr: i8, moves: bool, captures: bool) {
        match self.at(df, dr) {
            Some((sq, Occupant::Empty)) if moves => out.push((sq, Action::Move)),
            Some((sq, Occupant::Enemy)) if captures => out.push((sq, Action::Capture)),
            _ => {}
        }
    }
}

fn finish(mut out: Moves) -> Moves {
    out.sort();
    out.dedup();
    out
}

const EIGHT_WAYS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn knight_leaps() -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for df in -2i8..=2 {
        for dr in -2i8..=2 {
            if df * df + dr * dr == 5 {
                v.push((df, dr));
            }
        }
    }
    v
}

fn ref_knight(b: &Board<'_>) -> Moves {
    let mut out = Vec::new();
    for (df, dr) in knight_leaps() {
        b.land(&mut out, df, dr, true, true);
    }
    finish(out)
}

/// Slides along each step of `ways` until the first piece, which it may capture.
fn ref_slider(b: &Board<'_>, ways: &[(i8, i8)]) -> Moves {
    let mut out = Vec::new();
    for &(df, dr) in ways {
        let mut k = 1;
        while let Some((_, occ)) = b.at(df * k, dr * k) {
            b.land(&mut out, df * k, dr * k, true, true);
            if occ != Occupant::Empty {
                break;
            }
            k += 1;
        }
    }
    finish(out)
}

/// The Xiangqi cannon: slides to move; captures the first piece beyond exactly one.
fn ref_xiangqi_cannon(b: &Board<'_>) -> Moves {
    let mut out = Vec::new();
    for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        let mut k = 1;
        let mut screens = 0;
        while let Some((sq, occ)) = b.at(df * k, dr * k) {
            match (occ, screens) {
                (Occupant::Empty, 0) => out.push((sq, Action::Move)),
                (Occupant::Empty, _) => {}
                (_, 0) => screens = 1,
                (Occupant::Enemy, _) => {
                    out.push((sq, Action::Capture));
                    break;
                }
                (_, _) => break,
            }
            k += 1;
        }
    }
    finish(out)
}

/// The grasshopper on queen lines: to the square just past the first piece.
fn ref_grasshopper(b: &Board<'_>) -> Moves {
    let mut out = Vec::new();
    for (df, dr) in EIGHT_WAYS {
        let mut k = 1;
        while let Some((_, occ)) = b.at(df * k, dr * k) {
            if occ != Occupant::Empty {
                b.land(&mut out, df * (k + 1), dr * (k + 1), true, true);
                break;
            }
            k += 1;
        }
    }
    finish(out)
}

/// The FIDE pawn of `color`, double step included (reach ignores "initial").
fn ref_pawn(b: &Board<'_>, color: Color) -> Moves {
    let up = if color == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    b.land(&mut out, 0, up, true, false);
    b.land(&mut out, -1, up, false, true);
    b.land(&mut out, 1, up, false, true);
    if matches!(b.at(0, up), Some((_, Occupant::Empty))) {
        b.land(&mut out, 0, 2 * up, true, false);
    }
    finish(out)
}

fn ref_nightrider(b: &Board<'_>) -> Moves {
    ref_slider(b, &knight_leaps())
}

/// The Xiangqi horse: a knight whose orthogonal first step must be empty.
fn ref_horse(b: &Board<'_>) -> Moves {
    let mut out = Vec::new();
    for (df, dr) in knight_leaps() {
        let leg = if dr.abs() == 2 {
            (0, dr / 2)
        } else {
            (df / 2, 0)
        };
        if matches!(b.at(leg.0, leg.1), Some((_, Occupant::Empty))) {
            b.land(&mut out, df, dr, true, true);
        }
    }
    finish(out)
}

/// The Xiangqi soldier of `color`: one step forward or sideways.
fn ref_soldier(b: &Board<'_>, color: Color) -> Moves {
    let up = if color == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    for (df, dr) in [(0, up), (1, 0), (-1, 0)] {
        b.land(&mut out, df, dr, true, true);
    }
    finish(out)
}

// ---------------------------------------------------------------------------------------
// Fairy-Stockfish's predefined pieces (src/variants.ini, "Piece types")

/// Each predefined piece, its Betza, and what it reaches from d4 on an empty 8x8 board as
/// White, counted by hand.
const FSF_PIECES: &[(&str, &str, usize)] = &[
    ("pawn", "fmWfceF", 1),
    ("knight", "N", 8),
    ("bishop", "B", 13),
    ("rook", "R", 14),
    ("queen", "Q", 27),
    ("fers", "F", 4),
    ("alfil", "A", 4),
    ("fersAlfil", "FA", 8),
    ("silver", "FfW", 5),
    ("aiwok", "RNF", 26),
    ("bers", "RF", 18),
    ("archbishop", "BN", 21),
    ("chancellor", "RN", 22),
    ("amazon", "QN", 35),
    ("knibis", "mNcB", 8),
    ("biskni", "mBcN", 13),
    ("kniroo", "mNcR", 8),
    ("rookni", "mRcN", 14),
    ("shogiPawn", "fW", 1),
    ("lance", "fR", 4),
    ("shogiKnight", "fN", 2),
    ("gold", "WfF", 6),
    ("dragonHorse", "BW", 17),
    ("clobber", "cW", 0),
    ("breakthrough", "fmWfF", 3),
    ("immobile", "", 0),
    ("cannon", "mRcpR", 14),
    ("janggiCannon", "pR", 0),
    ("soldier", "fsW", 3),
    ("horse", "nN", 8),
    ("elephant", "nA", 4),
    ("banner", "RcpRnN", 22),
    ("wazir", "W", 4),
    ("commoner", "K", 8),
    ("centaur", "KN", 16),
    ("king", "K", 8),
];

#[test]
fn every_fsf_predefined_piece_parses_and_reaches_its_hand_counted_squares_from_d4() {
    let d4 = G8.parse_square("d4").unwrap();
    let mut empty = vec![Occupant::Empty; G8.len()];
    empty[d4.index()] = Occupant::Own;
    for &(name, betza, count) in FSF_PIECES {
        let atoms = parse(betza).unwrap_or_else(|e| panic!("{name} {betza}: {e}"));
        let moves = reach(&atoms, Color::White, G8, d4, &empty);
        assert_eq!(moves.len(), count, "{name} {betza}: {moves:?}");
        assert!(moves.iter().all(|&(_, a)| a == Action::Move), "{name}");
    }
}

#[test]
fn janggi_elephant_nz_is_refused_because_its_blocking_squares_differ() {
    // Fairy-Stockfish's nZ (the Janggi elephant) is blocked on both squares of its path
    // (1,0) and (2,1) for the leap (3,2); XBoard's on the one square (1,1); Joust's
    // Path::Lame checks the single square lame_first_step names:
    assert_eq!(lame_first_step(3, 2), (1, 0));
    // so a Joust lame zebra would leap over a piece on (2,1), which the Janggi elephant
    // cannot. The reader refuses nZ rather than guess.
    let lame_zebra = Atom::leap(vec![(3, 2)], Mode::MOVE_CAPTURE).with_path(Path::Lame);
    let from = G8.parse_square("a1").unwrap();
    let mut board = vec![Occupant::Empty; G8.len()];
    board[G8.parse_square("c2").unwrap().index()] = Occupant::Enemy; // (2,1) from a1
    let d3 = G8.parse_square("d3").unwrap();
    assert_eq!(
        reach(&[lame_zebra], Color::White, G8, from, &board),
        vec![(d3, Action::Move)]
    );
    let err = parse("nZ").unwrap_err();
    assert_eq!(err.kind, BetzaErrorKind::LameAtom('Z'));
    assert_eq!(err.column, 1);
}

/// Compares `betza`'s reach with `reference` on empty and random boards.
fn agrees_with(betza: &str, seed: u64, reference: impl Fn(&Board<'_>, Color) -> Moves) {
    let atoms = parse(betza).unwrap();
    on_random_boards(seed, |color, g, from, board| {
        let expected = reference(&Board::new(g, from, board), color);
        let got = reach(&atoms, color, g, from, board);
        assert_eq!(
            got,
            expected,
            "{betza} {color:?} from {} on {board:?}",
            g.name(from)
        );
    });
}

#[test]
fn knight_agrees_with_a_hand_written_knight() {
    agrees_with("N", 1, |b, _| ref_knight(b));
}

#[test]
fn queen_agrees_with_a_hand_written_queen() {
    agrees_with("Q", 2, |b, _| ref_slider(b, &EIGHT_WAYS));
}

#[test]
fn xiangqi_cannon_agrees_with_a_hand_written_cannon() {
    agrees_with("mRcpR", 3, |b, _| ref_xiangqi_cannon(b));
}

#[test]
fn grasshopper_agrees_with_a_hand_written_grasshopper() {
    agrees_with("gQ", 4, |b, _| ref_grasshopper(b));
}

#[test]
fn pawn_agrees_with_a_hand_written_pawn_for_both_sides() {
    agrees_with("fmWfceFifmnD", 5, ref_pawn);
}

#[test]
fn nightrider_agrees_with_a_hand_written_nightrider() {
    agrees_with("NN", 6, |b, _| ref_nightrider(b));
}

#[test]
fn lame_horse_agrees_with_a_hand_written_xiangqi_horse() {
    agrees_with("nN", 7, |b, _| ref_horse(b));
}

#[test]
fn soldier_agrees_with_a_hand_written_soldier_for_both_sides() {
    agrees_with("fsW", 8, ref_soldier);
}

#[test]
fn black_pawn_moves_south_and_captures_south_diagonally() {
    let atoms = parse("fmWfceF").unwrap();
    let d4 = G8.parse_square("d4").unwrap();
    let mut board = vec![Occupant::Enemy; G8.len()];
    board[d4.index()] = Occupant::Own;
    board[G8.parse_square("d3").unwrap().index()] = Occupant::Empty;
    let names = |moves: Moves| -> Vec<String> {
        moves
            .into_iter()
            .map(|(s, a)| format!("{}{a:?}", G8.name(s)))
            .collect()
    };
    assert_eq!(
        names(reach(&atoms, Color::Black, G8, d4, &board)),
        ["c3Capture", "d3Move", "e3Capture"]
    );
    assert_eq!(
        names(reach(&atoms, Color::White, G8, d4, &board)),
        ["c5Capture", "e5Capture"]
    );
}

// ---------------------------------------------------------------------------------------
// Joust's own pieces, written in Betza, against their hand-built atoms

/// Every piece of joust_core::pieces with its Betza (Joust's extensions where needed).
fn joust_pieces() -> Vec<(PieceKind, &'static str)> {
    let mut v = vec![
        (pieces::king(), "K"),
        (pieces::queen(), "Q"),
        (pieces::rook(), "R"),
        (pieces::bishop(), "B"),
        (pieces::knight(), "N"),
        (pieces::pawn(), "fmWfcFifmnD"),
        (pieces::gryphon(), "t[FR]"),
        (pieces::crocodile(), "t[WB]"),
        (pieces::war_machine(), "mR!R2.."),
        (pieces::hawk(), "DAHG"),
        (pieces::fortress(), "B3DvN"),
        (pieces::kings_lancer(), "WD"),
        (pieces::queens_lancer(), "FA"),
        (pieces::royal_queen(), "K"),
        (pieces::queen_moving_king(), "Q"),
        (pieces::leopard(), "NB2"),
        (pieces::cannon(), "KDsN"),
        (pieces::unicorn(), "NC"),
        (pieces::musketeer_dragon(), "QN"),
        (pieces::chancellor(), "RN"),
        (pieces::archbishop(), "BN"),
        (pieces::elephant(), "KAD"),
        (pieces::spider(), "B2DN"),
        (pieces::royal_lion(), "KNADcaK"),
        (pieces::marshal(), "RN"),
        (pieces::paladin(), "BN"),
        (pieces::amazon(), "QN"),
        (pieces::bent_dragon(), "t[FR]t[WB]"),
        (pieces::cromwell_king(), "K~!Q2"),
        (pieces::rupert(), "Q!R2"),
        (pieces::pym(), "RN!R2!nN"),
        (pieces::shooting_bishop(), "B!B2"),
        (pieces::horseman(Color::White), "N!W"),
        (pieces::horseman(Color::Black), "N!F"),
        (pieces::cromwell_war_machine(), "mR!R2.."),
        (pieces::cromwell_pawn(), "fsW!fsW"),
    ];
    let lancers = [
        (Direction::N, "@~fR"),
        (Direction::NE, "@~frB"),
        (Direction::E, "@~rR"),
        (Direction::SE, "@~brB"),
        (Direction::S, "@~bR"),
        (Direction::SW, "@~blB"),
        (Direction::W, "@~lR"),
        (Direction::NW, "@~flB"),
    ];
    for (facing, betza) in lancers {
        v.push((pieces::lancer(facing), betza));
    }
    let leapers = [
        ("wazir", "W"),
        ("ferz", "F"),
        ("dabbaba", "D"),
        ("alfil", "A"),
        ("camel", "C"),
        ("zebra", "Z"),
    ];
    for (id, betza) in leapers {
        let kind = pieces::leapers()
            .into_iter()
            .find(|(name, _)| *name == id)
            .map(|(_, k)| k)
            .unwrap();
        v.push((kind, betza));
    }
    v
}

/// The atoms with and without [`Mode::INITIAL`], apart: reach ignores that flag, so the
/// comparison keeps the two sets apart to see it.
fn split_initial(atoms: &[Atom]) -> [Vec<Atom>; 2] {
    let (initial, always): (Vec<Atom>, Vec<Atom>) = atoms
        .iter()
        .cloned()
        .partition(|a| a.mode.contains(Mode::INITIAL));
    [always, initial]
}

#[test]
fn the_betza_of_every_joust_piece_reaches_what_its_atoms_reach_for_both_sides() {
    for (seed, (kind, betza)) in joust_pieces().into_iter().enumerate() {
        let parsed = parse(betza).unwrap_or_else(|e| panic!("{} {betza}: {e}", kind.name));
        let ours = split_initial(&parsed);
        let theirs = split_initial(&kind.atoms);
        on_random_boards(seed as u64, |color, g, from, board| {
            for (a, b) in ours.iter().zip(&theirs) {
                assert_eq!(
                    reach(a, color, g, from, board),
                    reach(b, color, g, from, board),
                    "{} {betza} {color:?} from {} on {board:?}",
                    kind.name,
                    g.name(from)
                );
            }
        });
    }
}

#[test]
fn a_wrong_betza_for_a_joust_piece_is_caught() {
    // The comparison above can fail: a pawn without its double step, a knight written as
    // a camel, a lancer without @ (Black's would face the other way) all differ somewhere.
    for (kind, wrong) in [
        (pieces::pawn(), "fmWfcF"),
        (pieces::knight(), "C"),
        (pieces::lancer(Direction::N), "~fR"),
        (pieces::war_machine(), "mR!R"),
    ] {
        let parsed = parse(wrong).unwrap();
        let mut differs = false;
        on_random_boards(99, |color, g, from, board| {
            differs |=
                reach(&parsed, color, g, from, board) != reach(&kind.atoms, color, g, from, board);
        });
        assert!(differs, "{} {wrong}", kind.name);
    }
}
