//! Joust's own rule keys for rules Fairy-Stockfish has no key for: two pieces that may
//! never attack each other (`mutualImmunity`, Cromwell Chess's Rupert and Pym), and
//! Musketeer Chess's setup and gating (`gatingTypes`, `gatingRejection`).

use super::error::GameFileError;
use super::ini::Entry;
use super::keys::{bad, Keys};
use crate::piece::KindId;
use crate::variant::Variant;

/// Reads the keys into `v`, whose pieces and armies are already built.
pub(crate) fn read(keys: &Keys<'_>, v: &mut Variant) -> Result<(), GameFileError> {
    if let Some(e) = keys.get("mutualImmunity") {
        match kinds(e, v)?[..] {
            [a, b] if a != b => v.mutual_immunity = Some([a, b]),
            _ => return Err(bad(e, "expected the letters of two different pieces")),
        }
    }
    if let Some(e) = keys.get("gatingTypes") {
        let types = kinds(e, v)?;
        if let Some(&k) = types.iter().find(|&&k| v.kind(k).royal || v.kind(k).pawn) {
            return Err(bad(
                e,
                format!(
                    "`{}` is a royal piece or a pawn, which cannot be gated",
                    v.kind(k).letter.to_ascii_lowercase()
                ),
            ));
        }
        if types.len() < 2 {
            return Err(bad(e, "the setup selects two types: give at least two"));
        }
        v.gating_types = types;
    }
    if let Some(e) = keys.get("gatingRejection") {
        match kinds(e, v)?[..] {
            [a, b] if a != b && v.gating_types.contains(&a) && v.gating_types.contains(&b) => {
                v.gating_rejection = Some([a, b])
            }
            _ => {
                return Err(bad(
                    e,
                    "expected two different letters of `gatingTypes`: the types set when \
                     Black rejects White's choice",
                ))
            }
        }
    }
    Ok(())
}

/// The kinds an entry names by letter, in order; a letter must name exactly one kind.
fn kinds(e: &Entry, v: &Variant) -> Result<Vec<KindId>, GameFileError> {
    let mut out = Vec::new();
    for c in e.value.chars().filter(|c| !c.is_whitespace()) {
        let letter = c.to_ascii_uppercase();
        let mut found = v.kind_ids().filter(|&k| v.kind(k).letter == letter);
        match (found.next(), found.next()) {
            (Some(k), None) => out.push(k),
            (None, _) => {
                return Err(bad(
                    e,
                    format!("`{c}` is not the letter of a piece of this game"),
                ))
            }
            (Some(_), Some(_)) => {
                return Err(bad(
                    e,
                    format!("`{c}` names more than one piece (one of each side)"),
                ))
            }
        }
    }
    Ok(out)
}
