//! Games as data: game files in the syntax of Fairy-Stockfish's `variants.ini`, read into
//! [`Variant`]s.
//!
//! A game file is INI: `[id]` or `[id:parent]` sections of `key = value` lines, with
//! Fairy-Stockfish's keys and meanings (pieces by name or in Betza notation, `startFen`,
//! `maxFile`, castling and promotion keys...) plus a few of Joust's own (`name`,
//! `summary`, `pieceName.x`, `pieceValue.x`, `deadPositionSingle`,
//! `deadPositionColourBound`). `docs/game-files.md` is the reference.
//!
//! Inheritance works key by key: a section starts with every key of its parent (a game
//! defined earlier in the same file, or a built-in game defined by a file) and its own
//! keys replace or add to them.

mod build;
mod castling;
mod ends;
pub mod error;
mod first_leaps;
mod fsf_pieces;
mod goals;
mod hand_gating;
pub mod ini;
mod joust_rules;
mod keys;
mod mobility;
mod pieces;
mod promotion;
mod rules;

pub use error::{GameFileError, GameFileErrorKind};
pub use ini::{Entry, Section, Span};

use crate::position::Position;
use crate::variant::Variant;

/// Keys that describe one game only, so a child does not take them from its parent (nor
/// does it take the numbered `rulesInShort.N`).
const NOT_INHERITED: &[&str] = &["name", "summary"];

/// A game file's games, once read: those that built, and for each one that did not, its
/// id and everything wrong with it.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The games that built, in file order.
    pub games: Vec<&'static Variant>,
    /// The games that did not, with every error found in each (unsupported keys among
    /// them), in file order.
    pub rejected: Vec<(String, Vec<GameFileError>)>,
    /// Every section's resolved entries (inheritance applied), so that later files can
    /// inherit from these games.
    pub sections: Vec<(String, Vec<Entry>)>,
}

/// Reads a game file's text. `parents` gives the resolved entries of games defined
/// elsewhere (built-in files) that sections may inherit from.
///
/// A syntax error rejects the whole file (`Err`); a section that does not build is listed
/// in [`Loaded::rejected`] and the others still load.
pub fn load(
    text: &str,
    parents: &dyn Fn(&str) -> Option<Vec<Entry>>,
) -> Result<Loaded, GameFileError> {
    let sections = ini::parse(text)?;
    let mut loaded = Loaded::default();
    for section in sections {
        let mut entries = match &section.parent {
            None => Vec::new(),
            Some((parent, span)) => {
                let own = loaded
                    .sections
                    .iter()
                    .rev()
                    .find(|(id, _)| id == parent)
                    .map(|(_, e)| e.clone());
                match own.or_else(|| parents(parent)) {
                    Some(e) => e,
                    None => {
                        let err = GameFileError::at(
                            *span,
                            GameFileErrorKind::UnknownParent(parent.clone()),
                        );
                        loaded.rejected.push((section.id.clone(), vec![err]));
                        continue;
                    }
                }
            }
        };
        // A game's name and summary are its own, never inherited.
        entries.retain(|e| {
            !NOT_INHERITED.contains(&e.key.as_str()) && !e.key.starts_with(build::RULES_IN_SHORT)
        });
        for entry in &section.entries {
            match entries.iter_mut().find(|e| e.key == entry.key) {
                Some(e) => *e = entry.clone(),
                None => entries.push(entry.clone()),
            }
        }
        drop_orphan_piece_names(&mut entries, &section.entries);
        match build::build(&section.id, section.id_span, &entries) {
            Ok(v) => {
                let v: &'static Variant = Box::leak(Box::new(v));
                match Position::<u128>::from_fen(v, v.start_fen) {
                    Ok(_) => loaded.games.push(v),
                    Err(e) => {
                        // At the game's own startFen, or its header if it inherits one.
                        let span = section
                            .entries
                            .iter()
                            .find(|e| e.key == "startFen")
                            .map_or(section.id_span, |e| e.value_span);
                        let err = GameFileError::at(
                            span,
                            GameFileErrorKind::Invalid(format!("the start position: {e}")),
                        );
                        loaded.rejected.push((section.id.clone(), vec![err]));
                    }
                }
            }
            Err(errors) => loaded.rejected.push((section.id.clone(), errors)),
        }
        loaded.sections.push((section.id, entries));
    }
    Ok(loaded)
}

/// Drops the inherited `pieceName.x` and `pieceValue.x` of a letter that no piece has
/// once the section's own keys are applied: a child that removes its parent's piece
/// (`fers = -` under Makruk) does not have to remove the parent's name for it. The
/// section's own such keys are kept, so a mistake in them is still reported.
fn drop_orphan_piece_names(entries: &mut Vec<Entry>, own: &[Entry]) {
    let letters: Vec<char> = entries
        .iter()
        .filter(|e| pieces::is_piece_key(&e.key) && e.value != "-")
        .filter_map(|e| e.value.chars().next())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    entries.retain(|e| {
        let letter = e
            .key
            .strip_prefix("pieceName.")
            .or_else(|| e.key.strip_prefix("pieceValue."));
        match letter {
            None => true,
            Some(l) => {
                own.iter().any(|o| o.key == e.key)
                    || l.chars().any(|c| letters.contains(&c.to_ascii_lowercase()))
            }
        }
    });
}
