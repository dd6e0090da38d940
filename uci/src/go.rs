//! The words of a `go` command, read into limits. Nothing here fails: a value out of
//! range is clamped into it, a value that is no number is ignored, an unknown word is
//! ignored, and each such case leaves a [`GoNote`] for an `info string`.

use joust_search::Limits;
use std::fmt;
use std::time::Duration;

/// The deepest `depth` taken (the search itself stops a few plies deeper than this).
pub const MAX_DEPTH: u32 = 100;
/// The longest time taken for `movetime`, `wtime`, `btime`, `winc` and `binc`, in
/// milliseconds (about 31 years: far beyond any clock, and no sum of them overflows).
pub const MAX_MS: u64 = 1_000_000_000_000;
/// The largest `movestogo` taken.
pub const MAX_MOVES_TO_GO: u32 = 1_000;
/// The longest mate looked for by `mate` (in moves).
pub const MAX_MATE: u32 = 50;
/// The deepest `perft` counted: beyond it, counts take days in every game.
pub const MAX_PERFT: u32 = 10;

/// What a `go` command asked for. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth`: the deepest iteration, 1 to [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// `nodes`: the most nodes (0 still completes depth 1).
    pub nodes: Option<u64>,
    /// `movetime`: the time for this move (0 still completes depth 1).
    pub movetime: Option<u64>,
    /// `wtime`: White's clock.
    pub wtime: Option<u64>,
    /// `btime`: Black's clock.
    pub btime: Option<u64>,
    /// `winc`: White's increment per move.
    pub winc: Option<u64>,
    /// `binc`: Black's increment per move.
    pub binc: Option<u64>,
    /// `movestogo`: moves to the next time control, 1 to [`MAX_MOVES_TO_GO`].
    pub movestogo: Option<u32>,
    /// `mate`: stop at a proven mate in at most this many moves, 1 to [`MAX_MATE`].
    pub mate: Option<u32>,
    /// `perft`: count the move sequences of this length instead of searching.
    pub perft: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves`: the root moves to choose from, as given (checked against the
    /// position when the search starts).
    pub searchmoves: Vec<String>,
    /// True for a `go` with no word at all, which searches until `stop` as in Stockfish.
    pub bare: bool,
    /// What was clamped or ignored, in the order met.
    pub notes: Vec<GoNote>,
}

/// Something in a `go` command that was not taken as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoNote {
    /// A limit without its number (the limit's word).
    NoNumber(&'static str),
    /// A limit whose value is no whole number (the word, the value): the limit is ignored.
    NotANumber(&'static str, String),
    /// A value out of range (the word, the value given, the value used).
    Clamped(&'static str, String, u64),
    /// A word that is no part of `go` (the word): ignored.
    Unknown(String),
}

impl fmt::Display for GoNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoNote::NoNumber(word) => write!(f, "'{word}' needs a number"),
            GoNote::NotANumber(word, value) => {
                write!(f, "'{word} {value}' is not a whole number, ignored")
            }
            GoNote::Clamped(word, given, used) => write!(f, "{word} {given} taken as {used}"),
            GoNote::Unknown(word) => write!(f, "'{word}' ignored"),
        }
    }
}

/// The words of `go` that take a number.
const NUMBERED: [&str; 10] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "perft",
];

/// Every word that `go` knows.
fn is_keyword(word: &str) -> bool {
    NUMBERED.contains(&word) || matches!(word, "infinite" | "ponder" | "searchmoves")
}

/// A whole number, saturated to `i64`'s range when it has too many digits.
fn whole_number(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i64, |n, b| {
        n.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

impl Go {
    /// Reads the words after `go`.
    pub fn parse(words: &[&str]) -> Go {
        let mut go = Go {
            bare: words.is_empty(),
            ..Go::default()
        };
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            i += 1;
            match word {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    while i < words.len() && !is_keyword(words[i]) {
                        go.searchmoves.push(words[i].to_string());
                        i += 1;
                    }
                }
                _ => match NUMBERED.iter().find(|k| **k == word) {
                    Some(&keyword) => {
                        // A missing value must not swallow the next limit's word.
                        match words.get(i).filter(|w| !is_keyword(w)) {
                            Some(value) => {
                                i += 1;
                                go.set(keyword, value);
                            }
                            None => go.notes.push(GoNote::NoNumber(keyword)),
                        }
                    }
                    None => go.notes.push(GoNote::Unknown(word.to_string())),
                },
            }
        }
        go
    }

    /// Sets limit `keyword` from its value text, clamped into its range.
    fn set(&mut self, keyword: &'static str, text: &str) {
        let Some(n) = whole_number(text) else {
            self.notes
                .push(GoNote::NotANumber(keyword, text.to_string()));
            return;
        };
        let (low, high): (i64, i64) = match keyword {
            "depth" => (1, MAX_DEPTH.into()),
            "nodes" => (0, i64::MAX),
            "movestogo" => (1, MAX_MOVES_TO_GO.into()),
            "mate" => (1, MAX_MATE.into()),
            "perft" => (0, MAX_PERFT.into()),
            _ => (0, MAX_MS as i64),
        };
        let used = n.clamp(low, high);
        if used != n {
            self.notes
                .push(GoNote::Clamped(keyword, text.to_string(), used as u64));
        }
        let ms = Some(used as u64);
        let small = Some(used as u32);
        match keyword {
            "depth" => self.depth = small,
            "nodes" => self.nodes = ms,
            "movetime" => self.movetime = ms,
            "wtime" => self.wtime = ms,
            "btime" => self.btime = ms,
            "winc" => self.winc = ms,
            "binc" => self.binc = ms,
            "movestogo" => self.movestogo = small,
            "mate" => self.mate = small,
            _ => self.perft = small,
        }
    }

    /// True if the search has a limit of its own: `depth`, `nodes`, `movetime`, or a
    /// clock (`wtime` or `btime`: a side whose clock is not given has 0 ms, as in
    /// Stockfish). `mate` alone is no limit: a position without a mate would be searched
    /// forever.
    pub fn is_bounded(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.wtime.is_some()
            || self.btime.is_some()
    }

    /// True if `bestmove` must wait for `stop`: `go infinite`, or a bare `go`.
    pub fn until_stop(&self) -> bool {
        self.infinite || self.bare
    }

    /// The time limits of this `go` for the side to move (`white` or not): `movetime` as
    /// it is (as in Stockfish), else a share of that side's clock (a side whose clock is
    /// not given has none left) with `overhead` (the `Move Overhead` option: the time the
    /// GUI and the line lose per move) taken off both its limits, leaving at least a
    /// millisecond; `None` if neither is given.
    pub fn time_limits(&self, white: bool, overhead: Duration) -> Option<Limits> {
        if let Some(ms) = self.movetime {
            return Some(Limits {
                time: Some(Duration::from_millis(ms)),
                ..Limits::default()
            });
        }
        if self.wtime.is_none() && self.btime.is_none() {
            return None;
        }
        let (left, inc) = if white {
            (self.wtime, self.winc)
        } else {
            (self.btime, self.binc)
        };
        let mut limits = Limits::default().with_clock(
            Duration::from_millis(left.unwrap_or(0)),
            Duration::from_millis(inc.unwrap_or(0)),
            self.movestogo,
        );
        let less = |t: Option<Duration>| {
            t.map(|t| t.saturating_sub(overhead).max(Duration::from_millis(1)))
        };
        limits.time = less(limits.time);
        limits.soft_time = less(limits.soft_time);
        Some(limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        let words: Vec<&str> = line.split_whitespace().collect();
        Go::parse(&words)
    }

    #[test]
    fn every_limit_is_read() {
        let g = go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 300 movetime 50 mate 3");
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc, g.movestogo),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5))
        );
        assert_eq!(
            (g.depth, g.nodes, g.movetime, g.mate),
            (Some(7), Some(300), Some(50), Some(3))
        );
        assert!(g.notes.is_empty() && g.is_bounded() && !g.until_stop() && !g.bare);
        assert_eq!(go("perft 4").perft, Some(4));
    }

    #[test]
    fn negative_and_zero_values_are_clamped() {
        let g = go("wtime -100 btime -100 movetime -5 depth -1 nodes -3 mate 0");
        assert_eq!((g.wtime, g.btime, g.movetime), (Some(0), Some(0), Some(0)));
        assert_eq!((g.depth, g.nodes, g.mate), (Some(1), Some(0), Some(1)));
        assert_eq!(g.notes[0], GoNote::Clamped("wtime", "-100".into(), 0));
        assert_eq!(g.notes[0].to_string(), "wtime -100 taken as 0");
        assert_eq!(g.notes.len(), 6);
        let g = go("depth 0 nodes 0 movetime 0");
        assert_eq!((g.depth, g.nodes, g.movetime), (Some(1), Some(0), Some(0)));
        assert_eq!(g.notes, vec![GoNote::Clamped("depth", "0".into(), 1)]);
    }

    #[test]
    fn absurd_values_are_clamped() {
        let g = go("depth 100000 movetime 99999999999999999999999 perft 99 movestogo 0");
        assert_eq!(g.depth, Some(MAX_DEPTH));
        assert_eq!(g.movetime, Some(MAX_MS));
        assert_eq!(g.perft, Some(MAX_PERFT));
        assert_eq!(g.movestogo, Some(1));
        assert_eq!(g.notes.len(), 4);
    }

    #[test]
    fn values_that_are_no_numbers_are_ignored_with_a_note() {
        let g = go("depth abc movetime 1e3 nodes 5.5 wtime +7");
        assert_eq!((g.depth, g.movetime, g.nodes), (None, None, None));
        assert_eq!(g.wtime, Some(7));
        assert_eq!(g.notes[0], GoNote::NotANumber("depth", "abc".into()));
        assert_eq!(
            g.notes[0].to_string(),
            "'depth abc' is not a whole number, ignored"
        );
        assert_eq!(g.notes.len(), 3);
    }

    #[test]
    fn a_missing_value_does_not_swallow_the_next_word() {
        let g = go("depth infinite movetime");
        assert!(g.infinite);
        assert_eq!(g.depth, None);
        assert_eq!(
            g.notes,
            vec![GoNote::NoNumber("depth"), GoNote::NoNumber("movetime")]
        );
        assert_eq!(g.notes[0].to_string(), "'depth' needs a number");
    }

    #[test]
    fn unknown_words_are_noted() {
        let g = go("fast depth 2 please");
        assert_eq!(g.depth, Some(2));
        assert_eq!(
            g.notes,
            vec![
                GoNote::Unknown("fast".into()),
                GoNote::Unknown("please".into())
            ]
        );
    }

    #[test]
    fn searchmoves_run_to_the_next_keyword() {
        let g = go("searchmoves e2e4 d2d4 zz depth 3 searchmoves g1f3");
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4", "zz", "g1f3"]);
        assert_eq!(g.depth, Some(3));
        assert!(go("searchmoves").searchmoves.is_empty());
    }

    #[test]
    fn what_bounds_a_search() {
        assert!(go("").bare && go("").until_stop() && !go("").is_bounded());
        assert!(go("infinite").until_stop() && !go("infinite").bare);
        assert!(!go("ponder").until_stop());
        assert!(!go("mate 2").is_bounded());
        assert!(!go("winc 100 movestogo 3").is_bounded());
        assert!(!go("depth x").is_bounded());
        for bounded in ["depth 1", "nodes 0", "movetime 0", "wtime 0", "btime 5"] {
            assert!(go(bounded).is_bounded(), "{bounded}");
        }
    }

    #[test]
    fn the_move_overhead_comes_off_the_clock_budget_but_not_movetime() {
        let ms = |d: Option<Duration>| d.unwrap().as_millis() as u64;
        let none = Duration::ZERO;
        let g = go("wtime 60000 btime 30000 winc 1000 binc 500");
        let (white, black) = (
            g.time_limits(true, none).unwrap(),
            g.time_limits(false, none).unwrap(),
        );
        assert!(
            ms(white.time) > ms(black.time),
            "each side plans on its own clock"
        );
        let less = g.time_limits(true, Duration::from_millis(300)).unwrap();
        assert_eq!(ms(less.time), ms(white.time) - 300);
        assert_eq!(ms(less.soft_time), ms(white.soft_time) - 300);
        // An overhead larger than the budget leaves a millisecond, never nothing.
        let all = g.time_limits(true, Duration::from_secs(3600)).unwrap();
        assert_eq!((ms(all.time), ms(all.soft_time)), (1, 1));
        // `movetime` is the GUI's own budget, taken as it is.
        let fixed = go("movetime 500 wtime 60000").time_limits(true, Duration::from_millis(300));
        assert_eq!(fixed.unwrap().time, Some(Duration::from_millis(500)));
        assert!(go("depth 5").time_limits(true, none).is_none());
    }
}
