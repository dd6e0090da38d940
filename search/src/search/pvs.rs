//! The principal-variation search of one node: table cut-offs, pruning by the static
//! value (reverse futility, null move), internal iterative reduction, singular
//! extensions, then the moves in order with late-move pruning and reductions, and the
//! result into the table. Every margin and depth comes from `params`.

use super::mate_guard::MATED_IN_ONE;
use super::params::*;
use super::table_score::{from_tt, refine_eval, to_tt, tt_cutoff};
use super::worker::Worker;
use super::{INF, MATE, MATE_BOUND, MAX_PLY};
use crate::see::see_ge;
use crate::tt::{Bound, Entry};
use joust_core::variant::StalemateResult;
use joust_core::{Position, Square};
use joust_movegen::{make, unmake, Move, MoveList, TableCache};

/// What a node knows about itself once its static value is in: what each pruning rule
/// asks.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    ply: usize,
    depth: i32,
    /// The window is open (a principal-variation node).
    pv_node: bool,
    /// A cut-off is expected here.
    cut_node: bool,
    in_check: bool,
    /// This is a singular test: one move is left out.
    excluding: bool,
    /// The evaluation, sharpened by the table entry's bound (`refine_eval`); `-INF`
    /// when in check.
    static_eval: i32,
    /// The static value is better than two plies ago.
    improving: bool,
}

/// What the singular test says about the table move.
enum Singular {
    /// Not tested, or not singular.
    No,
    /// Every other move falls short: extend the table move.
    Extend,
    /// Return this score now (the others reach beta too, or the search stopped).
    Return(i32),
}

