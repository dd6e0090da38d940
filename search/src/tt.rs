//! The transposition table, shared by every search thread without locks: each entry is
//! two 64-bit words, the key XORed with the data so a torn write is detected. Entries sit
//! in buckets of four (one cache line); a new entry replaces the same position's, else the
//! shallowest or oldest of the bucket, so deep results survive the many shallow ones.
//!
//! A table has as many buckets as the size asked for holds (no rounding to a power of
//! two): a key's bucket is the key scaled to the number of buckets. Its memory is
//! allocated zeroed in one piece, which the system provides lazily (a page is claimed
//! when first written), so even a table of gigabytes is ready at once.

use joust_movegen::Move;
use rayon::prelude::*;
use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

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

/// The low bits of the key word hold the entry's search generation instead of key bits:
/// an entry is found by the other 56 bits of its key (a false match is a chance of one in
/// 2^56 per entry probed).
const AGE_BITS: u64 = 0xFF;

/// The fewest buckets of a table.
const MIN_BUCKETS: usize = 256;

/// Why a table could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The system would not give this many megabytes.
    OutOfMemory {
        /// The size asked for.
        megabytes: usize,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::OutOfMemory { megabytes } => {
                write!(f, "cannot allocate a table of {megabytes} MB")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// One entry's two words: the key XORed with the data (and the generation), the data.
type Slot = [AtomicU64; 2];

/// Bytes of a bucket: one cache line.
const BUCKET_BYTES: usize = BUCKET * std::mem::size_of::<Slot>();

/// A shared table of searched positions.
pub struct Table {
    /// The entries' words as allocated, zeroed: a few more than the buckets need, so that
    /// the buckets can start on a cache line.
    slots: Box<[Slot]>,
    /// The slot where the first bucket starts (the first on a cache line).
    first: usize,
    /// The number of buckets.
    buckets: usize,
    /// Set by the first store after the table was made or cleared: a clean table needs
    /// no clearing.
    used: AtomicBool,
    /// The current search's generation: entries from older searches are replaced first.
    generation: AtomicU8,
}

const NO_MOVE: u64 = (1 << 40) - 1;

impl Table {
    /// A table of `megabytes` MB (1 MB at least); stops the program, as a failed
    /// allocation of a `Vec` does, if the system cannot give that much: see
    /// [`Table::try_new`].
    pub fn new(megabytes: usize) -> Table {
        match Table::try_new(megabytes) {
            Ok(table) => table,
            Err(_) => handle_alloc_error(Table::layout(megabytes).unwrap_or(Layout::new::<Slot>())),
        }
    }

    /// A table of `megabytes` MB (1 MB at least), or why there is none.
    pub fn try_new(megabytes: usize) -> Result<Table, TableError> {
        let error = TableError::OutOfMemory { megabytes };
        let layout = Table::layout(megabytes).ok_or(error.clone())?;
        let len = layout.size() / std::mem::size_of::<Slot>();
        // SAFETY: the layout is that of `len` slots, `len` > 0; zeroed memory is a valid
        // `Slot` (atomic integers have the in-memory representation of their integers),
        // so the memory holds `len` initialised slots, and the box frees it with the same
        // layout (that of `[Slot]` of length `len`). The slots' alignment (8) lets the
        // system allocator give memory that it zeroes lazily, where a larger alignment
        // would make it write every byte at once.
        let slots = unsafe {
            let ptr = alloc_zeroed(layout).cast::<Slot>();
            if ptr.is_null() {
                return Err(error);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len))
        };
        let misaligned = slots.as_ptr() as usize % BUCKET_BYTES;
        let first = (BUCKET_BYTES - misaligned) % BUCKET_BYTES / std::mem::size_of::<Slot>();
        Ok(Table {
            buckets: (len - first) / BUCKET,
            slots,
            first,
            used: AtomicBool::new(false),
            generation: AtomicU8::new(0),
        })
    }

    /// The memory of a table of `megabytes` MB (with room to start on a cache line), if
    /// it can be described.
    fn layout(megabytes: usize) -> Option<Layout> {
        let bytes = megabytes.max(1).checked_mul(1024 * 1024)?;
        let buckets = (bytes / BUCKET_BYTES).max(MIN_BUCKETS);
        Layout::array::<Slot>(buckets.checked_mul(BUCKET)?.checked_add(BUCKET - 1)?).ok()
    }

    /// How many entries the table holds.
    pub fn entries(&self) -> usize {
        self.buckets * BUCKET
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets * BUCKET_BYTES
    }

    /// Forgets everything. Big tables are cleared by all cores together, and only the
    /// entries in use are written (none, if nothing was stored since the table was made
    /// or last cleared), so memory that was never used stays unclaimed.
    pub fn clear(&self) {
        const CHUNK: usize = 1 << 14;
        if !self.used.swap(false, Ordering::Relaxed) {
            return;
        }
        self.slots.par_chunks(CHUNK).for_each(|chunk| {
            for s in chunk {
                if s[0].load(Ordering::Relaxed) != 0 || s[1].load(Ordering::Relaxed) != 0 {
                    s[0].store(0, Ordering::Relaxed);
                    s[1].store(0, Ordering::Relaxed);
                }
            }
        });
    }

    /// Marks the start of a new search: what older searches stored is replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The bucket of `key`: the key scaled to the number of buckets (the high word of
    /// their 128-bit product), which spreads keys evenly over a table of any size.
    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let start = self.first + BUCKET * ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.slots[start..start + BUCKET]
    }

    /// True if the slot's words hold an entry for `key`.
    #[inline]
    fn holds(words: (u64, u64), key: u64) -> bool {
        (words.0 ^ words.1) & !AGE_BITS == key & !AGE_BITS && words.1 != 0
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let data = b.iter().find_map(|s| {
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
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
        let b = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = None;
        for (i, s) in b.iter().enumerate() {
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
        let s = &b[victim];
        s[0].store(((key ^ data) & !AGE_BITS) | generation, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of entries in use by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = self.buckets.min(250);
        let used = self.slots[self.first..self.first + sample * BUCKET]
            .iter()
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
        // Any other key is not found (the low 8 bits, the generation's, do not count).
        assert!(t.probe(0xDEAD_BEEF ^ 1 << 8).is_none());
        assert!(t.probe(0xDEAD_BEEF ^ 1 << 63).is_none());
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
        // Keys of the first bucket: they differ only in bits below its share of keys.
        let key = |i: u64| (1 + i) << 8;
        assert!((0..=8).all(|i| std::ptr::eq(t.bucket(key(i)), t.bucket(0))));
        // Five positions of one bucket: the deep one stays, a shallow one goes.
        t.store(key(0), None, 0, 20, Bound::Exact);
        for i in 1..=4 {
            t.store(key(i), None, 0, 1, Bound::Exact);
        }
        assert_eq!(t.probe(key(0)).unwrap().depth, 20);
        let kept = (1..=4).filter(|&i| t.probe(key(i)).is_some()).count();
        assert_eq!(kept, 3);
        // From an older search, even the deep entry gives way in time.
        for _ in 0..4 {
            t.new_search();
        }
        for i in 5..=8 {
            t.store(key(i), None, 0, 1, Bound::Exact);
        }
        assert!(t.probe(key(0)).is_none());
        assert_eq!(
            t.hashfull(),
            4 * 1000 / (t.buckets.min(250) * BUCKET) as u32
        );
    }

    /// Every size gets the table it asks for, not the power of two below (issue 24: a
    /// Hash of 4096 MB gave a table of 2048 MB).
    #[test]
    fn a_table_has_the_size_asked_for() {
        for mb in [1, 2, 3, 5, 16, 24, 100, 128] {
            let t = Table::new(mb);
            assert_eq!(t.bytes(), mb * 1024 * 1024, "{mb} MB");
            assert_eq!(t.entries(), t.bytes() / 16);
        }
        assert_eq!(Table::new(0).bytes(), 1024 * 1024);
    }

    /// Keys spread over every bucket of a table whose size is no power of two.
    #[test]
    fn keys_reach_every_bucket_of_any_table() {
        let t = Table::new(3);
        let n = t.buckets;
        let index = |key: u64| {
            let b = t.bucket(key).as_ptr() as usize;
            // Every bucket starts on a cache line.
            assert_eq!(b % 64, 0);
            (b - t.bucket(0).as_ptr() as usize) / BUCKET_BYTES
        };
        assert_eq!((index(0), index(u64::MAX)), (0, n - 1));
        let mut hits = vec![0u32; n];
        let mut key = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..n * 8 {
            // A simple mix of the key, as Zobrist keys are random.
            key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) ^ 0x5555;
            hits[index(key)] += 1;
        }
        let empty = hits.iter().filter(|&&h| h == 0).count();
        // With 8 keys a bucket on average, about e^-8 of them stay empty.
        assert!(empty < n / 100, "{empty} of {n} buckets never hit");
        // The last third of the table is used as much as the first.
        let third = |r: std::ops::Range<usize>| hits[r].iter().sum::<u32>() as f64;
        let (first, last) = (third(0..n / 3), third(n - n / 3..n));
        assert!((first / last - 1.0).abs() < 0.05, "{first} vs {last}");
    }

    #[test]
    fn clearing_forgets_every_entry_and_the_table_works_on() {
        let t = Table::new(2);
        for i in 0..1000u64 {
            t.store(
                i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                None,
                1,
                3,
                Bound::Exact,
            );
        }
        assert!(t.probe(0x9E37_79B9_7F4A_7C15).is_some());
        t.clear();
        assert!(t
            .slots
            .iter()
            .all(|s| s[0].load(Ordering::Relaxed) == 0 && s[1].load(Ordering::Relaxed) == 0));
        t.store(42 << 8, None, 7, 2, Bound::Lower);
        assert_eq!(t.probe(42 << 8).unwrap().score, 7);
        t.clear();
        assert!(t.probe(42 << 8).is_none());
        // A table with nothing stored since is left alone.
        assert!(!t.used.load(Ordering::Relaxed));
        t.clear();
        assert!(Table::new(1)
            .slots
            .iter()
            .all(|s| s[1].load(Ordering::Relaxed) == 0));
    }

    /// A size the system cannot give is an error, not a crash.
    #[test]
    fn an_impossible_size_is_an_error() {
        for mb in [usize::MAX, 1 << 40] {
            // `black_box`: an optimised build may otherwise drop an allocation whose memory
            // is never used, and take it as granted.
            let err = std::hint::black_box(Table::try_new(std::hint::black_box(mb)))
                .err()
                .expect("no table");
            assert_eq!(err, TableError::OutOfMemory { megabytes: mb });
            assert_eq!(
                err.to_string(),
                format!("cannot allocate a table of {mb} MB")
            );
        }
    }
}
