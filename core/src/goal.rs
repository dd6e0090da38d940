//! Ways to win other than mate, as Fairy-Stockfish defines them: bringing a piece to a
//! region (the flag: King of the Hill, Racing Kings) and giving a number of checks
//! (Three-check). The data is the game's ([`Goals`]); [`Position::goal_end`] says whether
//! a position has ended the game by one of them.

use crate::bitboard::Bits;
use crate::color::Color;
use crate::position::Position;
use crate::square::{Geometry, Square};

/// The largest number of checks a side may still have to give (the FEN writes it as one
/// digit, as Fairy-Stockfish reads it).
pub const MAX_CHECKS: u8 = 9;

/// A set of squares of a board of up to 100 squares, bit `i` for the square of index `i`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Region(pub u128);

impl Region {
    /// True if `sq` belongs to the region.
    #[inline]
    pub fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// True if the region has no square.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares of the region, in index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..128u8).filter(move |i| self.0 >> i & 1 != 0).map(Square)
    }

    /// Reads a region as Fairy-Stockfish writes one: squares (`d4`), whole ranks (`*8`)
    /// and whole files (`a*`), separated by spaces; `-` or nothing is the empty region.
    /// `None` if a token is none of these or lies off the board `g`.
    pub fn parse(text: &str, g: Geometry) -> Option<Region> {
        let mut bits = 0u128;
        for token in text.split_whitespace() {
            if token == "-" {
                break;
            }
            let (file, rank) = token.split_at(token.chars().next()?.len_utf8());
            let files: Vec<u8> = match file {
                "*" => (0..g.files()).collect(),
                f => {
                    let c = f.chars().next()?;
                    if !c.is_ascii_lowercase() || c as u8 - b'a' >= g.files() {
                        return None;
                    }
                    vec![c as u8 - b'a']
                }
            };
            let ranks: Vec<u8> = match rank {
                "*" if file != "*" => (0..g.ranks()).collect(),
                r => {
                    let n = r.parse::<u8>().ok()?.checked_sub(1)?;
                    if n >= g.ranks() {
                        return None;
                    }
                    vec![n]
                }
            };
            for &f in &files {
                for &r in &ranks {
                    let sq = g.square(f as i8, r as i8)?;
                    bits |= 1u128 << sq.index();
                }
            }
        }
        Some(Region(bits))
    }
}

/// One side's flag: reaching `region` with a piece of one of `kinds` wins.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Flag {
    /// The flag pieces, a bit set over kind ids.
    pub kinds: u16,
    /// The squares to reach.
    pub region: Region,
}

/// The goals of a game besides mate (all off in most games: [`Goals::default`]).
///
/// ```
/// use joust_core::{variants, Color};
///
/// let koth = variants::by_id("kingofthehill").unwrap();
/// let flag = koth.goals.flag[Color::White.index()].unwrap();
/// let e4 = koth.geometry.parse_square("e4").unwrap();
/// assert!(flag.region.has(e4));
/// assert!(!koth.goals.flag_move && !koth.goals.check_counting);
/// assert!(variants::chess().goals == Default::default());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goals {
    /// Each side's flag, White first (Fairy-Stockfish's `flagPiece`, `flagRegion` and
    /// their `White`/`Black` forms).
    pub flag: [Option<Flag>; 2],
    /// Fairy-Stockfish's `flagMove`: the game ends only when the side that reached its
    /// region is to move again, so the other side has one more move; if White reached
    /// first and Black reached in that move, it is a draw.
    pub flag_move: bool,
    /// Fairy-Stockfish's `checking = false`: no move may give check.
    pub no_checks: bool,
    /// Fairy-Stockfish's `checkCounting`: each side has a number of checks to give (the
    /// FEN says how many are left); giving the last one wins.
    pub check_counting: bool,
}

