//! FEN for `chess` (docs/rules/README.md, "FEN"; docs/rules/chess.md): one test per
//! reachable `FenError`, round trips, en-passant normalisation and Zobrist keys.

use joust_core::variants;
use joust_core::zobrist::ZOBRIST;
use joust_core::{Color, FenError, FenField, Position};

type Pos = Position<u64>;

fn parse(fen: &str) -> Result<Pos, FenError> {
    Pos::from_fen(variants::chess(), fen)
}

fn ok(fen: &str) -> Pos {
    parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts that `fen` fails with exactly `expected`, that the message is non-empty, and that
/// it names `token` (the offending text) when there is one.
fn fails(fen: &str, expected: FenError, token: Option<&str>) {
    let err = match parse(fen) {
        Ok(pos) => panic!("{fen:?} was accepted as {}", pos.to_fen()),
        Err(e) => e,
    };
    assert_eq!(err, expected, "FEN {fen:?}");
    let text = err.to_string();
    assert!(!text.trim().is_empty(), "empty message for {err:?}");
    if let Some(token) = token {
        assert!(
            text.contains(token),
            "message {text:?} for {fen:?} does not mention {token:?}"
        );
    }
}

/// The start placement, and the start position's other fields.
const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn with_board(board: &str) -> String {
    format!("{board} w KQkq - 0 1")
}

fn with_fields(rest: &str) -> String {
    format!("{START_BOARD} {rest}")
}

// ---------------------------------------------------------------------------------------
// One test per error

#[test]
fn error_empty() {
    fails("", FenError::Empty, None);
    fails("   \t  ", FenError::Empty, None);
}

#[test]
fn error_missing_side() {
    fails(
        START_BOARD,
        FenError::MissingField(FenField::Side),
        Some("side to move"),
    );
}

#[test]
fn error_missing_castling() {
    fails(
        &with_fields("w"),
        FenError::MissingField(FenField::Castling),
        Some("castling"),
    );
}

#[test]
fn error_missing_en_passant() {
    fails(
        &with_fields("w KQkq"),
        FenError::MissingField(FenField::EnPassant),
        Some("en-passant"),
    );
}

#[test]
fn error_too_many_fields() {
    fails(
        &with_fields("w KQkq - 0 1 extra"),
        FenError::TooManyFields(7),
        Some("7"),
    );
    fails(
        &with_fields("w KQkq - 0 1 2 3"),
        FenError::TooManyFields(8),
        Some("8"),
    );
}

#[test]
fn error_too_many_ranks() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::TooManyRanks { expected: 8 },
        Some("8"),
    );
}

#[test]
fn error_too_few_ranks() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::TooFewRanks {
            expected: 8,
            found: 7,
        },
        Some("7"),
    );
    fails(
        "4k3 w - - 0 1",
        FenError::TooFewRanks {
            expected: 8,
            found: 1,
        },
        Some("1"),
    );
}

#[test]
fn error_rank_too_long() {
    // A ninth piece on rank 8.
    fails(
        &with_board("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::RankTooLong { rank: 8 },
        Some("8"),
    );
    // A run of 9 empty squares on rank 6.
    fails(
        &with_board("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::RankTooLong { rank: 6 },
        Some("6"),
    );
    // Pieces plus empties adding up to 9 on rank 4.
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR"),
        FenError::RankTooLong { rank: 4 },
        Some("4"),
    );
    // A two-digit run is read as one number: 10 does not fit on 8 files.
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/10/PPPPPPPP/RNBQKBNR"),
        FenError::RankTooLong { rank: 3 },
        Some("3"),
    );
}

#[test]
fn error_rank_too_short() {
    fails(
        &with_board("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::RankTooShort { rank: 6 },
        Some("6"),
    );
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN"),
        FenError::RankTooShort { rank: 1 },
        Some("1"),
    );
    // An empty rank between two slashes.
    fails(
        &with_board("rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR"),
        FenError::RankTooShort { rank: 5 },
        Some("5"),
    );
}

