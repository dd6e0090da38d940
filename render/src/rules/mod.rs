//! A game's rules in short, for people: the lines its game file writes by hand
//! (`rulesInShort.N`), or else a description written from its data ([`described`]), so
//! that they say exactly what the engine plays. `joust variants ID` and the web page's
//! game chooser both show them.

mod described;
mod ends;

pub use described::described;
use joust_core::Variant;

/// The rules in short of `v`, one bullet a line: its hand-written digest, or the
/// description from its data when it has none.
pub fn rules_in_short(v: &Variant) -> Vec<String> {
    if v.rules_in_short.is_empty() {
        described(v)
    } else {
        v.rules_in_short.iter().map(|l| l.to_string()).collect()
    }
}
