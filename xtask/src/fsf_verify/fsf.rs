//! Fairy-Stockfish as the checks ask it: the FEN and legal moves of a position reached by
//! moves, the FEN it makes of a FEN it is given, and the divide of `go perft N`.

use super::output::{self, Divide};
use joust_match::{UciEngine, UciError};
use std::fmt;
use std::time::Instant;

/// Something Fairy-Stockfish did not answer as expected.
#[derive(Debug)]
pub enum FsfError {
    /// Talking to it failed (it died, timed out, ...).
    Uci(UciError),
    /// Its `d` output has no `Fen:` line.
    NoFen {
        /// What it wrote instead.
        output: Vec<String>,
    },
    /// Its `go perft` divide does not add up to its total.
    BadDivide(String),
}

impl fmt::Display for FsfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsfError::Uci(e) => e.fmt(f),
            FsfError::NoFen { output } => {
                let shown: Vec<&str> = output.iter().take(3).map(String::as_str).collect();
                write!(
                    f,
                    "no 'Fen:' line in the answer to 'd' ({} lines: {})",
                    output.len(),
                    shown.join(" | ")
                )
            }
            FsfError::BadDivide(e) => write!(f, "unreadable perft divide: {e}"),
        }
    }
}

impl std::error::Error for FsfError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FsfError::Uci(e) => Some(e),
            _ => None,
        }
    }
}

impl From<UciError> for FsfError {
    fn from(e: UciError) -> FsfError {
        FsfError::Uci(e)
    }
}

/// What Fairy-Stockfish says of one position: its FEN and its legal moves.
pub struct FsfNode {
    /// The `Fen:` line of `d`.
    pub fen: String,
    /// The moves of `go perft 1`.
    pub moves: Vec<String>,
}

/// A running Fairy-Stockfish with the game already selected (`UCI_Variant`).
pub struct Fsf {
    engine: UciEngine,
}

impl Fsf {
    /// Wraps a started engine.
    pub fn new(engine: UciEngine) -> Fsf {
        Fsf { engine }
    }

    /// The engine, for selecting a game and reading its name and variants.
    pub fn engine(&mut self) -> &mut UciEngine {
        &mut self.engine
    }

    /// The engine's `id name`.
    pub fn name(&self) -> &str {
        &self.engine.name
    }

    /// The position after `line` (coordinate moves) from `root`: its FEN and legal moves.
    pub fn node(&mut self, root: &str, line: &[String]) -> Result<FsfNode, FsfError> {
        self.send_position(root, line)?;
        let fen = self.display_fen()?;
        let divide = self.go_perft(1)?;
        Ok(FsfNode {
            fen,
            moves: divide.moves.into_iter().map(|(m, _)| m).collect(),
        })
    }

    /// The FEN of Fairy-Stockfish's own start position of the game (`position startpos`).
    pub fn start_fen(&mut self) -> Result<String, FsfError> {
        self.engine.drain();
        self.engine.send("position startpos")?;
        self.display_fen()
    }

    /// The FEN Fairy-Stockfish writes of the position `line` reaches from `root`.
    pub fn fen_after(&mut self, root: &str, line: &[String]) -> Result<String, FsfError> {
        self.send_position(root, line)?;
        self.display_fen()
    }

    /// The divide of `go perft depth` after `line` from `root`.
    pub fn divide(&mut self, root: &str, line: &[String], depth: u32) -> Result<Divide, FsfError> {
        self.send_position(root, line)?;
        self.go_perft(depth)
    }

    /// Sends `position fen <root> [moves ...]`.
    fn send_position(&mut self, root: &str, line: &[String]) -> Result<(), FsfError> {
        let mut command = format!("position fen {root}");
        if !line.is_empty() {
            command += " moves ";
            command += &line.join(" ");
        }
        self.engine.drain();
        self.engine.send(&command)?;
        Ok(())
    }

    /// Sends `d` and `isready`, and reads the `Fen:` line of what comes before `readyok`.
    fn display_fen(&mut self) -> Result<String, FsfError> {
        self.engine.send("d")?;
        self.engine.send("isready")?;
        let deadline = Instant::now() + self.engine.timeouts().ready;
        let lines = self.engine.read_until("readyok", deadline)?;
        output::fen_line(&lines).ok_or(FsfError::NoFen { output: lines })
    }

    /// Sends `go perft depth` and reads its divide up to the `Nodes searched` line.
    fn go_perft(&mut self, depth: u32) -> Result<Divide, FsfError> {
        self.engine.send(&format!("go perft {depth}"))?;
        let deadline = Instant::now() + self.engine.timeouts().perft;
        let mut lines = Vec::new();
        loop {
            let line = self.engine.next_line(deadline, "Nodes searched")?;
            if let Some(total) = output::nodes_searched(&line) {
                return output::parse_divide(&lines, total).map_err(FsfError::BadDivide);
            }
            if line.trim_start().starts_with("Nodes searched") {
                return Err(FsfError::BadDivide(format!("unreadable total '{line}'")));
            }
            lines.push(line);
        }
    }
}
