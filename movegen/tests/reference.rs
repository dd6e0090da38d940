//! Every count in `suites/reference/*.perft` (from other implementations) and in our own
//! `suites/*.perft` whose node total stays under a budget, for every game Joust knows;
//! `cargo xtask perft` checks them all at full depth. A file whose game comes from a game
//! file of the repository names it (`# Variants file: user-games.ini`, relative to its own
//! folder): its games are added first, as `joust --variants FILE` adds them.

use joust_core::variants::user;
use joust_core::{variants, Variant};
use joust_movegen::suite::{declared_game, declared_variants_file, parse_suite};
use joust_movegen::{perft_parallel, position_from_fen, TableCache};
use std::path::PathBuf;

/// Counts above this many nodes are left to `cargo xtask perft`.
const BUDGET_64: u64 = 50_000_000;
/// The same suites on 128-bit boards (the generic path that 10x10 games use), smaller.
const BUDGET_128: u64 = 1_000_000;

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../suites/reference")
}

fn game_of(path: &std::path::Path, text: &str) -> String {
    declared_game(text).unwrap_or_else(|| {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        stem.split('-').next().unwrap().to_string()
    })
}

/// Our own positions, with counts checked against an independent generator.
fn own_suites_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../suites")
}

fn perft_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no .perft files in {}", dir.display());
    entries
}

fn check_suites<B: TableCache>(budget: u64, fits: impl Fn(&Variant) -> bool) -> usize {
    let mut entries = perft_files(&reference_dir());
    entries.extend(perft_files(&own_suites_dir()));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut checked = 0;
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = game_of(&path, &text);
        if let Some(file) = declared_variants_file(&text) {
            add_game_file(&path, &file, &game);
        }
        let Ok(variant) = variants::by_id(&game) else {
            eprintln!("skipped {}: game '{game}' not built yet", path.display());
            continue;
        };
        if !fits(variant) {
            continue;
        }
        let suite = parse_suite(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for entry in suite {
            let pos = position_from_fen::<B>(variant, &entry.fen)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), entry.line));
            for &(depth, nodes) in &entry.counts {
                if nodes > budget {
                    continue;
                }
                let got = perft_parallel(&pos, depth, threads);
                assert_eq!(
                    got,
                    nodes,
                    "{}:{} ({}) perft {depth}",
                    path.display(),
                    entry.line,
                    entry.comment
                );
                checked += 1;
            }
        }
    }
    checked
}

/// Adds the games of the game file `file` that the suite at `suite` names (relative to the
/// suite's folder); the suite's `game` must be one of them. A file that does not load, or
/// lacks the game, fails the test: its counts are never skipped.
fn add_game_file(suite: &std::path::Path, file: &str, game: &str) {
    let path = suite.parent().unwrap().join(file);
    let added = user::add_file(&path)
        .unwrap_or_else(|e| panic!("{}: its variants file: {e}", suite.display()));
    assert!(
        added.games.iter().any(|g| g.eq_ignore_ascii_case(game)),
        "{}: game '{game}' is not among the games Joust reads from {} ({:?}; left out: {:?})",
        suite.display(),
        path.display(),
        added.games,
        added.rejected
    );
}

#[test]
fn reference_counts_match() {
    let checked = check_suites::<u64>(BUDGET_64, |v| v.geometry.len() <= 64)
        + check_suites::<u128>(BUDGET_64, |v| v.geometry.len() > 64);
    // The chess file alone has 30 counts under the budget.
    assert!(checked >= 30, "only {checked} counts checked");
}

#[test]
fn small_boards_also_pass_on_128_bit_boards() {
    let checked = check_suites::<u128>(BUDGET_128, |v| v.geometry.len() <= 64);
    assert!(checked >= 20, "only {checked} counts checked");
}
