//! What `cargo xtask match` is told on its command line: engine specs such as
//! `"joust depth=1"` and search limits such as `--tc 10+0.1`.

use std::fmt;
use std::time::Duration;

/// A time control for a whole game: `base` on each clock, `increment` added after each
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added to the mover's clock after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `BASE[+INC]` in seconds, e.g. `10+0.1`, `60`, `0.5+0.01`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (text, None),
        };
        let seconds = |s: &str| -> Result<Duration, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("time control '{text}': '{s}' is not a number of seconds"))?;
            if !v.is_finite() || !(0.0..=86_400.0).contains(&v) {
                return Err(format!(
                    "time control '{text}': '{s}' is not between 0 and 86400 seconds"
                ));
            }
            Ok(Duration::from_secs_f64(v))
        };
        let base = seconds(base)?;
        let increment = match inc {
            Some(i) => seconds(i)?,
            None => Duration::ZERO,
        };
        if base.is_zero() {
            return Err(format!(
                "time control '{text}': the base time must be positive"
            ));
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// How long an engine may think: any combination of a game clock, a fixed time per move,
/// a depth and a node count (the engine stops at whichever comes first).
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
    /// True if no limit is set.
    pub fn is_empty(&self) -> bool {
        *self == Limits::default()
    }

    /// Sets one limit from `key=value` text (`tc`, `movetime`, `depth`, `nodes`); `None`
    /// if `key` is not a limit.
    pub fn set(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let number = |what: &str| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!("{what} '{value}' is not a positive whole number")),
            }
        };
        Some(match key {
            "tc" => TimeControl::parse(value).map(|tc| self.tc = Some(tc)),
            "movetime" => number("movetime").map(|n| self.movetime = Some(n)),
            "depth" => number("depth").and_then(|n| {
                u32::try_from(n)
                    .map(|d| self.depth = Some(d))
                    .map_err(|_| format!("depth '{value}' is too large"))
            }),
            "nodes" => number("nodes").map(|n| self.nodes = Some(n)),
            _ => return None,
        })
    }

    /// The limits as `go` arguments, with the clocks `[white, black]` left now.
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

/// Which program an engine spec names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// The workspace's own `joust` release binary, run as `joust uci`.
    Joust,
    /// `xtask/fsf-uci/fsf-uci`.
    FsfUci,
    /// Debian's `/usr/games/fairy-stockfish`.
    FairyStockfish,
    /// Debian's `/usr/games/stockfish`.
    Stockfish,
    /// Any other UCI engine, by path (run without arguments).
    Path(String),
}

/// One engine of a match as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program.
    pub program: Program,
    /// The name in reports and PGN (default: the engine's `id name`).
    pub name: Option<String>,
    /// `Threads` (set when the engine has the option; default 1).
    pub threads: u32,
    /// `Hash` in MB, if given.
    pub hash: Option<u32>,
    /// Limits of this engine; when empty the match's limits apply.
    pub limits: Limits,
    /// Further `setoption` pairs, in order.
    pub options: Vec<(String, String)>,
    /// Command-line arguments of a program given by path.
    pub args: Vec<String>,
}

/// The syntax of an engine spec, for `--help` and errors.
pub const SPEC_SYNTAX: &str = "ENGINE [key=value ...], where ENGINE is joust, fsf-uci, \
fairy-stockfish, stockfish or a path, and the keys are name=LABEL, threads=N (default 1), \
hash=MB, arg=WORD (an argument for an engine given by path, repeatable; e.g. arg=uci \
for another joust binary), tc=BASE+INC, movetime=MS, depth=N, nodes=N (any limit here replaces the match's \
limits for this engine) and option.NAME=VALUE (any UCI option without spaces in its name)";

