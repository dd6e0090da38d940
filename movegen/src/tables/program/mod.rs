//! Pieces described by any mix of leaps, lame leaps, rides and hops along unit steps, each
//! of which may move, capture by displacement or shoot (Cromwell Chess,
//! docs/rules/cromwell.md; the cannons of Shako and Janggi, the grasshopper): their atoms
//! compiled ([`compile`]) into a [`Program`] of per-square tables, and the queries that
//! evaluate it: what a piece can do from its square, who attacks a square, what blocks an
//! attack.

mod compile;
mod shifted;

pub use compile::compile;
pub use shifted::ShiftedLeaps;

use super::board::BoardTables;
use crate::sliders::{Board, Sliders};
use joust_core::atom::Mode;
use joust_core::{Bits, Color, Square};

/// One compiled atom.
#[derive(Clone, Debug)]
pub(crate) enum Op<B> {
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
    /// Hops (`Path::Hop`) along the directions in `dirs[color]`: over the first piece met,
    /// to at most `max` squares past it.
    Hop {
        /// What it may do.
        mode: Mode,
        /// Direction bits per colour.
        dirs: [u8; 2],
        /// Farthest landing square past the screen ([`UNLIMITED`](joust_core::atom::UNLIMITED)
        /// for a cannon).
        max: u8,
    },
}

/// A kind's compiled atoms, and the queries that evaluate them.
#[derive(Clone, Debug, Default)]
pub struct Program<B> {
    /// The atoms that attack (capture or shoot), without those whose attacks another
    /// atom already covers (a Rupert's short shots lie on his queen lines): what attack
    /// detection evaluates.
    pub(crate) attack_ops: Vec<Op<B>>,
    /// `reach[color][square]`: squares from which this kind could attack `square` on an
    /// empty board (a quick filter before the exact test).
    pub(crate) reverse_reach: [Vec<B>; 2],
    /// `leaps[color][square]`: what all its plain leaps reach, by mode, so that
    /// [`Program::sets`] looks them up at once.
    pub(crate) leaps: [Vec<Sets<B>>; 2],
    /// Its rides, ready for [`Program::sets`].
    pub(crate) rides: Vec<CompiledRide<B>>,
    /// The atoms that are neither plain leaps nor rides (lame leaps).
    pub(crate) others: Vec<Op<B>>,
    /// The ops of `attack_ops` that are neither plain leaps nor rides.
    pub(crate) attack_others: Vec<Op<B>>,
    /// Whether some ride of `rides` (per colour) needs the full orthogonal and diagonal
    /// slider lookups.
    pub(crate) sliders_needed: [(bool, bool); 2],
    /// True if some atom can be blocked (a ride or a lame leap), so the piece can pin.
    pub(crate) blockable: bool,
    /// The rides of `attack_ops`, turned around: evaluated from the target, they give the
    /// squares the rider attacks it from.
    pub(crate) reverse_rides: Vec<CompiledRide<B>>,
    /// True if `attack_ops` has a lame leap (evaluated the slow way).
    pub(crate) attacks_lame: bool,
    /// [`Program::sliders_needed`] for `reverse_rides`.
    pub(crate) reverse_sliders_needed: [(bool, bool); 2],
    /// `line_masks[color][square]`: where the rides taking whole orthogonal or diagonal
    /// slider sets apply (their distance bands), by mode: moves on orthogonal lines, moves
    /// on diagonals, captures on each, shots on each. One AND per slider set and mode
    /// then replaces evaluating these rides one by one.
    pub(crate) line_masks: [Vec<[B; 6]>; 2],
    /// Per colour: whether `line_masks` take the orthogonal and the diagonal slider sets.
    pub(crate) lines_needed: [(bool, bool); 2],
    /// `attack_masks[color][target]`: squares a piece attacks `target` from by a leap of
    /// `attack_ops`, and the bands of its whole-slider-set attacking rides turned around
    /// (orthogonal, diagonal): attack detection in a few lookups.
    pub(crate) attack_masks: [Vec<[B; 3]>; 2],
    /// Per colour: whether `attack_masks` take the orthogonal and the diagonal slider sets.
    pub(crate) attack_lines_needed: [(bool, bool); 2],
    /// True if `reverse_rides` is not empty or `attacks_lame`: attacks beyond
    /// `attack_masks`.
    pub(crate) attack_residual: bool,
    /// `ride_rays[color][square]`: every ray of every ride and hop op from `square` on an
    /// empty board (for finding the squares between a rider and its target).
    pub(crate) ride_rays: [Vec<B>; 2],
    /// Its hops, ready for [`Program::sets`].
    pub(crate) hops: Vec<CompiledHop>,
    /// The hops of `attack_ops`, turned around: evaluated from the target, they give the
    /// squares the hopper attacks it from.
    pub(crate) reverse_hops: Vec<CompiledHop>,
    /// `hop_rays[color][square]`: every ray of every attacking hop from `square` on an
    /// empty board (a piece arriving between a hopper and its target may become its
    /// screen).
    pub(crate) hop_rays: [Vec<B>; 2],
    /// Per colour, for a kind that only leaps: its leaps for all its pieces at once
    /// ([`ShiftedLeaps`]), where few shifts give them.
    pub(crate) shifted: [Option<ShiftedLeaps<B>>; 2],
}

