//! Pieces described by any mix of leaps, lame leaps and rides, each of which may move,
//! capture by displacement or shoot (Cromwell Chess, RULES.md §8): compiled from their
//! atoms into per-square tables and evaluated generically.

use crate::sliders::{Board, Sliders};
use crate::tables::Tables;
use joust_core::atom::{Atom, Mode, Occupant, Path, UNLIMITED};
use joust_core::{Bits, Color, Direction, Geometry, Square};

/// One compiled atom.
#[derive(Clone, Debug)]
pub enum Op<B> {
    /// Leaps: `table[color][square]` holds the targets.
    Leap {
        /// What it may do.
        mode: Mode,
        /// Targets per colour and square.
        table: [Vec<B>; 2],
    },
    /// Lame leaps: `pairs[color][square]` lists (square that must be empty, target).
    Lame {
        /// What it may do.
        mode: Mode,
        /// Per colour and square.
        pairs: [Vec<Vec<(Square, Square)>>; 2],
    },
    /// Rides along the directions in `dirs[color]` (bits over `Direction::ALL`), from
    /// `min` to `max` steps; `through_own` rides pass the mover's own pieces.
    Ride {
        /// What it may do.
        mode: Mode,
        /// Direction bits per colour.
        dirs: [u8; 2],
        /// Nearest step.
        min: u8,
        /// Farthest step.
        max: u8,
        /// Passes the mover's own pieces, stops at the first enemy.
        through_own: bool,
    },
}

/// A kind's compiled atoms.
#[derive(Clone, Debug, Default)]
pub struct Program<B> {
    /// The atoms.
    pub ops: Vec<Op<B>>,
    /// The atoms that attack (capture or shoot), without those whose attacks another
    /// atom already covers (a Rupert's short shots lie on his queen lines): what attack
    /// detection evaluates.
    pub attack_ops: Vec<Op<B>>,
    /// For each Leap of `attack_ops`: `[color][target]` = squares it attacks `target` from.
    pub reverse_leaps: Vec<[Vec<B>; 2]>,
    /// `reach[color][square]`: squares from which this kind could attack `square` on an
    /// empty board (a quick filter before the exact test).
    pub reverse_reach: [Vec<B>; 2],
}

/// What one piece can do from its square.
#[derive(Copy, Clone, Debug, Default)]
pub struct Sets<B> {
    /// Empty squares it may move to.
    pub moves: B,
    /// Enemy pieces it may capture by moving onto them.
    pub captures: B,
    /// Enemy pieces it may shoot.
    pub shots: B,
}

