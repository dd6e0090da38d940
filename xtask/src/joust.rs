//! Joust's side of every check and measurement. Positions are generic over the bitboard
//! width; the functions here take the game's width from `with_board_bits!`.

use joust_core::{FenError, Variant};
use joust_movegen::{position_from_fen, with_board_bits, TableCache};
use joust_notation::move_to_text;
use std::time::{Duration, Instant};

/// Builds the attack tables of `variant` (once per process), so that no timing
/// includes them.
pub fn warm_tables(variant: &'static Variant) {
    with_board_bits!(variant, B => warm_tables_with::<B>(variant))
}

/// [`warm_tables`] at width `B`.
fn warm_tables_with<B: TableCache>(variant: &'static Variant) {
    joust_movegen::tables::<B>(variant);
}

/// Perft of `fen` at `depth` on `threads` threads.
pub fn perft_parallel(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
    threads: usize,
) -> Result<u64, FenError> {
    with_board_bits!(variant, B => perft_parallel_with::<B>(variant, fen, depth, threads))
}

/// [`perft_parallel`] at width `B`.
fn perft_parallel_with<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
    threads: usize,
) -> Result<u64, FenError> {
    let pos = position_from_fen::<B>(variant, fen)?;
    Ok(joust_movegen::perft_parallel(&pos, depth, threads))
}

/// The divide of `fen` at `depth` on `threads` threads: each legal move as coordinate
/// text with its leaf count, sorted by the text.
pub fn divide(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
    threads: usize,
) -> Result<Vec<(String, u64)>, FenError> {
    with_board_bits!(variant, B => divide_with::<B>(variant, fen, depth, threads))
}

/// [`divide`] at width `B`.
fn divide_with<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
    threads: usize,
) -> Result<Vec<(String, u64)>, FenError> {
    let pos = position_from_fen::<B>(variant, fen)?;
    let mut rows: Vec<(String, u64)> = joust_movegen::divide(&pos, depth, threads)
        .into_iter()
        .map(|(mv, n)| (move_to_text(&pos, mv), n))
        .collect();
    rows.sort();
    Ok(rows)
}

/// A prepared single-threaded perft: each call runs perft once and returns the leaf
/// count and the wall time of that run.
pub type PerftTimer = Box<dyn FnMut() -> (u64, Duration)>;

/// Prepares timed single-threaded perft runs of `fen` at `depth`. The FEN is read and the
/// attack tables are built here, before any clock starts.
pub fn perft_timer(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
) -> Result<PerftTimer, FenError> {
    with_board_bits!(variant, B => perft_timer_with::<B>(variant, fen, depth))
}

/// [`perft_timer`] at width `B`.
fn perft_timer_with<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    depth: u32,
) -> Result<PerftTimer, FenError> {
    let pos = position_from_fen::<B>(variant, fen)?;
    joust_movegen::tables::<B>(variant);
    Ok(Box::new(move || {
        let mut p = pos.clone();
        let start = Instant::now();
        let nodes = joust_movegen::perft(&mut p, depth);
        (nodes, start.elapsed())
    }))
}
