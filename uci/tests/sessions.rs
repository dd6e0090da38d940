//! Whole sessions played in-process: what the engine answers to every kind of command,
//! bad input, and input that ends early. The regression tests of issue 24 (part 2,
//! items 1 and 3 to 7) are marked with their item.

use joust_core::variants;
use joust_uci::board::Board;
use joust_uci::testkit::{play, Event, Step, Transcript};
use joust_uci::{Ending, Settings, MAX_LINE};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

fn settings(fallback_ms: u64) -> Settings {
    Settings {
        fallback_time: Duration::from_millis(fallback_ms),
    }
}

fn session(steps: &[Step]) -> Transcript {
    play(steps, settings(10_000), LIMIT)
}

fn lines(texts: &[&str]) -> Vec<Step> {
    texts.iter().map(|t| Step::line(t)).collect()
}

fn await_line(prefix: &str, count: usize) -> Step {
    Step::Await(prefix.to_string(), count, Duration::from_secs(60))
}

fn pause(ms: u64) -> Step {
    Step::Pause(Duration::from_millis(ms))
}

/// The move of the first `bestmove` line.
fn bestmove(t: &Transcript) -> String {
    let line = t.lines_starting("bestmove ");
    let line = line
        .first()
        .unwrap_or_else(|| panic!("no bestmove in\n{t}"));
    line.split(' ').nth(1).unwrap().to_string()
}

/// When the input ended.
fn end_time(t: &Transcript) -> Duration {
    t.events
        .iter()
        .find_map(|(time, e)| (*e == Event::End).then_some(*time))
        .unwrap_or(Duration::MAX)
}

/// White to move: only h2g2 (taking the rook) stops ...Qxf2 mate, and the first move
/// generated, f1e1, allows it.
const FIRST_MOVE_LOSES: &str = "3r1k2/p7/b1n1pP1p/1p6/1PN2PpP/P4q2/2P2BrR/1R3K2 w - - 2 36";

/// White mates in one with a1a8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// White is checkmated.
const MATED: &str = "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1";

#[test]
fn a_byte_that_is_not_utf8_does_not_end_the_session() {
    // Item 1.
    let t = session(&[
        Step::Line(b"setoption name UCI_Opponent value none 2800 computer M\xfcller".to_vec()),
        Step::line("isready"),
        Step::Line(b"\xff\xfe\x00go\x80".to_vec()),
        Step::line("isready"),
    ]);
    assert_eq!(t.lines_starting("readyok").len(), 2, "{t}");
    assert!(
        t.text()
            .contains("info string unknown option 'UCI_Opponent' ignored"),
        "{t}"
    );
    assert_eq!(t.ending, Some(Ending::EndOfInput));
}

#[test]
fn an_overlong_line_is_skipped() {
    let t = session(&[Step::Line(vec![b'x'; MAX_LINE + 1]), Step::line("isready")]);
    assert!(
        t.text()
            .contains(&format!("a line of {} bytes ignored", MAX_LINE + 1)),
        "{t}"
    );
    assert_eq!(t.lines_starting("readyok").len(), 1);
}

#[test]
fn a_last_line_without_newline_is_read() {
    let t = session(&[Step::Raw(b"isready".to_vec())]);
    assert_eq!(t.output(), vec!["readyok"]);
}

#[test]
fn the_end_of_input_lets_a_depth_search_finish() {
    // Item 3: the input ends right after `go depth N`.
    let t = session(&lines(&[
        "setoption name UCI_Variant value lancerchess",
        "position startpos",
        "go depth 5",
    ]));
    assert!(!t.lines_starting("info depth 5 ").is_empty(), "{t}");
    assert_eq!(t.lines_starting("bestmove").len(), 1, "{t}");
}

