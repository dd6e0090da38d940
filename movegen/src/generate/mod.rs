//! Legal move generation: [`generate`] picks the generator that suits the game.
//!
//! - [`pinned`]: games of leapers, riders and FIDE pawns; checks and pins first, so every
//!   move is legal as generated.
//! - [`tested`]: every other shape (bent riders, the Royal Lion, Lancers, compiled
//!   Cromwell pieces, pawns with other rules); pseudo-legal moves, each tested unless it
//!   cannot expose the royal.
//! - [`general`]: within the tested generator, the moves of kinds no table compiles
//!   ([`Shape::General`](crate::tables::Shape::General)), read atom by atom.
//! - [`castling`]: castling moves, for both.
//! - Musketeer's setup phase comes first for both ([`crate::gating::setup_moves`]).

mod castling;
mod general;
mod immunity;
mod pinned;
mod tested;

use crate::gating::setup_moves;
use crate::moves::MoveList;
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::Position;

/// Appends every legal move of the side to move to `list`.
pub fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if t.gating && setup_moves(t, pos, list) {
        return;
    }
    if t.pinned_generator {
        pinned::generate(t, pos, list);
    } else {
        tested::generate(t, pos, list);
    }
}
