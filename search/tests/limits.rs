//! The search honours its limits: the first iteration always completes (so the move
//! returned has been searched, however early a stop, a time, node or depth limit comes),
//! `mate` stops at a proven mate, and `searchmoves` chooses among the given moves only.

mod common;

use common::{moves, wins_within};
use joust_core::{variants, Position, Square};
use joust_movegen::{make, tables, Move};
use joust_notation::{move_to_text, parse_move};
use joust_search::{search, Evaluator, Info, Limits, SearchResult, Shared, MATE, MATE_BOUND};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// White to move must keep the rook on the f3 square's diagonal or guard g2: the first
/// move generated (the rook to f1), like most rook moves, allows Qxg2 mate.
const BLUNDER: &str = "6k1/1b3ppp/2q5/8/8/5R2/4n1PP/7K w - - 0 1";

/// Chess position `fen`.
fn chess(fen: &str) -> Position<u64> {
    Position::from_fen(variants::chess(), fen).unwrap()
}

/// Searches `pos` with `limits` on `threads` threads, the stop flag set first if `stopped`,
/// and returns the result and the reports.
fn run(
    pos: &Position<u64>,
    limits: &Limits,
    threads: usize,
    stopped: bool,
) -> (SearchResult, Vec<Info>) {
    let shared = Shared::new(1);
    shared.arm();
    if stopped {
        shared.stop.store(true, Ordering::Relaxed);
    }
    let mut infos = Vec::new();
    let e = Evaluator::new(pos.variant());
    let r = search(pos, &[], limits, &shared, threads, &e, |i| {
        infos.push(i.clone())
    });
    (r, infos)
}

/// True if the opponent can mate at once after `mv`.
fn allows_mate_in_one(pos: &Position<u64>, mv: Move) -> bool {
    let mut after = pos.clone();
    make(tables::<u64>(pos.variant()), &mut after, mv);
    let mut budget = 1_000_000;
    wins_within(&mut after, 1, &mut budget).expect("small enough")
}

#[test]
fn the_first_generated_move_of_the_test_position_allows_a_mate() {
    let pos = chess(BLUNDER);
    let first = moves(&pos).as_slice()[0];
    assert!(
        allows_mate_in_one(&pos, first),
        "{}",
        move_to_text(&pos, first)
    );
    assert!(moves(&pos).iter().any(|&m| !allows_mate_in_one(&pos, m)));
}

/// However early the search is told to stop, its move is the best of a whole first
/// iteration, never the first move generated: with no time, no nodes, depth 0, or the
/// stop flag already set, on one thread and on two.
#[test]
fn the_first_iteration_always_completes() {
    let pos = chess(BLUNDER);
    let cases: [(&str, Limits, bool); 4] = [
        (
            "nodes 0",
            Limits {
                nodes: Some(0),
                ..Limits::default()
            },
            false,
        ),
        (
            "time 0",
            Limits {
                time: Some(Duration::ZERO),
                soft_time: Some(Duration::ZERO),
                ..Limits::default()
            },
            false,
        ),
        (
            "depth 0",
            Limits {
                depth: Some(0),
                ..Limits::default()
            },
            false,
        ),
        ("stopped", Limits::default(), true),
    ];
    for threads in [1, 2] {
        for (label, limits, stopped) in &cases {
            let (r, infos) = run(&pos, limits, threads, *stopped);
            let best = r.best.expect("a move");
            let text = move_to_text(&pos, best);
            assert!(
                !allows_mate_in_one(&pos, best),
                "{label}, {threads} threads: {text} allows a mate"
            );
            assert_eq!(r.depth, 1, "{label}, {threads} threads");
            assert_eq!(r.pv.first(), Some(&best));
            assert!(r.score > -MATE_BOUND, "{label}: {}", r.score);
            // The completed iteration is reported.
            assert_eq!(infos.len(), 1, "{label}, {threads} threads");
            assert_eq!(infos[0].pv.first(), Some(&best));
        }
    }
}

/// A stop that comes during a deep search still ends it: only the first iteration is
/// exempt.
#[test]
fn a_node_limit_ends_the_search_after_the_first_iteration() {
    let v = variants::chess();
    let pos: Position<u64> = Position::from_fen(v, v.start_fen).unwrap();
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let (r, _) = run(&pos, &limits, 1, false);
    assert!(
        r.depth >= 1 && r.nodes < 7_000,
        "depth {} nodes {}",
        r.depth,
        r.nodes
    );
}

