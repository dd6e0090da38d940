//! `cargo xtask train`: trains a network for `joust-nnue` on CPU from datagen's files.
//! float32, Adam over mini-batches (the gradient of each batch summed on every core with
//! rayon), sparse inputs, the loss on sigmoid(output) against a mix of the search's
//! score (as sigmoid(score / SCALE)) and the game's result; one game in sixteen is held
//! out and its loss printed after every epoch, and the epoch with the lowest is kept. The result is quantised and written in
//! the network format.

mod baseline;
mod model;

use crate::datagen::format::{self, Header};
use clap::Args;
use joust_core::Color;
use joust_nnue::network::{feature_count, feature_index};
use joust_nnue::SCALE;
use model::{Adam, Model, Sample};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// `cargo xtask train` arguments.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Data files written by `cargo xtask datagen`, all of one game.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Where to write the network.
    #[arg(long, value_name = "NET")]
    out: PathBuf,
    /// Accumulator width (a multiple of 16).
    #[arg(long, default_value_t = 256)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Weight of the game's result in the target (the rest: the search's score).
    #[arg(long, default_value_t = 0.5)]
    wdl: f32,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Learning rate (divided by ten for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Positions whose |score| is above this (centipawns) are left out.
    #[arg(long, default_value_t = 3000)]
    max_score: i32,
    /// Train the network as a correction added to the game's evaluation from data (the
    /// network file says so, and the engine adds the two), not as the whole evaluation.
    #[arg(long)]
    correction: bool,
    /// Seed of the initial weights and the shuffling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `cargo xtask train`; false on an error (printed).
pub fn run(args: &TrainArgs) -> bool {
    match train(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("train: {e}");
            false
        }
    }
}

/// What [`load`] reads: the training and held-out samples, the held-out positions as
/// records (for [`baseline`]), and the header of the first file.
struct Loaded {
    train: Vec<Sample>,
    held: Vec<Sample>,
    held_records: Vec<baseline::HeldRecord>,
    header: Header,
}