impl<B: TableCache> Worker<'_, B> {
    /// Searches a child position with the window negated, as seen from this side.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        pos: &mut Position<B>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
        cut_node: bool,
    ) -> i32 {
        -self.negamax(pos, depth, -beta, -alpha, ply + 1, pv, true, cut_node)
    }

    /// The score of `pos` for the side to move within `alpha..beta`, searched `depth`
    /// plies deep at `ply` plies from the root, its best line into `pv`. `allow_null`:
    /// the move before was not a null move; `cut_node`: a cut-off is expected.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position<B>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        pv.clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        // A goal reached (a flag, the last check) ends the game here, before any draw
        // rule or mate-distance bound (which assume the side to move cannot have won).
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        if let Some(score) = self.extinction_score(pos, ply) {
            return score;
        }
        if ply > 0 {
            if self.drawn_by_rule(pos) {
                return 0;
            }
            // Mate-distance pruning: no line from here beats a mate already found.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let us = pos.side_to_move();
        let in_check = self.t.in_check(pos, us);
        if depth <= 0 && !in_check {
            return self.qsearch(pos, alpha, beta, ply, 0, None);
        }
        let mut depth = depth.max(1);
        let key = pos.key();
        let pv_node = beta - alpha > 1;
        let entry = self.shared.tt.probe(key);
        let excluding = self.singular_excluded[ply].is_some();
        // Cut-offs from the table only outside the principal variation, so that the
        // reported lines stay whole; they come before move generation, which they save.
        let usable = entry.filter(|e| !excluding && !pv_node && e.depth as i32 >= depth);
        if let Some(score) = usable.and_then(|e| tt_cutoff(e, ply, alpha, beta)) {
            return score;
        }
        let mut list = MoveList::new();
        joust_movegen::generate(self.t, pos, &mut list);
        if list.is_empty() {
            return self.terminal(pos, ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let tt_move = entry.and_then(|e| e.mv).filter(|m| list.contains(m));
        let static_eval = if in_check {
            -INF
        } else {
            self.static_eval(pos, ply)
        };
        self.evals[ply] = static_eval;
        // `improving` compares raw evaluations; the pruning rules read the value the
        // table sharpens.
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        let static_eval = if in_check {
            static_eval
        } else {
            refine_eval(entry, static_eval, ply)
        };
        let node = Node {
            key,
            ply,
            depth,
            pv_node,
            cut_node,
            in_check,
            excluding,
            static_eval,
            improving,
        };
        if let Some(score) = self.reverse_futility(&node, beta) {
            return score;
        }
        if allow_null {
            if let Some(score) = self.null_move(pos, &node, beta) {
                return score;
            }
        }
        // Internal iterative reduction: without a table move this node was never searched
        // (or its move was lost); search it a ply shallower first.
        if tt_move.is_none() && depth >= IIR_MIN_DEPTH {
            depth -= 1;
        }
        let node = Node { depth, ..node };
        let extend_tt = match self.singular(pos, &node, entry, tt_move, beta, pv) {
            Singular::No => false,
            Singular::Extend => true,
            Singular::Return(score) => return score,
        };
        let alpha0 = alpha;
        let (best, best_move) =
            match self.search_moves(pos, &node, &list, tt_move, extend_tt, alpha, beta, pv) {
                Some(found) => found,
                None => return 0,
            };
        if best == -INF {
            // Every move was pruned: the static value stands for this node.
            return alpha0.max(static_eval.min(beta));
        }
        alpha = alpha.max(best);
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched with moves left out has no true value to remember.
        let whole_root = self.excluded.is_empty() && self.root_moves.is_empty();
        if (ply > 0 || whole_root) && !excluding && !self.hurry {
            self.shared.tt.store(
                key,
                best_move,
                to_tt(best, ply),
                depth.clamp(0, 63) as u8,
                bound,
            );
        }
        best
    }

    /// Reverse futility: far enough above beta at low depth, assume it holds.
    fn reverse_futility(&self, n: &Node, beta: i32) -> Option<i32> {
        (!n.pv_node
            && !n.in_check
            && n.ply > 0
            && !n.excluding
            && n.depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && n.static_eval - reverse_futility_margin(n.depth, n.improving) >= beta)
            .then_some(n.static_eval)
    }

    /// Null move: if even passing keeps us above beta, this node is not worth a full
    /// search; the score to return if so. Not where zugzwang rules (no pieces but pawns,
    /// or stalemate loses), nor during a setup phase.
    fn null_move(&mut self, pos: &Position<B>, n: &Node, beta: i32) -> Option<i32> {
        let applies = !n.pv_node
            && !n.in_check
            && n.depth >= NULL_MOVE_MIN_DEPTH
            && n.ply > 0
            && beta.abs() < MATE_BOUND
            && self.t.variant().stalemate == StalemateResult::Draw
            && !pos.in_setup()
            && self.has_pieces(pos)
            && n.static_eval >= beta;
        if !applies {
            return None;
        }
        let mut null = pos.clone();
        null.set_en_passant(None);
        null.flip_side();
        self.keys.push(n.key);
        self.line[n.ply] = None;
        self.moved[n.ply] = None;
        let mut child = Vec::new();
        let r = null_move_reduction(n.depth, n.static_eval, beta);
        let score = -self.negamax(
            &mut null,
            n.depth - 1 - r,
            -beta,
            -beta + 1,
            n.ply + 1,
            &mut child,
            false,
            !n.cut_node,
        );
        self.keys.pop();
        if self.stopped {
            return Some(0);
        }
        (score >= beta).then_some(if score > MATE_BOUND { beta } else { score })
    }

    /// Singular extension: if every other move falls well short of the table move's
    /// score in a shallower search, the table move is extended; if even the others
    /// reach beta, this node fails high without searching further (multi-cut).
    fn singular(
        &mut self,
        pos: &mut Position<B>,
        n: &Node,
        entry: Option<Entry>,
        tt_move: Option<Move>,
        beta: i32,
        pv: &mut Vec<Move>,
    ) -> Singular {
        let (Some(e), Some(ttm)) = (entry, tt_move) else {
            return Singular::No;
        };
        if n.ply == 0 || n.depth < SINGULAR_MIN_DEPTH || n.excluding {
            return Singular::No;
        }
        let tt_score = from_tt(e.score, n.ply);
        if !matches!(e.bound, Bound::Lower | Bound::Exact)
            || (e.depth as i32) < n.depth - SINGULAR_ENTRY_DEPTH_MARGIN
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = singular_beta(tt_score, n.depth);
        self.singular_excluded[n.ply] = Some(ttm);
        let value = self.negamax(
            pos,
            singular_depth(n.depth),
            singular_beta - 1,
            singular_beta,
            n.ply,
            pv,
            false,
            n.cut_node,
        );
        self.singular_excluded[n.ply] = None;
        pv.clear();
        if self.stopped {
            Singular::Return(0)
        } else if value < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Return(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Searches the moves of `list` in order, with pruning and reductions: the best score
    /// and move (`-INF` if every move was pruned), the line into `pv`; `None` if the
    /// search stopped.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &mut Position<B>,
        n: &Node,
        list: &MoveList,
        tt_move: Option<Move>,
        extend_tt: bool,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<Move>,
    ) -> Option<(i32, Option<Move>)> {
        let (ply, depth, pv_node, in_check) = (n.ply, n.depth, n.pv_node, n.in_check);
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        self.order(pos, list, tt_move, ply, &mut buf);
        let mut best = -INF;
        let mut best_move = None;
        let mut child = Vec::new();
        // The first quiet moves searched (for the history malus); more are not needed.
        let mut quiets_tried = [Move::normal(Square(0), Square(0)); 64];
        let mut quiets = 0usize;
        // Futility: at the last plies, quiet moves cannot lift a hopeless static value.
        let futile = !pv_node
            && !in_check
            && depth <= FUTILITY_DEPTH
            && alpha.abs() < MATE_BOUND
            && n.static_eval + futility_margin(depth) <= alpha;
        let lmp_limit = late_move_count(depth, n.improving);
        for i in 0..buf.len() {
            Self::pick(&mut buf, i);
            let (order_score, mv) = buf[i];
            let tactical = self.is_capture(pos, mv) || self.is_promotion(pos, mv);
            let quiet = !tactical;
            let killer = self.killers[ply][0] == Some(mv) || self.killers[ply][1] == Some(mv);
            let bad_capture = tactical && order_score < -(1 << 27);
            // Late-move pruning: at low depth, the last quiet moves of a well-ordered
            // list are skipped once something has been searched.
            let late =
                !pv_node && !in_check && depth <= LATE_MOVE_DEPTH && quiets as i32 >= lmp_limit;
            let can_prune = best > -MATE_BOUND && !in_check && ply > 0;
            // Quiet moves that the history says are bad, or that cannot lift a hopeless
            // static value even at the depth they would be searched to, are skipped.
            let history = if quiet {
                self.quiet_score(pos, mv, ply)
            } else {
                0
            };
            let mut lmr_futile = false;
            if can_prune && !pv_node && quiet && !killer && Some(mv) != tt_move {
                let lmr_depth = (depth - 1 - self.base_reduction(depth, i)).max(0);
                if lmr_depth < HISTORY_PRUNE_DEPTH && history < history_prune_threshold(depth) {
                    continue;
                }
                // (Checks are exempt: that is decided once the move is made.)
                lmr_futile = lmr_depth < REDUCED_FUTILITY_DEPTH
                    && alpha.abs() < MATE_BOUND
                    && n.static_eval + reduced_futility_margin(lmr_depth) <= alpha;
            }
            // Moves that lose material by exchange at low depth are not worth a look.
            if can_prune
                && !pv_node
                && depth <= SEE_PRUNE_DEPTH
                && Some(mv) != tt_move
                && (quiet || bad_capture)
                && !see_ge(
                    self.t,
                    self.eval,
                    pos,
                    mv,
                    see_prune_threshold(quiet, depth),
                )
            {
                continue;
            }
            self.keys.push(n.key);
            self.line[ply] = Some(mv);
            self.moved[ply] = Some(self.piece_to(pos, mv));
            let mut undo = make(self.t, pos, mv);
            let gives_check = self.t.in_check(pos, pos.side_to_move());
            // Only checks that do not lose material are extended.
            let extend_check = gives_check && !self.hurry && {
                unmake(self.t, pos, mv, &undo);
                let safe = see_ge(self.t, self.eval, pos, mv, 0);
                undo = make(self.t, pos, mv);
                safe
            };
            if (futile || late || lmr_futile) && quiet && !gives_check && can_prune {
                unmake(self.t, pos, mv, &undo);
                self.keys.pop();
                continue;
            }
            let singular = extend_tt && Some(mv) == tt_move && !extend_check;
            let new_depth = depth - 1 + extend_check as i32 + singular as i32;
            let mut score;
            if i == 0 {
                let cut = !pv_node && !n.cut_node;
                score = self.child(pos, new_depth, alpha, beta, ply, &mut child, cut);
            } else {
                let reducible =
                    depth >= LMR_MIN_DEPTH && !in_check && (quiet || bad_capture) && !killer;
                let reduction = if reducible && !gives_check {
                    let mut r = self.base_reduction(depth, i);
                    r -= pv_node as i32 + n.improving as i32;
                    // Where a cut-off is expected, the late moves matter least.
                    r += LMR_CUT_NODE * n.cut_node as i32;
                    if quiet {
                        // Known defect, kept so that this tidy-up changes nothing: the move
                        // is already made here, so its kind is read from an empty square.
                        // Using `history` (read before the move) wants its own measurement.
                        r -= self.quiet_score(pos, mv, ply) / LMR_HISTORY_DIVISOR;
                    }
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let (reduced, null_window) = (new_depth - reduction, alpha + 1);
                score = self.child(pos, reduced, alpha, null_window, ply, &mut child, true);
                if score > alpha && reduction > 0 {
                    let cut = !n.cut_node;
                    score = self.child(pos, new_depth, alpha, null_window, ply, &mut child, cut);
                }
                if score > alpha && score < beta {
                    score = self.child(pos, new_depth, alpha, beta, ply, &mut child, false);
                }
            }
            // A root move about to raise alpha is tested for a reply that wins at once
            // where the search may not see one; if it has one, it scores as the mate it
            // is, with that reply as its line. (A lower score is an upper bound, which no
            // mate changes.)
            if ply == 0 && self.guard_mates && score > alpha && !self.stopped {
                if let Some(reply) = self.mating_reply(pos) {
                    score = score.min(MATED_IN_ONE);
                    child.clear();
                    child.push(reply);
                }
            }
            unmake(self.t, pos, mv, &undo);
            self.keys.pop();
            if self.stopped {
                self.buffers[ply] = buf;
                return None;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&child);
                    if score >= beta {
                        if quiet {
                            let n = quiets.min(quiets_tried.len());
                            self.reward_quiet(pos, mv, ply, depth, &quiets_tried[..n]);
                        }
                        break;
                    }
                }
            }
            if quiet {
                if quiets < quiets_tried.len() {
                    quiets_tried[quiets] = mv;
                }
                quiets += 1;
            }
        }
        self.buffers[ply] = buf;
        Some((best, best_move))
    }
}
