//! Bitboards: one bit per square, in a `u64` for boards up to 64 squares and a `u128` above.

use crate::square::{Geometry, Square};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An integer used as a set of squares. Implemented for `u64` (boards of at most 64 squares,
/// such as 8x8) and `u128` (up to 128 squares: 10x10, 12x8). Code that is generic over
/// `Bits` runs on both, so the 8x8 games get 64-bit speed without a runtime branch.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const EMPTY: Self;
    /// Every bit set.
    const FULL: Self;
    /// How many squares fit.
    const CAPACITY: usize;

    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square of a non-empty set.
    fn lowest(self) -> Square;
    /// The highest square of a non-empty set.
    fn highest(self) -> Square;
    /// Wrapping multiplication, used by magic-number hashing.
    fn wrapping_mul(self, other: Self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;

    /// True if the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// True if the set has at least one square.
    #[inline]
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    /// True if `sq` is in the set.
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }
    /// True if the set has two or more squares.
    #[inline]
    fn more_than_one(self) -> bool {
        (self & self.without_lowest()).any()
    }
    /// The set without its lowest square.
    fn without_lowest(self) -> Self;
    /// Iterates over the squares, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
    /// The set of every square of a board.
    fn board(geometry: Geometry) -> Self {
        let mut b = Self::EMPTY;
        for sq in geometry.squares() {
            b |= Self::from_square(sq);
        }
        b
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const FULL: Self = !0;
            const CAPACITY: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn from_square(sq: Square) -> Self {
                1 << sq.0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> Square {
                debug_assert!(self != 0);
                Square(self.trailing_zeros() as u8)
            }
            #[inline(always)]
            fn highest(self) -> Square {
                debug_assert!(self != 0);
                Square((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$t>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for SquareIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_counting_agree_on_both_widths() {
        let b: u64 = 0x8000_0000_0000_0101;
        assert_eq!(b.squares().map(|s| s.0).collect::<Vec<_>>(), vec![0, 8, 63]);
        assert_eq!(b.count(), 3);
        assert!(b.more_than_one());
        assert_eq!(b.highest(), Square(63));
        let w: u128 = 1 << 99 | 1 << 5;
        assert_eq!(w.squares().map(|s| s.0).collect::<Vec<_>>(), vec![5, 99]);
        assert!(!(1u128 << 99).more_than_one());
        assert_eq!(u128::board(Geometry::TEN).count(), 100);
        assert_eq!(u64::board(Geometry::CHESS), u64::MAX);
    }
}
