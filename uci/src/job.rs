//! Work that runs beside the command loop, a search or a perft count, so that the loop
//! goes on answering (`isready` at once, `stop` and `quit` within a moment).
//!
//! A job may be *held*: its last line (`bestmove`) waits until the job is released by
//! `stop` (or by `ponderhit` for a ponder search), as UCI wants for `go infinite` and
//! `go ponder`.
//!
//! [`Job::spawn`] is protocol-independent (any work, any last lines); the XBoard loop
//! (`joust-xboard`) runs its searches with it.

use crate::board::{on_board, Board};
use crate::output::Output;
use crate::report::{final_lines, info_line, line_text, NO_MOVE};
use joust_core::Position;
use joust_movegen::{generate, legal_moves, make, perft_with, tables, unmake, MoveList};
use joust_movegen::{TableCache, Tables};
use joust_notation::move_to_text;
use joust_search::{search, Evaluator, Info, Limits, Shared};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// When a job may write its last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// As soon as its work is done.
    Released,
    /// Only after `stop` (`go infinite`, a bare `go`).
    UntilStop,
    /// Only after `ponderhit` or `stop` (`go ponder`).
    UntilPonderhit,
}

/// What a job and the loop share.
struct State {
    hold: Hold,
    /// The job has written its last line.
    finished: bool,
}

/// The job's side of the controls.
struct Control {
    state: Mutex<State>,
    changed: Condvar,
    /// Ends a perft count (a search ends by its table's stop flag).
    stop: AtomicBool,
    shared: Arc<Shared>,
}

impl Control {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until the job may write its last line.
    fn wait_released(&self) {
        let mut state = self.state();
        while state.hold != Hold::Released {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn release(&self) {
        self.state().hold = Hold::Released;
        self.changed.notify_all();
    }

    fn finish(&self) {
        self.state().finished = true;
        self.changed.notify_all();
    }
}

/// A running job.
pub struct Job {
    control: Arc<Control>,
    handle: Option<JoinHandle<()>>,
    /// For a ponder search: how long it may go on after `ponderhit` (`None`: no time
    /// limit, its own depth or nodes end it).
    after_ponderhit: Option<Duration>,
}

impl Job {
    /// Runs `work` on a new thread, then writes the lines it returns once released.
    /// `work` gets the output (for lines while it works) and the flag [`Job::stop`]
    /// sets; `shared`'s stop flag is set too. If no thread can be started, nothing
    /// runs and `if_no_thread` is written at once.
    pub fn spawn(
        out: Output,
        shared: Arc<Shared>,
        hold: Hold,
        after_ponderhit: Option<Duration>,
        if_no_thread: &[&str],
        work: impl FnOnce(&Output, &AtomicBool) -> Vec<String> + Send + 'static,
    ) -> Job {
        let fallback = out.clone();
        let control = Arc::new(Control {
            state: Mutex::new(State {
                hold,
                finished: false,
            }),
            changed: Condvar::new(),
            stop: AtomicBool::new(false),
            shared,
        });
        let job_control = Arc::clone(&control);
        let spawned = thread::Builder::new()
            .name("joust-job".to_string())
            .spawn(move || {
                let last = work(&out, &job_control.stop);
                job_control.wait_released();
                out.lines(last.iter().map(String::as_str));
                job_control.finish();
            });
        let handle = match spawned {
            Ok(handle) => Some(handle),
            Err(e) => {
                // Nothing runs: the GUI still gets its answer.
                fallback.info(&format!("error: no thread for the job: {e}"));
                fallback.lines(if_no_thread.iter().copied());
                control.finish();
                None
            }
        };
        Job {
            control,
            handle,
            after_ponderhit,
        }
    }

    /// A job with nothing to work out: it answers `bestmove 0000` once released.
    pub fn no_move(out: Output, shared: Arc<Shared>, hold: Hold) -> Job {
        Job::spawn(out, shared, hold, None, &["bestmove 0000"], |_, _| {
            vec![format!("bestmove {NO_MOVE}")]
        })
    }

    /// Searches `board` on another thread. Arm `shared` first.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        out: Output,
        board: &Board,
        limits: Limits,
        shared: Arc<Shared>,
        evaluator: Arc<Evaluator>,
        threads: usize,
        hold: Hold,
        after_ponderhit: Option<Duration>,
    ) -> Job {
        let board = board.clone();
        let table = Arc::clone(&shared);
        Job::spawn(
            out,
            shared,
            hold,
            after_ponderhit,
            &["bestmove 0000"],
            move |out, _| {
                on_board!(&board, |pos, keys| searched(
                    out, pos, keys, &limits, &table, &evaluator, threads
                ))
            },
        )
    }

    /// Counts the move sequences of `depth` plies from `board`, move by move.
    pub fn perft(out: Output, board: &Board, depth: u32, shared: Arc<Shared>) -> Job {
        let board = board.clone();
        Job::spawn(out, shared, Hold::Released, None, &[], move |out, stop| {
            on_board!(&board, |pos, _keys| counted(out, pos, depth, stop))
        })
    }

    /// True once the job has written its last line.
    pub fn is_finished(&self) -> bool {
        self.control.state().finished
    }

    /// True if the job waits for `stop` (or `ponderhit`) before its last line.
    pub fn is_held(&self) -> bool {
        self.control.state().hold != Hold::Released
    }

    /// Ends the job at once: it writes its last line before this returns.
    pub fn stop(mut self) {
        self.control.stop.store(true, Ordering::Relaxed);
        self.control.shared.stop.store(true, Ordering::Relaxed);
        self.control.release();
        self.join();
    }

    /// Lets the job run to its own limits and waits for its last line.
    pub fn wait(mut self) {
        self.join();
    }

    fn join(&mut self) {
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }

    /// The opponent played the move pondered on: a ponder search goes on for real, for
    /// at most its time after `ponderhit`. Nothing happens to other jobs.
    pub fn ponderhit(&mut self) {
        let mut state = self.control.state();
        if state.hold != Hold::UntilPonderhit {
            return;
        }
        state.hold = Hold::Released;
        self.control.changed.notify_all();
        let (Some(budget), false) = (self.after_ponderhit, state.finished) else {
            return;
        };
        drop(state);
        let control = Arc::clone(&self.control);
        // A timer that stops this search, and only this one: it sets the stop flag
        // under the lock, and only while the job has not finished (the next search
        // arms the flag only after this job has finished).
        let _ = thread::Builder::new()
            .name("joust-ponder-timer".to_string())
            .spawn(move || {
                let state = control.state();
                let (state, _) = control
                    .changed
                    .wait_timeout_while(state, budget, |s| !s.finished)
                    .unwrap_or_else(|e| e.into_inner());
                if !state.finished {
                    control.shared.stop.store(true, Ordering::Relaxed);
                }
            });
    }
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}

/// Searches, writing an `info` line per iteration; returns the last lines.
fn searched<B: TableCache>(
    out: &Output,
    pos: &Position<B>,
    keys: &[u64],
    limits: &Limits,
    shared: &Shared,
    evaluator: &Evaluator,
    threads: usize,
) -> Vec<String> {
    let best_line = Mutex::new(Vec::new());
    let report = |info: &Info| {
        out.line(&info_line(pos, info));
        if info.multipv == 1 {
            *best_line.lock().unwrap_or_else(|e| e.into_inner()) = info.pv.clone();
        }
    };
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        search(pos, keys, limits, shared, threads, evaluator, report)
    }));
    match result {
        Ok(result) => final_lines(pos, &result),
        Err(payload) => {
            // Should never happen; if it does, the GUI still gets a legal move.
            out.info(&format!(
                "error: the search failed ({}); answering with its last line",
                panic_text(payload.as_ref())
            ));
            let line = best_line.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let best = line_text(pos, &line).into_iter().next().or_else(|| {
                legal_moves(pos)
                    .iter()
                    .next()
                    .map(|&m| move_to_text(pos, m))
            });
            vec![format!("bestmove {}", best.as_deref().unwrap_or(NO_MOVE))]
        }
    }
}

