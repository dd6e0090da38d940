//! Legal move generation: [`generate`] picks the generator that suits the game.
//!
//! - [`pinned`]: games of leapers, riders and FIDE pawns; checks and pins first, so every
//!   move is legal as generated.
//! - [`tested`]: every other shape (bent riders, the Royal Lion, Lancers, compiled
//!   Cromwell pieces, pawns with other rules); pseudo-legal moves, each tested unless it
//!   cannot expose the royal.
//! - [`general`]: within the tested generator, the moves of kinds no table compiles
//!   ([`Shape::General`](crate::tables::Shape::General)), read atom by atom.
//! - [`royalless`]: a side without a royal piece; every pseudo-legal move is legal.
//! - [`castling`]: castling moves, for both.
//! - [`first_leaps`]: Ouk Chatrang's first-move leaps, for both.
//! - [`hand_gating`]: S-Chess's gating from the hand, added to the moves of either.
//! - The game's end rules ([`joust_core::end_rules`]) come around them: no move once a
//!   side is extinct, and only captures when captures are compulsory and one exists.
//! - [`limits`]: the game's movement limits (Xiangqi's palace, river and flying general),
//!   as masks the tested and royalless generators AND into each piece's targets (a game
//!   with limits never takes the pin-based generator).
//! - [`goals`]: no moves once a goal (a flag, the last check) has ended the game, and no
//!   checks where the game forbids them.
//! - Musketeer's setup phase comes first for both ([`crate::gating::setup_moves`]).

mod castling;
mod first_leaps;
mod general;
mod goals;
mod hand_gating;
mod immunity;
mod limits;
mod pawn_moves;
mod pinned;
mod royalless;
mod tested;

use crate::gating::setup_moves;
use crate::moves::{Move, MoveCount, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::Position;
pub(crate) use limits::generals_face;

/// Appends every legal move of the side to move to `list`.
pub fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if t.variant.goals.active() {
        return goals::generate(t, pos, list);
    }
    generate_moves(t, pos, list);
}

/// How many legal moves the side to move has: the length of [`generate`]'s list, counted
/// without writing the moves where the side has no royal piece (perft's last ply).
pub fn count_legal<B: Board>(t: &Tables<B>, pos: &Position<B>) -> u64 {
    if t.variant.goals.active() {
        return goals::count(t, pos);
    }
    count_moves(t, pos)
}

/// [`count_legal`] before the game's goals are applied: [`generate_moves`]'s length.
#[inline(always)]
fn count_moves<B: Board>(t: &Tables<B>, pos: &Position<B>) -> u64 {
    let ends = &t.variant.end_rules;
    // Gating, drops and forced captures are only ever generated as a list.
    if !t.gating && !t.hand_gating && !ends.must_capture {
        match pos.royal_square(pos.side_to_move()) {
            None if t.move_limits.is_none() => {
                if t.extinct(pos) {
                    return 0;
                }
                if let Some(n) = royalless_count(t, pos) {
                    return n;
                }
            }
            // Counted without writing the moves: what `generate_moves` does then.
            Some(_) if !t.extinct(pos) => {
                return if t.pinned_generator {
                    let mut count = MoveCount::default();
                    pinned::generate(t, pos, &mut count);
                    count.0
                } else {
                    tested::count(t, pos)
                };
            }
            _ => {}
        }
    }
    let mut list = MoveList::new();
    generate_moves(t, pos, &mut list);
    list.len() as u64
}

/// [`royalless::count`], which is mostly counting squares, with the processor's
/// population-count instruction where it has one (the build targets processors without).
#[inline(always)]
fn royalless_count<B: Board>(t: &Tables<B>, pos: &Position<B>) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the instruction `royalless_count_popcnt` is built with.
        return unsafe { royalless_count_popcnt(t, pos) };
    }
    royalless::count(t, pos)
}

/// [`royalless::count`] built with the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn royalless_count_popcnt<B: Board>(t: &Tables<B>, pos: &Position<B>) -> Option<u64> {
    royalless::count(t, pos)
}

/// [`generate`] before the game's goals are applied.
#[inline(always)]
fn generate_moves<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if t.gating && setup_moves(t, pos, list) {
        return;
    }
    let ends = &t.variant.end_rules;
    if t.extinct(pos) {
        // The game is over: Fairy-Stockfish's generator gives no move either.
        return;
    }
    if pos.royal_square(pos.side_to_move()).is_none() {
        royalless::generate(t, pos, list);
    } else if t.pinned_generator {
        pinned::generate(t, pos, list);
    } else {
        tested::generate(t, pos, list);
    }
    if t.hand_gating {
        hand_gating::add_gating_moves(t, pos, list);
    }
    if ends.must_capture {
        captures_only(pos, list);
    }
}

/// Under compulsory capture: if any move captures, drops every move that does not
/// (Fairy-Stockfish's `mustCapture`: a capture lands on an enemy piece or takes en
/// passant; castling never captures).
fn captures_only<B: Board>(pos: &Position<B>, list: &mut MoveList) {
    let theirs = pos.pieces(!pos.side_to_move());
    let captures = |m: &Move| match m.flag {
        MoveFlag::EnPassant => true,
        MoveFlag::Castle => false,
        _ => theirs.has(m.to),
    };
    if list.iter().any(captures) {
        list.retain(captures);
    }
}
