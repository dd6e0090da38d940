//! joust-render: pictures of positions.
//!
//! [`text`] draws a board for a terminal (Unicode glyphs, letters for fairy pieces, arrows
//! for Lancer facings); [`svg`] draws a vector diagram that needs no fonts for its pieces.

#![warn(missing_docs)]

pub mod text;

pub use text::{board_text, facing_arrow, legend, piece_symbol, TextStyle};
