//! Helpers shared by the game-file integration tests: reading a file as a user writes it,
//! and the error lines of a game that does not build.

#![allow(dead_code)]

use joust_core::gamefile::{load, Loaded};
use joust_core::variants::files::parent_entries;

/// The games of `text`, inheriting from the built-in files; its syntax must be fine.
pub fn read(text: &str) -> Loaded {
    load(text, &parent_entries).expect("the file's syntax is fine")
}

/// The error lines of the one rejected game of `text` (which must build no game).
pub fn rejection(text: &str) -> String {
    let loaded = read(text);
    assert!(loaded.games.is_empty(), "the game built");
    let (_, errors) = &loaded.rejected[0];
    let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    lines.join("\n")
}
