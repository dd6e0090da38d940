//! Differential test: the engine's legal moves against the reference generator's.
//!
//! Part of joust-refgen, which is written from the rules book (docs/rules/) independently
//! of the engine.
//! For every game id that both the engine (`joust_core::variants::all()`) and refgen
//! know, random games are played with the engine from the start position (and from the
//! positions of `suites/reference/<game>.perft`), and at every
//! position the SET of the engine's move texts is compared with refgen's list for the
//! engine's FEN of that position. Every other game prefers captures (to reach
//! promotions, forfeits and endgames sooner), and every few plies the positions after
//! each legal move are compared as well. Games only one side knows are skipped with a
//! note.

use joust_movegen::with_board_bits;
use std::collections::BTreeSet;

use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, TableCache};
use joust_notation::move_to_text;

/// Random games per game id from the start position (`JOUST_REFGEN_GAMES` overrides it).
const GAMES_FROM_START: usize = 30;
/// Random games from each reference-file position.
const GAMES_FROM_REFERENCE: usize = 2;
/// Longest game, in plies.
const MAX_PLIES: usize = 150;
/// Perft depth compared at the start position.
const START_PERFT_DEPTH: u32 = 3;
/// Mismatch reports kept per game id (the rest are only counted); `JOUST_REFGEN_REPORTS`
/// overrides it.
const REPORTS_PER_GAME: usize = 3;
/// Moves shown per side of a difference.
const MOVES_SHOWN: usize = 40;

/// Every this many plies, the positions after each legal move are compared too.
const NEIGHBOURHOOD_EVERY: usize = 10;

/// A small fixed-seed generator (SplitMix64), so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn reference_fens(game: &str) -> Vec<String> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../suites/reference")
        .join(format!("{game}.perft"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("epd "))
        .map(|f| f.trim().to_string())
        .collect()
}

fn shown(moves: &[&String]) -> String {
    let mut s: Vec<&str> = moves.iter().take(MOVES_SHOWN).map(|m| m.as_str()).collect();
    if moves.len() > MOVES_SHOWN {
        s.push("...");
    }
    s.join(" ")
}

/// Compares the move sets at `pos`; returns a description of the difference, if any.
fn compare<B: TableCache>(game: &str, pos: &Position<B>) -> Option<String> {
    let fen = pos.to_fen();
    let list = legal_moves(pos);
    let engine_texts: Vec<String> = list.iter().map(|&m| move_to_text(pos, m)).collect();
    let engine: BTreeSet<String> = engine_texts.iter().cloned().collect();
    let reference = match joust_refgen::legal_moves(game, &fen) {
        Ok(v) => v,
        Err(e) => {
            return Some(format!(
                "{game}: refgen rejects the engine's FEN '{fen}': {e}"
            ))
        }
    };
    let refset: BTreeSet<String> = reference.iter().cloned().collect();
    let mut problems = Vec::new();
    if engine.len() != engine_texts.len() {
        problems.push(format!(
            "engine lists a move text twice ({} moves, {} texts)",
            engine_texts.len(),
            engine.len()
        ));
    }
    if refset.len() != reference.len() {
        problems.push("refgen lists a move text twice".to_string());
    }
    let only_engine: Vec<&String> = engine.difference(&refset).collect();
    let only_ref: Vec<&String> = refset.difference(&engine).collect();
    if !only_engine.is_empty() || !only_ref.is_empty() {
        problems.push(format!(
            "only the engine ({}): {}\n    only refgen ({}): {}",
            only_engine.len(),
            shown(&only_engine),
            only_ref.len(),
            shown(&only_ref)
        ));
    }
    if problems.is_empty() {
        None
    } else {
        Some(format!(
            "{game}: FEN {fen}\n    {}",
            problems.join("\n    ")
        ))
    }
}

