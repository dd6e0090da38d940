//! Forced mates the search must find within a node budget, in every game: mates by a
//! shot, by a Lancer through its own piece, by a Lion double capture, after gating.

use joust_core::{variants, Position};
use joust_movegen::{position_from_fen, TableCache};
use joust_notation::move_to_text;
use joust_search::{search, Evaluator, Limits, Shared, MATE_BOUND};

/// Searches `fen` and returns the best move's text and the score.
fn solve<B: TableCache>(game: &str, fen: &str, depth: u32) -> (String, i32) {
    let v = variants::by_id(game).unwrap();
    let pos: Position<B> = position_from_fen(v, fen).unwrap();
    let shared = Shared::new(16);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(3_000_000),
        multipv: 1,
        ..Limits::default()
    };
    let r = search(&pos, &[], &limits, &shared, 1, &Evaluator::new(v), |_| {});
    (move_to_text(&pos, r.best.expect("a move")), r.score)
}

fn assert_mate<B: TableCache>(game: &str, fen: &str, depth: u32, expected: &[&str]) {
    let (mv, score) = solve::<B>(game, fen, depth);
    assert!(score > MATE_BOUND, "{game} {fen}: score {score}, move {mv}");
    assert!(expected.contains(&mv.as_str()), "{game} {fen}: {mv}");
}

#[test]
fn chess_back_rank_mate_in_one_and_two() {
    assert_mate::<u64>("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, &["a1a8"]);
    // Mate in two with two rooks (a ladder): the first move must cut the King off.
    assert_mate::<u64>(
        "chess",
        "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1",
        5,
        &["b1b7", "a2a7"],
    );
}

#[test]
fn lancerchess_mate_of_the_royal_queen() {
    // Black's royal Queen on h8; White's Tower delivers mate on the back rank.
    assert_mate::<u64>(
        "lancerchess",
        "7q/6pp/8/8/8/8/8/R2Q4 w - - 0 1",
        3,
        &["a1a8"],
    );
}

#[test]
fn cromwell_mate_by_a_shot() {
    // The War Machine on h1 shoots the h7 pawn; the nearest piece on the h-file is then
    // the Black King: check, and Rupert (b7) and the Bishop (d5) cover g7 and g8.
    assert_mate::<u64>(
        "cromwell",
        "w6k/1R5p/8/3B4/8/8/8/2K4W w - - 0 1",
        3,
        &["h1*h7"],
    );
}

#[test]
fn lancers_mate_through_its_own_piece() {
    // The Lancer rides h1-a1 and turns North: check up the a-file through its own a2
    // pawn; the King on c7 and Black's own rook on b8 leave no escape.
    assert_mate::<u64>(
        "lancers",
        "kr6/2K5/8/8/8/8/P7/7L(W) w - - 0 1",
        3,
        &["h1a1n"],
    );
}

#[test]
fn royal_lion_mate_found() {
    // Queens on ranks 9 and 8 take every flight square; Qb10 mates along rank 10.
    assert_mate::<u128>(
        "royal-lion",
        "9l/Q9/Q9/10/10/10/10/10/10/1Q2L5 w - - 0 1",
        3,
        &["b1b10"],
    );
}

#[test]
fn royal_lion_mate_by_a_double_capture() {
    // White's Lion on e10 blocks its Rook's line to Black's Lion on a10 and is in check
    // from the Bishop on d9. Any Lion move uncovers the Rook, but only the double capture
    // e10xd9xe8 removes both pieces that could block rank 10 (Bishop to c10 or e10, Knight
    // to d10 or f10): mate in one.
    assert_mate::<u128>(
        "royal-lion",
        "l3L4R/pppb6/ppp1n5/10/10/10/10/10/10/10 w - - 0 1",
        3,
        &["e10d9,d9e8"],
    );
}

#[test]
fn musketeer_mate_by_the_gated_piece() {
    // The Knight leaves h1 for the first time and the Chancellor waiting behind it enters
    // h1, mating along the h-file: the gated piece gives the mate.
    assert_mate::<u64>(
        "musketeer",
        "6rk/6p1/8/8/8/8/8/K6N[MhL-m-l-] w - - 0 10",
        3,
        &["h1f2m", "h1g3m"],
    );
}

#[test]
fn musketeer_mate_after_setup() {
    assert_mate::<u64>(
        "musketeer",
        "6k1/5ppp/8/8/8/8/8/R5K1[L-C-l-c-] w - - 0 1",
        3,
        &["a1a8"],
    );
}
