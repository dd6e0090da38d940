//! `cargo xtask`: Joust's automation.
//!
//! - `cargo xtask perft` checks every count of the reference perft suites
//!   (`<workspace>/suites/reference/*.perft` and `suites/*.perft`) at full depth.
//! - `cargo xtask compare` times Joust's perft against Stockfish, Fairy-Stockfish and
//!   fsf-uci on the same positions, in one run.
//! - `cargo xtask fsf-verify` is the differential test against Fairy-Stockfish: legal
//!   moves, FEN and perft of the start and random play-outs, for one game or all it has;
//!   it writes the reference files of the games it proves.
//! - `cargo xtask match` plays a match between two UCI engines with Joust as referee
//!   (the match library, `joust-match`, does the playing).
//! - `cargo xtask bench` counts the nodes of fixed-depth searches of stored positions.
//! - `cargo xtask tune` fits the evaluation's weights to a reference engine's scores.
//! - `cargo xtask diagnose` reads an engine's games: castling, royal moves, and a
//!   reference engine's evaluation terms at chosen plies.
//! - `cargo xtask quality` scores an engine's moves in positions of played games by how
//!   much a reference engine's search says each falls short of its own best move.
//! - `cargo xtask soak` runs random UCI sessions against the release binary, or a long
//!   self-play run at a very fast clock (not for CI).
//! - `cargo xtask datagen` plays Joust against itself at fixed nodes and writes training
//!   data for a learned evaluation (positions, scores, results; resumable).
//! - `cargo xtask expand` adds to that data the quiet positions one move on, scored by a
//!   short search.
//! - `cargo xtask train` trains a network for `joust-nnue` on that data.

mod bench;
mod compare;
mod datagen;
mod diagnose;
mod engines;
mod fsf_verify;
mod game_list;
mod joust;
mod launch;
mod machine;
mod match_cmd;
mod network_file;
mod paths;
mod perft_check;
mod pgn_files;
mod quality;
mod record_game;
mod reference;
mod soak;
mod soak_games;
mod soak_session;
mod soak_uci;
mod table;
mod train;
mod tune;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Joust's automation tasks.
#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "Joust's automation tasks"
)]
struct Cli {
    /// The task to run.
    #[command(subcommand)]
    task: Task,
}

/// One automation task.
#[derive(Subcommand, Debug)]
enum Task {
    /// Check every count of the reference perft suites (exit status 1 on a mismatch).
    Perft(perft_check::PerftArgs),
    /// Time single-threaded perft of Joust against external UCI engines.
    Compare(compare::CompareArgs),
    /// Compare legal moves, FEN and perft with Fairy-Stockfish; write reference files.
    FsfVerify(fsf_verify::FsfVerifyArgs),
    /// Play a match between two UCI engines in any of Joust's games, Joust refereeing.
    Match(Box<match_cmd::MatchArgs>),
    /// Search stored positions of each game to a fixed depth: node counts and speed.
    Bench(bench::BenchArgs),
    /// Fit the evaluation's weights to a reference engine's scores of game positions.
    Tune(tune::TuneArgs),
    /// Read an engine's games: castling, royal moves, a reference's evaluation terms.
    Diagnose(diagnose::DiagnoseArgs),
    /// Score an engine's moves in game positions by a reference engine's search.
    Quality(quality::QualityArgs),
    /// Find a random legal game of a game id that shows its special moves and ends in
    /// mate, printed as an entry of notation/tests/recorded.rs.
    RecordGame(record_game::RecordArgs),
    /// Self-play at fixed nodes: training data for a learned evaluation (resumable).
    Datagen(datagen::DatagenArgs),
    /// More training positions: one move on from datagen's, scored by a short search.
    Expand(datagen::expand::ExpandArgs),
    /// Train a learned evaluation's network on datagen's files (CPU, float32, Adam).
    Train(train::TrainArgs),
    /// Soak the release binary: random UCI sessions, or fast self-play (not for CI).
    Soak(soak::SoakArgs),
}

/// Runs the task; exit status 1 when it found a mismatch or failed.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let ok = match &cli.task {
        Task::Perft(args) => perft_check::run(args),
        Task::Compare(args) => compare::run(args),
        Task::FsfVerify(args) => fsf_verify::run(args),
        Task::Match(args) => match_cmd::run(args),
        Task::Bench(args) => bench::run(args),
        Task::Tune(args) => tune::run(args),
        Task::Diagnose(args) => diagnose::run(args),
        Task::Quality(args) => quality::run(args),
        Task::RecordGame(args) => record_game::run(args),
        Task::Soak(args) => soak::run(args),
        Task::Datagen(args) => datagen::run(args),
        Task::Expand(args) => datagen::expand::run(args),
        Task::Train(args) => train::run(args),
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
