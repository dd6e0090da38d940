//! `cargo xtask tune`: fit the evaluation's weights to reference scores or game results.
//!
//! Three steps, each its own subcommand so their files can be kept and reused:
//! 1. `extract` takes the quiet positions of PGN games (with `--results`, each with its
//!    game's result, which makes step 2 unnecessary);
//! 2. `label` has a reference engine score each one statically (its `eval` command);
//! 3. `fit` moves Joust's [`joust_search::Weights`] (and with `--values` the pieces'
//!    values) until its evaluation agrees best with those scores or results, and prints
//!    what it found, with the error on positions held out. A game's fitted values go in
//!    `search/src/tuned.rs`.

mod extract;
mod fit;
mod label;

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Arguments of `cargo xtask tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    step: Step,
}

/// One step of the tuning.
#[derive(Subcommand, Debug)]
enum Step {
    /// Write the quiet positions of PGN games, one `variant;FEN` line each.
    Extract {
        /// PGN files to read.
        #[arg(required = true)]
        pgn: Vec<PathBuf>,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// Leave out each game's first plies (the random openings).
        #[arg(long, default_value_t = 10)]
        skip_plies: usize,
        /// End each line in the game's score for White (1, 0.5 or 0), for `fit --results`;
        /// unfinished games are left out.
        #[arg(long)]
        results: bool,
    },
    /// Score every position of an `extract` file with a reference engine's static
    /// evaluation (or a short search); writes `variant;FEN;centipawns for White` lines.
    Label {
        /// The positions (from `extract`).
        input: PathBuf,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// The engine's program: `fsf-uci` (the default), `fairy-stockfish`, or a path.
        #[arg(long, default_value = "fsf-uci")]
        engine: String,
        /// Score by a search of this many milliseconds instead of the static evaluation
        /// (positions it scores as a mate are left out).
        #[arg(long)]
        search_ms: Option<u64>,
        /// Write the win probability of this factor times each score instead of the
        /// centipawns: a soft game result, which `fit --results` reads alongside the
        /// lines of `extract --results` (0.8 suits Fairy-Stockfish's scores).
        #[arg(long)]
        as_result: Option<f64>,
    },
    /// Fit the weights to labelled positions and print them.
    Fit {
        /// Labelled positions (from `label`).
        input: PathBuf,
        /// Only positions of these games (all of them when not given).
        #[arg(long)]
        variant: Vec<String>,
        /// Leave out positions whose reference score is beyond this many centipawns.
        #[arg(long, default_value_t = 1500)]
        max_score: i32,
        /// Passes over all the weights.
        #[arg(long, default_value_t = 8)]
        passes: usize,
        /// Weights to leave as they are.
        #[arg(long)]
        freeze: Vec<String>,
        /// Joust centipawns per reference centipawn. Fitted to the current weights when
        /// not given, which shrinks it when they agree poorly with the reference; Stockfish
        /// counts its pieces about 1.25 times Joust's values, so 0.8 is a sound start.
        #[arg(long)]
        scale: Option<f64>,
        /// Print the positions the fitted weights still score furthest from the reference.
        #[arg(long, default_value_t = 0)]
        worst: usize,
        /// The labels are game results (from `extract --results`): fit to how the games
        /// ended, with `--scale` on Joust's centipawns.
        #[arg(long)]
        results: bool,
        /// Fit every game's piece values too (pawns and royal pieces excepted), named
        /// `game.LETTER`.
        #[arg(long)]
        values: bool,
        /// Start from the game's fitted evaluation (search/src/tuned.rs) rather than the
        /// generic one: a refit from newer games. The positions must be of one game.
        #[arg(long)]
        from_fitted: bool,
    },
}

/// Runs one step; false when it failed (the reason is printed).
pub fn run(args: &TuneArgs) -> bool {
    let result = match &args.step {
        Step::Extract {
            pgn,
            out,
            skip_plies,
            results,
        } => extract::run(pgn, out, *skip_plies, *results),
        Step::Label {
            input,
            out,
            engine,
            search_ms,
            as_result,
        } => label::run(input, out, engine, *search_ms, *as_result),
        Step::Fit {
            input,
            variant,
            max_score,
            passes,
            freeze,
            scale,
            worst,
            results,
            values,
            from_fitted,
        } => fit::run(
            input,
            &fit::Options {
                only: variant,
                max_score: *max_score,
                passes: *passes,
                freeze,
                scale: *scale,
                worst: *worst,
                results: *results,
                values: *values,
                from_fitted: *from_fitted,
            },
        ),
    };
    match result {
        Ok(()) => true,
        Err(e) => {
            eprintln!("tune: {e}");
            false
        }
    }
}
