//! `cargo xtask bench`: a fixed-depth search of a stored set of positions per game, one
//! thread, a fresh table for each position. The total node count is the search's
//! signature: a change meant to keep the tree (a speed-up, a tidy-up) must keep it, and a
//! change to pruning or ordering shows its effect on the tree's size. Speeds are printed
//! too, but on a noisy machine only the node counts are exact.

use crate::game_list::parse_games;
use crate::network_file::EvalChoice;
use crate::paths;
use clap::Args;
use joust_core::Variant;
use joust_match::read_openings;
use joust_movegen::TableCache;
use joust_movegen::{position_from_fen, with_board_bits};
use joust_notation::coordinate::move_to_text;
use joust_search::{search, Limits, Shared};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Options of `cargo xtask bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search.
    #[arg(long, default_value_t = 11)]
    depth: u32,
    /// Game id, `all` (every game with a stored set), or a comma list.
    #[arg(long, default_value = "lancerchess")]
    variant: String,
    /// One FEN a line (`#` starts a comment) instead of the stored set; one game id only.
    #[arg(long)]
    positions: Option<PathBuf>,
    /// Transposition table megabytes.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Print each position's nodes and best move.
    #[arg(long)]
    verbose: bool,
    /// The evaluation to search with: `builtin` (each game's own: its built-in network,
    /// if any), `none` (the evaluation from data alone) or a network file (`cargo xtask
    /// train`'s output).
    #[arg(long, value_name = "builtin|none|NET", default_value = "builtin")]
    eval_file: EvalChoice,
}

/// The stored positions of a game: `xtask/bench/<id>.fen`.
fn stored_set(id: &str) -> PathBuf {
    paths::workspace_root()
        .join("xtask/bench")
        .join(format!("{id}.fen"))
}

/// The FENs of a position file for `variant` (read as `match --openings` reads its file).
fn read_fens(variant: &'static Variant, path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let openings = read_openings(variant, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(openings
        .iter()
        .filter_map(|o| o.fen().map(str::to_string))
        .collect())
}

/// What one game's set came to.
struct Totals {
    positions: usize,
    nodes: u64,
    time: Duration,
}

/// Searches every position of `fens` to `depth`.
fn bench_game<B: TableCache>(
    variant: &'static Variant,
    fens: &[String],
    args: &BenchArgs,
) -> Result<Totals, String> {
    let eval = args.eval_file.evaluator(variant)?;
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let mut totals = Totals {
        positions: 0,
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, fen) in fens.iter().enumerate() {
        let pos = position_from_fen::<B>(variant, fen)
            .map_err(|e| format!("{} position {}: bad FEN {fen}: {e}", variant.id, i + 1))?;
        let shared = Shared::new(args.hash);
        shared.arm();
        let start = Instant::now();
        let result = search(&pos, &[], &limits, &shared, 1, &eval, |_| {});
        totals.time += start.elapsed();
        totals.nodes += result.nodes;
        totals.positions += 1;
        if args.verbose {
            let best = result
                .best
                .map_or("(none)".to_string(), |m| move_to_text(&pos, m));
            println!("  {:>3} {:>10} nodes  {best}  {fen}", i + 1, result.nodes);
        }
    }
    Ok(totals)
}

/// Runs the bench; false when a position set could not be read.
pub fn run(args: &BenchArgs) -> bool {
    match bench(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: {e}");
            false
        }
    }
}

fn bench(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 || args.depth > 64 {
        return Err(format!("--depth must be from 1 to 64, not {}", args.depth));
    }
    let mut games = parse_games(&args.variant)?;
    if args.positions.is_some() && games.len() != 1 {
        return Err("--positions needs exactly one game id".into());
    }
    if args.variant.trim() == "all" {
        // A stored set is a curated choice; games without one are benched by name with
        // --positions.
        games.retain(|v| stored_set(v.id).exists());
    } else if args.positions.is_none() {
        if let Some(v) = games.iter().find(|v| !stored_set(v.id).exists()) {
            return Err(format!(
                "{} has no stored positions (xtask/bench/{}.fen): give --positions FILE",
                v.id, v.id
            ));
        }
    }
    println!(
        "{:<14} {:>9} {:>12} {:>9} {:>10}",
        "game", "positions", "nodes", "seconds", "nodes/s"
    );
    let (mut all_nodes, mut all_time) = (0u64, Duration::ZERO);
    for variant in games {
        let id = variant.id;
        let file = args.positions.clone().unwrap_or_else(|| stored_set(id));
        let fens = read_fens(variant, &file)?;
        let totals = with_board_bits!(variant, B => bench_game::<B>(variant, &fens, args)?);
        let secs = totals.time.as_secs_f64();
        println!(
            "{:<14} {:>9} {:>12} {:>9.2} {:>10.0}",
            id,
            totals.positions,
            totals.nodes,
            secs,
            totals.nodes as f64 / secs.max(1e-9)
        );
        all_nodes += totals.nodes;
        all_time += totals.time;
    }
    let secs = all_time.as_secs_f64();
    println!(
        "total nodes {all_nodes} at depth {}, {secs:.2} s, {:.0} nodes/s",
        args.depth,
        all_nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn every_stored_set_reads_in_its_game() {
        let dir = paths::workspace_root().join("xtask/bench");
        let mut sets = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let id = path.file_stem().unwrap().to_str().unwrap().to_string();
            let variant = variants::by_id(&id).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let fens = read_fens(variant, &path).unwrap_or_else(|e| panic!("{e}"));
            assert!(!fens.is_empty(), "{id} has no positions");
            sets += 1;
        }
        // Our own eight games at least; the others as sets were made for them.
        assert!(sets >= 8, "{sets} stored sets");
        let ours = [
            "chess",
            "lancerchess",
            "clash",
            "lancers",
            "single-lancer",
            "cromwell",
            "musketeer",
            "royal-lion",
        ];
        for id in ours {
            assert!(stored_set(id).exists(), "{id}");
        }
    }

    #[test]
    fn a_shallow_bench_counts_nodes_and_repeats_them_exactly() {
        let args = BenchArgs {
            depth: 3,
            variant: "chess".into(),
            positions: None,
            hash: 1,
            verbose: false,
            eval_file: EvalChoice::Builtin,
        };
        let chess = variants::chess();
        let fens = read_fens(chess, &stored_set("chess")).unwrap();
        let first = bench_game::<u64>(chess, &fens[..4], &args).unwrap();
        let again = bench_game::<u64>(chess, &fens[..4], &args).unwrap();
        assert_eq!(first.positions, 4);
        assert!(first.nodes > 4 * 3, "{} nodes", first.nodes);
        assert_eq!(first.nodes, again.nodes);
    }
}
