//! The transposition table, shared by every search thread without locks: each entry is
//! two 64-bit words, the key XORed with the data so a torn write is detected. Entries sit
//! in buckets of four (one cache line); a new entry replaces the same position's, else the
//! shallowest or oldest of the bucket, so deep results survive the many shallow ones.

use joust_movegen::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score means relative to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// One probed entry.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
}

/// Entries per bucket: 4 x 16 bytes, one cache line.
const BUCKET: usize = 4;

/// The low bits of the key word hold the entry's search generation instead of key bits
/// (the bucket index already fixes the key's low bits).
const AGE_BITS: u64 = 0xFF;

/// Four entries on one cache line.
#[repr(align(64))]
struct Bucket([[AtomicU64; 2]; BUCKET]);

/// A shared table of searched positions.
pub struct Table {
    buckets: Vec<Bucket>,
    /// The current search's generation: entries from older searches are replaced first.
    generation: AtomicU8,
}

const NO_MOVE: u64 = (1 << 40) - 1;

impl Table {
    /// A table of about `megabytes` MB (at least 256 buckets).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<Bucket>()).next_power_of_two() / 2;
        let n = n.max(256);
        Table {
            buckets: (0..n)
                .map(|_| {
                    Bucket(std::array::from_fn(|_| {
                        [AtomicU64::new(0), AtomicU64::new(0)]
                    }))
                })
                .collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for b in &self.buckets {
            for s in &b.0 {
                s[0].store(0, Ordering::Relaxed);
                s[1].store(0, Ordering::Relaxed);
            }
        }
    }

    /// Marks the start of a new search: what older searches stored is replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key as usize) & (self.buckets.len() - 1)]
    }

    /// True if the slot's words hold an entry for `key`.
    #[inline]
    fn holds(words: (u64, u64), key: u64) -> bool {
        (words.0 ^ words.1) & !AGE_BITS == key & !AGE_BITS && words.1 != 0
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let data = b.0.iter().find_map(|s| {
            let words = (s[0].load(Ordering::Relaxed), s[1].load(Ordering::Relaxed));
            Self::holds(words, key).then_some(words.1)
        })?;
        let bits = data & NO_MOVE;
        let mv = if bits == NO_MOVE {
            None
        } else {
            Move::from_bits(bits)
        };
        let score = ((data >> 40) & 0xFFFF) as u16 as i16 as i32;
        let depth = ((data >> 56) & 0x3F) as u8;
        let bound = match data >> 62 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv,
            score,
            depth,
            bound,
        })
    }

    /// Stores an entry for `key`: over the same position's entry (keeping its move if
    /// this one has none; not at all if that entry is four plies deeper and this one is
    /// not exact), else over the bucket's least valuable entry, shallow and old.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: u8, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = None;
        for (i, s) in b.0.iter().enumerate() {
            let words = (s[0].load(Ordering::Relaxed), s[1].load(Ordering::Relaxed));
            if Self::holds(words, key) {
                // A much shallower result (say, from quiescence) does not displace a
                // deeper one of the same position, unless it is exact.
                let old_depth = ((words.1 >> 56) & 0x3F) as i32;
                if bound != Bound::Exact && (depth as i32) + 4 <= old_depth {
                    return;
                }
                victim = i;
                let bits = words.1 & NO_MOVE;
                old_move = (bits != NO_MOVE).then_some(bits);
                break;
            }
            let worth = if words.1 == 0 {
                i32::MIN
            } else {
                let age = (generation.wrapping_sub(words.0 & AGE_BITS) & AGE_BITS) as i32;
                ((words.1 >> 56) & 0x3F) as i32 - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let bits = mv.map(|m| m.to_bits()).or(old_move).unwrap_or(NO_MOVE);
        let bound_bits = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let data = bits | score << 40 | (depth.min(63) as u64) << 56 | bound_bits << 62;
        let s = &b.0[victim];
        s[0].store(((key ^ data) & !AGE_BITS) | generation, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries in use by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = self.buckets.len().min(250);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| {
                s[1].load(Ordering::Relaxed) != 0
                    && s[0].load(Ordering::Relaxed) & AGE_BITS == generation
            })
            .count();
        (used * 1000 / (sample * BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::{KindId, Square};

    #[test]
    fn stores_and_probes_moves_scores_and_bounds() {
        let t = Table::new(1);
        let mv = Move::promotion(Square(52), Square(60), KindId(4));
        t.store(0xDEAD_BEEF, Some(mv), -1234, 7, Bound::Lower);
        let e = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(e.mv, Some(mv));
        assert_eq!(e.score, -1234);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert!(t.probe(0xDEAD_BEEF ^ 1).is_none());
        t.store(42, None, 30000, 1, Bound::Exact);
        assert_eq!(t.probe(42).unwrap().mv, None);
        // A new result for the same position without a move keeps the old move.
        t.store(0xDEAD_BEEF, None, 5, 9, Bound::Upper);
        let e = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((e.mv, e.score, e.depth), (Some(mv), 5, 9));
    }

    #[test]
    fn deep_entries_outlive_shallow_ones_in_a_full_bucket() {
        let t = Table::new(1);
        // A much shallower bound leaves a deep entry of the same position alone.
        t.store(7, None, 10, 12, Bound::Lower);
        t.store(7, None, 20, 0, Bound::Upper);
        assert_eq!(t.probe(7).unwrap().depth, 12);
        t.store(7, None, 20, 9, Bound::Upper);
        assert_eq!(t.probe(7).unwrap().depth, 9);
        t.clear();
        let n = t.buckets.len() as u64;
        // Five positions of one bucket: the deep one stays, a shallow one goes.
        t.store(1, None, 0, 20, Bound::Exact);
        for i in 1..=4 {
            t.store(1 + i * n, None, 0, 1, Bound::Exact);
        }
        assert_eq!(t.probe(1).unwrap().depth, 20);
        let kept = (1..=4).filter(|&i| t.probe(1 + i * n).is_some()).count();
        assert_eq!(kept, 3);
        // From an older search, even the deep entry gives way in time.
        for _ in 0..4 {
            t.new_search();
        }
        for i in 5..=8 {
            t.store(1 + i * n, None, 0, 1, Bound::Exact);
        }
        assert!(t.probe(1).is_none());
        assert_eq!(
            t.hashfull(),
            4 * 1000 / (t.buckets.len().min(250) * BUCKET) as u32
        );
    }
}
