//! Today's date and time of day (UTC) for saved games: the PGN `Date` tag (`2026.12.03`)
//! and the default file name offered when a game is left (`joust-chess-20261203-1412.pgn`).

use std::time::{SystemTime, UNIX_EPOCH};
use time::OffsetDateTime;

/// A moment in UTC, to the minute.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// Year, month (1-12) and day (1-31).
    pub ymd: (i64, u32, u32),
    /// Hour and minute.
    pub hm: (u32, u32),
}

impl Stamp {
    /// Now, by the system clock (1970-01-01 00:00 if the clock is before that).
    pub fn now() -> Stamp {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Stamp::from_unix(secs)
    }

    /// The moment `secs` seconds after 1970-01-01 00:00 UTC (the epoch itself if `secs`
    /// is beyond the calendar's range).
    pub fn from_unix(secs: u64) -> Stamp {
        let t = i64::try_from(secs)
            .ok()
            .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
            .unwrap_or(OffsetDateTime::UNIX_EPOCH);
        Stamp {
            ymd: (
                i64::from(t.year()),
                u32::from(u8::from(t.month())),
                u32::from(t.day()),
            ),
            hm: (u32::from(t.hour()), u32::from(t.minute())),
        }
    }

    /// The PGN date: `YYYY.MM.DD`.
    pub fn pgn_date(&self) -> String {
        let (y, m, d) = self.ymd;
        format!("{y:04}.{m:02}.{d:02}")
    }

    /// For file names: `YYYYMMDD-HHMM`.
    pub fn compact(&self) -> String {
        let (y, m, d) = self.ymd;
        format!("{y:04}{m:02}{d:02}-{:02}{:02}", self.hm.0, self.hm.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_known_moments() {
        assert_eq!(Stamp::from_unix(0).pgn_date(), "1970.01.01");
        // 2000-02-29 12:34 UTC (a leap day in a century year divisible by 400).
        let leap = Stamp::from_unix(951_827_640);
        assert_eq!(leap.pgn_date(), "2000.02.29");
        assert_eq!(leap.compact(), "20000229-1234");
        // 2026-12-31 23:59 and the next minute.
        assert_eq!(Stamp::from_unix(1_798_761_540).compact(), "20261231-2359");
        assert_eq!(Stamp::from_unix(1_798_761_600).pgn_date(), "2027.01.01");
    }
}
