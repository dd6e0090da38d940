//! What a thread learns about quiet moves as it searches: killers (in the worker),
//! history by from and to square, counter-moves, and continuation history by the moves
//! one and two plies back. All but the killers outlive a search ([`Memory`]).

use super::params::history_bonus;
use super::worker::Worker;
use joust_core::Position;
use joust_movegen::{Move, TableCache};

/// A thread's move-ordering statistics, which stay useful from one move of a game to
/// the next: quiet-move history, counter-moves and continuation history.
pub(super) struct Memory {
    /// Quiet-move history by from and to square, kept within `±HISTORY_MAX`.
    pub(super) history: Vec<i32>,
    /// The quiet move that last refuted each move (by its from and to square).
    pub(super) counters: Vec<Option<Move>>,
    /// Continuation history: how well a quiet move (its kind and target) did right after
    /// a move of the other side, or of the same side two plies before (by kind and target).
    continuation: Vec<i16>,
}

impl Memory {
    /// Empty statistics for a board of `squares` squares and `kinds` piece kinds.
    pub(super) fn new(squares: usize, kinds: usize) -> Memory {
        Memory {
            history: vec![0; squares * squares],
            counters: vec![None; squares * squares],
            continuation: vec![0; (kinds * squares).pow(2)],
        }
    }

    /// True if these statistics were gathered for a game of this shape.
    pub(super) fn fits(&self, squares: usize, kinds: usize) -> bool {
        self.history.len() == squares * squares
            && self.continuation.len() == (kinds * squares).pow(2)
    }
}

/// Largest history value (either sign).
const HISTORY_MAX: i32 = 16_384;

/// Moves a history value by `bonus`, less the closer it already is to the bound.
fn update_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl<B: TableCache> Worker<'_, B> {
    /// The index of a move in the history and counter-move tables.
    #[inline]
    pub(super) fn slot(&self, mv: Move) -> usize {
        let n = self.t.geometry().len();
        mv.from.index() * n + mv.to.index() % n
    }

    /// Rewards a quiet move that cut off and punishes the quiet moves tried before it.
    pub(super) fn reward_quiet(
        &mut self,
        pos: &Position<B>,
        mv: Move,
        ply: usize,
        depth: i32,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(prev) = ply.checked_sub(1).and_then(|p| self.line[p]) {
            let slot = self.slot(prev);
            self.memory.counters[slot] = Some(mv);
        }
        let bonus = history_bonus(depth);
        let slot = self.slot(mv);
        update_history(&mut self.memory.history[slot], bonus);
        self.update_continuation(pos, mv, ply, bonus);
        for &q in tried {
            let slot = self.slot(q);
            update_history(&mut self.memory.history[slot], -bonus);
            self.update_continuation(pos, q, ply, -bonus);
        }
    }

    /// The kind-and-target index of `mv` in `pos` (before it is played).
    pub(super) fn piece_to(&self, pos: &Position<B>, mv: Move) -> usize {
        let n = self.t.geometry().len();
        let kind = pos.piece_at(mv.from).map_or(0, |p| p.kind.index());
        (kind * n + mv.to.index() % n) % self.piece_squares
    }

    /// The continuation-table entries for `mv` after the moves one and two plies back.
    fn continuation_slots(&self, pos: &Position<B>, mv: Move, ply: usize) -> [Option<usize>; 2] {
        let here = self.piece_to(pos, mv);
        let back = |k: usize| {
            ply.checked_sub(k)
                .and_then(|p| self.moved[p])
                .map(|prev| prev * self.piece_squares + here)
        };
        [back(1), back(2)]
    }

    /// A quiet move's ordering score: its history plus its continuation histories.
    pub(super) fn quiet_score(&self, pos: &Position<B>, mv: Move, ply: usize) -> i32 {
        let mut s = self.memory.history[self.slot(mv)];
        for slot in self.continuation_slots(pos, mv, ply).into_iter().flatten() {
            s += self.memory.continuation[slot] as i32;
        }
        s
    }

    fn update_continuation(&mut self, pos: &Position<B>, mv: Move, ply: usize, bonus: i32) {
        for slot in self.continuation_slots(pos, mv, ply).into_iter().flatten() {
            let mut h = self.memory.continuation[slot] as i32;
            update_history(&mut h, bonus);
            self.memory.continuation[slot] = h as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_approaches_its_bound_and_never_passes_it() {
        let mut h = 0;
        for _ in 0..1000 {
            update_history(&mut h, 1200);
        }
        assert!((HISTORY_MAX * 9 / 10..=HISTORY_MAX).contains(&h), "{h}");
        for _ in 0..1000 {
            update_history(&mut h, -1200);
        }
        assert!((-HISTORY_MAX..=-HISTORY_MAX * 9 / 10).contains(&h), "{h}");
    }
}
