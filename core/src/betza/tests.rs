//! Unit tests of the Betza reader: what each construct becomes, the direction tables
//! (checked by hand against Fairy-Stockfish's `piece.cpp` and XBoard's `moves.c`
//! readings), every refusal with its column, and random text that must never panic.

use super::{parse, BetzaError, BetzaErrorKind};
use crate::atom::{ferz, king_steps, symmetric, wazir, Atom, Mode, Outward, Path, UNLIMITED};
use crate::rng::SplitMix64;

fn one(text: &str) -> Atom {
    let atoms = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(atoms.len(), 1, "{text}: {atoms:?}");
    atoms.into_iter().next().unwrap()
}

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort();
    v
}

/// The offsets `text` (one group) selects, sorted.
fn offsets(text: &str) -> Vec<(i8, i8)> {
    sorted(one(text).offsets)
}

// ---------------------------------------------------------------------------------------
// Atoms, riders and ranges

#[test]
fn the_empty_string_is_a_piece_without_moves() {
    assert_eq!(parse(""), Ok(vec![]));
    assert_eq!(parse("   "), Ok(vec![]));
}

#[test]
fn leaper_letters_give_their_eight_or_four_leaps() {
    for (letter, a, b) in [
        ("W", 1, 0),
        ("F", 1, 1),
        ("D", 2, 0),
        ("N", 2, 1),
        ("A", 2, 2),
        ("H", 3, 0),
        ("C", 3, 1),
        ("Z", 3, 2),
        ("G", 3, 3),
    ] {
        let atom = one(letter);
        assert_eq!(atom.path, Path::Leap, "{letter}");
        assert_eq!(atom.mode, Mode::MOVE_CAPTURE, "{letter}");
        assert!(!atom.relative, "{letter}");
        assert_eq!(sorted(atom.offsets), sorted(symmetric(a, b)), "{letter}");
    }
    assert_eq!(offsets("K"), sorted(king_steps()));
    assert_eq!(one("K").path, Path::Leap);
}

#[test]
fn rider_letters_and_doubled_leapers_ride_without_limit() {
    let ride = Path::Ride {
        min: 1,
        max: UNLIMITED,
    };
    for (text, dirs) in [
        ("R", wazir()),
        ("WW", wazir()),
        ("B", ferz()),
        ("FF", ferz()),
        ("Q", king_steps()),
        ("KK", king_steps()),
        ("NN", symmetric(2, 1)),
        ("N0", symmetric(2, 1)),
        ("R0", wazir()),
    ] {
        let atom = one(text);
        assert_eq!(atom.path, ride, "{text}");
        assert_eq!(sorted(atom.offsets), sorted(dirs), "{text}");
    }
}

#[test]
fn a_number_after_an_atom_is_its_range() {
    let range = |max| Path::Ride { min: 1, max };
    assert_eq!(one("R4").path, range(4));
    assert_eq!(one("W2").path, range(2));
    assert_eq!(one("B3").path, range(3));
    assert_eq!(one("N2").path, range(2));
    assert_eq!(one("Q12").path, range(12));
    assert_eq!(one("K2").path, range(2));
    assert_eq!(offsets("K2"), sorted(king_steps()));
    // A range of one is the leap itself.
    assert_eq!(one("W1").path, Path::Leap);
    assert_eq!(one("R1").path, Path::Leap);
    assert_eq!(offsets("R1"), sorted(wazir()));
}

#[test]
fn a_range_with_a_minimum_is_a_joust_extension() {
    let ride = |min, max| Path::Ride { min, max };
    assert_eq!(one("R2..").path, ride(2, UNLIMITED));
    assert_eq!(one("R2..0").path, ride(2, UNLIMITED));
    assert_eq!(one("R2..4").path, ride(2, 4));
    assert_eq!(one("W3..3").path, ride(3, 3));
    assert_eq!(one("R1..1").path, Path::Leap);
}