#[test]
fn the_first_generated_move_is_not_played_unsearched() {
    // Item 3: searches that end before depth 1 used to play the first generated move.
    let mut board = Board::set_up(
        variants::chess(),
        &joust_uci::Setup::Fen(FIRST_MOVE_LOSES.into()),
        &[],
    )
    .unwrap();
    assert_eq!(board.legal_texts()[0], "f1e1");
    assert!(board.play("f1e1") && board.play("f3f2"));
    assert!(board.legal_texts().is_empty(), "f1e1 allows mate in one");
    for go in [
        "go depth 0",
        "go nodes 0",
        "go movetime 0",
        "go depth 1",
        "go depth -1",
    ] {
        let t = session(&lines(&[&format!("position fen {FIRST_MOVE_LOSES}"), go]));
        assert_eq!(bestmove(&t), "h2g2", "{go}:\n{t}");
        assert!(!t.lines_starting("info depth 1 ").is_empty(), "{go}:\n{t}");
    }
}

/// Plays `go` and, while the input is still open, waits for its `bestmove`.
fn answered_without_stop(position: &str, go: &str, fallback_ms: u64) -> Transcript {
    let mut steps = lines(&[position, go]);
    steps.push(Step::Await("bestmove".into(), 1, Duration::from_secs(30)));
    let t = play(&steps, settings(fallback_ms), LIMIT);
    let answered = t
        .time_of("bestmove")
        .unwrap_or_else(|| panic!("{go}: no bestmove\n{t}"));
    assert!(
        answered < end_time(&t),
        "{go}: bestmove only at the end of input\n{t}"
    );
    t
}

#[test]
fn negative_and_unparsable_limits_never_search_forever() {
    // Item 4.
    for (go, notes) in [
        (
            "go wtime -100 btime -100",
            &["wtime -100 taken as 0", "btime -100 taken as 0"][..],
        ),
        ("go movetime -5", &["movetime -5 taken as 0"]),
        ("go depth -1", &["depth -1 taken as 1"]),
        ("go nodes -1", &["nodes -1 taken as 0"]),
        (
            "go movetime abc",
            &[
                "'movetime abc' is not a whole number, ignored",
                "no limit given",
            ],
        ),
        (
            "go wtime x btime 7",
            &["'wtime x' is not a whole number, ignored"],
        ),
        ("go hurry", &["'hurry' ignored", "no limit given"]),
        ("go winc 100 binc 100", &["no limit given"]),
        ("go depth", &["'depth' needs a number", "no limit given"]),
    ] {
        let t = answered_without_stop("position startpos", go, 300);
        let said: Vec<&str> = t.lines_starting("info string go: ");
        assert_eq!(said.len(), notes.len(), "{go}:\n{t}");
        for (line, note) in said.iter().zip(notes) {
            assert!(line.contains(note), "{go}: {line} lacks {note}");
        }
    }
    let t = answered_without_stop("position startpos", "go movetime abc", 300);
    assert!(
        t.text()
            .contains("info string go: 'movetime abc' is not a whole number, ignored"),
        "{t}"
    );
    assert!(
        t.text()
            .contains("info string go: no limit given, searching at most 300 ms"),
        "{t}"
    );
}

#[test]
fn a_clock_with_no_time_left_still_plays_a_searched_move() {
    // Item 4: negative clocks are 0 ms, which still completes depth 1.
    let t = answered_without_stop(
        &format!("position fen {FIRST_MOVE_LOSES}"),
        "go wtime -100 btime -100",
        10_000,
    );
    assert!(
        t.text().contains("info string go: wtime -100 taken as 0"),
        "{t}"
    );
    assert_eq!(bestmove(&t), "h2g2", "{t}");
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    // Item 4: `mate` is honoured; alone it gets the fallback bound, not an endless search.
    let t = answered_without_stop(&format!("position fen {MATE_IN_ONE}"), "go mate 1", 60_000);
    assert_eq!(bestmove(&t), "a1a8", "{t}");
    assert!(
        t.time_of("bestmove").unwrap() < Duration::from_secs(20),
        "{t}"
    );
}