/// A hop compiled for quick evaluation: its modes, and its directions split into whole
/// orthogonal or diagonal sets (unlimited hops over all four directions, the cannons,
/// evaluated from two slider lookups each) and the rest, hopped one by one.
#[derive(Clone, Debug)]
pub(crate) struct CompiledHop {
    /// May move, capture, shoot.
    pub(crate) modes: [bool; 3],
    /// Per colour: takes all four orthogonal (diagonal) directions with no limit.
    pub(crate) full: [(bool, bool); 2],
    /// Per colour: the directions hopped one by one.
    pub(crate) rest: [u8; 2],
    /// Farthest landing square past the screen.
    pub(crate) max: u8,
    /// Turned around (for attack detection): the limit applies before the screen.
    pub(crate) reverse: bool,
}

impl CompiledHop {
    /// Where the hop of colour index `c` lands from `from` (each empty square past a
    /// screen, and the first occupied one), or for a reverse hop the squares from which
    /// a hopper would land on `from`.
    #[inline(always)]
    pub(crate) fn reach<B: Board>(&self, bt: &BoardTables<B>, c: usize, from: Square, occ: B) -> B {
        let mut reach = B::EMPTY;
        let (fo, fd) = self.full[c];
        if fo {
            // Past each screen (the first piece on each line) to the next piece.
            let near = bt.sliders.orth(from, occ);
            reach |= bt.sliders.orth(from, occ & !near) & !near;
        }
        if fd {
            let near = bt.sliders.diag(from, occ);
            reach |= bt.sliders.diag(from, occ & !near) & !near;
        }
        let mut d = self.rest[c];
        while d != 0 {
            let dir = d.trailing_zeros() as usize;
            d &= d - 1;
            reach |= if self.reverse {
                bt.hop_sources(from, dir, occ, self.max)
            } else {
                bt.hop_reach(from, dir, occ, self.max)
            };
        }
        reach
    }
}

/// A ride compiled for quick evaluation: which slider lookups it takes, its band of
/// distances per square, and its modes as masks.
#[derive(Clone, Debug)]
pub(crate) struct CompiledRide<B> {
    /// All-ones where the ride may move, capture, shoot; empty otherwise.
    pub(crate) mode_masks: [B; 3],
    /// Per colour: all-ones if the ride takes the whole orthogonal (diagonal) slider set.
    pub(crate) full: [(B, B); 2],
    /// Per colour: the directions not covered by a whole slider set.
    pub(crate) rest: [u8; 2],
    /// Per colour: all directions (for rides through own pieces).
    pub(crate) dirs: [u8; 2],
    /// Passes the mover's own pieces, stops at the first enemy.
    pub(crate) through_own: bool,
    /// `band[square]`: the squares from `min` to `max` steps away.
    pub(crate) band: Vec<B>,
    /// For a ride through own pieces of one or two steps (the Cromwell King's shot),
    /// tables that replace ray scans.
    pub(crate) short: Option<ShortThrough<B>>,
}