#[test]
fn groups_follow_one_another_in_the_order_written() {
    let atoms = parse("QN").unwrap();
    assert_eq!(atoms.len(), 2);
    assert_eq!(sorted(atoms[0].offsets.clone()), sorted(king_steps()));
    assert_eq!(sorted(atoms[1].offsets.clone()), sorted(symmetric(2, 1)));
    assert_eq!(parse("NNN").unwrap().len(), 2); // NN then N
    assert_eq!(parse(" RN\t").unwrap().len(), 2);
}

// ---------------------------------------------------------------------------------------
// Modes

#[test]
fn modes_m_c_and_shoot_add_up_and_default_to_move_and_capture() {
    assert_eq!(one("W").mode, Mode::MOVE_CAPTURE);
    assert_eq!(one("mW").mode, Mode::MOVE);
    assert_eq!(one("cW").mode, Mode::CAPTURE);
    assert_eq!(one("mcW").mode, Mode::MOVE_CAPTURE);
    assert_eq!(one("cmW").mode, Mode::MOVE_CAPTURE);
    assert_eq!(one("!R").mode, Mode::SHOOT);
    assert_eq!(one("m!R").mode, Mode::MOVE | Mode::SHOOT);
    assert_eq!(one("iW").mode, Mode::MOVE_CAPTURE | Mode::INITIAL);
    assert_eq!(one("imnD").mode, Mode::MOVE | Mode::INITIAL);
}

#[test]
fn en_passant_beside_capture_is_read_as_capture() {
    assert_eq!(one("fceF"), one("fcF"));
    assert_eq!(one("ecF"), one("cF"));
    assert_eq!(one("mceW"), one("mcW"));
}

// ---------------------------------------------------------------------------------------
// Paths

#[test]
fn lame_leaps_are_n_on_knight_alfil_and_dabbaba() {
    for text in ["nN", "nA", "nD"] {
        assert_eq!(one(text).path, Path::Lame, "{text}");
    }
    let double_step = one("ifmnD");
    assert_eq!(double_step.offsets, vec![(0, 2)]);
    assert_eq!(double_step.path, Path::Lame);
    assert!(double_step.relative);
}

#[test]
fn p_is_a_cannon_and_g_a_grasshopper_on_any_rider() {
    let cannon = Path::Hop { max: UNLIMITED };
    let grasshopper = Path::Hop { max: 1 };
    assert_eq!(one("pR").path, cannon);
    assert_eq!(one("pB").path, cannon);
    assert_eq!(one("pQ").path, cannon);
    assert_eq!(one("pNN").path, cannon);
    assert_eq!(one("gQ").path, grasshopper);
    assert_eq!(one("gWW").path, grasshopper);
    let xiangqi = parse("mRcpR").unwrap();
    assert_eq!(
        xiangqi[0].path,
        Path::Ride {
            min: 1,
            max: UNLIMITED
        }
    );
    assert_eq!(xiangqi[0].mode, Mode::MOVE);
    assert_eq!(xiangqi[1].path, cannon);
    assert_eq!(xiangqi[1].mode, Mode::CAPTURE);
}

#[test]
fn tilde_rides_through_own_pieces() {
    let king_shot = one("~!Q2");
    assert_eq!(king_shot.path, Path::RideThroughOwn { min: 1, max: 2 });
    assert_eq!(king_shot.mode, Mode::SHOOT);
    assert_eq!(sorted(king_shot.offsets), sorted(king_steps()));
    assert_eq!(
        one("~R").path,
        Path::RideThroughOwn {
            min: 1,
            max: UNLIMITED
        }
    );
    assert_eq!(
        one("~R2..").path,
        Path::RideThroughOwn {
            min: 2,
            max: UNLIMITED
        }
    );
}

