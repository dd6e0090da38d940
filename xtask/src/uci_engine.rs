//! A UCI engine driven over pipes: start-up handshake, options, positions, timed
//! `go perft`, and the line-by-line access a match runner needs.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` (fsf-uci may first install its npm
/// package and compile its wasm).
const START_TIMEOUT: Duration = Duration::from_secs(120);
/// How long an engine may take to answer `isready`.
const READY_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a `go perft` may take.
const PERFT_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// Something went wrong talking to an engine.
#[derive(Debug)]
pub struct EngineError(pub String);

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}

/// A running UCI engine. Dropping it sends `quit` and reaps the process.
pub struct UciEngine {
    /// The engine's `id name`, or its path when it gives none.
    pub name: String,
    /// The values of its `UCI_Variant` option (empty if it has none).
    pub variants: Vec<String>,
    /// The names of every option it declared.
    pub options: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Starts the engine at `path` (no arguments; stderr passes through) and waits for
    /// `uciok`.
    pub fn start(path: &Path) -> Result<UciEngine, EngineError> {
        UciEngine::start_with_args(path, &[])
    }

    /// Starts the engine at `path` with command-line `args` (stderr passes through) and
    /// waits for `uciok`.
    pub fn start_with_args(path: &Path, args: &[&str]) -> Result<UciEngine, EngineError> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| EngineError(format!("cannot start {}: {e}", path.display())))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineError("no stdout pipe".to_string()))?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            name: path.display().to_string(),
            variants: Vec::new(),
            options: Vec::new(),
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let line = engine.next_line(deadline, "uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            } else if let Some(vars) = combo_values(line, "UCI_Variant") {
                engine.variants = vars;
                engine.options.push("UCI_Variant".to_string());
            } else if let Some(name) = option_name(line) {
                engine.options.push(name);
            }
        }
        Ok(engine)
    }

    /// True if the engine declared the option `name` (ignoring case, as UCI does).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// True if the engine's `UCI_Variant` option offers `id`.
    pub fn has_variant(&self, id: &str) -> bool {
        self.variants.iter().any(|v| v == id)
    }

    /// Sends `setoption name <name> value <value>` and waits until the engine is ready.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"))?;
        self.sync()
    }

    /// Sends `position fen <fen>` and waits until the engine is ready.
    pub fn set_position(&mut self, fen: &str) -> Result<(), EngineError> {
        self.send(&format!("position fen {fen}"))?;
        self.sync()
    }

    /// Sends `position startpos` and waits until the engine is ready.
    pub fn send_position_startpos(&mut self) -> Result<(), EngineError> {
        self.send("position startpos")?;
        self.sync()
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + READY_TIMEOUT;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Runs `go perft <depth>` on the current position: the engine's `Nodes searched`
    /// count and the wall time from sending the command to receiving that line.
    pub fn perft(&mut self, depth: u32) -> Result<(u64, Duration), EngineError> {
        while self.lines.try_recv().is_ok() {}
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let deadline = start + PERFT_TIMEOUT;
        loop {
            let line = self.next_line(deadline, "Nodes searched")?;
            if let Some(rest) = line.trim().strip_prefix("Nodes searched:") {
                let elapsed = start.elapsed();
                let nodes = rest.trim().parse::<u64>().map_err(|_| {
                    EngineError(format!("{}: unreadable count in '{line}'", self.name))
                })?;
                return Ok((nodes, elapsed));
            }
        }
    }

    /// The engine's legal moves after `moves` (coordinate text) from `fen`, read from the
    /// divide lines of `go perft 1`.
    pub fn legal_moves(&mut self, fen: &str, moves: &[String]) -> Result<Vec<String>, EngineError> {
        let mut cmd = format!("position fen {fen}");
        if !moves.is_empty() {
            cmd += " moves ";
            cmd += &moves.join(" ");
        }
        self.send(&cmd)?;
        while self.lines.try_recv().is_ok() {}
        self.send("go perft 1")?;
        let deadline = Instant::now() + READY_TIMEOUT;
        let mut out = Vec::new();
        loop {
            let line = self.next_line(deadline, "Nodes searched")?;
            let line = line.trim();
            if line.starts_with("Nodes searched:") {
                return Ok(out);
            }
            if let Some((mv, count)) = line.split_once(": ") {
                if count.trim().parse::<u64>().is_ok() && !mv.contains(' ') {
                    out.push(mv.to_string());
                }
            }
        }
    }

    /// Discards every output line read so far.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Writes one command line to the engine.
    pub fn send(&mut self, command: &str) -> Result<(), EngineError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| EngineError(format!("{}: stdin closed", self.name)))?;
        writeln!(stdin, "{command}")
            .and_then(|()| stdin.flush())
            .map_err(|e| EngineError(format!("{}: cannot send '{command}': {e}", self.name)))
    }

    /// The next line of output, waiting until `deadline`; `waiting_for` names what was
    /// expected, for the error.
    pub fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError(format!(
                "{}: no '{waiting_for}' within {} s",
                self.name,
                left.as_secs()
            ))),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|s| format!(" ({s})"))
                    .unwrap_or_default();
                Err(EngineError(format!(
                    "{}: exited{status} while waiting for '{waiting_for}'",
                    self.name
                )))
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The name of an `option name <name> type ...` line.
fn option_name(line: &str) -> Option<String> {
    let rest = line.strip_prefix("option name ")?;
    let end = rest.find(" type ")?;
    Some(rest[..end].trim().to_string())
}

/// The `var` values of an `option name <name> type combo ...` line.
fn combo_values(line: &str, name: &str) -> Option<Vec<String>> {
    let rest = line
        .strip_prefix("option name ")?
        .strip_prefix(name)?
        .strip_prefix(" type combo")?;
    let mut words = rest.split_whitespace();
    let mut values = Vec::new();
    while let Some(word) = words.next() {
        if word == "var" {
            values.extend(words.next().map(str::to_string));
        }
    }
    Some(values)
}

#[cfg(test)]
mod tests {
    use super::{combo_values, option_name};

    #[test]
    fn reads_option_names() {
        assert_eq!(
            option_name("option name Skill Level type spin default 20 min 0 max 20").as_deref(),
            Some("Skill Level")
        );
        assert_eq!(option_name("id name Joust"), None);
    }

    #[test]
    fn reads_combo_values() {
        let line =
            "option name UCI_Variant type combo default chess var chess var clash var lancerchess";
        assert_eq!(
            combo_values(line, "UCI_Variant").unwrap(),
            ["chess", "clash", "lancerchess"]
        );
        assert!(combo_values("option name Hash type spin default 16", "UCI_Variant").is_none());
    }
}
