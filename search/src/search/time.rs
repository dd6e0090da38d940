//! Time management: a clock becomes a time for one move (a hard limit and a soft one),
//! the soft limit stretches while the best move is unsettled, and a thread looks at the
//! clock and the node count every 1,024 nodes.

use super::limits::Limits;
use super::worker::Worker;
use joust_movegen::TableCache;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Moves assumed left until the next time control when the clock does not say.
const MOVES_TO_GO: u64 = 30;
/// Time kept back from every move's hard limit, in milliseconds (process overheads).
const SAFETY_MS: u64 = 10;

impl Limits {
    /// Sets the time for one move from a clock: `left` on our clock, `inc` per move,
    /// `moves_to_go` moves until the next time control (if any). The search aims at a
    /// share of the clock, but may take up to a few times that to finish an iteration.
    pub fn with_clock(mut self, left: Duration, inc: Duration, moves_to_go: Option<u32>) -> Limits {
        // (Saturating: a clock of any size gives a time, if a long one.)
        let left_ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
        let inc_ms = u64::try_from(inc.as_millis()).unwrap_or(u64::MAX);
        let moves = moves_to_go.map_or(MOVES_TO_GO, u64::from).clamp(1, 60);
        let share = (left_ms / moves).saturating_add(inc_ms.saturating_mul(3) / 4);
        // Never plan on more than a fifth of what is left, and keep a safety margin.
        let hard = share
            .saturating_mul(3)
            .min((left_ms / 5).saturating_add(inc_ms / 2))
            .saturating_sub(SAFETY_MS)
            .max(1);
        let soft = (share.saturating_mul(4) / 5).min(hard);
        self.time = Some(Duration::from_millis(hard));
        self.soft_time = Some(Duration::from_millis(soft));
        self
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

impl<B: TableCache> Worker<'_, B> {
    /// True if the main thread should start no new iteration: the soft time, stretched
    /// by [`time_factor`], has passed. `stable` counts the iterations in a row that kept
    /// the best move; `dropped` says the score fell in the last one.
    pub(super) fn past_soft_time(&self, stable: u32, dropped: bool) -> bool {
        self.id == 0
            && self.limits.soft_time.is_some_and(|soft| {
                // (In seconds as f64: no soft time overflows.)
                let factor = time_factor(stable, dropped);
                self.start.elapsed().as_secs_f64() >= soft.as_secs_f64() * factor
            })
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
    pub(super) fn over_limits(&self) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// No move is planned on more than a fifth of the clock plus half the increment.
    #[test]
    fn no_move_plans_on_more_than_a_fifth_of_the_clock() {
        for (left, inc, togo) in [(1_000, 10, None), (60_000, 0, Some(1)), (500, 2_000, None)] {
            let l = Limits::default().with_clock(
                Duration::from_millis(left),
                Duration::from_millis(inc),
                togo,
            );
            assert!(
                l.time.unwrap().as_millis() as u64 <= left / 5 + inc / 2,
                "{left}+{inc}"
            );
        }
    }

    #[test]
    fn the_soft_limit_stretches_while_the_best_move_is_unsettled() {
        assert!(time_factor(0, false) > time_factor(4, false));
        assert!(time_factor(2, true) > time_factor(2, false));
    }
}
