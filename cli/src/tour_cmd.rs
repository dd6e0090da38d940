//! `joust tour`: the King's Lancer tour puzzle (docs/rules/kl-tour.md) for any leaper and
//! board.

use crate::UserError;
use clap::Args;
use joust_core::{pieces, Geometry};
use joust_tour::{format_tour, FirstTour, LeaperGraph, Problem, TourKind};
use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

/// Positions `--first` may try before it reports that it gave up.
const FIRST_BUDGET: u64 = 200_000_000;

/// Arguments of `joust tour`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("shape").args(["circuit", "journey"])))]
#[command(group(clap::ArgGroup::new("mode").args(["count", "first", "all"])))]
pub struct TourArgs {
    /// Board size as FILESxRANKS, each 1 to 10.
    #[arg(long, default_value = "3x3")]
    board: String,
    /// Start square.
    #[arg(long, default_value = "a1")]
    from: String,
    /// The leaper: kings-lancer, queens-lancer, knight, king, wazir, ferz, dabbaba, alfil,
    /// camel, zebra, hawk.
    #[arg(long, default_value = "kings-lancer")]
    piece: String,
    /// A closed tour that returns to the start (the default).
    #[arg(long)]
    circuit: bool,
    /// An open tour that lands on every other square once.
    #[arg(long)]
    journey: bool,
    /// Count every tour exactly, on all cores.
    #[arg(long)]
    count: bool,
    /// Print one tour (the default).
    #[arg(long)]
    first: bool,
    /// Print every tour, one per line.
    #[arg(long)]
    all: bool,
}

fn parse_board(text: &str) -> Result<Geometry, UserError> {
    let bad = || {
        UserError(format!(
            "board '{text}' is not FILESxRANKS with each from 1 to 10 (e.g. 3x3)"
        ))
    };
    let (f, r) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(f) || !digits(r) {
        return Err(bad());
    }
    let (f, r) = (
        f.parse::<u8>().map_err(|_| bad())?,
        r.parse::<u8>().map_err(|_| bad())?,
    );
    // Tours stay on boards up to 10x10, though games may be larger.
    if f > 10 || r > 10 {
        return Err(bad());
    }
    Geometry::new(f, r).map_err(|_| bad())
}

/// Runs the command, printing to stdout.
pub fn run(args: &TourArgs) -> Result<u8, UserError> {
    let geometry = parse_board(&args.board)?;
    let start = geometry.parse_square(&args.from).ok_or_else(|| {
        UserError(format!(
            "start square '{}' is not on a {}x{} board",
            args.from,
            geometry.files(),
            geometry.ranks()
        ))
    })?;
    let catalogue = pieces::leapers();
    let piece = catalogue
        .iter()
        .find(|(id, _)| id.eq_ignore_ascii_case(&args.piece))
        .map(|(_, p)| p)
        .ok_or_else(|| {
            let ids: Vec<&str> = catalogue.iter().map(|(id, _)| *id).collect();
            UserError(format!(
                "unknown piece '{}' (known: {})",
                args.piece,
                ids.join(", ")
            ))
        })?;
    let graph = LeaperGraph::new(piece, geometry).map_err(|e| UserError(e.to_string()))?;
    let kind = if args.journey {
        TourKind::Journey
    } else {
        TourKind::Circuit
    };
    let problem = Problem {
        graph,
        start: start.0,
        kind,
    };
    let what = format!(
        "{kind}s of the {} on {}x{} from {}",
        piece.name,
        geometry.files(),
        geometry.ranks(),
        args.from
    );
    let out = std::io::stdout();
    let mut out = out.lock();
    let started = Instant::now();
    if args.count {
        // A bar over the parts the count is split into, done on all cores.
        let progress = crate::progress::Progress::bar(0);
        progress.set(&format!("counting the {what}"));
        let n = problem.count_with_progress(|done, parts| {
            if done == 0 {
                progress.restart(parts);
            } else {
                progress.inc(1);
            }
        });
        drop(progress);
        let _ = writeln!(out, "{n} {what}");
        eprintln!("counted in {:.3} s", started.elapsed().as_secs_f64());
        return Ok(0);
    }
    if args.all {
        let mut n = 0u64;
        problem.for_each(|t| {
            n += 1;
            match writeln!(out, "{}", format_tour(geometry, t)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        });
        eprintln!("{n} {what}");
        return Ok(0);
    }
    match problem.first(FIRST_BUDGET) {
        FirstTour::Found(t) => {
            let _ = writeln!(out, "{}", format_tour(geometry, &t));
            Ok(0)
        }
        FirstTour::None => {
            let _ = writeln!(out, "no {}", what.replacen("s of", " of", 1));
            Ok(1)
        }
        FirstTour::GaveUp(n) => Err(UserError(format!(
            "gave up after {n} positions without finding or ruling out a {kind}"
        ))),
    }
}
