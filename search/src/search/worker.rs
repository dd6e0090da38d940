//! One search thread's state, and the small questions every node asks of it: is this a
//! repetition, what is a position without moves worth, what is the (cached) static value.

use super::history::Memory;
use super::params::{lmr_base, EVAL_CACHE_SIZE};
use super::{Limits, Shared, INF, MATE, MAX_PLY};
use crate::eval::{corrected, Evaluator, EVAL_MAX};
use joust_core::Position;
use joust_movegen::{Move, TableCache, Tables};
use joust_nnue::Stack;
use std::time::Instant;

/// One thread of a search: what it was given, where it is in the tree, and what it has
/// learned on the way.
pub(super) struct Worker<'a, B: TableCache> {
    /// The game's move-generation tables.
    pub(super) t: &'a Tables<B>,
    /// The evaluation.
    pub(super) eval: &'a Evaluator,
    /// What every thread shares (the table, the stop flag, the node count).
    pub(super) shared: &'a Shared,
    /// What the caller asked for.
    pub(super) limits: &'a Limits,
    /// When the search started.
    pub(super) start: Instant,
    /// The position keys of the game and of the current line, oldest first (repetitions).
    pub(super) keys: Vec<u64>,
    /// Nodes searched by this thread.
    pub(super) nodes: u64,
    /// Nodes not yet added to the shared count.
    pub(super) unreported: u64,
    /// Deepest ply reached in this iteration.
    pub(super) seldepth: u32,
    /// Two quiet moves per ply that last cut off there.
    pub(super) killers: Vec<[Option<Move>; 2]>,
    /// History, counter-moves and continuation history (kept between searches).
    pub(super) memory: Memory,
    /// Kinds times board squares: the side of the continuation table.
    pub(super) piece_squares: usize,
    /// The kind-and-target index of the move at each ply of the line (`None`: null move).
    pub(super) moved: Vec<Option<usize>>,
    /// The move played at each ply of the current line (`None` for a null move).
    pub(super) line: Vec<Option<Move>>,
    /// The static value at each ply of the current line (`-INF` when in check).
    pub(super) evals: Vec<i32>,
    /// One scored-move buffer per ply, reused so that ordering never allocates.
    pub(super) buffers: Vec<Vec<(i32, Move)>>,
    /// Thread number; 0 is the main thread, which reports.
    pub(super) id: usize,
    /// Set once this thread has stopped: every node on the way up returns at once.
    pub(super) stopped: bool,
    /// Root moves left out of this search (the better lines of a MultiPV search).
    pub(super) excluded: Vec<Move>,
    /// The root moves to choose from (the legal ones of `searchmoves`); empty: all.
    pub(super) root_moves: Vec<Move>,
    /// The main thread's first iteration is under way: it completes, stop or not.
    pub(super) finishing: bool,
    /// The first iteration ran past a limit or a stop: it finishes in haste, without
    /// check extensions, its quiescence looking no further than the replies to a capture
    /// (enough to see a mate by it), and nothing it finds goes into the table.
    pub(super) hurry: bool,
    /// Root moves about to become the best are tested for a reply that wins at once, in
    /// the iterations that may not see one (see `mate_guard`).
    pub(super) guard_mates: bool,
    /// Static values by position key: re-searches (PVS, LMR, singular tests) visit the
    /// same nodes again, and evaluating is the costliest step of a node.
    eval_cache: Vec<(u64, i32)>,
    /// The move left out at each ply by a singular-extension test search.
    pub(super) singular_excluded: Vec<Option<Move>>,
    /// `lmr[depth][move number]`: how many plies a late quiet move is reduced.
    lmr: Box<[[i32; 64]; 64]>,
    /// The network's accumulators along the line, when the evaluation has a network.
    nnue: Option<Stack<B>>,
}

