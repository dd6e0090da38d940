//! FEN for `musketeer` (docs/rules/musketeer.md, "Writing moves" and "Where our reading
//! settles an open question"): the bracket gating field, the 10-row form, one test per
//! gating `FenError`, round trips and Zobrist keys. Every expected value is worked out by
//! hand from the rules book (docs/rules/).

use joust_core::variants;
use joust_core::{Color, FenError, Gating, KindId, Position, Slot};
use std::path::Path;

type Pos = Position<u64>;

fn parse(fen: &str) -> Result<Pos, FenError> {
    Pos::from_fen(variants::musketeer(), fen)
}

fn ok(fen: &str) -> Pos {
    parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts that `fen` fails with exactly `expected`, and that the message names `token`.
fn fails(fen: &str, expected: FenError, token: &str) {
    let err = match parse(fen) {
        Ok(pos) => panic!("{fen:?} was accepted as {}", pos.to_fen()),
        Err(e) => e,
    };
    assert_eq!(err, expected, "FEN {fen:?}");
    let text = err.to_string();
    assert!(
        text.contains(token),
        "message {text:?} for {fen:?} does not mention {token:?}"
    );
}

/// The start placement.
const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// `BOARD` with a gating field and the other fields.
fn board(gating: &str, rest: &str) -> String {
    format!("{BOARD}{gating} {rest}")
}

/// The 10-row form of the start board with these reserve rows.
fn rows(black: &str, white: &str, rest: &str) -> String {
    format!("{black}/{BOARD}/{white} {rest}")
}

// Kind ids of the musketeer types, in the order of `variants::musketeer` (the table in
// docs/rules/musketeer.md, "The pieces").
// Kind ids in the order of core/games/musketeer.ini's piece keys.
const LEOPARD: KindId = KindId(6);
const CANNON: KindId = KindId(7);
const ARCHBISHOP: KindId = KindId(11);
const FORTRESS: KindId = KindId(14);
const SPIDER: KindId = KindId(15);

fn gating(types: [Option<KindId>; 2], white: [Slot; 2], black: [Slot; 2]) -> Gating {
    Gating {
        types,
        slots: [white, black],
    }
}

/// The `epd` positions of a reference perft file, in file order.
fn epds(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../suites/reference")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("epd "))
        .map(|f| f.trim().to_string())
        .collect()
}

// ---------------------------------------------------------------------------------------
// FEN examples (docs/rules/musketeer.md, "Writing moves") and the reference files

/// The `epd` lines of `suites/reference/musketeer.perft`.
const PERFT_FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[UeFcudfh] w KQkq - 0 4",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CaLgcelb] w KQkq - 0 4",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DdHhdgha] w KQkq - 0 4",
    "r1bqkbn1/4pppr/ppSp3B/8/6P1/1PN5/P1P1PP1P/R2QKBNR[S-Fasefd] b KQq - 0 12",
];

/// Bracket-form examples through the setup (docs/rules/musketeer.md, "Writing moves";
/// fullmove 2 after both picks: "The setup").
const RULES_FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?l?] b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?C?l?c?] w KQkq - 0 2",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 4",
];

const TEN_ROW: &str = "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LC****** w KQkq - 0 1";

#[test]
fn rules_examples_round_trip() {
    for fen in RULES_FENS {
        let pos = ok(fen);
        assert_eq!(pos.to_fen(), fen);
        assert!(pos.is_consistent(), "{fen}");
    }
}

#[test]
fn rules_examples_read_the_right_field() {
    use Slot::{File, Unplaced};
    assert_eq!(*ok(RULES_FENS[0]).gating(), Gating::default());
    assert_eq!(
        *ok(RULES_FENS[1]).gating(),
        gating([Some(LEOPARD), None], [Unplaced; 2], [Unplaced; 2])
    );
    assert_eq!(
        *ok(RULES_FENS[2]).gating(),
        gating([Some(LEOPARD), Some(CANNON)], [Unplaced; 2], [Unplaced; 2])
    );
    // White: Leopard b0, Cannon d0; Black: Leopard g9, Cannon f9.
    assert_eq!(
        *ok(RULES_FENS[3]).gating(),
        gating(
            [Some(LEOPARD), Some(CANNON)],
            [File(1), File(3)],
            [File(6), File(5)]
        )
    );
}

