//! Iterative-deepening principal-variation search with quiescence, a shared
//! transposition table, move ordering (table move, captures by value, killers, history,
//! kept from one move of a game to the next), check and singular extensions, null-move
//! pruning, late-move reductions (more at expected cut nodes) and pruning of late quiet
//! moves by count, history and futility; several threads search the same tree and share
//! what they learn through the table (Lazy SMP).

mod mate_guard;
mod ordering;
mod root;

pub use root::{search, Info, Limits, SearchResult, Shared};

use crate::eval::{Evaluator, EVAL_MAX};
use crate::see::{see_ge, victim_value};
use crate::tt::{Bound, Entry};
use joust_core::variant::StalemateResult;
use joust_core::{Position, Square};
use joust_movegen::{make, unmake, Move, MoveList, TableCache, Tables};
use ordering::Memory;
use std::time::Instant;

/// A mate score: mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 120;
/// Quiescence plies within which a check is answered with every evasion.
const QS_CHECK_PLIES: u32 = 4;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
// Static values stay well inside the mate scores, with room for the search's margins and
// aspiration windows, so that no evaluation reads as a mate.
const _: () = assert!(EVAL_MAX + 5_000 < MATE_BOUND && MATE < INF);

struct Worker<'a, B: TableCache> {
    t: &'a Tables<B>,
    eval: &'a Evaluator,
    shared: &'a Shared,
    limits: &'a Limits,
    start: Instant,
    keys: Vec<u64>,
    nodes: u64,
    unreported: u64,
    seldepth: u32,
    killers: Vec<[Option<Move>; 2]>,
    /// History, counter-moves and continuation history (kept between searches).
    memory: Memory,
    /// Kinds times board squares: the side of the continuation table.
    piece_squares: usize,
    /// The kind-and-target index of the move at each ply of the line (`None`: null move).
    moved: Vec<Option<usize>>,
    /// The move played at each ply of the current line (`None` for a null move).
    line: Vec<Option<Move>>,
    /// The static value at each ply of the current line (`-INF` when in check).
    evals: Vec<i32>,
    /// One scored-move buffer per ply, reused so that ordering never allocates.
    buffers: Vec<Vec<(i32, Move)>>,
    id: usize,
    stopped: bool,
    /// Root moves left out of this search (the better lines of a MultiPV search).
    excluded: Vec<Move>,
    /// The root moves to choose from (the legal ones of `searchmoves`); empty: all.
    root_moves: Vec<Move>,
    /// The main thread's first iteration is under way: it completes, stop or not.
    finishing: bool,
    /// The first iteration ran past a limit or a stop: it finishes in haste, without
    /// check extensions, its quiescence looking no further than the replies to a capture
    /// (enough to see a mate by it), and nothing it finds goes into the table.
    hurry: bool,
    /// Root moves about to become the best are tested for a reply that wins at once, in
    /// the iterations that may not see one (see `mate_guard`).
    guard_mates: bool,
    /// Static values by position key: re-searches (PVS, LMR, singular tests) visit the
    /// same nodes again, and evaluating is the costliest step of a node.
    eval_cache: Vec<(u64, i32)>,
    /// The move left out at each ply by a singular-extension test search.
    singular_excluded: Vec<Option<Move>>,
    /// `lmr[depth][move number]`: how many plies a late quiet move is reduced.
    lmr: Box<[[i32; 64]; 64]>,
}

