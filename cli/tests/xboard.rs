//! `joust xboard` as XBoard runs it: through a pipe (the handshake, a move, the choice of
//! protocol by the first line), and under the real XBoard (Debian's `xboard`, on an
//! `Xvfb` display): a game of chess and one of a fairy game played by two Joust engines
//! to their end, every move checked legal, and a screenshot of a start position that is
//! not blank. Set `JOUST_SKIP_XBOARD_TESTS=1` to skip the XBoard test; without it, a
//! machine with no `xboard`, `Xvfb` or ImageMagick's `import` fails it.

use joust_core::variants;
use joust_uci::board::Board;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const JOUST: &str = env!("CARGO_BIN_EXE_joust");

#[allow(dead_code)]
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

/// XBoard's arguments for games between two `joust xboard` engines in `variant`,
/// writing the game and the debug log into `dir`.
fn xboard_args(variant: &str, dir: &Path, engines: usize) -> Vec<String> {
    let engine = format!("{JOUST} xboard");
    let mut args: Vec<String> = vec!["-fcp".into(), engine.clone()];
    if engines == 2 {
        args.extend(["-scp".into(), engine]);
        args.extend(["-mg", "1", "-sgf"].map(String::from));
        args.push(dir.join("game.pgn").display().to_string());
    }
    args.extend(
        [
            "-variant",
            variant,
            "-tc",
            "0:10",
            "-inc",
            "0",
            "-debug",
            "-popupExitMessage",
            "false",
            "-autoCallFlag",
            "true",
            "-soundProgram",
            "",
            "-settingsFile",
            "/dev/null",
        ]
        .map(String::from),
    );
    args.push("-saveSettingsFile".into());
    args.push(dir.join("settings").display().to_string());
    args.push("-nameOfDebugFile".into());
    args.push(dir.join("debug.txt").display().to_string());
    args
}

/// The moves the engines sent, from XBoard's debug log (multi-leg moves joined).
fn engine_moves(debug: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut legs = String::new();
    for line in debug.lines() {
        let Some(i) = line.find(": move ") else {
            continue;
        };
        if !(line.contains("<first :") || line.contains("<second:")) {
            continue;
        }
        legs += line[i + ": move ".len()..].trim();
        if !legs.ends_with(',') {
            moves.push(std::mem::take(&mut legs));
        }
    }
    moves
}

/// Plays one game of `variant` through XBoard; checks it ended with a result, that
/// neither engine refused a move, and that every move was legal in turn.
fn play_a_game(xboard: &Path, display: &str, variant: &str, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let mut child = Command::new(xboard)
        .args(xboard_args(variant, dir, 2))
        .env("DISPLAY", display)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xboard starts");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("the {variant} game through XBoard did not end in 300 s (see {dir:?})");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let pgn = std::fs::read_to_string(dir.join("game.pgn")).unwrap_or_default();
    let debug = std::fs::read_to_string(dir.join("debug.txt")).unwrap_or_default();
    let result = pgn
        .lines()
        .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
        .unwrap_or("none");
    assert!(
        ["1-0", "0-1", "1/2-1/2"].contains(&result),
        "{variant}: result {result}\n{pgn}"
    );
    for refusal in ["Illegal move", "Error (", "tellusererror"] {
        assert!(
            !debug.contains(refusal),
            "{variant}: '{refusal}' in {dir:?}/debug.txt"
        );
    }
    let game = variants::by_id(variant).unwrap();
    let mut board = Board::start(game);
    let moves = engine_moves(&debug);
    assert!(
        moves.len() >= 6,
        "{variant}: only {} moves\n{pgn}",
        moves.len()
    );
    for (i, mv) in moves.iter().enumerate() {
        assert!(
            board.play(mv),
            "{variant}: move {} ({mv}) is not legal\n{pgn}",
            i + 1
        );
    }
    // A mate claimed by an engine or adjudicated by XBoard is the position's outcome.
    if pgn.contains("mates}") || pgn.contains("Checkmate}") {
        assert!(board.outcome().is_some(), "{variant}: claimed mate\n{pgn}");
    }
}

/// Shows XBoard with one engine at the start of `variant` and takes a screenshot;
/// checks the engine's `setup` reached XBoard and the picture is not blank.
fn screenshot(xboard: &Path, import: &Path, display: &str, variant: &str, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let child = Command::new(xboard)
        .args(xboard_args(variant, dir, 1))
        .env("DISPLAY", display)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xboard starts");
    let _xboard = Killed(child);
    let debug = dir.join("debug.txt");
    let start = Instant::now();
    while !std::fs::read_to_string(&debug)
        .unwrap_or_default()
        .contains("<first : setup (")
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no setup in {debug:?}"
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
    let colors = Command::new(import.with_file_name("identify"))
        .args(["-format", "%k"])
        .arg(&shot)
        .output()
        .expect("identify runs");
    let colors: u64 = String::from_utf8_lossy(&colors.stdout)
        .trim()
        .parse()
        .unwrap_or(0);
    assert!(
        colors > 100,
        "{shot:?} has {colors} colours: a blank screen?"
    );
}

#[test]
fn games_are_played_to_their_end_through_the_real_xboard() {
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
    // Centaur: a 10x8 game with a piece XBoard knows only from the engine's `setup`
    // and `piece` commands.
    screenshot(
        &xboard,
        &import,
        &display,
        "centaur",
        &dir.join("centaur-start"),
    );
    play_a_game(&xboard, &display, "chess", &dir.join("chess"));
    play_a_game(&xboard, &display, "centaur", &dir.join("centaur"));
}
