//! joust-notation: how moves and games are written down.
//!
//! Coordinate move text (RULES.md §1.8) for now; SAN and PGN come with the notation issue.

#![warn(missing_docs)]

pub mod coordinate;

pub use coordinate::{move_to_text, parse_move, MoveTextError};