/// Compiles atoms into a program, or `None` if an atom is of a path this module does not
/// handle (bent rides, the Lion's double step).
pub fn compile<B: Bits>(atoms: &[Atom], g: Geometry) -> Option<Program<B>> {
    let mut ops = Vec::new();
    for atom in atoms {
        let per_color = |color: Color| atom.offsets_for(color).collect::<Vec<_>>();
        match atom.path {
            Path::Leap => {
                let table = Color::ALL.map(|c| {
                    let offs = per_color(c);
                    g.squares()
                        .map(|s| {
                            offs.iter()
                                .filter_map(|&(df, dr)| g.offset(s, df, dr))
                                .fold(B::EMPTY, |b, t| b | B::from_square(t))
                        })
                        .collect()
                });
                ops.push(Op::Leap {
                    mode: atom.mode,
                    table,
                });
            }
            Path::Lame => {
                let pairs = Color::ALL.map(|c| {
                    let offs = per_color(c);
                    g.squares()
                        .map(|s| {
                            offs.iter()
                                .filter_map(|&(df, dr)| {
                                    let (sf, sr) = if df.abs() != dr.abs() && df != 0 && dr != 0 {
                                        if dr.abs() > df.abs() {
                                            (0, dr.signum())
                                        } else {
                                            (df.signum(), 0)
                                        }
                                    } else {
                                        (df.signum(), dr.signum())
                                    };
                                    Some((g.offset(s, sf, sr)?, g.offset(s, df, dr)?))
                                })
                                .collect()
                        })
                        .collect()
                });
                ops.push(Op::Lame {
                    mode: atom.mode,
                    pairs,
                });
            }
            Path::Ride { min, max } | Path::RideThroughOwn { min, max } => {
                let dirs = Color::ALL.map(|c| {
                    per_color(c).iter().fold(0u8, |bits, &(df, dr)| {
                        bits | Direction::from_delta(df, dr).map_or(0, |d| 1 << d as u8)
                    })
                });
                if atom
                    .offsets
                    .iter()
                    .any(|&(df, dr)| Direction::from_delta(df, dr).is_none())
                {
                    return None;
                }
                ops.push(Op::Ride {
                    mode: atom.mode,
                    dirs,
                    min,
                    max,
                    through_own: matches!(atom.path, Path::RideThroughOwn { .. }),
                });
            }
            Path::Bent { .. } | Path::LionDouble => return None,
        }
    }
    // Leaps over the same squares become one op whose mode is the union (a Cromwell pawn
    // moves, captures and shoots on the same three squares).
    let mut merged: Vec<Op<B>> = Vec::new();
    for op in ops {
        if let Op::Leap { mode, table } = &op {
            if mode.contains(Mode::INITIAL) {
                merged.push(op);
                continue;
            }
            let same = merged.iter_mut().find_map(|m| match m {
                Op::Leap {
                    mode: m_mode,
                    table: m_table,
                } if m_table == table && !m_mode.contains(Mode::INITIAL) => Some(m_mode),
                _ => None,
            });
            if let Some(m_mode) = same {
                *m_mode |= *mode;
                continue;
            }
        }
        merged.push(op);
    }
    let ops = merged;
    let attack_ops: Vec<Op<B>> = ops
        .iter()
        .enumerate()
        .filter(|(i, op)| {
            attacks(op)
                && !ops
                    .iter()
                    .enumerate()
                    .any(|(j, other)| j != *i && covers(other, op, g))
        })
        .map(|(_, op)| op.clone())
        .collect();
    let reverse_leaps = attack_ops
        .iter()
        .filter_map(|op| match op {
            Op::Leap { table, .. } => Some(Color::ALL.map(|c| {
                let mut rev = vec![B::EMPTY; g.len()];
                for from in g.squares() {
                    for t in table[c.index()][from.index()].squares() {
                        rev[t.index()] |= B::from_square(from);
                    }
                }
                rev
            })),
            _ => None,
        })
        .collect();
    let reverse_reach = Color::ALL.map(|c| {
        let mut rev = vec![B::EMPTY; g.len()];
        for from in g.squares() {
            let empty = |_: Square| Occupant::Empty;
            for atom in atoms {
                for t in atom.attack_squares(c, g, from, &empty) {
                    rev[t.index()] |= B::from_square(from);
                }
            }
        }
        rev
    });
    Some(Program {
        ops,
        attack_ops,
        reverse_leaps,
        reverse_reach,
    })
}

/// True if the op can capture or shoot.
fn attacks<B>(op: &Op<B>) -> bool {
    let mode = match op {
        Op::Leap { mode, .. } | Op::Lame { mode, .. } | Op::Ride { mode, .. } => mode,
    };
    mode.intersects(Mode::CAPTURE | Mode::SHOOT)
}

/// True if every square `op` attacks, in any position, `other` attacks too, and `other`
/// is not itself covered by `op` in the same way (of two equal ops, the later one counts).
fn covers<B: Bits>(other: &Op<B>, op: &Op<B>, g: Geometry) -> bool {
    if !attacks(other) {
        return false;
    }
    let sub = |a: &[Vec<B>; 2], b: &[Vec<B>; 2]| {
        (0..2).all(|c| {
            g.squares()
                .all(|s| (a[c][s.index()] & !b[c][s.index()]).is_empty())
        })
    };
    match (op, other) {
        (
            Op::Ride {
                dirs: d1,
                min: n1,
                max: x1,
                through_own: false,
                ..
            },
            Op::Ride {
                dirs: d2,
                min: n2,
                max: x2,
                through_own: false,
                ..
            },
        ) => {
            let inside = (0..2).all(|c| d1[c] & !d2[c] == 0) && n1 >= n2 && x1 <= x2;
            let equal = d1 == d2 && n1 == n2 && x1 == x2;
            inside && !equal
        }
        (Op::Leap { table: a, .. }, Op::Leap { table: b, .. }) => sub(a, b) && !sub(b, a),
        (Op::Lame { pairs, .. }, Op::Leap { table, .. }) => (0..2).all(|c| {
            g.squares().all(|s| {
                pairs[c][s.index()]
                    .iter()
                    .all(|&(_, t)| table[c][s.index()].has(t))
            })
        }),
        _ => false,
    }
}

/// Direction bits of the four orthogonal and the four diagonal directions.
const ORTH_DIRS: u8 = 0b0101_0101;
const DIAG_DIRS: u8 = 0b1010_1010;

