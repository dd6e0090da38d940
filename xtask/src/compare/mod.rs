//! `cargo xtask compare`: Joust's single-threaded perft speed against external UCI
//! engines, on the same positions in one run.

mod cases;

use crate::engines::{Engine, EngineArgs, EngineFinder};
use crate::joust;
use crate::machine;
use crate::table::{Align, Table};
use cases::{Case, CASES};
use joust_core::variants;
use joust_match::{Launch, UciEngine};
use std::time::Duration;

/// Options of `cargo xtask compare`.
#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// Runs of each measurement; the median is reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// Added to every case's depth, e.g. -1 for a quick run (depths stay at least 1).
    #[arg(
        long,
        visible_alias = "depth-scale",
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    depth_offset: i32,
    /// Only the cases of this game.
    #[arg(long, value_name = "ID")]
    game: Option<String>,
    /// Where the external engines are.
    #[command(flatten)]
    engines: EngineArgs,
}

/// The timings of one engine (or Joust) on one case.
struct Measured {
    /// The engine's short label, or `joust`.
    name: String,
    /// The wall time of every run.
    times: Vec<Duration>,
    /// Set when the engine's count differed from Joust's, or the engine failed.
    problem: Option<String>,
}

impl Measured {
    /// Nothing measured yet.
    fn new(name: String) -> Measured {
        Measured {
            name,
            times: Vec::new(),
            problem: None,
        }
    }

    /// The median nodes per second over the runs, if there were any.
    fn median_rate(&self, nodes: u64) -> Option<f64> {
        let rates: Vec<f64> = self
            .times
            .iter()
            .map(|t| nodes as f64 / t.as_secs_f64().max(1e-9))
            .collect();
        median(rates)
    }

    /// The median wall time over the runs, if there were any.
    fn median_time(&self) -> Option<f64> {
        median(self.times.iter().map(Duration::as_secs_f64).collect())
    }
}

/// Runs the comparison; true if no engine count differed from Joust's and nothing failed.
pub fn run(args: &CompareArgs) -> bool {
    let runs = args.runs as usize;
    println!("Machine: {}", machine::describe());
    println!(
        "Joust: single-threaded perft in process. Engines: UCI over pipes, timed from sending \
         `go perft N` to reading `Nodes searched`. Median of {runs} runs."
    );
    println!();
    let mut finder = args.engines.finder();
    let mut table = Table::new(&[
        ("game", Align::Left),
        ("position", Align::Left),
        ("depth", Align::Right),
        ("nodes", Align::Right),
        ("engine", Align::Left),
        ("median s", Align::Right),
        ("M nodes/s", Align::Right),
        ("joust/engine", Align::Right),
        ("note", Align::Left),
    ]);
    let mut ok = true;
    let cases = CASES.iter().filter(|c| match &args.game {
        Some(game) => game.eq_ignore_ascii_case(c.game),
        None => true,
    });
    for case in cases {
        ok &= run_case(case, args, &mut finder, &mut table);
    }
    println!();
    print!("{}", table.render());
    println!();
    println!("joust/engine: Joust's median nodes/s over the engine's (above 1: Joust is faster).");
    if args
        .game
        .as_deref()
        .is_none_or(|g| g.eq_ignore_ascii_case("royal-lion"))
    {
        ok &= royal_lion_against_grand(args, &mut finder);
    }
    if args
        .game
        .as_deref()
        .is_none_or(|g| g.eq_ignore_ascii_case("chess"))
    {
        ok &= parallel_scaling(args);
    }
    if !ok {
        println!(
            "Some engine counts differed from Joust's, or an engine failed (see ERROR lines)."
        );
    }
    ok
}

