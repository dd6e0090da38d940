//! `tune fit`: coordinate descent on the evaluation's weights (and, if asked, the pieces'
//! values), minimising the squared difference between the win probability of Joust's
//! static evaluation and a target: a reference engine's score, scaled to Joust's
//! centipawns by the factor that fits the current weights best (engines count a pawn
//! differently), or the result of the game the position came from (Texel's method, where
//! the factor is fitted on Joust's side instead). The factor is then held fixed.

use joust_core::{variants, Color, Position, Variant};
use joust_movegen::{position_from_fen, tables, Tables};
use joust_search::{tuned, Evaluator, Weights};
use std::path::Path;

/// One labelled position.
struct Sample {
    variant: usize,
    pos: Position<u64>,
    /// Reference centipawns for White, or White's score in the game (0 to 1).
    target: f64,
}

/// The win probability of a score in centipawns (the Elo curve, 400 centipawns per 10x).
pub(crate) fn win_probability(cp: f64) -> f64 {
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
    /// Joust centipawns per reference centipawn (fitted when `None`); with `results`,
    /// the factor on Joust's own centipawns.
    pub scale: Option<f64>,
    /// How many of the worst-fitted positions to print.
    pub worst: usize,
    /// The labels are game results (`extract --results`), not reference scores.
    pub results: bool,
    /// Fit the pieces' values too (every kind but pawns and royal pieces, by letter).
    pub values: bool,
    /// Start from the game's fitted evaluation ([`tuned`]) instead of the generic one
    /// (the positions must all be of one game, as the weights are shared).
    pub from_fitted: bool,
}

/// Everything the fit may move: the weights, and each game's piece values by letter
/// (pawns stay at their value, the unit of the rest).
#[derive(Clone, Debug)]
struct Params {
    weights: Weights,
    /// (game, letter, centipawns).
    values: Vec<(usize, char, i32)>,
}

