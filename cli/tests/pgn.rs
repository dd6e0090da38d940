//! `joust pgn check` and `joust pgn convert` as a user runs them: snapshots of the reports
//! and conversions, round trips through both notations, and clean failures.

mod common;

use common::{data, joust};

#[test]
fn check_accepts_the_recorded_game_of_every_game_id() {
    let (code, out, err) = joust(&["pgn", "check", &data("recorded-coord.pgn")], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn convert_to_san_and_back_to_coordinates() {
    let coord = std::fs::read_to_string(data("recorded-coord.pgn")).unwrap();
    let (code, san, err) = joust(
        &["pgn", "convert", "--to", "san", &data("recorded-coord.pgn")],
        "",
    );
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(san);
    // SAN read from standard input converts back to exactly the coordinate file.
    let (code, back, err) = joust(&["pgn", "convert", "--to", "coord", "-"], &san);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back, coord);
    let (code, again, _) = joust(&["pgn", "convert", "--to", "san", "-"], &san);
    assert_eq!(code, 0);
    assert_eq!(again, san);
}

#[test]
fn check_reports_each_bad_game_and_reads_the_others() {
    let (code, out, err) = joust(&["pgn", "check", &data("mixed.pgn")], "");
    assert_eq!(code, 1, "{err}");
    let report = out.replace(&data("mixed.pgn"), "mixed.pgn");
    insta::assert_snapshot!(report);
}

#[test]
fn convert_writes_the_good_games_and_reports_the_bad_ones() {
    let (code, out, err) = joust(&["pgn", "convert", "--to", "san", &data("mixed.pgn")], "");
    assert_eq!(code, 1);
    assert_eq!(out.matches("[Event ").count(), 4, "{out}");
    insta::assert_snapshot!("convert_mixed_stdout", out);
    insta::assert_snapshot!("convert_mixed_stderr", err);
}

#[test]
fn pgn_bad_input_gives_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["pgn", "check", "/no/such/file.pgn"],
        &["pgn", "convert", "--to", "lan", "x.pgn"],
        &["pgn", "convert", "x.pgn"],
        &["pgn", "check"],
    ];
    for args in cases {
        let (code, out, err) = joust(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (_, _, err) = joust(&["pgn", "check", "/no/such/file.pgn"], "");
    assert!(
        err.starts_with("joust: error: cannot read '/no/such/file.pgn'"),
        "{err}"
    );
}

#[test]
fn empty_input_has_no_games() {
    let (code, out, _) = joust(&["pgn", "check", "-"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "0 games: 0 ok, 0 failed\n");
}

#[test]
fn check_reads_what_other_programs_write() {
    // A byte order mark, CRLF, Latin-1 names, ChessBase's Z0 and python-chess's -- null
    // moves, a cutechess Chess960 game, an unclosed variation, lichess's From Position,
    // an unknown game name, and a last game that still loads.
    let (code, out, err) = joust(&["pgn", "check", &data("real-world.pgn")], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("Müller, Jörg - René"), "{out}");
    assert!(out.contains("game 6 (chess, ? - ?): ok"), "{out}");
    assert!(!out.contains('\u{fffd}'), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn convert_writes_null_moves_as_san_and_uci_do_and_names_in_utf8() {
    let file = data("real-world.pgn");
    let (code, san, err) = joust(&["pgn", "convert", "--to", "san", &file], "");
    assert_eq!(code, 1, "two games cannot be read: {err}");
    assert!(san.contains("5. O-O -- {passes} 6. d4 -- 7. dxe5"), "{san}");
    insta::assert_snapshot!("convert_real_world_stdout", san);
    insta::assert_snapshot!("convert_real_world_stderr", err);
    let (code, coord, _) = joust(&["pgn", "convert", "--to", "coord", &file], "");
    assert_eq!(code, 1);
    assert!(
        coord.contains("5. e1g1 0000 {passes}\n6. d2d4 0000 7. d4e5"),
        "{coord}"
    );
    // What was written reads back, in either notation, to the same text.
    let (code, back, err) = joust(&["pgn", "convert", "--to", "san", "-"], &coord);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(back, san);
}

#[test]
fn analyse_and_diagram_read_games_with_null_moves() {
    let file = data("real-world.pgn");
    let (code, out, err) = joust(&["analyse", "--pgn", &file, "--depth", "1"], "");
    assert_eq!(code, 1, "games 3 and 5 cannot be read: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("Game 2: Fischer"), "{err}");
    let passes: Vec<&str> = out.lines().filter(|l| l.contains("--")).collect();
    assert_eq!(passes.len(), 2, "{out}");
    assert!(passes[0].starts_with("5...   --"), "{out}");
    assert!(
        passes[0].ends_with("null move (a pass), not analysed"),
        "{out}"
    );
    assert!(out.contains("Game 6: Chess"), "{out}");
    // The position after the first pass: White to move again, the clocks run on.
    let (code, svg, err) = joust(&["diagram", "--pgn", &file, "--ply", "10"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains(
            "<desc>Chess r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6</desc>"
        ),
        "{svg}"
    );
    let (code, _, err) = joust(&["diagram", "--pgn", &file, "--game", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("variation '(' is never closed"), "{err}");
}

#[test]
fn a_directory_is_an_input_that_cannot_be_read() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let cases: &[&[&str]] = &[
        &["pgn", "check", dir],
        &["pgn", "convert", "--to", "san", dir],
        &["analyse", "--pgn", dir],
        &["diagram", "--pgn", dir],
    ];
    for args in cases {
        let (code, out, err) = joust(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.starts_with(&format!("joust: error: cannot read '{dir}'")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn checking_a_large_file_shows_a_bar_in_a_terminal_and_never_in_a_pipe() {
    // A file of about 2 MB: the recorded game of every game id, 300 times over.
    let one = std::fs::read_to_string(data("recorded-coord.pgn")).expect("test data");
    let copies = 300;
    let path = std::env::temp_dir().join(format!("joust-large-{}.pgn", std::process::id()));
    std::fs::write(&path, format!("{one}\n").repeat(copies)).expect("temp file written");
    let file = path.to_string_lossy().into_owned();
    // Piped: every game is reported on standard output, standard error stays empty.
    let (code, out, err) = joust(&["pgn", "check", &file], "");
    assert_eq!(code, 0, "{err}");
    let games = one.matches("[Event ").count() * copies;
    assert!(
        out.ends_with(&format!("{games} games: {games} ok, 0 failed\n")),
        "{}",
        out.lines().last().unwrap_or_default()
    );
    assert!(err.is_empty(), "{err:?}");
    if !common::has_tmux() {
        let _ = std::fs::remove_file(&path);
        println!("skipped the terminal half: tmux is not installed");
        return;
    }
    // In a terminal (tmux), a bar over the file's bytes with the games checked so far.
    let shown = |s: &str| s.contains("checked ") && s.contains(" games [") && s.contains(" left)");
    let screen = common::screen_until("joust-pgn-bar", &format!("pgn check {file}"), shown);
    let _ = std::fs::remove_file(&path);
    assert!(shown(&screen), "no bar on the screen:\n{screen}");
}
