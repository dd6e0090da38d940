//! `cargo xtask perft`: every count of the reference suites, checked at full depth.

use crate::joust;
use crate::paths;
use crate::reference::{self, SuiteFile};
use joust_core::variants::{self, user};
use joust_movegen::suite::SuitePosition;
use std::path::Path;
use std::time::{Duration, Instant};

/// Options of `cargo xtask perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Only the suites whose `# Game id:` is this game.
    #[arg(long, value_name = "ID")]
    game: Option<String>,
    /// Only the counts of at most this many nodes (default: every count).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Threads for perft (default: every CPU).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
}

/// What a run found, for the summary and the exit status.
#[derive(Default)]
struct Tally {
    ok: usize,
    mismatched: usize,
    errors: usize,
    over_limit: usize,
    after_mismatch: usize,
    skipped_games: Vec<String>,
    nodes: u64,
    perft_time: Duration,
}

/// Runs the check; true if every count that was run matched and nothing failed.
pub fn run(args: &PerftArgs) -> bool {
    let threads = args.threads.map(|t| t as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let dir = paths::reference_dir();
    let limit = args
        .max_nodes
        .map(|m| format!(", counts of at most {m} nodes"))
        .unwrap_or_default();
    println!(
        "Reference suites in {} ({threads} threads{limit})",
        dir.display()
    );
    let mut files = match reference::load_dir(&dir) {
        Ok(files) if !files.is_empty() => files,
        Ok(_) => {
            eprintln!("error: no *.perft files in {}", dir.display());
            return false;
        }
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", dir.display());
            return false;
        }
    };
    // Our own positions, verified against an independent generator, go in the same run.
    let own = paths::own_suites_dir();
    match reference::load_dir(&own) {
        Ok(more) => files.extend(more),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", own.display());
            return false;
        }
    }
    let selected: Vec<&SuiteFile> = files
        .iter()
        .filter(|f| match (&args.game, &f.game) {
            (Some(wanted), Some(game)) => wanted.eq_ignore_ascii_case(game),
            (Some(_), None) => false,
            (None, _) => true,
        })
        .collect();
    if selected.is_empty() {
        let mut games: Vec<&str> = files.iter().filter_map(|f| f.game.as_deref()).collect();
        games.sort_unstable();
        games.dedup();
        eprintln!(
            "error: no suite declares game '{}' (suites exist for: {})",
            args.game.as_deref().unwrap_or(""),
            games.join(", ")
        );
        return false;
    }

    let start = Instant::now();
    let mut tally = Tally::default();
    for file in selected {
        check_file(file, args.max_nodes, threads, &mut tally);
    }
    print_summary(&tally, start.elapsed());
    tally.mismatched == 0 && tally.errors == 0
}

/// Checks one suite file, or reports why it is skipped.
fn check_file(file: &SuiteFile, max_nodes: Option<u64>, threads: usize, tally: &mut Tally) {
    let Some(game) = &file.game else {
        println!("{}: ERROR no '# Game id: <id>' line", file.name);
        tally.errors += 1;
        return;
    };
    if let Some(game_file) = &file.variants_file {
        // The game is a user's, defined in a game file beside the suite.
        let path = file.path.parent().unwrap_or(Path::new(".")).join(game_file);
        match user::add_file(&path) {
            Ok(added) if added.games.iter().any(|g| g.eq_ignore_ascii_case(game)) => {}
            Ok(_) => {
                println!(
                    "{}: ERROR game '{game}' is not among the games read from {}",
                    file.name,
                    path.display()
                );
                tally.errors += 1;
                return;
            }
            Err(e) => {
                println!("{}: ERROR its variants file: {e}", file.name);
                tally.errors += 1;
                return;
            }
        }
    }
    let Ok(variant) = variants::by_id(game) else {
        println!("{}: skipped, game '{game}' is not in Joust yet", file.name);
        tally.skipped_games.push(format!("{game} ({})", file.name));
        return;
    };
    let positions = match &file.positions {
        Ok(p) => p,
        Err(e) => {
            println!("{}: ERROR {e}", file.path.display());
            tally.errors += 1;
            return;
        }
    };
    joust::warm_tables(variant);
    for pos in positions {
        check_position(file, variant, pos, max_nodes, threads, tally);
    }
}