#[test]
fn error_bad_empty_run() {
    fails(
        &with_board("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::BadEmptyRun {
            text: "08".to_string(),
        },
        Some("08"),
    );
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/0p7/8/PPPPPPPP/RNBQKBNR"),
        FenError::BadEmptyRun {
            text: "0".to_string(),
        },
        Some("0"),
    );
}

#[test]
fn error_unknown_piece() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR"),
        FenError::UnknownPiece { letter: 'X' },
        Some("X"),
    );
    // A Lancer letter is not a piece of chess; Black's is reported lowercase.
    fails(
        &with_board("rlbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::UnknownPiece { letter: 'l' },
        Some("l"),
    );
}

#[test]
fn error_unexpected_char() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR"),
        FenError::UnexpectedChar { found: '*' },
        Some("*"),
    );
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN)"),
        FenError::UnexpectedChar { found: ')' },
        Some(")"),
    );
}

// `FenError::MissingFacing` cannot arise in `chess`: no chess piece has a facing, so no
// letter ever needs one. It belongs to the Lancer games.

#[test]
fn error_unexpected_facing_on_a_chess_piece() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN(NE)BQKBNR"),
        FenError::UnexpectedFacing { letter: 'N' },
        Some("N"),
    );
    fails(
        &with_board("rn(SE)bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        FenError::UnexpectedFacing { letter: 'n' },
        Some("n"),
    );
}

#[test]
fn error_unclosed_facing() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN(BQKBNR"),
        FenError::UnclosedFacing,
        Some("("),
    );
    // The `)` of a later rank does not close it.
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP(/R)NBQKBNR"),
        FenError::UnclosedFacing,
        Some("("),
    );
}

#[test]
fn error_unknown_facing() {
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN(XX)BQKBNR"),
        FenError::UnknownFacing {
            text: "XX".to_string(),
        },
        Some("XX"),
    );
}

#[test]
fn error_bad_side() {
    fails(
        &with_fields("x KQkq - 0 1"),
        FenError::BadSide("x".to_string()),
        Some("x"),
    );
    fails(
        &with_fields("W KQkq - 0 1"),
        FenError::BadSide("W".to_string()),
        Some("W"),
    );
    fails(
        &with_fields("white KQkq - 0 1"),
        FenError::BadSide("white".to_string()),
        Some("white"),
    );
}

#[test]
fn error_bad_castling_char() {
    fails(
        &with_fields("w KX - 0 1"),
        FenError::BadCastlingChar('X'),
        Some("X"),
    );
    // Shredder-style file letters are not part of FEN (docs/rules/README.md, "FEN").
    fails(
        &with_fields("w HAha - 0 1"),
        FenError::BadCastlingChar('H'),
        Some("H"),
    );
    fails(
        &with_fields("w K- - 0 1"),
        FenError::BadCastlingChar('-'),
        Some("-"),
    );
}

#[test]
fn error_duplicate_castling() {
    fails(
        &with_fields("w KKq - 0 1"),
        FenError::DuplicateCastling('K'),
        Some("K"),
    );
    fails(
        &with_fields("w Kqq - 0 1"),
        FenError::DuplicateCastling('q'),
        Some("q"),
    );
}

#[test]
fn error_castling_order() {
    fails(
        &with_fields("w QK - 0 1"),
        FenError::CastlingOrder("QK".to_string()),
        Some("QK"),
    );
    fails(
        &with_fields("w kK - 0 1"),
        FenError::CastlingOrder("kK".to_string()),
        Some("kK"),
    );
}

