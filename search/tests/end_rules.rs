//! The search plays the games' own ends: it wins by giving away its last piece in
//! Antichess, by taking one of three kings in Three Kings, by wiping out the Horde, and it
//! scores these ends as mates, not as material.

mod common;

use joust_search::MATE_BOUND;

/// Searches `fen` to `depth` and returns the best move's text and the score.
fn solve(game: &str, fen: &str, depth: u32) -> (String, i32) {
    let (mv, score) = common::solve(game, fen, depth);
    (mv.expect("a move"), score)
}

fn assert_wins(game: &str, fen: &str, depth: u32, expected: &[&str]) {
    let (mv, score) = solve(game, fen, depth);
    assert!(score > MATE_BOUND, "{game} {fen}: score {score}, move {mv}");
    assert!(expected.contains(&mv.as_str()), "{game} {fen}: {mv}");
}

#[test]
fn antichess_gives_its_last_piece_away() {
    // Kb2 forces Black's king to take it: White has nothing left and wins. Ka2 or Kb1
    // would let Black give its king away first.
    assert_wins("antichess", "8/8/8/8/8/2k5/8/K7 w - - 0 1", 3, &["a1b2"]);
}

#[test]
fn antichess_sees_a_forced_capture_that_loses() {
    // The only move takes Black's last piece: Black wins.
    let (mv, score) = solve("antichess", "8/8/8/8/8/8/1p6/2K5 w - - 0 1", 3);
    assert_eq!(mv, "c1b2");
    assert!(score < -MATE_BOUND, "{score}");
}

#[test]
fn three_kings_takes_a_king() {
    assert_wins(
        "threekings",
        "k6k/8/8/8/8/8/4k3/K2KQ2K w - - 0 1",
        2,
        &["e1e2", "d1e2"],
    );
}

#[test]
fn horde_black_takes_the_last_pawn() {
    assert_wins("horde", "4k3/8/8/8/8/8/r6P/8 b - - 0 1", 2, &["a2h2"]);
}

/// Shatar: a mate by a Knight alone loses for the mater, so the search does not give it;
/// a mate with a shak (the Rook's) it gives.
#[test]
fn shatar_no_mate_by_a_knight_alone() {
    let (mv, score) = solve("shatar", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", 3);
    assert_ne!(mv, "g5f7", "score {score}");
    assert!(score > -MATE_BOUND && score < MATE_BOUND, "{mv} {score}");
    assert_wins("shatar", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2, &["a1a8"]);
}