/// Measures one case and adds its rows to `table`; false on a count mismatch or failure.
fn run_case(case: &Case, args: &CompareArgs, finder: &mut EngineFinder, table: &mut Table) -> bool {
    let depth = (case.depth as i64 + args.depth_offset as i64).max(1) as u32;
    let title = format!("{} {} depth {depth}", case.game, case.position);
    let cells = |nodes: String, engine: &str, rest: [String; 4]| {
        let mut row = vec![
            case.game.to_string(),
            case.position.to_string(),
            depth.to_string(),
            nodes,
            engine.to_string(),
        ];
        row.extend(rest);
        row
    };
    let Ok(variant) = variants::by_id(case.game) else {
        println!(
            "[{title}] skipped: game '{}' is not in Joust yet",
            case.game
        );
        table.row(cells(
            "-".into(),
            "-",
            [
                "".into(),
                "".into(),
                "".into(),
                "skipped: game not in Joust yet".into(),
            ],
        ));
        return true;
    };
    let fen = case.fen.unwrap_or(variant.start_fen);
    let mut timer = match joust::perft_timer(variant, fen, depth) {
        Ok(t) => t,
        Err(e) => {
            println!("[{title}] ERROR Joust cannot read {fen}: {e}");
            return false;
        }
    };
    println!("[{title}] {fen}");

    let mut engines: Vec<(UciEngine, Measured)> = Vec::new();
    let mut unavailable: Vec<(String, String)> = Vec::new();
    for &engine in case.engines {
        match open_engine(engine, finder, case.game, fen) {
            Ok(uci) => {
                println!(
                    "[{title}] {}: {} ({})",
                    engine.label(),
                    uci.name,
                    finder.path(engine).display()
                );
                let measured = Measured::new(engine.label().to_string());
                engines.push((uci, measured));
            }
            Err(why) => {
                println!("[{title}] {} unavailable: {why}", engine.label());
                unavailable.push((engine.label().to_string(), why));
            }
        }
    }

    let mut ok = true;
    let mut joust = Measured::new("joust".to_string());
    let mut nodes = 0;
    for run in 1..=args.runs {
        let (n, t) = timer();
        nodes = n;
        joust.times.push(t);
        let mut line = format!("[{title}] run {run}/{}: joust {:.3} s", args.runs, secs(t));
        for (uci, measured) in engines.iter_mut().filter(|(_, m)| m.problem.is_none()) {
            match uci.perft(depth) {
                Ok((engine_nodes, t)) => {
                    measured.times.push(t);
                    line.push_str(&format!(", {} {:.3} s", measured.name, secs(t)));
                    if engine_nodes != nodes {
                        println!(
                            "[{title}] ERROR {} counts {engine_nodes} nodes, Joust {nodes}",
                            measured.name
                        );
                        measured.problem = Some(format!("MISMATCH: {engine_nodes} nodes"));
                        ok = false;
                    }
                }
                Err(e) => {
                    println!("[{title}] ERROR {e}");
                    measured.problem = Some("failed".to_string());
                    ok = false;
                }
            }
        }
        println!("{line}");
    }

    let joust_rate = joust.median_rate(nodes);
    table.row(cells(
        nodes.to_string(),
        "joust",
        rate_cells(&joust, nodes, None),
    ));
    for (_, measured) in &engines {
        table.row(cells(
            String::new(),
            &measured.name,
            rate_cells(measured, nodes, joust_rate),
        ));
    }
    for (label, why) in unavailable {
        table.row(cells(
            String::new(),
            &label,
            [
                "".into(),
                "".into(),
                "".into(),
                format!("unavailable: {why}"),
            ],
        ));
    }
    ok
}

/// Starts `engine` and readies it for `fen` of `game`; why not if it cannot be had.
fn open_engine(
    engine: Engine,
    finder: &mut EngineFinder,
    game: &str,
    fen: &str,
) -> Result<UciEngine, String> {
    let path = finder.find(engine)?;
    let mut uci = UciEngine::start(&Launch::program(path)).map_err(|e| e.to_string())?;
    uci.select_variant(game).map_err(|e| e.to_string())?;
    uci.set_position(fen).map_err(|e| e.to_string())?;
    Ok(uci)
}

/// The median time, nodes/s, ratio and note cells of one engine's row (no ratio for an
/// engine whose count was wrong or that failed).
fn rate_cells(measured: &Measured, nodes: u64, joust_rate: Option<f64>) -> [String; 4] {
    let rate = measured.median_rate(nodes);
    let ratio = match (joust_rate, rate) {
        _ if measured.problem.is_some() => String::new(),
        (Some(j), Some(e)) if e > 0.0 => format!("{:.2}x", j / e),
        (None, _) => "-".to_string(),
        _ => String::new(),
    };
    [
        measured
            .median_time()
            .map(|t| format!("{t:.3}"))
            .unwrap_or_default(),
        rate.map(|r| format!("{:.1}", r / 1e6)).unwrap_or_default(),
        ratio,
        measured.problem.clone().unwrap_or_default(),
    ]
}

