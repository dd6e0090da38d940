//! The keys of where pieces may move, with Fairy-Stockfish's meanings:
//! `mobilityRegionWhiteKing = d1 e1 f1 ...` (any piece, by the key that defines it:
//! `mobilityRegionBlackFers`, `mobilityRegionWhiteCustomPiece1`), `soldierPromotionRank`
//! and `flyingGeneral` (see [`crate::mobility`]).

use super::error::GameFileError;
use super::keys::{bad, Keys};
use super::pieces::is_piece_key;
use crate::color::Color;
use crate::goal::Region;
use crate::mobility::{MobilityRegion, MovementLimits, SoldierRule};
use crate::variant::Variant;

/// The prefix of the region keys, followed by `White` or `Black` and a piece key with its
/// first letter in capitals (`King`, `Fers`, `CustomPiece1`).
pub(crate) const MOBILITY_REGION: &str = "mobilityRegion";

/// Reads the keys of a game whose pieces and board `v` already has.
pub(crate) fn movement_limits(
    keys: &Keys<'_>,
    v: &Variant,
) -> Result<MovementLimits, GameFileError> {
    let mut limits = MovementLimits::default();
    for e in keys.all() {
        let Some(rest) = e.key.strip_prefix(MOBILITY_REGION) else {
            continue;
        };
        keys.mark(e);
        let (color, piece) = if let Some(p) = rest.strip_prefix("White") {
            (Color::White, p)
        } else if let Some(p) = rest.strip_prefix("Black") {
            (Color::Black, p)
        } else {
            return Err(bad(
                e,
                "the key names a side and a piece: `mobilityRegionWhiteKing`",
            ));
        };
        let piece_key = lower_first(piece);
        if !is_piece_key(&piece_key) {
            return Err(bad(
                e,
                format!("`{piece}` is not a piece key (such as `King`, `Fers`, `CustomPiece1`)"),
            ));
        }
        // The empty region (`-`) leaves the piece free, as in Fairy-Stockfish; so does a
        // piece the game removed (`fers = -`) or does not give this side.
        let Some(kind) =
            letter_of(keys, &piece_key, color).and_then(|letter| v.kind_by_letter(color, letter))
        else {
            continue;
        };
        let squares = Region::parse(&e.value, v.geometry).ok_or_else(|| {
            bad(
                e,
                "expected squares (`d1`), ranks (`*1`) or files (`d*`) of the board",
            )
        })?;
        if squares.is_empty() {
            continue;
        }
        limits
            .regions
            .retain(|r| !(r.color == color && r.kind == kind));
        limits.regions.push(MobilityRegion {
            color,
            kind,
            squares,
        });
    }
    if let Some(e) = keys.get("soldierPromotionRank") {
        let rank = e
            .value
            .parse::<u8>()
            .ok()
            .and_then(|r| r.checked_sub(1))
            .filter(|&r| r < v.geometry.ranks())
            .ok_or_else(|| bad(e, "expected a rank of the board, from 1"))?;
        let kind = letter_of(keys, "soldier", Color::White)
            .and_then(|letter| v.any_kind_by_letter(letter));
        match kind {
            // From the first rank on, the soldier always steps sideways: nothing to limit.
            Some(_) if rank == 0 => {}
            Some(kind) => limits.soldier = Some(SoldierRule { kind, rank }),
            None if rank == 0 => {}
            None => {
                return Err(bad(
                    e,
                    "the game has no soldier (`soldier = p`) for this rule",
                ))
            }
        }
    }
    limits.flying_general = keys.bool("flyingGeneral", false)?;
    Ok(limits)
}

/// `King` to `king`, `CustomPiece1` to `customPiece1`.
fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// The letter (uppercase) the piece key `piece` gives `color`'s piece (`king = k`, or
/// `king.white = k`), if the game has it.
fn letter_of(keys: &Keys<'_>, piece: &str, color: Color) -> Option<char> {
    let side = match color {
        Color::White => ".white",
        Color::Black => ".black",
    };
    let own = format!("{piece}{side}");
    let e = keys
        .all()
        .iter()
        .rev()
        .find(|e| e.key == own)
        .or_else(|| keys.all().iter().rev().find(|e| e.key == piece))?;
    e.value
        .chars()
        .next()
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_uppercase())
}
