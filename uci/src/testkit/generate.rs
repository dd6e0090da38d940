//! Random UCI sessions built from a source of choices (fuzz bytes or a seeded generator):
//! real commands in every form, good and bad, with `go` limits kept small so a session
//! ends quickly, mixed with junk words and bytes. Each step carries what the engine
//! should do with it, from a model of the engine's state that the generator keeps.

use super::choices::Choices;
use super::session::Step;
use crate::board::Board;
use crate::Settings;
use joust_core::{variants, Variant};
use joust_search::Weights;
use std::fmt;
use std::time::Duration;

/// When a search may answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// When its limits are reached.
    No,
    /// Only after a command that stops it (`go infinite`, bare `go`).
    ForStop,
    /// Only after `ponderhit` or a command that stops it (`go ponder`).
    ForPonderhit,
}

/// Which `bestmove` a search may give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// Any well-formed move (the position is not known to the model).
    Any,
    /// `0000`: no position, or no legal move.
    NoMove,
    /// One of these moves.
    OneOf(Vec<String>),
}

/// What one step should do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    /// A `go` that must be answered by one `bestmove`: when, and which.
    pub search: Option<(Wait, Allowed)>,
    /// The step stops a running search (any `go`, `position`, `setoption name ...`,
    /// `ucinewgame`, `stop`, `quit`).
    pub stops: bool,
    /// The step is `ponderhit`.
    pub ponderhit: bool,
}

impl Expect {
    pub(super) const NOTHING: Expect = Expect {
        search: None,
        stops: false,
        ponderhit: false,
    };
    pub(super) const STOPS: Expect = Expect {
        search: None,
        stops: true,
        ponderhit: false,
    };
}

/// A session to play and what each of its steps should do.
#[derive(Clone, Debug)]
pub struct Script {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// What each step should do (same length as `steps`).
    pub expects: Vec<Expect>,
    /// The settings to run the session with.
    pub settings: Settings,
    /// How long the session may take at most: past this it hangs.
    pub limit: Duration,
    /// True if the session ends with `quit` (else with the end of its input).
    pub quits: bool,
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            match step {
                Step::Line(bytes) => {
                    writeln!(f, "{}", String::from_utf8_lossy(bytes).escape_debug())?
                }
                Step::Raw(bytes) => writeln!(f, "(raw) {bytes:?}")?,
                Step::Pause(d) => writeln!(f, "(pause {} ms)", d.as_millis())?,
                Step::Await(prefix, n, _) => writeln!(f, "(await {n} x '{prefix}')")?,
            }
        }
        Ok(())
    }
}

/// What the generator knows of the engine's position.
pub(super) enum Known {
    /// This position.
    Board(Box<Board>),
    /// None: the last `position` was refused.
    Nothing,
    /// Something the model does not follow (a `position` with a random word that may
    /// or may not be a legal move).
    Unknown,
}

/// The fallback time of generated sessions (the engine's default is far longer).
pub const FALLBACK: Duration = Duration::from_millis(30);
/// How long a session may take beyond its pauses and search times.
const SLACK: Duration = Duration::from_secs(10);
/// How long a search with a small depth or node limit may take at most.
pub(super) const SEARCH_ALLOWANCE: Duration = Duration::from_secs(2);
/// How long any command may take (a new evaluation for an option, a new table).
const LINE_ALLOWANCE: Duration = Duration::from_secs(1);
/// How long `eval` may take (Musketeer's breakdown during its setup takes most of a
/// second in a release build, many in a debug build with a sanitizer).
const EVAL_ALLOWANCE: Duration = Duration::from_secs(30);

/// The commands a junk line must not start with: they could ask for a long search or
/// a large table, which the generator gives only in bounded forms.
const COMMANDS: [&str; 12] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "eval",
];

/// Words for junk lines and junk inside commands (never a `go` keyword).
const JUNK: [&str; 14] = [
    "hello",
    "fast",
    "",
    "-",
    "0",
    "-7",
    "99999999999999999999",
    "e2e4",
    "moves",
    "name",
    "value",
    "M\u{fc}ller",
    "\u{fffd}",
    "x\ty",
];

pub(super) struct Generator<'c, C: Choices> {
    pub(super) choices: &'c mut C,
    pub(super) variant: &'static Variant,
    pub(super) known: Known,
    steps: Vec<Step>,
    expects: Vec<Expect>,
    /// `go` commands that must be answered by a `bestmove`, so far.
    searches: usize,
    /// A search waits for `stop` (or `ponderhit`, if `Wait::ForPonderhit`).
    waiting: Wait,
    pub(super) limit: Duration,
}

