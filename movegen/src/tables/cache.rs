//! The process-wide store of built tables: each is built on first use, leaked, and handed
//! out as `&'static` for the rest of the process.

use std::sync::Mutex;

/// Built tables, keyed by what they were built for, each built once per process.
///
/// A game is keyed by the address of its `&'static Variant` (every game is a static of
/// joust-core, so one address is one game) rather than by its contents: comparing an
/// address is all a lookup costs, and two games that read alike stay apart. Board shapes
/// (for the slider tables that games on one board share) are keyed by their
/// [`joust_core::Geometry`] value. A list, not a map: a process holds a handful of games.
pub struct Cache<K, T: 'static> {
    built: Mutex<Vec<(K, &'static T)>>,
}

impl<K: PartialEq, T> Cache<K, T> {
    /// An empty cache.
    pub const fn new() -> Self {
        Cache {
            built: Mutex::new(Vec::new()),
        }
    }

    /// The tables built for `key`, built by `build` on the first call.
    pub fn get_or_build(&self, key: K, build: impl FnOnce() -> T) -> &'static T {
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, t)) = built.iter().find(|(k, _)| *k == key) {
            return t;
        }
        let t: &'static T = Box::leak(Box::new(build()));
        built.push((key, t));
        t
    }
}

impl<K: PartialEq, T> Default for Cache<K, T> {
    fn default() -> Self {
        Cache::new()
    }
}
