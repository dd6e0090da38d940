//! `tune fit`: coordinate descent on the evaluation's weights, minimising the squared
//! difference of win probabilities between Joust's static evaluation and the reference
//! scores. The reference's centipawns are first scaled to Joust's by the factor that fits
//! the current weights best (engines count a pawn differently), then held fixed.

use joust_core::{variants, Color, Position, Variant};
use joust_search::{Evaluator, Weights};
use std::path::Path;

/// One labelled position.
struct Sample {
    variant: usize,
    pos: Position<u64>,
    target: f64,
}

/// The win probability of a score in centipawns (the Elo curve, 400 centipawns per 10x).
fn win_probability(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// What `tune fit` was asked to do.
pub struct Options<'a> {
    /// Only positions of these games (all when empty).
    pub only: &'a [String],
    /// Positions with a larger reference score are left out.
    pub max_score: i32,
    /// Passes over all the weights.
    pub passes: usize,
    /// Weights left as they are.
    pub freeze: &'a [String],
    /// Joust centipawns per reference centipawn (fitted when `None`).
    pub scale: Option<f64>,
    /// How many of the worst-fitted positions to print.
    pub worst: usize,
}

/// Fits the weights to the labelled positions of `input` and prints them.
pub fn run(input: &Path, options: &Options) -> Result<(), String> {
    let Options {
        only,
        max_score,
        passes,
        freeze,
        scale,
        worst,
    } = *options;
    let text = std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let mut games: Vec<&'static Variant> = Vec::new();
    let mut samples = Vec::new();
    for line in text.lines() {
        let mut parts = line.split(';');
        let (Some(id), Some(fen), Some(cp)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if !only.is_empty() && !only.iter().any(|o| o == id) {
            continue;
        }
        let (Ok(variant), Ok(cp)) = (variants::by_id(id), cp.parse::<i32>()) else {
            continue;
        };
        if cp.abs() > max_score || variant.geometry.len() > 64 {
            continue;
        }
        let Ok(pos) = Position::<u64>::from_fen(variant, fen) else {
            continue;
        };
        let index = match games.iter().position(|g| g.id == variant.id) {
            Some(i) => i,
            None => {
                games.push(variant);
                games.len() - 1
            }
        };
        samples.push(Sample {
            variant: index,
            pos,
            target: cp as f64,
        });
    }
    if samples.len() < 100 {
        return Err(format!("only {} usable positions", samples.len()));
    }
    // Every fifth position is held out to show whether the fit generalises.
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if i % 5 == 0 {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    let mut weights = Weights::default();
    let scale = scale.unwrap_or_else(|| fit_scale(&games, &weights, &train));
    println!(
        "{} training and {} held-out positions; reference centipawns x {scale:.2}",
        train.len(),
        test.len()
    );
    let mut best = error(&games, &weights, &train, scale);
    let start_test = error(&games, &weights, &test, scale);
    println!("start: training error {best:.6}, held-out {start_test:.6}");
    let names: Vec<&'static str> = weights
        .fields_mut()
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| !freeze.iter().any(|f| f == n))
        .collect();
    let mut steps: Vec<i32> = names
        .iter()
        .map(|n| (weights.get(n).unwrap_or(0).abs() / 4).max(2))
        .collect();
    for pass in 0..passes {
        let mut improved = false;
        for (i, name) in names.iter().enumerate() {
            let current = weights.get(name).unwrap_or(0);
            let mut moved = false;
            for dir in [1, -1] {
                let mut value = current;
                loop {
                    let mut trial = weights.clone();
                    trial.set(name, value + dir * steps[i]);
                    let e = error(&games, &trial, &train, scale);
                    if e < best {
                        best = e;
                        weights = trial;
                        value += dir * steps[i];
                        moved = true;
                    } else {
                        break;
                    }
                }
                if moved {
                    break;
                }
            }
            if moved {
                improved = true;
            } else if steps[i] > 1 {
                steps[i] /= 2;
                improved = true;
            }
        }
        println!(
            "pass {}: training error {best:.6}, held-out {:.6}",
            pass + 1,
            error(&games, &weights, &test, scale)
        );
        if !improved {
            break;
        }
    }
    println!("weights (changed ones marked *):");
    let default = Weights::default();
    let mut d = default.clone();
    let old: Vec<i32> = d.fields_mut().into_iter().map(|(_, v)| *v).collect();
    for ((name, value), old) in weights.fields_mut().into_iter().zip(old) {
        let mark = if *value != old { "*" } else { " " };
        println!("  {mark} {name}: {value}  (was {old})");
    }
    if worst > 0 {
        print_worst(&games, &weights, &test, scale, worst);
    }
    Ok(())
}

/// Prints the `n` held-out positions whose evaluation is furthest from the reference's.
fn print_worst(
    games: &[&'static Variant],
    weights: &Weights,
    data: &[Sample],
    scale: f64,
    n: usize,
) {
    let evals: Vec<Evaluator> = games
        .iter()
        .map(|g| Evaluator::with_weights(g, weights.clone()))
        .collect();
    let mut rows: Vec<(f64, i32, f64, &Sample)> = data
        .iter()
        .map(|s| {
            let ours = white_eval(&evals[s.variant], &s.pos);
            let theirs = s.target * scale;
            let gap = (win_probability(ours as f64) - win_probability(theirs)).abs();
            (gap, ours, theirs, s)
        })
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("worst-fitted held-out positions (Joust, reference scaled, FEN):");
    for (_, ours, theirs, s) in rows.iter().take(n) {
        println!(
            "  {ours:>6} {:>6.0}  {};{}",
            theirs,
            games[s.variant].id,
            s.pos.to_fen()
        );
    }
}

/// Joust's evaluation of `pos` from White's side.
fn white_eval(e: &Evaluator, pos: &Position<u64>) -> i32 {
    let v = e.evaluate(pos);
    if pos.side_to_move() == Color::White {
        v
    } else {
        -v
    }
}

/// The factor on the reference's centipawns that best fits `weights`.
fn fit_scale(games: &[&'static Variant], weights: &Weights, data: &[Sample]) -> f64 {
    (25..=200)
        .map(|i| i as f64 / 100.0)
        .map(|s| (s, error(games, weights, data, s)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(1.0, |(s, _)| s)
}

/// Mean squared difference of win probabilities over `data`, on both cores.
fn error(games: &[&'static Variant], weights: &Weights, data: &[Sample], scale: f64) -> f64 {
    let evals: Vec<Evaluator> = games
        .iter()
        .map(|g| Evaluator::with_weights(g, weights.clone()))
        .collect();
    let half = data.len() / 2;
    let part = |chunk: &[Sample]| -> f64 {
        chunk
            .iter()
            .map(|s| {
                let white = white_eval(&evals[s.variant], &s.pos) as f64;
                (win_probability(white) - win_probability(s.target * scale)).powi(2)
            })
            .sum()
    };
    let (a, b) = data.split_at(half);
    let total = std::thread::scope(|scope| {
        let other = scope.spawn(|| part(b));
        part(a) + other.join().expect("error thread")
    });
    total / data.len() as f64
}
