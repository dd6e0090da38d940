//! Promotion zones of several ranks, optional promotion and limits on promoted pieces
//! (Makruk, Grand chess and game files using Fairy-Stockfish's promotion keys), and
//! Makpong's frozen King in check, against the slow generator read from the atoms
//! (`common::slow`) and against hand-counted moves.

mod common;

use common::slow::{assert_agree, compare_on_random_games};
use joust_core::gamefile::load;
use joust_core::variants::files::parent_entries;
use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, position_from_fen};

/// A game from a file that inherits from a built-in one.
fn game(text: &str) -> &'static Variant {
    let loaded = load(text, &parent_entries).expect("syntax");
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    loaded.games[0]
}

/// Chess with Grand chess's promotion rules on 8x8: a zone of three ranks, optional
/// promotion short of the last rank, at most one Queen and two of the others.
fn zoned_chess() -> &'static Variant {
    game(
        "[zoned:chess]\n\
         promotionRegionWhite = *6 *7 *8\n\
         promotionRegionBlack = *1 *2 *3\n\
         mandatoryPawnPromotion = false\n\
         immobilityIllegal = true\n\
         promotionLimit = q:1 r:2 b:2 n:2\n",
    )
}

/// The legal moves from square `from` in coordinates (`e7e8q`), sorted; the slow
/// generator must agree on the whole position.
fn moves_of(v: &'static Variant, fen: &str, from: &str) -> Vec<String> {
    let pos: Position<u64> = position_from_fen(v, fen).expect("FEN");
    assert_agree(&pos);
    let g = v.geometry;
    let mut out: Vec<String> = legal_moves(&pos)
        .iter()
        .map(|m| {
            let kind = m
                .promotion_kind()
                .map(|k| v.kind(k).letter.to_ascii_lowercase());
            format!(
                "{}{}{}",
                g.name(m.from),
                g.name(m.to),
                kind.map(String::from).unwrap_or_default()
            )
        })
        .filter(|m| m.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn makruk_pawns_become_mets_on_the_sixth_rank() {
    let makruk = variants::by_id("makruk").unwrap();
    // A step and a capture into the zone both promote, to the Met only.
    let m = moves_of(makruk, "4k3/8/r7/1P6/8/8/8/4K3 w - - 0 1", "b5");
    assert_eq!(m, ["b5a6m", "b5b6m"]);
    // Black's zone is the third rank down.
    let m = moves_of(makruk, "4k3/8/8/8/5p2/8/8/4K3 b - - 0 1", "f4");
    assert_eq!(m, ["f4f3m"]);
    assert!(compare_on_random_games::<u64>(makruk, 25) > 2000);
}

#[test]
fn optional_promotion_stays_a_choice_until_the_last_rank() {
    let v = zoned_chess();
    // Into the sixth rank: promote to Q, R, B or N, or stay a pawn.
    let m = moves_of(v, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5");
    assert_eq!(m, ["e5e6", "e5e6b", "e5e6n", "e5e6q", "e5e6r"]);
    // On the last rank the pawn must promote.
    let m = moves_of(v, "7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7");
    assert_eq!(m, ["d7d8b", "d7d8n", "d7d8q", "d7d8r"]);
}

#[test]
fn promotion_limits_count_the_pieces_on_the_board() {
    let v = zoned_chess();
    // One Queen already: no second one; the Rooks' limit is two.
    let m = moves_of(v, "4k3/8/8/4P3/8/8/8/Q3K2R w - - 0 1", "e5");
    assert_eq!(m, ["e5e6", "e5e6b", "e5e6n", "e5e6r"]);
    // With every kind at its limit the pawn may still enter the zone, as a pawn, but
    // never the last rank, where it could not stay.
    let full = "6k1/3P4/8/4P3/8/8/8/QRRBBNNK w - - 0 1";
    assert_eq!(moves_of(v, full, "e5"), ["e5e6"]);
    assert!(moves_of(v, full, "d7").is_empty());
    assert!(compare_on_random_games::<u64>(v, 25) > 2000);
}

#[test]
fn a_makpong_king_in_check_only_captures_the_checker() {
    let makpong = variants::by_id("makpong").unwrap();
    // Checked by the Rook on e5: the King may not step aside, only the Knight's capture
    // answers; a King may take a checker standing next to it.
    let fen = "4k3/8/8/r3r3/8/3N4/8/R3K3 w - - 0 1";
    assert!(moves_of(makpong, fen, "e1").is_empty());
    assert_eq!(moves_of(makpong, fen, "d3"), ["d3e5"]);
    assert_eq!(
        moves_of(makpong, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1"),
        ["e1e2"]
    );
    // Out of check it moves freely.
    assert_eq!(
        moves_of(makpong, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1").len(),
        5
    );
    assert!(compare_on_random_games::<u64>(makpong, 25) > 2000);
}
