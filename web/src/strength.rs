//! Playing strength for games against the engine: levels 1 to 8, each a bound on the
//! search's depth and think time (the think time asked for still applies when it is
//! shorter). Level 8 is the engine at full strength within the think time.
//!
//! | level | deepest iteration | longest think |
//! | --- | --- | --- |
//! | 1 | 1 | 50 ms |
//! | 2 | 2 | 100 ms |
//! | 3 | 3 | 200 ms |
//! | 4 | 4 | 400 ms |
//! | 5 | 6 | 800 ms |
//! | 6 | 8 | the think time |
//! | 7 | 12 | the think time |
//! | 8 | no bound | the think time |

use crate::error::ApiError;

/// What one level bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// The deepest iteration the search completes, if bounded.
    pub depth: Option<u32>,
    /// The longest the search thinks, in milliseconds, if shorter than the think time.
    pub ms: Option<u64>,
}

/// Every level, weakest first (level `n` is `LEVELS[n - 1]`).
pub const LEVELS: [Level; 8] = [
    Level {
        depth: Some(1),
        ms: Some(50),
    },
    Level {
        depth: Some(2),
        ms: Some(100),
    },
    Level {
        depth: Some(3),
        ms: Some(200),
    },
    Level {
        depth: Some(4),
        ms: Some(400),
    },
    Level {
        depth: Some(6),
        ms: Some(800),
    },
    Level {
        depth: Some(8),
        ms: None,
    },
    Level {
        depth: Some(12),
        ms: None,
    },
    Level {
        depth: None,
        ms: None,
    },
];

/// Level `n` (1 to 8).
pub fn level(n: u8) -> Result<Level, ApiError> {
    n.checked_sub(1)
        .and_then(|i| LEVELS.get(i as usize))
        .copied()
        .ok_or_else(|| {
            ApiError::BadRequest(format!("level must be from 1 to {}, not {n}", LEVELS.len()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_and_out_of_range_is_refused() {
        let depth = |l: &Level| l.depth.unwrap_or(u32::MAX);
        assert!(LEVELS.windows(2).all(|w| depth(&w[0]) < depth(&w[1])));
        assert_eq!(level(1).unwrap(), LEVELS[0]);
        assert_eq!(level(8).unwrap().depth, None);
        assert!(level(0).is_err() && level(9).is_err());
    }
}