/// A one-or-two-step ride through own pieces: the first step always, the second unless
/// an enemy stands on the first.
#[derive(Clone, Debug)]
pub(crate) struct ShortThrough<B> {
    /// `near[color][square]`: the first steps.
    pub(crate) near: [Vec<B>; 2],
    /// `far[color][square]`: the second steps.
    pub(crate) far: [Vec<B>; 2],
    /// `beyond[from * n + mid]`: the second step from `from` through `mid`.
    pub(crate) beyond: Vec<B>,
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

/// One colour's compiled kinds' attacks in one flat table, so that finding who attacks a
/// square costs a few lookups per kind present.
#[derive(Clone, Debug, Default)]
pub struct CompiledAttacks<B> {
    /// `table[kind * n + square]`: squares a piece of the kind could attack `square` from
    /// on an empty board ([`Program::reverse_reach`]), then its [`Program::attack_masks`]
    /// (leap sources, orthogonal and diagonal line bands).
    pub(crate) table: Vec<[B; 4]>,
    /// Kinds (bits over kind ids) with attacks beyond the table (rides through own pieces
    /// or along single directions, lame leaps).
    pub(crate) residual: u16,
    /// Whether some kind's table takes the orthogonal and the diagonal slider sets.
    pub(crate) lines: (bool, bool),
    /// Kinds (bits over kind ids) whose attacks can be blocked ([`Program::blockable`]).
    pub(crate) blockable: u16,
    /// Kinds (bits over kind ids) that attack by hops ([`Program::screens`]).
    pub(crate) hoppers: u16,
}

impl<B: Bits> CompiledAttacks<B> {
    /// The table of `color`'s kinds in `mask` (bits over kind ids) among `programs` (one
    /// per kind id, `None` for kinds that are not compiled), on a board of `n` squares.
    pub fn new(programs: &[Option<&Program<B>>], mask: u16, color: Color, n: usize) -> Self {
        let c = color.index();
        let mut table = vec![[B::EMPTY; 4]; programs.len() * n];
        let mut residual = 0u16;
        let mut blockable = 0u16;
        let mut hoppers = 0u16;
        let mut lines = (false, false);
        for (k, program) in programs.iter().enumerate() {
            let Some(p) = program.filter(|_| mask & (1 << k) != 0) else {
                continue;
            };
            for sq in 0..n {
                let m = p.attack_masks[c][sq];
                table[k * n + sq] = [p.reverse_reach[c][sq], m[0], m[1], m[2]];
            }
            if p.attack_residual {
                residual |= 1 << k;
            }
            if p.blockable {
                blockable |= 1 << k;
            }
            if !p.reverse_hops.is_empty() {
                hoppers |= 1 << k;
            }
            lines.0 |= p.attack_lines_needed[c].0;
            lines.1 |= p.attack_lines_needed[c].1;
        }
        CompiledAttacks {
            table,
            residual,
            lines,
            blockable,
            hoppers,
        }
    }
}

impl<B: Board> CompiledRide<B> {
    /// The squares a compiled ride reaches from `from`: `stoppers` end rides through own
    /// pieces; `orth` and `diag` are the slider sets from `from` if the ride needs them.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn reach(
        &self,
        bt: &BoardTables<B>,
        c: usize,
        from: Square,
        occ: B,
        stoppers: B,
        orth: B,
        diag: B,
    ) -> B {
        let reach = if let Some(short) = &self.short {
            let near = short.near[c][from.index()];
            let mut far = short.far[c][from.index()];
            let n = bt.n;
            for mid in (near & stoppers).squares() {
                far &= !short.beyond[from.index() * n + mid.index()];
            }
            near | far
        } else if self.through_own {
            bt.lance_rays(self.dirs[c], from, stoppers)
        } else {
            let (fo, fd) = self.full[c];
            (orth & fo) | (diag & fd) | bt.lance_rays(self.rest[c], from, occ)
        };
        reach & self.band[from.index()]
    }
}

