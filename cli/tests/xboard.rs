//! `joust xboard` as XBoard runs it: through a pipe (the handshake, a move, the choice of
//! protocol by the first line), and under the real XBoard (Debian's `xboard`, on an
//! `Xvfb` display): games played by two Joust engines through XBoard, each move checked
//! accepted and passed on by XBoard, recorded in its PGN and legal in Joust, and a
//! screenshot of each game's start position that shows pieces (saved under
//! `target/tmp/xboard/GAME-start/start.png`).
//!
//! Which games: Joust's own eight (the first eight of `variants::all()`) and every fifth
//! of the others, and the first game with each rule XBoard can play but not test
//! (`-testLegality false`); `JOUST_XBOARD_ALL=1` plays every game (about 10 s each),
//! `JOUST_XBOARD_GAMES=makruk,horde` those named. Set
//! `JOUST_SKIP_XBOARD_TESTS=1` to skip the XBoard test; without it, a machine with no
//! `xboard`, `Xvfb` or ImageMagick's `import` fails it.

use joust_core::{variants, Variant};
use joust_uci::board::Board;
use joust_xboard::coords::{fen_from_xboard, move_from_xboard};
use joust_xboard::pieces::PieceMap;
use joust_xboard::setup::setup_lines;
use joust_xboard::support::{limits, wins_xboard_cannot_see, Limit};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const JOUST: &str = env!("CARGO_BIN_EXE_joust");

#[path = "xboard/board_picture.rs"]
mod board_picture;
mod common;