impl Goals {
    /// True if any goal or the no-check rule is on, so that move generation and the
    /// search must look at them.
    #[inline]
    pub fn active(&self) -> bool {
        self.flag[0].is_some() || self.flag[1].is_some() || self.no_checks || self.check_counting
    }
}

/// How a goal ended the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GoalEnd {
    /// A flag piece stands in its region: `winner` wins, or nobody if both sides reached
    /// theirs (Racing Kings' draw).
    Flag {
        /// The side that wins, `None` for a draw.
        winner: Option<Color>,
    },
    /// `winner` has given the last check it needed.
    Checks {
        /// The side that gave it.
        winner: Color,
    },
}

impl GoalEnd {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GoalEnd::Flag { winner } => winner,
            GoalEnd::Checks { winner } => Some(winner),
        }
    }
}

impl<B: Bits> Position<B> {
    /// True if `color` has a flag piece in its flag region.
    pub fn flag_reached(&self, color: Color) -> bool {
        let Some(flag) = self.variant().goals.flag[color.index()] else {
            return false;
        };
        let mut kinds = flag.kinds;
        let mut pieces = B::EMPTY;
        while kinds != 0 {
            let k = crate::piece::KindId(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            pieces |= self.pieces_of(color, k);
        }
        // The region's bits are the squares' indices, as a bitboard's.
        let low = u128::from(pieces.low_u64());
        let high = if B::CAPACITY > 64 {
            u128::from((pieces >> 64).low_u64()) << 64
        } else {
            0
        };
        (low | high) & flag.region.0 != 0
    }

    /// Whether a goal has ended the game in this position, read as Fairy-Stockfish 11.1
    /// reads it: without `flagMove`, the side that just moved wins if its flag piece
    /// stands in its region; with it, the side to move wins if its own does (a draw if
    /// it is White and Black's stands in Black's region too); then, with check counting,
    /// the side that just moved wins if it has no check left to give. In such a position
    /// there are no legal moves.
    pub fn goal_end(&self) -> Option<GoalEnd> {
        let goals = &self.variant().goals;
        if !goals.active() {
            return None;
        }
        let us = self.side_to_move();
        let them = !us;
        if !goals.flag_move && self.flag_reached(them) {
            return Some(GoalEnd::Flag { winner: Some(them) });
        }
        if goals.flag_move && self.flag_reached(us) {
            let draw = us == Color::White && self.flag_reached(them);
            return Some(GoalEnd::Flag {
                winner: (!draw).then_some(us),
            });
        }
        if goals.check_counting && self.checks_remaining(them) == 0 {
            return Some(GoalEnd::Checks { winner: them });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_read_as_fairy_stockfish_writes_them() {
        let g = Geometry::CHESS;
        let sq = |s: &str| g.parse_square(s).unwrap();
        let hill = Region::parse("d4 e4 d5 e5", g).unwrap();
        assert_eq!(hill.squares().count(), 4);
        assert!(hill.has(sq("d4")) && hill.has(sq("e5")) && !hill.has(sq("f4")));
        let rank8 = Region::parse("*8", g).unwrap();
        assert_eq!(rank8.squares().count(), 8);
        assert!(rank8.has(sq("a8")) && rank8.has(sq("h8")) && !rank8.has(sq("h7")));
        let file_a = Region::parse("a*", g).unwrap();
        assert_eq!(file_a.squares().count(), 8);
        assert!(file_a.has(sq("a1")) && !file_a.has(sq("b1")));
        assert_eq!(Region::parse("-", g), Some(Region::default()));
        assert_eq!(Region::parse("", g), Some(Region::default()));
        for bad in ["i1", "a9", "*9", "j*", "**", "4d", "d0", "D4"] {
            assert_eq!(Region::parse(bad, g), None, "{bad}");
        }
        let ten = Geometry::TEN;
        let r10 = Region::parse("*10 j1", ten).unwrap();
        assert_eq!(r10.squares().count(), 11);
        assert!(r10.has(ten.parse_square("j10").unwrap()));
    }
}
