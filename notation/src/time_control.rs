//! How time controls are written: `5m+3s` as people type them, `10+0.1` as engine testers
//! and PGN's `TimeControl` tag do (seconds), and durations such as `90s` or `1m30s`.
//!
//! One type serves the command line's game clock (`joust play --time 5m+3s`) and the
//! match runner (`cargo xtask match --tc 10+0.1`): both syntaxes read into the same
//! [`TimeControl`], and it is written back one way, in seconds (`300+3`), the form of the
//! PGN tag. Controls by moves per period (`40/60`) are not supported.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest duration read, in seconds (about 115 days): beyond it a number is surely a
/// slip, and `Duration` arithmetic stays far from overflow.
const MAX_SECONDS: f64 = 1e7;

/// What is wrong with a duration's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DurationProblem {
    /// Nothing was given.
    Empty,
    /// Negative, not finite, or above 10,000,000 seconds (about 115 days).
    OutOfRange,
    /// A number was followed by nothing where a unit was needed (`5m3`).
    NeedsUnit,
    /// A unit came where a number was expected (`m`, `s5`).
    ExpectedNumber,
    /// Digits and dots that make no number (`1.2.3s`).
    BadNumber,
    /// A unit other than `h`, `m`, `min`, `s` or `ms`.
    UnknownUnit,
}

impl fmt::Display for DurationProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DurationProblem::Empty => "empty",
            DurationProblem::OutOfRange => "out of range",
            DurationProblem::NeedsUnit => "a number needs a unit",
            DurationProblem::ExpectedNumber => "expected a number",
            DurationProblem::BadNumber => "bad number",
            DurationProblem::UnknownUnit => "units are h, m, s and ms",
        })
    }
}

/// Why a duration or a time control could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// `text` (a whole duration, or one side of a control's `+`) is not a duration.
    NotADuration {
        /// The text read.
        text: String,
        /// What is wrong with it.
        problem: DurationProblem,
    },
    /// The control `text` starts each side with no time.
    NoTime {
        /// The control as given.
        text: String,
    },
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::NotADuration { text, problem } => write!(
                f,
                "'{text}' is not a duration ({problem}; e.g. 90s, 10m, 1m30s)"
            ),
            TimeControlError::NoTime { text } => {
                write!(f, "time control '{text}' gives no time")
            }
        }
    }
}

impl std::error::Error for TimeControlError {}

/// Reads a duration made of `<number><unit>` parts, units `h`, `m` (or `min`), `s` and
/// `ms` (`90s`, `10m`, `1m30s`, `1.5s`, `500ms`); a bare number means seconds (`7`,
/// `0.1`), as in a tester's `10+0.1`.
///
/// ```
/// use joust_notation::parse_duration;
/// use std::time::Duration;
///
/// assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
/// assert_eq!(parse_duration("0.25"), Ok(Duration::from_millis(250)));
/// assert!(parse_duration("5x").is_err());
/// ```
pub fn parse_duration(text: &str) -> Result<Duration, TimeControlError> {
    let bad = |problem| TimeControlError::NotADuration {
        text: text.to_string(),
        problem,
    };
    let t = text.trim();
    if t.is_empty() {
        return Err(bad(DurationProblem::Empty));
    }
    if let Ok(secs) = t.parse::<f64>() {
        return seconds(secs).ok_or_else(|| bad(DurationProblem::OutOfRange));
    }
    let mut total = 0.0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(|| bad(DurationProblem::NeedsUnit))?;
        if digits == 0 {
            return Err(bad(DurationProblem::ExpectedNumber));
        }
        let number: f64 = rest[..digits]
            .parse()
            .map_err(|_| bad(DurationProblem::BadNumber))?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let factor = match &rest[..unit_len] {
            "h" => 3600.0,
            "m" | "min" => 60.0,
            "s" => 1.0,
            "ms" => 0.001,
            _ => return Err(bad(DurationProblem::UnknownUnit)),
        };
        total += number * factor;
        rest = &rest[unit_len..];
    }
    seconds(total).ok_or_else(|| bad(DurationProblem::OutOfRange))
}

/// `secs` as a duration, if it is a finite number from 0 to [`MAX_SECONDS`].
fn seconds(secs: f64) -> Option<Duration> {
    (secs.is_finite() && (0.0..=MAX_SECONDS).contains(&secs)).then(|| Duration::from_secs_f64(secs))
}

