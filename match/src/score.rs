//! An engine's score as UCI writes it: centipawns or moves to mate, for the side to move.

use std::fmt;
use std::str::FromStr;

/// A UCI score (`score cp 35`, `score mate -3`), from the side to move's view.
///
/// ```
/// use joust_match::Score;
///
/// let score: Score = "mate -3".parse().unwrap();
/// assert_eq!(score, Score::Mate(-3));
/// assert_eq!(score.to_string(), "mate -3");
/// assert_eq!(score.pgn_text(), "-M3");
/// assert_eq!(Score::Cp(35).pgn_text(), "+0.35");
/// // On one scale with centipawns, a mate counted as 10,000 less its distance.
/// assert_eq!(Score::Mate(2).centipawns(10_000), 9_998);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns: positive when the side to move stands better.
    Cp(i32),
    /// Moves to mate: positive when the side to move mates, negative (or 0) when it is
    /// mated.
    Mate(i32),
}

impl Score {
    /// Reads the two words after `score` in an `info` line: `cp 35`, `mate -3`; `None` for
    /// another kind or a value that is no whole number.
    pub fn from_words(kind: &str, value: &str) -> Option<Score> {
        let value: i32 = value.parse().ok()?;
        match kind {
            "cp" => Some(Score::Cp(value)),
            "mate" => Some(Score::Mate(value)),
            _ => None,
        }
    }

    /// The score on one scale with centipawns, where a mate in `n` counts `mate - n` and
    /// being mated in `n` counts `-mate + n` (`mate 0`, mated now, is `-mate`): mates lie
    /// beyond every centipawn score, the nearer the further.
    pub fn centipawns(self, mate: i32) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => mate - n,
            Score::Mate(n) => -mate - n,
        }
    }

    /// The score as a PGN comment gives it, in pawns or moves to mate, signed: `+0.35`,
    /// `-1.20`, `+M3`, `-M2`.
    pub fn pgn_text(self) -> String {
        match self {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n >= 0 => format!("+M{n}"),
            Score::Mate(n) => format!("-M{}", -i64::from(n)),
        }
    }
}

/// The UCI words: `cp 35`, `mate -3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Text that is not a UCI score (`cp 35`, `mate -3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreError(pub String);

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a UCI score (cp N or mate N, N a whole number)",
            self.0
        )
    }
}

impl std::error::Error for ScoreError {}

impl FromStr for Score {
    type Err = ScoreError;

    /// Reads `cp 35` or `mate -3`, as [`Score`]'s `Display` writes it.
    fn from_str(text: &str) -> Result<Score, ScoreError> {
        let mut words = text.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(kind), Some(value), None) => Score::from_words(kind, value),
            _ => None,
        }
        .ok_or_else(|| ScoreError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_uci_words() {
        assert_eq!(Score::from_words("cp", "-35"), Some(Score::Cp(-35)));
        assert_eq!(Score::from_words("mate", "3"), Some(Score::Mate(3)));
        assert_eq!(Score::from_words("wdl", "3"), None);
        assert_eq!(Score::from_words("cp", "1.5"), None);
        assert_eq!(Score::from_words("cp", "99999999999"), None);
        for text in ["cp 0", "cp -35", "mate 1", "mate -2", "mate 0"] {
            assert_eq!(text.parse::<Score>().unwrap().to_string(), text);
        }
        for bad in ["", "cp", "35", "cp x", "cp 3 4", "score cp 3"] {
            assert!(bad.parse::<Score>().is_err(), "{bad}");
        }
        assert_eq!(
            "cp".parse::<Score>().unwrap_err().to_string(),
            "'cp' is not a UCI score (cp N or mate N, N a whole number)"
        );
    }

    #[test]
    fn pgn_comments_in_pawns_or_moves_to_mate() {
        assert_eq!(Score::Cp(-35).pgn_text(), "-0.35");
        assert_eq!(Score::Cp(120).pgn_text(), "+1.20");
        assert_eq!(Score::Cp(0).pgn_text(), "+0.00");
        assert_eq!(Score::Mate(-2).pgn_text(), "-M2");
        assert_eq!(Score::Mate(1).pgn_text(), "+M1");
        assert_eq!(Score::Mate(0).pgn_text(), "+M0");
        assert_eq!(Score::Mate(i32::MIN).pgn_text(), "-M2147483648");
    }

    #[test]
    fn mates_lie_beyond_centipawns() {
        assert_eq!(Score::Cp(-35).centipawns(10_000), -35);
        assert_eq!(Score::Mate(3).centipawns(10_000), 9_997);
        assert_eq!(Score::Mate(-2).centipawns(10_000), -9_998);
        assert_eq!(Score::Mate(0).centipawns(10_000), -10_000);
        assert!(Score::Mate(1).centipawns(10_000) > Score::Mate(5).centipawns(10_000));
    }
}
