//! What is asked of a UCI engine, each under its deadline: a timed perft count, the
//! legal moves of a position, the `eval` trace, and a search to its `bestmove`.

use super::{GoError, UciEngine, UciError};
use crate::info::SearchInfo;
use std::time::{Duration, Instant};

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The first word after `bestmove` (empty if there was none).
    pub best_move: String,
    /// Time from sending `go` to reading `bestmove`.
    pub elapsed: Duration,
    /// The last exact score of its `info` lines, with its depth.
    pub info: SearchInfo,
}

impl UciEngine {
    /// Runs `go perft <depth>` on the current position: the engine's `Nodes searched`
    /// total and the wall time from sending the command to receiving that line.
    pub fn perft(&mut self, depth: u32) -> Result<(u64, Duration), UciError> {
        self.drain();
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let deadline = start + self.timeouts().perft;
        loop {
            let line = self.next_line(deadline, "Nodes searched")?;
            if let Some(rest) = line.trim().strip_prefix("Nodes searched:") {
                let elapsed = start.elapsed();
                let nodes = rest
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| UciError::UnreadableCount {
                        engine: self.name.clone(),
                        line: line.clone(),
                    })?;
                return Ok((nodes, elapsed));
            }
        }
    }

    /// The engine's legal moves after `moves` (coordinate text) from `fen`, read from the
    /// divide lines (`e2e4: 1`) of `go perft 1`.
    pub fn legal_moves(&mut self, fen: &str, moves: &[String]) -> Result<Vec<String>, UciError> {
        let mut command = format!("position fen {fen}");
        if !moves.is_empty() {
            command += " moves ";
            command += &moves.join(" ");
        }
        self.send(&command)?;
        self.drain();
        self.send("go perft 1")?;
        let deadline = Instant::now() + self.timeouts().ready;
        let lines = self.read_until("Nodes searched:", deadline)?;
        Ok(lines
            .iter()
            .filter_map(|line| {
                let (mv, count) = line.trim().split_once(": ")?;
                (count.trim().parse::<u64>().is_ok() && !mv.contains(' ')).then(|| mv.to_string())
            })
            .collect())
    }

    /// The engine's `eval` output for the current position (Stockfish's and
    /// Fairy-Stockfish's evaluation trace): every line it writes before answering the
    /// `isready` sent after it.
    pub fn eval(&mut self) -> Result<Vec<String>, UciError> {
        self.send("eval")?;
        self.send("isready")?;
        let deadline = Instant::now() + self.timeouts().eval;
        self.read_until("readyok", deadline)
    }

    /// Sends `position` (a whole `position ...` command) and `go` (a whole `go ...`
    /// command), and waits for `bestmove` until `limit` after the `go`, reading the
    /// search's `info` lines on the way. At the deadline the engine is told to `stop`;
    /// the answer is then [`GoError::Timeout`], with `hung` set if no `bestmove` came
    /// within [`Timeouts::stop`](super::Timeouts::stop) either.
    pub fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Reply, GoError> {
        self.drain();
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + limit;
        let mut info = SearchInfo::default();
        loop {
            match self.next_line(deadline, "bestmove") {
                Ok(line) => {
                    let line = line.trim();
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        return Ok(Reply {
                            best_move: rest.split_whitespace().next().unwrap_or("").to_string(),
                            elapsed: start.elapsed(),
                            info,
                        });
                    }
                    info.read(line);
                }
                Err(UciError::Timeout { .. }) => break,
                Err(e) => return Err(GoError::Failed(e)),
            }
        }
        let elapsed = start.elapsed();
        let _ = self.send("stop");
        let grace = Instant::now() + self.timeouts().stop;
        let answered = loop {
            match self.next_line(grace, "bestmove") {
                Ok(line) if line.trim_start().starts_with("bestmove") => break true,
                Ok(_) => {}
                Err(_) => break false,
            }
        };
        Err(GoError::Timeout {
            elapsed,
            hung: !answered,
        })
    }
}