#[test]
fn missing_bracket_reads_as_empty_field() {
    let pos = ok(&format!("{BOARD} w KQkq - 0 1"));
    assert_eq!(*pos.gating(), Gating::default());
    assert_eq!(pos.to_fen(), RULES_FENS[0]);
    assert_eq!(pos.key(), ok(RULES_FENS[0]).key());
    // Without the clocks too.
    assert_eq!(ok(&format!("{BOARD} w KQkq -")).to_fen(), RULES_FENS[0]);
}

#[test]
fn perft_positions_round_trip() {
    let from_file = epds("musketeer.perft");
    assert_eq!(from_file, PERFT_FENS, "musketeer.perft changed");
    for fen in &from_file {
        let pos = ok(fen);
        assert_eq!(&pos.to_fen(), fen);
        assert!(pos.is_consistent(), "{fen}");
    }
}

#[test]
fn perft_position_with_gone_slot_reads_every_field() {
    use Slot::{File, Gone};
    let pos = ok(PERFT_FENS[4]);
    // White's Spider has gone (it stands on c6), its Fortress waits at a0; Black's Spider
    // waits at e9, its Fortress at d9.
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(SPIDER), Some(FORTRESS)],
            [Gone, File(0)],
            [File(4), File(3)]
        )
    );
    assert_eq!(pos.gating().setup_step(), None);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.fullmove_number(), 12);
    let g = variants::musketeer().geometry;
    let c6 = pos.piece_at(g.parse_square("c6").unwrap()).unwrap();
    assert_eq!((c6.color, c6.kind), (Color::White, SPIDER));
}

#[test]
fn ten_row_example_reads_as_bracket_field() {
    use Slot::File;
    let pos = ok(TEN_ROW);
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(LEOPARD), Some(CANNON)],
            [File(0), File(1)],
            [File(0), File(1)]
        )
    );
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LaCblacb] w KQkq - 0 1"
    );
    let bracket = ok(&pos.to_fen());
    assert_eq!(bracket.key(), pos.key());
    assert_eq!(bracket.to_fen(), pos.to_fen());
}

#[test]
fn ten_row_types_ordered_by_first_appearance() {
    use Slot::File;
    // White's row shows L (b) before C (d); Black's row shows c (a) before l (b): the
    // order comes from White's row.
    let pos = ok(&rows("cl******", "*L*C****", "w KQkq - 0 1"));
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(LEOPARD), Some(CANNON)],
            [File(1), File(3)],
            [File(1), File(0)]
        )
    );
    assert_eq!(pos.to_fen(), board("[LbCdlbca]", "w KQkq - 0 1"));
}

#[test]
fn ten_row_type_only_in_whites_row_is_gone_for_black() {
    use Slot::{File, Gone};
    // White shows L (a) and C (c); Black shows only l (a), so Black's Cannon has gone
    // (docs/rules/musketeer.md, "Writing moves").
    let pos = ok(&rows("l*******", "L*C*****", "w KQkq - 0 1"));
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(LEOPARD), Some(CANNON)],
            [File(0), File(2)],
            [File(0), Gone]
        )
    );
    assert_eq!(pos.gating().setup_step(), None);
    assert_eq!(pos.to_fen(), board("[LaCclac-]", "w KQkq - 0 1"));
    assert_eq!(pos.key(), pos.compute_key());
}

#[test]
fn ten_row_type_only_in_blacks_row_is_gone_for_white() {
    use Slot::{File, Gone};
    // White's row shows only C (a): types C then L (first seen in Black's row, b9).
    let pos = ok(&rows("*l*****c", "C*******", "w KQkq - 0 1"));
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(CANNON), Some(LEOPARD)],
            [File(0), Gone],
            [File(7), File(1)]
        )
    );
    assert_eq!(pos.to_fen(), board("[CaL-chlb]", "w KQkq - 0 1"));
}

