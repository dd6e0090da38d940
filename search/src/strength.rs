//! A weaker engine on purpose: [`Strength`] caps the nodes searched and then picks, at
//! random, among the best few root moves those within a margin of the best, favouring
//! the better ones (the idea of Stockfish's "Skill Level"). `joust play --level/--elo`
//! and UCI's `UCI_LimitStrength`/`UCI_Elo` use it through [`crate::Limits::strength`].
//!
//! The scale is one number, an Elo from [`Strength::MIN_ELO`] to [`Strength::MAX_ELO`],
//! from which both the node cap and the margin follow smoothly (see [`Strength::nodes`]
//! and [`Strength::margin`]). **The Elo numbers are a rough guess, not a measurement**:
//! they were not calibrated against rated players or engines, only chosen so that a
//! higher number searches more and errs less. Treat them as a scale of difficulty.

use joust_core::rng::splitmix64;
use joust_movegen::Move;
use std::fmt;

/// How many root moves a limited search compares (at least the `MultiPV` asked for).
pub const CANDIDATES: usize = 5;

/// A limited playing strength (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
    seed: u64,
}

/// Why a strength setting was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrengthError {
    /// An Elo outside [`Strength::MIN_ELO`]..=[`Strength::MAX_ELO`].
    Elo(u32),
    /// A level outside 1..=[`Strength::LEVELS`].
    Level(u32),
}

impl fmt::Display for StrengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrengthError::Elo(e) => write!(
                f,
                "Elo {e} is not from {} to {}",
                Strength::MIN_ELO,
                Strength::MAX_ELO
            ),
            StrengthError::Level(l) => {
                write!(f, "level {l} is not from 1 to {}", Strength::LEVELS)
            }
        }
    }
}

impl std::error::Error for StrengthError {}

impl Strength {
    /// The weakest setting.
    pub const MIN_ELO: u32 = 800;
    /// The strongest limited setting (full strength is no [`Strength`] at all).
    pub const MAX_ELO: u32 = 2400;
    /// Levels 1 to `LEVELS`; the last is full strength.
    pub const LEVELS: u32 = 8;

    /// A strength of about `elo`; `seed` varies the random choices (the same seed and
    /// position give the same choice).
    pub fn from_elo(elo: u32, seed: u64) -> Result<Strength, StrengthError> {
        if (Self::MIN_ELO..=Self::MAX_ELO).contains(&elo) {
            Ok(Strength { elo, seed })
        } else {
            Err(StrengthError::Elo(elo))
        }
    }

    /// Level `level` of 1..=[`Strength::LEVELS`]: `None` for the last (full strength),
    /// else the Elo of [`Strength::level_elo`].
    pub fn from_level(level: u32, seed: u64) -> Result<Option<Strength>, StrengthError> {
        match Self::level_elo(level) {
            Some(elo) => Self::from_elo(elo, seed).map(Some),
            None if level == Self::LEVELS => Ok(None),
            None => Err(StrengthError::Level(level)),
        }
    }

    /// The Elo a level stands for: 800 at level 1, 200 more per level, up to 2000 at
    /// level 7; `None` for the top level (full strength) and levels out of range.
    pub fn level_elo(level: u32) -> Option<u32> {
        (1..Self::LEVELS)
            .contains(&level)
            .then(|| Self::MIN_ELO + 200 * (level - 1))
    }

    /// The Elo this strength stands for.
    pub fn elo(&self) -> u32 {
        self.elo
    }

    /// Where `elo` lies on the scale, from 0 (weakest) to 1 (strongest).
    fn fraction(&self) -> f64 {
        f64::from(self.elo - Self::MIN_ELO) / f64::from(Self::MAX_ELO - Self::MIN_ELO)
    }

    /// The most nodes searched per move: about 316 at the weakest, ten times more for
    /// every 533 Elo, about 316,000 at the strongest. (The first iteration always
    /// completes, so the weakest setting still looks one ply at every move.)
    pub fn nodes(&self) -> u64 {
        10f64.powf(2.5 + 3.0 * self.fraction()).round() as u64
    }

