//! `joust analyse` as a user runs it: the deepening lines for a position of every game,
//! an annotated PGN with its mistakes marked, and clean failures on bad input.

mod common;

use common::{data, joust};

/// The output with the one varying number, the time taken, replaced by `T`.
fn without_time(out: &str) -> String {
    out.lines()
        .map(|line| match line.find(", time ") {
            Some(at) => format!("{}, time T)", &line[..at]),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_start_of_every_game_deepens_to_a_best_move() {
    let ids = [
        "chess",
        "lancerchess",
        "clash",
        "lancers",
        "single-lancer",
        "cromwell",
        "royal-lion",
        "musketeer",
    ];
    let mut all = String::new();
    for id in ids {
        let (code, out, err) = joust(&["analyse", "--variant", id, "--depth", "3"], "");
        assert_eq!(code, 0, "{id}: {err}");
        assert!(err.is_empty(), "{id}: {err}");
        assert_eq!(out.matches("\ndepth ").count(), 3, "{id}: {out}");
        assert!(out.contains("Best move: "), "{id}: {out}");
        all += &without_time(&out);
        all += "\n\n";
    }
    insta::assert_snapshot!(all);
}

#[test]
fn a_position_with_a_mate_shows_it_from_whites_view() {
    // Black to move mates with Qh4 (fool's mate).
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
    let (code, out, err) = joust(&["analyse", "--fen", fen, "--depth", "4"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Best move: Qh4# (#-1"), "{out}");
    insta::assert_snapshot!(without_time(&out));
}

#[test]
fn several_lines_are_ranked_best_first_at_every_depth() {
    let (code, out, err) = joust(
        &[
            "analyse",
            "--variant",
            "lancerchess",
            "--depth",
            "4",
            "--multipv",
            "3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for depth in 1..=4 {
        for rank in 1..=3 {
            let head = format!("depth {depth:>2}  [{rank}] ");
            assert_eq!(out.matches(&head).count(), 1, "{head}: {out}");
        }
    }
    insta::assert_snapshot!(without_time(&out));
}

#[test]
fn a_time_limit_stops_the_search() {
    let start = std::time::Instant::now();
    let (code, out, err) = joust(&["analyse", "--variant", "lancers", "--time", "300ms"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Best move: "), "{out}");
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn a_pgn_is_annotated_move_by_move_with_the_mistakes_marked() {
    let (code, out, err) = joust(
        &[
            "analyse",
            "--pgn",
            &data("analyse-short.pgn"),
            "--depth",
            "4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    // Black's 3... Nf6 allows mate in one; in game 3, White gives a bishop for a pawn.
    assert!(out.contains("3...   Nf6??"), "{out}");
    assert!(out.contains("3.     Bxf7+??  "), "{out}");
    insta::assert_snapshot!(out);
    // The same file read from standard input gives the same annotations.
    let text = std::fs::read_to_string(data("analyse-short.pgn")).unwrap();
    let (code, again, _) = joust(&["analyse", "--pgn", "-", "--depth", "4"], &text);
    assert_eq!(code, 0);
    assert_eq!(again, out);
}

#[test]
fn a_move_in_a_position_already_lost_is_no_blunder() {
    // White, a queen and a rook down, gives the knight away with 1. Nd5: more than three
    // pawns lost (a blunder by the pawns), but hardly any winning chances, so no mark
    // (lichess's rule).
    let fen = "3r2k1/5ppp/8/q7/8/2N3P1/5PKP/8 w - - 0 1";
    let (code, out, _) = joust(&["analyse", "--fen", fen, "--depth", "4"], "");
    assert_eq!(code, 0);
    let pawns = |text: &str| text.trim().parse::<f64>().unwrap();
    let best = out.split("Best move: ").nth(1).unwrap();
    let before = pawns(&best[best.find('(').unwrap() + 1..best.find(" at").unwrap()]);
    let (code, out, err) = joust(
        &[
            "analyse",
            "--pgn",
            &data("analyse-lost.pgn"),
            "--depth",
            "4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let nd5 = out.lines().find(|l| l.starts_with("1.     Nd5")).unwrap();
    assert!(!nd5.contains('?'), "{out}");
    let after = pawns(nd5.trim_start_matches("1.     Nd5"));
    assert!(before - after >= 3.0, "{before} to {after}");
    assert!(
        out.contains("White: 0 inaccuracies (?!), 0 mistakes (?), 0 blunders (??)"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn a_finished_game_is_reported_as_over() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (code, out, _) = joust(&["analyse", "--fen", fen], "");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("The game is over: checkmate, black wins.\n"),
        "{out}"
    );
}

#[test]
fn analyse_bad_input_gives_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["analyse", "--variant", "janggi"],
        &["analyse", "--fen", "not a fen"],
        &["analyse", "--depth", "0"],
        &["analyse", "--time", "fast"],
        &["analyse", "--depth", "3", "--time", "1s"],
        &["analyse", "--pgn", "/no/such/file.pgn"],
        &[
            "analyse",
            "--pgn",
            "x.pgn",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        &["analyse", "--multipv", "0"],
        &["analyse", "--multipv", "2", "--pgn", "x.pgn"],
        &["analyse", "--threads", "0"],
    ];
    let mut report = String::new();
    for args in cases {
        let (code, out, err) = joust(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        report += &format!("{}\n{}\n", args.join(" "), err.lines().next().unwrap_or(""));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn annotating_a_pgn_shows_a_bar_in_a_terminal_and_never_in_a_pipe() {
    // Piped: standard error stays empty.
    let (code, _, err) = joust(
        &[
            "analyse",
            "--pgn",
            &data("analyse-short.pgn"),
            "--depth",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err:?}");
    if !common::has_tmux() {
        println!("skipped the terminal half: tmux is not installed");
        return;
    }
    // In a terminal (tmux), a deep analysis shows a bar over the 7 moves of game 1.
    let shown = |s: &str| {
        s.contains("game 1: moves analysed [") && s.contains("/7 (") && s.contains(" left)")
    };
    let args = format!("analyse --pgn {} --depth 14", data("analyse-short.pgn"));
    let screen = common::screen_until("joust-analyse-bar", &args, shown);
    assert!(shown(&screen), "no bar on the screen:\n{screen}");
}
