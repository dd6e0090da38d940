//! joust-match: engine matches for every Joust game.
//!
//! UCI engines run as processes (or, for tests and embedding, as functions on a thread),
//! a referee that knows every game's rules, openings, clocks, and results with Elo and
//! SPRT. No GUI offers this for Joust's games; `cargo xtask match` is a thin command over
//! it, and `cargo xtask quality`, `diagnose`, `tune label`, `fsf-verify` and `compare`
//! speak to their engines through its one UCI client.
//!
//! The parts, from the wire up:
//! - [`UciEngine`]: the UCI client. Started from a [`Launch`]; every wait on the engine
//!   is bounded ([`Timeouts`]), and every failure is a typed [`UciError`] naming the
//!   engine and what it was waiting for.
//! - [`Score`], [`InfoLine`], [`SearchInfo`]: what engines say while they search, typed.
//! - [`EngineSpec`] and [`Limits`]: one engine of a match in one string
//!   (`"fsf-uci hash=64 tc=10+0.1"`), and its limits per move; the time control is
//!   [`joust_notation::TimeControl`], which `joust play --time` reads too.
//! - [`Player`]: an engine of a match, restarted when it crashes or hangs.
//! - [`engine_move`]: which legal move an engine's `bestmove` text names.
//! - [`play_game`]: one refereed game; [`Match`]: a whole match with its
//!   [`Standings`]; [`Wdl`] and [`Sprt`]: Elo, likelihood of superiority, and the test
//!   that stops a match early.
//! - [`Opening`]: random balanced openings ([`random_opening`]) or positions from a file
//!   ([`read_openings`]).
//!
//! ```
//! use joust_match::{Launch, UciEngine};
//! use std::time::Duration;
//!
//! // Joust's own UCI loop, run in process (any program works the same way, started with
//! // `Launch::program(path)`).
//! let joust = Launch::in_process("joust", |input, output| {
//!     joust_uci::run(input, joust_uci::Output::new(output));
//! });
//! let mut engine = UciEngine::start(&joust).unwrap();
//! engine.select_variant("lancerchess").unwrap();
//! let reply = engine
//!     .go("position startpos", "go nodes 1000", Duration::from_secs(30))
//!     .unwrap();
//! assert_eq!(reply.best_move.len(), 4);
//! assert!(reply.info.score.is_some());
//! ```

#![warn(missing_docs)]

mod engine;
mod game;
mod info;
mod limits;
mod move_text;
mod openings;
mod player;
mod runner;
mod score;
mod spec;
mod sprt;

#[cfg(test)]
mod fake;

pub use engine::{
    EngineInput, EngineMain, EngineOutput, GoError, Launch, Reply, Stderr, Timeouts, UciEngine,
    UciError,
};
pub use game::{play_game, ClockUse, Fault, Finished, Referee, Sides};
pub use info::{Bound, InfoLine, SearchInfo};
pub use limits::{LimitError, Limits};
pub use move_text::{engine_move, text_for_engine, EngineMoveError};
pub use openings::{random_opening, read_openings, Opening, OpeningError, RandomOpenings, Rng};
pub use player::Player;
pub use runner::{pgn_date, Entrant, Match, MatchError, Openings, Played, Standings};
pub use score::{Score, ScoreError};
pub use spec::{pair_names, EngineSpec, Program, SpecError, SPEC_SYNTAX};
pub use sprt::{elo_of_score, score_of_elo, Sprt, SprtError, Verdict, Wdl};