impl<B: Board> Tables<B> {
    /// Squares a rider blocked by any piece reaches from `from` along the directions
    /// `dirs` (up to and including the first occupied square): slider tables for whole
    /// orthogonal or diagonal sets, ray scans for the rest.
    #[inline(always)]
    fn ride_reach(&self, dirs: u8, from: Square, occ: B) -> B {
        self.cached_ride_reach(dirs, from, occ, &mut (None, None))
    }

    /// Squares a rider passing its own pieces reaches from `from` along `dirs`: each ray
    /// up to and including the first of `stoppers` (the other side's pieces).
    #[inline(always)]
    fn lance_rays(&self, dirs: u8, from: Square, stoppers: B) -> B {
        let mut reach = B::EMPTY;
        let mut d = dirs;
        while d != 0 {
            let dir = d.trailing_zeros() as usize;
            d &= d - 1;
            reach |= self.lance_reach(from, dir, stoppers);
        }
        reach
    }

    /// [`Self::ride_reach`], computing each slider lookup at most once per piece.
    #[inline(always)]
    fn cached_ride_reach(
        &self,
        dirs: u8,
        from: Square,
        occ: B,
        lines: &mut (Option<B>, Option<B>),
    ) -> B {
        let mut reach = B::EMPTY;
        let mut rest = dirs;
        if dirs & ORTH_DIRS == ORTH_DIRS {
            reach |= *lines.0.get_or_insert_with(|| self.sliders.orth(from, occ));
            rest &= !ORTH_DIRS;
        }
        if dirs & DIAG_DIRS == DIAG_DIRS {
            reach |= *lines.1.get_or_insert_with(|| self.sliders.diag(from, occ));
            rest &= !DIAG_DIRS;
        }
        // Any remaining single directions: a ray stopped by any piece.
        reach | self.lance_rays(rest, from, occ)
    }

    /// Squares between `min` and `max` steps from `sq` along a straight line.
    #[inline(always)]
    fn step_band(&self, sq: Square, min: u8, max: u8) -> B {
        let near = if min <= 1 {
            B::EMPTY
        } else {
            self.within(min - 1, sq)
        };
        let far = if max == UNLIMITED {
            self.board
        } else {
            self.within(max, sq)
        };
        far & !near
    }

    /// What a piece of a generic `program` and `color` on `from` can do, given the
    /// occupied squares and its own pieces.
    pub fn generic_sets(
        &self,
        program: &Program<B>,
        color: Color,
        from: Square,
        occ: B,
        own: B,
    ) -> Sets<B> {
        let c = color.index();
        let theirs = occ & !own;
        let empty = !occ & self.board;
        let mut sets = Sets::default();
        let mut lines = (None, None);
        let add = |mode: Mode, reach: B, sets: &mut Sets<B>| {
            if mode.contains(Mode::MOVE) {
                sets.moves |= reach & empty;
            }
            if mode.contains(Mode::CAPTURE) {
                sets.captures |= reach & theirs;
            }
            if mode.contains(Mode::SHOOT) {
                sets.shots |= reach & theirs;
            }
        };
        for op in &program.ops {
            match op {
                Op::Leap { mode, table } => add(*mode, table[c][from.index()], &mut sets),
                Op::Lame { mode, pairs } => {
                    for &(block, target) in &pairs[c][from.index()] {
                        if !occ.has(block) {
                            add(*mode, B::from_square(target), &mut sets);
                        }
                    }
                }
                Op::Ride {
                    mode,
                    dirs,
                    min,
                    max,
                    through_own,
                } => {
                    let band = self.step_band(from, *min, *max);
                    if *through_own {
                        add(
                            *mode,
                            self.lance_rays(dirs[c], from, theirs) & band,
                            &mut sets,
                        );
                    } else {
                        let reach = self.cached_ride_reach(dirs[c], from, occ, &mut lines);
                        add(*mode, reach & band, &mut sets);
                    }
                }
            }
        }
        sets
    }

