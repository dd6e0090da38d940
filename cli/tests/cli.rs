//! The `joust` binary as a user runs it: output snapshots and clean failures.

mod common;

use std::process::Command;

fn joust(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(args)
        .output()
        .expect("joust runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Output without the lines that depend on the machine's speed.
fn stable(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| !l.starts_with("Time:") && !l.starts_with("Nodes per second:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn perft_divide_of_the_start_position() {
    let (code, out, err) = joust(&["perft", "3", "--divide", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Time: "));
    assert!(out.contains("Nodes per second: "));
    insta::assert_snapshot!(stable(&out));
}

#[test]
fn perft_total_from_a_fen_with_moves_and_threads() {
    let (code, out, err) = joust(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "3",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stable(&out), "Nodes searched: 97862");
    let (code, out, _) = joust(&["perft", "2", "--moves", "e2e4,e7e5", "--threads", "1"]);
    assert_eq!(code, 0);
    // Stockfish 15.1: `position startpos moves e2e4 e7e5`, `go perft 2` gives 835.
    assert_eq!(stable(&out), "Nodes searched: 835");
    for (variant, nodes) in [("lancerchess", "6770"), ("clash", "8012")] {
        let (code, out, _) = joust(&["perft", "3", "--variant", variant, "--threads", "1"]);
        assert_eq!(code, 0);
        assert_eq!(stable(&out), format!("Nodes searched: {nodes}"));
    }
    // A huge thread count is cut to the cores; the count is the same.
    let (code, out, err) = joust(&["perft", "3", "--threads", "10000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stable(&out), "Nodes searched: 8902");
}

#[test]
fn perft_moves_take_lion_double_moves_with_their_comma() {
    // The Lion takes e5 and goes on to take f5 (one move), then Black's Lion steps.
    let fen = "l9/10/10/10/10/4pp4/4L5/10/10/10 w - - 0 1";
    let counts = |moves: &str| {
        let args = [
            "perft",
            "1",
            "--variant",
            "royal-lion",
            "--fen",
            fen,
            "--moves",
            moves,
        ];
        let (code, out, err) = joust(&args);
        assert_eq!(code, 0, "{moves}: {err}");
        stable(&out)
    };
    let after_double = counts("e4e5,e5f5 a10a9");
    assert_eq!(after_double, counts("e4e5,e5f5,a10a9"));
    // The single capture e4e5 leaves the f5 pawn: another position, another count.
    assert_ne!(after_double, counts("e4e5 a10a9"));
    assert_eq!(counts("e4e5,e5f5"), "Nodes searched: 9");
}

#[test]
fn musketeer_perft_from_setup_and_with_the_shortcut() {
    let (code, out, _) = joust(&[
        "perft",
        "3",
        "--variant",
        "musketeer",
        "--divide",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("musketeer_setup_divide", stable(&out));
    // fsmosca's count (suites/reference/README.md): Leopard on the a-file, Cannon on the
    // b-file, both sides: perft 4 195507.
    let (code, out, err) = joust(&[
        "perft",
        "4",
        "--variant",
        "musketeer",
        "--musketeer",
        "leopard@a,cannon@b",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stable(&out), "Nodes searched: 195507");
    let (code, out, err) = joust(&[
        "perft",
        "1",
        "--variant",
        "musketeer",
        "--musketeer",
        "leopard@e,cannon@a",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("not both behind the King and a Rook"), "{err}");
}

#[test]
fn bad_input_gives_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["perft", "3", "--variant", "nosuchgame"],
        &[
            "perft",
            "3",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        ],
        &["perft", "3", "--fen", "8/8/8 w - - 0 1"],
        &["perft", "3", "--fen", ""],
        &["perft", "three"],
        &["perft", "-1"],
        &["perft", "99"],
        &["perft", "3", "--threads", "0"],
        &["perft", "2", "--moves", "e2e5"],
        &["perft", "2", "--moves", "zz"],
        &["perft", "2", "--musketeer", "leopard@d,cannon@g"],
        &[
            "perft",
            "2",
            "--variant",
            "musketeer",
            "--musketeer",
            "queen@d,cannon@g",
        ],
        &[
            "perft",
            "2",
            "--variant",
            "musketeer",
            "--musketeer",
            "leopard@d",
        ],
        &[
            "perft",
            "2",
            "--variant",
            "musketeer",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?l?] w KQkq - 0 1",
        ],
    ];
    let mut report = String::new();
    for args in cases {
        let (code, out, err) = joust(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or("").to_string();
        report += &format!("{}\n  {}\n", args.join(" "), first);
    }
    insta::assert_snapshot!(report);
}

#[test]
fn tour_first_count_and_all() {
    let (code, out, err) = joust(&["tour"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("tour_default_first", out);
    let (code, out, _) = joust(&["tour", "--count"]);
    assert_eq!(code, 0);
    assert_eq!(out, "96 circuits of the King's Lancer on 3x3 from a1\n");
    let (code, out, _) = joust(&["tour", "--board", "4x4", "--journey", "--count"]);
    assert_eq!(code, 0);
    assert_eq!(out, "89424 journeys of the King's Lancer on 4x4 from a1\n");
    let (code, out, err) = joust(&["tour", "--board", "2x3", "--all"]);
    assert_eq!(code, 0);
    assert_eq!(err.trim(), "6 circuits of the King's Lancer on 2x3 from a1");
    insta::assert_snapshot!("tour_all_2x3", out);
    let (code, out, _) = joust(&["tour", "--board", "10x10", "--from", "e5", "--journey"]);
    assert_eq!(code, 0);
    assert_eq!(out.split_whitespace().count(), 100);
    let (code, out, _) = joust(&["tour", "--piece", "queens-lancer"]);
    assert_eq!(code, 1);
    assert_eq!(out, "no circuit of the Queen's Lancer on 3x3 from a1\n");
}

#[test]
fn tour_bad_input_gives_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["tour", "--board", "11x3"],
        &["tour", "--board", "0x3"],
        &["tour", "--board", "3"],
        &["tour", "--board", "3x3x3"],
        &["tour", "--board", "-3x3"],
        &["tour", "--from", "d4"],
        &["tour", "--from", "a0"],
        &["tour", "--piece", "rook"],
        &["tour", "--circuit", "--journey"],
        &["tour", "--count", "--all"],
    ];
    let mut report = String::new();
    for args in cases {
        let (code, out, err) = joust(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or("").to_string();
        report += &format!("{}\n  {}\n", args.join(" "), first);
    }
    insta::assert_snapshot!(report);
}

#[test]
fn positions_with_more_than_512_moves_are_counted() {
    // 21 Lancers facing North, each with 5 destinations and 8 facings, and one King move:
    // 841 moves.
    let fen = "7k/8/8/8/8/L(N)L(N)L(N)L(N)L(N)L(N)L(N)1/L(N)L(N)L(N)L(N)L(N)L(N)L(N)1/L(N)L(N)L(N)L(N)L(N)L(N)L(N)K w - - 0 1";
    let (code, out, err) = joust(&["perft", "1", "--variant", "lancers", "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stable(&out), "Nodes searched: 841");
}

/// The top-level help lists every command with its one-line summary (the doc comment of
/// its `Command` variant): the last step of the recipe "Add a command" in
/// docs/ARCHITECTURE.md, which a new command changes on purpose.
#[test]
fn the_help_lists_every_command() {
    let (code, out, err) = joust(&["--help"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

/// The `Nodes searched` of a bench's output, and its per-position lines.
fn bench_nodes(out: &str) -> (u64, Vec<&str>) {
    let total = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .unwrap_or_else(|| panic!("no node count in {out}"));
    let lines = out.lines().filter(|l| l.starts_with("Position ")).collect();
    (total.parse().unwrap(), lines)
}

#[test]
fn bench_counts_the_same_nodes_every_run() {
    let (code, first, err) = joust(&["bench", "4"]);
    assert_eq!(code, 0, "{err}");
    let (nodes, lines) = bench_nodes(&first);
    assert!(nodes > 0, "{first}");
    assert!(lines.len() >= 8, "{first}");
    // Each position's nodes add up to the total; every game of the list is searched.
    let per_position: u64 = lines
        .iter()
        .map(|l| {
            let after = l.split(" nodes ").nth(1).unwrap().trim_start();
            after.split(' ').next().unwrap().parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(per_position, nodes, "{first}");
    for game in [
        "chess",
        "lancerchess",
        "clash",
        "cromwell",
        "royal-lion",
        "musketeer",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(&format!(" {game} "))),
            "{game}: {first}"
        );
    }
    assert!(first.contains("Total time (ms) : "), "{first}");
    assert!(first.contains("Nodes/second    : "), "{first}");
    // The second run counts the same nodes and plays the same moves: only times differ.
    let (code, second, _) = joust(&["bench", "4"]);
    assert_eq!(code, 0);
    assert_eq!(bench_nodes(&second), (nodes, lines.clone()));
    // A deeper bench searches more.
    let (code, deeper, _) = joust(&["bench", "5"]);
    assert_eq!(code, 0);
    assert!(bench_nodes(&deeper).0 > nodes, "{deeper}");
}

#[test]
fn bench_refuses_a_bad_depth() {
    for depth in ["0", "31", "deep", "-2"] {
        let (code, out, err) = joust(&["bench", "--", depth]);
        assert_eq!(code, 2, "{depth}: {out}");
        assert!(out.is_empty(), "{depth}: {out}");
        assert_eq!(
            err,
            format!("joust: error: bench depth '{depth}' is not a whole number from 1 to 30\n")
        );
    }
}

#[test]
fn a_progress_bar_shows_in_a_terminal_and_never_in_a_pipe() {
    // Piped: standard error stays empty, so logs and scripts see no bar.
    let (code, out, err) = joust(&["perft", "4", "--threads", "1"]);
    assert_eq!(code, 0);
    assert_eq!(stable(&out), "Nodes searched: 197281");
    assert!(err.is_empty(), "{err:?}");
    if !common::has_tmux() {
        println!("skipped the terminal half: tmux is not installed");
        return;
    }
    // In a terminal (tmux), a deep perft shows its bar over the 20 root moves.
    let shown = |s: &str| s.contains("perft 6: ") && s.contains("/20 (") && s.contains('[');
    let screen = common::screen_until("joust-bar", "perft 6 --threads 1", shown);
    assert!(shown(&screen), "no bar on the screen:\n{screen}");
}

#[test]
fn tour_count_shows_a_bar_in_a_terminal_and_never_in_a_pipe() {
    // Piped: standard error has only the time taken.
    let (code, out, err) = joust(&["tour", "--board", "3x4", "--journey", "--count"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("journeys of the King's Lancer on 3x4 from a1\n"),
        "{out}"
    );
    assert!(
        err.starts_with("counted in ") && err.lines().count() == 1,
        "{err:?}"
    );
    if !common::has_tmux() {
        println!("skipped the terminal half: tmux is not installed");
        return;
    }
    // In a terminal (tmux), a long count (about 20 s on two cores) shows a bar over the
    // parts it is split into.
    let shown = |s: &str| {
        s.contains("counting the journeys of the King's Lancer on 3x8 from a1 [")
            && s.contains(" left)")
    };
    let screen = common::screen_until(
        "joust-tour-bar",
        "tour --board 3x8 --journey --count",
        shown,
    );
    assert!(shown(&screen), "no bar on the screen:\n{screen}");
}
