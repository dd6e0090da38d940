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
    /// `reach[color][square]`: squares from which this kind could attack `square` on an
    /// empty board (a quick filter before the exact test).
    pub reverse_reach: [Vec<B>; 2],
    /// `leaps[color][square]`: what all the plain leaps of `ops` reach, by mode, so that
    /// [`Tables::generic_sets`] looks them up at once.
    pub leaps: [Vec<Sets<B>>; 2],
    /// The rides of `ops`, ready for [`Tables::generic_sets`].
    pub rides: Vec<CompiledRide<B>>,
    /// The ops that are neither plain leaps nor rides (lame leaps, initial-square leaps).
    pub others: Vec<Op<B>>,
    /// The ops of `attack_ops` that are neither plain leaps nor rides.
    pub attack_others: Vec<Op<B>>,
    /// Whether some ride of `rides` (per colour) needs the full orthogonal and diagonal
    /// slider lookups.
    pub sliders_needed: [(bool, bool); 2],
    /// True if some op can be blocked (a ride or a lame leap), so the piece can pin.
    pub blockable: bool,
    /// `reverse_leap_all[color][target]`: squares from which any leap of `attack_ops`
    /// attacks `target`.
    pub reverse_leap_all: [Vec<B>; 2],
    /// The rides of `attack_ops`, turned around: evaluated from the target, they give the
    /// squares the rider attacks it from.
    pub reverse_rides: Vec<CompiledRide<B>>,
    /// True if `attack_ops` has a lame leap (evaluated the slow way).
    pub attacks_lame: bool,
    /// [`Program::sliders_needed`] for `reverse_rides`.
    pub reverse_sliders_needed: [(bool, bool); 2],
    /// `line_masks[color][square]`: where the rides taking whole orthogonal or diagonal
    /// slider sets apply (their distance bands), by mode: moves on orthogonal lines, moves
    /// on diagonals, captures on each, shots on each. One AND per slider set and mode
    /// then replaces evaluating these rides one by one.
    pub line_masks: [Vec<[B; 6]>; 2],
    /// Per colour: whether `line_masks` take the orthogonal and the diagonal slider sets.
    pub lines_needed: [(bool, bool); 2],
    /// `attack_masks[color][target]`: squares a piece attacks `target` from by a leap of
    /// `attack_ops`, and the bands of its whole-slider-set attacking rides turned around
    /// (orthogonal, diagonal): attack detection in a few lookups.
    pub attack_masks: [Vec<[B; 3]>; 2],
    /// Per colour: whether `attack_masks` take the orthogonal and the diagonal slider sets.
    pub attack_lines_needed: [(bool, bool); 2],
    /// True if `reverse_rides` is not empty or `attacks_lame`: attacks beyond
    /// `attack_masks`.
    pub attack_residual: bool,
    /// `ride_rays[color][square]`: every ray of every ride op from `square` on an empty
    /// board (for finding the squares between a rider and its target).
    pub ride_rays: [Vec<B>; 2],
}

/// A ride compiled for quick evaluation: which slider lookups it takes, its band of
/// distances per square, and its modes as masks.
#[derive(Clone, Debug)]
pub struct CompiledRide<B> {
    /// All-ones where the ride may move, capture, shoot; empty otherwise.
    pub mode_masks: [B; 3],
    /// Per colour: all-ones if the ride takes the whole orthogonal (diagonal) slider set.
    pub full: [(B, B); 2],
    /// Per colour: the directions not covered by a whole slider set.
    pub rest: [u8; 2],
    /// Per colour: all directions (for rides through own pieces).
    pub dirs: [u8; 2],
    /// Passes the mover's own pieces, stops at the first enemy.
    pub through_own: bool,
    /// `band[square]`: the squares from `min` to `max` steps away.
    pub band: Vec<B>,
    /// For a ride through own pieces of one or two steps (the Cromwell King's shot),
    /// tables that replace ray scans.
    pub short: Option<ShortThrough<B>>,
}

