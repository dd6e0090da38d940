//! A game defined only in a user's file, played through every command as a user would:
//! `--variants FILE` with perft, variants, diagram, analyse, play and pgn, the UCI option
//! `VariantPath`, and a bad file refused with its place and exit status 2. The file is
//! `suites/reference/user-games.ini`, whose games Fairy-Stockfish checked by perft.

mod common;

use common::joust;
use std::path::PathBuf;

/// The user game file and the game of it these tests play: Cannons and Grasshoppers in
/// place of the Knights.
fn file() -> String {
    let p: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "suites",
        "reference",
        "user-games.ini",
    ]
    .iter()
    .collect();
    p.to_string_lossy().into_owned()
}

const GAME: &str = "user-hoppers";

/// `joust --variants FILE ARGS...`.
fn with_file(args: &[&str], stdin: &str) -> (i32, String, String) {
    let file = file();
    let mut all = vec!["--variants", file.as_str()];
    all.extend_from_slice(args);
    joust(&all, stdin)
}

#[test]
fn perft_counts_what_fairy_stockfish_counted() {
    // suites/reference/user-hoppers.perft: `perft 3 5809` from the start.
    let (code, out, err) = with_file(&["perft", "3", "--variant", GAME], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Nodes searched: 5809"), "{out}");
}

#[test]
fn variants_diagram_and_analyse_know_the_game() {
    let (code, out, err) = with_file(&["variants", GAME], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mRcpR") && out.contains("gQ"), "{out}");
    let (code, out, err) = with_file(&["diagram", "--variant", GAME], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("<svg") && out.contains("rcbqkbcr/pppppppp/1g4g1/8/8/1G4G1"),
        "{out}"
    );
    let (code, out, err) = with_file(&["analyse", "--variant", GAME, "--depth", "3"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Best move: "), "{out}");
}

#[test]
fn play_takes_a_move_and_answers_with_one() {
    let (code, out, err) = with_file(&["play", "--variant", GAME, "--depth", "2"], "e2e4\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Joust plays 1..."), "{out}");
    // The Grasshoppers are on the board the game file sets up.
    assert!(out.contains(" G "), "{out}");
}

#[test]
fn pgn_reads_a_game_that_names_it() {
    let dir = std::env::temp_dir().join(format!("joust-user-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("hoppers.pgn");
    // One game legal in the file's game, one with a Knight move (the game has none).
    std::fs::write(
        &pgn,
        "[Event \"a\"]\n[Variant \"user-hoppers\"]\n[Result \"*\"]\n\n1. e4 e6 2. Qf3 *\n\n\
         [Event \"b\"]\n[Variant \"user-hoppers\"]\n[Result \"*\"]\n\n1. e4 Nf6 *\n",
    )
    .unwrap();
    let (code, out, err) = with_file(&["pgn", "check", pgn.to_str().unwrap()], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}{err}");
    let text = format!("{out}{err}");
    assert!(text.contains("2 games: 1 ok, 1 failed"), "{text}");
    assert!(text.contains("Nf6"), "{text}");
    assert!(!text.contains("unknown variant"), "{text}");
}

#[test]
fn uci_loads_the_file_through_variant_path() {
    let input = format!(
        "uci\nsetoption name VariantPath value {}\nsetoption name UCI_Variant value {GAME}\n\
         position startpos moves e2e4\ngo depth 3\n",
        file()
    );
    let out = common::uci_search(&input);
    assert!(!out.contains("info string error"), "{out}");
    let best = out.lines().next_back().unwrap_or_default();
    // Black answers e4 with a move of this game (a Black Grasshopper or pawn move, say),
    // never the null move.
    assert!(
        best.starts_with("bestmove ") && !best.contains("0000"),
        "{out}"
    );
}

#[test]
fn a_bad_file_is_refused_with_its_place_and_status_2() {
    let dir = std::env::temp_dir().join(format!("joust-user-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[mine:chess\ncustomPiece1 = c:WD\n").unwrap();
    let (code, out, err) = joust(&["--variants", bad.to_str().unwrap(), "perft", "2"], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.ini:1:1: "), "{err}");
}