#[test]
fn bent_riders_are_betza_t_brackets() {
    let gryphon = one("t[FR]");
    assert_eq!(
        gryphon.path,
        Path::Bent {
            outward: Outward::Orthogonal
        }
    );
    assert_eq!(sorted(gryphon.offsets), sorted(ferz()));
    let crocodile = one("t[WB]");
    assert_eq!(
        crocodile.path,
        Path::Bent {
            outward: Outward::Diagonal
        }
    );
    assert_eq!(sorted(crocodile.offsets), sorted(wazir()));
    let forward = one("mft[FR]");
    assert_eq!(sorted(forward.offsets), vec![(-1, 1), (1, 1)]);
    assert!(forward.relative);
    assert_eq!(forward.mode, Mode::MOVE);
}

#[test]
fn cak_is_the_lions_double_step() {
    let atoms = parse("KNADcaK").unwrap();
    assert_eq!(atoms.len(), 5);
    assert_eq!(atoms[4].path, Path::LionDouble);
    assert_eq!(atoms[4].mode, Mode::MOVE_CAPTURE);
}

// ---------------------------------------------------------------------------------------
// Directions: the tables of Fairy-Stockfish's from_betza and XBoard's MovesFromString
// agree on every entry below (worked out by hand from both).

#[test]
fn directions_on_the_knight() {
    let table: &[(&str, &[(i8, i8)])] = &[
        ("f", &[(-1, 2), (1, 2)]),
        ("b", &[(-1, -2), (1, -2)]),
        ("r", &[(2, -1), (2, 1)]),
        ("l", &[(-2, -1), (-2, 1)]),
        ("v", &[(-1, -2), (-1, 2), (1, -2), (1, 2)]),
        ("s", &[(-2, -1), (-2, 1), (2, -1), (2, 1)]),
        ("ff", &[(-1, 2), (1, 2)]),
        ("fr", &[(2, 1)]),
        ("fl", &[(-2, 1)]),
        ("br", &[(2, -1)]),
        ("bl", &[(-2, -1)]),
        ("rf", &[(1, 2)]),
        ("rb", &[(1, -2)]),
        ("lf", &[(-1, 2)]),
        ("lb", &[(-1, -2)]),
        ("fs", &[(-2, 1), (2, 1)]),
        ("bs", &[(-2, -1), (2, -1)]),
        ("rv", &[(1, -2), (1, 2)]),
        ("lv", &[(-1, -2), (-1, 2)]),
        ("fh", &[(-2, 1), (-1, 2), (1, 2), (2, 1)]),
        ("bh", &[(-2, -1), (-1, -2), (1, -2), (2, -1)]),
        ("rh", &[(1, -2), (1, 2), (2, -1), (2, 1)]),
        ("lh", &[(-2, -1), (-2, 1), (-1, -2), (-1, 2)]),
        ("hr", &[(-2, 1), (-1, -2), (1, 2), (2, -1)]),
        ("hl", &[(-2, -1), (-1, 2), (1, -2), (2, 1)]),
        ("fb", &[(-1, -2), (-1, 2), (1, -2), (1, 2)]),
        ("frl", &[(-2, -1), (-2, 1), (2, 1)]),
        // ff pairs, so s stands alone: f and s.
        (
            "ffs",
            &[(-2, -1), (-2, 1), (-1, 2), (1, 2), (2, -1), (2, 1)],
        ),
        // f pairs with h, so l stands alone: fh and l.
        ("fhl", &[(-2, -1), (-2, 1), (-1, 2), (1, 2), (2, 1)]),
    ];
    for &(dirs, expected) in table {
        let text = format!("{dirs}N");
        match parse(&text) {
            Ok(atoms) => assert_eq!(sorted(atoms[0].offsets.clone()), expected, "{text}"),
            // Directions that are neither left-right symmetric nor half-turn symmetric
            // are refused without @; read them with @.
            Err(e) => {
                assert_eq!(e.kind, BetzaErrorKind::Chiral, "{text}");
                assert_eq!(offsets(&format!("@{text}")), expected, "@{text}");
            }
        }
    }
}

