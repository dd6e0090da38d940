//! What every thread of a search shares, and what outlives one search: the
//! transposition table, the stop flag, the node count, and each thread's move-ordering
//! statistics for the next search of the same game.

use super::history::Memory;
use crate::tt::{Table, TableError};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// State shared by all threads of a search (and kept between searches).
pub struct Shared {
    /// The transposition table.
    pub tt: Table,
    /// Set to stop every thread.
    pub stop: AtomicBool,
    /// Nodes searched by every thread, as each reports them.
    pub(super) nodes: AtomicU64,
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
    pub(super) fn take_memory(&self, id: usize, squares: usize, kinds: usize) -> Memory {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        memory
            .get_mut(id)
            .and_then(Option::take)
            .filter(|m| m.fits(squares, kinds))
            .unwrap_or_else(|| Memory::new(squares, kinds))
    }

    /// Keeps thread `id`'s statistics for the next search.
    pub(super) fn keep_memory(&self, id: usize, m: Memory) {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        if memory.len() <= id {
            memory.resize_with(id + 1, || None);
        }
        memory[id] = Some(m);
    }

    /// True if thread 0 has kept statistics that learned something (for tests).
    #[cfg(test)]
    pub(super) fn has_learned(&self) -> bool {
        let memory = self.memory.lock().unwrap();
        memory
            .first()
            .and_then(|m| m.as_ref())
            .is_some_and(|m| m.history.iter().any(|&h| h != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::search::{search, Limits};
    use joust_core::{variants, Position};
    use joust_movegen::position_from_fen;

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
        assert!(!shared.has_learned());
        search(&pos, &[], &limits, &shared, 1, &Evaluator::new(v), |_| {});
        assert!(shared.has_learned());
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
        assert!(!shared.has_learned());
    }
}
