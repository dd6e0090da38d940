//! What the board's shape alone decides, whatever pieces stand on it: the squares of the
//! board, line attacks, squares between two squares and within a distance, each square's
//! neighbours and empty-board rays. Every piece table and generator asks these.

use crate::sliders::{Board, Sliders};
use joust_core::atom::{king_steps, UNLIMITED};
use joust_core::{Bits, Direction, Geometry, Square};

/// Direction indices into [`Direction::ALL`] of the four orthogonal directions.
pub(crate) const ORTH: [usize; 4] = [0, 2, 4, 6];
/// Direction indices into [`Direction::ALL`] of the four diagonal directions.
pub(crate) const DIAG: [usize; 4] = [1, 3, 5, 7];

/// The tables of one board shape on one bitboard width.
pub struct BoardTables<B: Board> {
    /// Every square of the board.
    pub(crate) all: B,
    /// Line attacks.
    pub(crate) sliders: &'static B::Sliders,
    /// `within[r][sq]`: squares at king distance ≤ r, for r below the board's longer side
    /// (any r beyond reaches every square); for limited rides.
    within: Vec<Vec<B>>,
    /// `between[a * n + b]`: squares strictly between two squares on a line, else empty.
    between: Vec<B>,
    /// `line[a * n + b]`: the whole line through two aligned squares, else empty.
    line: Vec<B>,
    /// Rook lines from each square on an empty board.
    pub(crate) empty_orth: Vec<B>,
    /// Bishop lines from each square on an empty board.
    pub(crate) empty_diag: Vec<B>,
    /// Every square not on the first file (for shifting sets towards lower files).
    pub(crate) not_first_file: B,
    /// Every square not on the last file.
    pub(crate) not_last_file: B,
    /// `step[sq][dir]`: the neighbour of `sq` in `dir` (index into [`Direction::ALL`]),
    /// if on the board.
    pub(crate) step: Vec<[Option<Square>; 8]>,
    /// `ray[sq][dir]`: the empty-board ray from `sq` in `dir` (sq excluded).
    pub(crate) ray: Vec<[B; 8]>,
    /// King-step neighbours of each square.
    pub(crate) king: Vec<B>,
    /// Orthogonal neighbours.
    pub(crate) wazir: Vec<B>,
    /// Diagonal neighbours.
    pub(crate) ferz: Vec<B>,
    files: i32,
    /// How many squares the board has.
    pub(crate) n: usize,
}

/// The set of `squares`.
pub(crate) fn bb_of<B: Bits>(squares: impl IntoIterator<Item = Square>) -> B {
    let mut b = B::EMPTY;
    for s in squares {
        b |= B::from_square(s);
    }
    b
}