#[test]
fn directions_on_camel_zebra_and_nightrider_follow_the_knight() {
    assert_eq!(offsets("fC"), vec![(-1, 3), (1, 3)]);
    assert_eq!(offsets("@frZ"), vec![(3, 2)]);
    assert_eq!(offsets("@rfZ"), vec![(2, 3)]);
    assert_eq!(offsets("fsNN"), vec![(-2, 1), (2, 1)]);
}

#[test]
fn directions_on_the_ferz() {
    let table: &[(&str, &[(i8, i8)])] = &[
        ("f", &[(-1, 1), (1, 1)]),
        ("b", &[(-1, -1), (1, -1)]),
        ("r", &[(1, -1), (1, 1)]),
        ("l", &[(-1, -1), (-1, 1)]),
        ("ff", &[(-1, 1), (1, 1)]),
        ("fr", &[(1, 1)]),
        ("rf", &[(1, 1)]),
        ("fl", &[(-1, 1)]),
        ("lf", &[(-1, 1)]),
        ("br", &[(1, -1)]),
        ("rb", &[(1, -1)]),
        ("bl", &[(-1, -1)]),
        ("lb", &[(-1, -1)]),
        ("fb", &[(-1, -1), (-1, 1), (1, -1), (1, 1)]),
        ("lfrb", &[(-1, 1), (1, -1)]),
        ("rflb", &[(-1, -1), (1, 1)]),
    ];
    for &(dirs, expected) in table {
        assert_eq!(offsets(&format!("@{dirs}F")), expected, "{dirs}F");
        assert_eq!(offsets(&format!("@{dirs}B")), expected, "{dirs}B");
    }
    assert_eq!(offsets("@frA"), vec![(2, 2)]);
}

#[test]
fn directions_on_the_wazir_add_up() {
    let table: &[(&str, &[(i8, i8)])] = &[
        ("f", &[(0, 1)]),
        ("b", &[(0, -1)]),
        ("r", &[(1, 0)]),
        ("l", &[(-1, 0)]),
        ("v", &[(0, -1), (0, 1)]),
        ("s", &[(-1, 0), (1, 0)]),
        ("fs", &[(-1, 0), (0, 1), (1, 0)]),
        ("sf", &[(-1, 0), (0, 1), (1, 0)]),
        ("fr", &[(0, 1), (1, 0)]),
        ("vs", &[(-1, 0), (0, -1), (0, 1), (1, 0)]),
        ("lr", &[(-1, 0), (1, 0)]),
    ];
    for &(dirs, expected) in table {
        assert_eq!(offsets(&format!("@{dirs}W")), expected, "{dirs}W");
        assert_eq!(offsets(&format!("@{dirs}R")), expected, "{dirs}R");
    }
    assert_eq!(offsets("fD"), vec![(0, 2)]);
    assert_eq!(offsets("sH"), vec![(-3, 0), (3, 0)]);
}

#[test]
fn directions_are_letters_next_to_each_other_among_other_modifiers() {
    // f and r apart (m between them) are two single letters: f and r on a ferz.
    assert_eq!(offsets("@fmrF"), vec![(-1, 1), (1, -1), (1, 1)]);
    assert_eq!(offsets("@frF"), vec![(1, 1)]);
    assert_eq!(one("mfW"), one("fmW"));
}

#[test]
fn forward_turns_with_the_side_unless_the_set_is_the_same_after_a_half_turn() {
    for (text, relative) in [
        ("fW", true),
        ("fsW", true),
        ("fN", true),
        ("fhN", true),
        ("bF", true),
        ("fR", true),
        ("vW", false),
        ("sW", false),
        ("vR", false),
        ("hrN", false),
        ("hlN", false),
        ("lfrbB", false),
        ("lrR", false),
        ("N", false),
        ("@fW", false),
    ] {
        assert_eq!(one(text).relative, relative, "{text}");
    }
}