/// Runs `joust ARGS` with `input` on stdin; returns stdout (status 0 checked).
fn session(args: &[&str], input: &str) -> String {
    let (code, out, err) = common::joust(args, input);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn joust_xboard_answers_the_handshake_and_a_move() {
    let out = session(
        &["xboard"],
        "xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\nping 1\n",
    );
    assert!(out.starts_with("feature myname=\"Joust"), "{out}");
    assert!(out.contains(" variants=\"normal,chess,"), "{out}");
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .expect("a move");
    let board = Board::set_up(
        variants::chess(),
        &joust_uci::Setup::StartPos,
        &["e2e4".into()],
    );
    assert!(
        board.unwrap().legal_texts().iter().any(|m| m == mv),
        "{out}"
    );
    assert!(out.ends_with("pong 1\n"), "{out}");
}

#[test]
fn the_first_line_chooses_the_protocol() {
    for args in [&[][..], &["uci"][..]] {
        let out = session(args, "xboard\nprotover 2\nquit\n");
        assert!(out.starts_with("feature "), "{args:?}: {out}");
        let out = session(args, "uci\nquit\n");
        assert!(out.contains("uciok"), "{args:?}: {out}");
    }
}

/// A program on the path, or in `/usr/games` (where Debian puts `xboard`).
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A child process ended when dropped (Xvfb, an XBoard left waiting): first asked to
/// (SIGTERM, so that Xvfb removes its socket and lock file), then killed.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.0.id().to_string()).status();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if !matches!(self.0.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts Xvfb on a free display; returns it and its name (`:N`).
fn virtual_display(xvfb: &Path) -> (Killed, String) {
    let base = 100 + std::process::id() % 400;
    let n = (base..base + 100)
        .find(|n| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        })
        .expect("a free display number");
    let display = format!(":{n}");
    let child = Command::new(xvfb)
        .args([&display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let server = Killed(child);
    let start = Instant::now();
    while !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "Xvfb {display} did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (server, display)
}

/// Moves a game through XBoard lasts at most (a draw is adjudicated after them).
const MOVES: &str = "16";

/// How a game is played through XBoard.
struct Plan {
    game: &'static Variant,
    /// Two engines play a game (else one engine waits at the start, for a screenshot).
    play: bool,
    /// XBoard's own test of the moves and claims (off for rules it cannot follow).
    test_legality: bool,
    test_claims: bool,
    /// A real clock (`level`/`time`) instead of a depth per move.
    clock: bool,
}

impl Plan {
    /// XBoard's arguments, writing the game and the debug log into `dir`.
    fn args(&self, dir: &Path) -> Vec<String> {
        let engine = format!("{JOUST} xboard");
        let mut args: Vec<String> = vec!["-fcp".into(), engine.clone()];
        let path = |name: &str| dir.join(name).display().to_string();
        if self.play {
            args.extend(["-scp".into(), engine, "-mg".into(), "1".into()]);
            args.extend(["-sgf".into(), path("game.pgn")]);
        }
        // Generous clocks: the machine running the tests may be loaded. With a depth
        // per move the clock only guards against a hang.
        let (tc, inc, depth) = if self.clock {
            ("0:30", "0.5", None)
        } else {
            ("5", "0", Some("3"))
        };
        args.extend(["-tc", tc, "-inc", inc].map(String::from));
        if let Some(depth) = depth {
            args.extend(["-depth".into(), depth.into()]);
        }
        let on = |b: bool| if b { "true" } else { "false" }.to_string();
        args.extend(["-testLegality".into(), on(self.test_legality)]);
        args.extend(["-testClaims".into(), on(self.test_claims)]);
        let hand = self.game.start_fen.contains('[');
        if !setup_lines(self.game).is_empty() && !hand {
            // XBoard's own game of a name it knows may have holdings (Grand) where
            // Joust's has no hand. Started with them, XBoard drew its Grand 12 files
            // wide, and when the `setup` came after its window was up (about 0.4 s
            // in), redrew only 10 files of it and never shrank the window: the start
            // screenshot was half redrawn. Started with none, it draws the game's
            // board from the first. (Seirawan gates from its holdings: it keeps them.)
            args.extend(["-holdingsSize".into(), "0".into()]);
        }
        args.extend(
            [
                "-variant",
                self.game.id,
                "-adjudicateDrawMoves",
                MOVES,
                "-debug",
                "-popupExitMessage",
                "false",
                "-autoCallFlag",
                "true",
                "-soundProgram",
                "",
                // No tip of the day over the board in the screenshot.
                "-startupMessage",
                "",
                "-settingsFile",
                "/dev/null",
            ]
            .map(String::from),
        );
        if !self.play {
            args.extend(board_picture::PLAIN_COLOURS.map(String::from));
        }
        args.extend(["-saveSettingsFile".into(), path("settings")]);
        args.extend(["-nameOfDebugFile".into(), path("debug.txt")]);
        args
    }
}

/// The moves the engines sent, and the moves XBoard passed on to the other engine, from
/// XBoard's debug log (multi-leg moves joined), in XBoard's coordinates.
fn moves_in_log(debug: &str) -> (Vec<String>, Vec<String>) {
    let (mut sent, mut passed) = (Vec::new(), Vec::new());
    let mut legs = String::new();
    for line in debug.lines() {
        let from_engine = line.contains("<first : move ") || line.contains("<second: move ");
        if from_engine {
            legs += line.rsplit(' ').next().unwrap_or_default();
            if !legs.ends_with(',') {
                sent.push(std::mem::take(&mut legs));
            }
        }
        // XBoard writes `usermove ` and the move apart: `>second: usermove 306 >second: e2e4`.
        if line.contains(">first : usermove ") || line.contains(">second: usermove ") {
            passed.push(line.rsplit(' ').next().unwrap_or_default().to_string());
        }
    }
    (sent, passed)
}

/// The plies of a PGN's movetext (comments, numbers and the result left out), and its
/// `FEN` tag.
fn pgn_moves(pgn: &str) -> (Vec<String>, Option<String>) {
    let fen = pgn
        .lines()
        .find_map(|l| Some(l.strip_prefix("[FEN \"")?.strip_suffix("\"]")?.to_string()));
    let text: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut plies = Vec::new();
    let mut depth = 0;
    let mut word = String::new();
    for c in text.chars().chain([' ']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth > 0 => {
                let _ = c;
            }
            c if c.is_whitespace() => {
                let w = std::mem::take(&mut word);
                let number = w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit());
                let result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str());
                if !w.is_empty() && !number && !result {
                    plies.push(w);
                }
            }
            c => word.push(c),
        }
    }
    (plies, fen)
}