/// Seconds as a float.
fn secs(t: Duration) -> f64 {
    t.as_secs_f64()
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    })
}

/// No other engine plays Royal Lion Chess, so its speed is set beside Fairy-Stockfish's
/// on Grand Chess (also 10x10, similar material): Joust's royal-lion start position at
/// depth 5 against Fairy-Stockfish's `grand` start position at depth 4 (about the same
/// number of nodes), medians of the same number of runs, nodes per second compared.
fn royal_lion_against_grand(args: &CompareArgs, finder: &mut EngineFinder) -> bool {
    let Ok(variant) = variants::by_id("royal-lion") else {
        println!("royal-lion vs grand: skipped, royal-lion not in Joust yet");
        return true;
    };
    let joust_depth = (5 + args.depth_offset as i64).max(1) as u32;
    let grand_depth = (4 + args.depth_offset as i64).max(1) as u32;
    let mut timer = match joust::perft_timer(variant, variant.start_fen, joust_depth) {
        Ok(t) => t,
        Err(e) => {
            println!("ERROR royal-lion start: {e}");
            return false;
        }
    };
    let path = match finder.find(Engine::FairyStockfish) {
        Ok(p) => p,
        Err(why) => {
            println!("royal-lion vs grand: fairy-stockfish unavailable: {why}");
            return true;
        }
    };
    let mut uci = match UciEngine::start(&Launch::program(path)) {
        Ok(u) => u,
        Err(e) => {
            println!("royal-lion vs grand: {e}");
            return true;
        }
    };
    if uci.select_variant("grand").is_err() || uci.set_start_position().is_err() {
        println!("royal-lion vs grand: {} cannot play grand", uci.name);
        return true;
    }
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut our_nodes, mut their_nodes) = (0, 0);
    for _ in 0..args.runs {
        let (n, t) = timer();
        our_nodes = n;
        ours.push(n as f64 / t.as_secs_f64());
        match uci.perft(grand_depth) {
            Ok((n, t)) => {
                their_nodes = n;
                theirs.push(n as f64 / t.as_secs_f64());
            }
            Err(e) => {
                println!("ERROR fairy-stockfish grand perft: {e}");
                return false;
            }
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (j, f) = (median(&mut ours), median(&mut theirs));
    println!();
    println!(
        "royal-lion start depth {joust_depth} ({our_nodes} nodes): joust {:.1} M nodes/s; \
         fairy-stockfish grand start depth {grand_depth} ({their_nodes} nodes): {:.1} M nodes/s; \
         joust/engine {:.2}x",
        j / 1e6,
        f / 1e6,
        j / f
    );
    true
}

/// Joust's own parallel perft: the chess start position at depth 6 on 1 thread and on
/// every core, medians of the same number of runs, and the speed-up.
fn parallel_scaling(args: &CompareArgs) -> bool {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let depth = (6 + args.depth_offset as i64).max(1) as u32;
    let variant = variants::chess();
    let mut medians = Vec::new();
    for threads in [1, cores] {
        let mut times = Vec::new();
        for _ in 0..args.runs {
            let start = std::time::Instant::now();
            match joust::perft_parallel(variant, variant.start_fen, depth, threads) {
                Ok(_) => times.push(start.elapsed().as_secs_f64()),
                Err(e) => {
                    println!("ERROR parallel perft: {e}");
                    return false;
                }
            }
        }
        times.sort_by(f64::total_cmp);
        medians.push(times[times.len() / 2]);
    }
    println!();
    println!(
        "Joust parallel perft, chess start depth {depth}: 1 thread {:.3} s, {cores} threads {:.3} s, speed-up {:.2}x",
        medians[0],
        medians[1],
        medians[0] / medians[1]
    );
    true
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }
}