#[test]
fn external_ten_row_positions_parse() {
    let fens = epds("musketeer-external.perft");
    assert_eq!(fens.len(), 180);
    for fen in &fens {
        let pos = ok(fen);
        assert!(pos.is_consistent(), "{fen}");
        assert_eq!(pos.gating().setup_step(), None, "{fen}");
        // Every reserve cell of the rows is where the gating field says.
        let placement = fen.split_whitespace().next().unwrap();
        let all_rows: Vec<&str> = placement.split('/').collect();
        assert_eq!(all_rows.len(), 10);
        for (color, row) in [(Color::White, all_rows[9]), (Color::Black, all_rows[0])] {
            for (f, c) in row.chars().enumerate() {
                let found = pos
                    .gating()
                    .reserve_on(color, f as u8)
                    .map(|(_, k)| pos.variant().kind(k).letter);
                let wanted = (c != '*').then(|| c.to_ascii_uppercase());
                assert_eq!(found, wanted, "{fen}: {color} file {f}");
            }
        }
        // Written in bracket form, which reads back to the same position.
        let written = pos.to_fen();
        assert!(written.starts_with(&format!("{BOARD}[")), "{written}");
        assert!(written.ends_with("] w KQkq - 0 1"), "{written}");
        let again = ok(&written);
        assert_eq!(again.to_fen(), written);
        assert_eq!(again.key(), pos.key(), "{fen}");
    }
}

#[test]
fn external_examples_by_hand() {
    use Slot::File;
    // White row *C*A****: C b0, A d0 (types C, A); Black row a****c**: a a9, c f9.
    let pos = ok(&rows("a****c**", "*C*A****", "w KQkq - 0 1"));
    assert_eq!(
        *pos.gating(),
        gating(
            [Some(CANNON), Some(ARCHBISHOP)],
            [File(1), File(3)],
            [File(5), File(0)]
        )
    );
    assert_eq!(pos.to_fen(), board("[CbAdcfaa]", "w KQkq - 0 1"));
    // White row ****A*C*: A e0, C g0 (types A, C); Black row **a***c*: a c9, c g9.
    let pos = ok(&rows("**a***c*", "****A*C*", "w KQkq - 0 1"));
    assert_eq!(pos.to_fen(), board("[AeCgaccg]", "w KQkq - 0 1"));
}

#[test]
fn placement_may_stop_at_every_step() {
    // Each setup step with its side to move (docs/rules/musketeer.md, "The setup").
    for (field, side) in [
        ("[]", "w"),
        ("[L?l?]", "b"),
        ("[L?C?l?c?]", "w"),
        ("[LbC?l?c?]", "b"),
        ("[LbC?lgc?]", "w"),
        ("[LbCdlgc?]", "b"),
        ("[LbCdlgcf]", "w"),
        ("[LbCdlgcf]", "b"),
    ] {
        let fen = board(field, &format!("{side} KQkq - 0 2"));
        assert_eq!(ok(&fen).to_fen(), fen);
    }
}

// ---------------------------------------------------------------------------------------
// One test per gating error

#[test]
fn error_unclosed_gating() {
    fails(
        &board("[L?l?", "b KQkq - 0 1"),
        FenError::UnclosedGating {
            field: "[L?l?".to_string(),
        },
        "[L?l?",
    );
    fails(
        &board("[", "w KQkq - 0 1"),
        FenError::UnclosedGating {
            field: "[".to_string(),
        },
        "[",
    );
}

#[test]
fn error_text_after_gating_field() {
    fails(
        &board("[]x", "w KQkq - 0 1"),
        FenError::UnexpectedChar { found: 'x' },
        "x",
    );
}

#[test]
fn error_not_gating_type() {
    // A chess piece is not selectable.
    fails(
        &board("[Q?q?]", "b KQkq - 0 1"),
        FenError::NotGatingType { letter: 'Q' },
        "Q",
    );
    // Nor a letter of no piece at all.
    fails(
        &board("[X?x?]", "b KQkq - 0 1"),
        FenError::NotGatingType { letter: 'X' },
        "X",
    );
    fails(
        &board("[L?k?]", "b KQkq - 0 1"),
        FenError::NotGatingType { letter: 'k' },
        "k",
    );
    // A state character where a letter belongs.
    fails(
        &board("[?L]", "b KQkq - 0 1"),
        FenError::NotGatingType { letter: '?' },
        "?",
    );
    // In a reserve row.
    fails(
        &rows("lc******", "LN******", "w KQkq - 0 1"),
        FenError::NotGatingType { letter: 'N' },
        "N",
    );
}

