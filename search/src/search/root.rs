//! The search's driver: the threads, iterative deepening at the root (which root moves,
//! aspiration windows, when to stop) and what is reported after each iteration.

use super::params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH, ASPIRATION_WIDEST, SCORE_DROP};
use super::worker::Worker;
use super::{Limits, Shared, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::eval::Evaluator;
use crate::strength::{self, CANDIDATES};
use joust_core::Position;
use joust_movegen::{tables, Move, MoveList, TableCache};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// What the search has found so far, after one completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// Rank of this line among the best lines, from 1 (see [`Limits::multipv`]).
    pub multipv: usize,
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move, centipawns or mate (see [`MATE`]).
    pub score: i32,
    /// Nodes, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Permille of the table in use.
    pub hashfull: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move (none if the position has no legal move).
    pub best: Option<Move>,
    /// Its score.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// True if [`Limits::searchmoves`] named moves but none was legal, so that every move
    /// was searched instead (the caller may say so).
    pub searchmoves_ignored: bool,
}

/// Searches `root`, whose game so far had the Zobrist keys `history` (oldest first, the
/// root's own key excluded), with `threads` threads, calling `on_info` after every
/// completed iteration of the main thread. Stops early once `shared.stop` is set: call
/// [`Shared::arm`] before starting (before handing the search to another thread), so a
/// stop that arrives at once is not lost. The first iteration (depth 1, every root move
/// searched) always completes, whatever the limits or the stop flag say, so the move
/// returned has been searched; and it never allows the opponent a reply that wins at once
/// (mate, or a stalemate where that wins) if another move does not (see `mate_guard`).
///
/// With [`Limits::strength`] set, the search is cut at the strength's node cap and the
/// move returned (with its score and line) is one of the best few chosen at random within
/// its margin (see [`crate::strength`]); `on_info` still gets only the lines asked for.
pub fn search<B: TableCache>(
    root: &Position<B>,
    history: &[u64],
    limits: &Limits,
    shared: &Shared,
    threads: usize,
    evaluator: &Evaluator,
    mut on_info: impl FnMut(&Info) + Send,
) -> SearchResult {
    let Some(strength) = &limits.strength else {
        return full_search(root, history, limits, shared, threads, evaluator, on_info);
    };
    let mut inner = limits.clone();
    inner.strength = None;
    inner.nodes = Some(limits.nodes.unwrap_or(u64::MAX).min(strength.nodes()));
    let shown = limits.multipv.max(1);
    inner.multipv = shown.max(CANDIDATES);
    // The lines of the last completed iteration.
    let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
    let mut result = full_search(root, history, &inner, shared, threads, evaluator, |info| {
        if info.multipv == 1 {
            lines.clear();
        }
        lines.push((info.score, info.pv.clone()));
        if info.multipv <= shown {
            on_info(info);
        }
    });
    if !lines.is_empty() {
        let chosen = strength::pick(strength, &mut lines, root.key());
        let (score, pv) = lines.swap_remove(chosen);
        result.best = pv.first().copied().or(result.best);
        result.score = score;
        result.pv = pv;
    }
    result
}

