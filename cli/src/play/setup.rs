//! The arguments of `joust play`, read and checked into a [`Setup`]: the game, the side,
//! the clock or fixed depth, the engine's threads, table and strength.

use crate::clock::{Clock, TimeControl};
use crate::UserError;
use clap::{Args, ValueEnum};
use joust_core::rng::splitmix64;
use joust_core::{variants, Color, Variant};
use joust_search::Strength;

/// The clock when neither `--time` nor `--depth` is given.
const DEFAULT_TIME: &str = "5m+3s";
/// The deepest fixed depth accepted.
const MAX_DEPTH: u32 = 100;

/// Arguments of `joust play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game id, as `joust variants` lists them.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = Side::White)]
    color: Side,
    /// Seed for `--color random` (the same seed gives the same side).
    #[arg(long)]
    seed: Option<u64>,
    /// Time control for both sides, e.g. 5m+3s, 10m, 1m30s+2s (default 5m+3s).
    #[arg(long, conflicts_with = "depth")]
    time: Option<String>,
    /// Instead of a clock, the engine searches this many plies per move (untimed game).
    #[arg(long)]
    depth: Option<u32>,
    /// Start from this position instead of the game's start.
    #[arg(long)]
    fen: Option<String>,
    /// Engine search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Engine transposition table size in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Engine strength, 1 (weakest, about 800 Elo) to 8 (full strength, the default);
    /// 200 Elo a level, a rough scale.
    #[arg(long, conflicts_with = "elo")]
    level: Option<u32>,
    /// Engine strength as an Elo from 800 to 2400 (a rough, uncalibrated scale).
    #[arg(long)]
    elo: Option<u32>,
}

/// The side a person chooses to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// Move first.
    White,
    /// Move second.
    Black,
    /// Either, by lot.
    Random,
}

/// How the engine decides how long to think.
#[derive(Clone, Debug)]
pub enum Pace {
    /// A fixed depth, no clock.
    Depth(u32),
    /// Both sides on a clock; the engine budgets its time from it.
    Clock(Clock),
}

/// What the command line decided.
pub struct Setup {
    pub variant: &'static Variant,
    pub fen: Option<String>,
    pub human: Color,
    pub by_lot: bool,
    pub pace: Pace,
    pub threads: usize,
    pub hash: usize,
    /// `--level` as given (8 is full strength), for the saved game's tags.
    pub level: Option<u32>,
    /// The engine's limited strength; `None` is full strength.
    pub strength: Option<Strength>,
}

/// Reads and checks the arguments.
pub fn read(args: &PlayArgs) -> Result<Setup, UserError> {
    let variant = variants::by_id(&args.variant).map_err(|e| UserError(e.to_string()))?;
    if args.threads == 0 || args.threads > 256 {
        return Err(UserError("--threads must be from 1 to 256".into()));
    }
    if args.hash == 0 || args.hash > 65536 {
        return Err(UserError(
            "--hash must be from 1 to 65536 (megabytes)".into(),
        ));
    }
    let pace = match (args.depth, &args.time) {
        (Some(d), _) if d == 0 || d > MAX_DEPTH => {
            return Err(UserError(format!(
                "--depth must be from 1 to {MAX_DEPTH}, not {d}"
            )))
        }
        (Some(d), _) => Pace::Depth(d),
        (None, time) => {
            let text = time.as_deref().unwrap_or(DEFAULT_TIME);
            let tc = TimeControl::parse(text).map_err(|e| UserError(format!("--time: {e}")))?;
            Pace::Clock(Clock::new(tc))
        }
    };
    if args.seed.is_some() && args.color != Side::Random {
        return Err(UserError("--seed only applies to --color random".into()));
    }
    let (human, by_lot) = match args.color {
        Side::White => (Color::White, false),
        Side::Black => (Color::Black, false),
        Side::Random => {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            let side = if splitmix64(&mut { seed }) & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (side, true)
        }
    };
    let strength_seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let strength = match (args.level, args.elo) {
        (Some(level), _) => Strength::from_level(level, strength_seed)
            .map_err(|e| UserError(format!("--level: {e}")))?,
        (None, Some(elo)) => Some(
            Strength::from_elo(elo, strength_seed).map_err(|e| UserError(format!("--elo: {e}")))?,
        ),
        (None, None) => None,
    };
    let setup = Setup {
        variant,
        level: args.level,
        strength,
        fen: args.fen.clone(),
        human,
        by_lot,
        pace,
        threads: args.threads,
        hash: args.hash,
    };
    Ok(setup)
}
