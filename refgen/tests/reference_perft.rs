//! Checks the reference generator against the perft counts in `suites/reference/`
//! (counts from other independent implementations: Stockfish-family engines, python
//! tools, and fsmosca's Musketeer perft tables).
//!
//! Part of joust-refgen, which is written from the rules book (docs/rules/) independently
//! of the engine.
//! The folder is `<workspace>/suites/reference` (see its README). Entries
//! whose node count exceeds a budget are skipped to keep the run short; set
//! `JOUST_REFGEN_NODE_BUDGET` to raise it, and `JOUST_REFGEN_EXTERNAL_SAMPLES` to check
//! more of the 180 `musketeer-external` positions.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Largest node count checked per entry by default.
const NODE_BUDGET: u64 = 5_000_000;
/// How many `musketeer-external` positions are checked (spread over the file).
const EXTERNAL_SAMPLES: usize = 12;
/// Worker threads (the project's machines have two cores).
const THREADS: usize = 2;

struct Entry {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../suites/reference")
}

fn budget() -> u64 {
    std::env::var("JOUST_REFGEN_NODE_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(NODE_BUDGET)
}

fn read_entries(path: &PathBuf) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut fen = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(f) = line.strip_prefix("epd ") {
            fen = Some(f.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().and_then(|s| s.parse().ok()).expect("perft depth");
            let nodes = it.next().and_then(|s| s.parse().ok()).expect("perft nodes");
            out.push(Entry {
                fen: fen.clone().expect("perft line before any epd line"),
                depth,
                nodes,
            });
        } else {
            panic!("{}: unreadable line '{line}'", path.display());
        }
    }
    out
}

/// One count to check.
struct Job {
    game: &'static str,
    entry: Entry,
}

/// Checks the jobs on two threads (largest first); returns the failures.
fn run(mut jobs: Vec<Job>) -> Vec<String> {
    jobs.sort_by_key(|j| std::cmp::Reverse(j.entry.nodes));
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(Job { game, entry: e }) = jobs.get(i) else {
                    break;
                };
                let start = Instant::now();
                let problem = match joust_refgen::perft(game, &e.fen, e.depth) {
                    Ok(n) if n == e.nodes => None,
                    Ok(n) => Some(format!(
                        "{game}: perft {} of '{}' = {n}, reference {}",
                        e.depth, e.fen, e.nodes
                    )),
                    Err(err) => Some(format!("{game}: '{}': {err}", e.fen)),
                };
                eprintln!(
                    "  {game} perft {} = {} ({:.2}s){} {}",
                    e.depth,
                    e.nodes,
                    start.elapsed().as_secs_f64(),
                    if problem.is_some() { " MISMATCH" } else { "" },
                    e.fen
                );
                if let Some(p) = problem {
                    failures.lock().unwrap().push(p);
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

#[test]
fn reference_perft_counts() {
    let dir = reference_dir();
    let budget = budget();
    let mut jobs = Vec::new();
    for game in joust_refgen::GAMES {
        let path = dir.join(format!("{game}.perft"));
        assert!(path.exists(), "no {} for {game}", path.display());
        for entry in read_entries(&path) {
            if entry.nodes <= budget {
                jobs.push(Job { game, entry });
            }
        }
    }
    let external = dir.join("musketeer-external.perft");
    assert!(external.exists(), "no {}", external.display());
    {
        let all = read_entries(&external);
        let samples = std::env::var("JOUST_REFGEN_EXTERNAL_SAMPLES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(EXTERNAL_SAMPLES)
            .max(1);
        let step = (all.len() / samples).max(1);
        // These are perft(4) counts of about 200k nodes each: the sample always runs.
        for entry in all.into_iter().step_by(step).take(samples) {
            jobs.push(Job {
                game: "musketeer",
                entry,
            });
        }
    }
    let total = jobs.len();
    let start = Instant::now();
    let failures = run(jobs);
    eprintln!(
        "{total} reference counts checked in {:.1}s (budget {budget} nodes per entry)",
        start.elapsed().as_secs_f64()
    );
    assert!(total > 0, "no reference count was checked");
    assert!(failures.is_empty(), "mismatches:\n{}", failures.join("\n"));
}
