//! A game's keys once inheritance is resolved, and the reading of typed values from them:
//! booleans, numbers, files and ranks, piece sets, square regions. Every key read is
//! marked, so that the keys nobody read can be reported.

use super::error::{GameFileError, GameFileErrorKind};
use super::ini::{Entry, Span};
use crate::square::Geometry;
use std::cell::Cell;

/// A game's entries (its own and inherited), each used at most once.
pub(crate) struct Keys<'a> {
    entries: &'a [Entry],
    used: Vec<Cell<bool>>,
}

impl<'a> Keys<'a> {
    pub fn new(entries: &'a [Entry]) -> Keys<'a> {
        Keys {
            entries,
            used: entries.iter().map(|_| Cell::new(false)).collect(),
        }
    }

    /// The entry with this key, marked as read.
    pub fn get(&self, key: &str) -> Option<&'a Entry> {
        let i = self.entries.iter().position(|e| e.key == key)?;
        self.used[i].set(true);
        Some(&self.entries[i])
    }

    /// Every entry in order, for keys read by pattern; marks none.
    pub fn all(&self) -> &'a [Entry] {
        self.entries
    }

    /// Marks an entry found through [`Keys::all`] as read.
    pub fn mark(&self, entry: &Entry) {
        if let Some(i) = self.entries.iter().position(|e| std::ptr::eq(e, entry)) {
            self.used[i].set(true);
        }
    }

    /// The entries nobody read.
    pub fn unread(&self) -> impl Iterator<Item = &'a Entry> + '_ {
        self.entries
            .iter()
            .zip(&self.used)
            .filter(|(_, u)| !u.get())
            .map(|(e, _)| e)
    }

    /// A boolean key (`true` or `false`), or `default`.
    pub fn bool(&self, key: &str, default: bool) -> Result<bool, GameFileError> {
        let Some(e) = self.get(key) else {
            return Ok(default);
        };
        match e.value.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(bad(e, "expected `true` or `false`")),
        }
    }

    /// A whole number key, or `default`.
    pub fn number(&self, key: &str, default: u32) -> Result<u32, GameFileError> {
        let Some(e) = self.get(key) else {
            return Ok(default);
        };
        e.value
            .parse::<u32>()
            .map_err(|_| bad(e, "expected a whole number such as 50"))
    }
}

/// A `BadValue` error at the entry's value.
pub(crate) fn bad(e: &Entry, reason: impl Into<String>) -> GameFileError {
    GameFileError::at(
        e.value_span,
        GameFileErrorKind::BadValue {
            key: e.key.clone(),
            reason: reason.into(),
        },
    )
}

/// An `Unsupported` error at the entry's key.
pub(crate) fn unsupported(e: &Entry, reason: impl Into<String>) -> GameFileError {
    GameFileError::at(
        e.key_span,
        GameFileErrorKind::Unsupported {
            key: e.key.clone(),
            reason: reason.into(),
        },
    )
}

/// An error about the game as a whole, placed at its header.
pub(crate) fn invalid(span: Span, reason: impl Into<String>) -> GameFileError {
    GameFileError::at(span, GameFileErrorKind::Invalid(reason.into()))
}

/// A file written as a letter (`a`) or a number from 1, as Fairy-Stockfish takes it; the
/// result is 0-based.
pub(crate) fn file_index(text: &str) -> Option<u8> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u8>() {
        return n.checked_sub(1);
    }
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) => Some(c as u8 - b'a'),
        _ => None,
    }
}

/// A set of whole ranks written as Fairy-Stockfish writes regions of whole ranks (`*2`,
/// or `*1 *2`), 0-based; `None` if the region is not made of whole ranks (`a1 b2`) or a
/// rank is off the board.
pub(crate) fn whole_ranks(text: &str, g: Geometry) -> Option<Vec<u8>> {
    let mut ranks = Vec::new();
    for token in text.split_whitespace() {
        let r = token
            .strip_prefix('*')?
            .parse::<u8>()
            .ok()?
            .checked_sub(1)?;
        if r >= g.ranks() {
            return None;
        }
        ranks.push(r);
    }
    ranks.sort_unstable();
    ranks.dedup();
    Some(ranks)
}

pub(crate) use crate::suggest::closest;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_ranks_and_suggestions() {
        assert_eq!(file_index("a"), Some(0));
        assert_eq!(file_index("10"), Some(9));
        assert_eq!(file_index("0"), None);
        assert_eq!(file_index("ab"), None);
        let g = Geometry::CHESS;
        assert_eq!(whole_ranks("*2", g), Some(vec![1]));
        assert_eq!(whole_ranks("*2 *1", g), Some(vec![0, 1]));
        assert_eq!(whole_ranks("a2", g), None);
        assert_eq!(whole_ranks("*9", g), None);
        let known = ["startFen", "maxFile", "maxRank"];
        assert_eq!(closest("startfen", known.into_iter()), Some("startFen"));
        assert_eq!(closest("maxFiles", known.into_iter()), Some("maxFile"));
        assert_eq!(closest("colour", known.into_iter()), None);
    }
}
