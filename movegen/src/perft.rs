//! Perft: counting the legal move sequences of a given length, the proof of a generator.

use crate::generate::{count_legal, generate};
use crate::make::{make, unmake};
use crate::moves::{Move, MoveList};
use crate::tables::{tables, TableCache, Tables};
use joust_core::Position;
use rayon::prelude::*;

/// The most worker threads perft ever starts: more than the machine's cores only adds
/// start-up time and switching, so a larger request is cut to this.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The threads worth starting for `tasks` pieces of work when `requested` were asked
/// for: never more than the pieces of work or the machine's cores, and at least one.
fn pool_size(requested: usize, tasks: usize) -> usize {
    requested.min(tasks).min(max_threads()).max(1)
}

/// Leaf count at `depth`, single-threaded; the last ply is counted in bulk.
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::{perft, position_from_fen};
///
/// let lc = variants::lancerchess();
/// let mut pos = position_from_fen::<u64>(lc, lc.start_fen).unwrap();
/// // The reference counts (suites/reference/lancerchess.perft) begin 18, 324, 6,770.
/// assert_eq!(perft(&mut pos, 1), 18);
/// assert_eq!(perft(&mut pos, 3), 6_770);
/// ```
pub fn perft<B: TableCache>(pos: &mut Position<B>, depth: u32) -> u64 {
    let t = tables::<B>(pos.variant());
    perft_with(t, pos, depth)
}

/// [`perft`] with the tables already at hand.
pub fn perft_with<B: TableCache>(t: &Tables<B>, pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_legal(t, pos);
    }
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = make(t, pos, mv);
        nodes += perft_with(t, pos, depth - 1);
        unmake(t, pos, mv, &undo);
    }
    nodes
}

/// The leaf count below each legal move at `depth` (so each count is perft(depth - 1)
/// of the position after the move), in generation order. Uses up to `threads` threads
/// (1 = the calling thread only; no more than the machine has cores).
pub fn divide<B: TableCache>(pos: &Position<B>, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let t = tables::<B>(pos.variant());
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    let count = |mv: Move| {
        let mut p = pos.clone();
        let undo = make(t, &mut p, mv);
        let n = perft_with(t, &mut p, depth.saturating_sub(1));
        unmake(t, &mut p, mv, &undo);
        (mv, n)
    };
    if depth == 0 {
        return Vec::new();
    }
    let threads = pool_size(threads, list.len());
    if threads <= 1 {
        return list.iter().map(|&mv| count(mv)).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| list.as_slice().par_iter().map(|&mv| count(mv)).collect()),
        Err(_) => list.iter().map(|&mv| count(mv)).collect(),
    }
}

/// Leaf count at `depth` using up to `threads` threads (no more than the machine has
/// cores), splitting the work at the root.
pub fn perft_parallel<B: TableCache>(pos: &Position<B>, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        let mut p = pos.clone();
        return perft(&mut p, depth);
    }
    let t = tables::<B>(pos.variant());
    // One task per root move.
    let mut tasks: Vec<Position<B>> = Vec::new();
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    for &mv in list.iter() {
        let mut p = pos.clone();
        make(t, &mut p, mv);
        tasks.push(p);
    }
    let work = |p: &Position<B>| {
        let mut p = p.clone();
        perft_with(t, &mut p, depth - 1)
    };
    let threads = pool_size(threads, tasks.len());
    if threads <= 1 {
        return tasks.iter().map(work).sum();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| tasks.par_iter().map(work).sum()),
        Err(_) => tasks.iter().map(work).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn thread_requests_are_cut_to_the_cores_and_the_work() {
        assert_eq!(pool_size(10_000, 20), 20.min(max_threads()));
        assert!(pool_size(10_000, 10_000) <= max_threads());
        assert_eq!(pool_size(3, 1), 1);
        assert_eq!(pool_size(0, 20), 1);
    }

    #[test]
    fn a_huge_thread_request_still_counts_right() {
        let v = variants::chess();
        let pos: Position<u64> = crate::position_from_fen(v, v.start_fen).unwrap();
        assert_eq!(perft_parallel(&pos, 3, 10_000), 8_902);
        let total: u64 = divide(&pos, 3, 10_000).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 8_902);
    }
}
