//! `cambodianMoves`: Ouk Chatrang's first moves ([`FirstLeaps`]), as Fairy-Stockfish 11.1
//! plays them: the royal piece's knight leap forward and the `fers` piece's two-square
//! leap forward, each while its first-move right holds.

use super::error::GameFileError;
use super::keys::{bad, Keys};
use crate::variant::{FirstLeaps, Variant};

/// Reads `cambodianMoves` (and `gating`, which Fairy-Stockfish needs beside it to keep the
/// first-move rights) of a game whose pieces `v` already has.
pub(crate) fn first_leaps(
    keys: &Keys<'_>,
    v: &Variant,
) -> Result<Option<FirstLeaps>, GameFileError> {
    if !keys.bool("cambodianMoves", false)? {
        return Ok(None);
    }
    if let Some(e) = keys.get("gating") {
        if e.value != "true" {
            return Err(bad(
                e,
                "with `cambodianMoves = true` only `true`: the first-move rights are gates",
            ));
        }
    }
    // Fairy-Stockfish's leaping piece is its predefined fers, whatever its letter.
    let forward_leaper = keys
        .get("fers")
        .and_then(|e| e.value.chars().next())
        .and_then(|c| v.any_kind_by_letter(c.to_ascii_uppercase()));
    Ok(Some(FirstLeaps { forward_leaper }))
}