/// Mate in two: Rb7, then Ra8 mate (or the other way round).
const MATE_IN_TWO: &str = "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1";

#[test]
fn mate_stops_once_a_mate_in_that_many_moves_is_proven() {
    let pos = chess(MATE_IN_TWO);
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let (r, _) = run(&pos, &limits, 1, false);
    assert_eq!(r.score, MATE - 3, "depth {}", r.depth);
    assert!(["b1b7", "a2a7"].contains(&move_to_text(&pos, r.best.unwrap()).as_str()));
    // With two lines wanted, nothing but the mate limit ends the search before depth 30.
    let limits = Limits {
        mate: Some(2),
        multipv: 2,
        depth: Some(30),
        ..Limits::default()
    };
    for threads in [1, 2] {
        let (r, infos) = run(&pos, &limits, threads, false);
        assert_eq!(r.score, MATE - 3);
        assert!(r.depth < 30, "depth {}", r.depth);
        assert!(infos.iter().any(|i| i.multipv == 2));
    }
}

#[test]
fn a_mate_longer_than_asked_for_does_not_stop_the_search() {
    // Mate in two is not a mate in one: only the depth limit ends this search.
    let pos = chess(MATE_IN_TWO);
    let limits = Limits {
        mate: Some(1),
        multipv: 2,
        depth: Some(6),
        ..Limits::default()
    };
    let (r, _) = run(&pos, &limits, 1, false);
    assert_eq!((r.score, r.depth), (MATE - 3, 6));
}

#[test]
fn searchmoves_chooses_among_the_given_legal_moves_only() {
    let pos = chess(BLUNDER);
    let blunder = parse_move(&pos, "f3f1").unwrap();
    let illegal = Move::normal(Square(0), Square(63));
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec![illegal, blunder],
        ..Limits::default()
    };
    for threads in [1, 2] {
        let (r, infos) = run(&pos, &limits, threads, false);
        assert_eq!(r.best, Some(blunder));
        assert!(!r.searchmoves_ignored);
        // Mated: Qxg2.
        assert_eq!(r.score, -MATE + 2);
        assert!(infos.iter().all(|i| i.pv[0] == blunder));
    }
    // Two moves and three lines wanted: two lines, of those two moves.
    let two = vec![blunder, parse_move(&pos, "h2h3").unwrap()];
    let limits = Limits {
        depth: Some(3),
        multipv: 3,
        searchmoves: two.clone(),
        ..Limits::default()
    };
    let (r, infos) = run(&pos, &limits, 1, false);
    assert_eq!(r.best, Some(two[1]));
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(last.len(), 2);
    assert!(last.iter().all(|i| two.contains(&i.pv[0])));
}

#[test]
fn searchmoves_without_a_legal_move_searches_every_move_and_says_so() {
    let pos = chess(BLUNDER);
    let limits = Limits {
        depth: Some(3),
        searchmoves: vec![Move::normal(Square(0), Square(63))],
        ..Limits::default()
    };
    let (r, _) = run(&pos, &limits, 1, false);
    assert!(r.searchmoves_ignored);
    assert!(!allows_mate_in_one(&pos, r.best.unwrap()));
}

/// Limits at the ends of their types neither overflow nor hang.
#[test]
fn the_largest_limits_are_safe() {
    let v = variants::chess();
    let pos: Position<u64> = Position::from_fen(v, v.start_fen).unwrap();
    let limits = Limits {
        depth: Some(3),
        nodes: Some(u64::MAX),
        time: Some(Duration::MAX),
        soft_time: Some(Duration::MAX),
        multipv: usize::MAX,
        mate: Some(u32::MAX),
        ..Limits::default()
    };
    let (r, infos) = run(&pos, &limits, 1, false);
    assert_eq!(r.depth, 3);
    // Every move a line: 20 lines an iteration.
    assert_eq!(infos.iter().filter(|i| i.depth == 3).count(), 20);
    let limits = Limits {
        depth: Some(u32::MAX),
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (r, _) = run(&pos, &limits, 1, false);
    assert!(r.depth >= 1 && r.nodes < 25_000);
}
