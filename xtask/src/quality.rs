//! `cargo xtask quality`: how good an engine's moves are by a stronger engine's judgement.
//! Positions are drawn from played games; the engine moves in each at a fixed time, and the
//! reference engine's search says how much its own best move scores above the engine's.
//! On the same positions (and a shared cache of the reference's scores) two builds or
//! weight sets compare far more steadily than by the results of games.

use crate::engines::EngineArgs;
use crate::launch::resolve;
use crate::pgn_files::read_games;
use clap::Args;
use joust_core::Variant;
use joust_match::{EngineSpec, Player, Program, Rng};
use joust_movegen::{make, tables, TableCache};
use joust_movegen::{position_from_fen, with_board_bits};
use joust_notation::{parse_move, PgnGame};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of `cargo xtask quality`.
#[derive(Args, Debug)]
pub struct QualityArgs {
    /// The engine judged, as a match engine spec (`"joust option.EvalWeights=storm=8"`).
    #[arg(long)]
    engine: String,
    /// The judging engine, as a match engine spec.
    #[arg(long, default_value = "fsf-uci")]
    reference: String,
    /// Milliseconds the engine searches each position.
    #[arg(long, default_value_t = 300)]
    engine_ms: u64,
    /// Milliseconds the reference searches each position.
    #[arg(long, default_value_t = 1000)]
    reference_ms: u64,
    /// How many positions to draw from the games.
    #[arg(long, default_value_t = 150)]
    positions: usize,
    /// Plies from each game's start that positions are drawn from, `FIRST-LAST`.
    #[arg(long, default_value = "16-70")]
    plies: String,
    /// Seed of the draw: the same seed and games give the same positions.
    #[arg(long, default_value_t = 5)]
    seed: u64,
    /// Largest loss counted for one move, in centipawns.
    #[arg(long, default_value_t = 400)]
    cap: i32,
    /// File of the reference's scores, read first and added to as it scores: runs on the
    /// same positions share them, so only the engine's moves differ between runs.
    #[arg(long)]
    cache: Option<PathBuf>,
    /// Print each position's moves and loss.
    #[arg(long)]
    verbose: bool,
    /// Use the existing joust binary instead of running cargo build first.
    #[arg(long)]
    no_build: bool,
    /// Where the external engines are.
    #[command(flatten)]
    engines: EngineArgs,
    /// PGN files of the games to draw positions from.
    #[arg(required = true)]
    pgns: Vec<PathBuf>,
}

/// A score for a mate in `n`: beyond every centipawn score, nearer mates higher.
const MATE_CP: i32 = 10_000;

/// A position to judge a move in.
#[derive(Clone, Debug)]
struct Sample {
    variant: &'static Variant,
    fen: String,
}

/// Runs the measurement; false if an input could not be read or an engine failed.
pub fn run(args: &QualityArgs) -> bool {
    match quality(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("quality: {e}");
            false
        }
    }
}