#[test]
fn error_bad_gating_state() {
    fails(
        &board("[L1l?]", "b KQkq - 0 1"),
        FenError::BadGatingState {
            entry: "L1".to_string(),
        },
        "L1",
    );
    // A file is a lowercase letter, for White too.
    fails(
        &board("[LBCdlgcf]", "w KQkq - 0 4"),
        FenError::BadGatingState {
            entry: "LB".to_string(),
        },
        "LB",
    );
    // The last letter without a state.
    fails(
        &board("[L?l]", "b KQkq - 0 1"),
        FenError::BadGatingState {
            entry: "l".to_string(),
        },
        "'l'",
    );
}

#[test]
fn error_gating_file_off_board() {
    fails(
        &board("[LiCdlgcf]", "w KQkq - 0 4"),
        FenError::GatingFileOffBoard {
            entry: "Li".to_string(),
        },
        "Li",
    );
    fails(
        &board("[LbCdlgcz]", "w KQkq - 0 4"),
        FenError::GatingFileOffBoard {
            entry: "cz".to_string(),
        },
        "cz",
    );
}

#[test]
fn error_gating_entry_order() {
    // White's entries all come before Black's.
    fails(
        &board("[L?l?C?c?]", "w KQkq - 0 2"),
        FenError::GatingEntryOrder {
            entry: "C?".to_string(),
        },
        "C?",
    );
    fails(
        &board("[l?L?]", "b KQkq - 0 1"),
        FenError::GatingEntryOrder {
            entry: "L?".to_string(),
        },
        "L?",
    );
}

#[test]
fn error_duplicate_gating_type() {
    fails(
        &board("[L?L?l?l?]", "w KQkq - 0 2"),
        FenError::DuplicateGatingType { letter: 'L' },
        "L",
    );
    fails(
        &board("[L?C?l?l?]", "w KQkq - 0 2"),
        FenError::DuplicateGatingType { letter: 'l' },
        "l",
    );
    // Two reserve pieces of one type in a reserve row.
    fails(
        &rows("l*****l*", "LC******", "w KQkq - 0 1"),
        FenError::DuplicateGatingType { letter: 'l' },
        "l",
    );
}

#[test]
fn error_too_many_gating_types() {
    fails(
        &board("[L?C?A?l?c?a?]", "w KQkq - 0 2"),
        FenError::TooManyGatingTypes {
            types: "LCA".to_string(),
        },
        "LCA",
    );
}

#[test]
fn error_gating_lists_differ() {
    let cases = [
        ("[L?]", "L", ""),          // Black's list missing
        ("[l?]", "", "l"),          // White's list missing
        ("[L?C?l?]", "LC", "l"),    // count
        ("[L?C?c?l?]", "LC", "cl"), // order
        ("[L?c?]", "L", "c"),       // types
        ("[LbCdlgaf]", "LC", "la"), // types, after placement
    ];
    for (field, white, black) in cases {
        fails(
            &board(field, "b KQkq - 0 1"),
            FenError::GatingListsDiffer {
                white: white.to_string(),
                black: black.to_string(),
            },
            &format!("'{black}'"),
        );
    }
}

#[test]
fn error_gating_placement_order() {
    // White's second type placed while both first types are still `?`.
    fails(
        &board("[L?Cdl?c?]", "w KQkq - 0 2"),
        FenError::GatingPlacementOrder {
            entry: "Cd".to_string(),
        },
        "Cd",
    );
    // Black's second before Black's first.
    fails(
        &board("[LbC?l?cf]", "b KQkq - 0 2"),
        FenError::GatingPlacementOrder {
            entry: "cf".to_string(),
        },
        "cf",
    );
    // `-` counts as done too.
    fails(
        &board("[L?C-l?c?]", "w KQkq - 0 2"),
        FenError::GatingPlacementOrder {
            entry: "C-".to_string(),
        },
        "C-",
    );
    // Nothing is placed before Black has selected.
    fails(
        &board("[Lbl?]", "b KQkq - 0 1"),
        FenError::GatingPlacementOrder {
            entry: "Lb".to_string(),
        },
        "Lb",
    );
    fails(
        &board("[L?lg]", "b KQkq - 0 1"),
        FenError::GatingPlacementOrder {
            entry: "lg".to_string(),
        },
        "lg",
    );
}

