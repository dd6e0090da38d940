//! A leaping kind's moves for all its pieces at once (Breakthrough's pieces): its plain
//! leaps grouped by how far each moves a piece along the square numbering, so that one
//! shift of the kind's bitboard gives every piece's targets by that leap. Used where only
//! the number of moves matters (perft's last ply, [`crate::count_legal`]).

use super::Sets;
use joust_core::{Bits, Square};

/// The most shifts a kind may take for [`ShiftedLeaps`] to be worth it over reading each
/// piece's targets (a piece's lookup costs about one shift).
const MAX_SHIFTS: usize = 8;

/// One leap for every piece of a kind: the pieces on `from` land `shift` squares higher
/// (`up`) or lower along the square numbering.
#[derive(Clone, Debug)]
pub(crate) struct ShiftedLeap<B> {
    /// Squares from which this leap lands on the board (with these modes).
    pub(crate) from: B,
    /// How many squares along the numbering the leap moves a piece.
    pub(crate) shift: u32,
    /// Towards higher squares.
    pub(crate) up: bool,
    /// All-ones where the leap moves to empty squares, else empty.
    pub(crate) moves: B,
    /// All-ones where the leap captures by moving, else empty.
    pub(crate) captures: B,
}

impl<B: Bits> ShiftedLeap<B> {
    /// Where the leap takes `pieces` (only those on its `from` squares move).
    #[inline(always)]
    pub(crate) fn targets(&self, pieces: B) -> B {
        let p = pieces & self.from;
        if self.up {
            p << self.shift
        } else {
            p >> self.shift
        }
    }

    /// The squares among [`Self::targets`] that are moves: empty ones if it moves, enemy
    /// ones if it captures.
    #[inline(always)]
    pub(crate) fn allowed(&self, empty: B, theirs: B) -> B {
        (empty & self.moves) | (theirs & self.captures)
    }
}

/// A kind's plain leaps (moves and captures; shots apart), one `ShiftedLeap` per
/// distance along the numbering and per mode. Two targets of one piece never share a
/// shift, and a shift moves each piece to one square, so counting the targets of each
/// shift counts each (from, to) move once: exactly the moves the kind's per-square
/// [`Sets`] give.
#[derive(Clone, Debug, Default)]
pub struct ShiftedLeaps<B> {
    /// The moving and capturing leaps.
    pub(crate) leaps: Vec<ShiftedLeap<B>>,
    /// The shooting leaps (a shot is a move of its own): `moves` is empty, `captures`
    /// all-ones.
    pub(crate) shots: Vec<ShiftedLeap<B>>,
}

impl<B: Bits> ShiftedLeaps<B> {
    /// Groups one colour's per-square leap sets `leaps` (indexed by square) by shift, or
    /// `None` if they take more shifts than `MAX_SHIFTS`.
    pub(crate) fn new(leaps: &[Sets<B>]) -> Option<ShiftedLeaps<B>> {
        // Per signed shift: the from squares of its moves, captures and shots.
        let mut by_shift: Vec<(i32, [B; 3])> = Vec::new();
        for (s, sets) in leaps.iter().enumerate() {
            let from = B::from_square(Square(s as u8));
            for (mode, set) in [sets.moves, sets.captures, sets.shots]
                .into_iter()
                .enumerate()
            {
                for to in set.squares() {
                    let d = to.index() as i32 - s as i32;
                    let i = match by_shift.iter().position(|e| e.0 == d) {
                        Some(i) => i,
                        None => {
                            by_shift.push((d, [B::EMPTY; 3]));
                            by_shift.len() - 1
                        }
                    };
                    by_shift[i].1[mode] |= from;
                }
            }
        }
        let all = !B::EMPTY;
        let leap = |d: i32, from: B, moves: B, captures: B| ShiftedLeap {
            from,
            shift: d.unsigned_abs(),
            up: d > 0,
            moves,
            captures,
        };
        let mut shifted = ShiftedLeaps::default();
        for &(d, [moves, captures, shots]) in &by_shift {
            if moves == captures {
                if moves.any() {
                    shifted.leaps.push(leap(d, moves, all, all));
                }
            } else {
                if moves.any() {
                    shifted.leaps.push(leap(d, moves, all, B::EMPTY));
                }
                if captures.any() {
                    shifted.leaps.push(leap(d, captures, B::EMPTY, all));
                }
            }
            if shots.any() {
                shifted.shots.push(leap(d, shots, B::EMPTY, all));
            }
        }
        (shifted.leaps.len() + shifted.shots.len() <= MAX_SHIFTS).then_some(shifted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::tables;
    use joust_core::{variants, Color};

    /// Every square pattern of a few pieces: the shifted targets are the per-square sets.
    #[test]
    fn shifted_leaps_give_the_per_square_sets() {
        let v = variants::by_id("breakthrough").unwrap();
        let t = tables::<u64>(v);
        // Its one kind, the Breakthrough Pawn (fmWfF), is compiled.
        let program = t.kinds[0].program.as_ref().unwrap();
        for color in Color::ALL {
            let shifted = program.shifted[color.index()].as_ref().unwrap();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..2000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pieces = seed & seed.rotate_left(23);
                let empty = !(pieces | seed.rotate_left(41));
                let theirs = !pieces & !empty;
                let mut by_shift = 0u32;
                for l in &shifted.leaps {
                    by_shift += (l.targets(pieces) & l.allowed(empty, theirs)).count();
                }
                let mut by_square = 0u32;
                for from in pieces.squares() {
                    let s = &program.leaps[color.index()][from.index()];
                    by_square += ((s.moves & empty) | (s.captures & theirs)).count();
                }
                assert_eq!(by_shift, by_square);
            }
        }
    }
}
