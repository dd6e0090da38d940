//! `joust pgn`: check the games of a PGN file, or convert their moves between SAN and
//! coordinate notation.

use crate::UserError;
use clap::{Args, Subcommand, ValueEnum};
use joust_notation::{read_pgn, write_pgn, MoveNotation, PgnGame};
use std::io::{Read, Write};

/// Arguments of `joust pgn`.
#[derive(Args, Debug)]
pub struct PgnArgs {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand, Debug)]
enum PgnCommand {
    /// Replay every game; report the first illegal move of each and any result the moves
    /// contradict. Exit status 1 if any game failed.
    Check {
        /// The PGN file (`-` reads standard input).
        file: String,
    },
    /// Write every game again with its moves in SAN or coordinate notation; games that
    /// cannot be read are reported on standard error (exit status 1) and left out.
    Convert {
        /// The notation to write.
        #[arg(long, value_enum)]
        to: Notation,
        /// The PGN file (`-` reads standard input).
        file: String,
    },
}

/// The notations `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Notation {
    /// Standard algebraic notation: `Nf3`, `La1TNE`, `W*a7`, `Lxe5-f6`, `Nc3/L`.
    San,
    /// Coordinate notation: `g1f3`, `b1h7ne`, `h1*h7`, `e4e5,e5f6`, `b1c3l`.
    Coord,
}

fn read_input(file: &str) -> Result<String, UserError> {
    let mut bytes = Vec::new();
    let res = if file == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(file).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    res.map_err(|e| UserError(format!("cannot read '{file}': {e}")))?;
    // PGN files are meant to be Latin-1 or UTF-8; read what is valid, replace the rest.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A short label for a game: its number and players.
fn label(n: usize, g: &PgnGame) -> String {
    let white = g.tag("White").unwrap_or("?");
    let black = g.tag("Black").unwrap_or("?");
    format!("game {n} ({}, {white} - {black})", g.variant.id)
}

/// Runs the command; returns the exit status.
pub fn run(args: &PgnArgs) -> Result<u8, UserError> {
    match &args.command {
        PgnCommand::Check { file } => check(file),
        PgnCommand::Convert { to, file } => convert(file, *to),
    }
}

fn check(file: &str) -> Result<u8, UserError> {
    let text = read_input(file)?;
    let games = read_pgn(&text);
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut failed = 0;
    for (i, game) in games.iter().enumerate() {
        let n = i + 1;
        match game {
            Ok(g) if g.issues.is_empty() => {
                let _ = writeln!(
                    out,
                    "{}: ok, {} plies, {}",
                    label(n, g),
                    g.line.moves.len(),
                    g.result
                );
            }
            Ok(g) => {
                failed += 1;
                for issue in &g.issues {
                    let _ = writeln!(
                        out,
                        "{}: line {}, column {}: {}",
                        label(n, g),
                        issue.loc.line,
                        issue.loc.column,
                        issue.kind
                    );
                }
            }
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "{e}");
            }
        }
    }
    let _ = writeln!(
        out,
        "{} game{}: {} ok, {failed} failed",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        games.len() - failed
    );
    Ok(u8::from(failed > 0))
}

fn convert(file: &str, to: Notation) -> Result<u8, UserError> {
    let text = read_input(file)?;
    let notation = match to {
        Notation::San => MoveNotation::San,
        Notation::Coord => MoveNotation::Coordinate,
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut failed = false;
    for game in read_pgn(&text) {
        match game {
            Ok(g) => {
                for issue in &g.issues {
                    eprintln!("joust: warning: {issue}");
                }
                let _ = out.write_all(write_pgn(&g, notation).as_bytes());
            }
            Err(e) => {
                failed = true;
                eprintln!("joust: error: {e}");
            }
        }
    }
    Ok(u8::from(failed))
}