impl<'a, B: TableCache> Worker<'a, B> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        t: &'a Tables<B>,
        eval: &'a Evaluator,
        shared: &'a Shared,
        limits: &'a Limits,
        start: Instant,
        history: &[u64],
        id: usize,
        memory: Memory,
    ) -> Self {
        let n = t.geometry.len();
        Worker {
            t,
            eval,
            shared,
            limits,
            start,
            keys: history.to_vec(),
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            memory,
            line: vec![None; MAX_PLY + 2],
            piece_squares: t.variant.kinds.len() * n,
            moved: vec![None; MAX_PLY + 2],
            evals: vec![-INF; MAX_PLY + 2],
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            id,
            stopped: false,
            excluded: Vec::new(),
            root_moves: Vec::new(),
            finishing: false,
            hurry: false,
            guard_mates: false,
            singular_excluded: vec![None; MAX_PLY + 2],
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            lmr: lmr_table(),
        }
    }

    /// The score of a position without legal moves: mated, or stalemated (a draw, or a
    /// loss in Cromwell).
    fn terminal(&self, pos: &Position<B>, ply: usize) -> i32 {
        let us = pos.side_to_move();
        if self.t.in_check(pos, us) {
            return -MATE + ply as i32;
        }
        self.stalemate_score(ply)
    }

    /// The score of being stalemated at `ply`: a draw, or a loss in Cromwell.
    fn stalemate_score(&self, ply: usize) -> i32 {
        match self.t.variant.stalemate {
            StalemateResult::Draw => 0,
            StalemateResult::Loss => -MATE + ply as i32,
        }
    }

    fn is_repetition(&self, pos: &Position<B>) -> bool {
        let key = pos.key();
        let span = (pos.halfmove_clock() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - span..]
            .iter()
            .rev()
            .any(|&k| k == key)
    }

    /// The late-move reduction of the `i`-th move at `depth` (before adjustments).
    #[inline]
    fn base_reduction(&self, depth: i32, i: usize) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][i.min(63)]
    }

    /// Searches a child position with the window negated, as seen from this side.
    #[allow(clippy::too_many_arguments)]
    fn child(
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

    #[allow(clippy::too_many_arguments)]
    fn negamax(
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
            return self.qsearch(pos, alpha, beta, ply, 0);
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
            return self.eval.evaluate_with(self.t, pos);
        }
        let tt_move = entry.and_then(|e| e.mv).filter(|m| list.contains(m));
        let static_eval = if in_check {
            -INF
        } else {
            self.static_eval(pos)
        };
        self.evals[ply] = static_eval;
        // Better than two plies ago: prune less.
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        // Reverse futility: far enough above beta at low depth, assume it holds.
        if !pv_node
            && !in_check
            && ply > 0
            && !excluding
            && depth <= 7
            && beta.abs() < MATE_BOUND
            && static_eval - 80 * (depth - improving as i32) >= beta
        {
            return static_eval;
        }
        // Null move: if even passing keeps us above beta, this node is not worth a full
        // search. Not where zugzwang rules (no pieces but pawns, or stalemate loses), nor
        // during a setup phase.
        if allow_null
            && !pv_node
            && !in_check
            && depth >= 3
            && ply > 0
            && beta.abs() < MATE_BOUND
            && self.t.variant.stalemate == StalemateResult::Draw
            && !pos.in_setup()
            && self.has_pieces(pos)
            && static_eval >= beta
        {
            let mut null = pos.clone();
            null.set_en_passant(None);
            null.flip_side();
            self.keys.push(key);
            self.line[ply] = None;
            self.moved[ply] = None;
            let mut child = Vec::new();
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            let score = -self.negamax(
                &mut null,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                &mut child,
                false,
                !cut_node,
            );
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score > MATE_BOUND { beta } else { score };
            }
        }
        // Internal iterative reduction: without a table move this node was never searched
        // (or its move was lost); search it a ply shallower first.
        if tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }

        // Singular extension: if every other move falls well short of the table move's
        // score in a shallower search, the table move is extended; if even the others
        // reach beta, this node fails high without searching further (multi-cut).
        let mut extend_tt = false;
        if let (Some(e), Some(ttm), true) = (entry, tt_move, ply > 0 && depth >= 8 && !excluding) {
            let tt_score = from_tt(e.score, ply);
            if matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth as i32 >= depth - 3
                && tt_score.abs() < MATE_BOUND
            {
                let singular_beta = tt_score - 2 * depth;
                self.singular_excluded[ply] = Some(ttm);
                let value = self.negamax(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    pv,
                    false,
                    cut_node,
                );
                self.singular_excluded[ply] = None;
                pv.clear();
                if self.stopped {
                    return 0;
                }
                if value < singular_beta {
                    extend_tt = true;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let mut buf = std::mem::take(&mut self.buffers[ply]);
        self.order(pos, &list, tt_move, ply, &mut buf);
        let mut best = -INF;
        let mut best_move = None;
        let alpha0 = alpha;
        let mut child = Vec::new();
        // The first quiet moves searched (for the history malus); more are not needed.
        let mut quiets_tried = [Move::normal(Square(0), Square(0)); 64];
        let mut quiets = 0usize;
        // Futility: at the last plies, quiet moves cannot lift a hopeless static value.
        let futile = !pv_node
            && !in_check
            && depth <= 4
            && alpha.abs() < MATE_BOUND
            && static_eval + 100 * depth + 60 <= alpha;
        let lmp_limit = (3 + depth * depth) / (2 - improving as i32);
        for i in 0..buf.len() {
            Self::pick(&mut buf, i);
            let (order_score, mv) = buf[i];
            let tactical = self.is_capture(pos, mv) || self.is_promotion(pos, mv);
            let quiet = !tactical;
            let killer = self.killers[ply][0] == Some(mv) || self.killers[ply][1] == Some(mv);
            let bad_capture = tactical && order_score < -(1 << 27);
            // Late-move pruning: at low depth, the last quiet moves of a well-ordered
            // list are skipped once something has been searched.
            let late = !pv_node && !in_check && depth <= 6 && quiets as i32 >= lmp_limit;
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
                if lmr_depth < 3 && history < -3000 * depth {
                    continue;
                }
                // (Checks are exempt: that is decided once the move is made.)
                lmr_futile = lmr_depth < 6
                    && alpha.abs() < MATE_BOUND
                    && static_eval + 180 + 135 * lmr_depth <= alpha;
            }
            // Moves that lose material by exchange at low depth are not worth a look.
            if can_prune
                && !pv_node
                && depth <= 6
                && Some(mv) != tt_move
                && (quiet || bad_capture)
                && !see_ge(
                    self.t,
                    self.eval,
                    pos,
                    mv,
                    -(if quiet { 60 } else { 100 }) * depth,
                )
            {
                continue;
            }
            self.keys.push(key);
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
                let cut = !pv_node && !cut_node;
                score = self.child(pos, new_depth, alpha, beta, ply, &mut child, cut);
            } else {
                let reducible = depth >= 3 && !in_check && (quiet || bad_capture) && !killer;
                let reduction = if reducible && !gives_check {
                    let mut r = self.base_reduction(depth, i);
                    r -= pv_node as i32 + improving as i32;
                    // Where a cut-off is expected, the late moves matter least.
                    r += 2 * cut_node as i32;
                    if quiet {
                        // Known defect, kept so that this tidy-up changes nothing: the move
                        // is already made here, so its kind is read from an empty square.
                        // Using `history` (read before the move) wants its own measurement.
                        r -= self.quiet_score(pos, mv, ply) / 9000;
                    }
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let (reduced, null_window) = (new_depth - reduction, alpha + 1);
                score = self.child(pos, reduced, alpha, null_window, ply, &mut child, true);
                if score > alpha && reduction > 0 {
                    let cut = !cut_node;
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
                    score = score.min(mate_guard::MATED_IN_ONE);
                    child.clear();
                    child.push(reply);
                }
            }
            unmake(self.t, pos, mv, &undo);
            self.keys.pop();
            if self.stopped {
                self.buffers[ply] = buf;
                return 0;
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
        if best == -INF {
            // Every move was pruned: the static value stands for this node.
            return alpha0.max(static_eval.min(beta));
        }
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

    /// The static value of `pos` for the side to move, from the cache when it is there.
    fn static_eval(&mut self, pos: &Position<B>) -> i32 {
        let key = pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let value = self.eval.evaluate_with(self.t, pos);
        *slot = (key, value);
        value
    }

    fn has_pieces(&self, pos: &Position<B>) -> bool {
        let us = pos.side_to_move();
        (pos.pieces(us).squares())
            .filter_map(|s| pos.piece_at(s))
            .any(|p| !self.t.kinds[p.kind.index()].pawn && !self.t.kinds[p.kind.index()].royal)
    }

    /// Quiescence search; `qply` counts its plies below the main search's horizon.
    fn qsearch(
        &mut self,
        pos: &mut Position<B>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.hurry && qply > 0 {
            // In haste: whether the capture before mated, else the static value.
            let mut list = MoveList::new();
            joust_movegen::generate(self.t, pos, &mut list);
            if list.is_empty() {
                return self.terminal(pos, ply);
            }
            return self.static_eval(pos);
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
            stand = self.static_eval(pos);
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
            return self.eval.evaluate_with(self.t, pos);
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
            // Delta pruning: a capture that cannot reach alpha even with a margin.
            if !promotion && stand + victim_value(self.eval, pos, mv) + 200 <= alpha {
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
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
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

/// Entries of each thread's cache of static values (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// The score of table entry `e` at `ply` if its bound settles a node with this window.
fn tt_cutoff(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// Late-move reductions, growing with the logarithms of depth and move number.
fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (i as f64).ln() * 0.6) as i32;
        }
    }
    t
}

/// A score as stored in the table: mates counted from this node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back as seen from the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