#[test]
fn error_reserve_file_taken() {
    fails(
        &board("[LbCblgcf]", "w KQkq - 0 4"),
        FenError::ReserveFileTaken {
            cell: "b0".to_string(),
        },
        "b0",
    );
    fails(
        &board("[LbCdlgcg]", "w KQkq - 0 4"),
        FenError::ReserveFileTaken {
            cell: "g9".to_string(),
        },
        "g9",
    );
}

#[test]
fn error_reserve_without_piece() {
    // b1 empty (the knight went to c3).
    fails(
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR[LbCdlgcf] w KQkq - 0 5",
        FenError::ReserveWithoutPiece {
            cell: "b0".to_string(),
            square: "b1".to_string(),
        },
        "b0",
    );
    // g8 empty.
    fails(
        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 5",
        FenError::ReserveWithoutPiece {
            cell: "g9".to_string(),
            square: "g8".to_string(),
        },
        "g8",
    );
    // g8 holds a piece, but a White one.
    fails(
        "rnbqkbNr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[LbCdlgcf] w KQkq - 0 5",
        FenError::ReserveWithoutPiece {
            cell: "g9".to_string(),
            square: "g8".to_string(),
        },
        "g9",
    );
    // In the 10-row form: a1 empty behind White's Leopard.
    fails(
        "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR/LC****** w kq - 0 1",
        FenError::ReserveWithoutPiece {
            cell: "a0".to_string(),
            square: "a1".to_string(),
        },
        "a1",
    );
}

#[test]
fn error_reserve_king_and_rook_files() {
    fails(
        &board("[LeCalgcf]", "w KQkq - 0 4"),
        FenError::ReserveKingAndRookFiles {
            color: Color::White,
            king_cell: "e0".to_string(),
            rook_cell: "a0".to_string(),
        },
        "e0",
    );
    fails(
        &board("[LbCdlhce]", "w KQkq - 0 4"),
        FenError::ReserveKingAndRookFiles {
            color: Color::Black,
            king_cell: "e9".to_string(),
            rook_cell: "h9".to_string(),
        },
        "h9",
    );
    fails(
        &rows("lc******", "L***C***", "w KQkq - 0 1"),
        FenError::ReserveKingAndRookFiles {
            color: Color::White,
            king_cell: "e0".to_string(),
            rook_cell: "a0".to_string(),
        },
        "a0",
    );
}

#[test]
fn error_reserve_row_length() {
    fails(
        &rows("lc*****", "LC******", "w KQkq - 0 1"),
        FenError::ReserveRowLength {
            color: Color::Black,
            row: "lc*****".to_string(),
            expected: 8,
        },
        "lc*****",
    );
    fails(
        &rows("lc******", "LC*******", "w KQkq - 0 1"),
        FenError::ReserveRowLength {
            color: Color::White,
            row: "LC*******".to_string(),
            expected: 8,
        },
        "LC*******",
    );
    // Digits are not run lengths in a reserve row: "8" is one cell.
    fails(
        &rows("8", "LC******", "w KQkq - 0 1"),
        FenError::ReserveRowLength {
            color: Color::Black,
            row: "8".to_string(),
            expected: 8,
        },
        "'8'",
    );
}

#[test]
fn error_reserve_row_unexpected_char() {
    fails(
        &rows("lc******", "LC*****1", "w KQkq - 0 1"),
        FenError::UnexpectedChar { found: '1' },
        "1",
    );
}

#[test]
fn error_reserve_wrong_case() {
    fails(
        &rows("lC******", "LC******", "w KQkq - 0 1"),
        FenError::ReserveWrongCase {
            color: Color::Black,
            letter: 'C',
        },
        "C",
    );
    fails(
        &rows("lc******", "Lc******", "w KQkq - 0 1"),
        FenError::ReserveWrongCase {
            color: Color::White,
            letter: 'c',
        },
        "c",
    );
}

#[test]
fn error_reserve_type_count() {
    fails(
        &rows("********", "********", "w KQkq - 0 1"),
        FenError::ReserveTypeCount {
            types: String::new(),
        },
        "no type",
    );
    fails(
        &rows("l*******", "L*******", "w KQkq - 0 1"),
        FenError::ReserveTypeCount {
            types: "L".to_string(),
        },
        "'L'",
    );
    // L and C from White's row, then A from Black's.
    fails(
        &rows("lca*****", "LC******", "w KQkq - 0 1"),
        FenError::ReserveTypeCount {
            types: "LCA".to_string(),
        },
        "LCA",
    );
}

