//! The one UCI client: an engine started from a [`Launch`], its handshake and options,
//! and every wait on it bounded by a [`Timeouts`] value. What is asked of it (perft,
//! legal moves, `eval`, a search) is in `requests.rs`.

mod error;
mod launch;
mod requests;

pub use error::{GoError, UciError};
pub use launch::{EngineInput, EngineMain, EngineOutput, Launch, Stderr};
pub use requests::Reply;

use launch::Process;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long each kind of answer may take before the engine counts as stuck. A search's
/// `bestmove` is bounded by the time given with each `go` instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From `uci` to `uciok` (fsf-uci may first install its npm package and compile its
    /// WebAssembly): 120 s.
    pub start: Duration,
    /// From `isready` to `readyok`, and a `go perft 1` for the legal moves: 30 s.
    pub ready: Duration,
    /// From `go perft N` to its `Nodes searched` total: 30 minutes.
    pub perft: Duration,
    /// From `eval` to the end of its output: 30 s.
    pub eval: Duration,
    /// From `stop` (sent at a search's deadline) to `bestmove`: 2 s.
    pub stop: Duration,
    /// From `quit` to the end of the process, before it is killed: 5 s.
    pub quit: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            start: Duration::from_secs(120),
            ready: Duration::from_secs(30),
            perft: Duration::from_secs(30 * 60),
            eval: Duration::from_secs(30),
            stop: Duration::from_secs(2),
            quit: Duration::from_secs(5),
        }
    }
}

/// A running UCI engine. Dropping it sends `quit` and waits for the engine to end (a
/// process that does not is killed).
pub struct UciEngine {
    /// The engine's `id name`, or its program when it gives none.
    pub name: String,
    /// The values of its `UCI_Variant` option (empty if it has none).
    pub variants: Vec<String>,
    /// The names of every option it declared.
    pub options: Vec<String>,
    timeouts: Timeouts,
    process: Process,
    input: Option<Box<dyn Write + Send>>,
    lines: Receiver<String>,
    /// The `UCI_Variant` last set.
    variant: Option<String>,
}

impl UciEngine {
    /// Starts the engine of `launch` with the default [`Timeouts`] and waits for `uciok`.
    pub fn start(launch: &Launch) -> Result<UciEngine, UciError> {
        UciEngine::start_with(launch, Timeouts::default())
    }

    /// Starts the engine of `launch` and waits for `uciok`, reading its name and options.
    pub fn start_with(launch: &Launch, timeouts: Timeouts) -> Result<UciEngine, UciError> {
        let connection = launch.spawn()?;
        let mut engine = UciEngine {
            name: launch.describe(),
            variants: Vec::new(),
            options: Vec::new(),
            timeouts,
            process: connection.process,
            input: Some(connection.input),
            lines: read_lines(connection.output),
            variant: None,
        };
        engine.send("uci")?;
        let deadline = Instant::now() + timeouts.start;
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

    /// The time limits this engine runs under.
    pub fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    /// True if the engine declared the option `name` (ignoring case, as UCI does).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// True if the engine's `UCI_Variant` option offers `id`.
    pub fn has_variant(&self, id: &str) -> bool {
        self.variants.iter().any(|v| v == id)
    }

    /// Whether the engine plays game `id`: it offers it as a `UCI_Variant`, or it has no
    /// such option and the game is chess.
    pub fn plays(&self, id: &str) -> bool {
        if self.has_option("UCI_Variant") {
            self.has_variant(id)
        } else {
            id == "chess"
        }
    }

    /// Makes game `id` the engine's: sets `UCI_Variant` unless it is already set to it
    /// (an engine without the option plays only chess). An error if it does not play it.
    pub fn select_variant(&mut self, id: &str) -> Result<(), UciError> {
        if !self.plays(id) {
            return Err(UciError::DoesNotPlay {
                engine: self.name.clone(),
                game: id.to_string(),
            });
        }
        if self.has_option("UCI_Variant") && self.variant.as_deref() != Some(id) {
            self.set_option("UCI_Variant", id)?;
            self.variant = Some(id.to_string());
        }
        Ok(())
    }

    /// Sends `setoption name <name> value <value>` and waits until the engine is ready.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        self.send(&format!("setoption name {name} value {value}"))?;
        self.sync()
    }

    /// Sends `position fen <fen>` and waits until the engine is ready.
    pub fn set_position(&mut self, fen: &str) -> Result<(), UciError> {
        self.send(&format!("position fen {fen}"))?;
        self.sync()
    }

    /// Sends `position startpos` and waits until the engine is ready.
    pub fn set_start_position(&mut self) -> Result<(), UciError> {
        self.send("position startpos")?;
        self.sync()
    }

    /// Sends `isready` and waits for `readyok` (other lines are passed over).
    pub fn sync(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeouts.ready;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Writes one command line to the engine.
    pub fn send(&mut self, command: &str) -> Result<(), UciError> {
        let Some(input) = self.input.as_mut() else {
            return Err(UciError::Send {
                engine: self.name.clone(),
                command: command.to_string(),
                source: None,
            });
        };
        writeln!(input, "{command}")
            .and_then(|()| input.flush())
            .map_err(|e| UciError::Send {
                engine: self.name.clone(),
                command: command.to_string(),
                source: Some(e),
            })
    }

    /// Discards every output line read so far.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// The next line of output, waiting until `deadline`; `waiting_for` names what was
    /// expected, for the error.
    pub fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, UciError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(UciError::Timeout {
                engine: self.name.clone(),
                waiting_for: waiting_for.to_string(),
                waited: left,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(UciError::Exited {
                engine: self.name.clone(),
                waiting_for: waiting_for.to_string(),
                status: self.process.exit_status(Duration::from_millis(500)),
            }),
        }
    }

    /// The lines before the first that starts (after leading blanks) with `end`, which
    /// is read and left out; waits until `deadline`.
    pub fn read_until(&mut self, end: &str, deadline: Instant) -> Result<Vec<String>, UciError> {
        let mut lines = Vec::new();
        loop {
            let line = self.next_line(deadline, end)?;
            if line.trim_start().starts_with(end) {
                return Ok(lines);
            }
            lines.push(line);
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.input = None;
        let deadline = Instant::now() + self.timeouts.quit;
        while Instant::now() < deadline {
            if self.process.has_ended() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        self.process.kill();
    }
}

/// The lines of `output`, read on a thread of their own so that every wait can have a
/// deadline. Bytes that are not UTF-8 read as U+FFFD; the channel closes at the end of
/// the output.
fn read_lines(output: Box<dyn Read + Send>) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(output);
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match reader.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&bytes);
                    let line = text.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
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
mod tests;
