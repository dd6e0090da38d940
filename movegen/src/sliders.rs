//! Sliding attacks (rook-wise and bishop-wise lines) for any board geometry.
//!
//! 64-bit boards use magic-number hashing into precomputed tables; 128-bit boards scan
//! rays for their first blocker. Both answer the same question, and a test checks that
//! they agree.

use crate::magics_8x8::{DIAG_8X8, ORTH_8X8};
use joust_core::{Bits, Direction, Geometry, Square};

/// Line attacks of a rook-wise and a bishop-wise slider, given the occupied squares.
pub trait Sliders<B>: Send + Sync + Sized {
    /// Builds the tables for `geometry`.
    fn new(geometry: Geometry) -> Self;
    /// Squares a rook on `sq` attacks.
    fn orth(&self, sq: Square, occ: B) -> B;
    /// Squares a bishop on `sq` attacks.
    fn diag(&self, sq: Square, occ: B) -> B;
}

/// A bitboard width together with the slider implementation that suits it.
pub trait Board: Bits {
    /// The slider tables for this width.
    type Sliders: Sliders<Self>;
}

impl Board for u64 {
    type Sliders = MagicSliders;
}

impl Board for u128 {
    type Sliders = RaySliders<u128>;
}

const ORTH: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];
const DIAG: [Direction; 4] = [Direction::NE, Direction::SE, Direction::SW, Direction::NW];

/// The squares a slider on `sq` attacks along `dirs`, by walking: the slow reference.
pub fn walk_attacks<B: Bits>(g: Geometry, sq: Square, occ: B, dirs: &[Direction]) -> B {
    let mut out = B::EMPTY;
    for d in dirs {
        let (df, dr) = d.delta();
        let mut s = sq;
        while let Some(n) = g.offset(s, df, dr) {
            out |= B::from_square(n);
            if occ.has(n) {
                break;
            }
            s = n;
        }
    }
    out
}

/// Ray scanning: for each direction, the ray up to the first blocker.
pub struct RaySliders<B> {
    rays: Vec<[B; 8]>,
    positive: [bool; 8],
}

impl<B: Bits> RaySliders<B> {
    #[inline(always)]
    fn ray(&self, sq: Square, occ: B, d: usize) -> B {
        let ray = self.rays[sq.index()][d];
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            let b = if self.positive[d] {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            ray ^ self.rays[b.index()][d]
        }
    }
}

