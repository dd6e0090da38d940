//! The UCI options that change the evaluation, for players and inventors who want to try
//! another valuation: `PieceValues` (`L=300 J=290`: letter, centipawns) and `EvalWeights`
//! (`colour_pair_mg=40`: a weight of [`Weights`] by name, and its value).

use joust_core::{KindId, Variant};
use joust_search::{tuned, Evaluator, Weights};
use std::fmt;

/// The largest piece value accepted, in centipawns (the evaluation's sums stay in range).
pub const PIECE_VALUE_MAX: i32 = 5_000;

/// The largest weight accepted, either sign: room for fitted weights (LancerChess's
/// `danger_cap` is 2580) with the evaluation's sums still in range.
pub const WEIGHT_MAX: i32 = 5_000;

/// Why an evaluation option's text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalOptionError {
    /// An item is not `name=number`.
    NotAPair(String),
    /// The number of an item is not a whole number in range (the item, the range).
    BadNumber(String, i32, i32),
    /// A piece value's name is not one letter.
    NotALetter(String),
    /// No weight has this name.
    UnknownWeight(String),
}

impl fmt::Display for EvalOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalOptionError::NotAPair(item) => write!(f, "'{item}' is not name=number"),
            EvalOptionError::BadNumber(item, low, high) => {
                write!(f, "'{item}' needs a whole number from {low} to {high}")
            }
            EvalOptionError::NotALetter(name) => write!(f, "'{name}' is not a piece letter"),
            EvalOptionError::UnknownWeight(name) => write!(f, "no evaluation weight '{name}'"),
        }
    }
}

impl std::error::Error for EvalOptionError {}

/// Splits `a=1 b=2` (commas also separate) into names and numbers within `range`.
fn pairs(
    text: &str,
    range: std::ops::RangeInclusive<i32>,
) -> Result<Vec<(&str, i32)>, EvalOptionError> {
    text.split([' ', ','])
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (name, number) = item
                .split_once('=')
                .ok_or_else(|| EvalOptionError::NotAPair(item.to_string()))?;
            let value = number
                .parse::<i32>()
                .ok()
                .filter(|v| range.contains(v))
                .ok_or_else(|| {
                    EvalOptionError::BadNumber(item.to_string(), *range.start(), *range.end())
                })?;
            Ok((name, value))
        })
        .collect()
}

/// Piece values by letter (uppercase), as given: which game they fit is decided later.
pub fn parse_piece_values(text: &str) -> Result<Vec<(char, i32)>, EvalOptionError> {
    pairs(text, 0..=PIECE_VALUE_MAX)?
        .into_iter()
        .map(|(letter, value)| {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Ok((c.to_ascii_uppercase(), value)),
                _ => Err(EvalOptionError::NotALetter(letter.to_string())),
            }
        })
        .collect()
}

/// Weights changed by name, checked against the weights there are: they apply on top of
/// whatever weights the game is played with.
pub fn parse_weights(text: &str) -> Result<Vec<(String, i32)>, EvalOptionError> {
    let mut w = Weights::default();
    pairs(text, -WEIGHT_MAX..=WEIGHT_MAX)?
        .into_iter()
        .map(|(name, value)| match w.set(name, value) {
            true => Ok((name.to_string(), value)),
            false => Err(EvalOptionError::UnknownWeight(name.to_string())),
        })
        .collect()
}

