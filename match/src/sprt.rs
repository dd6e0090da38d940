//! Match statistics: the Elo difference with its 95 % error bar, the likelihood of
//! superiority, and the sequential probability ratio test that stops a match early.
//!
//! Scores count a win 1, a draw ½, a loss 0, from the first engine's side. The Elo model
//! is the logistic one (`score = 1 / (1 + 10^(-elo/400))`); the variance is the
//! trinomial one of the observed win/draw/loss frequencies. The SPRT is the generalised
//! SPRT on logistic Elo that Fishtest uses (by Michel Van den Bergh), applied to single
//! game results (trinomial); pentanomial game pairs are not used.

use std::fmt;

/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of the first engine.
///
/// ```
/// use joust_match::Wdl;
///
/// let wdl = Wdl { wins: 60, draws: 20, losses: 20 };
/// assert_eq!(wdl.score(), 0.7);
/// let (elo, margin) = wdl.elo().unwrap();
/// assert_eq!((elo.round(), margin.round()), (147.0, 66.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (0.5 when no game was played).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The variance of one game's score around the mean (trinomial, from the observed
    /// frequencies).
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The Elo difference and half the width of its 95 % confidence interval (infinite
    /// when the score interval reaches 0 or 1), or `None` while the difference itself is
    /// infinite (no game, or only wins, or only losses).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let margin = Z95 * (self.variance() / n).sqrt();
        if s - margin <= 0.0 || s + margin >= 1.0 {
            return Some((elo_of_score(s), f64::INFINITY));
        }
        let lo = elo_of_score(s - margin);
        let hi = elo_of_score(s + margin);
        Some((elo_of_score(s), (hi - lo) / 2.0))
    }

    /// The likelihood of superiority: the probability that the first engine is the
    /// stronger, from wins and losses (draws carry no information), in [0, 1].
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        let diff = f64::from(self.wins) - f64::from(self.losses);
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }
}

/// The logistic Elo difference of a mean score in (0, 1).
pub fn elo_of_score(score: f64) -> f64 {
    // Adding 0 turns -0 (at a score of one half) into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The mean score the logistic model expects at an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The scores of a win, a draw and a loss.
const OUTCOME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The win/draw/loss distribution of mean score `mean` (in (0, 1)) that maximises the
/// likelihood of frequencies `p` (all positive): `q_i = p_i / (1 + θ (a_i - mean))`,
/// with θ found by bisection where the mean of `q` is `mean`.
fn closest_with_mean(p: &[f64; 3], mean: f64) -> [f64; 3] {
    let a = OUTCOME_SCORES;
    // Σ p_i (a_i - mean) / (1 + θ (a_i - mean)) falls as θ rises; every denominator
    // stays positive for θ in (-1 / (1 - mean), 1 / mean).
    let f = |theta: f64| -> f64 {
        (0..3)
            .map(|i| p[i] * (a[i] - mean) / (1.0 + theta * (a[i] - mean)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - mean), 1.0 / mean);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = (lo + hi) / 2.0;
    [0, 1, 2].map(|i| p[i] / (1.0 + theta * (a[i] - mean)))
}

/// The error function, by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

/// Why SPRT parameters could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// A part without `=`.
    NotKeyValue(String),
    /// A value that is no number.
    NotANumber(String),
    /// A part whose value is infinite or not a number.
    NotFinite(String),
    /// A key other than `elo0`, `elo1`, `alpha`, `beta`.
    UnknownKey(String),
    /// `elo0` or `elo1` was not given.
    MissingElo,
    /// `elo0` is not below `elo1`.
    EloOrder {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// `alpha` or `beta` outside (0, 0.5).
    ErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::NotKeyValue(part) => write!(f, "SPRT: '{part}' is not key=value"),
            SprtError::NotANumber(value) => write!(f, "SPRT: '{value}' is not a number"),
            SprtError::NotFinite(part) => write!(f, "SPRT: '{part}' is not finite"),
            SprtError::UnknownKey(key) => write!(
                f,
                "SPRT: unknown key '{key}' (expected elo0, elo1, alpha, beta)"
            ),
            SprtError::MissingElo => f.write_str("SPRT: elo0 and elo1 are required"),
            SprtError::EloOrder { elo0, elo1 } => {
                write!(f, "SPRT: elo0 ({elo0}) must be below elo1 ({elo1})")
            }
            SprtError::ErrorRate { name, value } => {
                write!(f, "SPRT: {name} must be between 0 and 0.5, not {value}")
            }
        }
    }
}

