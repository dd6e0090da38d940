//! Game names as people write them in a PGN `[Variant]` tag.

use joust_core::{variants, Variant};

/// Other names each game id is known by, beyond its id and display name.
const ALIASES: &[(&str, &[&str])] = &[
    (
        "chess",
        &["standard", "fide", "normal", "orthodox", "classical"],
    ),
    ("lancerchess", &["lancer"]),
    ("clash", &[]),
    ("lancers", &["lancer's chess", "jt k lancers"]),
    ("single-lancer", &["single lancers", "single lancers chess"]),
    (
        "cromwell",
        &["cromwell charles", "charles", "cromwell (charles)"],
    ),
    ("royal-lion", &["lion"]),
    ("musketeer", &["musketeers"]),
];

/// Lowercase letters and digits only: `Royal Lion Chess` → `royallionchess`.
fn normalise(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The game a `[Variant]` tag names: its id, its display name or an alias, ignoring case,
/// spaces, hyphens and a trailing "chess" (`LancerChess`, `Lancers Chess`,
/// `Musketeer Chess`, `Royal Lion Chess`, `Cromwell Chess`, `Clash`, `Single Lancer chess`).
/// Note that "LancerChess" (no s) is `lancerchess` and "Lancers Chess" is `lancers`.
pub fn variant_by_name(name: &str) -> Option<&'static Variant> {
    let wanted = normalise(name);
    if wanted.is_empty() {
        return None;
    }
    let find = |w: &str| {
        // The games of the user's files too: a PGN of such a game names it by its id.
        variants::with_user_games().into_iter().find(|v| {
            normalise(v.id) == w
                || normalise(v.name) == w
                || ALIASES
                    .iter()
                    .filter(|(id, _)| *id == v.id)
                    .flat_map(|(_, names)| names.iter())
                    .any(|a| normalise(a) == w)
        })
    };
    find(&wanted).or_else(|| {
        wanted
            .strip_suffix("chess")
            .filter(|w| !w.is_empty())
            .and_then(find)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases() {
        for (name, id) in [
            ("LancerChess", "lancerchess"),
            ("Lancer Chess", "lancerchess"),
            ("Lancers Chess", "lancers"),
            ("lancers", "lancers"),
            ("Musketeer Chess", "musketeer"),
            ("musketeer", "musketeer"),
            ("Royal Lion Chess", "royal-lion"),
            ("royal-lion", "royal-lion"),
            ("Cromwell Chess", "cromwell"),
            ("Cromwell (Charles) Chess", "cromwell"),
            ("Clash", "clash"),
            ("Clash Chess", "clash"),
            ("Single Lancer chess", "single-lancer"),
            ("single-lancer", "single-lancer"),
            ("Standard", "chess"),
            ("chess", "chess"),
            ("FIDE chess", "chess"),
        ] {
            assert_eq!(variant_by_name(name).map(|v| v.id), Some(id), "{name}");
        }
        for bad in ["", "crazyhouse", "chess960", "-", "lancerslancers"] {
            assert!(variant_by_name(bad).is_none(), "{bad}");
        }
    }
}
