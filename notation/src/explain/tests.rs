//! The reasons, position by position, in several games.

use super::explain_refusal;
use joust_core::variants;
use joust_movegen::position_from_fen;

/// The reason `text` is refused in game `id` at `fen`, as the player reads it.
fn why(id: &str, fen: &str, text: &str) -> String {
    let v = variants::by_id(id).unwrap();
    let fen = if fen.is_empty() { v.start_fen } else { fen };
    let pos = position_from_fen::<u64>(v, fen).unwrap();
    explain_refusal(&pos, text).map_or("(none)".to_string(), |r| r.to_string())
}

#[test]
fn squares_and_pieces() {
    assert_eq!(why("chess", "", "e3e4"), "there is no piece on e3");
    assert_eq!(why("chess", "", "e7e5"), "the Pawn on e7 is not yours");
    assert_eq!(why("chess", "", "Bc1"), "c1 is occupied by your Bishop");
    assert_eq!(why("chess", "", "f1e2"), "e2 is occupied by your Pawn");
}

#[test]
fn how_pieces_move() {
    assert_eq!(
        why("chess", "", "g1g3"),
        "a Knight does not move from g1 to g3"
    );
    assert_eq!(why("chess", "", "Ng3"), "none of your Knights moves to g3");
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(
        why("chess", fen, "e4e5"),
        "a Pawn goes to e5 only if it is empty, and cannot take the Pawn there"
    );
    assert_eq!(
        why("chess", fen, "d2e3"),
        "a Pawn goes to e3 only to capture, and it is empty"
    );
    assert_eq!(
        why("chess", fen, "c1h6"),
        "the Bishop's way to h6 is blocked at d2"
    );
    assert_eq!(why("chess", fen, "Qh5"), "(none)", "legal: no reason");
}

#[test]
fn the_royal_piece_in_danger() {
    // Pinned Knight on e2 by the Rook on e8.
    let fen = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        why("chess", fen, "Nc3"),
        "that would leave your King in check"
    );
    assert_eq!(why("chess", fen, "e1e2"), "e2 is occupied by your Knight");
    let fen = "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(
        why("chess", fen, "Ra2"),
        "you are in check, and your King would still be in check"
    );
    assert_eq!(
        why("chess", fen, "Ke2"),
        "your King would be in check on e2"
    );
    // LancerChess: the Queen is royal.
    let fen = "4r1q1/8/8/8/8/8/4B3/4Q3 w - - 0 1";
    assert_eq!(
        why("lancerchess", fen, "Bd3"),
        "that would leave your Queen in check"
    );
}

#[test]
fn castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    assert_eq!(
        why("chess", fen, "O-O"),
        "castling: that right is lost (the King or that Rook has moved)"
    );
    assert_eq!(
        why("chess", fen, "e1g1"),
        "castling: that right is lost (the King or that Rook has moved)"
    );
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
    assert_eq!(
        why("chess", fen, "O-O-O"),
        "castling: the King has moved, so no castling right is left"
    );
    assert_eq!(
        why("chess", "", "O-O"),
        "castling: pieces stand between, on f1 g1"
    );
    let fen = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
    assert_eq!(
        why("chess", fen, "O-O"),
        "castling through an attacked square, f1"
    );
    let fen = "r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1";
    assert_eq!(
        why("chess", fen, "O-O"),
        "castling onto an attacked square, g1"
    );
    let fen = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQ - 0 1";
    assert_eq!(
        why("chess", fen, "O-O"),
        "castling: your King is in check, and may not castle out of it"
    );
}

#[test]
fn rules_from_game_data() {
    // Cromwell: Rupert (white, queen) on d1 may not move to d4 facing Pym on d8.
    let fen = "whb1kbhw/pppyp1pp/8/8/8/8/PPP1PPPP/WHBRKBHW w - - 0 1";
    assert_eq!(
        why("cromwell", fen, "d1d5"),
        "Rupert and Pym may not attack each other"
    );
    // Musketeer: the King moves out of check without capturing; its gating is forfeited.
    let fen = "4k3/8/8/8/8/8/4r3/4K3[L-Cel-c-] w - - 0 20";
    let forfeit = "the King moves out of check without capturing, so gating is forfeited: \
                   leave out the letter";
    assert_eq!(why("musketeer", fen, "e1d1c"), forfeit);
    assert_eq!(why("musketeer", fen, "Kd1/C"), forfeit);
    let fen = "4k3/8/8/8/8/8/8/R3K3[L-Cel-c-] w - - 0 20";
    assert_eq!(
        why("musketeer", fen, "a1a2c"),
        "no reserve piece waits behind a1: leave out the letter"
    );
    assert_eq!(
        why("musketeer", fen, "e1d1l"),
        "the piece waiting behind e1 is the Cannon (C)"
    );
}

#[test]
fn lancer_facings_and_promotions() {
    assert_eq!(
        why("chess", "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8"),
        "add the piece the Pawn becomes, e.g. a7a8q or a7a8r"
    );
    let fen = "";
    assert_eq!(
        why("lancers", fen, "b1f5"),
        "add the way the Lancer faces after the move, e.g. b1f5ne or b1f5n"
    );
    // In SAN an unturned Lancer keeps its facing: `Lf5` is legal.
    assert_eq!(why("lancers", fen, "Lf5"), "(none)");
    assert_eq!(
        why("lancers", fen, "Lg5"),
        "none of your Lancers moves to g5"
    );
    assert_eq!(
        why("lancers", fen, "b1g5ne"),
        "a Lancer does not move from b1 to g5"
    );
}
