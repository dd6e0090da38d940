//! Today's date and time of day (UTC) for saved games: the PGN `Date` tag (`2026.12.03`)
//! and the default file name offered when a game is left (`joust-chess-20261203-1412.pgn`).

use std::time::{SystemTime, UNIX_EPOCH};

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

    /// The moment `secs` seconds after 1970-01-01 00:00 UTC.
    pub fn from_unix(secs: u64) -> Stamp {
        let days = (secs / 86_400) as i64;
        let minute = (secs % 86_400 / 60) as u32;
        Stamp {
            ymd: civil_from_days(days),
            hm: (minute / 60, minute % 60),
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

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
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