// ---------------------------------------------------------------------------------------
// Refusals

#[test]
fn every_refusal_names_its_kind_and_column() {
    use BetzaErrorKind::*;
    let dir = |written: &str, atom| Direction {
        written: written.to_string(),
        atom,
    };
    let table: Vec<(&str, BetzaErrorKind, usize)> = vec![
        ("E", UnknownAtom('E'), 1),
        ("fX", UnknownAtom('X'), 2),
        ("J", AmbiguousAtom('J'), 1),
        ("mL", AmbiguousAtom('L'), 2),
        ("O2", UnsupportedAtom('O'), 1),
        ("KU", UnsupportedAtom('U'), 2),
        ("R*", UnknownCharacter('*'), 2),
        ("R N", UnknownCharacter(' '), 2),
        ("Ré", UnknownCharacter('é'), 2),
        ("[FR]", UnknownCharacter('['), 1),
        ("R]", UnknownCharacter(']'), 2),
        ("fm", MissingAtom, 1),
        ("Rcp", MissingAtom, 2),
        ("2R", MisplacedRange, 1),
        ("R..3", MisplacedRange, 2),
        (".", MisplacedRange, 1),
        ("t[FR]2", MisplacedRange, 6),
        ("R255", RangeTooLarge, 2),
        ("R99999999999999999999", RangeTooLarge, 2),
        ("R2..300", RangeTooLarge, 2),
        ("R0..3", BadRange, 2),
        ("R5..3", BadRange, 2),
        ("R2.3", BadRange, 3),
        ("RR", AlreadyRider('R'), 2),
        ("mBB", AlreadyRider('B'), 3),
        ("NN2", AlreadyRider('N'), 3),
        ("mRpN", HopNeedsRider('p'), 3),
        ("gW", HopNeedsRider('g'), 1),
        ("pK", HopNeedsRider('p'), 1),
        ("pR2", RangedHopper, 3),
        ("mRpRmFpB2", RangedHopper, 9),
        ("nR", LameRider, 1),
        ("nNN", LameRider, 1),
        ("nN2", LameRider, 1),
        ("nW", LameAtom('W'), 1),
        ("nF", LameAtom('F'), 1),
        ("nK", LameAtom('K'), 1),
        ("nZ", LameAtom('Z'), 1),
        ("nC", LameAtom('C'), 1),
        ("mnH", LameAtom('H'), 2),
        ("nG", LameAtom('G'), 1),
        ("~N", ThroughOwnNeedsRider, 1),
        ("pgR", Conflict('p', 'g'), 2),
        ("npR", Conflict('n', 'p'), 2),
        ("~nR", Conflict('~', 'n'), 2),
        ("pt[FR]", Conflict('t', 'p'), 1),
        ("m~t[WB]", Conflict('t', '~'), 2),
        ("hW", dir("h", 'W'), 1),
        ("hrW", dir("hr", 'W'), 1),
        ("fhR", dir("fh", 'R'), 1),
        ("vF", dir("v", 'F'), 1),
        ("sB", dir("s", 'B'), 1),
        ("fsF", dir("fs", 'F'), 1),
        ("hrF", dir("hr", 'F'), 1),
        ("vvF", dir("vv", 'F'), 1),
        ("vlN", dir("vl", 'N'), 1),
        ("sfN", dir("sf", 'N'), 1),
        ("vvN", dir("vv", 'N'), 1),
        ("hN", dir("h", 'N'), 1),
        ("hfN", dir("hf", 'N'), 1),
        ("hrfN", dir("hr", 'N'), 1),
        ("fK", DirectionOnCompound('K'), 1),
        ("mfQ", DirectionOnCompound('Q'), 2),
        ("vK2", DirectionOnCompound('K'), 1),
        ("rW", Chiral, 1),
        ("frW", Chiral, 1),
        ("mfrWmrfF", Chiral, 2),
        ("frN", Chiral, 1),
        ("rhN", Chiral, 1),
        ("eF", EnPassantAlone, 1),
        ("meF", EnPassantAlone, 2),
        ("iiW", RepeatedInitial, 2),
        ("t[FB]", BadBent, 1),
        ("t[RF]", BadBent, 1),
        ("t[F]", BadBent, 1),
        ("t[", BadBent, 1),
        ("t[fR]", BadBent, 1),
        ("caQ", UnsupportedModifier('a'), 2),
        ("cafsW", UnsupportedModifier('a'), 2),
        ("mcabK", UnsupportedModifier('a'), 3),
        ("acK", UnsupportedModifier('a'), 1),
        ("caKK", UnsupportedModifier('a'), 2),
        ("cat[FR]", UnsupportedModifier('a'), 2),
        ("jR", UnsupportedModifier('j'), 1),
        ("dK", UnsupportedModifier('d'), 1),
        ("oR", UnsupportedModifier('o'), 1),
        ("tpR", UnsupportedModifier('t'), 1),
        ("zN", UnsupportedModifier('z'), 1),
        ("yB", UnsupportedModifier('y'), 1),
        ("NxW", UnsupportedModifier('x'), 2),
    ];
    for (text, kind, column) in table {
        assert_eq!(
            parse(text),
            Err(BetzaError {
                kind: kind.clone(),
                column
            }),
            "{text}"
        );
    }
}

