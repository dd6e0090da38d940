//! The `--musketeer leopard@d,cannon@g` shortcut: the six setup moves of Musketeer Chess
//! (docs/rules/musketeer.md, "The setup") written as two choices.

use crate::UserError;
use joust_core::variants;

/// The setup moves (coordinate text) for a shortcut such as `leopard@d,cannon@g` or
/// `L@d/e,C@g`: White selects the first type, Black the second, then White and Black place
/// the first, then the second. `X@f` puts both sides' pieces behind file `f`; `X@f/g`
/// puts White's behind `f` and Black's behind `g`.
pub fn setup_moves(spec: &str) -> Result<Vec<String>, UserError> {
    let v = variants::musketeer();
    let bad = |why: String| UserError(format!("--musketeer '{spec}': {why}"));
    let parts: Vec<&str> = spec.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(bad(
            "give exactly two choices, e.g. leopard@d,cannon@g".into()
        ));
    }
    let mut letters = Vec::new();
    let mut files = Vec::new();
    for part in parts {
        let (name, place) = part
            .split_once('@')
            .ok_or_else(|| bad(format!("'{part}' is not TYPE@FILE")))?;
        let kind = v
            .gating_types
            .iter()
            .copied()
            .find(|&k| {
                let kind = v.kind(k);
                kind.name.eq_ignore_ascii_case(name)
                    || name.len() == 1 && name.eq_ignore_ascii_case(&kind.letter.to_string())
            })
            .ok_or_else(|| {
                let names: Vec<String> = v
                    .gating_types
                    .iter()
                    .map(|&k| v.kind(k).name.to_ascii_lowercase())
                    .collect();
                bad(format!(
                    "'{name}' is not a Musketeer piece (choose from {})",
                    names.join(", ")
                ))
            })?;
        let (white, black) = place.split_once('/').unwrap_or((place, place));
        for f in [white, black] {
            let ok = f.len() == 1 && ('a'..='h').contains(&f.chars().next().unwrap_or(' '));
            if !ok {
                return Err(bad(format!("'{f}' is not a file from a to h")));
            }
        }
        letters.push(v.kind(kind).letter);
        files.push((white.to_string(), black.to_string()));
    }
    if letters[0] == letters[1] {
        return Err(bad("the two types must differ".into()));
    }
    Ok(vec![
        letters[0].to_string(),
        letters[1].to_string(),
        format!("{}@{}0", letters[0], files[0].0),
        format!("{}@{}9", letters[0], files[0].1),
        format!("{}@{}0", letters[1], files[1].0),
        format!("{}@{}9", letters[1], files[1].1),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_letters_and_split_files() {
        assert_eq!(
            setup_moves("leopard@d,cannon@g").unwrap(),
            ["L", "C", "L@d0", "L@d9", "C@g0", "C@g9"]
        );
        assert_eq!(
            setup_moves("L@d/e, hawk@a").unwrap(),
            ["L", "H", "L@d0", "L@e9", "H@a0", "H@a9"]
        );
    }

    #[test]
    fn bad_shortcuts_are_refused() {
        for bad in [
            "",
            "leopard@d",
            "leopard@d,cannon@g,hawk@a",
            "queen@d,cannon@g",
            "leopard@d,leopard@g",
            "leopard@z,cannon@g",
            "leopard,cannon@g",
            "leopard@d/,cannon@g",
        ] {
            assert!(setup_moves(bad).is_err(), "{bad}");
        }
    }
}