/// Below this many plies a count runs without looking at the stop flag (a moment
/// even on 10x10 boards).
const UNSTOPPABLE_PLIES: u32 = 3;

/// perft(`depth`) of `pos`, or `None` if `stop` was set first.
fn count<B: TableCache>(
    t: &Tables<B>,
    pos: &mut Position<B>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth <= UNSTOPPABLE_PLIES {
        return Some(perft_with(t, pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = make(t, pos, mv);
        let below = count(t, pos, depth - 1, stop);
        unmake(t, pos, mv, &undo);
        nodes += below?;
    }
    Some(nodes)
}

/// Writes the count below each legal move (sorted by move text) and the total, as
/// Stockfish does; a stopped count writes the moves it finished and says so.
fn counted<B: TableCache>(
    out: &Output,
    pos: &Position<B>,
    depth: u32,
    stop: &AtomicBool,
) -> Vec<String> {
    let start = Instant::now();
    let t = tables::<B>(pos.variant());
    let moves = if depth == 0 {
        MoveList::new()
    } else {
        legal_moves(pos)
    };
    let mut rows: Vec<(String, u64)> = Vec::new();
    for &mv in moves.iter() {
        let mut p = pos.clone();
        make(t, &mut p, mv);
        match count(t, &mut p, depth - 1, stop) {
            Some(n) => rows.push((move_to_text(pos, mv), n)),
            None => break,
        }
    }
    rows.sort();
    let mut lines: Vec<String> = rows.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    if rows.len() < moves.len() {
        lines.push(format!(
            "info string perft {depth} stopped after {} of {} moves",
            rows.len(),
            moves.len()
        ));
        out.lines(lines.iter().map(String::as_str));
        return Vec::new();
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines.push(format!(
        "info string perft took {} ms",
        start.elapsed().as_millis()
    ));
    out.lines(lines.iter().map(String::as_str));
    Vec::new()
}
