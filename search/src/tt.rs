//! The transposition table, shared by every search thread without locks: each entry is
//! two 64-bit words, the key XORed with the data so a torn write is detected.

use joust_movegen::Move;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// A shared table of searched positions.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

const NO_MOVE: u64 = (1 << 40) - 1;

impl Table {
    /// A table of about `megabytes` MB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let n = (megabytes.max(1) * 1024 * 1024 / 16).next_power_of_two() / 2;
        let n = n.max(1024);
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
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

    /// Stores an entry for `key` (always replacing: the newest search knows best).
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: u8, bound: Bound) {
        let s = self.slot(key);
        let bits = mv.map_or(NO_MOVE, |m| m.to_bits());
        let bound_bits = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let data = bits | score << 40 | (depth.min(63) as u64) << 56 | bound_bits << 62;
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots in use (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s[1].load(Ordering::Relaxed) != 0)
            .count();
        (used * 1000 / sample) as u32
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
    }
}
