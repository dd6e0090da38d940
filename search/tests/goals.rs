//! The search scores the goals besides mate (a King on the hill, the last check, Racing
//! Kings' race) as won or lost where they are reached, not only through a lack of moves.

mod common;

use common::solve;
use joust_search::{MATE, MATE_BOUND};

#[test]
fn the_king_steps_onto_the_hill() {
    // Only the step to the hill wins at once; mate in one is not on the board.
    let (mv, score) = solve("kingofthehill", "r3k3/8/8/8/8/3K4/8/8 w - - 0 1", 3);
    assert_eq!(score, MATE - 1);
    assert!(matches!(mv.as_deref(), Some("d3d4" | "d3e4")), "{mv:?}");
    // A position where the goal is already reached is lost for the side to move.
    let (mv, score) = solve("kingofthehill", "r3k3/8/8/8/4K3/8/8/8 b - - 0 1", 3);
    assert_eq!((mv, score), (None, -MATE));
}

#[test]
fn the_hill_is_defended_against() {
    // Black's King reaches d5 or e5 next move unless White's Rook guards the fifth
    // rank: only Rb5 holds (Rd1 or Re1 guard one of the two squares, Rb6+ lets the King
    // step up); every other move loses.
    let (mv, score) = solve("kingofthehill", "8/8/3k4/8/8/8/8/KR6 w - - 0 1", 4);
    assert_eq!(mv.as_deref(), Some("b1b5"), "{score}");
    assert!(score > -MATE_BOUND, "{score}");
}

#[test]
fn the_last_check_wins() {
    // White has one check left, and Bb5+ is its only check: it wins at once.
    let (mv, score) = solve(
        "3check",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
        3,
    );
    assert_eq!(score, MATE - 1, "{mv:?}");
    assert_eq!(mv.as_deref(), Some("f1b5"));
}

#[test]
fn racing_kings_wins_the_race_and_draws_the_tie() {
    // White reaches the eighth rank, and Black is too far to answer: the game ends
    // when White is to move again, two plies from here.
    let (mv, score) = solve("racingkings", "8/2K5/8/8/8/6k1/8/8 w - - 0 1", 5);
    assert_eq!(score, MATE - 2, "{mv:?}");
    assert!(
        matches!(mv.as_deref(), Some("c7b8" | "c7c8" | "c7d8")),
        "{mv:?}"
    );
    // Both Kings one step away, White to move: Black answers on the eighth rank.
    let (_, score) = solve("racingkings", "8/2K3k1/8/8/8/8/8/8 w - - 0 1", 5);
    assert_eq!(score, 0);
}
