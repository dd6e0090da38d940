//! Helpers shared by the CLI tests: where the test data lives and how to run `joust`.

// Each test file uses a part of these helpers.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The path of a file under `cli/tests/data`.
pub fn data(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    p.to_string_lossy().into_owned()
}

/// Runs `joust` with `args`, feeding `stdin`; returns status, stdout and stderr.
pub fn joust(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("joust runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    let out = child.wait_with_output().expect("joust ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `joust uci` started with its standard input and output piped.
pub fn spawn_uci() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_joust"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("joust runs")
}

/// Runs `joust uci`, sends `input`, reads until a `bestmove` line, then quits; returns
/// everything read (status 0 checked).
pub fn uci_search(input: &str) -> String {
    let mut child = spawn_uci();
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("stdin written");
    stdin.flush().expect("stdin flushed");
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("output read");
        out += &line;
        out.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    stdin.write_all(b"quit\n").expect("quit sent");
    drop(stdin);
    assert!(child.wait().expect("joust ends").success());
    out
}

/// Runs tmux on a server of this test's own.
pub fn tmux(socket: &str, args: &[&str]) -> Option<String> {
    let out = Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `joust ARGS` (output to /dev/null) in a detached tmux session 120x10 named after
/// `name` and this process, and reads its screen until `shown` holds or 30 s pass: the
/// last screen read. The session is killed before returning.
pub fn screen_until(name: &str, args: &str, shown: impl Fn(&str) -> bool) -> String {
    let socket = format!("{name}-{}", std::process::id());
    let command = format!(
        "{} {args} > /dev/null; sleep 30",
        env!("CARGO_BIN_EXE_joust")
    );
    tmux(
        &socket,
        &["new-session", "-d", "-x", "120", "-y", "10", &command],
    )
    .expect("tmux starts");
    let mut screen = String::new();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(30) {
        screen = tmux(&socket, &["capture-pane", "-p"]).unwrap_or_default();
        if shown(&screen) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = tmux(&socket, &["kill-server"]);
    screen
}

/// True if tmux is installed (the terminal halves of the progress tests need it).
pub fn has_tmux() -> bool {
    Command::new("tmux").arg("-V").output().is_ok()
}
