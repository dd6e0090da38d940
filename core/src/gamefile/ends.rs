//! The end-rule keys: `extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`,
//! `extinctionOpponentPieceCount`, `extinctionClaim`, `mustCapture`, `checkmateValue`
//! and `shatarMateRule`, read with Fairy-Stockfish's meanings into [`EndRules`].

use super::error::GameFileError;
use super::ini::Entry;
use super::keys::{bad, unsupported, Keys};
use crate::check_series::ShatarMate;
use crate::color::Color;
use crate::end_rules::{EndRules, EndValue, Extinction, ExtinctionKinds};
use crate::fen::placement_letters;
use crate::piece::{KindId, PieceKind};
use crate::variant::Variant;

/// Reads a game's end rules; the kinds are the game's, to resolve letters.
pub(crate) fn end_rules(keys: &Keys<'_>, kinds: &[PieceKind]) -> Result<EndRules, GameFileError> {
    let checkmate = match keys.get("checkmateValue") {
        None => EndValue::Loss,
        Some(e) => match value(e)? {
            Some(v) if v != EndValue::Draw => v,
            _ => {
                return Err(unsupported(
                    e,
                    "only checkmate that loses or wins is played",
                ))
            }
        },
    };
    let must_capture = keys.bool("mustCapture", false)?;
    let shatar_mate = keys
        .bool("shatarMateRule", false)?
        .then(|| shatar_mate(keys, kinds));
    // Every extinction key is read, so none is reported as unread when the rule is off.
    let value_entry = keys.get("extinctionValue");
    let types = keys.get("extinctionPieceTypes");
    let count = keys.number("extinctionPieceCount", 0)?;
    let opponent_count = keys.number("extinctionOpponentPieceCount", 0)?;
    let claim = keys.bool("extinctionClaim", false)?;
    if let Some(e) = keys.get("extinctionPseudoRoyal") {
        if e.value != "false" {
            return Err(unsupported(
                e,
                "pseudo-royal extinction pieces are not played yet",
            ));
        }
    }
    let extinction = match value_entry {
        None => None,
        Some(e) => match value(e)? {
            None => None,
            Some(value) => Some(Extinction {
                value,
                kinds: piece_types(types, kinds)?,
                count,
                opponent_count,
                claim,
            }),
        },
    };
    Ok(EndRules {
        extinction,
        must_capture,
        checkmate,
        shatar_mate,
    })
}

/// Shatar's mating rule for a game's kinds. Fairy-Stockfish's shak pieces are its
/// predefined `knight`, `rook` and `bers`, and the pieces that may not mate alone its
/// `knight`, whatever letters the file gives them.
fn shatar_mate(keys: &Keys<'_>, kinds: &[PieceKind]) -> ShatarMate {
    let bits = |names: &[&str]| {
        names
            .iter()
            .filter_map(|name| keys.get(name)?.value.chars().next())
            .filter_map(|c| {
                let letter = c.to_ascii_uppercase();
                kinds.iter().position(|k| k.letter == letter)
            })
            .fold(0u32, |acc, i| acc | 1 << i)
    };
    ShatarMate {
        shak: bits(&["knight", "rook", "bers"]),
        knights: bits(&["knight"]),
    }
}

/// A value key: `win`, `loss` or `draw` for the side concerned, `none` for no rule.
fn value(e: &Entry) -> Result<Option<EndValue>, GameFileError> {
    match e.value.as_str() {
        "win" => Ok(Some(EndValue::Win)),
        "loss" => Ok(Some(EndValue::Loss)),
        "draw" => Ok(Some(EndValue::Draw)),
        "none" => Ok(None),
        _ => Err(bad(e, "expected `win`, `loss`, `draw` or `none`")),
    }
}

/// `extinctionPieceTypes`: `*` (all pieces together) or letters of the game's pieces.
/// Fairy-Stockfish's default is no type at all, which makes the rule never apply.
fn piece_types(e: Option<&Entry>, kinds: &[PieceKind]) -> Result<ExtinctionKinds, GameFileError> {
    let Some(e) = e else {
        return Ok(ExtinctionKinds::Kinds(Vec::new()));
    };
    let mut out = Vec::new();
    for c in e.value.chars().filter(|c| !c.is_whitespace()) {
        if c == '*' {
            if e.value.trim() != "*" {
                return Err(bad(e, "`*` (all pieces) stands alone"));
            }
            return Ok(ExtinctionKinds::All);
        }
        match kinds
            .iter()
            .position(|k| k.letter == c.to_ascii_uppercase())
        {
            Some(i) => out.push(KindId(i as u8)),
            None => {
                return Err(bad(
                    e,
                    format!("`{c}` is not the letter of a piece of this game"),
                ))
            }
        }
    }
    Ok(ExtinctionKinds::Kinds(out))
}

/// A side whose start position has no royal piece (Horde's White) has none: the royal
/// kind leaves its army, so that it is never in check and a position of the game need
/// not give it one.
pub(crate) fn drop_absent_royals(v: &mut Variant) {
    let board = placement_letters(v.start_fen, v.geometry);
    for color in Color::ALL {
        let Some(royal) = v.royal(color) else {
            continue;
        };
        let letter = v.kind(royal).letter;
        let shown = match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        };
        if !board.iter().flatten().any(|&c| c == shown) {
            v.armies[color.index()].retain(|&k| k != royal);
        }
    }
}