impl<B: Board> BoardTables<B> {
    /// Builds the tables of `g`, taking the line attacks `sliders` built for it.
    pub fn new(g: Geometry, sliders: &'static B::Sliders) -> BoardTables<B> {
        let n = g.len();
        let board = B::board(g);
        let within = (0..g.files().max(g.ranks()))
            .map(|r| {
                g.squares()
                    .map(|a| bb_of(g.squares().filter(|&b| g.distance(a, b) <= r)))
                    .collect()
            })
            .collect();

        let mut between = vec![B::EMPTY; n * n];
        let mut line = vec![B::EMPTY; n * n];
        for a in g.squares() {
            for (df, dr) in king_steps() {
                let mut path = B::EMPTY;
                let mut s = a;
                while let Some(b) = g.offset(s, df, dr) {
                    between[a.index() * n + b.index()] = path;
                    path |= B::from_square(b);
                    s = b;
                }
                // The full line: both directions from a, plus a itself.
                let mut full = B::from_square(a);
                for sign in [1, -1] {
                    let mut s = a;
                    while let Some(b) = g.offset(s, df * sign, dr * sign) {
                        full |= B::from_square(b);
                        s = b;
                    }
                }
                let mut s = a;
                while let Some(b) = g.offset(s, df, dr) {
                    line[a.index() * n + b.index()] = full;
                    s = b;
                }
            }
        }

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
                        b |= B::from_square(y);
                        x = y;
                    }
                    b
                })
            })
            .collect();
        let neighbours = |dirs: &[usize]| -> Vec<B> {
            step.iter()
                .map(|st| bb_of(dirs.iter().filter_map(|&d| st[d])))
                .collect()
        };
        let king = neighbours(&[0, 1, 2, 3, 4, 5, 6, 7]);
        let wazir = neighbours(&ORTH);
        let ferz = neighbours(&DIAG);
        let file_bb = |f: u8| bb_of::<B>(g.squares().filter(|&s| g.file(s).0 == f));

        BoardTables {
            all: board,
            sliders,
            within,
            between,
            line,
            empty_orth: g.squares().map(|s| sliders.orth(s, B::EMPTY)).collect(),
            empty_diag: g.squares().map(|s| sliders.diag(s, B::EMPTY)).collect(),
            not_first_file: board & !file_bb(0),
            not_last_file: board & !file_bb(g.files() - 1),
            step,
            ray,
            king,
            wazir,
            ferz,
            files: g.files() as i32,
            n,
        }
    }

    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index() * self.n + b.index()]
    }

    /// The whole line through `a` and `b` if they share one, else empty.
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.line[a.index() * self.n + b.index()]
    }

    /// Squares at most `range` king steps from `sq` (everything for unlimited ranges).
    #[inline(always)]
    pub fn within(&self, range: u8, sq: Square) -> B {
        if range as usize >= self.within.len() {
            self.all
        } else {
            self.within[range as usize][sq.index()]
        }
    }

    /// Squares between `min` and `max` steps from `sq` along a straight line.
    #[inline(always)]
    pub(crate) fn step_band(&self, sq: Square, min: u8, max: u8) -> B {
        let near = if min <= 1 {
            B::EMPTY
        } else {
            self.within(min - 1, sq)
        };
        let far = if max == UNLIMITED {
            self.all
        } else {
            self.within(max, sq)
        };
        far & !near
    }

    /// The set `b` moved by one step in direction `dir` (squares leaving the board drop).
    #[inline(always)]
    pub(crate) fn shift(&self, b: B, dir: usize) -> B {
        let (df, dr) = Direction::ALL[dir].delta();
        let b = match df {
            1 => b & self.not_last_file,
            -1 => b & self.not_first_file,
            _ => b,
        };
        let delta = dr as i32 * self.files + df as i32;
        if delta >= 0 {
            (b << delta as u32) & self.all
        } else {
            b >> (-delta) as u32
        }
    }

    /// The orthogonal and diagonal slider sets from `sq`, each computed only if `needed`
    /// says so (empty otherwise).
    #[inline(always)]
    pub fn lines_if(&self, sq: Square, occ: B, needed: (bool, bool)) -> (B, B) {
        let orth = if needed.0 {
            self.sliders.orth(sq, occ)
        } else {
            B::EMPTY
        };
        let diag = if needed.1 {
            self.sliders.diag(sq, occ)
        } else {
            B::EMPTY
        };
        (orth, diag)
    }

    /// The ray from `from` in direction `dir` up to and including the first square of
    /// `stoppers` (the whole ray if none): where a Lancer riding it reaches.
    #[inline(always)]
    pub fn lance_reach(&self, from: Square, dir: usize, stoppers: B) -> B {
        let ray = self.ray[from.index()][dir];
        let hit = ray & stoppers;
        if hit.is_empty() {
            return ray;
        }
        let first = Self::first_on_ray(hit, dir);
        ray ^ self.ray[first.index()][dir]
    }

    /// The first square of `hit` (squares on the ray from some square in direction
    /// `dir`) met along that ray.
    #[inline(always)]
    pub(crate) fn first_on_ray(hit: B, dir: usize) -> Square {
        // Directions N, NE, E and NW run to higher square indices.
        if matches!(dir, 0 | 1 | 2 | 7) {
            hit.lowest()
        } else {
            hit.highest()
        }
    }

    /// Where a hopper on `from` lands going in direction `dir` (`Path::Hop`): past the
    /// first occupied square (the screen), each square up to and including the next
    /// occupied one, at most `max` past the screen; nothing without a screen.
    #[inline(always)]
    pub(crate) fn hop_reach(&self, from: Square, dir: usize, occ: B, max: u8) -> B {
        let hit = self.ray[from.index()][dir] & occ;
        if hit.is_empty() {
            return B::EMPTY;
        }
        let screen = Self::first_on_ray(hit, dir);
        let land = self.lance_reach(screen, dir, occ);
        if max == UNLIMITED {
            land
        } else {
            land & self.within(max, screen)
        }
    }

    /// The hop of [`Self::hop_reach`] turned around: the squares from which a hopper
    /// going in the direction opposite to `dir` would land on `target` (an enemy placed
    /// there), given the occupied squares: past the first occupied square from `target`
    /// (the screen, at most `max` away), each square up to and including the next
    /// occupied one.
    #[inline(always)]
    pub(crate) fn hop_sources(&self, target: Square, dir: usize, occ: B, max: u8) -> B {
        let hit = self.ray[target.index()][dir] & occ;
        if hit.is_empty() {
            return B::EMPTY;
        }
        let screen = Self::first_on_ray(hit, dir);
        if max != UNLIMITED && !self.within(max, target).has(screen) {
            return B::EMPTY;
        }
        self.lance_reach(screen, dir, occ)
    }

    /// Squares a rider passing its own pieces reaches from `from` along `dirs`: each ray
    /// up to and including the first of `stoppers` (the other side's pieces).
    #[inline(always)]
    pub(crate) fn lance_rays(&self, dirs: u8, from: Square, stoppers: B) -> B {
        let mut reach = B::EMPTY;
        let mut d = dirs;
        while d != 0 {
            let dir = d.trailing_zeros() as usize;
            d &= d - 1;
            reach |= self.lance_reach(from, dir, stoppers);
        }
        reach
    }
}
