//! joust-movegen: what moves are legal and what they do.
//!
//! Attack tables are compiled once per game from the pieces' atoms ([`tables`]); legal
//! moves are generated with checks and pins worked out first ([`generate`]); [`make`] and
//! [`unmake`] play moves; [`Game`] adds history and the outcomes of RULES.md §1.4; and
//! [`perft`] counts move sequences to prove it all.

#![warn(missing_docs)]

mod attacks;
mod exotic;
pub mod gating;
mod gen;
mod general;
pub mod generic;
mod magics_8x8;
mod make;
mod moves;
mod outcome;
mod perft;
pub mod sliders;
pub mod suite;
pub mod tables;

pub use attacks::Pins;
pub use gen::generate;
pub use make::{make, unmake, Undo};
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use outcome::{Game, Outcome};
pub use perft::{divide, perft, perft_parallel, perft_with};
pub use sliders::Board;
pub use tables::{tables, TableCache, Tables};

use joust_core::{FenError, Position, Variant};

/// Every legal move of the side to move.
pub fn legal_moves<B: TableCache>(pos: &Position<B>) -> MoveList {
    let mut list = MoveList::new();
    generate(tables::<B>(pos.variant()), pos, &mut list);
    list
}

/// True if the side to move is in check.
pub fn in_check<B: TableCache>(pos: &Position<B>) -> bool {
    tables::<B>(pos.variant()).in_check(pos, pos.side_to_move())
}

/// Reads a FEN and checks what needs move generation too: the side not to move must not
/// be in check.
pub fn position_from_fen<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
) -> Result<Position<B>, FenError> {
    let mut pos = Position::<B>::from_fen(variant, fen)?;
    let t = tables::<B>(variant);
    if t.in_check(&pos, !pos.side_to_move()) {
        return Err(FenError::OppositeCheck);
    }
    // RULES.md §15.2: keep the en-passant square only if the capture is legal.
    if pos.en_passant().is_some()
        && !legal_moves(&pos)
            .iter()
            .any(|m| m.flag == MoveFlag::EnPassant)
    {
        pos.set_en_passant(None);
    }
    Ok(pos)
}
