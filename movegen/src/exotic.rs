//! Tables and attack sets for the pieces the fast generator does not handle: the bent
//! riders of Royal Lion Chess (Gryphon, Crocodile, Dragon) and the Lion's neighbourhood.
//! Attacks are computed both forwards (where a piece can go) and in reverse (which
//! squares a piece could attack a target from), since bent attacks are not symmetric.

use crate::sliders::{Board, Sliders};
use crate::tables::{Tables, CROCODILE, GRYPHON};
use joust_core::{Bits, Direction, Geometry, Square};

/// Direction indices into [`Direction::ALL`].
const ORTH: [usize; 4] = [0, 2, 4, 6];
const DIAG: [usize; 4] = [1, 3, 5, 7];

/// Precomputed geometry for bent riders and king-step neighbourhoods.
pub struct ExoticTables<B> {
    files: i32,
    board: B,
    not_first_file: B,
    not_last_file: B,
    /// `step[sq][dir]`: the neighbour of `sq` in `dir`, if on the board.
    pub step: Vec<[Option<Square>; 8]>,
    /// `ray[sq][dir]`: the empty-board ray from `sq` in `dir` (sq excluded).
    pub ray: Vec<[B; 8]>,
    /// King-step neighbours of each square.
    pub king: Vec<B>,
    /// Orthogonal neighbours.
    pub wazir: Vec<B>,
    /// Diagonal neighbours.
    pub ferz: Vec<B>,
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

impl<B: Bits> ExoticTables<B> {
    /// Builds the tables for `g`; the bent path tables only when `with_paths`.
    pub fn new(g: Geometry, with_paths: bool) -> ExoticTables<B> {
        let n = g.len();
        let bit = B::from_square;
        let step: Vec<[Option<Square>; 8]> = g
            .squares()
            .map(|s| {
                Direction::ALL.map(|d| {
                    let (df, dr) = d.delta();
                    g.offset(s, df, dr)
                })
            })
            .collect();
        let ray: Vec<[B; 8]> = g
            .squares()
            .map(|s| {
                Direction::ALL.map(|d| {
                    let (df, dr) = d.delta();
                    let mut b = B::EMPTY;
                    let mut x = s;
                    while let Some(y) = g.offset(x, df, dr) {
                        b |= bit(y);
                        x = y;
                    }
                    b
                })
            })
            .collect();
        let nb = |dirs: &[usize]| -> Vec<B> {
            step.iter()
                .map(|st| {
                    dirs.iter()
                        .filter_map(|&d| st[d])
                        .fold(B::EMPTY, |b, s| b | bit(s))
                })
                .collect()
        };
        let king = nb(&[0, 1, 2, 3, 4, 5, 6, 7]);
        let wazir = nb(&ORTH);
        let ferz = nb(&DIAG);
        let mut path = [Vec::new(), Vec::new()];
        if with_paths {
            for (shape, table) in path.iter_mut().enumerate() {
                *table = vec![B::EMPTY; n * n];
                for from in g.squares() {
                    for first in first_steps(shape) {
                        let Some(m) = step[from.index()][first] else {
                            continue;
                        };
                        for out in outward(shape, first) {
                            let mut inside = bit(m);
                            let mut x = m;
                            while let Some(y) = step[x.index()][out] {
                                table[from.index() * n + y.index()] |= inside;
                                inside |= bit(y);
                                x = y;
                            }
                        }
                    }
                }
            }
        }
        let file_mask = |f: u8| {
            g.squares()
                .filter(|&s| g.file(s).0 == f)
                .fold(B::EMPTY, |b, s| b | bit(s))
        };
        let board = B::board(g);
        ExoticTables {
            files: g.files() as i32,
            board,
            not_first_file: board & !file_mask(0),
            not_last_file: board & !file_mask(g.files() - 1),
            step,
            ray,
            king,
            wazir,
            ferz,
            path,
            n,
        }
    }

