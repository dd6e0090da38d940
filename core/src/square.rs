//! Board geometry: files, ranks, squares and compass directions for boards of up to 12
//! files or ranks and 128 squares.

use std::fmt;

/// The largest number of files or ranks a game board may have.
pub const MAX_SIDE: u8 = 12;
/// The largest number of squares on a game board (a 128-bit bitboard's: 12x8, 11x11,
/// 10x12, ...).
pub const MAX_SQUARES: usize = 128;

/// A file (column), 0 = `a`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(pub u8);

/// A rank (row), 0 = rank `1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(pub u8);

impl File {
    /// The file's letter: `a` for file 0.
    pub fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A square as an index into a board: `rank * files + file`.
///
/// The index is dense for the board it belongs to, so it doubles as a bit index into that
/// board's bitboards; converting to file and rank needs the board's [`Geometry`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The index as a `usize`, for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One of the eight compass directions, from White's point of view (docs/rules/README.md,
/// "The board").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards higher ranks.
    N = 0,
    /// Towards higher ranks and files.
    NE = 1,
    /// Towards higher files.
    E = 2,
    /// Towards lower ranks, higher files.
    SE = 3,
    /// Towards lower ranks.
    S = 4,
    /// Towards lower ranks and files.
    SW = 5,
    /// Towards lower files.
    W = 6,
    /// Towards higher ranks, lower files.
    NW = 7,
}

impl Direction {
    /// All eight directions, clockwise from North.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The (file, rank) step of one square in this direction.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction whose step is `(df, dr)`, if it is a unit step.
    pub fn from_delta(df: i8, dr: i8) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.delta() == (df, dr))
    }

    /// The name used in notation: `N`, `NE`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }

    /// Parses a direction name, case-insensitively.
    pub fn parse(s: &str) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape of a rectangular board of 1 to 12 files and ranks, at most 128 squares.
///
/// Squares are numbered rank by rank from a1; the geometry turns them into coordinates
/// and names and back:
///
/// ```
/// use joust_core::Geometry;
///
/// let g = Geometry::new(10, 10).unwrap();
/// let j10 = g.parse_square("j10").unwrap();
/// assert_eq!(j10.index(), 99);
/// assert_eq!(g.coords(j10), (9, 9));
/// assert_eq!(g.name(j10).to_string(), "j10");
/// assert_eq!(g.offset(j10, 1, 0), None); // off the board
///
/// // Courier chess's 12x8 fits; boards of more than 128 squares are refused with a reason.
/// assert_eq!(Geometry::new(12, 8).unwrap().len(), 96);
/// let err = Geometry::new(12, 12).unwrap_err();
/// assert!(err.to_string().starts_with("a board of 12x12 squares is not supported"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
}

/// Why a board size was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BadGeometry {
    /// Files asked for.
    pub files: u8,
    /// Ranks asked for.
    pub ranks: u8,
}

impl fmt::Display for BadGeometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a board of {}x{} squares is not supported (files and ranks must be 1 to \
             {MAX_SIDE}, and at most {MAX_SQUARES} squares in all)",
            self.files, self.ranks
        )
    }
}

impl std::error::Error for BadGeometry {}

impl Geometry {
    /// The 8x8 board of chess.
    pub const CHESS: Geometry = Geometry { files: 8, ranks: 8 };
    /// The 10x10 board of Royal Lion Chess.
    pub const TEN: Geometry = Geometry {
        files: 10,
        ranks: 10,
    };

    /// A board of `files` x `ranks` squares, each 1 to 12, at most 128 in all.
    pub const fn new(files: u8, ranks: u8) -> Result<Geometry, BadGeometry> {
        if files == 0
            || ranks == 0
            || files > MAX_SIDE
            || ranks > MAX_SIDE
            || files as usize * ranks as usize > MAX_SQUARES
        {
            Err(BadGeometry { files, ranks })
        } else {
            Ok(Geometry { files, ranks })
        }
    }

