//! The keys of goals besides mate, with Fairy-Stockfish's meanings: the flag
//! (`flagPiece`, `flagRegion` and their `White`/`Black` forms, `flagMove`), `checking`
//! and `checkCounting`.

use super::error::GameFileError;
use super::ini::Entry;
use super::keys::{bad, Keys};
use crate::color::Color;
use crate::goal::{Flag, Goals, Region};
use crate::variant::Variant;

/// Reads the goal keys of a game whose pieces and board `v` already has.
pub(crate) fn goals(keys: &Keys<'_>, v: &Variant) -> Result<Goals, GameFileError> {
    let both_piece = keys.get("flagPiece");
    let both_region = keys.get("flagRegion");
    let mut flag = [None, None];
    for color in Color::ALL {
        let side = match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        let piece = keys.get(&format!("flagPiece{side}")).or(both_piece);
        let region = keys.get(&format!("flagRegion{side}")).or(both_region);
        let region = match region {
            None => Region::default(),
            Some(e) => Region::parse(&e.value, v.geometry).ok_or_else(|| {
                bad(
                    e,
                    "expected squares (`d4`), ranks (`*8`) or files (`a*`) of the board",
                )
            })?,
        };
        let kinds = match piece {
            None => all_kinds(v, color),
            Some(e) => flag_kinds(e, v, color)?,
        };
        // Fairy-Stockfish: without a region there is no flag, whatever the piece.
        if !region.is_empty() && kinds != 0 {
            flag[color.index()] = Some(Flag { kinds, region });
        }
    }
    let flag_move = keys.bool("flagMove", false)?;
    Ok(Goals {
        flag,
        flag_move,
        no_checks: !keys.bool("checking", true)?,
        check_counting: keys.bool("checkCounting", false)?,
    })
}

/// Every kind of `color`'s army, as a bit set.
fn all_kinds(v: &Variant, color: Color) -> u16 {
    v.armies[color.index()]
        .iter()
        .fold(0, |set, k| set | 1 << k.index())
}

/// The kinds a `flagPiece` value names (letters, or `*` for every piece) that `color`
/// owns, as a bit set.
fn flag_kinds(e: &Entry, v: &Variant, color: Color) -> Result<u16, GameFileError> {
    if e.value == "*" {
        return Ok(all_kinds(v, color));
    }
    let mut set = 0u16;
    for c in e.value.chars().filter(|c| !c.is_whitespace()) {
        match v.kind_by_letter(color, c.to_ascii_uppercase()) {
            Some(k) => set |= 1 << k.index(),
            None => {
                return Err(bad(
                    e,
                    format!("`{c}` is not the letter of a piece of this game"),
                ))
            }
        }
    }
    Ok(set)
}