impl std::error::Error for SprtError {}

/// The parameters of a sequential probability ratio test: H0 "the Elo difference is
/// `elo0`" against H1 "it is `elo1`", with error rates `alpha` and `beta`.
///
/// ```
/// use joust_match::{Sprt, Verdict, Wdl};
///
/// let sprt = Sprt::parse("elo0=0,elo1=100").unwrap();
/// let sweep = Wdl { wins: 59, draws: 0, losses: 0 };
/// assert_eq!(sprt.verdict(&sweep), Verdict::H1);
/// assert_eq!(sprt.verdict(&Wdl::default()), Verdict::Continue);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the SPRT says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log-likelihood ratio reached the upper bound: H1 accepted.
    H1,
    /// The log-likelihood ratio reached the lower bound: H0 accepted.
    H0,
    /// Neither bound reached: play on.
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "undecided",
        })
    }
}

impl Sprt {
    /// Reads `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any order; `alpha` and `beta`
    /// default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let mut elo0 = None;
        let mut elo1 = None;
        let mut alpha = 0.05;
        let mut beta = 0.05;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(part.to_string()))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| SprtError::NotANumber(value.to_string()))?;
            if !value.is_finite() {
                return Err(SprtError::NotFinite(part.to_string()));
            }
            match key.trim() {
                "elo0" => elo0 = Some(value),
                "elo1" => elo1 = Some(value),
                "alpha" => alpha = value,
                "beta" => beta = value,
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(SprtError::MissingElo);
        };
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError::ErrorRate { name, value: p });
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower (accept H0) and upper (accept H1) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalised log-likelihood ratio of H1 over H0 after `wdl`:
    /// `N Σ p_i ln(q1_i / q0_i)`, where `p` are the observed win/draw/loss frequencies
    /// (a count of 0 taken as 0.001, as Fishtest regularises) and `q_j` the distribution
    /// closest to `p` (maximum likelihood) whose mean score is that of Elo `elo_j`.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = f64::from(wdl.games());
        if n == 0.0 {
            return 0.0;
        }
        let counts = [wdl.wins, wdl.draws, wdl.losses].map(|c| f64::from(c).max(1e-3));
        let total: f64 = counts.iter().sum();
        let p = counts.map(|c| c / total);
        let q0 = closest_with_mean(&p, score_of_elo(self.elo0));
        let q1 = closest_with_mean(&p, score_of_elo(self.elo1));
        n * (0..3).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
    }

    /// The verdict after `wdl`.
    pub fn verdict(&self, wdl: &Wdl) -> Verdict {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    // Reference values below were worked out by hand from the formulas in the doc
    // comments (and cross-checked with Python's math module).

    #[test]
    fn elo_and_error_bar() {
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(wdl.score(), 0.7, 1e-12));
        // 60·0.3² + 20·0.2² + 20·0.7² = 5.4 + 0.8 + 9.8 = 16, over 100 games.
        assert!(close(wdl.variance(), 0.16, 1e-12));
        let (elo, margin) = wdl.elo().unwrap();
        // -400·log10(1/0.7 - 1) = 147.19.
        assert!(close(elo, 147.190714, 1e-5), "{elo}");
        // 0.7 ± 1.96·0.04 = [0.6216, 0.7784] → [86.42, 218.44] Elo, half width 66.01.
        assert!(close(margin, 66.013381, 1e-5), "{margin}");
        assert!(close(wdl.los(), 0.999996128, 1e-6), "{}", wdl.los());

        let wdl = Wdl {
            wins: 10,
            draws: 30,
            losses: 14,
        };
        let (elo, margin) = wdl.elo().unwrap();
        assert!(close(elo, -25.783196, 1e-5), "{elo}");
        assert!(close(margin, 62.407953, 1e-5), "{margin}");
        // erf(-4/√48) = erf(-0.57735): LOS 0.2071.
        assert!(close(wdl.los(), 0.207108, 1e-6), "{}", wdl.los());
    }

    #[test]
    fn elo_is_undefined_at_the_extremes() {
        assert_eq!(Wdl::default().elo(), None);
        let all_wins = Wdl {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all_wins.elo(), None);
        let even = Wdl {
            wins: 2,
            draws: 2,
            losses: 2,
        };
        assert_eq!(format!("{:+.1}", even.elo().unwrap().0), "+0.0");
        assert!(close(even.los(), 0.5, 2e-7));
        // 0.5 ± 1.96 · 0.5 covers [0, 1]: no finite error bar.
        let one_each = Wdl {
            wins: 1,
            draws: 0,
            losses: 1,
        };
        assert_eq!(one_each.elo().unwrap().1, f64::INFINITY);
    }

    #[test]
    fn score_and_elo_are_inverse() {
        for elo in [-600.0, -35.5, 0.0, 10.0, 400.0] {
            assert!(close(elo_of_score(score_of_elo(elo)), elo, 1e-9));
        }
        assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-12));
    }

    #[test]
    fn sprt_llr_and_bounds() {
        // Reference LLRs from an independent Python version of the same definition (in
        // the doc comment of `llr`), with the maximum-likelihood θ found by bisection.
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!(close(lower, -2.944439, 1e-6));
        assert!(close(upper, 2.944439, 1e-6));
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(sprt.llr(&wdl), 1.389822, 1e-5), "{}", sprt.llr(&wdl));
        assert_eq!(sprt.verdict(&wdl), Verdict::Continue);
        // Same frequencies, twice the games: twice the LLR.
        let more = Wdl {
            wins: 120,
            draws: 40,
            losses: 40,
        };
        assert!(close(sprt.llr(&more), 2.779644, 1e-5));
        assert_eq!(sprt.verdict(&more), Verdict::Continue);
        let even_more = Wdl {
            wins: 180,
            draws: 60,
            losses: 60,
        };
        assert_eq!(sprt.verdict(&even_more), Verdict::H1);
        // Two wins and nothing else say little (zero counts are regularised).
        let two = Wdl {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        assert!(close(sprt.llr(&two), 0.056679, 1e-5), "{}", sprt.llr(&two));
        let wide = Sprt::parse("elo0=0,elo1=100").unwrap();
        let sweep = Wdl {
            wins: 59,
            draws: 0,
            losses: 0,
        };
        assert!(
            close(wide.llr(&sweep), 14.570161, 1e-4),
            "{}",
            wide.llr(&sweep)
        );
        assert_eq!(wide.verdict(&sweep), Verdict::H1);

        // Near a score of one half the GLR is close to the normal approximation
        // N (s1 - s0) (2 s - s0 - s1) / (2 var) = -0.2623 here.
        let sprt = Sprt::parse("elo1=5, elo0=-5").unwrap();
        let wdl = Wdl {
            wins: 10,
            draws: 30,
            losses: 14,
        };
        assert!(close(sprt.llr(&wdl), -0.258965, 1e-5), "{}", sprt.llr(&wdl));
        let losing = Wdl {
            wins: 20,
            draws: 60,
            losses: 120,
        };
        assert!(
            close(sprt.llr(&losing), -4.111648, 1e-5),
            "{}",
            sprt.llr(&losing)
        );
        assert_eq!(sprt.verdict(&losing), Verdict::H0);
        assert_eq!(sprt.llr(&Wdl::default()), 0.0);
    }

    #[test]
    fn sprt_parse_errors() {
        for bad in [
            "",
            "elo0=0",
            "elo0=10,elo1=0",
            "elo0=0,elo1=10,alpha=0.7",
            "elo0=0,elo1=x",
            "elo0=0,elo1=10,gamma=1",
            "elo0 0",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Sprt::parse("elo0=0"), Err(SprtError::MissingElo));
        assert_eq!(
            Sprt::parse("elo0=10,elo1=0").unwrap_err().to_string(),
            "SPRT: elo0 (10) must be below elo1 (0)"
        );
        assert_eq!(
            Sprt::parse("elo0=0,elo1=10,alpha=0.7")
                .unwrap_err()
                .to_string(),
            "SPRT: alpha must be between 0 and 0.5, not 0.7"
        );
        assert_eq!(
            Sprt::parse("elo0=0,elo1=inf").unwrap_err().to_string(),
            "SPRT: 'elo1=inf' is not finite"
        );
    }
}