impl<'a, B: TableCache> Worker<'a, B> {
    /// A thread numbered `id` for a search started at `start`, after a game whose keys
    /// were `history`, with the statistics `memory` from its last search.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        t: &'a Tables<B>,
        eval: &'a Evaluator,
        shared: &'a Shared,
        limits: &'a Limits,
        start: Instant,
        history: &[u64],
        id: usize,
        memory: Memory,
    ) -> Self {
        let n = t.geometry().len();
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
            piece_squares: t.variant().kinds.len() * n,
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
            nnue: eval.network().map(|net| Stack::new(net, MAX_PLY + 2)),
        }
    }

    /// The score of a position without legal moves: mated, or stalemated (a draw, or a
    /// loss in Cromwell).
    pub(super) fn terminal(&self, pos: &Position<B>, ply: usize) -> i32 {
        if let Some(score) = self.goal_score(pos, ply) {
            return score;
        }
        if let Some(score) = self.extinction_score(pos, ply) {
            return score;
        }
        let us = pos.side_to_move();
        if self.t.in_check(pos, us) {
            return self.mated_score(pos, ply);
        }
        self.stalemate_score(pos, ply)
    }

    /// The score at `ply` of a position a goal has ended (a flag reached, the last check
    /// given: `Position::goal_end`), for the side to move: a mate score for the winner, 0
    /// for a draw; `None` if no goal has ended the game.
    #[inline]
    pub(super) fn goal_score(&self, pos: &Position<B>, ply: usize) -> Option<i32> {
        if !self.t.variant().goals.active() {
            return None;
        }
        let end = pos.goal_end()?;
        Some(match end.winner() {
            None => 0,
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        })
    }

    /// The score of being stalemated in `pos` at `ply`: a draw, a loss (Cromwell), a win
    /// (Antichess), or by the pieces left (Suicide).
    pub(super) fn stalemate_score(&self, pos: &Position<B>, ply: usize) -> i32 {
        let us = pos.side_to_move();
        let ours = pos.pieces(us).count();
        let theirs = pos.pieces(!us).count();
        match self.t.variant().stalemate.winner(us, ours, theirs) {
            None => 0,
            Some(w) if w == us => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        }
    }

    /// True if `pos` came before since the last irreversible move (in the game or in
    /// the line searched).
    pub(super) fn is_repetition(&self, pos: &Position<B>) -> bool {
        let key = pos.key();
        let span = (pos.halfmove_clock() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - span..]
            .iter()
            .rev()
            .any(|&k| k == key)
    }

    /// The late-move reduction of the `i`-th move at `depth` (before adjustments).
    #[inline]
    pub(super) fn base_reduction(&self, depth: i32, i: usize) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][i.min(63)]
    }

    /// The static value of `pos`, at `ply` of the line, for the side to move, from the
    /// cache when it is there.
    pub(super) fn static_eval(&mut self, pos: &Position<B>, ply: usize) -> i32 {
        let key = pos.key();
        let slot = self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let value = self.evaluate(pos, ply);
        self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)] = (key, value);
        value
    }

    /// The static value of `pos`, at `ply` of the line, for the side to move: the
    /// network's (its accumulator brought from a neighbouring ply's) if the evaluation has
    /// one, added to the evaluation from data if the network is a correction, else the
    /// evaluation from data.
    pub(super) fn evaluate(&mut self, pos: &Position<B>, ply: usize) -> i32 {
        match (self.nnue.as_mut(), self.eval.network()) {
            (Some(stack), Some(net)) if net.is_correction() => {
                let data = self.eval.evaluate_with(self.t, pos);
                corrected(data, stack.evaluate(net, pos, ply))
            }
            (Some(stack), Some(net)) => stack.evaluate(net, pos, ply).clamp(-EVAL_MAX, EVAL_MAX),
            _ => self.eval.evaluate_with(self.t, pos),
        }
    }

    /// True if the side to move has a piece that is neither a pawn nor royal (null-move
    /// pruning is unsafe without one: zugzwang).
    pub(super) fn has_pieces(&self, pos: &Position<B>) -> bool {
        let us = pos.side_to_move();
        (pos.pieces(us).squares())
            .filter_map(|s| pos.piece_at(s))
            .any(|p| !self.t.kind(p.kind).is_pawn() && !self.t.kind(p.kind).is_royal())
    }
}

/// The late-move reductions by depth and move number ([`lmr_base`]; none at 0).
fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = lmr_base(d, i);
        }
    }
    t
}
