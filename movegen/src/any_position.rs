//! One position type for every game, whatever its board's width, and the one place that
//! chooses the width: a board of at most 64 squares is played on `u64` bitboards, a larger
//! one on `u128`. Code above this crate holds an [`AnyPosition`], or calls its generic
//! code through [`with_board_bits!`](crate::with_board_bits) or
//! [`on_position!`](crate::on_position), and never tests a board's size itself.

use crate::make::make;
use crate::moves::{Move, MoveList};
use crate::{in_check, legal_moves, position_from_fen, tables};
use joust_core::{Color, FenError, Position, Variant};
use std::fmt;

/// True if `variant`'s board fits a 64-bit bitboard (so its positions are
/// [`AnyPosition::Narrow`]).
pub fn fits_u64(variant: &Variant) -> bool {
    variant.geometry.len() <= 64
}

/// Evaluates `$body` with the type name `$B` standing for the bitboard of `$variant`'s
/// board (`u64` or `u128`): the way to call code generic over
/// [`TableCache`](crate::TableCache) for a game chosen at run time.
///
/// ```
/// use joust_core::{variants, Position};
/// use joust_movegen::{perft, position_from_fen, with_board_bits, TableCache};
///
/// fn count<B: TableCache>(variant: &'static joust_core::Variant) -> u64 {
///     let mut pos: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
///     perft(&mut pos, 1)
/// }
/// let rl = variants::royal_lion(); // 10x10: u128
/// assert!(with_board_bits!(rl, B => count::<B>(rl)) > 0);
/// let chess = variants::chess(); // 8x8: u64
/// assert_eq!(with_board_bits!(chess, B => count::<B>(chess)), 20);
/// ```
#[macro_export]
macro_rules! with_board_bits {
    ($variant:expr, $B:ident => $body:expr) => {
        if $crate::fits_u64($variant) {
            #[allow(dead_code)]
            type $B = u64;
            $body
        } else {
            #[allow(dead_code)]
            type $B = u128;
            $body
        }
    };
}

/// Evaluates `$body` with `$pos` bound to the [`Position`] inside an [`AnyPosition`]
/// (by reference, or by mutable reference from a `&mut AnyPosition`), whichever width it
/// has: the way to call code generic over [`TableCache`](crate::TableCache).
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::{legal_moves, on_position, AnyPosition};
///
/// let pos = AnyPosition::start(variants::royal_lion()).unwrap();
/// let n = on_position!(&pos, p => legal_moves(p).len());
/// assert_eq!(n, pos.legal_moves().len());
/// ```
#[macro_export]
macro_rules! on_position {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::AnyPosition::Narrow($pos) => $body,
            $crate::AnyPosition::Wide($pos) => $body,
        }
    };
}

/// A position of any game, on the bitboard its board needs.
///
/// Built only from FEN through [`AnyPosition::from_fen`] (or [`AnyPosition::start`]),
/// which makes every check a position needs, the ones only move generation can make
/// included (the side not to move is not in check; an en-passant square is kept only if
/// the capture is legal).
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::AnyPosition;
///
/// let lc = variants::lancerchess();
/// let mut pos = AnyPosition::start(lc).unwrap();
/// let first = pos.legal_moves().as_slice()[0];
/// pos.play(first);
/// assert_ne!(pos.to_fen(), lc.start_fen);
///
/// // The side not to move may not be in check.
/// let chess = variants::chess();
/// assert!(AnyPosition::from_fen(chess, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1").is_err());
/// ```
#[derive(Clone)]
pub enum AnyPosition {
    /// A board of at most 64 squares, on `u64` bitboards.
    Narrow(Position<u64>),
    /// A board of 65 to 100 squares, on `u128` bitboards.
    Wide(Position<u128>),
}

impl AnyPosition {
    /// Reads `fen` as a position of `variant`, with every check (see the type's doc).
    pub fn from_fen(variant: &'static Variant, fen: &str) -> Result<AnyPosition, FenError> {
        if fits_u64(variant) {
            position_from_fen(variant, fen).map(AnyPosition::Narrow)
        } else {
            position_from_fen(variant, fen).map(AnyPosition::Wide)
        }
    }

    /// The start position of `variant` (an error only for a game whose own start FEN is
    /// wrong).
    pub fn start(variant: &'static Variant) -> Result<AnyPosition, FenError> {
        AnyPosition::from_fen(variant, variant.start_fen)
    }

    /// The game.
    pub fn variant(&self) -> &'static Variant {
        on_position!(self, p => p.variant())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        on_position!(self, p => p.side_to_move())
    }

    /// The Zobrist key (equal positions have equal keys).
    pub fn key(&self) -> u64 {
        on_position!(self, p => p.key())
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        on_position!(self, p => p.to_fen())
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        on_position!(self, p => legal_moves(p))
    }

    /// True if the side to move is in check.
    pub fn in_check(&self) -> bool {
        on_position!(self, p => in_check(p))
    }

    /// Plays `mv`, which must be one of [`AnyPosition::legal_moves`] (moves come only
    /// from the generator; text becomes a move through `joust-notation`, which matches
    /// it against them).
    pub fn play(&mut self, mv: Move) {
        on_position!(self, p => {
            make(tables(p.variant()), p, mv);
        })
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        on_position!(self, p => fmt::Debug::fmt(p, f))
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        on_position!(self, p => fmt::Display::fmt(p, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn each_game_gets_the_width_its_board_needs() {
        for v in variants::all() {
            let pos = AnyPosition::start(v).unwrap();
            assert_eq!(
                matches!(pos, AnyPosition::Narrow(_)),
                v.geometry.len() <= 64
            );
            assert_eq!(pos.to_fen(), v.start_fen);
            assert_eq!(pos.variant().id, v.id);
        }
        let narrow = with_board_bits!(variants::chess(), B => std::mem::size_of::<B>());
        let wide = with_board_bits!(variants::royal_lion(), B => std::mem::size_of::<B>());
        assert_eq!((narrow, wide), (8, 16));
    }

    #[test]
    fn a_move_played_changes_the_side_and_the_key() {
        let mut pos = AnyPosition::start(variants::royal_lion()).unwrap();
        let key = pos.key();
        let mv = pos.legal_moves().as_slice()[0];
        pos.play(mv);
        assert_eq!(pos.side_to_move(), Color::Black);
        assert_ne!(pos.key(), key);
        assert!(!pos.in_check());
    }
}