#[test]
fn error_setup_side_to_move() {
    let cases = [
        ("[]", "b", Color::White),
        ("[L?l?]", "w", Color::Black),
        ("[L?C?l?c?]", "b", Color::White),
        ("[LbC?l?c?]", "w", Color::Black),
        ("[LbC?lgc?]", "b", Color::White),
        ("[LbCdlgc?]", "w", Color::Black),
    ];
    for (field, side, expected) in cases {
        fails(
            &board(field, &format!("{side} KQkq - 0 2")),
            FenError::SetupSideToMove {
                expected,
                found: !expected,
            },
            &format!("'{side}'"),
        );
    }
    // A missing field is `[]`: White selects first.
    fails(
        &format!("{BOARD} b KQkq - 0 1"),
        FenError::SetupSideToMove {
            expected: Color::White,
            found: Color::Black,
        },
        "'b'",
    );
}

#[test]
fn wrong_row_counts_are_rank_errors() {
    // Nine or eleven rows are neither form.
    fails(
        &format!("********/{BOARD} w KQkq - 0 1"),
        FenError::TooManyRanks { expected: 8 },
        "8",
    );
    fails(
        &format!("********/{BOARD}/********/******** w KQkq - 0 1"),
        FenError::TooManyRanks { expected: 8 },
        "8",
    );
    // A bracket after a 10-row placement.
    fails(
        &format!("lc******/{BOARD}/LC******[LaCblacb] w KQkq - 0 1"),
        FenError::TooManyRanks { expected: 8 },
        "8",
    );
}

// ---------------------------------------------------------------------------------------
// Zobrist keys

#[test]
fn parsed_key_equals_computed_key() {
    let mut fens: Vec<String> = PERFT_FENS.iter().map(|s| s.to_string()).collect();
    fens.extend(RULES_FENS.iter().map(|s| s.to_string()));
    fens.push(TEN_ROW.to_string());
    fens.push(rows("l*******", "L*C*****", "w KQkq - 0 1"));
    fens.extend(epds("musketeer-external.perft"));
    for fen in fens {
        let pos = ok(&fen);
        assert_eq!(pos.key(), pos.compute_key(), "{fen}");
    }
}

#[test]
fn gating_field_changes_the_key() {
    // Positions that differ only in the gating field (all White to move, setup permitting).
    let fields = [
        "[]",
        "[L?C?l?c?]",
        "[C?L?c?l?]",
        "[A?C?a?c?]",
        "[LbC?lgc?]",
        "[LbCdlgcf]",
        "[LbCdlgce]",
        "[LbCclgcf]",
        "[CbLdcglf]",
        "[L-Cdlgcf]",
        "[LbC-lgcf]",
        "[LbCdl-cf]",
        "[LbCdlgc-]",
        "[L-C-l-c-]",
        "[LaCblacb]",
    ];
    let keys: Vec<u64> = fields
        .iter()
        .map(|f| ok(&board(f, "w KQkq - 0 4")).key())
        .collect();
    for i in 0..keys.len() {
        for j in 0..i {
            assert_ne!(keys[i], keys[j], "{} and {}", fields[i], fields[j]);
        }
    }
    // The 10-row form is the same position as its bracket form.
    assert_eq!(ok(TEN_ROW).key(), keys[14]);
}

/// Only a gating game's setup phase is one: other games have no reserve to set up, though
/// their (empty) gating field would name a first selection.
#[test]
fn only_a_gating_game_is_ever_in_setup() {
    let start = ok(variants::musketeer().start_fen);
    assert!(start.in_setup());
    assert!(!ok(PERFT_FENS[4]).in_setup());
    for variant in [
        variants::chess(),
        variants::lancerchess(),
        variants::cromwell(),
    ] {
        let pos = Pos::from_fen(variant, variant.start_fen).unwrap();
        assert!(!pos.in_setup(), "{}", variant.id);
    }
}

#[test]
fn kind_ids_follow_the_game_file() {
    let v = variants::musketeer();
    let letters: Vec<char> = [LEOPARD, CANNON, ARCHBISHOP, FORTRESS, SPIDER]
        .iter()
        .map(|&k| v.kind(k).letter)
        .collect();
    assert_eq!(letters, ['L', 'C', 'A', 'F', 'S']);
}