/// Runs XBoard for `plan` until it exits (or, for a screenshot, until it is killed).
fn start_xboard(xboard: &Path, display: &str, plan: &Plan, dir: &Path) -> Child {
    std::fs::create_dir_all(dir).unwrap();
    Command::new(xboard)
        .args(plan.args(dir))
        .env("DISPLAY", display)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xboard starts")
}

/// Plays one game through XBoard and checks it: it ended with a result; no engine
/// refused a move or the position and XBoard refused no move (no forfeit, no false
/// claim); XBoard passed every move on to the other engine as the engine wrote it, and
/// recorded as many in its PGN; and every move is legal in Joust in turn.
fn play_a_game(xboard: &Path, display: &str, plan: &Plan, dir: &Path) {
    let id = plan.game.id;
    let mut child = start_xboard(xboard, display, plan, dir);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("the {id} game through XBoard did not end in 300 s (see {dir:?})");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let pgn = std::fs::read_to_string(dir.join("game.pgn")).unwrap_or_default();
    let debug = std::fs::read_to_string(dir.join("debug.txt")).unwrap_or_default();
    let log = dir.join("debug.txt");
    let result = pgn
        .lines()
        .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
        .unwrap_or("none");
    assert!(
        ["1-0", "0-1", "1/2-1/2"].contains(&result),
        "{id}: result {result} (see {log:?})\n{pgn}"
    );
    for refusal in [
        "Illegal move",
        "Error (",
        "tellusererror",
        "Forfeit",
        "False win claim",
        "False draw claim",
        "Illegal position",
        "wins on time",
    ] {
        assert!(
            !debug.contains(refusal),
            "{id}: '{refusal}' in {log:?}\n{pgn}"
        );
    }
    let (sent, passed) = moves_in_log(&debug);
    assert!(
        sent.len() >= 6,
        "{id}: only {} moves in {log:?}",
        sent.len()
    );
    // The last move ends the game, so XBoard may not pass it on.
    assert!(
        passed.len() + 1 >= sent.len(),
        "{id}: {passed:?} of {sent:?}"
    );
    assert_eq!(
        sent[..passed.len()],
        passed[..],
        "{id}: passed on otherwise"
    );
    let (plies, fen) = pgn_moves(&pgn);
    assert_eq!(plies.len(), sent.len(), "{id}: the PGN's moves {plies:?}");
    let ranks = plan.game.geometry.ranks();
    // XBoard's letters for Lancer facings (`E` for `L(NE)`, `b1d3h` for `b1d3nw`).
    let pieces = PieceMap::new(plan.game).expect("a game XBoard can play");
    let setup = match fen {
        Some(fen) => joust_uci::Setup::Fen(pieces.fen_from_xboard(&fen_from_xboard(&fen))),
        None => joust_uci::Setup::StartPos,
    };
    let mut board = Board::set_up(plan.game, &setup, &[]).expect("XBoard's start position");
    for (i, mv) in sent.iter().enumerate() {
        let ours = pieces.move_from_xboard(&board, &move_from_xboard(mv, ranks));
        assert!(
            board.play(&ours),
            "{id}: move {} ({ours}) is not legal",
            i + 1
        );
    }
    // A game won by an engine's claim is won in Joust's rules too.
    let adjudicated = pgn.contains("{Xboard") || pgn.contains("adjudication");
    if result != "1/2-1/2" && !adjudicated {
        assert!(board.outcome().is_some(), "{id}: claimed {result}\n{pgn}");
    }
}

/// Shows XBoard with one engine at the start of the game and takes a screenshot; checks
/// that the engine has answered XBoard's setup and that the picture shows the start
/// position: a piece of the right colour on each square the game's start FEN fills, and
/// none elsewhere.
fn screenshot(xboard: &Path, import: &Path, display: &str, plan: &Plan, dir: &Path) {
    let child = start_xboard(xboard, display, plan, dir);
    let _xboard = Killed(child);
    let debug = dir.join("debug.txt");
    let start = Instant::now();
    // The engine answers `variant` (with its `setup`) before `ping 1`; once XBoard has
    // the `pong`, it draws the game's board (a moment later).
    while !std::fs::read_to_string(&debug)
        .unwrap_or_default()
        .contains("<first : pong 1")
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no pong in {debug:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_secs(3));
    let shot = dir.join("start.png");
    let status = Command::new(import)
        .args(["-window", "root"])
        .arg(&shot)
        .env("DISPLAY", display)
        .status()
        .expect("import runs");
    assert!(status.success());
    let game = plan.game;
    let (files, ranks) = (
        game.geometry.files() as usize,
        game.geometry.ranks() as usize,
    );
    let seen = board_picture::read(&import.with_file_name("convert"), &shot, files, ranks)
        .unwrap_or_else(|e| panic!("{}: {shot:?}: {e}", game.id));
    let expected = board_picture::from_fen(game.start_fen);
    assert_eq!(
        seen, expected,
        "{}: the screenshot {shot:?} shows\n{seen}but the start position is\n{expected}",
        game.id
    );
}