/// Plays random games from `fen`; returns (positions compared, failures).
fn random_games<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    games: usize,
    rng: &mut Rng,
) -> (usize, Vec<String>) {
    let start = match position_from_fen::<B>(variant, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("note: the engine rejects {} FEN '{fen}': {e:?}", variant.id);
            return (0, Vec::new());
        }
    };
    let t = tables::<B>(variant);
    let mut compared = 0;
    let mut failures = Vec::new();
    for game in 0..games {
        let greedy = game % 2 == 1;
        let mut pos = start.clone();
        'game: for ply in 0..MAX_PLIES {
            compared += 1;
            if let Some(f) = compare(variant.id, &pos) {
                failures.push(f);
                break;
            }
            let list = legal_moves(&pos);
            if list.is_empty() {
                break;
            }
            if ply % NEIGHBOURHOOD_EVERY == NEIGHBOURHOOD_EVERY - 1 {
                for &mv in &list {
                    let mut next = pos.clone();
                    make(t, &mut next, mv);
                    compared += 1;
                    if let Some(f) = compare(variant.id, &next) {
                        failures.push(f);
                        break 'game;
                    }
                }
            }
            let captures: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to).is_some())
                .collect();
            let mv = if greedy && !captures.is_empty() && rng.below(4) != 0 {
                captures[rng.below(captures.len())]
            } else {
                list.as_slice()[rng.below(list.len())]
            };
            make(t, &mut pos, mv);
        }
    }
    (compared, failures)
}

fn check_game<B: TableCache>(variant: &'static Variant) -> Vec<String> {
    let id = variant.id;
    let mut rng = Rng(0x5EED_0000 ^ id.bytes().fold(0u64, |h, b| h * 31 + b as u64));
    let mut failures = Vec::new();
    // Perft at the start position.
    let mut start = position_from_fen::<B>(variant, variant.start_fen).expect("start FEN");
    let engine = joust_movegen::perft(&mut start, START_PERFT_DEPTH);
    match joust_refgen::perft(id, variant.start_fen, START_PERFT_DEPTH) {
        Ok(r) if r == engine => {}
        Ok(r) => failures.push(format!(
            "{id}: perft({START_PERFT_DEPTH}) of the start: engine {engine}, refgen {r}"
        )),
        Err(e) => failures.push(format!("{id}: refgen rejects the start FEN: {e}")),
    }
    let games = std::env::var("JOUST_REFGEN_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(GAMES_FROM_START);
    let (mut n, f) = random_games::<B>(variant, variant.start_fen, games, &mut rng);
    failures.extend(f);
    for fen in reference_fens(id) {
        let (m, f) = random_games::<B>(variant, &fen, GAMES_FROM_REFERENCE, &mut rng);
        n += m;
        failures.extend(f);
    }
    eprintln!(
        "{id}: {n} positions compared, {} mismatches",
        failures.len()
    );
    let mut seen = BTreeSet::new();
    failures.retain(|f| seen.insert(f.clone()));
    let keep = std::env::var("JOUST_REFGEN_REPORTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(REPORTS_PER_GAME);
    if failures.len() > keep {
        let more = failures.len() - keep;
        failures.truncate(keep);
        failures.push(format!("{id}: ... and {more} more mismatching positions"));
    }
    failures
}

#[test]
fn engine_and_refgen_agree() {
    let mut failures = Vec::new();
    let mut shared = 0;
    for &variant in variants::all() {
        if !joust_refgen::supports(variant.id) {
            eprintln!("note: refgen does not know '{}'; skipped", variant.id);
            continue;
        }
        shared += 1;
        with_board_bits!(variant, B => failures.extend(check_game::<B>(variant)))
    }
    for game in joust_refgen::GAMES {
        if !variants::all().iter().any(|v| v.id == game) {
            eprintln!("note: the engine does not have '{game}' yet; skipped");
        }
    }
    assert!(shared > 0, "no game is known to both the engine and refgen");
    assert!(
        failures.is_empty(),
        "{} mismatches between the engine and refgen:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
