//! Time for the terminal commands: the two-sided game clock of `joust play`, and clock
//! readings. Durations (`90s`, `10m`, `1m30s`) and time controls (`5m+3s`, `10+0.1`) are
//! read by [`joust_notation::time_control`], which the match runner shares.

use joust_core::Color;
use std::time::Duration;

pub use joust_notation::{parse_duration, TimeControl};

/// Both sides' time left: each move's time is charged to its side ([`Clock::charge`]).
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

    /// The time control the clock was set to.
    pub fn control(&self) -> TimeControl {
        self.control
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

/// A clock reading in whole seconds, `4:59` or `1:02:03`: as time runs down its text
/// never gets wider, so a prompt can redraw it in place.
pub fn clock_whole(d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(clock_whole(Duration::from_millis(9400)), "0:09");
        assert_eq!(clock_whole(Duration::from_secs(3723)), "1:02:03");
    }

    #[test]
    fn the_clock_keeps_its_control_for_the_pgn_tag() {
        // The saved game's TimeControl tag is the control in seconds, exact (it was
        // rounded to tenths: 0.05 s showed as 0.1), and stays the base time after the
        // clock has run.
        let mut c = Clock::new(TimeControl::parse("1.25s+0.05s").unwrap());
        assert!(c.charge(Color::White, Duration::from_millis(500)));
        assert_eq!(c.control().to_string(), "1.25+0.05");
        assert_eq!(
            Clock::new(TimeControl::parse("5m+3s").unwrap())
                .control()
                .to_string(),
            "300+3"
        );
    }
}