impl<B: Bits> Sliders<B> for RaySliders<B> {
    fn new(g: Geometry) -> Self {
        let rays = g
            .squares()
            .map(|sq| Direction::ALL.map(|d| walk_attacks(g, sq, B::EMPTY, &[d])))
            .collect();
        let positive = Direction::ALL.map(|d| {
            let (df, dr) = d.delta();
            dr > 0 || (dr == 0 && df > 0)
        });
        RaySliders { rays, positive }
    }
    #[inline(always)]
    fn orth(&self, sq: Square, occ: B) -> B {
        self.ray(sq, occ, 0) | self.ray(sq, occ, 2) | self.ray(sq, occ, 4) | self.ray(sq, occ, 6)
    }
    #[inline(always)]
    fn diag(&self, sq: Square, occ: B) -> B {
        self.ray(sq, occ, 1) | self.ray(sq, occ, 3) | self.ray(sq, occ, 5) | self.ray(sq, occ, 7)
    }
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Magic bitboards for boards of at most 64 squares; magics are searched at start-up
/// from a fixed seed, so the tables are the same on every run.
pub struct MagicSliders {
    orth: Vec<Magic>,
    diag: Vec<Magic>,
    table: Vec<u64>,
}

impl MagicSliders {
    #[inline(always)]
    fn lookup(&self, m: &Magic, occ: u64) -> u64 {
        let index = ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        // SAFETY-free: the index is < 2^(64-shift) = table slice length by construction.
        self.table[m.offset + index]
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The relevant-occupancy mask: every ray square except the last one on each ray.
fn relevant_mask(g: Geometry, sq: Square, dirs: &[Direction]) -> u64 {
    let mut mask = 0u64;
    for d in dirs {
        let (df, dr) = d.delta();
        let mut s = sq;
        while let Some(n) = g.offset(s, df, dr) {
            if g.offset(n, df, dr).is_none() {
                break;
            }
            mask |= 1 << n.0;
            s = n;
        }
    }
    mask
}

/// Magics for every square of `g` along `dirs`, filling `table`: `known[square]` is tried
/// first (and kept if it works), else one is searched for with `rng`.
fn find_magics(
    g: Geometry,
    dirs: &[Direction],
    table: &mut Vec<u64>,
    rng: &mut Rng,
    known: Option<&[u64; 64]>,
) -> Vec<Magic> {
    let mut out = Vec::with_capacity(g.len());
    for sq in g.squares() {
        let mask = relevant_mask(g, sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(walk_attacks::<u64>(g, sq, sub, dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits.max(1);
        let mut used = vec![0u64; size.max(2)];
        let mut epoch = vec![0u32; size.max(2)];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = match known {
                Some(k) if attempt == 1 => k[sq.index()],
                _ if bits == 0 => 0,
                _ => rng.sparse(),
            };
            if bits > 6 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = occs.iter().zip(&atts).all(|(&o, &a)| {
                let idx = (o.wrapping_mul(magic) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    used[idx] = a;
                    true
                } else {
                    used[idx] == a
                }
            });
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.resize(offset + used.len(), 0);
        for (&o, &a) in occs.iter().zip(&atts) {
            let idx = (o.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = a;
        }
        out.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    out
}

impl Sliders<u64> for MagicSliders {
    fn new(g: Geometry) -> Self {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        let mut table = Vec::new();
        let chess = g == Geometry::CHESS;
        let orth = find_magics(g, &ORTH, &mut table, &mut rng, chess.then_some(&ORTH_8X8));
        let diag = find_magics(g, &DIAG, &mut table, &mut rng, chess.then_some(&DIAG_8X8));
        MagicSliders { orth, diag, table }
    }
    #[inline(always)]
    fn orth(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.orth[sq.index()], occ)
    }
    #[inline(always)]
    fn diag(&self, sq: Square, occ: u64) -> u64 {
        self.lookup(&self.diag[sq.index()], occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_occupancies(n: usize) -> Vec<u64> {
        let mut rng = Rng(99);
        (0..n).map(|_| rng.next() & rng.next()).collect()
    }

    #[test]
    fn magics_and_rays_agree_with_walking_on_8x8() {
        let g = Geometry::CHESS;
        let magic = MagicSliders::new(g);
        let rays = RaySliders::<u64>::new(g);
        for occ in random_occupancies(200) {
            for sq in g.squares() {
                let o = walk_attacks(g, sq, occ, &ORTH);
                let d = walk_attacks(g, sq, occ, &DIAG);
                assert_eq!(magic.orth(sq, occ), o);
                assert_eq!(magic.diag(sq, occ), d);
                assert_eq!(rays.orth(sq, occ), o);
                assert_eq!(rays.diag(sq, occ), d);
            }
        }
    }

    #[test]
    fn the_stored_8x8_magics_are_used_as_they_are() {
        let magic = MagicSliders::new(Geometry::CHESS);
        for sq in 0..64 {
            assert_eq!(magic.orth[sq].magic, ORTH_8X8[sq], "rook line, square {sq}");
            assert_eq!(
                magic.diag[sq].magic, DIAG_8X8[sq],
                "bishop line, square {sq}"
            );
        }
    }

    #[test]
    fn rays_agree_with_walking_on_10x10_and_odd_boards() {
        for (files, ranks) in [(10, 10), (3, 7), (10, 1), (1, 10)] {
            let g = Geometry::new(files, ranks).unwrap();
            let rays = RaySliders::<u128>::new(g);
            let board = u128::board(g);
            for seed in random_occupancies(50) {
                let occ = ((seed as u128) << 50 ^ seed as u128) & board;
                for sq in g.squares() {
                    assert_eq!(rays.orth(sq, occ), walk_attacks(g, sq, occ, &ORTH));
                    assert_eq!(rays.diag(sq, occ), walk_attacks(g, sq, occ, &DIAG));
                }
            }
        }
    }
}
