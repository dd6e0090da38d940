//! `joust perft`: leaf counts, with an optional per-move divide, timed.

use crate::progress::Progress;
use crate::UserError;
use clap::Args;
use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{legal_moves, make, perft_parallel, position_from_fen, tables, TableCache};
use joust_notation::{move_to_text, parse_move};
use std::io::Write;
use std::time::Instant;

/// The deepest perft the command accepts; deeper is certainly a typo.
const MAX_DEPTH: u32 = 20;

/// Arguments of `joust perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Number of plies to count.
    depth: String,
    /// Game id (see `joust variants`): chess, …
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Start from this FEN instead of the game's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Musketeer only: skip the setup with two choices, e.g. `leopard@d,cannon@g`
    /// (`leopard@d/e` puts White's behind d and Black's behind e).
    #[arg(long)]
    musketeer: Option<String>,
    /// Moves to play first, in coordinate notation, separated by spaces or commas (a
    /// Lion's double move keeps its own comma: `e4e5,e5e6`).
    #[arg(long)]
    moves: Option<String>,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Worker threads (default: all cores; a larger number is cut to the cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs the command, printing to stdout.
pub fn run(args: &PerftArgs) -> Result<(), UserError> {
    let variant = variants::by_id(&args.variant).map_err(|e| UserError(e.to_string()))?;
    let depth: u32 = args.depth.parse().map_err(|_| {
        UserError(format!(
            "depth '{}' is not a whole number from 0 to {MAX_DEPTH}",
            args.depth
        ))
    })?;
    if depth > MAX_DEPTH {
        return Err(UserError(format!(
            "depth {depth} is too deep (at most {MAX_DEPTH})"
        )));
    }
    let threads = match args.threads {
        Some(0) => return Err(UserError("--threads must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    with_board_bits!(variant, B => run_on::<B>(variant, args, depth, threads))
}

fn run_on<B: TableCache>(
    variant: &'static Variant,
    args: &PerftArgs,
    depth: u32,
    threads: usize,
) -> Result<(), UserError> {
    let fen = args.fen.as_deref().unwrap_or(variant.start_fen);
    let mut pos: Position<B> =
        position_from_fen(variant, fen).map_err(|e| UserError(format!("bad FEN: {e}")))?;
    let t = tables::<B>(variant);
    if let Some(spec) = &args.musketeer {
        if variant.gating_types.is_empty() {
            return Err(UserError(format!(
                "--musketeer applies to the musketeer game, not {}",
                variant.id
            )));
        }
        for text in crate::musketeer_opt::setup_moves(spec)? {
            let mv = parse_move(&pos, &text).map_err(|e| {
                UserError(format!(
                    "--musketeer '{spec}': {text} is not allowed ({e}); each side's two pieces \
                     need different files, not both behind the King and a Rook"
                ))
            })?;
            make(t, &mut pos, mv);
        }
    }
    if let Some(moves) = &args.moves {
        let pieces: Vec<&str> = moves.split([' ', ',']).filter(|s| !s.is_empty()).collect();
        let mut i = 0;
        while i < pieces.len() {
            // Two pieces joined by a comma may be one Lion double move (`e4e5,e5e6`).
            let double = pieces
                .get(i + 1)
                .and_then(|next| parse_move(&pos, &format!("{},{next}", pieces[i])).ok());
            let mv = match double {
                Some(mv) => {
                    i += 2;
                    mv
                }
                None => {
                    i += 1;
                    parse_move(&pos, pieces[i - 1]).map_err(|e| UserError(e.to_string()))?
                }
            };
            make(t, &mut pos, mv);
        }
    }
    let start = Instant::now();
    let out = std::io::stdout();
    let mut out = out.lock();
    // Root move by root move (each counted on all threads), so that a bar in a terminal
    // shows how many are done.
    let roots: Vec<_> = if depth == 0 {
        Vec::new()
    } else {
        legal_moves(&pos).iter().copied().collect()
    };
    let progress = Progress::bar(roots.len() as u64);
    let mut rows: Vec<(String, u64)> = Vec::with_capacity(roots.len());
    for &mv in &roots {
        let text = move_to_text(&pos, mv);
        progress.set(&format!("perft {depth}: {text}"));
        let mut child = pos.clone();
        make(t, &mut child, mv);
        rows.push((text, perft_parallel(&child, depth - 1, threads)));
        progress.inc(1);
    }
    drop(progress);
    let nodes = if args.divide {
        rows.sort();
        for (text, n) in &rows {
            let _ = writeln!(out, "{text}: {n}");
        }
        let _ = writeln!(out);
        if depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        }
    } else if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = writeln!(out, "Time: {secs:.3} s");
    let _ = writeln!(
        out,
        "Nodes per second: {:.0}",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}
