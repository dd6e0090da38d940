//! `seirawanGating`: gating from the hand (S-Chess, [`Variant::hand_gating`]), with
//! `gating = true`, which Fairy-Stockfish needs beside it to keep the squares able to gate.

use super::error::GameFileError;
use super::keys::{bad, Keys};
use crate::variant::Variant;

/// Reads `seirawanGating` (and `gating`) of a game whose other rules `v` already has.
pub(crate) fn hand_gating(keys: &Keys<'_>, v: &Variant) -> Result<bool, GameFileError> {
    let Some(e) = keys.get("seirawanGating") else {
        return Ok(false);
    };
    if !keys.bool("seirawanGating", false)? {
        return Ok(false);
    }
    if keys.get("gating").is_none_or(|g| g.value != "true") {
        return Err(bad(
            e,
            "gating from the hand needs `gating = true` too (the squares able to gate are \
             its gates)",
        ));
    }
    if !v.gating_types.is_empty() || v.first_leaps.is_some() {
        return Err(bad(
            e,
            "gating from the hand does not mix with `gatingTypes` (Musketeer's reserve) or \
             `cambodianMoves`",
        ));
    }
    Ok(true)
}