#[test]
fn go_searchmoves_limits_the_root_moves() {
    // Item 4.
    let t = answered_without_stop("position startpos", "go depth 3 searchmoves a2a3 zz", 300);
    assert_eq!(bestmove(&t), "a2a3", "{t}");
    assert!(
        t.text()
            .contains("info string go: searchmoves: 'zz' is not a coordinate move"),
        "{t}"
    );
    let t = answered_without_stop("position startpos", "go searchmoves h2h4", 300);
    assert_eq!(bestmove(&t), "h2h4", "{t}");
    let t = answered_without_stop("position startpos", "go depth 2 searchmoves e2e5", 300);
    assert!(
        t.text()
            .contains("no legal move among searchmoves; searching every move"),
        "{t}"
    );
}

/// Plays `go` in `fen`, then `stop` after a pause; checks that `bestmove` waited for it.
fn waits_for(fen: &str, go: &str, release: &str) -> Transcript {
    let mut steps = lines(&[&format!("position fen {fen}"), go]);
    steps.push(pause(300));
    steps.push(Step::line(release));
    steps.push(await_line("bestmove", 1));
    steps.push(Step::line("isready"));
    let t = session(&steps);
    let sent = t.time_sent(3).unwrap();
    let answered = t
        .time_of("bestmove")
        .unwrap_or_else(|| panic!("no bestmove\n{t}"));
    assert!(answered >= sent, "{go}: bestmove before '{release}'\n{t}");
    assert_eq!(t.lines_starting("bestmove").len(), 1, "{t}");
    t
}

#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_over() {
    // Item 5: a mate found at once, and no legal move at all.
    let t = waits_for(MATE_IN_ONE, "go infinite", "stop");
    assert_eq!(bestmove(&t), "a1a8");
    let t = waits_for(MATED, "go infinite", "stop");
    assert_eq!(bestmove(&t), "0000");
    assert!(t.text().contains("info depth 0 score mate 0"), "{t}");
    let t = waits_for(MATE_IN_ONE, "go infinite depth 1", "stop");
    assert_eq!(bestmove(&t), "a1a8");
    // A bare `go` searches until `stop`, as in Stockfish.
    let t = waits_for(MATE_IN_ONE, "go", "stop");
    assert_eq!(bestmove(&t), "a1a8");
}

#[test]
fn go_ponder_waits_for_ponderhit_then_searches_for_its_time() {
    // Item 5 (ponder).
    let t = waits_for(MATE_IN_ONE, "go ponder", "ponderhit");
    assert_eq!(bestmove(&t), "a1a8");
    assert!(
        t.text()
            .contains("no limit given, searching at most 10000 ms after ponderhit"),
        "{t}"
    );
    let t = waits_for(MATED, "go ponder depth 3", "stop");
    assert_eq!(bestmove(&t), "0000");
    // After ponderhit the search goes on for its movetime, counted from then.
    let t = waits_for(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "go ponder movetime 400",
        "ponderhit",
    );
    let after = t.time_of("bestmove").unwrap() - t.time_sent(3).unwrap();
    assert!(
        after >= Duration::from_millis(350),
        "{} ms\n{t}",
        after.as_millis()
    );
}

#[test]
fn a_search_that_waits_is_stopped_at_the_end_of_input() {
    for go in [
        "go infinite",
        "go ponder",
        "go",
        "go ponder wtime 1000 btime 1000",
    ] {
        let t = session(&lines(&["position startpos", go]));
        assert_eq!(t.lines_starting("bestmove").len(), 1, "{go}:\n{t}");
        assert!(t.elapsed < Duration::from_secs(20), "{go}:\n{t}");
    }
}

#[test]
fn isready_is_answered_at_once_while_searching() {
    let mut steps = lines(&["position startpos", "go infinite", "isready"]);
    steps.push(await_line("readyok", 1));
    steps.push(Step::line("stop"));
    let t = session(&steps);
    assert!(
        t.time_of("readyok").unwrap() < t.time_of("bestmove").unwrap(),
        "{t}"
    );
}

