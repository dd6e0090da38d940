//! The search honours its limits: the first iteration always completes (so the move
//! returned has been searched, however early a stop, a time, node or depth limit comes),
//! that move never allows a mate in one (or a winning stalemate) that another move avoids,
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

/// The ways to end a search as early as possible: no nodes, no time, depth 0, and the
/// stop flag set before it starts (named, with that flag).
fn earliest_stops() -> [(&'static str, Limits, bool); 4] {
    [
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
    ]
}

/// However early the search is told to stop, its move is the best of a whole first
/// iteration, never the first move generated: with no time, no nodes, depth 0, or the
/// stop flag already set, on one thread and on two.
#[test]
fn the_first_iteration_always_completes() {
    let pos = chess(BLUNDER);
    for threads in [1, 2] {
        for (label, limits, stopped) in &earliest_stops() {
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

/// Positions where the first move generated, and the move a depth-1 search likes best
/// (it wins material), allow the opponent a quiet move that wins at once, which one ply
/// and a quiescence search cannot see; some other move does not. By game: a back-rank
/// mate after the queen takes the knight (chess, and the same in LancerChess, whose royal
/// Queen moves like a chess king and whose King like a chess queen), and in Cromwell,
/// where stalemate loses, the King shooting the War Machine on g8 lets White's King
/// stalemate it from f6.
const QUIET_MATES: [(&str, &str); 3] = [
    ("chess", "4r1k1/5ppp/8/3n4/3Q4/8/5PPP/7K w - - 0 1"),
    ("lancerchess", "4r1q1/5ppp/8/3j4/3K4/8/5PPP/7Q w - - 0 1"),
    ("cromwell", "4k1W1/8/8/6K1/5PB1/1W4PP/4HP2/8 b - - 12 83"),
];

/// Game `id`'s position `fen`.
fn game(id: &str, fen: &str) -> Position<u64> {
    let v = variants::all()
        .iter()
        .copied()
        .find(|v| v.id == id)
        .expect("a game");
    Position::from_fen(v, fen).unwrap()
}

#[test]
fn the_first_generated_moves_of_the_quiet_mate_positions_lose_at_once() {
    for (id, fen) in QUIET_MATES {
        let pos = game(id, fen);
        let list = moves(&pos);
        let first = list.as_slice()[0];
        let text = move_to_text(&pos, first);
        assert!(allows_mate_in_one(&pos, first), "{id}: {text}");
        assert!(list.iter().any(|&m| !allows_mate_in_one(&pos, m)), "{id}");
    }
}

/// However early a search ends, on one thread or two, its move does not allow a mate in
/// one (or a stalemate, where that wins) when another move does not: the first iteration
/// tests the moves it would choose for a winning reply.
#[test]
fn no_search_returns_a_move_that_allows_a_quiet_mate_in_one() {
    for (id, fen) in QUIET_MATES {
        let pos = game(id, fen);
        let depth_1 = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let mut cases = earliest_stops().to_vec();
        cases.push(("depth 1", depth_1, false));
        for threads in [1, 2] {
            for (label, limits, stopped) in &cases {
                let (r, infos) = run(&pos, limits, threads, *stopped);
                let best = r.best.expect("a move");
                let text = move_to_text(&pos, best);
                assert!(
                    !allows_mate_in_one(&pos, best),
                    "{id}, {label}, {threads} threads: {text} loses at once"
                );
                assert_eq!(r.depth, 1, "{id}, {label}, {threads} threads");
                assert!(r.score > -MATE_BOUND, "{id}, {label}: {}", r.score);
                assert_eq!(infos.last().map(|i| i.score), Some(r.score));
            }
        }
    }
}

/// In Cromwell a stalemate wins for the side that gives it, and the search sees one only
/// where it generates moves, not in quiescence: at depth 2 the replies to a root move are
/// all followed by a quiescence search. Here White's King likes shooting the pawn on h3
/// from f1 (depth 2 chose it), after which Pym to g5 or g7 leaves him no move; every
/// iteration is guarded in this game.
#[test]
fn a_cromwell_search_of_depth_2_does_not_walk_into_a_stalemate() {
    let pos = game("cromwell", "7b/7y/1w2wp2/8/3k4/7p/8/5K2 w - - 0 71");
    let shot = parse_move(&pos, "f1*h3").unwrap();
    assert!(allows_mate_in_one(&pos, shot));
    for threads in [1, 2] {
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let (r, _) = run(&pos, &limits, threads, false);
        let best = r.best.expect("a move");
        let text = move_to_text(&pos, best);
        assert!(
            !allows_mate_in_one(&pos, best),
            "{threads} threads: {text} loses at once"
        );
        // (Lost all the same, but not at once.)
        assert!(r.score > -MATE + 2, "{}", r.score);
    }
}

/// A move that allows a quiet mate in one scores as mated in two plies even at depth 1,
/// its line the mating reply, as deeper iterations score it: with only such moves to
/// choose from, that is the search's score.
#[test]
fn a_move_that_allows_a_quiet_mate_scores_as_mated_from_depth_1() {
    for (id, fen) in QUIET_MATES {
        let pos = game(id, fen);
        let losing: Vec<Move> = moves(&pos)
            .iter()
            .copied()
            .filter(|&m| allows_mate_in_one(&pos, m))
            .collect();
        for depth in [1, 2] {
            let limits = Limits {
                depth: Some(depth),
                searchmoves: losing.clone(),
                ..Limits::default()
            };
            let (r, infos) = run(&pos, &limits, 1, false);
            assert_eq!(r.score, -MATE + 2, "{id}, depth {depth}");
            assert_eq!(infos[0].score, -MATE + 2, "{id}, depth {depth}");
            assert_eq!(r.pv.len(), 2, "{id}, depth {depth}");
            let mut after = pos.clone();
            let t = tables::<u64>(pos.variant());
            make(t, &mut after, r.pv[0]);
            make(t, &mut after, r.pv[1]);
            assert!(moves(&after).is_empty(), "{id}: the reply ends the game");
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
