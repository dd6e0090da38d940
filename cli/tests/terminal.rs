//! `joust play` in a real terminal (tmux, which these tests need installed): line editing
//! with the arrow keys, history and Ctrl-R, the clock ticking in the prompt, the flag
//! falling at the prompt with no key pressed, the status line while the engine thinks
//! with typing hidden until the prompt, and Ctrl-C offering to save the game.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of its own running `joust` with the given arguments in a 100x50 window.
struct Screen {
    socket: String,
}

impl Screen {
    fn start(name: &str, args: &[&str]) -> Screen {
        let socket = format!("joust-test-{}-{name}", std::process::id());
        let joust = env!("CARGO_BIN_EXE_joust");
        // The shell line keeps the window open after joust ends, with its status shown.
        let line = format!("{joust} {}; echo EXIT=$?; sleep 60", args.join(" "));
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "100", "-y", "50", "sh", "-c", &line])
            .env_remove("NO_COLOR")
            .status()
            .expect("tmux is needed for the terminal tests (apt-get install tmux)");
        assert!(ok.success(), "tmux new-session failed");
        Screen { socket }
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen's text, with blank lines left out.
    fn text(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0"])
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    /// Types keys (tmux key names such as `Enter`, `Left`, `C-r`, or text).
    fn keys(&self, keys: &[&str]) {
        self.tmux(&[&["send-keys", "-t", "0"], keys].concat());
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Waits until the screen shows `text` (at most `secs` seconds); returns the screen.
    fn wait_for(&self, text: &str, secs: u64) -> String {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let screen = self.text();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < until,
                "no '{text}' after {secs} s on the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The last line on the screen that starts with `prefix`.
    fn last_line(&self, prefix: &str) -> String {
        self.text()
            .lines()
            .rfind(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line starting '{prefix}' in\n{}", self.text()))
            .to_string()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// Seconds of the clock in a prompt such as `3. your move (0:17 left)> `.
fn prompt_seconds(line: &str) -> u64 {
    let clock = line
        .split('(')
        .nth(1)
        .and_then(|r| r.split(" left)").next())
        .unwrap_or_else(|| panic!("no clock in '{line}'"))
        .trim();
    let (m, s) = clock.split_once(':').expect("m:ss");
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

#[test]
fn the_prompt_edits_lines_and_recalls_history() {
    let s = Screen::start("edit", &["play", "--depth", "1"]);
    s.wait_for("1. your move>", 20);
    // "4", cursor left, "e": the line reads e4 (a plain terminal would send the arrow's
    // escape code instead).
    s.keys(&["4", "Left", "e", "Enter"]);
    s.wait_for("You play 1. e4", 10);
    s.wait_for("2. your move>", 20);
    s.keys(&["fen", "Enter"]);
    s.keys(&["board", "Enter"]);
    let fens = |screen: &str| screen.lines().filter(|l| l.contains(" w KQkq")).count();
    s.wait_for(" w KQkq", 5);
    s.wait_for("    a   b", 5);
    // Ctrl-R finds "fen" in the history; Enter runs it.
    s.keys(&["C-r", "fe"]);
    s.wait_for("(reverse-i-search)`fe': fen", 5);
    s.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(fens(&s.text()), 2, "{}", s.text());
    // Up recalls the last line.
    s.keys(&["Up", "Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(fens(&s.text()), 3, "{}", s.text());
}

#[test]
fn the_clock_ticks_in_the_prompt_and_falls_with_no_key_pressed() {
    let s = Screen::start("flag", &["play", "--time", "6s"]);
    s.wait_for("1. your move (", 20);
    let first = prompt_seconds(&s.last_line("1. your move ("));
    std::thread::sleep(Duration::from_millis(2500));
    let later = s.last_line("1. your move (");
    assert!(prompt_seconds(&later) + 2 <= first, "{first} then {later}");
    // Redrawn in place: one prompt line, not one per tick.
    assert_eq!(s.text().matches("your move (").count(), 1, "{}", s.text());
    // No key is pressed: the flag falls when the time is up.
    let screen = s.wait_for("Game over: white loses on time", 8);
    assert!(screen.contains("game over>"), "{screen}");
    assert!(
        !screen.contains("EXIT="),
        "joust waits for a command: {screen}"
    );
}

#[test]
fn typing_while_the_engine_thinks_waits_for_the_prompt() {
    let s = Screen::start("think", &["play", "--time", "2m"]);
    s.wait_for("1. your move (", 20);
    s.keys(&["e4", "Enter"]);
    s.keys(&["Bc4"]);
    let screen = s.wait_for("Joust is thinking", 5);
    // The status line shows the time taken and both clocks, and nothing typed.
    let status = s.last_line("Joust is thinking");
    assert!(
        status.contains("White 1:5") && status.contains("Black 1:5"),
        "{status}"
    );
    assert!(!screen.contains("Bc4"), "{screen}");
    // Once the engine has moved, what was typed stands at the prompt.
    s.wait_for("Joust plays 1...", 60);
    let prompt = s.wait_for("2. your move (", 10);
    assert!(s.last_line("2. your move (").ends_with("> Bc4"), "{prompt}");
    assert!(!prompt.contains("Joust is thinking"), "{prompt}");
}

#[test]
fn ctrl_c_offers_to_save_the_game() {
    let dir = std::env::temp_dir().join(format!("joust-terminal-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("left.pgn");
    let _ = std::fs::remove_file(&file);
    let s = Screen::start("save", &["play", "--level", "2", "--depth", "2"]);
    s.wait_for("1. your move>", 20);
    s.keys(&["e4", "Enter"]);
    s.wait_for("2. your move>", 20);
    s.keys(&["C-c"]);
    let screen = s.wait_for("Save as>", 5);
    assert!(
        screen.contains("Leaving. Save the game as PGN? Type a file name, press Enter for"),
        "{screen}"
    );
    assert!(screen.contains("joust-chess-"), "{screen}");
    s.keys(&[&file.display().to_string(), "Enter"]);
    s.wait_for("EXIT=0", 5);
    let pgn = std::fs::read_to_string(&file).expect("saved");
    assert!(pgn.contains("1. e4 "), "{pgn}");
    assert!(pgn.contains("[EngineLevel \"2\"]"), "{pgn}");
    assert!(!pgn.contains("????.??.??"), "{pgn}");
    // Ctrl-D on a fresh game: nothing to save, said so.
    let s = Screen::start("eof", &["play", "--depth", "1"]);
    s.wait_for("1. your move>", 20);
    s.keys(&["C-d"]);
    let screen = s.wait_for("EXIT=0", 5);
    assert!(
        screen.contains("no move was played, so there is nothing to save"),
        "{screen}"
    );
}