/// [`search`] at full strength.
fn full_search<B: TableCache>(
    root: &Position<B>,
    history: &[u64],
    limits: &Limits,
    shared: &Shared,
    threads: usize,
    evaluator: &Evaluator,
    mut on_info: impl FnMut(&Info) + Send,
) -> SearchResult {
    shared.nodes.store(0, Ordering::Relaxed);
    shared.tt.new_search();
    let start = Instant::now();
    let t = tables::<B>(root.variant());
    let threads = threads.max(1);
    let run = |id: usize, on_info: &mut dyn FnMut(&Info)| {
        let memory = shared.take_memory(id, t.geometry().len(), t.variant().kinds.len());
        let mut w = Worker::new(t, evaluator, shared, limits, start, history, id, memory);
        let result = w.iterate(root, on_info);
        shared.keep_memory(id, w.memory);
        result
    };
    if threads == 1 {
        return run(0, &mut on_info);
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    match pool {
        Ok(pool) => pool.scope(|s| {
            for id in 1..threads {
                s.spawn(move |_| {
                    run(id, &mut |_| {});
                });
            }
            let result = run(0, &mut on_info);
            shared.stop.store(true, Ordering::Relaxed);
            result
        }),
        Err(_) => run(0, &mut on_info),
    }
}

impl<B: TableCache> Worker<'_, B> {
    /// Iterative deepening from depth 1 until a limit, a stop or a found mate; the
    /// main thread (`id` 0) reports each completed iteration to `on_info`.
    fn iterate(&mut self, root: &Position<B>, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut pos = root.clone();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            searchmoves_ignored: false,
        };
        let mut list = MoveList::new();
        joust_movegen::generate(self.t, &pos, &mut list);
        if list.is_empty() {
            result.score = self.terminal(&pos, 0);
            return result;
        }
        // The root moves to choose from: the legal ones of `searchmoves`, else all.
        let wanted = &self.limits.searchmoves;
        self.root_moves = list
            .iter()
            .filter(|m| wanted.contains(m))
            .copied()
            .collect();
        result.searchmoves_ignored = !wanted.is_empty() && self.root_moves.is_empty();
        let root_count = match self.root_moves.len() {
            0 => list.len(),
            n => n,
        };
        // (Replaced by the first iteration's best move, which always completes.)
        result.best = self.root_moves.first().or(list.iter().next()).copied();
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        // Only the main thread reports several lines; helpers just fill the table.
        let lines_wanted = if self.id == 0 {
            self.limits.multipv.clamp(1, root_count)
        } else {
            1
        };
        // The main thread's first iteration completes whatever the limits say.
        self.finishing = self.id == 0;
        let mut depth = 1;
        // Iterations in a row that kept the best move, and the score before the last.
        let mut stable = 0u32;
        let mut previous_score: Option<i32> = None;
        while depth <= max_depth {
            // Helper threads start one ply deeper every other time, so they diverge.
            let d = if self.id % 2 == 1 { depth + 1 } else { depth };
            let mut lines: Vec<(i32, Vec<Move>)> = Vec::with_capacity(lines_wanted);
            self.excluded.clear();
            self.seldepth = 0;
            self.guard_mates = self.needs_mate_guard(d);
            for line in 0..lines_wanted {
                let mut pv = Vec::new();
                let score =
                    if line == 0 && d >= ASPIRATION_MIN_DEPTH && result.score.abs() < MATE_BOUND {
                        self.aspiration(&mut pos, d as i32, result.score, &mut pv)
                    } else {
                        self.negamax(&mut pos, d as i32, -INF, INF, 0, &mut pv, true, false)
                    };
                if self.stopped || pv.is_empty() {
                    break;
                }
                self.excluded.push(pv[0]);
                lines.push((score, pv));
            }
            self.excluded.clear();
            // A line cut short by a stop is incomplete: keep the previous iteration's. (No
            // line at all cannot come from a whole iteration, as every score lies within
            // the root's window; it is handled as a stop all the same.)
            if lines.is_empty() || (self.stopped && lines.len() < lines_wanted) {
                break;
            }
            // Later lines can come out better than earlier ones (table effects).
            lines.sort_by_key(|l| std::cmp::Reverse(l.0));
            let (score, pv) = lines[0].clone();
            stable = if result.best == Some(pv[0]) {
                stable + 1
            } else {
                0
            };
            let dropped = previous_score.is_some_and(|p| score < p - SCORE_DROP);
            previous_score = Some(score);
            result.best = Some(pv[0]);
            result.score = score;
            result.depth = d;
            result.pv = pv;
            self.flush_nodes();
            let nodes = self.shared.nodes.load(Ordering::Relaxed);
            result.nodes = nodes;
            if self.id == 0 {
                let elapsed = self.start.elapsed();
                let hashfull = self.shared.tt.hashfull();
                for (rank, (score, pv)) in lines.into_iter().enumerate() {
                    on_info(&Info {
                        multipv: rank + 1,
                        depth: d,
                        seldepth: self.seldepth.max(d),
                        score,
                        nodes,
                        elapsed,
                        pv,
                        hashfull,
                    });
                }
                // A found mate will not get shorter by searching deeper than its length.
                if lines_wanted == 1
                    && score.abs() > MATE_BOUND
                    && (MATE - score.abs()) as u32 <= depth
                {
                    break;
                }
                if self.limits.mate_reached(score) {
                    self.shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
            self.finishing = false;
            self.hurry = false;
            depth += 1;
            if self.past_soft_time(stable, dropped) {
                break;
            }
            // A stop or a limit that came during the first iteration ends the search now.
            if self.over_limits() || self.shared.stop.load(Ordering::Relaxed) {
                self.shared.stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        self.flush_nodes();
        result.nodes = self.shared.nodes.load(Ordering::Relaxed);
        result
    }

    /// A root search in a window around the last score, widened until the score falls
    /// inside it.
    fn aspiration(
        &mut self,
        pos: &mut Position<B>,
        depth: i32,
        guess: i32,
        pv: &mut Vec<Move>,
    ) -> i32 {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, pv, true, false);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if score >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return score;
            }
            delta *= 2;
            if delta > ASPIRATION_WIDEST {
                alpha = -INF;
                beta = INF;
            }
        }
    }
}