    /// How many centipawns worse than the best a chosen move may be: 250 at the
    /// weakest, falling to 5 at the strongest.
    pub fn margin(&self) -> i32 {
        (245.0 * (1.0 - self.fraction()).powf(1.5)).round() as i32 + 5
    }

    /// Picks one of `lines` (score for the side to move, best first) for a position
    /// whose key is `key`: one within [`Strength::margin`] of the best, at random with
    /// weights growing with the score (a move at the full margin gets weight 1, the best
    /// `(margin + 1)^2`). Returns the index in `lines`; 0 if it is empty.
    pub fn choose(&self, lines: &[i32], key: u64) -> usize {
        let Some(&best) = lines.iter().max() else {
            return 0;
        };
        let margin = i64::from(self.margin());
        let weights: Vec<u64> = lines
            .iter()
            .map(|&s| {
                let loss = i64::from(best) - i64::from(s);
                if loss > margin {
                    0
                } else {
                    ((margin - loss + 1) as u64).pow(2)
                }
            })
            .collect();
        let total: u64 = weights.iter().sum();
        let mut state = self.seed ^ key;
        let mut draw = splitmix64(&mut state) % total.max(1);
        for (i, w) in weights.iter().enumerate() {
            if draw < *w {
                return i;
            }
            draw -= w;
        }
        0
    }
}

/// The move a limited strength plays among the lines of one search (scores for the
/// side to move with their principal variations, any order): the index of the chosen
/// line, with `lines` sorted best first.
pub(crate) fn pick(strength: &Strength, lines: &mut [(i32, Vec<Move>)], key: u64) -> usize {
    lines.sort_by_key(|l| std::cmp::Reverse(l.0));
    let scores: Vec<i32> = lines.iter().map(|l| l.0).collect();
    strength.choose(&scores, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_elo_are_checked() {
        assert_eq!(Strength::from_level(1, 0).unwrap().unwrap().elo(), 800);
        assert_eq!(Strength::from_level(7, 0).unwrap().unwrap().elo(), 2000);
        assert_eq!(Strength::from_level(8, 0), Ok(None));
        assert_eq!(
            Strength::from_level(0, 0).unwrap_err().to_string(),
            "level 0 is not from 1 to 8"
        );
        assert_eq!(
            Strength::from_elo(3000, 0).unwrap_err().to_string(),
            "Elo 3000 is not from 800 to 2400"
        );
    }

    #[test]
    fn a_higher_elo_searches_more_and_errs_less() {
        let weakest = Strength::from_elo(800, 0).unwrap();
        let strongest = Strength::from_elo(2400, 0).unwrap();
        assert_eq!((weakest.nodes(), weakest.margin()), (316, 250));
        assert_eq!((strongest.nodes(), strongest.margin()), (316_228, 5));
        let mut last = (0, i32::MAX);
        for elo in (800..=2400).step_by(100) {
            let s = Strength::from_elo(elo, 0).unwrap();
            assert!(s.nodes() > last.0 && s.margin() < last.1, "{elo}");
            last = (s.nodes(), s.margin());
        }
    }

    #[test]
    fn the_choice_stays_within_the_margin_and_varies() {
        let s = Strength::from_elo(800, 7).unwrap();
        // Four moves within 250 centipawns of the best, one far worse.
        let scores = [40, 30, 0, -150, -900];
        let mut seen = [0; 5];
        for key in 0..2000u64 {
            seen[s.choose(&scores, key)] += 1;
        }
        assert_eq!(seen[4], 0, "{seen:?}");
        assert!(
            seen[0] > seen[2] && seen[2] > seen[3] && seen[3] > 0,
            "{seen:?}"
        );
        assert!(seen[0] < 2000 / 2, "{seen:?}");
        // The strongest setting keeps to moves within 5 centipawns.
        let s = Strength::from_elo(2400, 7).unwrap();
        assert!((0..200).all(|key| s.choose(&[40, 30, 0], key) == 0));
        assert_eq!(s.choose(&[], 1), 0);
    }
}