#[test]
fn error_bad_en_passant() {
    fails(
        &with_fields("w KQkq e9 0 1"),
        FenError::BadEnPassant("e9".to_string()),
        Some("e9"),
    );
    fails(
        &with_fields("w KQkq x 0 1"),
        FenError::BadEnPassant("x".to_string()),
        Some("x"),
    );
    fails(
        &with_fields("w KQkq E3 0 1"),
        FenError::BadEnPassant("E3".to_string()),
        Some("E3"),
    );
}

#[test]
fn error_bad_halfmove() {
    fails(
        &with_fields("w KQkq - -1 1"),
        FenError::BadHalfmove("-1".to_string()),
        Some("-1"),
    );
    fails(
        &with_fields("w KQkq - x 1"),
        FenError::BadHalfmove("x".to_string()),
        Some("x"),
    );
}

#[test]
fn error_bad_fullmove() {
    fails(
        &with_fields("w KQkq - 0 x"),
        FenError::BadFullmove("x".to_string()),
        Some("x"),
    );
    fails(
        &with_fields("w KQkq - 0 -3"),
        FenError::BadFullmove("-3".to_string()),
        Some("-3"),
    );
    fails(
        &with_fields("w KQkq - 0 +3"),
        FenError::BadFullmove("+3".to_string()),
        Some("+3"),
    );
    fails(
        &with_fields("w KQkq - +2 3"),
        FenError::BadHalfmove("+2".to_string()),
        Some("+2"),
    );
}

#[test]
fn error_missing_royal() {
    fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        FenError::MissingRoyal(Color::White),
        Some("white"),
    );
    fails(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        FenError::MissingRoyal(Color::Black),
        Some("black"),
    );
}

#[test]
fn error_too_many_royals() {
    fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
        FenError::TooManyRoyals(Color::White),
        Some("white"),
    );
    fails(
        "4k3/8/8/3k4/8/8/8/4K3 w - - 0 1",
        FenError::TooManyRoyals(Color::Black),
        Some("black"),
    );
}

#[test]
fn error_pawn_on_back_rank() {
    // White pawn on its promotion rank.
    fails(
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::PawnOnBackRank {
            square: "h8".to_string(),
        },
        Some("h8"),
    );
    // White pawn on its own first rank.
    fails(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        FenError::PawnOnBackRank {
            square: "a1".to_string(),
        },
        Some("a1"),
    );
    // Black pawns on rank 1 and rank 8.
    fails(
        "4k3/8/8/8/8/8/8/4K1p1 b - - 0 1",
        FenError::PawnOnBackRank {
            square: "g1".to_string(),
        },
        Some("g1"),
    );
    fails(
        "2p1k3/8/8/8/8/8/8/4K3 b - - 0 1",
        FenError::PawnOnBackRank {
            square: "c8".to_string(),
        },
        Some("c8"),
    );
}

#[test]
fn error_gating_field_in_a_game_without_gating() {
    // The Musketeer gating field (docs/rules/musketeer.md, "Writing moves") belongs to
    // `musketeer` only; its other errors are tested in fen_musketeer.rs.
    fails(
        &with_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]"),
        FenError::GatingNotAllowed {
            field: "[]".to_string(),
        },
        Some("[]"),
    );
    fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?l?] b KQkq - 0 1",
        FenError::GatingNotAllowed {
            field: "[L?l?]".to_string(),
        },
        Some("[L?l?]"),
    );
    // The 10-row form is just two ranks too many.
    fails(
        &with_board("lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LC******"),
        FenError::TooManyRanks { expected: 8 },
        Some("8"),
    );
}

// `FenError::OppositeCheck` needs attack detection, which lives in joust-movegen; it is
// tested there.

// ---------------------------------------------------------------------------------------
// Round trips and defaults

/// The `epd` lines of `suites/reference/chess.perft`.
const PERFT_FENS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

#[test]
fn perft_positions_round_trip() {
    for fen in PERFT_FENS {
        assert_eq!(ok(fen).to_fen(), fen);
    }
}