/// `FIRST-LAST` as a range of plies.
fn parse_plies(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--plies must read FIRST-LAST (as 16-70), not '{text}'");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Every position of `games` at plies `first..=last`, shuffled by `seed`, the first `n`.
fn draw(games: &[PgnGame], (first, last): (usize, usize), n: usize, seed: u64) -> Vec<Sample> {
    let mut all = Vec::new();
    for game in games {
        with_board_bits!(game.variant, B => positions_of::<B>(game, first, last, &mut all))
    }
    let mut rng = Rng::new(seed);
    for i in (1..all.len()).rev() {
        all.swap(i, rng.below(i + 1));
    }
    all.truncate(n);
    all
}

fn positions_of<B: TableCache>(game: &PgnGame, first: usize, last: usize, out: &mut Vec<Sample>) {
    let start = game.fen.as_deref().unwrap_or(game.variant.start_fen);
    let Ok(mut pos) = position_from_fen::<B>(game.variant, start) else {
        return;
    };
    let t = tables::<B>(game.variant);
    for (ply, mv) in game.moves().enumerate().take(last + 1) {
        if ply >= first {
            out.push(Sample {
                variant: game.variant,
                fen: pos.to_fen(),
            });
        }
        make(t, &mut pos, mv);
    }
}

/// Whether `text` is a legal move in `sample`.
fn is_legal(sample: &Sample, text: &str) -> bool {
    fn legal<B: TableCache>(sample: &Sample, text: &str) -> bool {
        position_from_fen::<B>(sample.variant, &sample.fen)
            .is_ok_and(|pos| parse_move(&pos, text).is_ok())
    }
    with_board_bits!(sample.variant, B => legal::<B>(sample, text))
}

/// The reference's scores, by `variant;fen;move` (`-` for the position itself): its best
/// move and the score for the side that moved into the position judged.
struct Cache {
    scores: HashMap<String, (String, i32)>,
    file: Option<std::fs::File>,
}

impl Cache {
    /// Reads `path` if it exists and keeps it open for new scores.
    fn open(path: Option<&Path>) -> Result<Cache, String> {
        let mut scores = HashMap::new();
        let Some(path) = path else {
            return Ok(Cache { scores, file: None });
        };
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines() {
                let parts: Vec<&str> = line.split(';').collect();
                if let [variant, fen, mv, best, score] = parts[..] {
                    if let Ok(score) = score.parse() {
                        scores.insert(format!("{variant};{fen};{mv}"), (best.to_string(), score));
                    }
                }
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Cache {
            scores,
            file: Some(file),
        })
    }

    fn key(sample: &Sample, mv: Option<&str>) -> String {
        format!("{};{};{}", sample.variant.id, sample.fen, mv.unwrap_or("-"))
    }

    /// The reference's best move and score in `sample` after `mv` (if given), searching
    /// unless the cache has it; the score is for the side to move in `sample`.
    fn score(
        &mut self,
        reference: &mut Player,
        sample: &Sample,
        mv: Option<&str>,
        ms: u64,
    ) -> Result<(String, i32), String> {
        let key = Cache::key(sample, mv);
        if let Some(found) = self.scores.get(&key) {
            return Ok(found.clone());
        }
        let position = match mv {
            Some(mv) => format!("position fen {} moves {mv}", sample.fen),
            None => format!("position fen {}", sample.fen),
        };
        let label = reference.label();
        reference
            .new_game(sample.variant)
            .map_err(|e| format!("{label}: {e}"))?;
        let reply = reference
            .go(
                &position,
                &format!("go movetime {ms}"),
                Duration::from_millis(ms) + Duration::from_secs(10),
            )
            .map_err(|e| format!("{label} gave no move in {}: {e}", sample.fen))?;
        let score = reply
            .info
            .score
            .map(|s| s.centipawns(MATE_CP))
            .ok_or_else(|| format!("{label} gave no score in {position}"))?;
        // After a move the score is the opponent's: turn it to the mover's.
        let score = if mv.is_some() { -score } else { score };
        let found = (reply.best_move, score);
        if let Some(file) = &mut self.file {
            writeln!(file, "{key};{};{}", found.0, found.1)
                .map_err(|e| format!("cannot write the cache: {e}"))?;
        }
        self.scores.insert(key, found.clone());
        Ok(found)
    }
}

/// Starts the engine of `spec` (building Joust first if `build`).
fn start(spec: &str, args: &QualityArgs, build: bool) -> Result<Player, String> {
    let spec = EngineSpec::parse(spec).map_err(|e| e.to_string())?;
    let build = build && spec.program == Program::Joust;
    let launch = resolve(&spec, &mut args.engines.finder(), build)?;
    Player::start(&spec, &launch).map_err(|e| e.to_string())
}

fn quality(args: &QualityArgs) -> Result<(), String> {
    let plies = parse_plies(&args.plies)?;
    let (games, _) = read_games(&args.pgns)?;
    let samples = draw(&games, plies, args.positions, args.seed);
    if samples.is_empty() {
        return Err(format!(
            "no position at plies {} in {} games",
            args.plies,
            games.len()
        ));
    }
    let mut engine = start(&args.engine, args, !args.no_build)?;
    let mut reference = start(&args.reference, args, false)?;
    let mut cache = Cache::open(args.cache.as_deref())?;
    let (label, reference_label) = (engine.label(), reference.label());
    let mut losses = Vec::with_capacity(samples.len());
    let mut same = 0;
    for (i, sample) in samples.iter().enumerate() {
        let (best, best_score) = cache.score(&mut reference, sample, None, args.reference_ms)?;
        engine
            .new_game(sample.variant)
            .map_err(|e| format!("{label}: {e}"))?;
        let reply = engine
            .go(
                &format!("position fen {}", sample.fen),
                &format!("go movetime {}", args.engine_ms),
                Duration::from_millis(args.engine_ms) + Duration::from_secs(10),
            )
            .map_err(|e| format!("{label} gave no move in {}: {e}", sample.fen))?;
        let mv = reply.best_move;
        if !is_legal(sample, &mv) {
            return Err(format!("{label} played '{mv}', illegal in {}", sample.fen));
        }
        let loss = if mv == best {
            same += 1;
            0
        } else {
            let (_, score) = cache.score(&mut reference, sample, Some(&mv), args.reference_ms)?;
            (best_score - score).clamp(0, args.cap)
        };
        losses.push(loss);
        if args.verbose {
            println!("{i:4} {mv:>8} {best:>8} {loss:4}  {}", sample.fen);
        } else if (i + 1) % 25 == 0 {
            eprintln!("{} of {} positions", i + 1, samples.len());
        }
    }
    let n = losses.len() as f64;
    let mean = losses.iter().sum::<i32>() as f64 / n;
    let var = losses
        .iter()
        .map(|&l| (l as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let mut sorted = losses.clone();
    sorted.sort_unstable();
    println!(
        "{} positions (plies {}, seed {}), {label} at {} ms, judged by {reference_label} at {} ms",
        losses.len(),
        args.plies,
        args.seed,
        args.engine_ms,
        args.reference_ms
    );
    println!(
        "mean loss {mean:.1} cp (standard error {:.1}), median {} cp, the reference's move {:.0}%, losses over 100 cp {}",
        (var / n).sqrt(),
        sorted[sorted.len() / 2],
        100.0 * same as f64 / n,
        losses.iter().filter(|&&l| l > 100).count()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_notation::read_pgn;

    #[test]
    fn ply_ranges_read() {
        assert_eq!(parse_plies("16-70"), Ok((16, 70)));
        assert!(parse_plies("70-16").is_err());
        assert!(parse_plies("16").is_err());
    }

    #[test]
    fn positions_are_drawn_from_the_ply_range_repeatably() {
        let pgn = "[Variant \"LancerChess\"]\n\n1. e4 e5 2. d4 d5 3. c4 c5 *\n";
        let games: Vec<PgnGame> = read_pgn(pgn).into_iter().map(|g| g.unwrap()).collect();
        let drawn = draw(&games, (2, 3), 10, 7);
        assert_eq!(drawn.len(), 2);
        // After 1. e4 e5 (ply 2) and after 2. d4 (ply 3).
        let fens: Vec<&str> = drawn.iter().map(|s| s.fen.as_str()).collect();
        assert!(
            fens.iter()
                .any(|f| f.contains("/4P3/") && f.contains(" w ")),
            "{fens:?}"
        );
        assert!(
            fens.iter()
                .any(|f| f.contains("/3PP3/") && f.contains(" b ")),
            "{fens:?}"
        );
        let again = draw(&games, (2, 3), 10, 7);
        assert_eq!(
            drawn.iter().map(|s| &s.fen).collect::<Vec<_>>(),
            again.iter().map(|s| &s.fen).collect::<Vec<_>>()
        );
        let white = drawn.iter().find(|s| s.fen.contains(" w ")).unwrap();
        assert!(is_legal(white, "a2a3"));
        assert!(!is_legal(white, "a2a5"));
    }
}
