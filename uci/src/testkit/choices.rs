//! Where a random session's choices come from: a fuzzer's bytes or a seeded generator.

/// Where a generator's choices come from.
pub trait Choices {
    /// The next byte.
    fn byte(&mut self) -> u8;
    /// True once no more choices can be had (the session then ends).
    fn exhausted(&self) -> bool;

    /// A number below `n` (0 if `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let wide = (usize::from(self.byte()) << 8) | usize::from(self.byte());
        wide % n
    }

    /// A number from `low` to `high`, both included.
    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as usize) as i64
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items`.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Choices read from bytes (a fuzzer's input); zeros once they run out.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// Choices from `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }
}

impl Choices for Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn exhausted(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// Choices from a seeded generator (SplitMix64): the same seed, the same session.
pub struct Seeded(u64);

impl Seeded {
    /// Choices from `seed`.
    pub fn new(seed: u64) -> Seeded {
        Seeded(seed)
    }
}

impl Choices for Seeded {
    fn byte(&mut self) -> u8 {
        joust_core::rng::splitmix64(&mut self.0) as u8
    }

    fn exhausted(&self) -> bool {
        false
    }
}