#[test]
fn messages_name_the_column_and_the_construct() {
    let message = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        message("R4pN"),
        "column 3: 'p' (hopping) needs a rider such as R or B"
    );
    assert!(message("fK").contains("write them on W and F"));
    assert!(message("nZ").starts_with("column 1: 'n' (lame)"));
    assert!(message("jR").contains("'j' (jumping or skipping)"));
    assert!(message("rW").contains("'@'"));
    assert!(message("O").contains("castling"));
}

#[test]
fn leading_spaces_count_in_columns() {
    assert_eq!(parse("  X").unwrap_err().column, 3);
}

// ---------------------------------------------------------------------------------------
// Never a panic

/// Random text over the notation's own characters (so that many strings get far into
/// the reader) and, one time in four, arbitrary bytes read as UTF-8.
fn random_text(rng: &mut SplitMix64) -> String {
    const ALPHABET: &[char] = &[
        'W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K', 'R', 'B', 'Q', 'J', 'L', 'O', 'U', 'E',
        'f', 'b', 'l', 'r', 'v', 's', 'h', 'm', 'c', 'e', 'i', 'n', 'p', 'g', 'a', 'j', 't', 'o',
        'y', '!', '~', '@', '[', ']', '.', '0', '1', '2', '9', ' ', 'é',
    ];
    let len = rng.below(14);
    if rng.below(4) == 0 {
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect()
    }
}

#[test]
fn random_text_never_panics_and_what_is_accepted_is_well_formed() {
    let mut rng = SplitMix64::new(0xBE72A);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..40_000 {
        let text = random_text(&mut rng);
        match parse(&text) {
            Ok(atoms) => {
                accepted += 1;
                for atom in atoms {
                    let acts = atom
                        .mode
                        .intersects(Mode::MOVE | Mode::CAPTURE | Mode::SHOOT);
                    assert!(acts, "{text:?}: {atom:?}");
                    let has_offsets = atom.path == Path::LionDouble || !atom.offsets.is_empty();
                    assert!(has_offsets, "{text:?}: {atom:?}");
                }
            }
            Err(e) => {
                refused += 1;
                let columns = text.chars().count();
                assert!(
                    (1..=columns).contains(&e.column),
                    "{text:?}: column {} of {columns}",
                    e.column
                );
                assert!(!e.to_string().is_empty());
            }
        }
    }
    // The generator reaches both outcomes often, or this test would prove little.
    assert!(accepted > 2_000 && refused > 2_000, "{accepted} {refused}");
}
