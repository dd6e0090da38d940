//! Bent riders (Royal Lion Chess's Gryphon, Crocodile and Dragon): one step, then
//! outward as a rook or a bishop. Attacks are computed both forwards (where a piece can
//! go) and in reverse (which squares a piece could attack a target from), since bent
//! attacks are not symmetric; the squares inside each bent path find the pieces that
//! stand between a bent rider and the royal.

use super::board::{BoardTables, DIAG, ORTH};
use crate::sliders::{Board, Sliders};
use joust_core::{Direction, Square};

/// Bent ride: one diagonal step, then outward as a rook.
pub const GRYPHON: u8 = 1;
/// Bent ride: one orthogonal step, then outward as a bishop.
pub const CROCODILE: u8 = 2;

/// The squares inside the bent paths between two squares.
pub struct BentPaths<B> {
    /// `path[shape][from * n + to]`: squares strictly inside any bent path of that shape
    /// (0 = Gryphon, 1 = Crocodile) from `from` to `to`; empty when the game has none.
    path: [Vec<B>; 2],
    n: usize,
}

fn dot(a: usize, b: usize) -> i8 {
    let (x1, y1) = Direction::ALL[a].delta();
    let (x2, y2) = Direction::ALL[b].delta();
    x1 * x2 + y1 * y2
}

/// The outward riding directions after a first step in `first` for a shape.
fn outward(shape: usize, first: usize) -> impl Iterator<Item = usize> {
    let family = if shape == 0 { ORTH } else { DIAG };
    family.into_iter().filter(move |&d| dot(d, first) > 0)
}

/// The first-step directions of a shape: diagonal for the Gryphon, orthogonal for the
/// Crocodile.
fn first_steps(shape: usize) -> [usize; 4] {
    if shape == 0 {
        DIAG
    } else {
        ORTH
    }
}

/// The opposite direction index.
#[inline(always)]
fn opposite(d: usize) -> usize {
    (d + 4) % 8
}

impl<B: Board> BentPaths<B> {
    /// Builds the path tables for the board of `bt` when `with_paths` (the game has bent
    /// riders), else empty ones.
    pub fn new(bt: &BoardTables<B>, with_paths: bool) -> BentPaths<B> {
        let n = bt.step.len();
        let mut path = [Vec::new(), Vec::new()];
        if with_paths {
            for (shape, table) in path.iter_mut().enumerate() {
                *table = vec![B::EMPTY; n * n];
                for (from, steps) in bt.step.iter().enumerate() {
                    for first in first_steps(shape) {
                        let Some(m) = steps[first] else {
                            continue;
                        };
                        for out in outward(shape, first) {
                            let mut inside = B::from_square(m);
                            let mut x = m;
                            while let Some(y) = bt.step[x.index()][out] {
                                table[from * n + y.index()] |= inside;
                                inside |= B::from_square(y);
                                x = y;
                            }
                        }
                    }
                }
            }
        }
        BentPaths { path, n }
    }

    /// Squares strictly inside the bent paths of `shape_bits` from `from` to `to`.
    #[inline(always)]
    pub fn path(&self, shape_bits: u8, from: Square, to: Square) -> B {
        let mut b = B::EMPTY;
        if shape_bits & GRYPHON != 0 {
            b |= self.path[0][from.index() * self.n + to.index()];
        }
        if shape_bits & CROCODILE != 0 {
            b |= self.path[1][from.index() * self.n + to.index()];
        }
        b
    }
}

/// Squares a bent rider with `shape_bits` on `from` attacks (and may move to, if empty or
/// enemy), given the occupancy.
#[inline]
pub fn attacks<B: Board>(bt: &BoardTables<B>, shape_bits: u8, from: Square, occ: B) -> B {
    let mut a = B::EMPTY;
    for shape in 0..2 {
        if shape_bits & (1 << shape) == 0 {
            continue;
        }
        for first in first_steps(shape) {
            let Some(m) = bt.step[from.index()][first] else {
                continue;
            };
            a |= B::from_square(m);
            if occ.has(m) {
                continue;
            }
            let lines = if shape == 0 {
                bt.sliders.orth(m, occ)
            } else {
                bt.sliders.diag(m, occ)
            };
            for out in outward(shape, first) {
                a |= lines & bt.ray[m.index()][out];
            }
        }
    }
    a
}

/// Squares from which a bent rider with `shape_bits` would attack `target`.
#[inline]
pub fn attackers_of<B: Board>(bt: &BoardTables<B>, shape_bits: u8, target: Square, occ: B) -> B {
    let mut a = B::EMPTY;
    if shape_bits & GRYPHON != 0 {
        a |= bt.ferz[target.index()];
        let lines = bt.sliders.orth(target, occ);
        for o in ORTH {
            // The ride arrived along `o`: its start m lies behind the target.
            let starts = lines & bt.ray[target.index()][opposite(o)] & !occ;
            if starts.any() {
                for f in DIAG.into_iter().filter(|&f| dot(f, o) > 0) {
                    a |= bt.shift(starts, opposite(f));
                }
            }
        }
    }
    if shape_bits & CROCODILE != 0 {
        a |= bt.wazir[target.index()];
        let lines = bt.sliders.diag(target, occ);
        for d in DIAG {
            let starts = lines & bt.ray[target.index()][opposite(d)] & !occ;
            if starts.any() {
                for w in ORTH.into_iter().filter(|&w| dot(w, d) > 0) {
                    a |= bt.shift(starts, opposite(w));
                }
            }
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::{attackers_of, attacks, CROCODILE, GRYPHON};
    use crate::sliders::{Board, Sliders};
    use crate::tables::board::BoardTables;
    use joust_core::atom::Occupant;
    use joust_core::{pieces, Bits, Color, Geometry, Square};

    /// Forward and reverse bent attacks agree with the atoms' reference reading on
    /// random occupancies of a 10x10 board.
    #[test]
    fn bent_attacks_match_the_atoms_both_ways() {
        let g = Geometry::TEN;
        let sliders = Box::leak(Box::new(<u128 as Board>::Sliders::new(g)));
        let bt = &BoardTables::<u128>::new(g, sliders);
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..40 {
            let mut occ = 0u128;
            for sq in g.squares() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed.is_multiple_of(4) {
                    occ |= 1 << sq.0;
                }
            }
            for (bits, kind) in [
                (GRYPHON, pieces::gryphon()),
                (CROCODILE, pieces::crocodile()),
                (GRYPHON | CROCODILE, pieces::bent_dragon()),
            ] {
                for from in g.squares() {
                    let occ_f = occ & !(1u128 << from.0);
                    let occupant = |s: Square| {
                        if occ_f.has(s) {
                            Occupant::Enemy
                        } else {
                            Occupant::Empty
                        }
                    };
                    let mut expected = 0u128;
                    for atom in &kind.atoms {
                        for s in atom.attack_squares(Color::White, g, from, &occupant) {
                            expected |= 1 << s.0;
                        }
                    }
                    assert_eq!(attacks(bt, bits, from, occ_f), expected, "{}", from.0);
                    for target in expected.squares() {
                        assert!(
                            attackers_of(bt, bits, target, occ_f).has(from),
                            "reverse {} -> {}",
                            from.0,
                            target.0
                        );
                    }
                }
                for target in g.squares() {
                    for from in attackers_of(bt, bits, target, occ).squares() {
                        if occ.has(from) || from == target {
                            continue;
                        }
                        assert!(attacks(bt, bits, from, occ).has(target));
                    }
                }
            }
        }
    }
}
