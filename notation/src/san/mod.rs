//! Standard algebraic notation (SAN) for every game (docs/rules/README.md, "Moves in
//! SAN", and each game's "Writing moves"): writing is canonical, reading is lenient.
//!
//! Written forms, beyond FIDE SAN:
//! - Lancers: `La1TNE` (`T` + final facing, only when the facing changes), promotion
//!   `e8=L` (facing the pawn's last step) or `e8=LTNE` (docs/rules/lancers.md, "Writing
//!   moves").
//! - Cromwell: shots `W*a7`, pawn shots `e*d4`, sideways pawn steps `ed2`
//!   (docs/rules/cromwell.md, "Writing moves").
//! - Royal Lion: double moves `Lxe5xe6`, `Lxe5-f6`, `Lxe5-e4` and the pass `L--`
//!   (docs/rules/royal-lion.md, "Writing moves").
//! - Musketeer: gating suffix `Nc3/L`, `O-O/L`; setup moves `L` and `L@b0`
//!   (docs/rules/musketeer.md, "Writing moves").
//! - LancerChess and Clash: `O-O` is the short castling with the a-file Tower
//!   (docs/rules/lancerchess.md, "Castling: Protecting the Queen").
//!
//! Read leniently: missing or extra `+`/`#`, annotation marks `!`/`?`, `0-0`/`0-0-0`,
//! redundant disambiguation (up to a full origin square, also `Ng1-f3`), a missing `x`,
//! a promotion without `=`, a redundant `T`+facing equal to the old facing, a missing
//! gating suffix, the seed's gating form `0-0 (Fo-e8)`, and a trailing `e.p.`.

mod read;
mod write;

pub use read::parse_san;
pub(crate) use read::{san_intent, SanIntent};
pub use write::{legal_moves_san, move_to_san};

use joust_core::{Direction, Geometry, Position, Square};
use joust_movegen::gating::gate_effect;
use joust_movegen::{tables, Move, MoveFlag, TableCache};
use std::fmt;

/// Why a SAN move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is empty.
    Empty,
    /// The text is not shaped like a SAN move of this game.
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Well formed, but no legal move matches it.
    Illegal(String),
    /// More than one legal move matches it (a disambiguator is missing).
    Ambiguous {
        /// The text as given.
        text: String,
        /// The canonical SAN of every matching move.
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Empty => write!(f, "empty move"),
            SanError::Malformed { text, reason } => {
                write!(f, "'{text}' is not a SAN move: {reason}")
            }
            SanError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' is ambiguous: it could be {}",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for SanError {}

/// The letter and square of the piece `mv` gates in, if it gates: a Musketeer reserve
/// piece, or a piece from the hand (S-Chess).
fn gate<B: TableCache>(pos: &Position<B>, mv: Move) -> Option<(char, Square)> {
    if let Some((kind, square)) = mv.hand_gate(pos) {
        return Some((pos.variant().kind(kind).letter, square));
    }
    let t = tables::<B>(pos.variant());
    if !t.has_gating() || mv.is_setup() {
        return None;
    }
    gate_effect(t, pos, mv)
        .gate
        .map(|(sq, kind, _)| (pos.variant().kind(kind).letter, sq))
}

/// True if `mv` removes an enemy piece (displacement, en passant, shot or Lion double).
fn is_capture<B: TableCache>(pos: &Position<B>, mv: Move) -> bool {
    match mv.flag {
        MoveFlag::EnPassant | MoveFlag::Shot | MoveFlag::LionDouble => true,
        MoveFlag::Normal | MoveFlag::DoubleStep => pos
            .piece_at(mv.to)
            .is_some_and(|p| p.color != pos.side_to_move()),
        _ => false,
    }
}

/// The direction of a one-square-per-axis step from `from` towards `to` (signs only).
fn step_direction(g: Geometry, from: Square, to: Square) -> Option<Direction> {
    let (ff, fr) = g.coords(from);
    let (tf, tr) = g.coords(to);
    Direction::from_delta((tf - ff).signum(), (tr - fr).signum())
}
