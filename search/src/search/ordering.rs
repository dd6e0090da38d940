//! Move ordering: the table move, captures by value, killers, the counter-move, and quiet
//! moves by their history and continuation history (learnt in `history`); and which moves
//! are captures or promotions, as ordering and pruning treat them.

use super::worker::Worker;
use crate::see::{see_ge, victim_value};
use joust_core::Position;
use joust_movegen::{Move, MoveFlag, MoveList, TableCache};

impl<B: TableCache> Worker<'_, B> {
    /// True if `mv` takes an enemy piece: by moving onto it, en passant, by a shot or on
    /// a Lion's double move.
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

    /// True for a pawn's promotion (a Lancer's turn also changes kind, but is quiet).
    pub(super) fn is_promotion(&self, pos: &Position<B>, mv: Move) -> bool {
        mv.flag == MoveFlag::Normal
            && mv.promotion_kind().is_some()
            && pos
                .piece_at(mv.from)
                .is_some_and(|p| self.t.kind(p.kind).is_pawn())
    }
}
