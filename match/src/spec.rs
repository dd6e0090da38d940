//! Engine specs: one engine of a match in one string, such as `joust`,
//! `"joust depth=1 name=shallow"` or `"fsf-uci threads=1 hash=64 tc=10+0.1"`.

use crate::limits::{LimitError, Limits};
use std::fmt;

/// Which program an engine spec names. The caller turns it into a
/// [`Launch`](crate::Launch): where Joust's binary or Debian's engines are is its
/// business.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// Joust's own binary, run as `joust uci`.
    Joust,
    /// `fsf-uci`: Fairy-Stockfish in WebAssembly with Joust's games loaded.
    FsfUci,
    /// Debian's `fairy-stockfish`.
    FairyStockfish,
    /// Debian's `stockfish`.
    Stockfish,
    /// Any other UCI engine, by path (run without arguments unless `arg=` gives some).
    Path(String),
}

impl Program {
    /// The name the spec gives it: `joust`, `fsf-uci`, `fairy-stockfish`, `stockfish`
    /// or the path.
    pub fn name(&self) -> &str {
        match self {
            Program::Joust => "joust",
            Program::FsfUci => "fsf-uci",
            Program::FairyStockfish => "fairy-stockfish",
            Program::Stockfish => "stockfish",
            Program::Path(p) => p,
        }
    }
}

/// The syntax of an engine spec, for `--help` and errors.
pub const SPEC_SYNTAX: &str = "ENGINE [key=value ...], where ENGINE is joust, fsf-uci, \
fairy-stockfish, stockfish or a path, and the keys are name=LABEL, threads=N (default 1), \
hash=MB, arg=WORD (an argument for an engine given by path, repeatable; e.g. arg=uci \
for another joust binary), tc=BASE+INC (10+0.1 in seconds, or 5m+3s), movetime=MS, depth=N, \
nodes=N (any limit here replaces the match's limits for this engine) and option.NAME=VALUE \
(any UCI option without spaces in its name)";

/// Why an engine spec could not be read. Every message but [`SpecError::Empty`]'s
/// quotes the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No words at all.
    Empty,
    /// A word after the program without `=`.
    NotKeyValue {
        /// The spec.
        spec: String,
        /// The word.
        word: String,
    },
    /// `key=` with nothing after it.
    NoValue {
        /// The spec.
        spec: String,
        /// The key.
        key: String,
    },
    /// `threads` or `hash` out of 1 to 1,048,576.
    NotPositive {
        /// The spec.
        spec: String,
        /// The key.
        key: &'static str,
        /// Its text.
        value: String,
    },
    /// `option.=VALUE`.
    OptionWithoutName {
        /// The spec.
        spec: String,
    },
    /// A limit that does not read.
    Limit {
        /// The spec.
        spec: String,
        /// What is wrong with it.
        error: LimitError,
    },
    /// A key that is neither a setting, a limit nor an option.
    UnknownKey {
        /// The spec.
        spec: String,
        /// The key.
        key: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Empty => write!(f, "empty engine spec; expected {SPEC_SYNTAX}"),
            SpecError::NotKeyValue { spec, word } => write!(
                f,
                "engine spec '{spec}': '{word}' is not key=value; expected {SPEC_SYNTAX}"
            ),
            SpecError::NoValue { spec, key } => {
                write!(f, "engine spec '{spec}': '{key}' has no value")
            }
            SpecError::NotPositive { spec, key, value } => write!(
                f,
                "engine spec '{spec}': {key} '{value}' is not a positive whole number"
            ),
            SpecError::OptionWithoutName { spec } => {
                write!(f, "engine spec '{spec}': option. needs a name")
            }
            SpecError::Limit { spec, error } => write!(f, "engine spec '{spec}': {error}"),
            SpecError::UnknownKey { spec, key } => write!(
                f,
                "engine spec '{spec}': unknown key '{key}'; expected {SPEC_SYNTAX}"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

/// One engine of a match as given on the command line.
///
/// ```
/// use joust_match::{EngineSpec, Program};
///
/// let spec = EngineSpec::parse("fsf-uci hash=64 tc=10+0.1 option.Skill_Level=3").unwrap();
/// assert_eq!(spec.program, Program::FsfUci);
/// assert_eq!(spec.hash, Some(64));
/// assert_eq!(spec.limits.to_string(), "tc 10+0.1");
/// assert_eq!(spec.options, [("Skill_Level".to_string(), "3".to_string())]);
/// assert!(EngineSpec::parse("joust colour=red").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program.
    pub program: Program,
    /// The name in reports and PGN (default: see [`EngineSpec::label`]).
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
    /// The spec's words, joined by single spaces.
    pub text: String,
}

impl EngineSpec {
    /// Reads a spec such as `joust`, `"joust depth=1"` or
    /// `"fsf-uci threads=1 hash=64 tc=10+0.1 option.Skill_Level=3"` (see [`SPEC_SYNTAX`]).
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let mut words = text.split_whitespace();
        let program = match words.next() {
            None => return Err(SpecError::Empty),
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
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        };
        let spec_text = || text.to_string();
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| SpecError::NotKeyValue {
                spec: spec_text(),
                word: word.to_string(),
            })?;
            if value.is_empty() {
                return Err(SpecError::NoValue {
                    spec: spec_text(),
                    key: key.to_string(),
                });
            }
            let small = |key: &'static str| -> Result<u32, SpecError> {
                match value.parse::<u32>() {
                    Ok(n) if (1..=1_048_576).contains(&n) => Ok(n),
                    _ => Err(SpecError::NotPositive {
                        spec: spec_text(),
                        key,
                        value: value.to_string(),
                    }),
                }
            };
            match key {
                "name" => spec.name = Some(value.to_string()),
                "threads" => spec.threads = small("threads")?,
                "hash" => spec.hash = Some(small("hash")?),
                "arg" => spec.args.push(value.to_string()),
                _ if Limits::KEYS.contains(&key) => {
                    spec.limits
                        .set(key, value)
                        .map_err(|error| SpecError::Limit {
                            spec: spec_text(),
                            error,
                        })?
                }
                _ => match key.strip_prefix("option.") {
                    Some("") => return Err(SpecError::OptionWithoutName { spec: spec_text() }),
                    Some(option) => spec.options.push((option.to_string(), value.to_string())),
                    None => {
                        return Err(SpecError::UnknownKey {
                            spec: spec_text(),
                            key: key.to_string(),
                        })
                    }
                },
            }
        }
        Ok(spec)
    }

    /// The name for reports before the engine is started: the spec's `name=`, else the
    /// program's name.
    pub fn label(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| self.program.name().to_string())
    }
}

