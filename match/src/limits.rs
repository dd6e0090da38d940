//! How long an engine may think on each move of a match: a game clock, a fixed time per
//! move, a depth, a node count, or any mix of them; and the `go` command that says so.

use joust_notation::{TimeControl, TimeControlError};
use std::fmt;
use std::time::Duration;

/// Why a limit could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// The key is none of [`Limits::KEYS`].
    UnknownKey(String),
    /// A count that must be a positive whole number is not.
    NotPositive {
        /// The limit (`movetime`, `depth`, `nodes`).
        limit: &'static str,
        /// Its text.
        value: String,
    },
    /// A depth beyond what `go depth` can carry.
    TooLarge {
        /// The limit.
        limit: &'static str,
        /// Its text.
        value: String,
    },
    /// The time control does not read.
    TimeControl(TimeControlError),
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::UnknownKey(key) => write!(
                f,
                "'{key}' is no limit (the limits are {})",
                Limits::KEYS.join(", ")
            ),
            LimitError::NotPositive { limit, value } => {
                write!(f, "{limit} '{value}' is not a positive whole number")
            }
            LimitError::TooLarge { limit, value } => write!(f, "{limit} '{value}' is too large"),
            LimitError::TimeControl(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LimitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LimitError::TimeControl(e) => Some(e),
            _ => None,
        }
    }
}

/// How long an engine may think: any combination of a game clock, a fixed time per move,
/// a depth and a node count (the engine stops at whichever comes first).
///
/// ```
/// use joust_match::Limits;
/// use std::time::Duration;
///
/// let mut limits = Limits::default();
/// limits.set("tc", "5m+3s").unwrap();
/// limits.set("nodes", "20000").unwrap();
/// assert_eq!(limits.to_string(), "tc 300+3, nodes 20000");
/// let clocks = [Duration::from_secs(290), Duration::from_secs(300)];
/// assert_eq!(
///     limits.go_command(clocks),
///     "go wtime 290000 btime 300000 winc 3000 binc 3000 nodes 20000"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Game clock (sent as `wtime`/`btime`/`winc`/`binc`).
    pub tc: Option<TimeControl>,
    /// Milliseconds per move (`movetime`).
    pub movetime: Option<u64>,
    /// Depth per move (`depth`).
    pub depth: Option<u32>,
    /// Nodes per move (`nodes`).
    pub nodes: Option<u64>,
}

impl Limits {
    /// The keys [`Limits::set`] knows, as engine specs and `cargo xtask match` name them.
    pub const KEYS: [&'static str; 4] = ["tc", "movetime", "depth", "nodes"];

    /// True if no limit is set.
    pub fn is_empty(&self) -> bool {
        *self == Limits::default()
    }

    /// Sets one limit from its key and text: `tc` a time control (`10+0.1`, `5m+3s`),
    /// `movetime` milliseconds, `depth` plies, `nodes` a count, each positive.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), LimitError> {
        let number = |limit: &'static str| -> Result<u64, LimitError> {
            match value.parse::<u64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(LimitError::NotPositive {
                    limit,
                    value: value.to_string(),
                }),
            }
        };
        match key {
            "tc" => self.tc = Some(TimeControl::parse(value).map_err(LimitError::TimeControl)?),
            "movetime" => self.movetime = Some(number("movetime")?),
            "depth" => {
                let depth = u32::try_from(number("depth")?).map_err(|_| LimitError::TooLarge {
                    limit: "depth",
                    value: value.to_string(),
                })?;
                self.depth = Some(depth);
            }
            "nodes" => self.nodes = Some(number("nodes")?),
            _ => return Err(LimitError::UnknownKey(key.to_string())),
        }
        Ok(())
    }

    /// The time an engine under these limits may take for one move before it loses on
    /// time, allowing `margin` for the pipes: its clock (`clock`, what it has left) or its
    /// `movetime`, whichever is shorter; `None` if neither is set.
    pub fn time_allowed(&self, clock: Duration, margin: Duration) -> Option<Duration> {
        let by_clock = self.tc.map(|_| clock + margin);
        let by_movetime = self.movetime.map(|ms| Duration::from_millis(ms) + margin);
        match (by_clock, by_movetime) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The limits as a `go` command, with the clocks `[white, black]` left now.
    pub fn go_command(&self, clocks: [Duration; 2]) -> String {
        let mut go = String::from("go");
        if let Some(tc) = self.tc {
            let inc = tc.increment.as_millis();
            go += &format!(
                " wtime {} btime {} winc {inc} binc {inc}",
                clocks[0].as_millis(),
                clocks[1].as_millis()
            );
        }
        if let Some(ms) = self.movetime {
            go += &format!(" movetime {ms}");
        }
        if let Some(d) = self.depth {
            go += &format!(" depth {d}");
        }
        if let Some(n) = self.nodes {
            go += &format!(" nodes {n}");
        }
        go
    }
}

