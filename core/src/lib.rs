//! joust-core: what a position is.
//!
//! Board geometry for any rectangle of up to 12 files or ranks and 128 squares, bitboards
//! of 64 or 128 bits, pieces described by movement atoms, games ([`Variant`]) as data, and
//! [`Position`] with FEN.
//! Nothing here generates moves: that is `joust-movegen`.

#![warn(missing_docs)]

pub mod atom;
pub mod betza;
pub mod bitboard;
pub mod castling;
pub mod check_series;
pub mod chess960;
pub mod color;
pub mod end_rules;
pub mod fen;
mod fen_error;
mod fen_gating;
mod fen_hand;
pub mod gamefile;
pub mod gating;
pub mod goal;
pub mod mobility;
pub mod piece;
pub mod pieces;
pub mod position;
pub mod rng;
pub mod square;
pub mod suggest;
pub mod variant;
pub mod variants;
pub mod zobrist;

pub use atom::{Action, Atom, Mode, Occupant, Path};
pub use bitboard::Bits;
pub use color::Color;
pub use fen::{FenError, FenField};
pub use gating::{Gating, SetupStep, Slot};
pub use goal::{Flag, GoalEnd, Goals, Region};
pub use mobility::{MobilityRegion, MovementLimits, SoldierRule};
pub use piece::{KindId, Piece, PieceKind, MAX_KINDS};
pub use position::{CastlingRights, Position, MAX_HAND};
pub use square::{Direction, File, Geometry, Rank, Square};
pub use variant::{CastlingRule, DeadPosition, FirstLeaps, Material, Variant};