/// A random session; with `variant`, it starts by choosing that game.
pub fn generate(choices: &mut impl Choices, variant: Option<&'static Variant>) -> Script {
    let mut g = Generator {
        choices,
        variant: variants::chess(),
        known: Known::Board(Box::new(Board::start(variants::chess()))),
        steps: Vec::new(),
        expects: Vec::new(),
        searches: 0,
        waiting: Wait::No,
        limit: SLACK,
    };
    if let Some(v) = variant {
        g.send(
            &format!("setoption name UCI_Variant value {}", v.id),
            Expect::STOPS,
        );
        g.variant = v;
        g.known = Known::Board(Box::new(Board::start(v)));
    }
    let length = 1 + g.choices.below(24);
    let mut quits = false;
    for _ in 0..length {
        if g.choices.exhausted() {
            break;
        }
        if g.step() {
            quits = true;
            break;
        }
    }
    Script {
        steps: g.steps,
        expects: g.expects,
        settings: Settings {
            fallback_time: FALLBACK,
        },
        limit: g.limit,
        quits,
    }
}

impl<C: Choices> Generator<'_, C> {
    pub(super) fn send(&mut self, line: &str, expect: Expect) {
        self.send_bytes(line.as_bytes().to_vec(), expect);
    }

    fn send_bytes(&mut self, bytes: Vec<u8>, expect: Expect) {
        if expect.stops {
            self.waiting = Wait::No;
        }
        if expect.ponderhit && self.waiting == Wait::ForPonderhit {
            self.waiting = Wait::No;
        }
        if let Some((wait, _)) = &expect.search {
            self.searches += 1;
            self.waiting = *wait;
        }
        self.limit += if bytes == b"eval" {
            EVAL_ALLOWANCE
        } else {
            LINE_ALLOWANCE
        };
        self.steps.push(Step::Line(bytes));
        self.expects.push(expect);
    }

    fn other(&mut self, step: Step) {
        if let Step::Pause(d) | Step::Await(_, _, d) = &step {
            self.limit += *d;
        }
        self.steps.push(step);
        self.expects.push(Expect::NOTHING);
    }

    /// One random step; true if it was `quit`.
    fn step(&mut self) -> bool {
        match self.choices.below(100) {
            0..=4 => self.send("uci", Expect::NOTHING),
            5..=11 => {
                self.send("isready", Expect::NOTHING);
                if self.choices.one_in(2) {
                    let n = self.count_sent("isready");
                    self.other(Step::Await("readyok".into(), n, Duration::from_secs(2)));
                }
            }
            12..=15 => {
                self.send("ucinewgame", Expect::STOPS);
                self.known = Known::Board(Box::new(Board::start(self.variant)));
            }
            16..=29 => self.set_option(),
            30..=47 => self.position(),
            48..=69 => self.go(),
            70..=74 => self.send("stop", Expect::STOPS),
            75..=78 => self.send(
                "ponderhit",
                Expect {
                    ponderhit: true,
                    ..Expect::NOTHING
                },
            ),
            // Rare: the breakdown takes seconds in some games.
            79 => self.send("eval", Expect::NOTHING),
            80 => self.send("uci", Expect::NOTHING),
            81..=82 => {
                let line =
                    *self
                        .choices
                        .pick(&["debug on", "debug off", "register later", "debug"]);
                self.send(line, Expect::NOTHING);
            }
            83 => {
                self.send("quit", Expect::STOPS);
                return true;
            }
            84..=88 => self.junk_words(),
            89..=92 => self.junk_bytes(),
            93..=96 => {
                let ms = self.choices.below(16) as u64;
                self.other(Step::Pause(Duration::from_millis(ms)));
            }
            _ => {
                if self.waiting == Wait::No && self.searches > 0 {
                    let n = self.searches;
                    self.other(Step::Await("bestmove".into(), n, Duration::from_secs(5)));
                }
            }
        }
        false
    }

    /// How many lines sent so far were exactly `line`.
    fn count_sent(&self, line: &str) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Line(b) if b == line.as_bytes()))
            .count()
    }

    /// A junk word from the list or random letters.
    pub(super) fn junk_word(&mut self) -> String {
        if self.choices.one_in(3) {
            let n = 1 + self.choices.below(8);
            (0..n)
                .map(|_| (b'a' + self.choices.below(26) as u8) as char)
                .collect()
        } else {
            self.choices.pick(&JUNK).to_string()
        }
    }

    /// A line must not start with a command word (see [`COMMANDS`]).
    fn defused(mut bytes: Vec<u8>) -> Vec<u8> {
        for b in bytes.iter_mut() {
            if *b == b'\n' {
                *b = b' ';
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let first = text.split_whitespace().next().unwrap_or("");
        if COMMANDS.contains(&first) {
            bytes.insert(0, b'x');
        }
        bytes
    }

    fn junk_words(&mut self) {
        let n = 1 + self.choices.below(5);
        let words: Vec<String> = (0..n).map(|_| self.junk_word()).collect();
        let line = Self::defused(words.join(" ").into_bytes());
        self.send_bytes(line, Expect::NOTHING);
    }

    fn junk_bytes(&mut self) {
        let n = self.choices.below(40);
        let bytes: Vec<u8> = (0..n).map(|_| self.choices.byte()).collect();
        let line = Self::defused(bytes);
        self.send_bytes(line, Expect::NOTHING);
    }

    fn set_option(&mut self) {
        let c = &mut *self.choices;
        let line = match c.below(12) {
            0 | 1 => {
                let v = *c.pick(variants::all());
                self.variant = v;
                self.known = Known::Board(Box::new(Board::start(v)));
                let id = if c.one_in(2) {
                    v.id.to_uppercase()
                } else {
                    v.id.to_string()
                };
                format!("setoption name UCI_Variant value {id}")
            }
            2 => {
                let word = self.junk_word();
                // Letters could spell a game's id by chance.
                if let Ok(v) = variants::by_id(&word) {
                    self.variant = v;
                    self.known = Known::Board(Box::new(Board::start(v)));
                }
                format!("setoption name UCI_Variant value {word}")
            }
            3 => {
                let mb = *c.pick(&["1", "2", "16", "0", "-1", "99999", "lots", ""]);
                format!("setoption name Hash value {mb}")
            }
            4 => {
                let n = *c.pick(&["1", "2", "0", "65", "x"]);
                format!("setoption name Threads value {n}")
            }
            5 => {
                let n = *c.pick(&["1", "2", "3", "4", "0", "257", "y"]);
                format!("setoption name MultiPV value {n}")
            }
            6 => format!("setoption name PieceValues value {}", self.piece_values()),
            7 => format!("setoption name EvalWeights value {}", self.weights()),
            8 => {
                let v = *c.pick(&["true", "false", "maybe"]);
                format!("setoption name Ponder value {v}")
            }
            9 => format!(
                "setoption name UCI_Opponent value none 2800 computer {}",
                self.junk_word()
            ),
            10 => {
                // No name: refused without stopping anything.
                let line = format!("setoption {}", self.junk_word());
                let line = if line.split_whitespace().nth(1) == Some("name") {
                    "setoption".to_string()
                } else {
                    line
                };
                return self.send(&line, Expect::NOTHING);
            }
            _ => format!(
                "setoption name {} value {}",
                self.junk_word(),
                self.junk_word()
            ),
        };
        self.send(&line, Expect::STOPS);
    }

    fn piece_values(&mut self) -> String {
        if self.choices.one_in(4) {
            return ["<empty>", "L300", "N=-1", "NB=3", "P=x"][self.choices.below(5)].to_string();
        }
        let n = 1 + self.choices.below(4);
        let items: Vec<String> = (0..n)
            .map(|_| {
                let letter = *self
                    .choices
                    .pick(&['P', 'N', 'B', 'R', 'Q', 'K', 'L', 'J', 'z']);
                let value = self.choices.range(0, 5000);
                format!("{letter}={value}")
            })
            .collect();
        items.join(if self.choices.one_in(2) { " " } else { "," })
    }

    fn weights(&mut self) -> String {
        if self.choices.one_in(4) {
            return ["<empty>", "no_such=3", "tempo=99999", "tempo"][self.choices.below(4)]
                .to_string();
        }
        let mut w = Weights::default();
        let names: Vec<&'static str> = w.fields_mut().into_iter().map(|(name, _)| name).collect();
        let n = 1 + self.choices.below(4);
        let items: Vec<String> = (0..n)
            .map(|_| {
                let name = *self.choices.pick(&names);
                let value = match self.choices.below(3) {
                    0 => self.choices.range(-5000, 5000),
                    1 => *self.choices.pick(&[-5000, 5000]),
                    _ => self.choices.range(-50, 50),
                };
                format!("{name}={value}")
            })
            .collect();
        items.join(" ")
    }
}
