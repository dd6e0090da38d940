//! Move ordering: the table move, captures by value, killers, the counter-move, and quiet
//! moves by their history and continuation history, which a thread keeps from one search
//! of a game to the next.

use super::Worker;
use crate::see::{see_ge, victim_value};
use joust_core::Position;
use joust_movegen::{Move, MoveFlag, MoveList, TableCache};

/// A thread's move-ordering statistics, which stay useful from one move of a game to
/// the next: quiet-move history, counter-moves and continuation history.
pub(super) struct Memory {
    /// Quiet-move history by from and to square, kept within `±HISTORY_MAX`.
    pub(super) history: Vec<i32>,
    /// The quiet move that last refuted each move (by its from and to square).
    counters: Vec<Option<Move>>,
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
    pub(super) fn is_capture(&self, pos: &Position<B>, mv: Move) -> bool {
        match mv.flag {
            MoveFlag::Shot | MoveFlag::EnPassant | MoveFlag::LionDouble => true,
            MoveFlag::Normal | MoveFlag::DoubleStep => pos
                .piece_at(mv.to)
                .is_some_and(|p| p.color != pos.side_to_move()),
            _ => false,
        }
    }

    /// MVV-LVA value of a capture or promotion.
    pub(super) fn tactical_value(&self, pos: &Position<B>, mv: Move) -> i32 {
        let victim = victim_value(self.eval, pos, mv);
        let attacker = pos.piece_at(mv.from).map_or(0, |p| self.eval.value(p.kind));
        let promo = match (mv.flag, mv.promotion_kind()) {
            (MoveFlag::Normal, Some(k)) => self.eval.value(k),
            _ => 0,
        };
        victim * 16 - attacker / 16 + promo
    }

    /// True if root move `mv` is searched: one of the root moves to choose from, and not
    /// left out as one of the better lines of a MultiPV search.
    fn root_move(&self, mv: Move) -> bool {
        (self.root_moves.is_empty() || self.root_moves.contains(&mv))
            && !self.excluded.contains(&mv)
    }

    /// The index of a move in the history and counter-move tables.
    #[inline]
    fn slot(&self, mv: Move) -> usize {
        let n = self.t.geometry.len();
        mv.from.index() * n + mv.to.index() % n
    }

    /// Scores `list` into `buf` for ordering: the table move, then captures and
    /// promotions that do not lose material (by MVV-LVA), killers, the counter-move,
    /// quiet moves by history, and last the captures that lose material.
    pub(super) fn order(
        &self,
        pos: &Position<B>,
        list: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
        buf: &mut Vec<(i32, Move)>,
    ) {
        let counter = match ply.checked_sub(1).and_then(|p| self.line[p]) {
            Some(prev) => self.memory.counters[self.slot(prev)],
            None => None,
        };
        buf.clear();
        for &mv in list.iter() {
            if (ply == 0 && !self.root_move(mv)) || self.singular_excluded[ply] == Some(mv) {
                continue;
            }
            let s = if Some(mv) == tt_move {
                1 << 30
            } else if self.is_capture(pos, mv) || self.is_promotion(pos, mv) {
                let mvv = self.tactical_value(pos, mv);
                if see_ge(self.t, self.eval, pos, mv, 0) {
                    (1 << 28) + mvv
                } else {
                    -(1 << 28) + mvv
                }
            } else if self.killers[ply][0] == Some(mv) {
                (1 << 27) + 2
            } else if self.killers[ply][1] == Some(mv) {
                (1 << 27) + 1
            } else if counter == Some(mv) {
                1 << 27
            } else {
                self.quiet_score(pos, mv, ply)
            };
            buf.push((s, mv));
        }
    }

    /// Moves the best-scored move of `buf[i..]` to `buf[i]`: a selection sort done lazily,
    /// as a cut-off often comes after the first few moves; after those the rest is sorted.
    pub(super) fn pick(buf: &mut [(i32, Move)], i: usize) {
        const LAZY: usize = 4;
        if i < LAZY {
            let mut best = i;
            for j in i + 1..buf.len() {
                if buf[j].0 > buf[best].0 {
                    best = j;
                }
            }
            buf.swap(i, best);
        } else if i == LAZY {
            buf[i..].sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        }
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
        let bonus = (depth * depth).min(1200);
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
        let n = self.t.geometry.len();
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

    /// True for a pawn's promotion (a Lancer's turn also changes kind, but is quiet).
    pub(super) fn is_promotion(&self, pos: &Position<B>, mv: Move) -> bool {
        mv.flag == MoveFlag::Normal
            && mv.promotion_kind().is_some()
            && pos
                .piece_at(mv.from)
                .is_some_and(|p| self.t.kinds[p.kind.index()].pawn)
    }
}