    /// The set `b` moved by one step in direction `dir` (squares leaving the board drop).
    #[inline(always)]
    pub fn shift(&self, b: B, dir: usize) -> B {
        let (df, dr) = Direction::ALL[dir].delta();
        let b = match df {
            1 => b & self.not_last_file,
            -1 => b & self.not_first_file,
            _ => b,
        };
        let delta = dr as i32 * self.files + df as i32;
        if delta >= 0 {
            (b << delta as u32) & self.board
        } else {
            b >> (-delta) as u32
        }
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

/// The opposite direction index.
#[inline(always)]
fn opposite(d: usize) -> usize {
    (d + 4) % 8
}

impl<B: Board> Tables<B> {
    /// Squares a bent rider with `shape_bits` on `from` attacks (and may move to, if
    /// empty or enemy), given the occupancy.
    #[inline]
    pub fn bent_attacks(&self, shape_bits: u8, from: Square, occ: B) -> B {
        let x = &self.exotic;
        let mut a = B::EMPTY;
        for shape in 0..2 {
            if shape_bits & (1 << shape) == 0 {
                continue;
            }
            for first in first_steps(shape) {
                let Some(m) = x.step[from.index()][first] else {
                    continue;
                };
                a |= B::from_square(m);
                if occ.has(m) {
                    continue;
                }
                let lines = if shape == 0 {
                    self.sliders.orth(m, occ)
                } else {
                    self.sliders.diag(m, occ)
                };
                for out in outward(shape, first) {
                    a |= lines & x.ray[m.index()][out];
                }
            }
        }
        a
    }

    /// Squares from which a bent rider with `shape_bits` would attack `target`.
    #[inline]
    pub fn bent_attackers_of(&self, shape_bits: u8, target: Square, occ: B) -> B {
        let x = &self.exotic;
        let mut a = B::EMPTY;
        if shape_bits & GRYPHON != 0 {
            a |= x.ferz[target.index()];
            let lines = self.sliders.orth(target, occ);
            for o in ORTH {
                // The ride arrived along `o`: its start m lies behind the target.
                let starts = lines & x.ray[target.index()][opposite(o)] & !occ;
                if starts.any() {
                    for f in DIAG.into_iter().filter(|&f| dot(f, o) > 0) {
                        a |= x.shift(starts, opposite(f));
                    }
                }
            }
        }
        if shape_bits & CROCODILE != 0 {
            a |= x.wazir[target.index()];
            let lines = self.sliders.diag(target, occ);
            for d in DIAG {
                let starts = lines & x.ray[target.index()][opposite(d)] & !occ;
                if starts.any() {
                    for w in ORTH.into_iter().filter(|&w| dot(w, d) > 0) {
                        a |= x.shift(starts, opposite(w));
                    }
                }
            }
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use crate::tables::{tables, CROCODILE, GRYPHON};
    use joust_core::atom::Occupant;
    use joust_core::{pieces, variants, Bits, Color, Geometry, Square};

    /// Forward and reverse bent attacks agree with the atoms' reference reading on
    /// random occupancies of a 10x10 board.
    #[test]
    fn bent_attacks_match_the_atoms_both_ways() {
        let t = tables::<u128>(variants::royal_lion());
        let g = Geometry::TEN;
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
                    assert_eq!(t.bent_attacks(bits, from, occ_f), expected, "{}", from.0);
                    for target in expected.squares() {
                        assert!(
                            t.bent_attackers_of(bits, target, occ_f).has(from),
                            "reverse {} -> {}",
                            from.0,
                            target.0
                        );
                    }
                }
                for target in g.squares() {
                    for from in t.bent_attackers_of(bits, target, occ).squares() {
                        if occ.has(from) || from == target {
                            continue;
                        }
                        assert!(t.bent_attacks(bits, from, occ).has(target));
                    }
                }
            }
        }
    }
}