    /// The squares from which a piece of `program` and `color` would attack `target`,
    /// given the occupied squares and `color`'s pieces `own`.
    pub fn generic_sources(
        &self,
        program: &Program<B>,
        color: Color,
        target: Square,
        occ: B,
        own: B,
    ) -> B {
        let c = color.index();
        let mut sources = B::EMPTY;
        let mut leaps = program.reverse_leaps.iter();
        for op in &program.attack_ops {
            match op {
                Op::Leap { .. } => {
                    let rev = leaps.next().expect("one reverse table per leap");
                    sources |= rev[c][target.index()];
                }
                Op::Lame { pairs, .. } => {
                    for from in program.reverse_reach[c][target.index()].squares() {
                        if pairs[c][from.index()]
                            .iter()
                            .any(|&(block, t)| t == target && !occ.has(block))
                        {
                            sources |= B::from_square(from);
                        }
                    }
                }
                Op::Ride {
                    dirs,
                    min,
                    max,
                    through_own,
                    ..
                } => {
                    let band = self.step_band(target, *min, *max);
                    // Reverse every direction: the rider stands behind the target.
                    let back = dirs[c].rotate_left(4);
                    if *through_own {
                        sources |= self.lance_rays(back, target, occ & !own) & band;
                    } else {
                        sources |= self.ride_reach(back, target, occ) & band;
                    }
                }
            }
        }
        sources
    }

    /// Squares whose piece, by leaving, could let the piece of `program` and `color` on
    /// `from` reach `target`: those between them on one of its ride lines, and the first
    /// steps of its lame leaps to `target`.
    pub fn generic_blockers(
        &self,
        program: &Program<B>,
        color: Color,
        from: Square,
        target: Square,
    ) -> B {
        let c = color.index();
        let mut b = B::EMPTY;
        for op in &program.ops {
            match op {
                Op::Ride { dirs, .. } => {
                    let mut d = dirs[c];
                    while d != 0 {
                        let dir = d.trailing_zeros() as usize;
                        d &= d - 1;
                        if self.exotic.ray[from.index()][dir].has(target) {
                            b |= self.between(from, target);
                        }
                    }
                }
                Op::Lame { pairs, .. } => {
                    for &(block, t) in &pairs[c][from.index()] {
                        if t == target {
                            b |= B::from_square(block);
                        }
                    }
                }
                Op::Leap { .. } => {}
            }
        }
        b
    }

    /// True if the piece of `program` and `color` on `from` attacks `target` (could capture
    /// or shoot an enemy there), given the occupied squares and its own pieces.
    pub fn generic_hits(
        &self,
        program: &Program<B>,
        color: Color,
        from: Square,
        target: Square,
        occ: B,
        own: B,
    ) -> bool {
        let c = color.index();
        let hits = |mode: &Mode| mode.intersects(Mode::CAPTURE | Mode::SHOOT);
        for op in &program.attack_ops {
            match op {
                Op::Leap { mode, table } if hits(mode) && table[c][from.index()].has(target) => {
                    return true;
                }
                Op::Lame { mode, pairs }
                    if hits(mode)
                        && pairs[c][from.index()]
                            .iter()
                            .any(|&(block, t)| t == target && !occ.has(block)) =>
                {
                    return true;
                }
                Op::Ride {
                    mode,
                    dirs,
                    min,
                    max,
                    through_own,
                } if hits(mode) => {
                    let mut d = dirs[c];
                    while d != 0 {
                        let dir = d.trailing_zeros() as usize;
                        d &= d - 1;
                        if self.exotic.ray[from.index()][dir].has(target)
                            && self.step_band(from, *min, *max).has(target)
                        {
                            let stoppers = if *through_own { occ & !own } else { occ };
                            if (self.between(from, target) & stoppers).is_empty() {
                                return true;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// The squares a piece of a generic `program` and `color` on `from` attacks (could
    /// capture or shoot an enemy on), given the occupied squares and its own pieces.
    pub fn generic_attacks(
        &self,
        program: &Program<B>,
        color: Color,
        from: Square,
        occ: B,
        own: B,
    ) -> B {
        let c = color.index();
        let mut a = B::EMPTY;
        let hits = |mode: &Mode| mode.intersects(Mode::CAPTURE | Mode::SHOOT);
        for op in &program.attack_ops {
            match op {
                Op::Leap { mode, table } if hits(mode) => a |= table[c][from.index()],
                Op::Lame { mode, pairs } if hits(mode) => {
                    for &(block, target) in &pairs[c][from.index()] {
                        if !occ.has(block) {
                            a |= B::from_square(target);
                        }
                    }
                }
                Op::Ride {
                    mode,
                    dirs,
                    min,
                    max,
                    through_own,
                } if hits(mode) => {
                    let band = self.step_band(from, *min, *max);
                    if *through_own {
                        a |= self.lance_rays(dirs[c], from, occ & !own) & band;
                    } else {
                        a |= self.ride_reach(dirs[c], from, occ) & band;
                    }
                }
                _ => {}
            }
        }
        a
    }
}
