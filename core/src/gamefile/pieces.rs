//! The pieces of a game file: predefined piece types (`knight = n`), custom pieces in
//! Betza notation (`customPiece1 = a:mRcpR`), the royal piece (`king = k` or
//! `king = k:KN`), pawns (`pawnTypes`), and Joust's names and values for them
//! (`pieceName.a = Archer`, `pieceValue.a = 450`).

use super::error::{GameFileError, GameFileErrorKind};
use super::fsf_pieces::{joust_piece, predefined};
use super::ini::{Entry, Span};
use super::keys::{bad, Keys};
use crate::piece::{PieceKind, MAX_KINDS};

/// The most custom piece slots, as in Fairy-Stockfish (`customPiece1` to `customPiece25`).
pub const CUSTOM_SLOTS: u32 = 25;

/// The pieces a game defines, in the order their keys come.
pub(crate) fn read_pieces(keys: &Keys<'_>, header: Span) -> Result<Vec<PieceKind>, GameFileError> {
    let mut kinds: Vec<PieceKind> = Vec::new();
    let mut origins: Vec<&Entry> = Vec::new();
    for entry in keys.all() {
        let custom = custom_slot(&entry.key);
        let known = predefined(&entry.key);
        if custom.is_none() && known.is_none() {
            continue;
        }
        keys.mark(entry);
        if entry.value == "-" || entry.value.is_empty() {
            continue; // removed, as in `queen = -`
        }
        let mut chars = entry.value.chars();
        let letter = match chars.next() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => {
                return Err(bad(
                    entry,
                    "expected a piece letter, such as `n` or `a:mRcpR`",
                ))
            }
        };
        let betza = match chars.next() {
            None => None,
            Some(':') => Some(chars.as_str()),
            Some(_) => {
                return Err(bad(
                    entry,
                    "expected one letter, optionally followed by `:` and Betza notation",
                ))
            }
        };
        let betza_span = Span {
            line: entry.value_span.line,
            column: entry.value_span.column + 2,
        };
        let mut kind = match (known, betza) {
            (Some(p), None) => match joust_piece(p.key) {
                Some(k) => k,
                None => PieceKind::new(p.name, letter, parse_betza(p.betza, entry, betza_span)?),
            },
            (Some(p), Some(text)) if p.key == "king" => {
                PieceKind::new("King", letter, parse_betza(text, entry, betza_span)?)
            }
            (Some(_), Some(_)) => {
                return Err(bad(
                    entry,
                    "a predefined piece takes only a letter; use `customPieceN = x:BETZA` to \
                     describe a new one",
                ))
            }
            (None, Some(text)) => PieceKind::new(
                "Custom piece",
                letter,
                parse_betza(text, entry, betza_span)?,
            ),
            (None, None) => {
                return Err(bad(
                    entry,
                    "a custom piece needs its movement: `x:BETZA`, such as `a:BN`",
                ))
            }
        };
        kind.letter = letter;
        kind.betza = match (known, betza) {
            (_, Some(text)) => Some(super::build::leak(text.trim())),
            (Some(p), None) => Some(p.betza),
            (None, None) => None,
        };
        if entry.key == "king" {
            kind.royal = true;
        }
        if let Some(p) = known {
            kind.name = p.name;
        }
        if let Some(prev) = kinds.iter().position(|k| k.letter == letter) {
            return Err(bad(
                entry,
                format!(
                    "letter `{}` is already the {} (`{}`)",
                    letter.to_ascii_lowercase(),
                    kinds[prev].name,
                    origins[prev].key,
                ),
            ));
        }
        if kinds.len() == MAX_KINDS {
            return Err(bad(
                entry,
                format!("a game may have at most {MAX_KINDS} piece types"),
            ));
        }
        kinds.push(kind);
        origins.push(entry);
    }
    if kinds.is_empty() {
        return Err(GameFileError::at(
            header,
            GameFileErrorKind::Invalid("the game defines no pieces".into()),
        ));
    }
    name_and_value(keys, &mut kinds)?;
    Ok(kinds)
}

/// True if `key` defines a piece: a predefined name or a custom slot.
pub(crate) fn is_piece_key(key: &str) -> bool {
    predefined(key).is_some() || custom_slot(key).is_some()
}

/// `customPieceN` with N from 1 to 25.
fn custom_slot(key: &str) -> Option<u32> {
    let n: u32 = key.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_SLOTS).contains(&n).then_some(n)
}

fn parse_betza(
    text: &str,
    entry: &Entry,
    span: Span,
) -> Result<Vec<crate::atom::Atom>, GameFileError> {
    crate::betza::parse(text).map_err(|e| {
        GameFileError::at(
            Span {
                line: span.line,
                column: span.column + e.column.saturating_sub(1),
            },
            GameFileErrorKind::BadValue {
                key: entry.key.clone(),
                reason: e.to_string(),
            },
        )
    })
}

/// Joust's own keys `pieceName.x` and `pieceValue.x`: a piece's name for people and its
/// value in centipawns.
fn name_and_value(keys: &Keys<'_>, kinds: &mut [PieceKind]) -> Result<(), GameFileError> {
    for entry in keys.all() {
        let (is_name, letter) = if let Some(l) = entry.key.strip_prefix("pieceName.") {
            (true, l)
        } else if let Some(l) = entry.key.strip_prefix("pieceValue.") {
            (false, l)
        } else {
            continue;
        };
        keys.mark(entry);
        let kind = single_letter(letter)
            .and_then(|l| kinds.iter_mut().find(|k| k.letter == l))
            .ok_or_else(|| {
                GameFileError::at(
                    entry.key_span,
                    GameFileErrorKind::BadValue {
                        key: entry.key.clone(),
                        reason: format!("`{letter}` is not the letter of a piece of this game"),
                    },
                )
            })?;
        if is_name {
            if entry.value.is_empty() || entry.value.chars().count() > 40 {
                return Err(bad(entry, "a piece name has 1 to 40 characters"));
            }
            kind.name = Box::leak(entry.value.clone().into_boxed_str());
        } else {
            let v: i32 = entry
                .value
                .parse()
                .ok()
                .filter(|v| (1..=100_000).contains(v))
                .ok_or_else(|| {
                    bad(
                        entry,
                        "a value is a whole number of centipawns, 1 to 100000",
                    )
                })?;
            kind.value = Some(v);
        }
    }
    Ok(())
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}
