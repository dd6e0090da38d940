//! joust-render: pictures of positions.
//!
//! [`text`] draws a board for a terminal (Unicode glyphs, letters for fairy pieces, arrows
//! for Lancer facings); [`svg`] draws a vector diagram that needs no fonts for its pieces
//! or coordinates; [`rules`] says a game's rules in short.

#![warn(missing_docs)]

mod marks;
mod outlines;
pub mod rules;
mod shapes;
pub mod strokefont;
pub mod svg;
pub mod text;
pub mod words;

pub use marks::MoveMark;
pub use shapes::{facing_shape, piece_shape};
pub use svg::{board_svg, SvgStyle};
pub use text::{board_text, facing_arrow, legend, piece_symbol, TextStyle};
