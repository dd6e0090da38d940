//! joust-render: pictures of positions.
//!
//! [`text`] draws a board for a terminal (Unicode glyphs, letters for fairy pieces, arrows
//! for Lancer facings); [`svg`] draws a vector diagram that needs no fonts for its pieces
//! or coordinates.

#![warn(missing_docs)]

mod shapes;
pub mod strokefont;
pub mod svg;
pub mod text;

pub use svg::{board_svg, SvgStyle};
pub use text::{board_text, facing_arrow, legend, piece_symbol, TextStyle};
