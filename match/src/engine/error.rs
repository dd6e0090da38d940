//! What can go wrong talking to a UCI engine.

use std::fmt;
use std::io;
use std::time::Duration;

/// Something went wrong starting or talking to an engine. Every message names the
/// engine (its `id name`, or its program before it gave one).
#[derive(Debug)]
pub enum UciError {
    /// The program could not be started.
    Start {
        /// The program.
        program: String,
        /// Why the system refused.
        source: io::Error,
    },
    /// No answer came in time.
    Timeout {
        /// The engine.
        engine: String,
        /// The line that was awaited (`uciok`, `readyok`, `bestmove`, ...).
        waiting_for: String,
        /// How long it was awaited.
        waited: Duration,
    },
    /// The engine ended (or closed its output) while an answer was awaited.
    Exited {
        /// The engine.
        engine: String,
        /// The line that was awaited.
        waiting_for: String,
        /// Its exit status, when it is known.
        status: Option<String>,
    },
    /// A command could not be written to the engine.
    Send {
        /// The engine.
        engine: String,
        /// The command.
        command: String,
        /// Why (`None`: its input was already closed).
        source: Option<io::Error>,
    },
    /// An answer that should hold a count does not.
    UnreadableCount {
        /// The engine.
        engine: String,
        /// The line it wrote.
        line: String,
    },
    /// The engine has no option of that name.
    NoOption {
        /// The engine.
        engine: String,
        /// The option asked for.
        option: String,
    },
    /// The engine does not offer this game (no such `UCI_Variant`, or no `UCI_Variant`
    /// at all for a game other than chess).
    DoesNotPlay {
        /// The engine.
        engine: String,
        /// The game id.
        game: String,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Start { program, source } => write!(f, "cannot start {program}: {source}"),
            UciError::Timeout {
                engine,
                waiting_for,
                waited,
            } => write!(
                f,
                "{engine}: no '{waiting_for}' within {} s",
                waited.as_secs()
            ),
            UciError::Exited {
                engine,
                waiting_for,
                status,
            } => {
                let status = status
                    .as_ref()
                    .map(|s| format!(" ({s})"))
                    .unwrap_or_default();
                write!(
                    f,
                    "{engine}: exited{status} while waiting for '{waiting_for}'"
                )
            }
            UciError::Send {
                engine,
                command,
                source: Some(e),
            } => write!(f, "{engine}: cannot send '{command}': {e}"),
            UciError::Send {
                engine,
                source: None,
                ..
            } => write!(f, "{engine}: stdin closed"),
            UciError::UnreadableCount { engine, line } => {
                write!(f, "{engine}: unreadable count in '{line}'")
            }
            UciError::NoOption { engine, option } => {
                write!(f, "{engine} has no option '{option}'")
            }
            UciError::DoesNotPlay { engine, game } => write!(f, "{engine} does not play {game}"),
        }
    }
}

impl std::error::Error for UciError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UciError::Start { source, .. } => Some(source),
            UciError::Send {
                source: Some(e), ..
            } => Some(e),
            _ => None,
        }
    }
}

/// Why a `go` gave no move.
#[derive(Debug)]
pub enum GoError {
    /// No `bestmove` before the deadline. The engine was told to `stop`; `hung` if it
    /// did not answer that either.
    Timeout {
        /// Time from `go` to the deadline.
        elapsed: Duration,
        /// True if the engine also ignored `stop`.
        hung: bool,
    },
    /// The engine died, or talking to it failed.
    Failed(UciError),
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::Timeout { elapsed, hung } => write!(
                f,
                "no bestmove within {:.3} s{}",
                elapsed.as_secs_f64(),
                if *hung { ", and no answer to stop" } else { "" }
            ),
            GoError::Failed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GoError::Failed(e) => Some(e),
            GoError::Timeout { .. } => None,
        }
    }
}

impl From<UciError> for GoError {
    fn from(e: UciError) -> GoError {
        GoError::Failed(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_engine_and_what_was_awaited() {
        let e = UciError::Timeout {
            engine: "Slow 1.0".into(),
            waiting_for: "readyok".into(),
            waited: Duration::from_millis(30_400),
        };
        assert_eq!(e.to_string(), "Slow 1.0: no 'readyok' within 30 s");
        let e = UciError::Exited {
            engine: "E".into(),
            waiting_for: "uciok".into(),
            status: Some("exit status: 3".into()),
        };
        assert_eq!(
            e.to_string(),
            "E: exited (exit status: 3) while waiting for 'uciok'"
        );
        let e = UciError::Send {
            engine: "E".into(),
            command: "isready".into(),
            source: None,
        };
        assert_eq!(e.to_string(), "E: stdin closed");
        let go = GoError::Timeout {
            elapsed: Duration::from_millis(1500),
            hung: true,
        };
        assert_eq!(
            go.to_string(),
            "no bestmove within 1.500 s, and no answer to stop"
        );
        let go = GoError::from(UciError::DoesNotPlay {
            engine: "Stockfish".into(),
            game: "clash".into(),
        });
        assert_eq!(go.to_string(), "Stockfish does not play clash");
    }
}