impl<B: Board> Program<B> {
    /// What a piece of this program and `color` on `from` can do, given the
    /// occupied squares and its own pieces.
    #[inline(always)]
    pub fn sets(&self, bt: &BoardTables<B>, color: Color, from: Square, occ: B, own: B) -> Sets<B> {
        let c = color.index();
        let theirs = occ & !own;
        let empty = !occ & bt.all;
        let leaps = &self.leaps[c][from.index()];
        let mut sets = Sets {
            moves: leaps.moves & empty,
            captures: leaps.captures & theirs,
            shots: leaps.shots & theirs,
        };
        let needed = self.lines_needed[c];
        if needed.0 || needed.1 {
            let m = &self.line_masks[c][from.index()];
            let (orth, diag) = bt.lines_if(from, occ, needed);
            sets.moves |= ((orth & m[0]) | (diag & m[1])) & empty;
            sets.captures |= ((orth & m[2]) | (diag & m[3])) & theirs;
            sets.shots |= ((orth & m[4]) | (diag & m[5])) & theirs;
        }
        // Leapers and line riders are done; the rest (the King's shot, Pym's Mao) apart.
        if !self.rides.is_empty() || !self.others.is_empty() {
            self.sets_rest(bt, c, from, occ, theirs, &mut sets);
        }
        for h in &self.hops {
            let reach = h.reach(bt, c, from, occ);
            if h.modes[0] {
                sets.moves |= reach & empty;
            }
            if h.modes[1] {
                sets.captures |= reach & theirs;
            }
            if h.modes[2] {
                sets.shots |= reach & theirs;
            }
        }
        sets
    }

