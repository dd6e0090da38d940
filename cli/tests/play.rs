//! `joust play` driven by scripted input, as a person would type it: the boards, refused
//! moves with their close alternatives, every command, the end of a game, a game of every
//! game id, the clock running out, and clean failures on bad arguments.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `joust` with `args`, feeding `stdin` (after `wait`, if given); returns status,
/// stdout and stderr.
fn joust_after(args: &[&str], stdin: &str, wait: Option<Duration>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("joust runs");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(wait) = wait {
        std::thread::sleep(wait);
    }
    input.write_all(stdin.as_bytes()).expect("stdin written");
    drop(input);
    let out = child.wait_with_output().expect("joust ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn joust(args: &[&str], stdin: &str) -> (i32, String, String) {
    joust_after(args, stdin, None)
}

/// A fresh path in the temporary directory for a saved game.
fn temp_pgn(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("joust-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn a_scripted_game_uses_every_command() {
    let file = temp_pgn("scripted.pgn");
    let script = format!(
        "e5\ne4\nhelp\nNf9\nhint\nfen\nflip\nundo\nundo\nd4\nmoves\nresign\npgn {}\ne4\nquit\n",
        file.display()
    );
    let (code, out, err) = joust(&["play", "--depth", "1"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    // A refused move gives the reason and close legal moves, and the game goes on.
    assert!(out.contains(
        "Refused: 'e5' is not a legal move here: a Pawn does not move from e2 to e5.\n\
         Close legal moves: e3 e4\n"
    ));
    assert!(out.contains("Game over: white resigns, black wins (0-1). Joust wins."));
    let out = out.replace(&file.display().to_string(), "FILE");
    insta::assert_snapshot!("scripted_game", out);
    let pgn = std::fs::read_to_string(&file).expect("the game was saved");
    insta::assert_snapshot!("scripted_game_pgn", redact_date(&pgn));
}

#[test]
fn a_mistyped_command_is_named_and_the_game_goes_on() {
    let (code, out, err) = joust(
        &["play", "--depth", "1"],
        "undoo\nresing\nmvoes\nzzz\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("'undoo' is not a move or a command; did you mean 'undo'?"),
        "{out}"
    );
    assert!(out.contains("did you mean 'resign'?"), "{out}");
    assert!(out.contains("did you mean 'moves'?"), "{out}");
    // No command is close to `zzz`: it is refused as a move.
    assert!(out.contains("Refused: 'zzz'"), "{out}");
    assert!(!out.contains("Game over"), "a typo resigns nothing: {out}");
}

#[test]
fn the_pieces_command_says_how_each_piece_moves() {
    let (code, out, err) = joust(
        &["play", "--variant", "musketeer", "--depth", "1"],
        "pieces\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    // The setup prompt points to the command, which describes the gating types in words.
    assert!(
        out.contains("Type 'pieces' to read how every type moves."),
        "{out}"
    );
    assert!(
        out.contains("  Leopard: Moves and captures as a knight or up to 2 squares diagonally."),
        "{out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

/// The saved game's `Date` tag checked (today's, `YYYY.MM.DD`) and replaced by `DATE`, so
/// that snapshots do not change from day to day.
fn redact_date(pgn: &str) -> String {
    let line = pgn
        .lines()
        .find(|l| l.starts_with("[Date "))
        .expect("a Date tag");
    let date = line.trim_start_matches("[Date \"").trim_end_matches("\"]");
    let parts: Vec<&str> = date.split('.').collect();
    assert!(
        parts.len() == 3
            && parts
                .iter()
                .zip([4, 2, 2])
                .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_digit())),
        "{line}"
    );
    // Days since 1970 by the system clock: the year is this one or, around New Year's
    // midnight, the last.
    let year = 1970
        + std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            / 31_556_952;
    let tagged: u64 = parts[0].parse().unwrap();
    assert!(tagged == year || tagged + 1 == year, "{line}, year {year}");
    pgn.replace(line, "[Date \"DATE\"]")
}

#[test]
fn a_level_plays_legal_moves_and_the_saved_game_carries_the_settings() {
    let file = temp_pgn("level.pgn");
    // Six moves of the person at level 1 (depth 3): each engine reply is legal (the
    // game goes on), the introduction says the level, and the tags carry the settings.
    let script = format!("Nf3\nNc3\ng3\nBg2\nO-O\nd3\npgn {}\nquit\n", file.display());
    let (code, out, err) = joust(&["play", "--level", "1", "--depth", "3"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "The engine plays weaker on purpose: level 1 of 8, about 800 Elo (a rough scale)."
        ),
        "{out}"
    );
    assert_eq!(out.matches("Joust plays ").count(), 6, "{out}");
    assert!(!out.contains("Refused"), "{out}");
    let pgn = std::fs::read_to_string(&file).expect("the game was saved");
    let header: String = redact_date(&pgn)
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(header, @r#"
    [Event "Joust game"]
    [Site "joust play"]
    [Date "DATE"]
    [Round "?"]
    [White "You"]
    [Black "Joust (depth 3), level 1 (about 800 Elo)"]
    [Result "*"]
    [TimeControl "-"]
    [EngineDepth "3"]
    [EngineSide "Black"]
    [EngineLevel "1"]
    [EngineElo "800"]
    "#);
    // An Elo instead of a level; as Black, with a clock.
    let (code, out, _) = joust(
        &["play", "--elo", "1700", "--color", "black", "--time", "1m"],
        "quit\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("The engine plays weaker on purpose: about 1700 Elo (a rough scale)."),
        "{out}"
    );
    assert!(out.contains("Joust plays 1. "), "{out}");
}

#[test]
fn mating_the_engine_ends_the_game() {
    let file = temp_pgn("mate.pgn");
    let script = format!("Rh8\ne4\npgn {}\n", file.display());
    let (code, out, _) = joust(
        &[
            "play",
            "--depth",
            "2",
            "--fen",
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        ],
        &script,
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("Game over: checkmate, white wins (1-0). You win."),
        "{out}"
    );
    assert!(
        out.contains("The game is over (checkmate, white wins)."),
        "{out}"
    );
    let out = out.replace(&file.display().to_string(), "FILE");
    insta::assert_snapshot!(out);
    let pgn = std::fs::read_to_string(&file).expect("the game was saved");
    assert!(
        pgn.contains("[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. Rh8# {checkmate, white wins} 1-0"), "{pgn}");
}

#[test]
fn the_engine_mates_a_person_playing_black() {
    let (code, out, _) = joust(
        &[
            "play",
            "--depth",
            "2",
            "--color",
            "black",
            "--fen",
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        ],
        "undo\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Joust plays 1. Rh8#"), "{out}");
    assert!(
        out.contains("Game over: checkmate, white wins (1-0). Joust wins."),
        "{out}"
    );
    // Nothing of the person's to take back: the engine moved first.
    assert!(out.contains("Nothing of yours to take back."), "{out}");
}

/// A few legal moves for White in each game (the engine, at depth 1, answers them).
const OPENINGS: [(&str, &str); 8] = [
    ("chess", "e4 d4 Nf3"),
    ("lancerchess", "e4 d4 Jd3"),
    ("clash", "e4 d4 Nf3"),
    ("lancers", "e4 d4 Bd3"),
    ("single-lancer", "e4 d4 Nf3"),
    ("cromwell", "e3 d3 Hc3"),
    ("royal-lion", "e4 d4 Nc4"),
    ("musketeer", "L C@g0 L@d0 e4"),
];

#[test]
fn every_game_can_be_played() {
    for (id, moves) in OPENINGS {
        let script: String = moves.split(' ').map(|m| format!("{m}\n")).collect();
        let (code, out, err) = joust(&["play", "--variant", id, "--depth", "1"], &script);
        assert_eq!(code, 0, "{id}: {err}");
        assert!(!out.contains("Refused"), "{id}: {out}");
        let played = moves.split(' ').count();
        assert_eq!(out.matches("\nYou play ").count(), played, "{id}: {out}");
        assert_eq!(out.matches("\nJoust plays ").count(), played, "{id}: {out}");
        insta::assert_snapshot!(format!("game_{id}"), out);
    }
}

#[test]
fn running_out_of_time_loses() {
    let (code, out, _) = joust_after(
        &["play", "--time", "300ms"],
        "e4\n",
        Some(Duration::from_millis(1500)),
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("Game over: white loses on time, black wins (0-1). Joust wins."),
        "{out}"
    );
    assert!(!out.contains("You play 1."), "{out}");
}

/// Seconds on a clock reading such as `0:09.9` or `1:01`.
fn clock_seconds(text: &str) -> f64 {
    let (m, s) = text.split_once(':').expect("m:ss");
    m.parse::<f64>().unwrap() * 60.0 + s.parse::<f64>().unwrap()
}

#[test]
fn the_clock_is_shown_and_both_sides_are_charged() {
    let (code, out, _) = joust(&["play", "--time", "10s+1s"], "e4\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("Clock: 0:10 + 1 s per move for each side."),
        "{out}"
    );
    let last = out
        .lines()
        .rfind(|l| l.starts_with("Clock: "))
        .expect("a clock line");
    let (white, black) = last
        .strip_prefix("Clock: White ")
        .and_then(|rest| rest.split_once(", Black "))
        .expect("both clocks");
    // The person moved at once and got the increment; the engine aimed at about 1.1 s
    // (a thirtieth of its time plus three quarters of the increment), may stop after
    // half of that between iterations, and got the increment too.
    let (white, black) = (clock_seconds(white), clock_seconds(black));
    assert!((10.0..=11.0).contains(&white), "{last}");
    assert!(black > 8.5 && black < 10.8, "{last}");
}

#[test]
fn a_random_side_follows_the_seed() {
    let mut sides = Vec::new();
    for seed in ["1", "2", "3", "4"] {
        let args = ["play", "--color", "random", "--seed", seed, "--depth", "1"];
        let (code, out, _) = joust(&args, "");
        assert_eq!(code, 0);
        assert_eq!(joust(&args, "").1, out, "seed {seed} is repeatable");
        let black = out.contains("You play Black (by lot)");
        assert!(black || out.contains("You play White (by lot)"), "{out}");
        // As Black, the engine opens.
        assert_eq!(black, out.contains("Joust plays 1. "), "{out}");
        sides.push(black);
    }
    assert!(sides.contains(&true) && sides.contains(&false), "{sides:?}");
}

#[test]
fn play_bad_input_gives_one_line_and_status_2() {
    let cases: &[&[&str]] = &[
        &["play", "--variant", "janggi"],
        &["play", "--depth", "0"],
        &["play", "--time", "fast"],
        &["play", "--time", "0s+1s"],
        &["play", "--depth", "3", "--time", "5m"],
        &["play", "--seed", "3"],
        &["play", "--color", "green"],
        &["play", "--fen", "8/8/8 w - - 0 1"],
        &["play", "--level", "0"],
        &["play", "--level", "9"],
        &["play", "--elo", "100"],
        &["play", "--level", "3", "--elo", "1200"],
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

/// Plays a whole game of `id` against the engine at depth 1, choosing each move at random
/// (seeded) from the `moves` list, until the game is over; returns the final message.
fn play_to_the_end(id: &str, seed: u64) -> String {
    use std::io::Read;
    use std::sync::mpsc;
    let mut child = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(["play", "--variant", id, "--depth", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("joust runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut text = String::new();
    let mut rng = seed;
    let mut asked = false;
    let mut outcome = Err("the game did not end".to_string());
    'game: for _ in 0..5000 {
        // Wait for the next prompt.
        while !text.ends_with("> ") {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(chunk) => text.push_str(&String::from_utf8_lossy(&chunk)),
                Err(_) => {
                    outcome = Err("no prompt".to_string());
                    break 'game;
                }
            }
        }
        if text.ends_with("game over> ") {
            outcome = text
                .lines()
                .rfind(|l| l.starts_with("Game over: "))
                .map(str::to_string)
                .ok_or_else(|| "no end announced".to_string());
            break;
        }
        let line = if asked {
            let list = text
                .lines()
                .rfind(|l| l.starts_with("Legal moves ("))
                .expect("the moves were listed");
            let moves: Vec<&str> = list.split(": ").nth(1).unwrap().split(' ').collect();
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            moves[(rng >> 33) as usize % moves.len()].to_string()
        } else {
            "moves".to_string()
        };
        asked = !asked;
        text.push('\n');
        if writeln!(stdin, "{line}").is_err() {
            outcome = Err("joust stopped reading".to_string());
            break;
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    outcome.unwrap_or_else(|why| panic!("{id}: {why}; output:\n{text}"))
}

#[test]
fn a_whole_game_of_every_game_id_reaches_its_end() {
    for (id, _) in OPENINGS {
        let end = play_to_the_end(id, 7);
        assert!(
            end.contains(" wins (") || end.contains("draw ("),
            "{id}: {end}"
        );
    }
}

/// Plays `script` from `fen` in game `id`; the refusals and what follows each, as printed.
fn refusals(id: &str, fen: &str, script: &str) -> String {
    let (code, out, err) = joust(
        &["play", "--variant", id, "--fen", fen, "--depth", "1"],
        &format!("{script}\nquit\n"),
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let mut report = String::new();
    for (i, line) in lines.iter().enumerate() {
        if line.contains("Refused: ") {
            report += &format!("{}\n", line.rsplit("> ").next().unwrap_or(line));
            for next in &lines[i + 1..] {
                if !next.starts_with("  ")
                    && !next.starts_with("Close")
                    && !next.starts_with("No legal")
                {
                    break;
                }
                report += &format!("{next}\n");
            }
        }
    }
    assert!(report.lines().all(|l| l.chars().count() <= 80), "{report}");
    report
}

#[test]
fn a_refused_move_says_why() {
    let chess = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let mut report = refusals(
        "chess",
        chess,
        "e3e4\nd7d6\nBc1\nNg3\ng1g3\nc1h6\ne4e5\nd2e3\nO-O\ne1g1",
    );
    // Pinned, in check, into check; castling through an attacked square.
    report += &refusals("chess", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3");
    report += &refusals("chess", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra2\nKe2");
    report += &refusals(
        "chess",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1",
        "O-O\nO-O-O",
    );
    report += &refusals("chess", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O");
    // LancerChess: the royal piece is the Queen.
    report += &refusals("lancerchess", "4r1q1/8/8/8/8/8/4B3/4Q3 w - - 0 1", "Bd3");
    // Lancers: a coordinate move without its facing.
    let lancers = variants_start("lancers");
    report += &refusals("lancers", &lancers, "b1f5\nb1g5ne");
    // Cromwell: Rupert and Pym.
    report += &refusals(
        "cromwell",
        "whb1kbhw/pppyp1pp/8/8/8/8/PPP1PPPP/WHBRKBHW w - - 0 1",
        "d1d5",
    );
    // Musketeer: the King leaves check without capturing, so its gating is forfeited.
    report += &refusals(
        "musketeer",
        "4k3/8/8/8/8/8/4r3/4K3[L-Cel-c-] w - - 0 20",
        "e1d1c\nKd1/C",
    );
    for expected in [
        "there is no piece on e3",
        "c1 is occupied by your Bishop",
        "the Bishop's way to h6 is blocked at d2",
        "that would leave your King in check",
        "castling through an attacked square, f1",
        "that would leave your Queen in check",
        "add the way the Lancer faces after the move, e.g. b1f5ne",
        "Rupert and Pym may not attack each other",
        "gating is forfeited",
    ] {
        // Long lines are broken at 80 columns, continued with two spaces.
        assert!(
            report.replace("\n  ", " ").contains(expected),
            "{expected}: {report}"
        );
    }
    insta::assert_snapshot!(report);
}

/// The start FEN of game `id`, as `joust variants ID` would use.
fn variants_start(id: &str) -> String {
    joust_core::variants::by_id(id)
        .unwrap()
        .start_fen
        .to_string()
}
