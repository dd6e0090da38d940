//! Compiling a kind's atoms into a [`Program`]: per-square tables of its leaps, its
//! rides' distance bands and slider masks, and the same turned around for attack
//! detection.

use super::{CompiledHop, CompiledRide, Op, Program, Sets, ShiftedLeaps, ShortThrough};
use joust_core::atom::{lame_first_step, Atom, Mode, Occupant, Path, UNLIMITED};
use joust_core::{Bits, Color, Direction, Geometry, Square};

/// Compiles atoms into a program, or `None` if an atom is beyond this module: a path other
/// than leaps, lame leaps, and rides and hops along unit steps (bent rides, the Lion's
/// double step, rides along longer offsets, and any path added later), or an atom that applies
/// only from the initial region (`Mode::INITIAL`). The general generator reads such kinds
/// ([`General`](crate::tables::general::General)).
pub fn compile<B: Bits>(atoms: &[Atom], g: Geometry) -> Option<Program<B>> {
    let mut ops = Vec::new();
    for atom in atoms {
        if atom.mode.contains(Mode::INITIAL) {
            return None;
        }
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
                                    let (sf, sr) = lame_first_step(df, dr);
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
            Path::Hop { max } => {
                if atom
                    .offsets
                    .iter()
                    .any(|&(df, dr)| Direction::from_delta(df, dr).is_none())
                {
                    return None;
                }
                let dirs = Color::ALL.map(|c| {
                    per_color(c).iter().fold(0u8, |bits, &(df, dr)| {
                        bits | Direction::from_delta(df, dr).map_or(0, |d| 1 << d as u8)
                    })
                });
                ops.push(Op::Hop {
                    mode: atom.mode,
                    dirs,
                    max,
                });
            }
            _ => return None,
        }
    }
    // Leaps over the same squares become one op whose mode is the union (a Cromwell pawn
    // moves, captures and shoots on the same three squares).
    let mut merged: Vec<Op<B>> = Vec::new();
    for op in ops {
        if let Op::Leap { mode, table } = &op {
            let same = merged.iter_mut().find_map(|m| match m {
                Op::Leap {
                    mode: m_mode,
                    table: m_table,
                } if m_table == table => Some(m_mode),
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
                // On an empty board a hop has no screen: it may attack any square of its
                // lines from two steps on, once screens come.
                if matches!(atom.path, Path::Hop { .. }) && atom.attacks() {
                    for (df, dr) in atom.offsets_for(c) {
                        let mut x = g.offset(from, df, dr);
                        while let Some(y) = x.and_then(|x| g.offset(x, df, dr)) {
                            rev[y.index()] |= B::from_square(from);
                            x = Some(y);
                        }
                    }
                }
            }
        }
        rev
    });
    let plain_leap = |op: &Op<B>| matches!(op, Op::Leap { .. });
    let leaps: [Vec<Sets<B>>; 2] = Color::ALL.map(|c| {
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
    let apart = |op: &&Op<B>| !plain_leap(op) && !matches!(op, Op::Ride { .. } | Op::Hop { .. });
    let others: Vec<Op<B>> = ops.iter().filter(apart).cloned().collect();
    let attack_others: Vec<Op<B>> = attack_ops.iter().filter(apart).cloned().collect();
    let hops: Vec<CompiledHop> = ops.iter().filter_map(|op| compile_hop(op, false)).collect();
    let reverse_hops: Vec<CompiledHop> = attack_ops
        .iter()
        .filter_map(|op| compile_hop(op, true))
        .collect();
    let hop_rays = Color::ALL.map(|c| {
        g.squares()
            .map(|s| {
                attack_ops
                    .iter()
                    .filter_map(|op| match op {
                        Op::Hop { dirs, .. } => Some(dirs[c.index()]),
                        _ => None,
                    })
                    .fold(B::EMPTY, |b, d| b | rays(g, s, d))
            })
            .collect()
    });
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
                        Op::Ride { dirs, .. } | Op::Hop { dirs, .. } => Some(dirs[c.index()]),
                        _ => None,
                    })
                    .fold(B::EMPTY, |b, d| b | rays(g, s, d))
            })
            .collect()
    });
    let attack_residual = !reverse_rides.is_empty() || !reverse_hops.is_empty() || attacks_lame;
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
        .any(|op| matches!(op, Op::Ride { .. } | Op::Lame { .. } | Op::Hop { .. }));
    let only_leaps = rides.is_empty() && others.is_empty() && hops.is_empty();
    let shifted = [0, 1].map(|c| {
        (only_leaps && lines_needed[c] == (false, false))
            .then(|| ShiftedLeaps::new(&leaps[c]))
            .flatten()
    });
    Some(Program {
        attack_ops,
        reverse_reach,
        leaps,
        rides,
        others,
        attack_others,
        sliders_needed,
        blockable,
        reverse_rides,
        attacks_lame,
        reverse_sliders_needed,
        line_masks,
        lines_needed,
        attack_masks,
        attack_lines_needed,
        attack_residual,
        ride_rays,
        hops,
        reverse_hops,
        hop_rays,
        shifted,
    })
}

/// The empty-board rays from `s` along the directions `dirs` (bits over `Direction::ALL`).
fn rays<B: Bits>(g: Geometry, s: Square, dirs: u8) -> B {
    let mut b = B::EMPTY;
    for dir in Direction::ALL
        .into_iter()
        .filter(|dir| dirs & (1 << *dir as u8) != 0)
    {
        let (df, dr) = dir.delta();
        let mut x = s;
        while let Some(y) = g.offset(x, df, dr) {
            b |= B::from_square(y);
            x = y;
        }
    }
    b
}

/// Compiles a hop op (`None` for other ops); `reverse` turns its directions around, for
/// finding attackers from the target.
fn compile_hop<B>(op: &Op<B>, reverse: bool) -> Option<CompiledHop> {
    let Op::Hop { mode, dirs, max } = op else {
        return None;
    };
    let dirs = if reverse {
        dirs.map(|d| d.rotate_left(4))
    } else {
        *dirs
    };
    let unlimited = *max == UNLIMITED;
    let full_orth = dirs.map(|d| unlimited && d & ORTH_DIRS == ORTH_DIRS);
    let full_diag = dirs.map(|d| unlimited && d & DIAG_DIRS == DIAG_DIRS);
    Some(CompiledHop {
        modes: [
            mode.contains(Mode::MOVE),
            mode.contains(Mode::CAPTURE),
            mode.contains(Mode::SHOOT),
        ],
        full: [0, 1].map(|c| (full_orth[c], full_diag[c])),
        rest: rest_dirs(dirs, full_orth, full_diag),
        max: *max,
        reverse,
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
        rest: rest_dirs(dirs, full_orth, full_diag),
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
        Op::Leap { mode, .. }
        | Op::Lame { mode, .. }
        | Op::Ride { mode, .. }
        | Op::Hop { mode, .. } => mode,
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

/// Per colour, the directions of `dirs` left once the full orthogonal and diagonal sets
/// (looked up at once on slider tables) are taken out.
fn rest_dirs(dirs: [u8; 2], full_orth: [bool; 2], full_diag: [bool; 2]) -> [u8; 2] {
    [0, 1].map(|c| {
        let mut r = dirs[c];
        if full_orth[c] {
            r &= !ORTH_DIRS;
        }
        if full_diag[c] {
            r &= !DIAG_DIRS;
        }
        r
    })
}
