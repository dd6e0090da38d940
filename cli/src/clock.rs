//! Time for the terminal commands: durations such as `90s`, `10m`, `1m30s`, time controls
//! such as `5m+3s`, and the two-sided game clock of `joust play`.

use joust_core::Color;
use std::time::Duration;

/// Reads a duration made of `<number><unit>` parts, units `h`, `m`, `s`, `ms`
/// (`90s`, `10m`, `1m30s`, `1.5s`, `500ms`); a bare number means seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = |why: &str| format!("'{text}' is not a duration ({why}; e.g. 90s, 10m, 1m30s)");
    let t = text.trim();
    if t.is_empty() {
        return Err(bad("empty"));
    }
    if let Ok(secs) = t.parse::<f64>() {
        return seconds(secs).ok_or_else(|| bad("out of range"));
    }
    let mut total = 0.0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(|| bad("a number needs a unit"))?;
        if digits == 0 {
            return Err(bad("expected a number"));
        }
        let number: f64 = rest[..digits].parse().map_err(|_| bad("bad number"))?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let factor = match &rest[..unit_len] {
            "h" => 3600.0,
            "m" | "min" => 60.0,
            "s" => 1.0,
            "ms" => 0.001,
            _ => return Err(bad("units are h, m, s and ms")),
        };
        total += number * factor;
        rest = &rest[unit_len..];
    }
    seconds(total).ok_or_else(|| bad("out of range"))
}

fn seconds(secs: f64) -> Option<Duration> {
    (secs.is_finite() && (0.0..=1e7).contains(&secs)).then(|| Duration::from_secs_f64(secs))
}

/// A time control: time for the whole game plus an increment after every move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time each side starts with.
    pub base: Duration,
    /// Time added after each of a side's moves.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `5m+3s`, `10m`, `1m30s+2s` (`+` separates the increment).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (parse_duration(b)?, parse_duration(i)?),
            None => (parse_duration(text)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(format!("time control '{text}' gives no time"));
        }
        Ok(TimeControl {
            base,
            increment: inc,
        })
    }
}

/// Both sides' time left; a side's time runs between [`Clock::start`] and [`Clock::stop`].
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    left: [Duration; 2],
}

impl Clock {
    /// A clock with both sides at the control's base time.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base; 2],
        }
    }

    /// Time `side` has left.
    pub fn left(&self, side: Color) -> Duration {
        self.left[side.index()]
    }

    /// The increment per move.
    pub fn increment(&self) -> Duration {
        self.control.increment
    }

    /// Charges `side` for `used` on one move; returns false (and leaves zero) if that
    /// flag fell, else adds the increment.
    pub fn charge(&mut self, side: Color, used: Duration) -> bool {
        let left = &mut self.left[side.index()];
        if used >= *left {
            *left = Duration::ZERO;
            return false;
        }
        *left = *left - used + self.control.increment;
        true
    }

    /// Sets `side`'s time (to give back time on `undo`).
    pub fn set(&mut self, side: Color, left: Duration) {
        self.left[side.index()] = left;
    }
}

/// A clock reading: `4:59`, `1:02:03`, or `0:09.4` under ten seconds.
pub fn clock_text(d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if total < 10 {
        format!("{m}:{s:02}.{}", d.subsec_millis() / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_units() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_duration("7"), Ok(Duration::from_secs(7)));
        for bad in ["", "m", "5x", "5m3", "-3s", "s5", "1e99", "5m+3s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn time_controls_read_base_and_increment() {
        let tc = TimeControl::parse("5m+3s").unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_secs(3));
        let tc = TimeControl::parse("1m30s+2s").unwrap();
        assert_eq!(tc.base, Duration::from_secs(90));
        assert_eq!(tc.increment, Duration::from_secs(2));
        assert_eq!(TimeControl::parse("10m").unwrap().increment, Duration::ZERO);
        assert!(TimeControl::parse("0s+3s").is_err());
        assert!(TimeControl::parse("5m+").is_err());
    }

    #[test]
    fn the_clock_charges_adds_increments_and_flags() {
        let mut c = Clock::new(TimeControl::parse("10s+1s").unwrap());
        assert!(c.charge(Color::White, Duration::from_secs(3)));
        assert_eq!(c.left(Color::White), Duration::from_secs(8));
        assert_eq!(c.left(Color::Black), Duration::from_secs(10));
        assert!(!c.charge(Color::Black, Duration::from_secs(10)));
        assert_eq!(c.left(Color::Black), Duration::ZERO);
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(9400)), "0:09.4");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }
}