/// `tc 10+0.1, movetime 1000 ms, depth 5, nodes 2000` (only those set), or `no limit`.
impl fmt::Display for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.tc {
            parts.push(format!("tc {tc}"));
        }
        if let Some(ms) = self.movetime {
            parts.push(format!("movetime {ms} ms"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes {n}"));
        }
        if parts.is_empty() {
            f.write_str("no limit")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_commands() {
        let mut limits = Limits::default();
        assert!(limits.is_empty());
        assert_eq!(limits.to_string(), "no limit");
        limits.set("tc", "10+0.1").unwrap();
        assert_eq!(
            limits.go_command([Duration::from_millis(9_500), Duration::from_secs(10)]),
            "go wtime 9500 btime 10000 winc 100 binc 100"
        );
        assert_eq!(limits.to_string(), "tc 10+0.1");
        let mut limits = Limits::default();
        limits.set("depth", "1").unwrap();
        limits.set("nodes", "2000").unwrap();
        limits.set("movetime", "1000").unwrap();
        assert_eq!(
            limits.go_command([Duration::ZERO; 2]),
            "go movetime 1000 depth 1 nodes 2000"
        );
        assert_eq!(limits.to_string(), "movetime 1000 ms, depth 1, nodes 2000");
    }

    #[test]
    fn both_time_control_syntaxes_are_limits() {
        let mut a = Limits::default();
        a.set("tc", "5m+3s").unwrap();
        let mut b = Limits::default();
        b.set("tc", "300+3").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "tc 300+3");
    }

    #[test]
    fn bad_limits_are_refused() {
        let mut limits = Limits::default();
        assert_eq!(
            limits.set("depth", "0").unwrap_err().to_string(),
            "depth '0' is not a positive whole number"
        );
        assert!(limits.set("nodes", "-5").is_err());
        assert!(limits.set("movetime", "1.5").is_err());
        assert_eq!(
            limits.set("depth", "5000000000").unwrap_err().to_string(),
            "depth '5000000000' is too large"
        );
        assert_eq!(
            limits.set("tc", "0+1").unwrap_err().to_string(),
            "time control '0+1' gives no time"
        );
        assert_eq!(
            limits.set("threads", "1"),
            Err(LimitError::UnknownKey("threads".into()))
        );
        assert!(limits.is_empty());
    }

    #[test]
    fn the_time_allowed_is_the_shorter_bound_plus_the_margin() {
        let ms = Duration::from_millis;
        let mut limits = Limits::default();
        assert_eq!(limits.time_allowed(ms(5000), ms(200)), None);
        limits.set("movetime", "1000").unwrap();
        assert_eq!(limits.time_allowed(ms(5000), ms(200)), Some(ms(1200)));
        limits.set("tc", "10").unwrap();
        assert_eq!(limits.time_allowed(ms(5000), ms(200)), Some(ms(1200)));
        assert_eq!(limits.time_allowed(ms(500), ms(200)), Some(ms(700)));
        limits.movetime = None;
        assert_eq!(limits.time_allowed(ms(500), ms(50)), Some(ms(550)));
    }
}
