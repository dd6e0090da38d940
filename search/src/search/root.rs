//! The search's driver: its limits, the state its threads share, the threads themselves,
//! and iterative deepening at the root (which root moves, when to stop, what to report).

use super::ordering::Memory;
use super::{Worker, INF, MAX_PLY};
use crate::eval::Evaluator;
use crate::tt::{Table, TableError};
use crate::{MATE, MATE_BOUND};
use joust_core::Position;
use joust_movegen::{tables, Move, MoveList, TableCache};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to stop searching.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (0 counts as 1).
    pub depth: Option<u32>,
    /// Most nodes (all threads together); the first iteration completes even past it.
    pub nodes: Option<u64>,
    /// Wall time for this move: the search stops when it runs out (but not before the
    /// first iteration is complete, however short the time).
    pub time: Option<Duration>,
    /// Time after which no new iteration starts (it would rarely finish in time).
    pub soft_time: Option<Duration>,
    /// How many best lines to report (0 and 1 both mean one); the main thread searches
    /// the `k`-th line with the first `k - 1` lines' moves left out at the root.
    pub multipv: usize,
    /// The root moves to choose from (UCI's `searchmoves`); empty means every legal move.
    /// Moves that are not legal in the root position are left out; if none of them is
    /// legal, every move is searched and [`SearchResult::searchmoves_ignored`] says so.
    pub searchmoves: Vec<Move>,
    /// Stop as soon as a mate in at most this many moves (of the side to move) is proven
    /// (UCI's `go mate N`); the other limits still apply, and with none the search goes
    /// on until a mate is found or its deepest iteration is done. `Some(0)` is no limit.
    pub mate: Option<u32>,
}

impl Limits {
    /// True if `score` (for the side to move) is a mate within [`Limits::mate`] moves.
    fn mate_reached(&self, score: i32) -> bool {
        // A mate in n moves is one of at most 2n - 1 plies.
        self.mate
            .is_some_and(|moves| score > MATE_BOUND && ((MATE - score) as u64) < 2 * moves as u64)
    }

    /// Sets the time for one move from a clock: `left` on our clock, `inc` per move,
    /// `moves_to_go` moves until the next time control (if any). The search aims at a
    /// share of the clock, but may take up to a few times that to finish an iteration.
    pub fn with_clock(mut self, left: Duration, inc: Duration, moves_to_go: Option<u32>) -> Limits {
        // (Saturating: a clock of any size gives a time, if a long one.)
        let left_ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
        let inc_ms = u64::try_from(inc.as_millis()).unwrap_or(u64::MAX);
        let moves = moves_to_go.unwrap_or(30).clamp(1, 60) as u64;
        let share = (left_ms / moves).saturating_add(inc_ms.saturating_mul(3) / 4);
        // Never plan on more than a fifth of what is left, and keep a safety margin.
        let hard = share
            .saturating_mul(3)
            .min((left_ms / 5).saturating_add(inc_ms / 2))
            .saturating_sub(10)
            .max(1);
        let soft = (share.saturating_mul(4) / 5).min(hard);
        self.time = Some(Duration::from_millis(hard));
        self.soft_time = Some(Duration::from_millis(soft));
        self
    }
}

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

/// State shared by all threads of a search (and kept between searches).
pub struct Shared {
    /// The transposition table.
    pub tt: Table,
    /// Set to stop every thread.
    pub stop: AtomicBool,
    nodes: AtomicU64,
    /// What each search thread learned about move order, kept for the next search of
    /// the same game (by thread number).
    memory: Mutex<Vec<Option<Memory>>>,
}

impl Shared {
    /// Clears the stop flag for a new search.
    pub fn arm(&self) {
        self.stop.store(false, Ordering::Relaxed);
    }

    /// Shared state with a table of `hash_mb` megabytes (see [`Table::new`]).
    pub fn new(hash_mb: usize) -> Shared {
        Shared::with_table(Table::new(hash_mb))
    }

    /// Shared state with a table of `hash_mb` megabytes, or why the system cannot give
    /// that much: for sizes a user chose.
    pub fn try_new(hash_mb: usize) -> Result<Shared, TableError> {
        Table::try_new(hash_mb).map(Shared::with_table)
    }