/// The samples of every file.
fn load(args: &TrainArgs) -> Result<Loaded, String> {
    let mut header: Option<Header> = None;
    let (mut train, mut held, mut held_records) = (Vec::new(), Vec::new(), Vec::new());
    for path in &args.data {
        let scanned = format::read_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let h = scanned.header;
        if let Some(first) = &header {
            if (&first.id, first.files, first.ranks, first.kinds)
                != (&h.id, h.files, h.ranks, h.kinds)
            {
                return Err(format!(
                    "{} holds {} data, not {}",
                    path.display(),
                    h.id,
                    first.id
                ));
            }
        }
        let variant = joust_core::variants::by_id(&h.id).ok();
        let eval = variant.map(baseline::data_evaluation);
        for block in &scanned.blocks {
            let bases = match (args.correction, variant, &eval) {
                (true, Some(v), Some(e)) => baseline::values(e, v, &block.records),
                (true, _, _) => {
                    return Err(format!("{}: no game {} to correct", path.display(), h.id))
                }
                (false, _, _) => Vec::new(),
            };
            // Hold out by game, so no position of a held-out game is trained on.
            let out = (block.game as u64 ^ h.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60 == 0;
            for (i, r) in block.records.iter().enumerate() {
                if (r.score as i32).abs() > args.max_score {
                    continue;
                }
                let stm = if r.black_to_move {
                    Color::Black
                } else {
                    Color::White
                };
                let feats = |persp: Color| -> Vec<u32> {
                    r.pieces
                        .iter()
                        .map(|&(sq, black, k)| {
                            let c = if black { Color::Black } else { Color::White };
                            feature_index(
                                h.files,
                                h.ranks,
                                h.kinds as usize,
                                persp,
                                c,
                                k as usize,
                                sq,
                            ) as u32
                        })
                        .collect()
                };
                let white = block.result.white_score();
                let sample = Sample {
                    us: feats(stm),
                    them: feats(!stm),
                    score: r.score as f32,
                    result: if r.black_to_move { 1.0 - white } else { white },
                    base: bases.get(i).map_or(0.0, |&cp| cp as f32 / SCALE as f32),
                };
                if out {
                    held_records.push(baseline::HeldRecord {
                        record: r.clone(),
                        result: sample.result,
                        score: sample.score,
                    });
                    held.push(sample);
                } else {
                    train.push(sample);
                }
            }
        }
        header.get_or_insert(h);
    }
    let header = header.ok_or("no data file")?;
    Ok(Loaded {
        train,
        held,
        held_records,
        header,
    })
}

/// The mean loss of `samples`.
fn mean_loss(model: &Model, samples: &[Sample], wdl: f32) -> f64 {
    let h = model.hidden;
    let total: f64 = samples
        .par_chunks(1024)
        .map(|chunk| {
            let (mut us, mut them) = (vec![0.0; h], vec![0.0; h]);
            chunk
                .iter()
                .map(|s| model.loss(s, wdl, &mut us, &mut them) as f64)
                .sum::<f64>()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Loads, trains, quantises and writes.
fn train(args: &TrainArgs) -> Result<(), String> {
    if args.hidden == 0 || !args.hidden.is_multiple_of(16) {
        return Err("--hidden must be a positive multiple of 16".into());
    }
    let Loaded {
        mut train,
        held,
        held_records,
        header: h,
    } = load(args)?;
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let features = feature_count(h.kinds as usize, h.files, h.ranks);
    println!(
        "{}: {} training and {} held-out positions, {features} features, hidden {}, wdl {}",
        h.id,
        train.len(),
        held.len(),
        args.hidden,
        args.wdl
    );
    if let Ok(variant) = joust_core::variants::by_id(&h.id) {
        let (loss, gap) = baseline::loss(variant, &held_records, args.wdl);
        println!(
            "the evaluation from data: held-out loss {loss:.6}, {gap:.1} cp from the search's scores on average"
        );
    }
    let mut model = Model::new(features, args.hidden, h.squares(), args.seed);
    let mut adam = Adam::new(model.params.len());
    let mut rng = joust_core::rng::SplitMix64::new(args.seed);
    let n = model.params.len();
    let hidden = args.hidden;
    let mut best = (mean_loss(&model, &held, args.wdl), 0, model.clone());
    println!("epoch 0: held-out loss {:.6}", best.0);
    for epoch in 1..=args.epochs {
        let start = Instant::now();
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let lr = if epoch * 4 > args.epochs * 3 {
            args.lr / 10.0
        } else {
            args.lr
        };
        let mut total = 0.0f64;
        for batch in train.chunks(args.batch.max(1)) {
            let per = batch.len().div_ceil(rayon::current_num_threads()).max(256);
            let (grad, loss) = batch
                .par_chunks(per)
                .map(|chunk| {
                    let mut grad = vec![0.0f32; n];
                    let (mut us, mut them) = (vec![0.0; hidden], vec![0.0; hidden]);
                    let mut loss = 0.0f64;
                    for s in chunk {
                        loss += model.backward(s, args.wdl, &mut grad, &mut us, &mut them) as f64;
                    }
                    (grad, loss)
                })
                .reduce(
                    || (vec![0.0f32; n], 0.0),
                    |(mut a, la), (b, lb)| {
                        for (x, y) in a.iter_mut().zip(&b) {
                            *x += y;
                        }
                        (a, la + lb)
                    },
                );
            total += loss;
            adam.step(&mut model.params, &grad, batch.len(), lr);
        }
        let held_loss = mean_loss(&model, &held, args.wdl);
        println!(
            "epoch {epoch}: training loss {:.6}, held-out loss {held_loss:.6} ({:.1} s)",
            total / train.len() as f64,
            start.elapsed().as_secs_f64()
        );
        if held_loss < best.0 || held.is_empty() {
            best = (held_loss, epoch, model.clone());
        }
    }
    let (held_loss, epoch, model) = best;
    println!("kept epoch {epoch}: held-out loss {held_loss:.6}");
    let net = model
        .quantise(&h.id, h.files, h.ranks, h.kinds as usize)
        .map_err(|e| e.to_string())?;
    let net = if args.correction {
        net.into_correction()
    } else {
        net
    };
    report_quantisation(&model, &net, &held);
    std::fs::write(&args.out, net.to_bytes())
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    println!(
        "wrote {} ({} bytes)",
        args.out.display(),
        net.to_bytes().len()
    );
    Ok(())
}

/// How far the quantised network's values are from the float model's, and from the
/// search's scores, on held-out positions (mean absolute differences in centipawns).
fn report_quantisation(model: &Model, net: &joust_nnue::Network, held: &[Sample]) {
    if held.is_empty() {
        return;
    }
    let (diff, gap): (f64, f64) = held
        .par_iter()
        .map(|s| {
            let us: Vec<usize> = s.us.iter().map(|&f| f as usize).collect();
            let them: Vec<usize> = s.them.iter().map(|&f| f as usize).collect();
            let q = net.output(&net.sum_features(&us), &net.sum_features(&them)) as f64
                + (s.base * SCALE as f32) as f64;
            (
                (q - model.eval_cp(s) as f64).abs(),
                (q - s.score as f64).abs(),
            )
        })
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    let n = held.len() as f64;
    println!(
        "quantised network on {} held-out positions: {:.2} cp from the float model's values, {:.1} cp from the search's scores on average",
        held.len(),
        diff / n,
        gap / n
    );
}