/// A one-or-two-step ride through own pieces: the first step always, the second unless
/// an enemy stands on the first.
#[derive(Clone, Debug)]
pub struct ShortThrough<B> {
    /// `near[color][square]`: the first steps.
    pub near: [Vec<B>; 2],
    /// `far[color][square]`: the second steps.
    pub far: [Vec<B>; 2],
    /// `beyond[from * n + mid]`: the second step from `from` through `mid`.
    pub beyond: Vec<B>,
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
    let reverse_leaps: Vec<[Vec<B>; 2]> = attack_ops
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
    let plain_leap =
        |op: &Op<B>| matches!(op, Op::Leap { mode, .. } if !mode.contains(Mode::INITIAL));
    let leaps = Color::ALL.map(|c| {
        g.squares()
            .map(|s| {
                let mut sets = Sets::default();
                for op in &ops {
                    if let (Op::Leap { mode, table }, true) = (op, plain_leap(op)) {
                        let reach = table[c.index()][s.index()];
                        if mode.contains(Mode::MOVE) {
                            sets.moves |= reach;
                        }
                        if mode.contains(Mode::CAPTURE) {
                            sets.captures |= reach;
                        }
                        if mode.contains(Mode::SHOOT) {
                            sets.shots |= reach;
                        }
                    }
                }
                sets
            })
            .collect()
    });
    let others: Vec<Op<B>> = ops
        .iter()
        .filter(|op| !plain_leap(op) && !matches!(op, Op::Ride { .. }))
        .cloned()
        .collect();
    let attack_others: Vec<Op<B>> = attack_ops
        .iter()
        .filter(|op| !plain_leap(op) && !matches!(op, Op::Ride { .. }))
        .cloned()
        .collect();
    let (line_masks, rides) = split_rides(
        ops.iter()
            .filter_map(|op| compile_ride(op, g, false))
            .collect(),
        g,
    );
    let (reverse_line_masks, reverse_rides) = split_rides(
        attack_ops
            .iter()
            .filter_map(|op| compile_ride(op, g, true))
            .collect(),
        g,
    );
    let lines_needed = masks_needed(&line_masks);
    let attack_lines_needed = masks_needed(&reverse_line_masks);
    let attacks_lame = attack_ops.iter().any(|op| matches!(op, Op::Lame { .. }));
    let reverse_leap_all: [Vec<B>; 2] = Color::ALL.map(|c| {
        g.squares()
            .map(|t| {
                reverse_leaps
                    .iter()
                    .fold(B::EMPTY, |b, rev| b | rev[c.index()][t.index()])
            })
            .collect()
    });
    // Attacks by any mode count, so the three modes' bands are merged.
    let attack_masks = [0, 1].map(|c| {
        g.squares()
            .map(|t| {
                let m = &reverse_line_masks[c][t.index()];
                [
                    reverse_leap_all[c][t.index()],
                    m[0] | m[2] | m[4],
                    m[1] | m[3] | m[5],
                ]
            })
            .collect()
    });
    let ride_rays = Color::ALL.map(|c| {
        g.squares()
            .map(|s| {
                ops.iter()
                    .filter_map(|op| match op {
                        Op::Ride { dirs, .. } => Some(dirs[c.index()]),
                        _ => None,
                    })
                    .flat_map(|d| {
                        Direction::ALL
                            .into_iter()
                            .filter(move |dir| d & (1 << *dir as u8) != 0)
                    })
                    .fold(B::EMPTY, |b, dir| {
                        let (df, dr) = dir.delta();
                        let mut b = b;
                        let mut x = s;
                        while let Some(y) = g.offset(x, df, dr) {
                            b |= B::from_square(y);
                            x = y;
                        }
                        b
                    })
            })
            .collect()
    });
    let attack_residual = !reverse_rides.is_empty() || attacks_lame;
    let needed = |rides: &[CompiledRide<B>]| {
        [0, 1].map(|c| {
            (
                rides.iter().any(|r| r.full[c].0.any()),
                rides.iter().any(|r| r.full[c].1.any()),
            )
        })
    };
    let sliders_needed = needed(&rides);
    let reverse_sliders_needed = needed(&reverse_rides);
    let blockable = ops
        .iter()
        .any(|op| matches!(op, Op::Ride { .. } | Op::Lame { .. }));
    Some(Program {
        ops,
        attack_ops,
        reverse_reach,
        leaps,
        rides,
        others,
        attack_others,
        sliders_needed,
        blockable,
        reverse_leap_all,
        reverse_rides,
        attacks_lame,
        reverse_sliders_needed,
        line_masks,
        lines_needed,
        attack_masks,
        attack_lines_needed,
        attack_residual,
        ride_rays,
    })
}