#[test]
fn a_refused_position_leaves_no_position_to_search() {
    // Item 6: never a search of the position before.
    for bad in [
        "position startpos moves e2e4 e2e5",
        "position fen not a fen",
        "position startpos junk",
        "position",
    ] {
        let t = session(&lines(&[
            "position startpos moves e2e4",
            bad,
            "go depth 2",
            "eval",
        ]));
        assert!(
            t.lines_starting("info string position refused: ").len() == 1,
            "{bad}:\n{t}"
        );
        assert!(
            t.text().contains("info string no position: "),
            "{bad}:\n{t}"
        );
        assert_eq!(bestmove(&t), "0000", "{bad}:\n{t}");
        assert!(t.lines_starting("info depth").is_empty(), "{bad}:\n{t}");
        assert!(
            t.lines_starting("Static evaluation").is_empty(),
            "{bad}:\n{t}"
        );
    }
    // `go infinite` without a position still waits for `stop`.
    let mut steps = lines(&["position fen x", "go infinite"]);
    steps.push(pause(200));
    steps.push(Step::line("stop"));
    let t = session(&steps);
    assert!(
        t.time_of("bestmove 0000").unwrap() >= t.time_sent(3).unwrap(),
        "{t}"
    );
}

#[test]
fn ucinewgame_and_a_new_game_give_a_position_again() {
    // Item 6.
    let t = session(&lines(&["position fen x", "ucinewgame", "go depth 1"]));
    assert!(
        Board::start(variants::chess())
            .legal_texts()
            .contains(&bestmove(&t)),
        "{t}"
    );
    let t = session(&lines(&[
        "position startpos moves e2e5",
        "setoption name UCI_Variant value lancerchess",
        "go depth 1",
    ]));
    assert!(
        Board::start(variants::lancerchess())
            .legal_texts()
            .contains(&bestmove(&t)),
        "{t}"
    );
    // A valid position after a refused one is searched.
    let t = session(&lines(&[
        "position fen x",
        &format!("position fen {MATE_IN_ONE}"),
        "go depth 2",
    ]));
    assert_eq!(bestmove(&t), "a1a8", "{t}");
}

#[test]
fn perft_runs_beside_the_loop_and_stops_at_once() {
    // Item 7: isready is answered during a long count, stop ends it within a moment.
    let mut steps = lines(&["position startpos", "go perft 8", "isready"]);
    steps.push(await_line("readyok", 1));
    steps.push(pause(200));
    steps.push(Step::line("stop"));
    steps.push(await_line("info string perft", 1));
    let t = session(&steps);
    let ready = t.time_of("readyok").unwrap() - t.time_sent(2).unwrap();
    assert!(
        ready < Duration::from_secs(1),
        "{} ms\n{t}",
        ready.as_millis()
    );
    let stopped = t
        .time_of("info string perft 8 stopped after")
        .unwrap_or_else(|| panic!("{t}"));
    let took = stopped - t.time_sent(5).unwrap();
    assert!(
        took < Duration::from_secs(2),
        "{} ms\n{t}",
        took.as_millis()
    );
    assert!(t.lines_starting("Nodes searched").is_empty(), "{t}");
    // quit too.
    let t = session(&lines(&["go perft 8", "quit"]));
    assert_eq!(t.ending, Some(Ending::Quit));
    assert!(t.elapsed < Duration::from_secs(5), "{t}");
}

