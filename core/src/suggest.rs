//! "Did you mean" suggestions: the known name closest to a mistyped one.
//!
//! Used wherever a user types a name Joust must recognise (game ids, game-file keys,
//! moves), so that every such error can point at what was probably meant.
//!
//! ```
//! use joust_core::suggest::{closest, edit_distance};
//!
//! assert_eq!(edit_distance("Chesss", "chess"), 1);
//! assert_eq!(closest("chesss", ["chess", "lancers"].into_iter()), Some("chess"));
//! assert_eq!(closest("xiangqi", ["chess", "lancers"].into_iter()), None);
//! ```

/// The edit distance between two texts, ignoring letter case: how many letters must be
/// inserted, removed or replaced, or pairs of neighbouring letters swapped, to turn one
/// into the other (the optimal-string-alignment distance: a swap, the commonest slip of
/// the fingers, counts as one edit, as in `hlep` for `help`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    // Three rows of the table: the two before the current one (a swap looks two back).
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let mut d = (last[j] + 1)
                .min(row[j - 1] + 1)
                .min(last[j - 1] + usize::from(a[i - 1] != b[j - 1]));
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

/// The name in `known` closest to `typed`, if it is close enough to be a likely typo: at
/// most 2 edits away, or a fifth of the name's length for long names. Ties go to the
/// first name listed.
pub fn closest<'k>(typed: &str, known: impl Iterator<Item = &'k str>) -> Option<&'k str> {
    known
        .map(|k| (edit_distance(typed, k), k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 5))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("nf3", "Nf3"), 0);
        assert_eq!(edit_distance("Nf4", "Nf3"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("hlep", "help"), 1, "a swap is one edit");
        assert_eq!(edit_distance("lancerhcess", "lancerchess"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(
            edit_distance("abc", "ca"),
            3,
            "no edit of a swapped pair again"
        );
        assert_eq!(edit_distance("abc", ""), 3);
    }

    #[test]
    fn suggestions() {
        let known = ["startFen", "maxFile", "maxRank"];
        assert_eq!(closest("startfen", known.into_iter()), Some("startFen"));
        assert_eq!(closest("maxFiles", known.into_iter()), Some("maxFile"));
        assert_eq!(closest("colour", known.into_iter()), None);
        assert_eq!(closest("", known.into_iter()), None);
    }
}
