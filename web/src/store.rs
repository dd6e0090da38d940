//! The games of every tab: a bounded map from game id to [`Session`]; when it is full, a
//! new game evicts the one used least recently.

use crate::error::ApiError;
use crate::session::Session;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::Mutex;

/// A game and when it was last used.
struct Entry {
    session: Session,
    used: u64,
}

struct Inner {
    games: HashMap<String, Entry>,
    /// Counts uses; each use stamps its game with the next value.
    clock: u64,
    /// How many games ids were issued (the seed of the next id).
    issued: u64,
}

/// The games of every tab, at most `capacity` of them.
pub struct Store {
    inner: Mutex<Inner>,
    capacity: usize,
    /// Keys the id hash, so ids cannot be guessed from the order they were issued in.
    secret: RandomState,
}

impl Store {
    /// An empty store keeping at most `capacity` games (at least one).
    pub fn new(capacity: usize) -> Store {
        Store {
            inner: Mutex::new(Inner {
                games: HashMap::new(),
                clock: 0,
                issued: 0,
            }),
            capacity: capacity.max(1),
            secret: RandomState::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves the map itself intact: keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a game; returns its new id. Evicts the least recently used game when full.
    pub fn insert(&self, session: Session) -> String {
        let mut inner = self.lock();
        while inner.games.len() >= self.capacity {
            let oldest = inner
                .games
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => inner.games.remove(&id),
                None => break,
            };
        }
        let id = loop {
            inner.issued += 1;
            let id = format!("{:016x}", self.secret.hash_one(inner.issued));
            if !inner.games.contains_key(&id) {
                break id;
            }
        };
        inner.clock += 1;
        let used = inner.clock;
        inner.games.insert(id.clone(), Entry { session, used });
        id
    }

    /// Runs `f` on the game `id`, marking it used.
    pub fn with<R>(&self, id: &str, f: impl FnOnce(&mut Session) -> R) -> Result<R, ApiError> {
        let mut inner = self.lock();
        inner.clock += 1;
        let now = inner.clock;
        let entry = inner
            .games
            .get_mut(id)
            .ok_or_else(|| ApiError::NotFound(format!("no game '{id}' (it may have expired)")))?;
        entry.used = now;
        Ok(f(&mut entry.session))
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.lock().games.len()
    }

    /// True if no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn the_least_recently_used_game_is_evicted_when_full() {
        let store = Store::new(2);
        let new = || Session::new(variants::chess(), None).unwrap();
        let a = store.insert(new());
        let b = store.insert(new());
        assert_ne!(a, b);
        // Using `a` makes `b` the oldest.
        store.with(&a, |_| ()).unwrap();
        let c = store.insert(new());
        assert_eq!(store.len(), 2);
        assert!(store.with(&a, |_| ()).is_ok());
        assert!(store.with(&c, |_| ()).is_ok());
        assert!(matches!(store.with(&b, |_| ()), Err(ApiError::NotFound(_))));
    }
}
