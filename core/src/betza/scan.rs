//! Cutting a Betza string into groups: the modifiers written before one atom, the atom
//! (single, doubled, or a bent `t[..]` pair) and its range. Nothing here knows what the
//! letters mean; [`super::build`] does.

use super::error::{BetzaError, BetzaErrorKind};
use crate::atom::UNLIMITED;

/// One character of the text with its 1-based column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Spot {
    /// The character.
    pub ch: char,
    /// Its column in the text.
    pub column: usize,
}

/// The modifiers and the atom of one move group, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Group {
    /// The lower-case letters and `!`, `~`, `@` before the atom, in order.
    pub mods: Vec<Spot>,
    /// The atom.
    pub body: Body,
}

/// What a group's modifiers apply to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Body {
    /// An atom letter, perhaps doubled (`NN`), perhaps with a range (`R4`, `R2..`).
    Atom {
        /// The letter.
        letter: Spot,
        /// The column of the repeated letter, if doubled.
        doubled: Option<usize>,
        /// The range written after it.
        range: Option<Range>,
    },
    /// A bent rider `t[XY]`: first step as `X`, then onward as `Y`.
    Bent {
        /// The `t`.
        t: Spot,
        /// The first-step atom.
        first: char,
        /// The riding atom.
        then: char,
    },
}

/// A range written after an atom, in steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Range {
    /// Nearest step (1 unless written as `MIN..`).
    pub min: u8,
    /// Farthest step; [`UNLIMITED`] for `0` or an open `MIN..`.
    pub max: u8,
    /// Column of its first digit.
    pub column: usize,
}

/// The most steps a range may give (one below [`UNLIMITED`]).
const MAX_RANGE: u32 = UNLIMITED as u32 - 1;

/// Splits `text` into groups. Leading and trailing white space is ignored (columns still
/// count it); anything else that is not notation is an error.
pub(super) fn groups(text: &str) -> Result<Vec<Group>, BetzaError> {
    let spots: Vec<Spot> = text
        .chars()
        .enumerate()
        .map(|(i, ch)| Spot { ch, column: i + 1 })
        .collect();
    let start = spots
        .iter()
        .position(|s| !s.ch.is_whitespace())
        .unwrap_or(spots.len());
    let end = spots
        .iter()
        .rposition(|s| !s.ch.is_whitespace())
        .map_or(start, |i| i + 1);
    Scanner {
        spots: &spots[start..end],
        at: 0,
    }
    .run()
}

/// A cursor over the trimmed characters.
struct Scanner<'a> {
    spots: &'a [Spot],
    at: usize,
}

fn error(kind: BetzaErrorKind, column: usize) -> BetzaError {
    BetzaError { kind, column }
}

impl Scanner<'_> {
    fn peek(&self, ahead: usize) -> Option<Spot> {
        self.spots.get(self.at + ahead).copied()
    }

    fn run(mut self) -> Result<Vec<Group>, BetzaError> {
        let mut out = Vec::new();
        let mut mods: Vec<Spot> = Vec::new();
        while let Some(spot) = self.peek(0) {
            let ch = spot.ch;
            if ch == 't' && self.peek(1).map(|s| s.ch) == Some('[') {
                let body = self.bent(spot)?;
                out.push(Group {
                    mods: std::mem::take(&mut mods),
                    body,
                });
            } else if ch.is_ascii_lowercase() || matches!(ch, '!' | '~' | '@') {
                mods.push(spot);
                self.at += 1;
            } else if ch.is_ascii_uppercase() {
                self.at += 1;
                let doubled = match self.peek(0) {
                    Some(next) if next.ch == ch => {
                        self.at += 1;
                        Some(next.column)
                    }
                    _ => None,
                };
                let range = self.range()?;
                out.push(Group {
                    mods: std::mem::take(&mut mods),
                    body: Body::Atom {
                        letter: spot,
                        doubled,
                        range,
                    },
                });
            } else if ch.is_ascii_digit() || ch == '.' {
                return Err(error(BetzaErrorKind::MisplacedRange, spot.column));
            } else {
                return Err(error(BetzaErrorKind::UnknownCharacter(ch), spot.column));
            }
        }
        match mods.first() {
            Some(first) => Err(error(BetzaErrorKind::MissingAtom, first.column)),
            None => Ok(out),
        }
    }

    /// `t[XY]` at the cursor (`t` and `[` already seen).
    fn bent(&mut self, t: Spot) -> Result<Body, BetzaError> {
        let letters: Vec<Option<char>> = (2..5).map(|i| self.peek(i).map(|s| s.ch)).collect();
        match letters[..] {
            [Some(first), Some(then), Some(']')]
                if first.is_ascii_uppercase() && then.is_ascii_uppercase() =>
            {
                self.at += 5;
                Ok(Body::Bent { t, first, then })
            }
            _ => Err(error(BetzaErrorKind::BadBent, t.column)),
        }
    }

    /// Digits, and optionally `..` and more digits.
    fn number(&mut self) -> Option<(u32, usize)> {
        let column = self.peek(0).filter(|s| s.ch.is_ascii_digit())?.column;
        let mut value = 0u32;
        while let Some(d) = self.peek(0).and_then(|s| s.ch.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.at += 1;
        }
        Some((value, column))
    }

    /// The range after an atom, if any.
    fn range(&mut self) -> Result<Option<Range>, BetzaError> {
        let Some((first, column)) = self.number() else {
            return Ok(None);
        };
        let too_large = |n: u32| n > MAX_RANGE;
        if self.peek(0).map(|s| s.ch) != Some('.') {
            if too_large(first) {
                return Err(error(BetzaErrorKind::RangeTooLarge, column));
            }
            let max = if first == 0 { UNLIMITED } else { first as u8 };
            return Ok(Some(Range {
                min: 1,
                max,
                column,
            }));
        }
        let dot = self.peek(0).map_or(column, |s| s.column);
        if self.peek(1).map(|s| s.ch) != Some('.') {
            return Err(error(BetzaErrorKind::BadRange, dot));
        }
        self.at += 2;
        let max = self.number().map(|(n, _)| n);
        if too_large(first) || max.is_some_and(too_large) {
            return Err(error(BetzaErrorKind::RangeTooLarge, column));
        }
        let max = match max {
            None | Some(0) => UNLIMITED,
            Some(n) => n as u8,
        };
        if first == 0 || (first as u8) > max {
            return Err(error(BetzaErrorKind::BadRange, column));
        }
        Ok(Some(Range {
            min: first as u8,
            max,
            column,
        }))
    }
}