/// Checks the counts of one position from the shallowest depth up. After a mismatch the
/// deeper counts of that position are not run: the divide of the shallowest mismatch is
/// the one to debug.
fn check_position(
    file: &SuiteFile,
    variant: &'static joust_core::Variant,
    pos: &SuitePosition,
    max_nodes: Option<u64>,
    threads: usize,
    tally: &mut Tally,
) {
    let place = format!("{}:{}", file.name, pos.line);
    let label = reference::label(pos, 28);
    let mut counts = pos.counts.clone();
    counts.sort_by_key(|&(depth, _)| depth);
    let mut failed = false;
    for (depth, expected) in counts {
        if max_nodes.is_some_and(|m| expected > m) {
            tally.over_limit += 1;
            continue;
        }
        let head = format!("{place:<22} {label:<28} depth {depth:>2}  expected {expected:>12}");
        if failed {
            println!("{head}  not run (a shallower depth mismatched)");
            tally.after_mismatch += 1;
            continue;
        }
        let start = Instant::now();
        match joust::perft_parallel(variant, &pos.fen, depth, threads) {
            Ok(got) => {
                let took = start.elapsed();
                tally.nodes += got;
                tally.perft_time += took;
                let status = if got == expected { "OK" } else { "MISMATCH" };
                println!(
                    "{head}  got {got:>12}  {status:<8} {:>8.3} s",
                    took.as_secs_f64()
                );
                if got == expected {
                    tally.ok += 1;
                } else {
                    tally.mismatched += 1;
                    failed = true;
                    print_divide(variant, &pos.fen, depth, threads);
                }
            }
            Err(e) => {
                println!("{head}  ERROR bad FEN: {e}");
                tally.errors += 1;
                return;
            }
        }
    }
}

/// Prints Joust's divide at `depth`, to compare with a reference engine's.
fn print_divide(variant: &'static joust_core::Variant, fen: &str, depth: u32, threads: usize) {
    println!("    divide at depth {depth} of {fen} (Joust's counts, sorted by move):");
    match joust::divide(variant, fen, depth, threads) {
        Ok(rows) => {
            for (mv, n) in &rows {
                println!("      {mv}: {n}");
            }
            let total: u64 = rows.iter().map(|(_, n)| n).sum();
            println!("      {} moves, {total} nodes", rows.len());
            println!(
                "    compare with: printf 'uci\\nsetoption name UCI_Variant value {}\\nposition fen {fen}\\ngo perft {depth}\\n' | fairy-stockfish",
                variant.id
            );
        }
        Err(e) => println!("      cannot divide: {e}"),
    }
}

/// Prints the totals after every file.
fn print_summary(tally: &Tally, wall: Duration) {
    println!();
    let checked = tally.ok + tally.mismatched;
    println!(
        "Summary: {checked} counts checked: {} OK, {} MISMATCH, {} errors",
        tally.ok, tally.mismatched, tally.errors
    );
    if tally.over_limit > 0 {
        println!("  {} counts above --max-nodes not run", tally.over_limit);
    }
    if tally.after_mismatch > 0 {
        println!(
            "  {} counts not run after a mismatch at a shallower depth",
            tally.after_mismatch
        );
    }
    if !tally.skipped_games.is_empty() {
        println!(
            "  skipped, game not in Joust yet: {}",
            tally.skipped_games.join(", ")
        );
    }
    let secs = tally.perft_time.as_secs_f64();
    let rate = if secs > 0.0 {
        tally.nodes as f64 / secs / 1e6
    } else {
        0.0
    };
    println!(
        "  {} nodes in {secs:.2} s of perft ({rate:.1} M nodes/s), {:.2} s in all",
        tally.nodes,
        wall.as_secs_f64()
    );
}
