//! Perft: counting the legal move sequences of a given length, the proof of a generator.

use crate::gen::generate;
use crate::make::{make, unmake};
use crate::moves::{Move, MoveList};
use crate::tables::{tables, TableCache, Tables};
use joust_core::Position;
use rayon::prelude::*;

/// Leaf count at `depth`, single-threaded; the last ply is counted in bulk.
pub fn perft<B: TableCache>(pos: &mut Position<B>, depth: u32) -> u64 {
    let t = tables::<B>(pos.variant());
    perft_with(t, pos, depth)
}

/// [`perft`] with the tables already at hand.
pub fn perft_with<B: TableCache>(t: &Tables<B>, pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = make(t, pos, mv);
        nodes += perft_with(t, pos, depth - 1);
        unmake(t, pos, mv, &undo);
    }
    nodes
}

/// The leaf count below each legal move at `depth` (so each count is perft(depth - 1)
/// of the position after the move), in generation order. Uses `threads` threads
/// (1 = the calling thread only).
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
    if threads <= 1 {
        return list.iter().map(|&mv| count(mv)).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| list.as_slice().par_iter().map(|&mv| count(mv)).collect()),
        Err(_) => list.iter().map(|&mv| count(mv)).collect(),
    }
}

/// Leaf count at `depth` using `threads` threads, splitting the work at the root
/// (and one ply below when the root has few moves).
pub fn perft_parallel<B: TableCache>(pos: &Position<B>, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        let mut p = pos.clone();
        return perft(&mut p, depth);
    }
    let t = tables::<B>(pos.variant());
    // Two plies of tasks give enough pieces of work to balance the threads.
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
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| tasks.par_iter().map(work).sum()),
        Err(_) => tasks.iter().map(work).sum(),
    }
}