/// A time control for a whole game: `base` on each side's clock at the start, and
/// `increment` added to the mover's clock after each of its moves.
///
/// ```
/// use joust_notation::TimeControl;
/// use std::time::Duration;
///
/// let tc: TimeControl = "5m+3s".parse().unwrap();
/// assert_eq!(tc.base, Duration::from_secs(300));
/// assert_eq!(tc, TimeControl::parse("300+3").unwrap());
/// // Written in seconds, as PGN's TimeControl tag wants it.
/// assert_eq!(tc.to_string(), "300+3");
/// assert_eq!(TimeControl::parse("10+0.1").unwrap().to_string(), "10+0.1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time each side starts with (never zero).
    pub base: Duration,
    /// Time added after each of a side's moves.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `BASE[+INC]`, each side a duration of [`parse_duration`]: `5m+3s`, `10m`,
    /// `1m30s+2s`, `10+0.1` (seconds), `60`. The base must be more than zero.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (parse_duration(b)?, parse_duration(i)?),
            None => (parse_duration(text)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(TimeControlError::NoTime {
                text: text.to_string(),
            });
        }
        Ok(TimeControl { base, increment })
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(text)
    }
}

/// `BASE+INC` in seconds (`300+3`, `10+0.1`, `0.5+0`): PGN's `TimeControl` tag, and text
/// that [`TimeControl::parse`] reads back to the same control.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_units_or_as_seconds() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("2min"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_duration(" 7 "), Ok(Duration::from_secs(7)));
        assert_eq!(parse_duration("0.1"), Ok(Duration::from_millis(100)));
    }

    #[test]
    fn bad_durations_say_what_is_wrong() {
        let problem = |text: &str| match parse_duration(text) {
            Err(TimeControlError::NotADuration { problem, .. }) => problem,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(problem(""), DurationProblem::Empty);
        assert_eq!(problem("m"), DurationProblem::ExpectedNumber);
        assert_eq!(problem("s5"), DurationProblem::ExpectedNumber);
        assert_eq!(problem("5x"), DurationProblem::UnknownUnit);
        assert_eq!(problem("5m3"), DurationProblem::NeedsUnit);
        assert_eq!(problem("1.2.3s"), DurationProblem::BadNumber);
        for out_of_range in ["-3", "1e99", "nan", "inf", "200000000s"] {
            assert_eq!(
                problem(out_of_range),
                DurationProblem::OutOfRange,
                "{out_of_range}"
            );
        }
        assert!(parse_duration("-3s").is_err());
        assert!(parse_duration("5m+3s").is_err());
        assert_eq!(
            parse_duration("fast").unwrap_err().to_string(),
            "'fast' is not a duration (expected a number; e.g. 90s, 10m, 1m30s)"
        );
    }

    #[test]
    fn time_controls_read_both_syntaxes() {
        let human = TimeControl::parse("5m+3s").unwrap();
        assert_eq!(human.base, Duration::from_secs(300));
        assert_eq!(human.increment, Duration::from_secs(3));
        assert_eq!(TimeControl::parse("300+3"), Ok(human));
        let tester = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tester.base, Duration::from_secs(10));
        assert_eq!(tester.increment, Duration::from_millis(100));
        assert_eq!(TimeControl::parse("10s+100ms"), Ok(tester));
        let tc = TimeControl::parse("1m30s+2s").unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_secs(90), Duration::from_secs(2))
        );
        let tc = TimeControl::parse("2.5").unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_millis(2500), Duration::ZERO)
        );
        assert_eq!(
            "10m".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
    }

    #[test]
    fn bad_time_controls_are_refused() {
        for bad in [
            "", "+1", "x+1", "10+y", "-1+0", "1e9", "nan", "10+0.1+2", "5m+", "fast",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        for no_time in ["0+1", "0s+3s", "0"] {
            assert_eq!(
                TimeControl::parse(no_time),
                Err(TimeControlError::NoTime {
                    text: no_time.to_string()
                })
            );
        }
        assert_eq!(
            TimeControl::parse("0s+1s").unwrap_err().to_string(),
            "time control '0s+1s' gives no time"
        );
    }

    #[test]
    fn written_in_seconds_and_read_back() {
        for (text, shown) in [
            ("5m+3s", "300+3"),
            ("10+0.1", "10+0.1"),
            ("0.5", "0.5+0"),
            ("1h+250ms", "3600+0.25"),
            ("2.25+0.01", "2.25+0.01"),
        ] {
            let tc = TimeControl::parse(text).unwrap();
            assert_eq!(tc.to_string(), shown, "{text}");
            assert_eq!(TimeControl::parse(shown), Ok(tc), "{shown}");
        }
    }
}
