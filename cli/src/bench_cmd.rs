//! `joust bench [DEPTH]`: Stockfish's benchmark. Each position of the bench list (the
//! start and a middle game of every game) is searched to a fixed depth on one thread; a
//! line per position, then the total time, the nodes and the speed. The node count is
//! the search's signature: the same on every machine and every run.

use crate::UserError;
use clap::Args;
use joust_uci::bench;
use std::io::Write;

/// Arguments of `joust bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth of each position (default 8, at most 30).
    depth: Option<String>,
}

/// Runs the command, printing to stdout.
pub fn run(args: &BenchArgs) -> Result<u8, UserError> {
    let depth = bench::parse_depth(args.depth.as_deref()).map_err(|e| UserError(e.to_string()))?;
    let out = std::io::stdout();
    let mut out = out.lock();
    let summary = bench::run(depth, |line| {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    })
    .map_err(|e| UserError(e.to_string()))?;
    for line in summary.lines() {
        let _ = writeln!(out, "{line}");
    }
    Ok(0)
}
