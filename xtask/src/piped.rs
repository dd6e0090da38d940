//! A reference engine spoken to line by line through pipes, for the tasks that read its
//! answers as text (`tune label`, `diagnose`): its `eval` trace or its search scores.

use crate::paths;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine with its standard input and output.
pub struct Piped {
    /// The program started, for messages.
    pub program: PathBuf,
    child: Child,
    /// What the engine reads.
    pub stdin: ChildStdin,
    /// What it writes, read a line at a time.
    pub stdout: BufReader<ChildStdout>,
    /// The game last selected with [`Piped::select_variant`].
    variant: String,
}

impl Piped {
    /// Starts `engine`: `fsf-uci` (`xtask/fsf-uci`), `fairy-stockfish` (the Debian
    /// package) or a path; its standard error is discarded.
    pub fn start(engine: &str) -> Result<Piped, String> {
        let program = match engine {
            "fsf-uci" => paths::fsf_uci(),
            "fairy-stockfish" => PathBuf::from("/usr/games/fairy-stockfish"),
            path => PathBuf::from(path),
        };
        let mut child = Command::new(&program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Piped {
            program,
            child,
            stdin,
            stdout,
            variant: String::new(),
        })
    }

    /// Sends `text` (one line or several) to the engine.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.stdin, "{text}")
            .map_err(|e| format!("talking to {}: {e}", self.program.display()))
    }

    /// Selects game `id`, unless it is the one already selected.
    pub fn select_variant(&mut self, id: &str) -> Result<(), String> {
        if self.variant != id {
            self.send(&format!("setoption name UCI_Variant value {id}"))?;
            self.variant = id.to_string();
        }
        Ok(())
    }

    /// The engine's lines up to the first that starts with `end` (left out); an error if
    /// the engine stops writing first.
    pub fn read_until(&mut self, end: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("talking to {}: {e}", self.program.display()))?;
            if read == 0 {
                return Err(format!("{} stopped", self.program.display()));
            }
            if line.starts_with(end) {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// Asks the engine to quit and waits for it.
    pub fn finish(mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}