impl EngineSpec {
    /// Reads a spec such as `joust`, `"joust depth=1"` or
    /// `"fsf-uci threads=1 hash=64 tc=10+0.1 option.Skill_Level=3"`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut words = text.split_whitespace();
        let program = match words.next() {
            None => return Err(format!("empty engine spec; expected {SPEC_SYNTAX}")),
            Some("joust") => Program::Joust,
            Some("fsf-uci") => Program::FsfUci,
            Some("fairy-stockfish") => Program::FairyStockfish,
            Some("stockfish") => Program::Stockfish,
            Some(path) => Program::Path(path.to_string()),
        };
        let mut spec = EngineSpec {
            program,
            name: None,
            threads: 1,
            hash: None,
            limits: Limits::default(),
            options: Vec::new(),
            args: Vec::new(),
        };
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                format!("engine spec '{text}': '{word}' is not key=value; expected {SPEC_SYNTAX}")
            })?;
            if value.is_empty() {
                return Err(format!("engine spec '{text}': '{key}' has no value"));
            }
            let small = |what: &str| -> Result<u32, String> {
                match value.parse::<u32>() {
                    Ok(n) if (1..=1_048_576).contains(&n) => Ok(n),
                    _ => Err(format!(
                        "engine spec '{text}': {what} '{value}' is not a positive whole number"
                    )),
                }
            };
            match key {
                "name" => spec.name = Some(value.to_string()),
                "threads" => spec.threads = small("threads")?,
                "hash" => spec.hash = Some(small("hash")?),
                "arg" => spec.args.push(value.to_string()),
                _ => {
                    if let Some(option) = key.strip_prefix("option.") {
                        if option.is_empty() {
                            return Err(format!("engine spec '{text}': option. needs a name"));
                        }
                        spec.options.push((option.to_string(), value.to_string()));
                    } else {
                        match spec.limits.set(key, value) {
                            Some(result) => {
                                result.map_err(|e| format!("engine spec '{text}': {e}"))?
                            }
                            None => {
                                return Err(format!(
                                "engine spec '{text}': unknown key '{key}'; expected {SPEC_SYNTAX}"
                            ))
                            }
                        }
                    }
                }
            }
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        let tc = TimeControl::parse("2.5").unwrap();
        assert_eq!(tc.base, Duration::from_millis(2500));
        assert_eq!(tc.increment, Duration::ZERO);
        for bad in [
            "", "+1", "x+1", "10+y", "-1+0", "0+1", "1e9", "nan", "10+0.1+2",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn go_commands() {
        let mut limits = Limits::default();
        assert!(limits.is_empty());
        assert_eq!(limits.set("tc", "10+0.1"), Some(Ok(())));
        assert_eq!(
            limits.go_command([Duration::from_millis(9_500), Duration::from_secs(10)]),
            "go wtime 9500 btime 10000 winc 100 binc 100"
        );
        let mut limits = Limits::default();
        limits.set("depth", "1").unwrap().unwrap();
        limits.set("nodes", "2000").unwrap().unwrap();
        limits.set("movetime", "1000").unwrap().unwrap();
        assert_eq!(
            limits.go_command([Duration::ZERO; 2]),
            "go movetime 1000 depth 1 nodes 2000"
        );
        assert_eq!(limits.to_string(), "movetime 1000 ms, depth 1, nodes 2000");
        assert!(limits.set("depth", "0").unwrap().is_err());
        assert!(limits.set("nodes", "-5").unwrap().is_err());
        assert!(limits.set("threads", "1").is_none());
    }

    #[test]
    fn engine_specs() {
        let spec = EngineSpec::parse("joust").unwrap();
        assert_eq!(spec.program, Program::Joust);
        assert_eq!(spec.threads, 1);
        assert!(spec.limits.is_empty());

        let spec = EngineSpec::parse("  joust   depth=1 name=shallow ").unwrap();
        assert_eq!(spec.limits.depth, Some(1));
        assert_eq!(spec.name.as_deref(), Some("shallow"));

        let spec =
            EngineSpec::parse("fsf-uci threads=2 hash=64 tc=10+0.1 option.Skill_Level=3").unwrap();
        assert_eq!(spec.program, Program::FsfUci);
        assert_eq!(spec.threads, 2);
        assert_eq!(spec.hash, Some(64));
        assert_eq!(spec.limits.tc, Some(TimeControl::parse("10+0.1").unwrap()));
        assert_eq!(spec.options, [("Skill_Level".to_string(), "3".to_string())]);

        assert_eq!(
            EngineSpec::parse("/usr/games/stockfish").unwrap().program,
            Program::Path("/usr/games/stockfish".to_string())
        );
        let spec = EngineSpec::parse("/old/joust arg=uci").unwrap();
        assert_eq!(spec.args, ["uci"]);
        assert_eq!(
            EngineSpec::parse("fairy-stockfish").unwrap().program,
            Program::FairyStockfish
        );
        for bad in [
            "",
            "joust depth",
            "joust depth=",
            "joust depth=0",
            "joust threads=x",
            "joust colour=red",
            "joust option.=1",
            "joust tc=abc",
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
