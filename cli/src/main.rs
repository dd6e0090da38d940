//! `joust`: the command line of the Joust chess-variant engine.

mod musketeer_opt;
mod perft_cmd;
mod tour_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Joust: an engine for chess variants with unusual pieces.
#[derive(Parser, Debug)]
#[command(name = "joust", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the legal move sequences of a given length (proves the move generator).
    Perft(perft_cmd::PerftArgs),
    /// Solve the King's Lancer tour puzzle (or any leaper's) on boards up to 10x10.
    Tour(tour_cmd::TourArgs),
}

/// A failure to report to the user: one line on stderr, exit status 2.
#[derive(Debug)]
pub struct UserError(pub String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft_cmd::run(&args).map(|()| 0),
        Command::Tour(args) => tour_cmd::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(UserError(msg)) => {
            eprintln!("joust: error: {msg}");
            ExitCode::from(2)
        }
    }
}
