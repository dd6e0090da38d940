//! Iterative-deepening principal-variation search with quiescence, a shared
//! transposition table, move ordering (table move, captures by value, killers, history,
//! kept from one move of a game to the next), check and singular extensions, null-move
//! pruning, late-move reductions (more at expected cut nodes) and pruning of late quiet
//! moves by count, history and futility; several threads search the same tree and share
//! what they learn through the table (Lazy SMP).

use crate::eval::Evaluator;
use crate::see::{see_ge, victim_value};
use crate::tt::{Bound, Entry, Table};
use joust_core::variant::StalemateResult;
use joust_core::{Position, Square};
use joust_movegen::{make, tables, unmake, Move, MoveFlag, MoveList, TableCache, Tables};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A mate score: mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 120;
/// Quiescence plies within which a check is answered with every evasion.
const QS_CHECK_PLIES: u32 = 4;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// When to stop searching.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes (all threads together).
    pub nodes: Option<u64>,
    /// Wall time for this move: the search stops when it runs out.
    pub time: Option<Duration>,
    /// Time after which no new iteration starts (it would rarely finish in time).
    pub soft_time: Option<Duration>,
    /// How many best lines to report (0 and 1 both mean one); the main thread searches
    /// the `k`-th line with the first `k - 1` lines' moves left out at the root.
    pub multipv: usize,
    /// The root moves to choose from (UCI's `searchmoves`); empty means every legal move.
    /// Moves that are not legal in the root position are left out.
    pub searchmoves: Vec<Move>,
    /// Stop as soon as a mate in at most this many moves (of the side to move) is proven
    /// (UCI's `go mate N`); the other limits still apply.
    pub mate: Option<u32>,
}

impl Limits {
    /// Sets the time for one move from a clock: `left` on our clock, `inc` per move,
    /// `moves_to_go` moves until the next time control (if any). The search aims at a
    /// share of the clock, but may take up to a few times that to finish an iteration.
    pub fn with_clock(mut self, left: Duration, inc: Duration, moves_to_go: Option<u32>) -> Limits {
        let left_ms = left.as_millis() as u64;
        let inc_ms = inc.as_millis() as u64;
        let moves = moves_to_go.unwrap_or(30).clamp(1, 60) as u64;
        let share = left_ms / moves + inc_ms * 3 / 4;
        // Never plan on more than a fifth of what is left, and keep a safety margin.
        let hard = (share * 3)
            .min(left_ms / 5 + inc_ms / 2)
            .saturating_sub(10)
            .max(1);
        let soft = (share * 4 / 5).min(hard);
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

/// A thread's move-ordering statistics, which stay useful from one move of a game to
/// the next: quiet-move history, counter-moves and continuation history.
struct Memory {
    /// Quiet-move history by from and to square, kept within `±HISTORY_MAX`.
    history: Vec<i32>,
    /// The quiet move that last refuted each move (by its from and to square).
    counters: Vec<Option<Move>>,
    /// Continuation history: how well a quiet move (its kind and target) did right after
    /// a move of the other side, or of the same side two plies before (by kind and target).
    continuation: Vec<i16>,
}

impl Memory {
    /// Empty statistics for a board of `squares` squares and `kinds` piece kinds.
    fn new(squares: usize, kinds: usize) -> Memory {
        Memory {
            history: vec![0; squares * squares],
            counters: vec![None; squares * squares],
            continuation: vec![0; (kinds * squares).pow(2)],
        }
    }

    /// True if these statistics were gathered for a game of this shape.
    fn fits(&self, squares: usize, kinds: usize) -> bool {
        self.history.len() == squares * squares
            && self.continuation.len() == (kinds * squares).pow(2)
    }
}

impl Shared {
    /// Clears the stop flag for a new search.
    pub fn arm(&self) {
        self.stop.store(false, Ordering::Relaxed);
    }

    /// Shared state with a table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Shared {
        Shared {
            tt: Table::new(hash_mb),
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
}

/// Searches `root`, whose game so far had the Zobrist keys `history` (oldest first, the
/// root's own key excluded), with `threads` threads, calling `on_info` after every
/// completed iteration of the main thread. Stops early once `shared.stop` is set: call
/// [`Shared::arm`] before starting (before handing the search to another thread), so a
/// stop that arrives at once is not lost.
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
            singular_excluded: vec![None; MAX_PLY + 2],
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            lmr: lmr_table(),
        }
    }