#[test]
fn parsed_fields_are_the_ones_written() {
    let g = variants::chess().geometry;
    let sq = |n: &str| g.parse_square(n).unwrap();
    let pos = ok(PERFT_FENS[5]);
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.halfmove_clock(), 1);
    assert_eq!(pos.fullmove_number(), 8);
    assert_eq!(pos.en_passant(), None);
    assert_eq!(pos.royal_square(Color::White), Some(sq("e1")));
    assert_eq!(pos.royal_square(Color::Black), Some(sq("f8")));
    assert_eq!(pos.occupied().count_ones(), 28);
    let letter = |n: &str| pos.piece_at(sq(n)).map(|p| pos.piece_letter(p));
    assert_eq!(letter("d7"), Some('P'));
    assert_eq!(letter("f2"), Some('n'));
    assert_eq!(letter("e2"), Some('N'));
    assert_eq!(letter("e1"), Some('K'));
    assert_eq!(letter("h8"), Some('r'));
    assert_eq!(letter("d1"), Some('Q'));
    assert_eq!(letter("d2"), None);

    let pos = ok(PERFT_FENS[4]);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.royal_square(Color::Black), Some(sq("g8")));
}

#[test]
fn missing_clocks_read_as_zero_and_one() {
    let pos = ok(&with_fields("w KQkq -"));
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.fullmove_number(), 1);
    assert_eq!(pos.to_fen(), START);

    let pos = ok("4k3/8/8/8/8/8/8/4K3 b - -");
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.fullmove_number(), 1);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");

    // Only the halfmove clock given: fullmove 1.
    let pos = ok("4k3/8/8/8/8/8/8/4K3 w - - 7");
    assert_eq!(pos.halfmove_clock(), 7);
    assert_eq!(pos.fullmove_number(), 1);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 7 1");
}

#[test]
fn extra_white_space_is_ignored() {
    let pos = ok("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w\tKQkq  -  0   1 ");
    assert_eq!(pos.to_fen(), START);
}

#[test]
fn castling_subsets_round_trip() {
    for rights in [
        "K", "Q", "k", "q", "KQ", "Kk", "Qq", "KQk", "Qkq", "KQkq", "-",
    ] {
        let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {rights} - 0 1");
        assert_eq!(ok(&fen).to_fen(), fen);
    }
}

#[test]
fn two_digit_clocks_and_large_move_numbers_round_trip() {
    let fen = "8/8/4k3/8/8/3K4/8/8 b - - 99 123";
    assert_eq!(ok(fen).to_fen(), fen);
}

// ---------------------------------------------------------------------------------------
// En passant (docs/rules/README.md, "FEN" and "Open questions settled for every game")

const EP_KEPT: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";

#[test]
fn en_passant_kept_when_a_pawn_stands_beside() {
    let g = variants::chess().geometry;
    let pos = ok(EP_KEPT);
    assert_eq!(pos.en_passant(), Some(g.parse_square("d6").unwrap()));
    assert_eq!(pos.to_fen(), EP_KEPT);
    // The pawn beside on the other side (c5) works the same.
    let fen = "rnbqkbnr/ppp1pppp/8/2Pp4/8/8/PP1PPPPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(ok(fen).to_fen(), fen);
}

