//! The move graph of a leaper on an empty board, and what it tells before any search.

use joust_core::atom::Path;
use joust_core::{Color, Geometry, PieceKind, Square};
use std::fmt;

/// The squares a leaper can reach from each square of an empty board.
#[derive(Clone, Debug)]
pub struct LeaperGraph {
    geometry: Geometry,
    adj: Vec<u128>,
}

/// A piece that cannot make a tour because it does not only leap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotALeaper(pub String);

impl fmt::Display for NotALeaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} does not only leap, so it cannot make a tour",
            self.0
        )
    }
}

impl std::error::Error for NotALeaper {}

impl LeaperGraph {
    /// The graph of `piece` on `geometry`; the piece must move only by leaps.
    pub fn new(piece: &PieceKind, geometry: Geometry) -> Result<LeaperGraph, NotALeaper> {
        if piece.atoms.is_empty() || piece.atoms.iter().any(|a| a.path != Path::Leap) {
            return Err(NotALeaper(piece.name.to_string()));
        }
        let adj = geometry
            .squares()
            .map(|sq| {
                let mut bits = 0u128;
                for atom in &piece.atoms {
                    for (df, dr) in atom.offsets_for(Color::White) {
                        if let Some(t) = geometry.offset(sq, df, dr) {
                            bits |= 1 << t.0;
                        }
                    }
                }
                bits
            })
            .collect();
        Ok(LeaperGraph { geometry, adj })
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Squares reachable in one leap from `sq`, as a bit set.
    #[inline(always)]
    pub fn neighbours(&self, sq: u8) -> u128 {
        self.adj[sq as usize]
    }

    /// Every square of the board, as a bit set.
    pub fn all(&self) -> u128 {
        if self.geometry.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.geometry.len()) - 1
        }
    }

    /// The squares of `within` reachable from `from` (which need not be in `within`)
    /// by leaps that land only on squares of `within`.
    pub fn reachable(&self, from: u8, within: u128) -> u128 {
        let mut seen = 0u128;
        let mut frontier = self.adj[from as usize] & within;
        while frontier != 0 {
            seen |= frontier;
            let mut next = 0u128;
            let mut f = frontier;
            while f != 0 {
                let s = f.trailing_zeros();
                f &= f - 1;
                next |= self.adj[s as usize];
            }
            frontier = next & within & !seen;
        }
        seen
    }

    /// If every leap changes square colour class (a bipartite graph, like the knight's),
    /// the two classes as bit sets, the class of square 0 first.
    pub fn bipartition(&self) -> Option<(u128, u128)> {
        let n = self.geometry.len();
        let mut side = vec![u8::MAX; n];
        for s0 in 0..n {
            if side[s0] != u8::MAX {
                continue;
            }
            side[s0] = 0;
            let mut stack = vec![s0];
            while let Some(s) = stack.pop() {
                let mut nb = self.adj[s];
                while nb != 0 {
                    let t = nb.trailing_zeros() as usize;
                    nb &= nb - 1;
                    if side[t] == u8::MAX {
                        side[t] = 1 - side[s];
                        stack.push(t);
                    } else if side[t] == side[s] {
                        return None;
                    }
                }
            }
        }
        let (mut a, mut b) = (0u128, 0u128);
        for (s, &c) in side.iter().enumerate() {
            if c == 0 {
                a |= 1 << s;
            } else {
                b |= 1 << s;
            }
        }
        Some((a, b))
    }

    /// The square with this index, for printing.
    pub fn square(&self, sq: u8) -> Square {
        Square(sq)
    }
}
