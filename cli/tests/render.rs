//! `joust variants` and `joust diagram` as a user runs them: snapshots of the listing, of
//! every game's rules and start board, of diagrams from a FEN and from a PGN ply, and
//! clean failures.

mod common;

use common::data;

/// Runs `joust` with `args` and no input.
fn joust(args: &[&str]) -> (i32, String, String) {
    common::joust(args, "")
}

const IDS: [&str; 9] = [
    "chess",
    "lancerchess",
    "clash",
    "lancers",
    "single-lancer",
    "cromwell",
    "musketeer",
    "royal-lion",
    "kl-tour",
];

#[test]
fn variants_lists_every_game_id() {
    let (code, out, err) = joust(&["variants"]);
    assert_eq!(code, 0, "{err}");
    for id in IDS {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id}"
        );
    }
    insta::assert_snapshot!(out);
}

#[test]
fn variants_id_shows_the_rules_in_short_and_the_start_board() {
    for id in IDS {
        let (code, out, err) = joust(&["variants", id]);
        assert_eq!(code, 0, "{id}: {err}");
        let page = format!("Rules in short (in full: docs/rules/{id}.md in the Joust repository):");
        assert!(out.contains(&page), "{id}");
        insta::assert_snapshot!(format!("variants_{id}"), out);
    }
    // Ids are case-insensitive, as everywhere.
    assert_eq!(
        joust(&["variants", "CHESS"]).1,
        joust(&["variants", "chess"]).1
    );
}

#[test]
fn diagram_of_every_start_position() {
    for id in &IDS[..8] {
        let (code, out, err) = joust(&["diagram", "--variant", id]);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(
            out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{id}"
        );
        assert!(out.ends_with("</svg>\n"), "{id}");
        assert!(!out.contains("<text"), "{id}: uses a font");
    }
}