#[test]
fn perft_counts_like_stockfish() {
    let t = session(&lines(&["position startpos moves e2e4 e7e5", "go perft 2"]));
    assert!(t.text().contains("\n\nNodes searched: 835\n"), "{t}");
    assert_eq!(t.lines_starting("g1f3: ").len(), 1, "{t}");
    let t = session(&lines(&[
        "go perft 0",
        "go perft -3",
        "go perft 99 junk",
        "stop",
    ]));
    assert_eq!(t.lines_starting("Nodes searched: 1").len(), 2, "{t}");
    assert!(
        t.text().contains("info string go: perft -3 taken as 0"),
        "{t}"
    );
    assert!(
        t.text().contains("info string go: perft 99 taken as 10"),
        "{t}"
    );
    assert!(t.text().contains("info string go: 'junk' ignored"), "{t}");
    assert!(
        t.text().contains("info string perft 10 stopped after"),
        "{t}"
    );
}

#[test]
fn every_other_command_is_answered() {
    let t = session(&lines(&[
        "uci",
        "debug on",
        "register later",
        "ponderhit",
        "stop",
        "hello world",
        "setoption",
        "setoption name Hash value 0",
        "setoption name Hash value 8",
        "setoption name Ponder value true",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "go depth 2",
        "isready",
    ]));
    let text = t.text();
    assert!(text.contains("\nuciok\n"), "{t}");
    assert!(
        text.contains("info string unknown command 'hello' ignored"),
        "{t}"
    );
    assert!(
        text.contains("info string setoption needs 'name <option> value <value>'"),
        "{t}"
    );
    assert!(
        text.contains("info string Hash '0' is not 1 to 4096"),
        "{t}"
    );
    assert!(text.contains(" multipv 2 "), "{t}");
    assert_eq!(t.lines_starting("bestmove").len(), 1, "{t}");
    assert_eq!(t.lines_starting("info string").len(), 3, "{t}");
}

#[test]
fn the_largest_table_is_ready_at_once() {
    let mut steps = lines(&["setoption name Hash value 4096", "isready"]);
    steps.push(await_line("readyok", 1));
    steps.extend(lines(&["go depth 2", "setoption name Hash value 4097"]));
    let t = session(&steps);
    assert!(
        t.time_of("readyok").unwrap() < Duration::from_secs(3),
        "{t}"
    );
    assert_eq!(t.lines_starting("bestmove").len(), 1, "{t}");
    assert!(
        t.text()
            .contains("info string Hash '4097' is not 1 to 4096"),
        "{t}"
    );
}

#[test]
fn quit_stops_the_search_and_ends_the_session() {
    let t = session(&lines(&["go infinite", "quit", "isready"]));
    assert_eq!(t.ending, Some(Ending::Quit));
    assert_eq!(t.lines_starting("bestmove").len(), 1, "{t}");
    assert!(t.lines_starting("readyok").is_empty(), "{t}");
}

/// How long a clock `go` takes to its `bestmove` with the given `Move Overhead`.
fn clock_move_time(overhead_ms: u64) -> Duration {
    let mut steps = lines(&[
        &format!("setoption name Move Overhead value {overhead_ms}"),
        "position startpos moves e2e4",
        "go wtime 10000 btime 10000",
    ]);
    steps.push(await_line("bestmove", 1));
    let t = session(&steps);
    assert!(!t.text().contains("info string"), "{t}");
    t.time_of("bestmove").unwrap() - t.time_sent(2).unwrap()
}

#[test]
fn move_overhead_comes_off_the_time_of_each_clock_move() {
    // 10 s left: about a third of a second planned for the move; with an overhead of
    // 5 s, nothing is left but the first iteration.
    let planned = clock_move_time(0);
    let cut = clock_move_time(5000);
    assert!(planned >= Duration::from_millis(150), "{planned:?}");
    assert!(cut < planned / 2, "{cut:?} against {planned:?}");
    let t = session(&lines(&[
        "setoption name Move Overhead value 5001",
        "setoption name move overhead value -1",
        "uci",
    ]));
    assert!(
        t.text()
            .contains("info string Move Overhead '5001' is not 0 to 5000"),
        "{t}"
    );
    assert!(
        t.text()
            .contains("option name Move Overhead type spin default 10 min 0 max 5000"),
        "{t}"
    );
}
