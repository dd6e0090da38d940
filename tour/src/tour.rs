//! What a tour is (docs/rules/kl-tour.md, "The puzzle"), how it is written, and how one
//! is checked.

use crate::graph::LeaperGraph;
use joust_core::{Geometry, Square};
use std::fmt;

/// Which kind of tour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TourKind {
    /// N·M moves, every square landed on once, ending on the start.
    Circuit,
    /// N·M − 1 moves, every square but the start landed on once.
    Journey,
}

impl fmt::Display for TourKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TourKind::Circuit => "circuit",
            TourKind::Journey => "journey",
        })
    }
}

/// Why a sequence of squares is not a tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourError {
    /// It does not start on the given square.
    WrongStart,
    /// It has the wrong number of moves.
    WrongLength {
        /// Moves expected.
        expected: usize,
        /// Moves found.
        found: usize,
    },
    /// A move the piece cannot make (`index` = the move's number, from 1).
    NotALeap {
        /// The move's number.
        index: usize,
    },
    /// A square landed on twice, or the start landed on before the end.
    Revisit {
        /// The move's number.
        index: usize,
    },
    /// A circuit that does not end on its start.
    NotClosed,
    /// A square that is not on the board or cannot be read.
    BadSquare(String),
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TourError::WrongStart => write!(f, "the tour does not begin on its start square"),
            TourError::WrongLength { expected, found } => {
                write!(f, "the tour has {found} moves, {expected} expected")
            }
            TourError::NotALeap { index } => write!(f, "move {index} is not a move of the piece"),
            TourError::Revisit { index } => write!(f, "move {index} lands on a square again"),
            TourError::NotClosed => write!(f, "the circuit does not end on its start square"),
            TourError::BadSquare(s) => write!(f, "'{s}' is not a square of the board"),
        }
    }
}

impl std::error::Error for TourError {}

/// Writes a tour as its squares separated by spaces: `a1 b1 c1 … a1`.
pub fn format_tour(geometry: Geometry, squares: &[u8]) -> String {
    squares
        .iter()
        .map(|&s| geometry.name(Square(s)).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a tour written as square names separated by spaces.
pub fn parse_tour(geometry: Geometry, text: &str) -> Result<Vec<u8>, TourError> {
    text.split_whitespace()
        .map(|w| {
            geometry
                .parse_square(w)
                .map(|s| s.0)
                .ok_or_else(|| TourError::BadSquare(w.to_string()))
        })
        .collect()
}

/// Checks that `squares` (start first) is a tour of `kind` from `start`.
pub fn check_tour(
    graph: &LeaperGraph,
    start: u8,
    kind: TourKind,
    squares: &[u8],
) -> Result<(), TourError> {
    let n = graph.geometry().len();
    let expected = match kind {
        TourKind::Circuit => n,
        TourKind::Journey => n - 1,
    };
    if squares.first() != Some(&start) {
        return Err(TourError::WrongStart);
    }
    if squares.len() != expected + 1 {
        return Err(TourError::WrongLength {
            expected,
            found: squares.len().saturating_sub(1),
        });
    }
    let mut seen = 1u128 << start;
    for (i, pair) in squares.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if graph.neighbours(a) & (1 << b) == 0 {
            return Err(TourError::NotALeap { index: i + 1 });
        }
        let last = i + 1 == expected;
        if b == start && kind == TourKind::Circuit && last {
            continue;
        }
        if seen & (1 << b) != 0 {
            return Err(TourError::Revisit { index: i + 1 });
        }
        seen |= 1 << b;
    }
    if kind == TourKind::Circuit && squares.last() != Some(&start) {
        return Err(TourError::NotClosed);
    }
    Ok(())
}
