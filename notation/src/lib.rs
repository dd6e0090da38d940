//! joust-notation: how moves and games are written down.
//!
//! Coordinate move text (docs/rules/README.md, "Moves in coordinates"; [`coordinate`]),
//! SAN for every game ([`san`]), why a move is not legal ([`explain`]), PGN files ([`pgn`]), the names games go by in them
//! ([`names`]) and time controls ([`time_control`]). Parsing never panics: every error is
//! a typed value saying what was wrong and where.

#![warn(missing_docs)]

pub mod coordinate;
pub mod explain;
pub mod names;
pub mod pgn;
pub mod san;
pub mod time_control;

pub use coordinate::{move_to_text, parse_move, MoveTextError};
pub use names::variant_by_name;
pub use pgn::{
    read_pgn, write_pgn, Line, Loc, MoveNotation, PgnError, PgnErrorKind, PgnGame, PgnMove,
    PgnReader,
};
pub use san::{legal_moves_san, move_to_san, parse_san, SanError};
pub use time_control::{parse_duration, DurationProblem, TimeControl, TimeControlError};