    fn iterate(&mut self, root: &Position<B>, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut pos = root.clone();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        let mut list = MoveList::new();
        joust_movegen::generate(self.t, &pos, &mut list);
        if list.is_empty() {
            result.score = self.terminal(&pos, 0);
            return result;
        }
        result.best = Some(list.as_slice()[0]);
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        // Only the main thread reports several lines; helpers just fill the table.
        let lines_wanted = if self.id == 0 {
            self.limits.multipv.clamp(1, list.len())
        } else {
            1
        };
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
            // A line cut short by a stop is incomplete: keep the previous iteration's.
            if self.stopped && (lines.len() < lines_wanted || lines.is_empty()) {
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
            }
            depth += 1;
            if self.id == 0
                && self.limits.soft_time.is_some_and(|soft| {
                    self.start.elapsed() >= soft.mul_f64(time_factor(stable, dropped))
                })
            {
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

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    /// True once a limit is reached or someone asked to stop; checked every 1024 nodes.
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            let over_time = self
                .limits
                .time
                .is_some_and(|limit| self.start.elapsed() >= limit);
            let over_nodes = self
                .limits
                .nodes
                .is_some_and(|limit| self.shared.nodes.load(Ordering::Relaxed) >= limit);
            if over_time || over_nodes {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The score of a position without legal moves: mated, or stalemated (a draw, or a
    /// loss in Cromwell).
    fn terminal(&self, pos: &Position<B>, ply: usize) -> i32 {
        let us = pos.side_to_move();
        if self.t.in_check(pos, us) {
            return -MATE + ply as i32;
        }
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

    fn is_capture(&self, pos: &Position<B>, mv: Move) -> bool {
        match mv.flag {
            MoveFlag::Shot | MoveFlag::EnPassant | MoveFlag::LionDouble => true,
            MoveFlag::Normal | MoveFlag::DoubleStep => pos
                .piece_at(mv.to)
                .is_some_and(|p| p.color != pos.side_to_move()),
            _ => false,
        }
    }

    /// MVV-LVA value of a capture or promotion.
    fn tactical_value(&self, pos: &Position<B>, mv: Move) -> i32 {
        let victim = victim_value(self.eval, pos, mv);
        let attacker = pos.piece_at(mv.from).map_or(0, |p| self.eval.value(p.kind));
        let promo = match (mv.flag, mv.promotion_kind()) {
            (MoveFlag::Normal, Some(k)) => self.eval.value(k),
            _ => 0,
        };
        victim * 16 - attacker / 16 + promo
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
    fn order(
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
            if (ply == 0 && self.excluded.contains(&mv)) || self.singular_excluded[ply] == Some(mv)
            {
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
    fn pick(buf: &mut [(i32, Move)], i: usize) {
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

    /// The late-move reduction of the `i`-th move at `depth` (before adjustments).
    #[inline]
    fn base_reduction(&self, depth: i32, i: usize) -> i32 {
        self.lmr[depth.min(63) as usize][i.min(63)]
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

    /// Rewards a quiet move that cut off and punishes the quiet moves tried before it.
    fn reward_quiet(
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
    fn piece_to(&self, pos: &Position<B>, mv: Move) -> usize {
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
    fn quiet_score(&self, pos: &Position<B>, mv: Move, ply: usize) -> i32 {
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
            if pos.halfmove_clock() >= self.t.variant.fifty_move_plies || self.is_repetition(pos) {
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
            let extend_check = gives_check && {
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
        if (ply > 0 || self.excluded.is_empty()) && !excluding {
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), depth.min(63) as u8, bound);
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
        let store = qply < QS_CHECK_PLIES && entry.is_none_or(|e| e.depth == 0);
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

    /// True for a pawn's promotion (a Lancer's turn also changes kind, but is quiet).
    fn is_promotion(&self, pos: &Position<B>, mv: Move) -> bool {
        mv.flag == MoveFlag::Normal
            && mv.promotion_kind().is_some()
            && pos
                .piece_at(mv.from)
                .is_some_and(|p| self.t.kinds[p.kind.index()].pawn)
    }
}

/// Largest history value (either sign).
const HISTORY_MAX: i32 = 16_384;

/// Entries of each thread's cache of static values (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;

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

/// Moves a history value by `bonus`, less the closer it already is to the bound.
fn update_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
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

#[cfg(test)]
mod tests {
    use super::*;
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
