//! The engine behind the page: `joust-search` on blocking threads, at most
//! [`crate::Config::max_searches`] searches at once (a semaphore), each bounded in time,
//! for the engine's move and for live analysis (MultiPV lines sent as they complete).

use crate::error::ApiError;
use crate::session::{line_info, MoveInfo, Snapshot};
use joust_core::{Color, Position};
use joust_movegen::{on_position, TableCache};
use joust_search::{search, Evaluator, Info, Limits, Shared, MATE, MATE_BOUND};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit, Semaphore};

/// Transposition table of each search, in megabytes.
const HASH_MB: usize = 16;

/// A score from White's view: centipawns, or moves to mate (negative: Black mates).
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns, White's advantage positive.
    Cp(i32),
    /// Mate in this many moves: positive for White, negative for Black.
    Mate(i32),
}

impl Score {
    /// A search score (for the side to move) from White's view.
    pub fn new(score: i32, side_to_move: Color) -> Score {
        let s = match side_to_move {
            Color::White => score,
            Color::Black => -score,
        };
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// One line of analysis, sent after each completed iteration.
#[derive(Serialize, Debug, Clone)]
pub struct Line {
    /// The depth completed.
    pub depth: u32,
    /// Which line (1 is the best).
    pub multipv: usize,
    /// Its score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub ms: u64,
    /// The line's moves.
    pub pv: Vec<MoveInfo>,
}

/// What the engine chose.
#[derive(Serialize, Debug, Clone)]
pub struct Choice {
    /// Its move (none if there was no legal move).
    pub best: Option<MoveInfo>,
    /// The score after its search.
    pub score: Score,
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The move as the generator made it, to play it.
    #[serde(skip)]
    pub mv: Option<joust_movegen::Move>,
}

/// What a search is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most time it may take.
    pub time: Duration,
    /// Deepest iteration, if bounded.
    pub depth: Option<u32>,
    /// How many lines.
    pub multipv: usize,
}

/// The engine: a bounded number of concurrent searches and one evaluator per game.
pub struct Engine {
    permits: Arc<Semaphore>,
    /// How long a request waits for a free search slot.
    wait: Duration,
    evaluators: Mutex<HashMap<usize, Arc<Evaluator>>>,
}

impl Engine {
    /// An engine running at most `max_searches` searches at once.
    pub fn new(max_searches: usize, wait: Duration) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(max_searches.max(1))),
            wait,
            evaluators: Mutex::new(HashMap::new()),
        }
    }

    /// The evaluator of `pos`'s game, built once.
    fn evaluator(&self, variant: &'static joust_core::Variant) -> Arc<Evaluator> {
        let mut map = self.evaluators.lock().unwrap_or_else(|e| e.into_inner());
        let key = variant as *const joust_core::Variant as usize;
        map.entry(key)
            .or_insert_with(|| Arc::new(Evaluator::new(variant)))
            .clone()
    }

    async fn permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(ApiError::Busy),
        }
    }

    /// Searches the position of `snap` within `budget` and returns the engine's choice.
    pub async fn choose(&self, snap: Snapshot, budget: Budget) -> Result<Choice, ApiError> {
        let permit = self.permit().await?;
        let evaluator = self.evaluator(snap.position.variant());
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let shared = Shared::new(HASH_MB);
            on_position!(&snap.position, p => {
                choose_in(p, &snap.keys, budget, &shared, &evaluator, |_| {})
            })
        });
        job.await
            .map_err(|e| ApiError::Conflict(format!("the search failed: {e}")))
    }

    /// Starts analysing `snap` within `budget`: each completed line is sent on the
    /// returned channel, then the choice; dropping the receiver stops the search.
    pub async fn analyse(
        &self,
        snap: Snapshot,
        budget: Budget,
    ) -> Result<mpsc::Receiver<Result<Line, Choice>>, ApiError> {
        let permit = self.permit().await?;
        let evaluator = self.evaluator(snap.position.variant());
        let (tx, rx) = mpsc::channel(64);
        let shared = Arc::new(Shared::new(HASH_MB));
        let (done_tx, done_rx) = oneshot::channel::<()>();
        // Stop the search as soon as the page goes away.
        let watcher = {
            let (tx, shared) = (tx.clone(), shared.clone());
            async move {
                tokio::select! {
                    _ = tx.closed() => shared.stop.store(true, Ordering::Relaxed),
                    _ = done_rx => {}
                }
            }
        };
        tokio::spawn(watcher);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let choice = on_position!(&snap.position, p => {
                let side = p.side_to_move();
                choose_in(p, &snap.keys, budget, &shared, &evaluator, |info: &Info| {
                    let line = Line {
                        depth: info.depth,
                        multipv: info.multipv,
                        score: Score::new(info.score, side),
                        nodes: info.nodes,
                        ms: info.elapsed.as_millis() as u64,
                        pv: line_info(p, &info.pv),
                    };
                    let _ = tx.blocking_send(Ok(line));
                })
            });
            let _ = tx.blocking_send(Err(choice));
            let _ = done_tx.send(());
        });
        Ok(rx)
    }
}

/// Searches `pos` (after the positions with the keys `keys`) and returns the choice.
fn choose_in<B: TableCache>(
    pos: &Position<B>,
    keys: &[u64],
    budget: Budget,
    shared: &Shared,
    evaluator: &Evaluator,
    on_info: impl FnMut(&Info) + Send,
) -> Choice {
    let limits = Limits {
        time: Some(budget.time),
        depth: budget.depth,
        multipv: budget.multipv.max(1),
        ..Limits::default()
    };
    shared.arm();
    let result = search(pos, keys, &limits, shared, 1, evaluator, on_info);
    let best = result
        .best
        .and_then(|m| line_info(pos, &[m]).into_iter().next());
    Choice {
        best,
        score: Score::new(result.score, pos.side_to_move()),
        depth: result.depth,
        nodes: result.nodes,
        mv: result.best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_whites_view_and_mates_count_moves() {
        assert_eq!(Score::new(35, Color::White), Score::Cp(35));
        assert_eq!(Score::new(35, Color::Black), Score::Cp(-35));
        assert_eq!(Score::new(MATE - 1, Color::White), Score::Mate(1));
        assert_eq!(Score::new(MATE - 3, Color::Black), Score::Mate(-2));
        assert_eq!(Score::new(-(MATE - 4), Color::White), Score::Mate(-2));
    }
}