impl Params {
    /// The generic weights, with `games`' pieces' own values when `values`; with
    /// `from_fitted`, the one game's fitted weights and values instead (see [`tuned`]).
    fn start(games: &[&'static Variant], values: bool, from_fitted: bool) -> Params {
        let mut list = Vec::new();
        if values {
            for (g, game) in games.iter().enumerate() {
                let e = if from_fitted {
                    Evaluator::new(game)
                } else {
                    Evaluator::generic(game)
                };
                for k in game.kind_ids() {
                    let kind = game.kind(k);
                    if kind.pawn
                        || kind.royal
                        || list
                            .iter()
                            .any(|v: &(usize, char, i32)| v.0 == g && v.1 == kind.letter)
                    {
                        continue;
                    }
                    list.push((g, kind.letter, e.value(k)));
                }
            }
        }
        let weights = match games {
            [game] if from_fitted => tuned::weights(game),
            _ => Weights::default(),
        };
        Params {
            weights,
            values: list,
        }
    }

    /// Every parameter's name: the weights', then `game.letter` for piece values.
    fn names(&mut self, games: &[&'static Variant]) -> Vec<String> {
        let mut names: Vec<String> = self
            .weights
            .fields_mut()
            .into_iter()
            .map(|(n, _)| n.to_string())
            .collect();
        names.extend(
            self.values
                .iter()
                .map(|&(g, l, _)| format!("{}.{l}", games[g].id)),
        );
        names
    }

    /// The parameter `i` of [`Params::names`].
    fn get(&mut self, i: usize) -> i32 {
        *self.slot(i)
    }

    /// Sets the parameter `i` of [`Params::names`].
    fn set(&mut self, i: usize, value: i32) {
        *self.slot(i) = value;
    }

    /// Where the parameter `i` of [`Params::names`] is kept.
    fn slot(&mut self, i: usize) -> &mut i32 {
        let weights = self.weights.fields_mut();
        let n = weights.len();
        match weights.into_iter().nth(i) {
            Some((_, w)) => w,
            None => &mut self.values[i - n].2,
        }
    }

    /// One evaluation per game of `games`, with these weights and values, and the game's
    /// move tables.
    fn evaluators(&self, games: &[&'static Variant]) -> Vec<(Evaluator, &'static Tables<u64>)> {
        games
            .iter()
            .enumerate()
            .map(|(g, game)| {
                let letters: Vec<(char, i32)> = self
                    .values
                    .iter()
                    .filter(|v| v.0 == g)
                    .map(|&(_, letter, value)| (letter, value))
                    .collect();
                let given = tuned::by_letter(game, &letters);
                let e = Evaluator::with_values(game, self.weights.clone(), &given);
                (e, tables::<u64>(game))
            })
            .collect()
    }
}

/// How labels become win probabilities, and Joust's evaluation too.
#[derive(Clone, Copy, Debug)]
struct Scoring {
    results: bool,
    scale: f64,
}

impl Scoring {
    /// The squared gap between Joust's evaluation `white` (for White) and the label.
    fn loss(self, white: f64, target: f64) -> f64 {
        let (ours, theirs) = self.probabilities(white, target);
        (ours - theirs).powi(2)
    }

    /// Joust's win probability and the label's.
    fn probabilities(self, white: f64, target: f64) -> (f64, f64) {
        if self.results {
            (win_probability(white * self.scale), target)
        } else {
            (win_probability(white), win_probability(target * self.scale))
        }
    }
}

/// Fits the weights to the labelled positions of `input` and prints them.
pub fn run(input: &Path, options: &Options<'_>) -> Result<(), String> {
    let text = std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let (games, samples) = read_samples(&text, options);
    if samples.len() < 100 {
        return Err(format!("only {} usable positions", samples.len()));
    }
    if options.from_fitted && games.len() != 1 {
        return Err(format!(
            "--from-fitted needs the positions of one game (these are of {}); pick one with --variant",
            games.len()
        ));
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
    let mut params = Params::start(&games, options.values, options.from_fitted);
    let scoring = Scoring {
        results: options.results,
        scale: options
            .scale
            .unwrap_or_else(|| fit_scale(&games, &params, &train, options.results)),
    };
    let what = if options.results {
        "Joust centipawns"
    } else {
        "reference centipawns"
    };
    println!(
        "{} training and {} held-out positions; {what} x {:.2}",
        train.len(),
        test.len(),
        scoring.scale
    );
    println!(
        "start: training error {:.6}, held-out {:.6}",
        error(&games, &params, &train, scoring),
        error(&games, &params, &test, scoring)
    );
    let all_names = params.names(&games);
    let tuned: Vec<usize> = (0..all_names.len())
        .filter(|&i| !options.freeze.iter().any(|f| *f == all_names[i]))
        .collect();
    descend(
        &games,
        &mut params,
        &train,
        scoring,
        &tuned,
        options.passes,
        |pass, e, p| {
            println!(
                "pass {pass}: training error {e:.6}, held-out {:.6}",
                error(&games, p, &test, scoring)
            );
        },
    );
    println!("parameters (changed ones marked *):");
    let mut old = Params::start(&games, options.values, options.from_fitted);
    for (i, name) in all_names.iter().enumerate() {
        let (value, was) = (params.get(i), old.get(i));
        let mark = if value != was { "*" } else { " " };
        println!("  {mark} {name}: {value}  (was {was})");
    }
    if options.worst > 0 {
        print_worst(&games, &params, &test, scoring, options.worst);
    }
    Ok(())
}

/// Coordinate descent over the parameters `tuned` of `params` for at most `passes`
/// passes: each is stepped while that lowers the training error, and its step halves when
/// neither direction does. `report` hears each pass's number, error and parameters.
fn descend(
    games: &[&'static Variant],
    params: &mut Params,
    train: &[Sample],
    scoring: Scoring,
    tuned: &[usize],
    passes: usize,
    mut report: impl FnMut(usize, f64, &Params),
) {
    let mut best = error(games, params, train, scoring);
    let mut steps: Vec<i32> = tuned
        .iter()
        .map(|&i| (params.get(i).abs() / 4).clamp(2, 50))
        .collect();
    for pass in 0..passes {
        let mut improved = false;
        for (j, &i) in tuned.iter().enumerate() {
            let current = params.get(i);
            let mut moved = false;
            for dir in [1, -1] {
                let mut value = current;
                loop {
                    let mut trial = params.clone();
                    trial.set(i, value + dir * steps[j]);
                    let e = error(games, &trial, train, scoring);
                    if e < best {
                        best = e;
                        *params = trial;
                        value += dir * steps[j];
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
            } else if steps[j] > 1 {
                steps[j] /= 2;
                improved = true;
            }
        }
        report(pass + 1, best, params);
        if !improved {
            break;
        }
    }
}

/// The games named in `text`'s lines and its usable samples: `variant;FEN;label` lines
/// of the games asked for, on boards of up to 64 squares, the label within bounds.
fn read_samples(text: &str, options: &Options<'_>) -> (Vec<&'static Variant>, Vec<Sample>) {
    let mut games: Vec<&'static Variant> = Vec::new();
    let mut samples = Vec::new();
    for line in text.lines() {
        let mut parts = line.split(';');
        let (Some(id), Some(fen), Some(label)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if !options.only.is_empty() && !options.only.iter().any(|o| o == id) {
            continue;
        }
        let (Ok(variant), Ok(target)) = (variants::by_id(id), label.parse::<f64>()) else {
            continue;
        };
        let usable = if options.results {
            (0.0..=1.0).contains(&target)
        } else {
            target.abs() <= options.max_score as f64
        };
        if !usable || !joust_movegen::fits_u64(variant) {
            continue;
        }
        let Ok(pos) = position_from_fen::<u64>(variant, fen) else {
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
            target,
        });
    }
    (games, samples)
}

/// Prints the `n` held-out positions whose evaluation is furthest from their labels.
fn print_worst(
    games: &[&'static Variant],
    params: &Params,
    data: &[Sample],
    scoring: Scoring,
    n: usize,
) {
    let evals = params.evaluators(games);
    let mut rows: Vec<(f64, i32, f64, &Sample)> = data
        .iter()
        .map(|s| {
            let ours = white_eval(&evals[s.variant], &s.pos);
            let (p, q) = scoring.probabilities(ours as f64, s.target);
            ((p - q).abs(), ours, q, s)
        })
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("worst-fitted held-out positions (Joust cp, label as a win probability, FEN):");
    for (_, ours, theirs, s) in rows.iter().take(n) {
        println!(
            "  {ours:>6} {theirs:>5.2}  {};{}",
            games[s.variant].id,
            s.pos.to_fen()
        );
    }
}

/// Joust's evaluation of `pos` from White's side, with its game's move tables at hand
/// (`Evaluator::evaluate` would look them up, under a lock, every time).
fn white_eval((e, t): &(Evaluator, &Tables<u64>), pos: &Position<u64>) -> i32 {
    let v = e.evaluate_with(t, pos);
    if pos.side_to_move() == Color::White {
        v
    } else {
        -v
    }
}

/// The factor (on the reference's centipawns, or on Joust's for results) that best fits
/// `params`.
fn fit_scale(games: &[&'static Variant], params: &Params, data: &[Sample], results: bool) -> f64 {
    (25..=200)
        .map(|i| i as f64 / 100.0)
        .map(|scale| {
            (
                scale,
                error(games, params, data, Scoring { results, scale }),
            )
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(1.0, |(s, _)| s)
}

/// Mean squared difference of win probabilities over `data`, on both cores.
fn error(games: &[&'static Variant], params: &Params, data: &[Sample], scoring: Scoring) -> f64 {
    let evals = params.evaluators(games);
    let half = data.len() / 2;
    let part = |chunk: &[Sample]| -> f64 {
        chunk
            .iter()
            .map(|s| scoring.loss(white_eval(&evals[s.variant], &s.pos) as f64, s.target))
            .sum()
    };
    let (a, b) = data.split_at(half);
    let total = std::thread::scope(|scope| {
        let other = scope.spawn(|| part(b));
        part(a) + other.join().expect("error thread")
    });
    total / data.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parameter reads back what was set, for a weight and for a piece value.
    #[test]
    fn parameters_are_weights_then_piece_values_by_letter() {
        let chess = variants::chess();
        let mut p = Params::start(&[chess], true, false);
        let names = p.names(&[chess]);
        let weights = Weights::default().fields_mut().len();
        assert_eq!(names.len(), weights + 4, "{names:?}");
        assert_eq!(names[0], "mobility_mg");
        let knight = names.iter().position(|n| n == "chess.N").unwrap();
        assert_eq!(p.get(knight), 320);
        p.set(knight, 400);
        p.set(0, 7);
        assert_eq!((p.get(knight), p.get(0)), (400, 7));
        assert_eq!(p.weights.mobility_mg, 7);
        let e = &p.evaluators(&[chess])[0].0;
        let n = chess.kind_by_letter(Color::White, 'N').unwrap();
        assert_eq!(e.value(n), 400);
    }

    /// A refit starts where the game's fitted evaluation is, weights and values; a game
    /// without a fitted entry starts from the generic one either way.
    #[test]
    fn a_refit_starts_from_the_fitted_evaluation() {
        let lancer = variants::by_id("lancerchess").unwrap();
        let mut p = Params::start(&[lancer], true, true);
        assert_eq!(p.weights, tuned::weights(lancer));
        assert_ne!(p.weights, Weights::default());
        let names = p.names(&[lancer]);
        let tower = names.iter().position(|n| n == "lancerchess.R").unwrap();
        let r = lancer.any_kind_by_letter('R').unwrap();
        assert_eq!(p.get(tower), Evaluator::new(lancer).value(r));
        assert_ne!(p.get(tower), Evaluator::generic(lancer).value(r));
        let xiangqi = variants::by_id("xiangqi").unwrap();
        let fitted = Params::start(&[xiangqi], true, true);
        let generic = Params::start(&[xiangqi], true, false);
        assert_eq!(fitted.weights, generic.weights);
        assert_eq!(fitted.values, generic.values);
    }

    /// Labels that a knight worth 450 would explain move the knight's value up from 320,
    /// and only the parameters asked for move.
    #[test]
    fn results_labels_pull_a_piece_value_towards_what_explains_them() {
        let chess = variants::chess();
        let truth = Evaluator::with_values(
            chess,
            Weights::default(),
            &[(chess.kind_by_letter(Color::White, 'N').unwrap(), 450)],
        );
        let t = tables::<u64>(chess);
        let fens = [
            "4k3/pppp4/8/8/8/8/PPP5/1N2K3 w - - 0 1",
            "1n2k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1",
            "4k3/pp6/8/8/8/8/PPP5/1N2K3 b - - 0 1",
            "1n2k3/ppp5/8/8/8/8/PP6/4K3 b - - 0 1",
            "4k3/pppppp2/8/8/8/8/PPP5/1N2K3 w - - 0 1",
            "1n2k3/ppp5/8/8/8/8/PPPPPP2/4K3 b - - 0 1",
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .map(|fen| {
                let pos = position_from_fen::<u64>(chess, fen).unwrap();
                let white = white_eval(&(truth.clone(), t), &pos) as f64;
                Sample {
                    variant: 0,
                    pos,
                    target: win_probability(white),
                }
            })
            .collect();
        let scoring = Scoring {
            results: true,
            scale: 1.0,
        };
        let mut p = Params::start(&[chess], true, false);
        let names = p.names(&[chess]);
        let knight = names.iter().position(|n| n == "chess.N").unwrap();
        let before = error(&[chess], &p, &samples, scoring);
        let mut passes = 0;
        descend(
            &[chess],
            &mut p,
            &samples,
            scoring,
            &[knight],
            20,
            |_, _, _| passes += 1,
        );
        assert!(passes >= 1);
        assert!(
            (p.get(knight) - 450).abs() <= 10,
            "knight {}",
            p.get(knight)
        );
        assert!(error(&[chess], &p, &samples, scoring) < before / 10.0);
        assert_eq!(p.weights, Weights::default());
    }

    /// With results, Joust's centipawns are scaled; with reference scores, the reference's.
    #[test]
    fn scoring_scales_the_side_it_is_told_to() {
        let results = Scoring {
            results: true,
            scale: 0.5,
        };
        assert_eq!(
            results.probabilities(400.0, 1.0),
            (win_probability(200.0), 1.0)
        );
        let reference = Scoring {
            results: false,
            scale: 0.5,
        };
        let (ours, theirs) = reference.probabilities(400.0, 400.0);
        assert_eq!(
            (ours, theirs),
            (win_probability(400.0), win_probability(200.0))
        );
        assert_eq!(reference.loss(100.0, 200.0), 0.0);
    }
}
