//! SplitMix64, the one small seeded generator of the project: Zobrist keys, random
//! openings, soak scripts and the tests' random games all draw from it, so that the same
//! seed gives the same numbers on every machine.

/// One step of SplitMix64: advances `state` and returns a well-mixed 64-bit number.
///
/// ```
/// use joust_core::rng::splitmix64;
/// let mut state = 0;
/// let (a, b) = (splitmix64(&mut state), splitmix64(&mut state));
/// assert_ne!(a, b);
/// assert_eq!(a, 0xE220_A839_7B1D_CDAF); // SplitMix64's first output from 0
/// ```
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
