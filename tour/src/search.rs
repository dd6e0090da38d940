//! Finding and counting tours: depth-first search with exact pruning, Warnsdorff
//! ordering for a first tour, and parallel counting over opening prefixes.

use crate::graph::LeaperGraph;
use crate::tour::TourKind;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// A tour problem: which piece graph, from where, which kind of tour.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The piece's moves on the board.
    pub graph: LeaperGraph,
    /// The start square's index.
    pub start: u8,
    /// Circuit or journey.
    pub kind: TourKind,
}

/// The outcome of a search for one tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstTour {
    /// A tour, start square first.
    Found(Vec<u8>),
    /// Proven: no such tour exists.
    None,
    /// The search gave up after this many positions without deciding.
    GaveUp(u64),
}

impl Problem {
    /// True if no tour can exist, by reasons that need no search: the board is not
    /// connected for this piece, or colour classes cannot alternate as a tour needs.
    pub fn impossible_without_search(&self) -> bool {
        let g = &self.graph;
        let n = g.geometry().len();
        if self.kind == TourKind::Circuit && n == 1 {
            return true;
        }
        if n == 1 {
            return false;
        }
        let all = g.all();
        if (g.reachable(self.start, all) | (1 << self.start)) != all {
            return true;
        }
        if let Some((a, b)) = g.bipartition() {
            let (ca, cb) = (a.count_ones(), b.count_ones());
            let start_in_a = a & (1 << self.start) != 0;
            match self.kind {
                TourKind::Circuit => return ca != cb,
                TourKind::Journey => {
                    // Path of n squares alternating classes: sizes differ by at most 1,
                    // and the start is in the larger class when they differ.
                    if ca.abs_diff(cb) > 1 {
                        return true;
                    }
                    if ca > cb && !start_in_a || cb > ca && start_in_a {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// True if the partial tour standing on `cur` with `remaining` unvisited squares
    /// can still be completed, by necessary conditions only (never prunes a real tour).
    #[inline]
    fn viable(&self, cur: u8, remaining: u128) -> bool {
        let g = &self.graph;
        let circuit = self.kind == TourKind::Circuit;
        if circuit && g.neighbours(self.start) & remaining == 0 {
            return false;
        }
        let left = remaining.count_ones();
        // Squares a remaining square may connect to: the rest, where we stand, and for a
        // circuit the start (the final return).
        let mut open = remaining | (1 << cur);
        if circuit {
            open |= 1 << self.start;
        }
        let mut dead_ends = 0;
        let mut r = remaining;
        while r != 0 {
            let s = r.trailing_zeros() as u8;
            r &= r - 1;
            let d = (g.neighbours(s) & open & !(1 << s)).count_ones();
            if d == 0 {
                return false;
            }
            if d == 1 && left >= 2 {
                // It can only be the last square of a journey; a circuit square needs two.
                if circuit {
                    return false;
                }
                dead_ends += 1;
                if dead_ends > 1 {
                    return false;
                }
            }
        }
        g.reachable(cur, remaining) == remaining
    }

    fn complete(&self, cur: u8) -> bool {
        match self.kind {
            TourKind::Journey => true,
            TourKind::Circuit => self.graph.neighbours(cur) & (1 << self.start) != 0,
        }
    }

    fn count_from(&self, cur: u8, remaining: u128) -> u64 {
        if remaining == 0 {
            return self.complete(cur) as u64;
        }
        if !self.viable(cur, remaining) {
            return 0;
        }
        let mut total = 0;
        let mut next = self.graph.neighbours(cur) & remaining;
        while next != 0 {
            let s = next.trailing_zeros() as u8;
            next &= next - 1;
            total += self.count_from(s, remaining & !(1 << s));
        }
        total
    }

    fn initial_remaining(&self) -> u128 {
        self.graph.all() & !(1 << self.start)
    }

    /// The exact number of tours (distinct move sequences), counted on all cores.
    pub fn count(&self) -> u64 {
        self.count_with_progress(|_, _| {})
    }

    /// [`Problem::count`], calling `progress(done, parts)` each time one of the `parts`
    /// the search is split into is counted (from any thread), so that a long count
    /// can show how far it has got.
    pub fn count_with_progress(&self, progress: impl Fn(u64, u64) + Sync) -> u64 {
        if self.impossible_without_search() {
            progress(0, 0);
            return 0;
        }
        // Split the search into prefixes of a few moves and count them in parallel.
        let mut prefixes = vec![(self.start, self.initial_remaining())];
        for _ in 0..4 {
            if prefixes.len() >= 256 {
                break;
            }
            let mut deeper = Vec::new();
            let mut finished = 0;
            for &(cur, rem) in &prefixes {
                if rem == 0 {
                    finished += 1;
                    deeper.push((cur, rem));
                    continue;
                }
                let mut next = self.graph.neighbours(cur) & rem;
                while next != 0 {
                    let s = next.trailing_zeros() as u8;
                    next &= next - 1;
                    deeper.push((s, rem & !(1 << s)));
                }
            }
            if finished == prefixes.len() {
                break;
            }
            prefixes = deeper;
        }
        let parts = prefixes.len() as u64;
        let done = std::sync::atomic::AtomicU64::new(0);
        progress(0, parts);
        prefixes
            .par_iter()
            .map(|&(cur, rem)| {
                let n = self.count_from(cur, rem);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(d, parts);
                n
            })
            .sum()
    }

    /// Calls `visit` with every tour in a fixed order, start square first, until it
    /// answers `Break`.
    pub fn for_each(&self, mut visit: impl FnMut(&[u8]) -> ControlFlow<()>) {
        if self.impossible_without_search() {
            return;
        }
        let mut path = vec![self.start];
        let _ = self.walk(&mut path, self.initial_remaining(), &mut visit);
    }

    fn walk(
        &self,
        path: &mut Vec<u8>,
        remaining: u128,
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cur = *path.last().expect("path has the start");
        if remaining == 0 {
            if self.complete(cur) {
                if self.kind == TourKind::Circuit {
                    path.push(self.start);
                    let flow = visit(path);
                    path.pop();
                    return flow;
                }
                return visit(path);
            }
            return ControlFlow::Continue(());
        }
        if !self.viable(cur, remaining) {
            return ControlFlow::Continue(());
        }
        let mut next = self.graph.neighbours(cur) & remaining;
        while next != 0 {
            let s = next.trailing_zeros() as u8;
            next &= next - 1;
            path.push(s);
            let flow = self.walk(path, remaining & !(1 << s), visit);
            path.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// One tour, found quickly by trying first the squares with the fewest onward moves
    /// (Warnsdorff's rule) and backtracking; gives up after `budget` positions.
    pub fn first(&self, budget: u64) -> FirstTour {
        if self.impossible_without_search() {
            return FirstTour::None;
        }
        let mut path = vec![self.start];
        let mut nodes = 0u64;
        match self.warnsdorff(&mut path, self.initial_remaining(), &mut nodes, budget) {
            Some(true) => {
                if self.kind == TourKind::Circuit {
                    path.push(self.start);
                }
                FirstTour::Found(path)
            }
            Some(false) => FirstTour::None,
            None => FirstTour::GaveUp(nodes),
        }
    }

    /// `Some(true)` = found (left in `path`), `Some(false)` = none below, `None` = budget.
    fn warnsdorff(
        &self,
        path: &mut Vec<u8>,
        remaining: u128,
        nodes: &mut u64,
        budget: u64,
    ) -> Option<bool> {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        let cur = *path.last().expect("path has the start");
        if remaining == 0 {
            return Some(self.complete(cur));
        }
        if !self.viable(cur, remaining) {
            return Some(false);
        }
        let g = &self.graph;
        let mut options: Vec<(u32, u8)> = Vec::with_capacity(16);
        let mut next = g.neighbours(cur) & remaining;
        while next != 0 {
            let s = next.trailing_zeros() as u8;
            next &= next - 1;
            let rest = remaining & !(1 << s);
            // Fewest onward moves first; for a circuit keep the start's neighbours for
            // last by counting them as having more options.
            let mut onward = (g.neighbours(s) & rest).count_ones() * 2;
            if self.kind == TourKind::Circuit && g.neighbours(self.start) & (1 << s) != 0 {
                onward += 1;
            }
            options.push((onward, s));
        }
        options.sort_unstable();
        for (_, s) in options {
            path.push(s);
            match self.warnsdorff(path, remaining & !(1 << s), nodes, budget) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => return None,
            }
            path.pop();
        }
        Some(false)
    }
}
