//! Quiescence search: below the horizon only captures, shots and promotions are tried
//! (every evasion when in check, for the first plies), so that no score is taken in the
//! middle of an exchange.

use super::params::{QS_ALL_CAPTURES_PLIES, QS_CHECK_PLIES, QS_DELTA_MARGIN};
use super::table_score::{refine_eval, to_tt, tt_cutoff};
use super::worker::Worker;
use super::{INF, MAX_PLY};
use crate::see::{see_ge, victim_value};
use crate::tt::Bound;
use joust_core::{Position, Square};
use joust_movegen::{make, unmake, MoveList, TableCache};

impl<B: TableCache> Worker<'_, B> {
    /// Quiescence search; `qply` counts its plies below the main search's horizon.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position<B>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        last_to: Option<Square>,
    ) -> i32 {
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        if let Some(score) = self.extinction_score(pos, ply) {
            return score;
        }
        if self.hurry && qply > 0 {
            // In haste: whether the capture before mated, else the static value.
            let mut list = MoveList::new();
            joust_movegen::generate(self.t, pos, &mut list);
            if list.is_empty() {
                return self.terminal(pos, ply);
            }
            return self.static_eval(pos, ply);
        }
        // In check every evasion is searched; otherwise the side to move may stand pat
        // (before looking for moves: a rare stalemate here is missed, as is usual) and
        // only captures, shots and promotions are tried.
        // Deep in quiescence, a check is no longer answered with every evasion: chains
        // of checks and captures (many on a 10x10 board) would grow without bound.
        let in_check = qply < QS_CHECK_PLIES && self.t.in_check(pos, pos.side_to_move());
        let key = pos.key();
        // The table, as in the main search: any entry is at least as deep as this node.
        // Only the first quiescence plies write to it: deeper down a check may be left
        // unanswered, which is no score to keep.
        let entry = self.shared.tt.probe(key);
        let store = qply < QS_CHECK_PLIES && !self.hurry && entry.is_none_or(|e| e.depth == 0);
        let usable = entry.filter(|_| beta - alpha == 1);
        if let Some(score) = usable.and_then(|e| tt_cutoff(e, ply, alpha, beta)) {
            return score;
        }
        let tt_move = entry.and_then(|e| e.mv);
        let alpha0 = alpha;
        let mut stand = -INF;
        if !in_check {
            // The static value sharpened by the table entry's bound, as the main search's
            // pruning reads it.
            stand = refine_eval(entry, self.static_eval(pos, ply), ply);
            if stand >= beta || ply >= MAX_PLY {
                if store && ply < MAX_PLY {
                    let tt = &self.shared.tt;
                    tt.store(key, None, to_tt(stand, ply), 0, Bound::Lower);
                }
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut list = MoveList::new();
        joust_movegen::generate(self.t, pos, &mut list);
        if list.is_empty() {
            return self.terminal(pos, ply);
        }
        if in_check && ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let mut best = if in_check { -INF } else { alpha };
        let mut best_move = None;
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        buf.clear();
        for &mv in list.iter() {
            if in_check {
                let s = if Some(mv) == tt_move {
                    1 << 30
                } else if self.is_capture(pos, mv) {
                    self.tactical_value(pos, mv)
                } else {
                    -(1 << 20)
                };
                buf.push((s, mv));
                continue;
            }
            let promotion = self.is_promotion(pos, mv);
            if !promotion && !self.is_capture(pos, mv) {
                continue;
            }
            // Deep down, only recaptures: chains of exchanges all over a crowded board
            // would otherwise multiply without bound.
            if qply >= QS_ALL_CAPTURES_PLIES && last_to.is_some_and(|sq| mv.to != sq) {
                continue;
            }
            // Delta pruning: a capture that cannot reach alpha even with a margin.
            if !promotion && stand + victim_value(self.eval, pos, mv) + QS_DELTA_MARGIN <= alpha {
                continue;
            }
            // A capture that loses material by exchange is not worth following.
            if !see_ge(self.t, self.eval, pos, mv, 0) {
                continue;
            }
            let first = if Some(mv) == tt_move { 1 << 30 } else { 0 };
            buf.push((first + self.tactical_value(pos, mv), mv));
        }
        for i in 0..buf.len() {
            Self::pick(&mut buf, i);
            let mv = buf[i].1;
            self.keys.push(key);
            let undo = make(self.t, pos, mv);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1, Some(mv.to));
            unmake(self.t, pos, mv, &undo);
            self.keys.pop();
            if self.stopped {
                self.buffers[ply] = buf;
                return 0;
            }
            if score >= beta {
                self.buffers[ply] = buf;
                if store {
                    self.shared
                        .tt
                        .store(key, Some(mv), to_tt(score, ply), 0, Bound::Lower);
                }
                return score;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
        }
        self.buffers[ply] = buf;
        if store {
            let bound = if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }
}
