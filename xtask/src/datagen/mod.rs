//! `cargo xtask datagen`: training data for a learned evaluation. Joust plays itself at a
//! fixed node count from random balanced openings (the match library's), searching in
//! this process; the quiet positions of each game are written with the search's score
//! and the game's result in the packed format of [`mod@format`]. A run appends to an
//! existing file and continues its numbering of games, so it can be stopped at any time
//! and started again with the same command.

pub mod expand;
pub mod format;
mod play;

use crate::network_file::EvalChoice;
use clap::Args;
use format::{GameBlock, Header};
use joust_core::{variants, Variant};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `cargo xtask datagen` arguments.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The game id.
    #[arg(long)]
    variant: String,
    /// The data file: created, or appended to (its games are numbered on from its last).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Nodes of the search of each move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Games to play in this run (0: until stopped).
    #[arg(long, default_value_t = 0)]
    games: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Base of the games' seeds for a new file (an existing file keeps its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table of each game, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// The evaluation to play with: `builtin` (the game's own: its built-in network, if
    /// any), `none` (the evaluation from data alone) or a network file (`cargo xtask
    /// train`'s output: data from the best network so far).
    #[arg(long, value_name = "builtin|none|NET", default_value = "builtin")]
    eval_file: EvalChoice,
}

/// Runs `cargo xtask datagen`; false on an error (printed).
pub fn run(args: &DatagenArgs) -> bool {
    match generate(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("datagen: {e}");
            false
        }
    }
}

/// The header of a new file for `variant`.
fn header_for(variant: &Variant, seed: u64) -> Header {
    Header {
        id: variant.id.to_string(),
        files: variant.geometry.files(),
        ranks: variant.geometry.ranks(),
        kinds: variant.kinds.len() as u8,
        seed,
    }
}

/// Opens (or creates) the file, cut back to its last whole block: its header and the
/// number of the next game.
fn open(args: &DatagenArgs, variant: &'static Variant) -> Result<(Header, u32, u64), String> {
    let path = &args.out;
    let fresh = header_for(variant, args.seed);
    if !path.exists() || std::fs::metadata(path).map_err(|e| e.to_string())?.len() == 0 {
        let mut f = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        fresh.write(&mut f).map_err(|e| e.to_string())?;
        return Ok((fresh, 0, 0));
    }
    let scanned = format::read_path(path).map_err(|e| e.to_string())?;
    let h = scanned.header;
    if (h.id.as_str(), h.files, h.ranks, h.kinds)
        != (variant.id, fresh.files, fresh.ranks, fresh.kinds)
    {
        return Err(format!(
            "{} holds data of {} ({}x{}, {} kinds), not of {}",
            path.display(),
            h.id,
            h.files,
            h.ranks,
            h.kinds,
            variant.id
        ));
    }
    let f = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| e.to_string())?;
    f.set_len(scanned.end as u64).map_err(|e| e.to_string())?;
    let next = scanned.blocks.iter().map(|b| b.game + 1).max().unwrap_or(0);
    let positions = scanned.blocks.iter().map(|b| b.records.len() as u64).sum();
    if h.seed != args.seed {
        println!(
            "{} was started with seed {}: continuing with it",
            path.display(),
            h.seed
        );
    }
    Ok((h, next, positions))
}

/// Plays games and appends them until `--games` are done (or forever).
fn generate(args: &DatagenArgs) -> Result<(), String> {
    let variant = variants::by_id(&args.variant).map_err(|e| e.to_string())?;
    let evaluator = args.eval_file.evaluator(variant)?;
    let (header, first, before) = open(args, variant)?;
    println!(
        "datagen {}: {} positions already in {}; games from number {first}, {} nodes a move, {} thread(s), {}",
        variant.id,
        before,
        args.out.display(),
        args.nodes,
        args.threads.max(1),
        args.eval_file.describe(&evaluator)
    );
    let file = OpenOptions::new()
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let out = Mutex::new(file);
    let next = AtomicU32::new(first);
    let done = AtomicU64::new(0);
    let positions = AtomicU64::new(0);
    let wdl = [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)];
    let start = Instant::now();
    let last_report = Mutex::new(Instant::now());
    let failed = Mutex::new(None::<String>);
    std::thread::scope(|s| {
        for _ in 0..args.threads.max(1) {
            s.spawn(|| loop {
                if failed.lock().expect("lock").is_some() {
                    return;
                }
                let game = next.fetch_add(1, Ordering::Relaxed);
                if args.games > 0 && (game - first) as u64 >= args.games {
                    return;
                }
                let seed = header.seed.wrapping_add(game as u64);
                let (result, records) =
                    play::play(&evaluator, variant, seed, args.nodes, args.hash);
                let block = GameBlock {
                    game,
                    result,
                    records,
                };
                let bytes = block.encode(&header);
                {
                    let mut f = out.lock().expect("lock");
                    if let Err(e) = f.write_all(&bytes).and_then(|_| f.flush()) {
                        *failed.lock().expect("lock") = Some(e.to_string());
                        return;
                    }
                }
                wdl[block.result as usize].fetch_add(1, Ordering::Relaxed);
                let n = positions.fetch_add(block.records.len() as u64, Ordering::Relaxed)
                    + block.records.len() as u64;
                let games = done.fetch_add(1, Ordering::Relaxed) + 1;
                let mut last = last_report.lock().expect("lock");
                if last.elapsed() >= Duration::from_secs(30) {
                    *last = Instant::now();
                    report(games, n, before, &wdl, start.elapsed());
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().expect("lock") {
        return Err(format!("{}: {e}", args.out.display()));
    }
    let n = positions.load(Ordering::Relaxed);
    report(
        done.load(Ordering::Relaxed),
        n,
        before,
        &wdl,
        start.elapsed(),
    );
    Ok(())
}

/// One progress line.
fn report(games: u64, n: u64, before: u64, wdl: &[AtomicU64; 3], elapsed: Duration) {
    let secs = elapsed.as_secs_f64().max(1e-9);
    println!(
        "{games} games ({}-{}-{} W-D-L for White), {n} positions in {:.0} s: {:.1} positions/s, {:.2} games/min; {} in the file",
        wdl[2].load(Ordering::Relaxed),
        wdl[1].load(Ordering::Relaxed),
        wdl[0].load(Ordering::Relaxed),
        secs,
        n as f64 / secs,
        games as f64 * 60.0 / secs,
        before + n
    );
}
