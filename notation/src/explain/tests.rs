//! The reasons, position by position, in several games: each case's game, position and
//! typed move, and the reason the player reads, in one snapshot.

use super::explain_refusal;
use joust_core::variants;
use joust_movegen::position_from_fen;
use std::fmt::Write;

/// A refused (or, once, legal) move: the game id, the FEN (empty: the start), the text
/// typed, and what the case shows.
type Case = (&'static str, &'static str, &'static str, &'static str);

const CHESS_MIDGAME: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const PINNED_KNIGHT: &str = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
const ROOK_CHECKS: &str = "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1";
const ONE_RIGHT: &str = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
const GATING_IN_CHECK: &str = "4k3/8/8/8/8/8/4r3/4K3[L-Cel-c-] w - - 0 20";
const GATING_ROOK: &str = "4k3/8/8/8/8/8/8/R3K3[L-Cel-c-] w - - 0 20";

const CASES: &[Case] = &[
    ("chess", "", "e3e4", "an empty square"),
    ("chess", "", "e7e5", "the other side's piece"),
    ("chess", "", "Bc1", "onto one's own piece (SAN)"),
    ("chess", "", "f1e2", "onto one's own piece"),
    ("chess", "", "g1g3", "not how a Knight moves"),
    ("chess", "", "Ng3", "no Knight reaches the square"),
    ("chess", CHESS_MIDGAME, "e4e5", "a pawn's step is blocked"),
    (
        "chess",
        CHESS_MIDGAME,
        "d2e3",
        "a pawn's capture onto an empty square",
    ),
    ("chess", CHESS_MIDGAME, "c1h6", "a rider's line is blocked"),
    ("chess", CHESS_MIDGAME, "Qh5", "legal: no reason"),
    ("chess", PINNED_KNIGHT, "Nc3", "a pinned piece"),
    (
        "chess",
        PINNED_KNIGHT,
        "e1e2",
        "the King onto its own Knight",
    ),
    (
        "chess",
        ROOK_CHECKS,
        "Ra2",
        "a move that does not answer check",
    ),
    ("chess", ROOK_CHECKS, "Ke2", "the King into check"),
    (
        "lancerchess",
        "4r1q1/8/8/8/8/8/4B3/4Q3 w - - 0 1",
        "Bd3",
        "the royal Queen of LancerChess",
    ),
    ("chess", ONE_RIGHT, "O-O", "a lost castling right (SAN)"),
    ("chess", ONE_RIGHT, "e1g1", "a lost castling right"),
    (
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        "O-O-O",
        "no castling right left",
    ),
    ("chess", "", "O-O", "castling with pieces between"),
    (
        "chess",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1",
        "O-O",
        "castling through an attacked square",
    ),
    (
        "chess",
        "r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1",
        "O-O",
        "castling onto an attacked square",
    ),
    (
        "chess",
        "r3k2r/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        "O-O",
        "castling out of check",
    ),
    (
        "cromwell",
        "whb1kbhw/pppyp1pp/8/8/8/8/PPP1PPPP/WHBRKBHW w - - 0 1",
        "d1d5",
        "Rupert may not face Pym",
    ),
    (
        "musketeer",
        GATING_IN_CHECK,
        "e1d1c",
        "gating forfeited by the King",
    ),
    (
        "musketeer",
        GATING_IN_CHECK,
        "Kd1/C",
        "gating forfeited (SAN)",
    ),
    ("musketeer", GATING_ROOK, "a1a2c", "nothing waits behind a1"),
    (
        "musketeer",
        GATING_ROOK,
        "e1d1l",
        "another piece waits behind e1",
    ),
    (
        "chess",
        "8/P7/8/8/8/8/8/k6K w - - 0 1",
        "a7a8",
        "a promotion without its piece",
    ),
    ("lancers", "", "b1f5", "a Lancer's move without its facing"),
    (
        "lancers",
        "",
        "Lf5",
        "in SAN an unturned Lancer keeps its facing: legal",
    ),
    ("lancers", "", "Lg5", "no Lancer reaches the square"),
    ("lancers", "", "b1g5ne", "not along the Lancer's facing"),
];

/// The reason `text` is refused in game `id` at `fen`, as the player reads it.
fn why(id: &str, fen: &str, text: &str) -> String {
    let v = variants::by_id(id).unwrap();
    let fen = if fen.is_empty() { v.start_fen } else { fen };
    let pos = position_from_fen::<u64>(v, fen).unwrap();
    explain_refusal(&pos, text).map_or("(none)".to_string(), |r| r.to_string())
}

#[test]
fn every_case_reads_as_the_snapshot_says() {
    let mut out = String::new();
    for &(id, fen, text, shows) in CASES {
        let at = if fen.is_empty() { "start" } else { fen };
        let _ = writeln!(
            out,
            "{id} {text} ({shows}; {at})\n  -> {}",
            why(id, fen, text)
        );
    }
    insta::assert_snapshot!(out);
}

#[test]
fn a_legal_move_has_no_reason() {
    assert_eq!(why("chess", CHESS_MIDGAME, "Qh5"), "(none)");
    assert_eq!(why("lancers", "", "Lf5"), "(none)");
}