/// Splits compiled rides into per-square masks for the parts that take whole orthogonal
/// or diagonal slider sets (see [`Program::line_masks`]) and the rides left over (through
/// own pieces, or single directions), which keep only those directions.
#[allow(clippy::type_complexity)]
fn split_rides<B: Bits>(
    rides: Vec<CompiledRide<B>>,
    g: Geometry,
) -> ([Vec<[B; 6]>; 2], Vec<CompiledRide<B>>) {
    let mut masks = [vec![[B::EMPTY; 6]; g.len()], vec![[B::EMPTY; 6]; g.len()]];
    let mut rest = Vec::new();
    for mut r in rides {
        for (c, per_square) in masks.iter_mut().enumerate() {
            let (fo, fd) = r.full[c];
            for s in g.squares() {
                let band = r.band[s.index()];
                for mode in 0..3 {
                    if r.mode_masks[mode].any() {
                        if fo.any() {
                            per_square[s.index()][2 * mode] |= band;
                        }
                        if fd.any() {
                            per_square[s.index()][2 * mode + 1] |= band;
                        }
                    }
                }
            }
        }
        if r.through_own || r.rest.iter().any(|&d| d != 0) {
            r.full = [(B::EMPTY, B::EMPTY); 2];
            rest.push(r);
        }
    }
    (masks, rest)
}

/// Per colour: whether some square's masks use the orthogonal and the diagonal slider
/// sets.
fn masks_needed<B: Bits>(masks: &[Vec<[B; 6]>; 2]) -> [(bool, bool); 2] {
    [0, 1].map(|c| {
        (
            masks[c].iter().any(|m| (m[0] | m[2] | m[4]).any()),
            masks[c].iter().any(|m| (m[1] | m[3] | m[5]).any()),
        )
    })
}

/// Compiles a ride op (`None` for other ops); `reverse` turns its directions around,
/// for finding attackers from the target.
fn compile_ride<B: Bits>(op: &Op<B>, g: Geometry, reverse: bool) -> Option<CompiledRide<B>> {
    let Op::Ride {
        mode,
        dirs,
        min,
        max,
        through_own,
    } = op
    else {
        return None;
    };
    let dirs = if reverse {
        dirs.map(|d| d.rotate_left(4))
    } else {
        *dirs
    };
    let all = |yes: bool| if yes { !B::EMPTY } else { B::EMPTY };
    let full_orth = dirs.map(|d| !through_own && d & ORTH_DIRS == ORTH_DIRS);
    let full_diag = dirs.map(|d| !through_own && d & DIAG_DIRS == DIAG_DIRS);
    Some(CompiledRide {
        mode_masks: [
            all(mode.contains(Mode::MOVE)),
            all(mode.contains(Mode::CAPTURE)),
            all(mode.contains(Mode::SHOOT)),
        ],
        full: [0, 1].map(|c| (all(full_orth[c]), all(full_diag[c]))),
        rest: [0, 1].map(|c| {
            let mut r = dirs[c];
            if full_orth[c] {
                r &= !ORTH_DIRS;
            }
            if full_diag[c] {
                r &= !DIAG_DIRS;
            }
            r
        }),
        dirs,
        through_own: *through_own,
        band: g.squares().map(|s| band(g, s, *min, *max)).collect(),
        short: (*through_own && *min == 1 && *max == 2).then(|| short_through(g, dirs)),
    })
}