    /// Shared state around `tt`.
    fn with_table(tt: Table) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            memory: Mutex::new(Vec::new()),
        }
    }

    /// Forgets every searched position and move-ordering statistic (a new game, or a
    /// changed evaluation).
    pub fn clear(&self) {
        self.tt.clear();
        self.memory
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Thread `id`'s statistics from the last search, if they fit this game.
    fn take_memory(&self, id: usize, squares: usize, kinds: usize) -> Memory {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        memory
            .get_mut(id)
            .and_then(Option::take)
            .filter(|m| m.fits(squares, kinds))
            .unwrap_or_else(|| Memory::new(squares, kinds))
    }

    /// Keeps thread `id`'s statistics for the next search.
    fn keep_memory(&self, id: usize, m: Memory) {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        if memory.len() <= id {
            memory.resize_with(id + 1, || None);
        }
        memory[id] = Some(m);
    }
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
pub fn search<B: TableCache>(
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
        let memory = shared.take_memory(id, t.geometry.len(), t.variant.kinds.len());
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
                let score = if line == 0 && d >= 5 && result.score.abs() < MATE_BOUND {
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
            let dropped = previous_score.is_some_and(|p| score < p - 30);
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
            if self.id == 0
                && self.limits.soft_time.is_some_and(|soft| {
                    // (In seconds as f64: no soft time overflows.)
                    let factor = time_factor(stable, dropped);
                    self.start.elapsed().as_secs_f64() >= soft.as_secs_f64() * factor
                })
            {
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
        let mut delta = 25;
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
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Adds this thread's nodes since the last report to the shared count.
    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    /// True once a limit is reached or someone asked to stop; checked every 1024 nodes.
    /// While the main thread finishes its first iteration, nothing stops it: it hurries.
    pub(super) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            if self.over_limits() {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
            if self.shared.stop.load(Ordering::Relaxed) {
                if self.finishing {
                    self.hurry = true;
                } else {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// True once the time or the nodes of [`Limits`] are used up.
    fn over_limits(&self) -> bool {
        let over_time = self
            .limits
            .time
            .is_some_and(|limit| self.start.elapsed() >= limit);
        let over_nodes = self
            .limits
            .nodes
            .is_some_and(|limit| self.shared.nodes.load(Ordering::Relaxed) >= limit);
        over_time || over_nodes
    }
}

/// How much of the soft time limit to use: more while the best move keeps changing or
/// the score has just fallen, less once the best move has held for several iterations.
fn time_factor(stable: u32, dropped: bool) -> f64 {
    let by_stability = match stable {
        0 => 1.5,
        1 => 1.2,
        2 => 1.0,
        3 => 0.85,
        _ => 0.7,
    };
    if dropped {
        by_stability * 1.3
    } else {
        by_stability
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table the system cannot give is an error for the caller to report.
    #[test]
    fn an_impossible_table_is_an_error() {
        let err = Shared::try_new(usize::MAX).err().expect("no table");
        assert_eq!(
            err,
            TableError::OutOfMemory {
                megabytes: usize::MAX
            }
        );
        assert_eq!(Shared::try_new(2).unwrap().tt.bytes(), 2 << 20);
    }

    /// Any clock gives a time to think, from 1 ms up, without overflow.
    #[test]
    fn any_clock_gives_a_time() {
        let huge = Limits::default().with_clock(Duration::MAX, Duration::MAX, Some(0));
        assert!(huge.time.unwrap() >= huge.soft_time.unwrap());
        assert!(huge.time.unwrap() > Duration::from_secs(1 << 40));
        let none = Limits::default().with_clock(Duration::ZERO, Duration::ZERO, None);
        assert_eq!(none.time, Some(Duration::from_millis(1)));
        let normal = Limits::default().with_clock(Duration::from_secs(60), Duration::ZERO, None);
        assert!(normal.time.unwrap() <= Duration::from_secs(12));
    }
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    /// Move-ordering statistics outlive a search and go with `clear`.
    #[test]
    fn move_order_statistics_are_kept_between_searches_until_cleared() {
        let v = variants::lancerchess();
        let pos: Position<u64> = position_from_fen(v, v.start_fen).unwrap();
        let shared = Shared::new(1);
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let learned = |shared: &Shared| {
            let memory = shared.memory.lock().unwrap();
            memory
                .first()
                .and_then(|m| m.as_ref())
                .is_some_and(|m| m.history.iter().any(|&h| h != 0))
        };
        assert!(!learned(&shared));
        search(&pos, &[], &limits, &shared, 1, &Evaluator::new(v), |_| {});
        assert!(learned(&shared));
        // The next search starts from them.
        let n = v.geometry.len();
        let kinds = v.kinds.len();
        let memory = shared.take_memory(0, n, kinds);
        assert!(memory.history.iter().any(|&h| h != 0));
        shared.keep_memory(0, memory);
        // Statistics of another game's shape are not used.
        assert!(shared
            .take_memory(0, 100, kinds)
            .history
            .iter()
            .all(|&h| h == 0));
        search(&pos, &[], &limits, &shared, 1, &Evaluator::new(v), |_| {});
        shared.clear();
        assert!(!learned(&shared));
    }
}