/// The evaluation of `variant` with the given piece values and weight changes on top of
/// the game's own (fitted, or generic), and the letters of values that no piece of this
/// game has (they are left out).
pub fn evaluator(
    variant: &'static Variant,
    piece_values: &[(char, i32)],
    weight_changes: &[(String, i32)],
) -> (Evaluator, Vec<char>) {
    let mut values: Vec<(KindId, i32)> = tuned::values(variant);
    let mut unknown = Vec::new();
    for &(letter, value) in piece_values {
        match variant.any_kind_by_letter(letter) {
            Some(k) => {
                values.retain(|&(vk, _)| vk != k);
                values.push((k, value));
            }
            None => unknown.push(letter),
        }
    }
    let mut weights = tuned::weights(variant);
    for (name, value) in weight_changes {
        weights.set(name, *value);
    }
    (Evaluator::with_values(variant, weights, &values), unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn piece_values_and_weights_parse() {
        assert_eq!(
            parse_piece_values("L=300, j=290").unwrap(),
            vec![('L', 300), ('J', 290)]
        );
        assert_eq!(parse_piece_values("").unwrap(), vec![]);
        let w = parse_weights("colour_pair_mg=40 tempo=20").unwrap();
        assert_eq!(w, vec![("colour_pair_mg".into(), 40), ("tempo".into(), 20)]);
    }

    #[test]
    fn bad_texts_are_refused_with_the_reason() {
        let err = |text: &str| parse_piece_values(text).unwrap_err().to_string();
        assert_eq!(err("N300"), "'N300' is not name=number");
        assert_eq!(err("N=3e9"), "'N=3e9' needs a whole number from 0 to 5000");
        assert_eq!(err("N=-1"), "'N=-1' needs a whole number from 0 to 5000");
        assert_eq!(
            parse_weights("tempo=5001").unwrap_err().to_string(),
            "'tempo=5001' needs a whole number from -5000 to 5000"
        );
        assert_eq!(err("NB=3"), "'NB' is not a piece letter");
        assert_eq!(
            parse_weights("no_such=1").unwrap_err().to_string(),
            "no evaluation weight 'no_such'"
        );
    }

    #[test]
    fn values_apply_to_the_game_that_has_the_letter() {
        let lc = variants::lancerchess();
        let pos = joust_movegen::position_from_fen::<u64>(
            lc,
            "rjbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1",
        )
        .unwrap();
        let (base, none) = evaluator(lc, &[], &[]);
        assert!(none.is_empty());
        let (cheaper, unknown) = evaluator(lc, &[('L', 200), ('N', 300)], &[]);
        assert_eq!(unknown, vec!['N']);
        let (base, cheaper) = (base.evaluate(&pos), cheaper.evaluate(&pos));
        assert!(cheaper < base - 50, "{cheaper} vs {base}");
    }

    /// Changes apply on top of the game's fitted weights and values, not the generic ones.
    #[test]
    fn changes_apply_on_top_of_the_games_own_evaluation() {
        let lc = variants::lancerchess();
        let (own, _) = evaluator(lc, &[], &[]);
        assert_eq!(own.weights(), &tuned::weights(lc));
        let (changed, _) = evaluator(lc, &[('B', 400)], &[("tempo".into(), 99)]);
        let mut expected = tuned::weights(lc);
        expected.tempo = 99;
        assert_eq!(changed.weights(), &expected);
        let kind = |c| lc.any_kind_by_letter(c).unwrap();
        assert_eq!(changed.value(kind('B')), 400);
        assert_eq!(changed.value(kind('K')), own.value(kind('K')));
        assert_eq!(own.value(kind('K')), Evaluator::new(lc).value(kind('K')));
    }

    #[test]
    fn the_largest_values_and_weights_evaluate_without_overflow() {
        // Run in a debug build, an overflow would panic here.
        let lc = variants::lancerchess();
        let pos = joust_movegen::position_from_fen::<u64>(
            lc,
            "r1bq1b1r/ppp2ppp/2j1k3/3pp3/3PP3/2J1K3/PPP2PPP/R1BQ1B1R w KQkq - 0 1",
        )
        .unwrap();
        let values: Vec<(char, i32)> = "PLJBRK".chars().map(|c| (c, PIECE_VALUE_MAX)).collect();
        for sign in [1, -1] {
            let mut w = Weights::default();
            let changes: Vec<(String, i32)> = w
                .fields_mut()
                .into_iter()
                .map(|(name, _)| (name.to_string(), sign * WEIGHT_MAX))
                .collect();
            let (e, unknown) = evaluator(lc, &values, &changes);
            assert!(unknown.is_empty());
            let _ = e.evaluate(&pos);
        }
    }
}
