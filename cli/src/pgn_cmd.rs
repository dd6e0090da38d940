//! `joust pgn`: check the games of a PGN file, or convert their moves between SAN and
//! coordinate notation.

use crate::progress::Progress;
use crate::UserError;
use clap::{Args, Subcommand, ValueEnum};
use joust_notation::{write_pgn, MoveNotation, PgnError, PgnErrorKind, PgnGame, PgnReader};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};

/// Arguments of `joust pgn`.
#[derive(Args, Debug)]
pub struct PgnArgs {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand, Debug)]
enum PgnCommand {
    /// Replay every game; report the first illegal move of each and any result the moves
    /// contradict. Games of kinds Joust does not play (Chess960, Crazyhouse, …) are
    /// reported and skipped. Exit status 1 if any game failed.
    Check {
        /// The PGN file (`-` reads standard input).
        file: String,
    },
    /// Write every game again with its moves in SAN or coordinate notation (a null move
    /// as `--` or `0000`); games that cannot be read are reported on standard error (exit
    /// status 1) and left out, as are games of kinds Joust does not play (a warning).
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

/// The games of a PGN file (`-`: standard input), read one at a time as they are needed,
/// so that a file of any size takes the memory of one game.
pub(crate) fn open_pgn(file: &str) -> Result<PgnReader<Box<dyn BufRead>>, UserError> {
    let input: Box<dyn BufRead> = if file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = File::open(file).map_err(|e| UserError(format!("cannot read '{file}': {e}")))?;
        Box::new(BufReader::new(f))
    };
    Ok(PgnReader::new(input))
}

/// A failure to read the input itself (not a bad game), as the error the command ends
/// with.
pub(crate) fn read_failure(file: &str, e: &PgnError) -> Option<UserError> {
    match &e.kind {
        PgnErrorKind::Read(why) => Some(UserError(format!("cannot read '{file}': {why}"))),
        _ => None,
    }
}

/// True for a game of a kind Joust does not play (Chess960, Crazyhouse, …): it is
/// reported and skipped, and does not count as a failure.
pub(crate) fn is_skipped(e: &PgnError) -> bool {
    matches!(e.kind, PgnErrorKind::UnsupportedVariant { .. })
}

/// Reports a game that did not load on stderr, as a warning if it is only skipped (see
/// [`is_skipped`]) and as an error otherwise; true if it counts as a failure. A failure to
/// read the input itself ends the command.
pub(crate) fn report_unloaded(file: &str, e: &PgnError) -> Result<bool, UserError> {
    if let Some(fail) = read_failure(file, e) {
        return Err(fail);
    }
    if is_skipped(e) {
        eprintln!("joust: warning: {e}; skipped");
        Ok(false)
    } else {
        eprintln!("joust: error: {e}");
        Ok(true)
    }
}

/// A short label for a game: its number and players.
fn label(n: usize, g: &PgnGame) -> String {
    let white = g.tag("White").unwrap_or("?");
    let black = g.tag("Black").unwrap_or("?");
    format!("game {n} ({}, {white} - {black})", g.variant.id)
}

/// "1 game" or "N games".
fn games(n: usize) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

/// Runs the command; returns the exit status.
pub fn run(args: &PgnArgs) -> Result<u8, UserError> {
    match &args.command {
        PgnCommand::Check { file } => check(file),
        PgnCommand::Convert { to, file } => convert(file, *to),
    }
}

/// The games of `file` like [`open_pgn`], read through a bar over the file's bytes (a
/// spinner-less bar of unknown size for standard input).
fn open_pgn_shown(
    file: &str,
    progress: &Progress,
) -> Result<PgnReader<Box<dyn BufRead>>, UserError> {
    if file == "-" {
        return Ok(PgnReader::new(Box::new(std::io::stdin().lock())));
    }
    let f = File::open(file).map_err(|e| UserError(format!("cannot read '{file}': {e}")))?;
    if let Ok(meta) = f.metadata() {
        progress.restart(meta.len());
    }
    Ok(PgnReader::new(Box::new(BufReader::new(
        progress.wrap_read(f),
    ))))
}

fn check(file: &str) -> Result<u8, UserError> {
    let progress = Progress::bytes(0);
    let (mut total, mut failed, mut skipped) = (0, 0, 0);
    for game in open_pgn_shown(file, &progress)? {
        total += 1;
        progress.set(&format!("checked {}", games(total)));
        match game {
            Ok(g) if g.issues.is_empty() => {
                progress.println(&format!(
                    "{}: ok, {} plies, {}",
                    label(total, &g),
                    g.line.moves.len(),
                    g.result
                ));
            }
            Ok(g) => {
                failed += 1;
                for issue in &g.issues {
                    progress.println(&format!(
                        "{}: line {}, column {}: {}",
                        label(total, &g),
                        issue.loc.line,
                        issue.loc.column,
                        issue.kind
                    ));
                }
            }
            Err(e) => {
                if let Some(fail) = read_failure(file, &e) {
                    return Err(fail);
                }
                if is_skipped(&e) {
                    skipped += 1;
                    progress.println(&format!("{e}; skipped"));
                } else {
                    failed += 1;
                    progress.println(&format!("{e}"));
                }
            }
        }
    }
    let skipped_text = match skipped {
        0 => String::new(),
        n => format!(
            ", {n} skipped (Joust cannot play {})",
            if n == 1 { "it" } else { "them" }
        ),
    };
    progress.println(&format!(
        "{}: {} ok, {failed} failed{skipped_text}",
        games(total),
        total - failed - skipped
    ));
    Ok(u8::from(failed > 0))
}

fn convert(file: &str, to: Notation) -> Result<u8, UserError> {
    let notation = match to {
        Notation::San => MoveNotation::San,
        Notation::Coord => MoveNotation::Coordinate,
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut failed = false;
    for game in open_pgn(file)? {
        match game {
            Ok(g) => {
                for issue in &g.issues {
                    eprintln!("joust: warning: {issue}");
                }
                let _ = out.write_all(write_pgn(&g, notation).as_bytes());
            }
            Err(e) => failed |= report_unloaded(file, &e)?,
        }
    }
    Ok(u8::from(failed))
}