/// The games to play: Joust's own eight, every fifth other, and the first game with each
/// rule XBoard cannot test but can play with `-testLegality false` (so that each such
/// rule is played); or all of them (`JOUST_XBOARD_ALL=1`), or those named in
/// `JOUST_XBOARD_GAMES` (ids, comma-separated).
fn games() -> Vec<&'static Variant> {
    if let Ok(ids) = std::env::var("JOUST_XBOARD_GAMES") {
        return ids
            .split(',')
            .map(|id| variants::by_id(id.trim()).expect("a game id in JOUST_XBOARD_GAMES"))
            .collect();
    }
    let all = std::env::var("JOUST_XBOARD_ALL").as_deref() == Ok("1");
    let mut played_limits = Vec::new();
    let mut out = Vec::new();
    for (i, &game) in variants::all().iter().enumerate() {
        let limits = limits(game);
        let playable = limits.iter().all(Limit::playable);
        let kinds: Vec<_> = limits.iter().map(std::mem::discriminant).collect();
        let new_limit = playable && kinds.iter().any(|k| !played_limits.contains(k));
        if all || i < 8 || (i - 8) % 5 == 0 || new_limit {
            if playable {
                played_limits.extend(kinds);
            }
            out.push(game);
        }
    }
    out
}

#[test]
fn games_are_played_through_the_real_xboard() {
    if std::env::var("JOUST_SKIP_XBOARD_TESTS").as_deref() == Ok("1") {
        eprintln!("skipped: JOUST_SKIP_XBOARD_TESTS=1");
        return;
    }
    let tools = (program("xboard"), program("Xvfb"), program("import"));
    let (Some(xboard), Some(xvfb), Some(import)) = tools else {
        panic!(
            "this test needs XBoard, Xvfb and ImageMagick (found {tools:?}): \
             apt-get install xboard xvfb imagemagick, or set JOUST_SKIP_XBOARD_TESTS=1"
        );
    };
    let (_server, display) = virtual_display(&xvfb);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("xboard");
    let _ = std::fs::remove_dir_all(&dir);
    for game in games() {
        let limits = limits(game);
        if let Some(limit) = limits.iter().find(|l| !l.playable()) {
            // docs/xboard.md says which games and why.
            eprintln!("{}: not played through XBoard: {limit}", game.id);
            continue;
        }
        // XBoard tests what it can follow: moves unless a rule of the game is beyond
        // it (then the engines' moves are taken as they come, and checked legal in
        // Joust below), and win claims unless the game is won otherwise than by
        // checkmate.
        let test_legality = limits.is_empty();
        if let Some(limit) = limits.first() {
            eprintln!("{}: played with -testLegality false: {limit}", game.id);
        }
        let mut plan = Plan {
            game,
            play: false,
            test_legality,
            test_claims: test_legality && !wins_xboard_cannot_see(game),
            clock: false,
        };
        let id = game.id;
        screenshot(
            &xboard,
            &import,
            &display,
            &plan,
            &dir.join(format!("{id}-start")),
        );
        plan.play = true;
        play_a_game(&xboard, &display, &plan, &dir.join(id));
    }
    // One game on a real clock (30 s and 0.5 s a move): no loss on time.
    let chess = Plan {
        game: variants::chess(),
        play: true,
        test_legality: true,
        test_claims: true,
        clock: true,
    };
    play_a_game(&xboard, &display, &chess, &dir.join("chess-clock"));
}