#[test]
fn diagram_from_a_fen_with_arrows_and_flip_to_a_file() {
    let fen = "rl(SE)bqkbl(SW)r/pppppppp/8/8/4P3/8/PPPP1PPP/RL(NE)BQKBL(NW)R b KQkq - 0 1";
    let args = [
        "diagram",
        "--variant",
        "lancers",
        "--fen",
        fen,
        "--flip",
        "--arrows",
        "b8h2se,g8a2",
    ];
    let (code, out, err) = joust(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("<polygon").count(), 2);
    insta::assert_snapshot!(out);
    let dir = std::env::temp_dir().join(format!("joust-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("d.svg");
    let mut with_file = args.to_vec();
    with_file.extend(["-o", file.to_str().unwrap()]);
    let (code, printed, err) = joust(&with_file);
    assert_eq!(code, 0, "{err}");
    assert!(printed.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), out);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diagram_of_a_pgn_ply_highlights_its_last_move() {
    let pgn = data("recorded-coord.pgn");
    // Game 1 opens 1. c2c3: c2 is light, c3 dark.
    let (code, out, err) = joust(&["diagram", "--pgn", &pgn, "--ply", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r##"<rect x="150" y="370" width="60" height="60" fill="#f7ec74"/>"##));
    assert!(out.contains(r##"<rect x="150" y="310" width="60" height="60" fill="#dac34b"/>"##));
    assert!(out
        .contains("<desc>Chess rnbqkbnr/pppppppp/8/8/8/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 1</desc>"));
    // Ply 0 is the start, with nothing highlighted.
    let (code, out, _) = joust(&["diagram", "--pgn", &pgn, "--ply", "0"]);
    assert_eq!(code, 0);
    assert!(!out.contains("#f7ec74") && !out.contains("#dac34b"));
    // Game 8 is Royal Lion Chess on 10x10; its last ply is drawn by default.
    let (code, out, err) = joust(&["diagram", "--pgn", &pgn, "--game", "8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#"width="656" height="640""#));
    insta::assert_snapshot!("royal_lion_final_position", out);
}

#[test]
fn shots_double_moves_passes_check_and_the_side_to_move_are_drawn_as_such() {
    // Cromwell: the War Machine on a1 shoots a6 and stays put: a dashed red line ending
    // in a target ring, no arrowhead.
    let fen = "whbykbhw/1ppp1ppp/p7/8/4p3/4P3/1PPP1PPP/WHBRKBHW w - - 0 1";
    let (code, out, err) = joust(&[
        "diagram",
        "--variant",
        "cromwell",
        "--fen",
        fen,
        "--arrows",
        "a1*a6,b1c3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("stroke-dasharray").count(), 1, "{out}");
    assert_eq!(out.matches("<polygon").count(), 1, "only b1c3 has a head");
    insta::assert_snapshot!("cromwell_shot", out);
    // Royal Lion Chess: a double move bent through e5, a capture and return on d5, a pass.
    let fen =
        "mhqdladqhm/rnbgccgbnr/ppp2ppppp/10/10/3pp5/4L5/PPPPPPPPPP/RNBGCCGBNR/MHQD1ADQHM w - - 0 1";
    for (arrows, name) in [
        ("e4e5,e5f6", "lion_double"),
        ("e4d5,d5e4", "lion_capture_and_return"),
        ("e4e4", "lion_pass"),
    ] {
        let (code, out, err) = joust(&[
            "diagram",
            "--variant",
            "royal-lion",
            "--fen",
            fen,
            "--arrows",
            arrows,
        ]);
        assert_eq!(code, 0, "{arrows}: {err}");
        insta::assert_snapshot!(name, out);
    }
    // Only a piece that moves twice may pass.
    let (code, _, err) = joust(&[
        "diagram",
        "--variant",
        "royal-lion",
        "--fen",
        fen,
        "--arrows",
        "c3c3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("bad arrow 'c3c3'"), "{err}");
    // Check: the king on e8 glows red, and the disc beside rank 8 says Black is to move.
    let fen = "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
    let (code, out, err) = joust(&["diagram", "--fen", fen]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(r#"<rect x="270" y="10" width="60" height="60" fill="url(#joust-check)"/>"#),
        "{out}"
    );
    assert!(
        out.contains(r##"<circle cx="523" cy="40" r="8.4" fill="#202020""##),
        "{out}"
    );
    let (_, start, _) = joust(&["diagram"]);
    assert!(!start.contains("joust-check"));
    assert!(start.contains(r##"<circle cx="523" cy="460" r="8.4" fill="#ffffff""##));
}

#[test]
fn diagram_and_variants_bad_input_gives_one_line_and_status_2() {
    let pgn = data("recorded-coord.pgn");
    let cases: Vec<Vec<&str>> = vec![
        vec!["variants", "shogi"],
        vec!["diagram", "--variant", "shogi"],
        vec![
            "diagram",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        ],
        vec![
            "diagram",
            "--variant",
            "royal-lion",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        vec!["diagram", "--arrows", "e2e9"],
        vec!["diagram", "--arrows", "e2e4,,d2d4"],
        vec!["diagram", "--arrows", "e4e4"],
        vec!["diagram", "--arrows", "e2e4xyz"],
        vec!["diagram", "--pgn", "/no/such/file.pgn"],
        vec!["diagram", "--pgn", &pgn, "--ply", "81"],
        vec!["diagram", "--pgn", &pgn, "--ply", "-1"],
        vec!["diagram", "--pgn", &pgn, "--game", "9"],
        vec!["diagram", "--pgn", &pgn, "--game", "0"],
        vec!["diagram", "--pgn", &pgn, "--variant", "lancers"],
    ];
    let mut report = String::new();
    for args in &cases {
        let (code, out, err) = joust(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let first = err
            .lines()
            .next()
            .unwrap_or("")
            .replace(&pgn, "recorded-coord.pgn");
        report += &format!(
            "{}\n  {}\n",
            args.join(" ").replace(&pgn, "recorded-coord.pgn"),
            first
        );
    }
    insta::assert_snapshot!(report);
}