#[test]
fn en_passant_kept_for_black_to_move() {
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    let pos = ok(fen);
    assert_eq!(
        pos.en_passant(),
        Some(variants::chess().geometry.parse_square("e3").unwrap())
    );
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn en_passant_dropped_when_no_pawn_stands_beside() {
    // The white pawn on e4 instead of e5.
    let pos = ok("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(pos.en_passant(), None);
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
    );
}

#[test]
fn en_passant_dropped_when_the_neighbour_is_not_a_pawn_of_the_side_to_move() {
    // A white knight on e5 beside d5: not a pawn.
    let pos = ok("rnbqkbnr/ppp1pppp/8/3pN3/8/8/PPPPPPPP/R1BQKBNR w KQkq d6 0 3");
    assert_eq!(pos.en_passant(), None);
    // A black pawn on e5 beside d5: not White's.
    let pos = ok("rnbqkbnr/ppp2ppp/8/3pp3/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(pos.en_passant(), None);
}

#[test]
fn en_passant_dropped_when_no_pawn_just_passed_it() {
    // Square of the wrong side: with White to move, e3 cannot be Black's passed square.
    let pos = ok("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 3");
    assert_eq!(pos.en_passant(), None);
    // The ep square itself occupied.
    let pos = ok("r1bqkbnr/ppp1pppp/3n4/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(pos.en_passant(), None);
    // A valid ep square with Black to move where White should be: dropped.
    let pos = ok("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 3");
    assert_eq!(pos.en_passant(), None);
}

#[test]
fn en_passant_square_off_the_double_step_rank_is_dropped() {
    // Black's double step passes rank 6 only (docs/rules/chess.md, "The pieces"), so with
    // White to move an ep square on rank 4 or 7 can never be one; it must be normalised
    // to `-` (docs/rules/README.md, "FEN" and "Open questions settled for every game").
    for (fen, normalised) in [
        (
            "4k3/8/8/8/8/2Pp4/8/4K3 w - d4 0 1",
            "4k3/8/8/8/8/2Pp4/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/2Pp4/8/8/8/8/4K3 w - d7 0 1",
            "4k3/8/2Pp4/8/8/8/8/4K3 w - - 0 1",
        ),
    ] {
        let pos = ok(fen);
        assert_eq!(pos.en_passant(), None, "{fen}");
        assert_eq!(pos.to_fen(), normalised);
    }
}

// ---------------------------------------------------------------------------------------
// Zobrist keys

#[test]
fn parsed_key_equals_computed_key() {
    let mut fens: Vec<&str> = PERFT_FENS.to_vec();
    fens.push(EP_KEPT);
    fens.push("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    fens.push("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    for fen in fens {
        let pos = ok(fen);
        assert_eq!(pos.key(), pos.compute_key(), "{fen}");
        assert!(pos.is_consistent(), "{fen}");
    }
}

#[test]
fn side_to_move_changes_the_key() {
    let white = ok(START);
    let black = ok(&with_fields("b KQkq - 0 1"));
    assert_ne!(white.key(), black.key());
    assert_eq!(white.key() ^ black.key(), ZOBRIST.black_to_move);
    for fen in PERFT_FENS {
        let flipped = if fen.contains(" w ") {
            fen.replace(" w ", " b ")
        } else {
            fen.replace(" b ", " w ")
        };
        assert_ne!(ok(fen).key(), ok(&flipped).key(), "{fen}");
    }
}

#[test]
fn clocks_do_not_change_the_key() {
    let a = ok(START);
    let b = ok(&with_fields("w KQkq - 37 60"));
    let c = ok(&with_fields("w KQkq -"));
    assert_eq!(a.key(), b.key());
    assert_eq!(a.key(), c.key());
    let d = ok("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 12 30");
    assert_eq!(d.key(), ok(PERFT_FENS[6]).key());
}

#[test]
fn castling_rights_and_kept_en_passant_change_the_key() {
    assert_ne!(ok(START).key(), ok(&with_fields("w KQk - 0 1")).key());
    assert_ne!(ok(START).key(), ok(&with_fields("w - - 0 1")).key());
    // A kept ep square is part of the key...
    let no_ep = EP_KEPT.replace(" d6 ", " - ");
    assert_ne!(ok(EP_KEPT).key(), ok(&no_ep).key());
    // ...a dropped one is not.
    let dropped = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    let plain = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    assert_eq!(ok(dropped).key(), ok(plain).key());
}

#[test]
fn piece_placement_changes_the_key() {
    let a = ok("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let b = ok("4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    let c = ok("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_ne!(a.key(), b.key());
    assert_ne!(a.key(), c.key());
}
