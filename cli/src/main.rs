//! `joust`: the command line of the Joust chess-variant engine.

mod analyse_cmd;
mod bench_cmd;
mod clock;
mod diagram_cmd;
mod engine_text;
mod game_files;
mod musketeer_opt;
mod perft_cmd;
mod pgn_cmd;
mod play;
mod progress;
mod serve_cmd;
mod tour_cmd;
mod variants_cmd;
mod xboard_cmd;

use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;

/// Joust: an engine for chess variants with unusual pieces.
#[derive(Parser, Debug)]
#[command(
    name = "joust",
    version,
    about,
    long_about = None,
    max_term_width = 80,
    after_help = "Games: chess, the LancerChess family and many of Fairy-Stockfish's family are\n\
                  built in (`joust variants` lists them, `joust variants ID` shows one);\n\
                  `--variants FILE` adds your own.\n\n\
                  Examples:\n  \
                  joust play --variant lancerchess      play in the terminal\n  \
                  joust serve --open                    play and analyse in the browser\n  \
                  joust analyse --variant clash --fen FEN\n  \
                  joust perft --variant royal-lion 4    count move sequences (proves the rules)\n  \
                  joust uci                             for GUIs (cutechess, python-chess...)\n  \
                  joust xboard                          for XBoard and WinBoard"
)]
struct Cli {
    /// What to do; with none and input from a pipe, speak UCI (or XBoard's protocol if
    /// the first line is `xboard`).
    #[command(subcommand)]
    command: Option<Command>,
    /// Add the games of a game file (Fairy-Stockfish's variants.ini syntax;
    /// docs/game-files.md) to the built-in ones, for any command.
    #[arg(long, global = true, value_name = "FILE")]
    variants: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the legal move sequences of a given length (proves the move generator).
    Perft(perft_cmd::PerftArgs),
    /// Solve the King's Lancer tour puzzle (or any leaper's) on boards up to 10x10.
    Tour(tour_cmd::TourArgs),
    /// Check the games of a PGN file, or convert their moves to SAN or coordinates.
    Pgn(pgn_cmd::PgnArgs),
    /// Speak the Universal Chess Interface on standard input and output.
    Uci,
    /// Speak XBoard's protocol (CECP v2) on standard input and output.
    Xboard,
    /// Show the engine's best lines for a position, or annotate the moves of a PGN game.
    Analyse(analyse_cmd::AnalyseArgs),
    /// Play a game against the engine in the terminal.
    Play(play::PlayArgs),
    /// Draw a position as an SVG diagram (from a FEN, or a ply of a PGN game).
    Diagram(diagram_cmd::DiagramArgs),
    /// List the games, or show one game's rules in short and its start position.
    Variants(variants_cmd::VariantsArgs),
    /// Serve a board in the browser for every game: play, the engine, analysis.
    Serve(serve_cmd::ServeArgs),
    /// Search a fixed set of positions to a fixed depth: the node count and the speed.
    Bench(bench_cmd::BenchArgs),
}

/// A failure to report to the user: one line on stderr, exit status 2.
#[derive(Debug)]
pub struct UserError(pub String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(path) = &cli.variants {
        if let Err(UserError(msg)) = game_files::add(path) {
            eprintln!("joust: error: {msg}");
            return ExitCode::from(2);
        }
    }
    let result = match cli.command {
        Some(Command::Perft(args)) => perft_cmd::run(&args).map(|()| 0),
        Some(Command::Tour(args)) => tour_cmd::run(&args),
        Some(Command::Pgn(args)) => pgn_cmd::run(&args),
        Some(Command::Uci) => Ok(xboard_cmd::uci_or_xboard()),
        Some(Command::Xboard) => xboard_cmd::run(),
        Some(Command::Analyse(args)) => analyse_cmd::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Diagram(args)) => diagram_cmd::run(&args),
        Some(Command::Variants(args)) => variants_cmd::run(&args),
        Some(Command::Serve(args)) => serve_cmd::run(&args),
        Some(Command::Bench(args)) => bench_cmd::run(&args),
        None if !std::io::stdin().is_terminal() => Ok(xboard_cmd::uci_or_xboard()),
        None => {
            let _ = <Cli as clap::CommandFactory>::command().print_help();
            Ok(2)
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(UserError(msg)) => {
            eprintln!("joust: error: {msg}");
            ExitCode::from(2)
        }
    }
}
