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