/// The tables of a one-or-two-step ride through own pieces along `dirs` (per colour).
fn short_through<B: Bits>(g: Geometry, dirs: [u8; 2]) -> ShortThrough<B> {
    let n = g.len();
    let steps = |c: usize, k: i8| -> Vec<B> {
        g.squares()
            .map(|s| {
                Direction::ALL
                    .iter()
                    .filter(|d| dirs[c] & (1 << **d as u8) != 0)
                    .filter_map(|d| {
                        let (df, dr) = d.delta();
                        g.offset(s, df * k, dr * k)
                    })
                    .fold(B::EMPTY, |b, t| b | B::from_square(t))
            })
            .collect()
    };
    let mut beyond = vec![B::EMPTY; n * n];
    for from in g.squares() {
        for d in Direction::ALL {
            let (df, dr) = d.delta();
            if let (Some(mid), Some(far)) = (g.offset(from, df, dr), g.offset(from, 2 * df, 2 * dr))
            {
                beyond[from.index() * n + mid.index()] = B::from_square(far);
            }
        }
    }
    ShortThrough {
        near: [steps(0, 1), steps(1, 1)],
        far: [steps(0, 2), steps(1, 2)],
        beyond,
    }
}

/// Squares from `min` to `max` king steps away from `sq` (`max` may be unlimited).
fn band<B: Bits>(g: Geometry, sq: Square, min: u8, max: u8) -> B {
    let (f, r) = g.coords(sq);
    g.squares()
        .filter(|&t| {
            let (tf, tr) = g.coords(t);
            let d = (tf - f).abs().max((tr - r).abs()) as u32;
            d >= min as u32 && (max == UNLIMITED || d <= max as u32)
        })
        .fold(B::EMPTY, |b, t| b | B::from_square(t))
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

    /// What a piece of a generic `program` and `color` on `from` can do, given the
    /// occupied squares and its own pieces.
    #[inline(always)]
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
        let leaps = &program.leaps[c][from.index()];
        let mut sets = Sets {
            moves: leaps.moves & empty,
            captures: leaps.captures & theirs,
            shots: leaps.shots & theirs,
        };
        let needed = program.lines_needed[c];
        if needed.0 || needed.1 {
            let m = &program.line_masks[c][from.index()];
            let (orth, diag) = self.lines_if(from, occ, needed);
            sets.moves |= ((orth & m[0]) | (diag & m[1])) & empty;
            sets.captures |= ((orth & m[2]) | (diag & m[3])) & theirs;
            sets.shots |= ((orth & m[4]) | (diag & m[5])) & theirs;
        }
        // Leapers and line riders are done; the rest (the King's shot, Pym's Mao) apart.
        if !program.rides.is_empty() || !program.others.is_empty() {
            self.generic_sets_rest(program, c, from, occ, theirs, &mut sets);
        }
        sets
    }

    /// The squares a compiled ride reaches from `from`: `stoppers` end rides through own
    /// pieces; `orth` and `diag` are the slider sets from `from` if the ride needs them.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn compiled_ride(
        &self,
        r: &CompiledRide<B>,
        c: usize,
        from: Square,
        occ: B,
        stoppers: B,
        orth: B,
        diag: B,
    ) -> B {
        let reach = if let Some(short) = &r.short {
            let near = short.near[c][from.index()];
            let mut far = short.far[c][from.index()];
            let n = self.geometry.len();
            for mid in (near & stoppers).squares() {
                far &= !short.beyond[from.index() * n + mid.index()];
            }
            near | far
        } else if r.through_own {
            self.lance_rays(r.dirs[c], from, stoppers)
        } else {
            let (fo, fd) = r.full[c];
            (orth & fo) | (diag & fd) | self.lance_rays(r.rest[c], from, occ)
        };
        reach & r.band[from.index()]
    }

    /// The rides and other non-leap ops of [`Self::generic_sets`], added to `sets`.
    #[inline]
    fn generic_sets_rest(
        &self,
        program: &Program<B>,
        c: usize,
        from: Square,
        occ: B,
        theirs: B,
        sets: &mut Sets<B>,
    ) {
        let empty = !occ & self.board;
        if !program.rides.is_empty() {
            let (orth, diag) = self.lines_if(from, occ, program.sliders_needed[c]);
            for r in &program.rides {
                let reach = self.compiled_ride(r, c, from, occ, theirs, orth, diag);
                sets.moves |= reach & empty & r.mode_masks[0];
                sets.captures |= reach & theirs & r.mode_masks[1];
                sets.shots |= reach & theirs & r.mode_masks[2];
            }
        }
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
        for op in &program.others {
            match op {
                Op::Leap { mode, table } => add(*mode, table[c][from.index()], sets),
                Op::Lame { mode, pairs } => {
                    for &(block, target) in &pairs[c][from.index()] {
                        if !occ.has(block) {
                            add(*mode, B::from_square(target), sets);
                        }
                    }
                }
                Op::Ride { .. } => unreachable!("rides are compiled apart"),
            }
        }
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
        let m = &program.attack_masks[c][target.index()];
        let mut sources = m[0];
        let (need_orth, need_diag) = program.attack_lines_needed[c];
        if need_orth {
            sources |= self.sliders.orth(target, occ) & m[1];
        }
        if need_diag {
            sources |= self.sliders.diag(target, occ) & m[2];
        }
        if program.attack_residual {
            sources |= self.generic_sources_residual(program, c, target, occ, own);
        }
        sources
    }

    /// The part of [`Self::generic_sources`] beyond [`Program::attack_masks`]: rides
    /// through own pieces or along single directions, and lame leaps.
    #[inline(never)]
    pub fn generic_sources_residual(
        &self,
        program: &Program<B>,
        c: usize,
        target: Square,
        occ: B,
        own: B,
    ) -> B {
        let mut sources = B::EMPTY;
        if !program.reverse_rides.is_empty() {
            let (orth, diag) = self.lines_if(target, occ, program.reverse_sliders_needed[c]);
            // Rides through own pieces are stopped by the target's side only.
            let stoppers = occ & !own;
            for r in &program.reverse_rides {
                sources |= self.compiled_ride(r, c, target, occ, stoppers, orth, diag);
            }
        }
        if program.attacks_lame {
            for op in &program.attack_ops {
                if let Op::Lame { pairs, .. } = op {
                    for from in program.reverse_reach[c][target.index()].squares() {
                        if pairs[c][from.index()]
                            .iter()
                            .any(|&(block, t)| t == target && !occ.has(block))
                        {
                            sources |= B::from_square(from);
                        }
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
        if program.ride_rays[c][from.index()].has(target) {
            b = self.between(from, target);
        }
        if program.others.is_empty() {
            return b;
        }
        for op in &program.others {
            match op {
                Op::Lame { pairs, .. } => {
                    for &(block, t) in &pairs[c][from.index()] {
                        if t == target {
                            b |= B::from_square(block);
                        }
                    }
                }
                Op::Leap { .. } | Op::Ride { .. } => {}
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
        let leaps = &program.leaps[c][from.index()];
        let mut a = leaps.captures | leaps.shots;
        let (need_orth, need_diag) = program.lines_needed[c];
        let m = &program.line_masks[c][from.index()];
        if need_orth {
            a |= self.sliders.orth(from, occ) & (m[2] | m[4]);
        }
        if need_diag {
            a |= self.sliders.diag(from, occ) & (m[3] | m[5]);
        }
        for r in &program.rides {
            if (r.mode_masks[1] | r.mode_masks[2]).any() {
                a |= self.compiled_ride(r, c, from, occ, occ & !own, B::EMPTY, B::EMPTY);
            }
        }
        let hits = |mode: &Mode| mode.intersects(Mode::CAPTURE | Mode::SHOOT);
        for op in &program.attack_others {
            match op {
                Op::Leap { mode, table } if hits(mode) => a |= table[c][from.index()],
                Op::Lame { mode, pairs } if hits(mode) => {
                    for &(block, target) in &pairs[c][from.index()] {
                        if !occ.has(block) {
                            a |= B::from_square(target);
                        }
                    }
                }
                _ => {}
            }
        }
        a
    }
}
