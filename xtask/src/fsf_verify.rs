//! `cargo xtask fsf-verify`: compares Joust's legal moves with Fairy-Stockfish's at every
//! node of a perft tree, so that positions of our own can be given counts checked by an
//! independent generator.
//!
//! `xtask/fsf-uci/fsf-uci` plays `lancerchess` and `clash`, but offers both
//! lancers on every promotion square (docs/rules/lancerchess.md, "Promotion", allows one,
//! fixed by the square's colour). A move only Fairy-Stockfish has is therefore accepted
//! exactly when it is a promotion whose from-to Joust also plays, to a piece Joust does
//! not offer there; it is counted and reported, never recursed into. Any other difference
//! is a failure.

use crate::paths;
use clap::Args;
use joust_core::{variants, Position, Variant};
use joust_match::{Launch, UciEngine};
use joust_movegen::with_board_bits;
use joust_movegen::{legal_moves, make, position_from_fen, tables, unmake, TableCache};
use joust_notation::move_to_text;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `cargo xtask fsf-verify`.
#[derive(Args, Debug)]
pub struct FsfVerifyArgs {
    /// Game id (lancerchess, clash or chess).
    #[arg(long)]
    game: String,
    /// The position (default: the game's start).
    #[arg(long)]
    fen: Option<String>,
    /// Plies to verify.
    depth: u32,
    /// Path of fsf-uci (default: xtask/fsf-uci/fsf-uci).
    #[arg(long)]
    fsf_uci: Option<PathBuf>,
}

#[derive(Default)]
struct Stats {
    nodes: u64,
    leaves: u64,
    excluded_promotions: u64,
    failures: Vec<String>,
}

/// Runs the task; false on any unexplained difference or error.
pub fn run(args: &FsfVerifyArgs) -> bool {
    let variant = match variants::by_id(&args.game) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    with_board_bits!(variant, B => run_on::<B>(variant, args))
}

fn run_on<B: TableCache>(variant: &'static Variant, args: &FsfVerifyArgs) -> bool {
    let fen = args
        .fen
        .clone()
        .unwrap_or_else(|| variant.start_fen.to_string());
    let mut pos: Position<B> = match position_from_fen(variant, &fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: bad FEN: {e}");
            return false;
        }
    };
    let path = args.fsf_uci.clone().unwrap_or_else(paths::fsf_uci);
    let mut engine = match UciEngine::start(&Launch::program(path)) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    if let Err(e) = engine.select_variant(variant.id) {
        eprintln!("error: {e}");
        return false;
    }
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut line = Vec::new();
    walk(
        &mut engine,
        &fen,
        &mut pos,
        &mut line,
        args.depth,
        &mut stats,
    );
    println!("game {}  fen {fen}  depth {}", variant.id, args.depth);
    println!(
        "nodes compared {}  perft({}) {}  promotions only Fairy-Stockfish offers {}  ({:.1} s)",
        stats.nodes,
        args.depth,
        stats.leaves,
        stats.excluded_promotions,
        start.elapsed().as_secs_f64()
    );
    for f in stats.failures.iter().take(20) {
        println!("MISMATCH {f}");
    }
    if stats.failures.is_empty() {
        println!("OK: every node agrees");
        true
    } else {
        println!("FAILED: {} nodes differ", stats.failures.len());
        false
    }
}

fn walk<B: TableCache>(
    engine: &mut UciEngine,
    fen: &str,
    pos: &mut Position<B>,
    line: &mut Vec<String>,
    depth: u32,
    stats: &mut Stats,
) {
    if depth == 0 {
        stats.leaves += 1;
        return;
    }
    let moves = legal_moves(pos);
    let ours: BTreeSet<String> = moves.iter().map(|&m| move_to_text(pos, m)).collect();
    stats.nodes += 1;
    match engine.legal_moves(fen, line) {
        Ok(theirs) => {
            let theirs: BTreeSet<String> = theirs.into_iter().collect();
            for m in ours.difference(&theirs) {
                stats
                    .failures
                    .push(format!("after [{}]: only Joust plays {m}", line.join(" ")));
            }
            for m in theirs.difference(&ours) {
                let same_squares =
                    m.len() == 5 && ours.iter().any(|o| o.len() == 5 && o[..4] == m[..4]);
                if same_squares {
                    stats.excluded_promotions += 1;
                } else {
                    stats.failures.push(format!(
                        "after [{}]: only Fairy-Stockfish plays {m}",
                        line.join(" ")
                    ));
                }
            }
        }
        Err(e) => stats
            .failures
            .push(format!("after [{}]: {e}", line.join(" "))),
    }
    if depth == 1 {
        stats.leaves += moves.len() as u64;
        return;
    }
    let t = tables::<B>(pos.variant());
    for &mv in moves.iter() {
        line.push(move_to_text(pos, mv));
        let undo = make(t, pos, mv);
        walk(engine, fen, pos, line, depth - 1, stats);
        unmake(t, pos, mv, &undo);
        line.pop();
    }
}