    /// Number of files (columns).
    #[inline]
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (rows).
    #[inline]
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares.
    #[inline]
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Always false: a board has at least one square.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The square at `file`, `rank`, if it is on the board.
    #[inline]
    pub fn square(self, file: i8, rank: i8) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i8 || rank >= self.ranks as i8 {
            None
        } else {
            Some(Square(rank as u8 * self.files + file as u8))
        }
    }

    /// The file of a square.
    #[inline]
    pub fn file(self, sq: Square) -> File {
        File(sq.0 % self.files)
    }

    /// The rank of a square.
    #[inline]
    pub fn rank(self, sq: Square) -> Rank {
        Rank(sq.0 / self.files)
    }

    /// File and rank as signed coordinates, for stepping.
    #[inline]
    pub fn coords(self, sq: Square) -> (i8, i8) {
        ((sq.0 % self.files) as i8, (sq.0 / self.files) as i8)
    }

    /// The square reached from `sq` by the step `(df, dr)`, if it is on the board.
    #[inline]
    pub fn offset(self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let (f, r) = self.coords(sq);
        self.square(f + df, r + dr)
    }

    /// Every square of the board, in index order (a1, b1, …).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len() as u8).map(Square)
    }

    /// True if the square is dark (a1 is dark, docs/rules/README.md, "The board").
    pub fn is_dark(self, sq: Square) -> bool {
        let (f, r) = self.coords(sq);
        (f + r) % 2 == 0
    }

    /// The square's name, such as `e4` or `j10`.
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }

    /// Parses a square name such as `e4` or `j10`; `None` if malformed or off the board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let file = (bytes[0] - b'a') as i8;
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: i8 = digits.parse::<i8>().ok()? - 1;
        self.square(file, rank)
    }

    /// Chebyshev (king-step) distance between two squares.
    pub fn distance(self, a: Square, b: Square) -> u8 {
        let (af, ar) = self.coords(a);
        let (bf, br) = self.coords(b);
        (af - bf).unsigned_abs().max((ar - br).unsigned_abs())
    }
}

/// A square's printable name, `e4`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareName {
    /// The file.
    pub file: File,
    /// The rank.
    pub rank: Rank,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_up_to_12_a_side_and_128_squares_is_accepted_and_others_refused() {
        for files in 0..=13u8 {
            for ranks in 0..=13u8 {
                let ok = (1..=12).contains(&files)
                    && (1..=12).contains(&ranks)
                    && files as usize * ranks as usize <= 128;
                assert_eq!(Geometry::new(files, ranks).is_ok(), ok, "{files}x{ranks}");
            }
        }
    }

    #[test]
    fn square_names_round_trip_on_every_board() {
        for files in 1..=12 {
            for ranks in 1..=12 {
                let Ok(g) = Geometry::new(files, ranks) else {
                    continue;
                };
                for sq in g.squares() {
                    let name = g.name(sq).to_string();
                    assert_eq!(g.parse_square(&name), Some(sq), "{name} on {files}x{ranks}");
                }
                assert_eq!(g.squares().count(), files as usize * ranks as usize);
            }
        }
    }

    #[test]
    fn bad_square_names_are_refused() {
        let g = Geometry::CHESS;
        for s in [
            "", "e", "e9", "i1", "e0", "E4", "e04", "4e", "e10", "ee4", "é4",
        ] {
            assert_eq!(g.parse_square(s), None, "{s}");
        }
        assert_eq!(Geometry::TEN.parse_square("j10").map(|s| s.0), Some(99));
        let courier = Geometry::new(12, 8).unwrap();
        assert_eq!(courier.parse_square("l8").map(|s| s.0), Some(95));
        assert_eq!(courier.parse_square("m1"), None);
    }

    #[test]
    fn square_colours_follow_a1_dark() {
        let g = Geometry::CHESS;
        assert!(g.is_dark(g.parse_square("a1").unwrap()));
        assert!(!g.is_dark(g.parse_square("b1").unwrap()));
        assert!(g.is_dark(g.parse_square("h8").unwrap()));
        assert!(g.is_dark(g.parse_square("g1").unwrap()));
    }
}