    /// The rides and other non-leap ops of [`Self::sets`], added to `sets`.
    #[inline]
    fn sets_rest(
        &self,
        bt: &BoardTables<B>,
        c: usize,
        from: Square,
        occ: B,
        theirs: B,
        sets: &mut Sets<B>,
    ) {
        let empty = !occ & bt.all;
        if !self.rides.is_empty() {
            let (orth, diag) = bt.lines_if(from, occ, self.sliders_needed[c]);
            for r in &self.rides {
                let reach = r.reach(bt, c, from, occ, theirs, orth, diag);
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
        for op in &self.others {
            match op {
                Op::Leap { mode, table } => add(*mode, table[c][from.index()], sets),
                Op::Lame { mode, pairs } => {
                    for &(block, target) in &pairs[c][from.index()] {
                        if !occ.has(block) {
                            add(*mode, B::from_square(target), sets);
                        }
                    }
                }
                Op::Ride { .. } | Op::Hop { .. } => {
                    unreachable!("rides and hops are compiled apart")
                }
            }
        }
    }

    /// The squares from which a piece of this program and `color` would attack `target`,
    /// given the occupied squares and `color`'s pieces `own`.
    pub fn sources(&self, bt: &BoardTables<B>, color: Color, target: Square, occ: B, own: B) -> B {
        let c = color.index();
        let m = &self.attack_masks[c][target.index()];
        let mut sources = m[0];
        let (need_orth, need_diag) = self.attack_lines_needed[c];
        if need_orth {
            sources |= bt.sliders.orth(target, occ) & m[1];
        }
        if need_diag {
            sources |= bt.sliders.diag(target, occ) & m[2];
        }
        if self.attack_residual {
            sources |= self.sources_residual(bt, c, target, occ, own, !B::EMPTY);
        }
        sources
    }

    /// The part of [`Self::sources`] beyond its per-square attack masks: rides
    /// through own pieces or along single directions, hops, and lame leaps. Only the
    /// squares of `pieces` are sure to be tested (the caller keeps only those): lame
    /// leaps are looked for from them alone.
    #[inline(never)]
    pub fn sources_residual(
        &self,
        bt: &BoardTables<B>,
        c: usize,
        target: Square,
        occ: B,
        own: B,
        pieces: B,
    ) -> B {
        let mut sources = B::EMPTY;
        if !self.reverse_rides.is_empty() {
            let (orth, diag) = bt.lines_if(target, occ, self.reverse_sliders_needed[c]);
            // Rides through own pieces are stopped by the target's side only.
            let stoppers = occ & !own;
            for r in &self.reverse_rides {
                sources |= r.reach(bt, c, target, occ, stoppers, orth, diag);
            }
        }
        for h in &self.reverse_hops {
            sources |= h.reach(bt, c, target, occ);
        }
        if self.attacks_lame {
            for op in &self.attack_ops {
                if let Op::Lame { pairs, .. } = op {
                    for from in (self.reverse_reach[c][target.index()] & pieces).squares() {
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

    /// Squares whose piece, by leaving, could let the piece of this program and `color` on
    /// `from` reach `target`: those between them on one of its ride lines, and the first
    /// steps of its lame leaps to `target`.
    pub fn blockers(&self, bt: &BoardTables<B>, color: Color, from: Square, target: Square) -> B {
        let c = color.index();
        let mut b = B::EMPTY;
        if self.ride_rays[c][from.index()].has(target) {
            b = bt.between(from, target);
        }
        if self.others.is_empty() {
            return b;
        }
        for op in &self.others {
            match op {
                Op::Lame { pairs, .. } => {
                    for &(block, t) in &pairs[c][from.index()] {
                        if t == target {
                            b |= B::from_square(block);
                        }
                    }
                }
                Op::Leap { .. } | Op::Ride { .. } | Op::Hop { .. } => {}
            }
        }
        b
    }

    /// Squares whose becoming occupied could let the piece of this program and `color` on
    /// `from` reach `target` by a hop (the new piece its screen): those between them on
    /// one of its attacking hop lines. Empty for programs without hops.
    #[inline]
    pub fn screens(&self, bt: &BoardTables<B>, color: Color, from: Square, target: Square) -> B {
        if self.hop_rays[color.index()][from.index()].has(target) {
            bt.between(from, target)
        } else {
            B::EMPTY
        }
    }

    /// True if some atom attacks by hopping (`Path::Hop`): what it attacks changes when a
    /// piece arrives on its lines, not only when one leaves.
    #[inline]
    pub fn attacks_by_hops(&self) -> bool {
        !self.reverse_hops.is_empty()
    }

    /// True if the piece of this program and `color` on `from` attacks `target` (could capture
    /// or shoot an enemy there), given the occupied squares and its own pieces.
    pub fn hits(
        &self,
        bt: &BoardTables<B>,
        color: Color,
        from: Square,
        target: Square,
        occ: B,
        own: B,
    ) -> bool {
        let c = color.index();
        let hits = |mode: &Mode| mode.intersects(Mode::CAPTURE | Mode::SHOOT);
        for op in &self.attack_ops {
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
                        if bt.ray[from.index()][dir].has(target)
                            && bt.step_band(from, *min, *max).has(target)
                        {
                            let stoppers = if *through_own { occ & !own } else { occ };
                            if (bt.between(from, target) & stoppers).is_empty() {
                                return true;
                            }
                        }
                    }
                }
                Op::Hop { mode, dirs, max } if hits(mode) => {
                    let mut d = dirs[c];
                    while d != 0 {
                        let dir = d.trailing_zeros() as usize;
                        d &= d - 1;
                        if bt.ray[from.index()][dir].has(target)
                            && bt.hop_reach(from, dir, occ, *max).has(target)
                        {
                            return true;
                        }
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// The squares a piece of this program and `color` on `from` attacks (could
    /// capture or shoot an enemy on), given the occupied squares and its own pieces.
    pub fn attacks(&self, bt: &BoardTables<B>, color: Color, from: Square, occ: B, own: B) -> B {
        let c = color.index();
        let leaps = &self.leaps[c][from.index()];
        let mut a = leaps.captures | leaps.shots;
        let (need_orth, need_diag) = self.lines_needed[c];
        let m = &self.line_masks[c][from.index()];
        if need_orth {
            a |= bt.sliders.orth(from, occ) & (m[2] | m[4]);
        }
        if need_diag {
            a |= bt.sliders.diag(from, occ) & (m[3] | m[5]);
        }
        for r in &self.rides {
            if (r.mode_masks[1] | r.mode_masks[2]).any() {
                a |= r.reach(bt, c, from, occ, occ & !own, B::EMPTY, B::EMPTY);
            }
        }
        for h in &self.hops {
            if h.modes[1] || h.modes[2] {
                a |= h.reach(bt, c, from, occ);
            }
        }
        let hits = |mode: &Mode| mode.intersects(Mode::CAPTURE | Mode::SHOOT);
        for op in &self.attack_others {
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