/// The names of a match's two engines in reports and PGN: their labels; for two of the
/// same label their specs, when the specs differ (`joust`, `joust depth=1`), else the
/// label numbered (`joust #1`, `joust #2`).
pub fn pair_names(specs: &[EngineSpec; 2]) -> [String; 2] {
    let names = [specs[0].label(), specs[1].label()];
    if names[0] != names[1] {
        names
    } else if specs[0].text != specs[1].text {
        [specs[0].text.clone(), specs[1].text.clone()]
    } else {
        [format!("{} #1", names[0]), format!("{} #2", names[1])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_notation::TimeControl;

    #[test]
    fn engine_specs() {
        let spec = EngineSpec::parse("joust").unwrap();
        assert_eq!(spec.program, Program::Joust);
        assert_eq!(spec.threads, 1);
        assert!(spec.limits.is_empty());
        assert_eq!(spec.label(), "joust");

        let spec = EngineSpec::parse("  joust   depth=1 name=shallow ").unwrap();
        assert_eq!(spec.limits.depth, Some(1));
        assert_eq!(spec.name.as_deref(), Some("shallow"));
        assert_eq!(spec.label(), "shallow");
        assert_eq!(spec.text, "joust depth=1 name=shallow");

        let spec =
            EngineSpec::parse("fsf-uci threads=2 hash=64 tc=10+0.1 option.Skill_Level=3").unwrap();
        assert_eq!(spec.program, Program::FsfUci);
        assert_eq!(spec.threads, 2);
        assert_eq!(spec.hash, Some(64));
        assert_eq!(spec.limits.tc, Some(TimeControl::parse("10+0.1").unwrap()));
        assert_eq!(spec.options, [("Skill_Level".to_string(), "3".to_string())]);
        let spec = EngineSpec::parse("joust tc=1m+2s").unwrap();
        assert_eq!(spec.limits.tc, Some(TimeControl::parse("60+2").unwrap()));

        assert_eq!(
            EngineSpec::parse("/usr/games/stockfish").unwrap().program,
            Program::Path("/usr/games/stockfish".to_string())
        );
        let spec = EngineSpec::parse("/old/joust arg=uci").unwrap();
        assert_eq!(spec.args, ["uci"]);
        assert_eq!(spec.label(), "/old/joust");
        assert_eq!(
            EngineSpec::parse("fairy-stockfish").unwrap().program,
            Program::FairyStockfish
        );
    }

    #[test]
    fn bad_specs_say_why() {
        for (bad, why) in [
            ("", "empty engine spec; expected ENGINE [key=value ...]"),
            (
                "joust depth",
                "engine spec 'joust depth': 'depth' is not key=value",
            ),
            (
                "joust depth=",
                "engine spec 'joust depth=': 'depth' has no value",
            ),
            (
                "joust depth=0",
                "engine spec 'joust depth=0': depth '0' is not a positive whole number",
            ),
            (
                "joust threads=x",
                "engine spec 'joust threads=x': threads 'x' is not a positive whole number",
            ),
            (
                "joust colour=red",
                "engine spec 'joust colour=red': unknown key 'colour'",
            ),
            (
                "joust option.=1",
                "engine spec 'joust option.=1': option. needs a name",
            ),
            (
                "joust tc=abc",
                "engine spec 'joust tc=abc': 'abc' is not a duration",
            ),
        ] {
            let e = EngineSpec::parse(bad).unwrap_err().to_string();
            assert!(e.starts_with(why), "{bad}: {e}");
        }
    }

    #[test]
    fn names_of_a_pair() {
        let names = |a: &str, b: &str| {
            pair_names(&[EngineSpec::parse(a).unwrap(), EngineSpec::parse(b).unwrap()])
        };
        assert_eq!(names("joust", "fsf-uci"), ["joust", "fsf-uci"]);
        assert_eq!(names("joust", "joust"), ["joust #1", "joust #2"]);
        assert_eq!(names("joust", "joust  depth=2"), ["joust", "joust depth=2"]);
        assert_eq!(names("joust name=a", "joust name=b depth=2"), ["a", "b"]);
        assert_eq!(
            names("joust name=x", "fsf-uci name=x"),
            ["joust name=x", "fsf-uci name=x"]
        );
    }
}
