//! Single-threaded perft of one game from a FEN, timed: the program to profile move
//! generation with (`cargo build --profile profiling -p joust-movegen --example perft`,
//! then `perf record target/profiling/examples/perft xiangqi 5`).
//!
//! Usage: `perft GAME DEPTH [FEN]`; without a FEN, the game's start position.

use joust_core::variants;
use joust_movegen::{perft, position_from_fen, with_board_bits, TableCache};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("usage: perft GAME DEPTH [FEN]");
        return ExitCode::from(2);
    };
    let variant = match variants::by_id(game) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("error: depth {depth:?} is not a number");
        return ExitCode::from(2);
    };
    let fen = args.get(2).map_or(variant.start_fen, String::as_str);
    with_board_bits!(variant, B => run::<B>(variant, fen, depth))
}

/// Reads `fen`, builds the tables, then times perft to `depth`.
fn run<B: TableCache>(variant: &'static joust_core::Variant, fen: &str, depth: u32) -> ExitCode {
    let mut pos = match position_from_fen::<B>(variant, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return ExitCode::from(2);
        }
    };
    joust_movegen::tables::<B>(variant);
    let start = Instant::now();
    let nodes = perft(&mut pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes in {secs:.3} s, {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
    ExitCode::SUCCESS
}
