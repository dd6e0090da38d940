//! `cargo xtask fsf-verify`: the differential test of Joust's games against
//! Fairy-Stockfish (FSF), an independent implementation of the same games under the same
//! names. For one game (`--game ID`) or every game FSF offers that Joust has
//! (`--game all-fsf`), from the start position and from `--playouts N` positions reached
//! by seeded random play-outs (`playout.rs`), it compares:
//!
//! - the legal moves, and the FEN both ways, at every node of a tree of `--tree-depth`
//!   plies (`tree.rs`; the FEN check is in `checker.rs`): FSF's FEN of a position equals
//!   Joust's, Joust reads FSF's FEN back to the same position, and FSF reads Joust's back
//!   as itself; for the start also FSF's own start position (`position startpos`);
//! - perft at depths 1 to `--depth` (FSF's `go perft` against Joust's perft); a count
//!   that differs is followed down both divides to the nodes whose move lists differ
//!   (`perft.rs`).
//!
//! Every difference is printed with the move path that reaches it; the exit status is 1
//! on any. One difference of FEN convention is counted and reported but accepted:
//! Fairy-Stockfish 11.1 writes an en-passant square whenever an enemy pawn attacks it,
//! Joust only when the capture is legal (docs/rules/README.md, "FEN"); it is accepted only
//! when Joust reads FSF's FEN back to the very same position (`Checker::check_fen`). With `--write FILE` the positions and the counts both agree on (as many depths
//! as stay under `--write-budget` nodes) become a reference perft file (`write.rs`).
//!
//! A game with Chess960 castling (`chess960 = true`) is checked with FSF's
//! `UCI_Chess960` on: castling is written as the King taking its own Rook (`e1h1`).
//!
//! The engine is Debian's Fairy-Stockfish (`/usr/games/fairy-stockfish`) when it is
//! installed, else `xtask/fsf-uci/fsf-uci` (FSF in WebAssembly with Joust's LancerChess and
//! Clash loaded); a single game Debian's engine does not play (`lancerchess`, `clash`)
//! goes to fsf-uci. `--engine PATH` names another.
//!
//! `--variants FILE` checks games of a game file of one's own: Joust adds the file's games
//! to its own (as `joust --variants FILE` does) and the engine gets the same file, fsf-uci
//! through `FSF_UCI_VARIANTS` (`user_file.rs`). It is then the default engine, since
//! Debian's 11.1 cannot read custom pieces; `--game` names a game of the file, and
//! `all-fsf` means all of them. A reference file written for such a game names the game
//! file (`# Variants file: ...`, relative to its own folder), from which the tests load it.
//!
//! `--allow-extra-promotions` exists for the LancerChess-army games only (lancerchess,
//! clash) under fsf-uci: FSF offers both Lancers on every promotion square, where
//! docs/rules/lancerchess.md ("Promotion") allows one, fixed by the square's colour. With
//! the flag, a move only FSF plays is accepted exactly when it is a promotion whose from
//! and to squares Joust also promotes on, to a piece Joust does not offer there; it is
//! counted and reported, never walked into, and a perft count that differs only by such
//! moves is not a failure (nor agreed, nor written: `--write` refuses the flag). It is
//! never on by default: in any other game such a move is a difference like any other.

mod checker;
mod fsf;
mod output;
mod perft;
mod playout;
mod tree;
mod user_file;
mod write;

use crate::engines::DEBIAN_FAIRY_STOCKFISH;
use crate::paths;
use checker::{Checker, Difference, Options, Tally, MAX_DIFFERENCES};
use clap::Args;
use fsf::Fsf;
use joust_core::{variants, Variant};
use joust_match::{Launch, UciEngine};
use joust_movegen::{position_from_fen, with_board_bits, TableCache};
use std::path::{Path, PathBuf};
use std::time::Instant;
use user_file::UserFile;

/// The `--game` value that selects every game Fairy-Stockfish offers and Joust has.
const ALL_FSF: &str = "all-fsf";

/// Arguments of `cargo xtask fsf-verify`.
#[derive(Args, Debug)]
pub struct FsfVerifyArgs {
    /// A game id, or `all-fsf`: every game the engine's `UCI_Variant` lists and Joust has
    /// (with `--variants`: every game of the file).
    #[arg(long, value_name = "ID")]
    game: String,
    /// A game file (Fairy-Stockfish's variants.ini syntax, docs/game-files.md) whose games
    /// are checked: Joust adds them, and the engine loads the file too (fsf-uci through
    /// FSF_UCI_VARIANTS). The default engine is then fsf-uci.
    #[arg(long, value_name = "FILE")]
    variants: Option<PathBuf>,
    /// Check this position, and play-outs from it, instead of the game's start.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Plies of the tree whose every node gets its legal moves and FEN compared.
    #[arg(long, value_name = "PLIES", default_value_t = 2)]
    tree_depth: u32,
    /// Perft is compared at depths 1 to this.
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    depth: u32,
    /// Positions reached by seeded random play-outs, checked besides the start.
    #[arg(long, value_name = "N", default_value_t = 5)]
    playouts: usize,
    /// Seed of the play-outs.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Most plies of a play-out (each plays a random number from 1 to this).
    #[arg(long, value_name = "PLIES", default_value_t = 40)]
    max_plies: usize,
    /// The Fairy-Stockfish to run [default: /usr/games/fairy-stockfish if installed,
    /// else xtask/fsf-uci/fsf-uci; a game the first does not play goes to the second;
    /// with --variants, xtask/fsf-uci/fsf-uci]. It is started with FSF_UCI_VARIANTS set to
    /// the --variants file.
    #[arg(long, value_name = "PATH", alias = "fsf-uci")]
    engine: Option<PathBuf>,
    /// Accept promotions only Fairy-Stockfish offers, on squares where Joust promotes to
    /// another piece: for the LancerChess-army games under fsf-uci only (see the module
    /// documentation); never on by default.
    #[arg(long)]
    allow_extra_promotions: bool,
    /// Write the positions and the counts both agree on as a reference perft file (one
    /// game only; nothing is written if anything differs).
    #[arg(long, value_name = "FILE", conflicts_with = "allow_extra_promotions")]
    write: Option<PathBuf>,
    /// A paragraph for the header of the file `--write` writes (may be repeated): why
    /// these positions, what Fairy-Stockfish gets wrong elsewhere, ...
    #[arg(long, value_name = "TEXT", requires = "write")]
    note: Vec<String>,
    /// Most perft nodes, all counts together, of the file `--write` writes.
    #[arg(long, value_name = "NODES", default_value_t = 2_000_000)]
    write_budget: u64,
    /// Threads for Joust's perft [default: every CPU].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
}

/// One position checked, for the file `--write` writes.
struct Checked {
    /// Where it came from, as comment paragraphs.
    comment: Vec<String>,
    /// Joust's FEN of it.
    fen: String,
    /// The perft counts both agree on.
    agreed: Vec<(u32, u64)>,
}

/// Everything checked of one game.
struct GameReport {
    positions: Vec<Checked>,
    tally: Tally,
}

/// Runs the task; false on any difference or error.
pub fn run(args: &FsfVerifyArgs) -> bool {
    if args.write.is_some() && args.game == ALL_FSF {
        eprintln!("error: --write writes one game's file: name the game with --game ID");
        return false;
    }
    let options = Options {
        tree_depth: args.tree_depth,
        depth: args.depth,
        allow_extra_promotions: args.allow_extra_promotions,
        threads: args
            .threads
            .map(|t| t as usize)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let user_file = match args.variants.as_deref().map(UserFile::load).transpose() {
        Ok(file) => file,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    if let Some(file) = &user_file {
        // A game asked for by name gets its errors as the error below instead.
        for (id, warning) in file.warnings() {
            if !id.eq_ignore_ascii_case(&args.game) {
                eprintln!("{warning}");
            }
        }
    }
    let Opened {
        mut fsf,
        path,
        games,
        unknown,
    } = match open(args, user_file.as_ref()) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    println!(
        "Fairy-Stockfish: {} ({}); tree {} plies, perft 1..={}, {} play-outs of seed {} (at most {} plies){}",
        fsf.name(),
        path.display(),
        options.tree_depth,
        options.depth,
        args.playouts,
        args.seed,
        args.max_plies,
        if options.allow_extra_promotions {
            "; promotions only Fairy-Stockfish offers are allowed"
        } else {
            ""
        }
    );
    let start = Instant::now();
    let mut total = Tally::default();
    let mut differing = Vec::new();
    for id in &unknown {
        println!(
            "{id:<12} ERROR {} does not know the game: it did not load it from {}",
            fsf.name(),
            user_file
                .as_ref()
                .map_or(String::new(), |f| f.given.display().to_string())
        );
        differing.push(*id);
    }
    for variant in &games {
        let report = match select(&mut fsf, variant) {
            Ok(()) => {
                with_board_bits!(variant, B => verify_game::<B>(variant, &mut fsf, args, options))
            }
            Err(e) => Err(e.to_string()),
        };
        let report = match report {
            Ok(r) => r,
            Err(e) => {
                println!("{:<12} ERROR {e}", variant.id);
                differing.push(variant.id);
                continue;
            }
        };
        print_game(variant.id, &report);
        total.add(&report.tally);
        if !report.tally.differences.is_empty() {
            differing.push(variant.id);
        } else if let Some(file) = &args.write {
            let written = write::write_file(
                file,
                variant,
                &report,
                args,
                &fsf,
                &path,
                user_file.as_ref(),
            );
            if let Err(e) = written {
                println!("error: {e}");
                differing.push(variant.id);
            }
        }
    }
    println!(
        "Summary: {} games, {} tree nodes, {} FENs, {} perft counts ({} nodes) compared; accepted: {} en-passant squares for illegal captures, {} other spellings of the same position, {} promotions only Fairy-Stockfish offers ({:.1} s)",
        games.len() + unknown.len(),
        total.tree_nodes,
        total.fens,
        total.perft_counts,
        total.perft_nodes,
        total.illegal_ep_squares,
        total.other_spellings,
        total.extra_promotions,
        start.elapsed().as_secs_f64()
    );
    if differing.is_empty() {
        println!("OK: Joust and {} agree in every game", fsf.name());
        true
    } else {
        println!(
            "FAILED: {} differ: {}",
            differing.len(),
            differing.join(", ")
        );
        if args.write.is_some() {
            println!("nothing written for a game that differs");
        }
        false
    }
}

/// The engine started and the games to check.
struct Opened {
    fsf: Fsf,
    /// The engine's path.
    path: PathBuf,
    /// The games it plays.
    games: Vec<&'static Variant>,
    /// With `--variants`: the file's games it does not know (each an error).
    unknown: Vec<&'static str>,
}

/// Starts the engine and picks the games: `--engine`, or the default engine (falling
/// back to fsf-uci for a single game Debian's engine does not play). With `--variants`,
/// the games are the file's, the engine (fsf-uci by default) gets the file, and the
/// file's games it does not know come back apart (the last value), to be reported.
fn open(args: &FsfVerifyArgs, user_file: Option<&UserFile>) -> Result<Opened, String> {
    let candidates: Vec<PathBuf> = match &args.engine {
        Some(p) => vec![p.clone()],
        None if user_file.is_some() => vec![paths::fsf_uci()],
        None if Path::new(DEBIAN_FAIRY_STOCKFISH).is_file() => {
            vec![PathBuf::from(DEBIAN_FAIRY_STOCKFISH), paths::fsf_uci()]
        }
        None => vec![paths::fsf_uci()],
    };
    let wanted: Option<Vec<&'static Variant>> = match (user_file, args.game == ALL_FSF) {
        (None, true) => None,
        (None, false) => Some(vec![variants::by_id(&args.game).map_err(|e| e.to_string())?]),
        (Some(file), all) => {
            let ids = if all {
                file.games.clone()
            } else {
                vec![file.game(&args.game)?]
            };
            let games = ids
                .iter()
                .map(|id| variants::by_id(id).map_err(|e| e.to_string()));
            Some(games.collect::<Result<_, _>>()?)
        }
    };
    if args.fen.is_some() && !matches!(wanted.as_deref(), Some([_])) {
        return Err("--fen needs one game: name it with --game ID".into());
    }
    let mut refusals = Vec::new();
    for path in candidates {
        let mut launch = Launch::program(&path);
        if let Some(file) = user_file {
            launch = launch.with_env(user_file::FSF_UCI_VARIANTS, &file.absolute);
        }
        let engine = UciEngine::start(&launch).map_err(|e| e.to_string())?;
        let games: Vec<&'static Variant> = match &wanted {
            Some(v) => v.clone(),
            None => variants::all().to_vec(),
        };
        if user_file.is_some() {
            // The file's games are all reported: a game the engine did not load is an
            // error of its own, never skipped in silence.
            let (known, unknown): (Vec<&'static Variant>, Vec<&'static Variant>) =
                games.into_iter().partition(|v| engine.plays(v.id));
            let unknown: Vec<&'static str> = unknown.iter().map(|v| v.id).collect();
            if known.is_empty() {
                return Err(format!(
                    "{} ({}) does not know {}: it did not load {} from {} (fsf-uci gets the file through FSF_UCI_VARIANTS and names on stderr the games it could not load; another engine must load it itself)",
                    engine.name,
                    path.display(),
                    unknown.join(", "),
                    if unknown.len() == 1 { "it" } else { "them" },
                    user_file.map_or(String::new(), |f| f.given.display().to_string())
                ));
            }
            return Ok(Opened {
                fsf: Fsf::new(engine),
                path,
                games: known,
                unknown,
            });
        }
        let games: Vec<&'static Variant> =
            games.into_iter().filter(|v| engine.plays(v.id)).collect();
        if !games.is_empty() {
            return Ok(Opened {
                fsf: Fsf::new(engine),
                path,
                games,
                unknown: Vec::new(),
            });
        }
        refusals.push(format!("{} ({})", engine.name, path.display()));
    }
    Err(match wanted.as_deref() {
        Some([v]) => format!("no engine plays {}: {}", v.id, refusals.join(", ")),
        _ => format!("no game of Joust's is offered by {}", refusals.join(", ")),
    })
}

/// Checks one game: its start (or `--fen`) and the play-outs from it.
fn verify_game<B: TableCache>(
    variant: &'static Variant,
    fsf: &mut Fsf,
    args: &FsfVerifyArgs,
    options: Options,
) -> Result<GameReport, String> {
    let start_text = args.fen.as_deref().unwrap_or(variant.start_fen);
    let start = position_from_fen::<B>(variant, start_text)
        .map_err(|e| format!("bad FEN {start_text}: {e}"))?;
    let mut tally = Tally::default();
    if args.fen.is_none() {
        let theirs = fsf.start_fen().map_err(|e| e.to_string())?;
        // The same position spelled otherwise (S-Chess's castling field) is the same start.
        let same_start = theirs == variant.start_fen
            || checker::only_spelling_differs(variant.start_fen, &theirs)
                && position_from_fen::<B>(variant, &theirs)
                    .is_ok_and(|p| p.to_fen() == start.to_fen() && p.key() == start.key());
        if !same_start {
            tally.differences.push(Difference {
                position: "start".into(),
                fen: variant.start_fen.into(),
                path: Vec::new(),
                what: format!("Fairy-Stockfish's own start position is {theirs}"),
            });
        }
    }
    let first = if args.fen.is_some() {
        "the given position"
    } else {
        "start"
    };
    let mut roots = vec![(
        first.to_string(),
        vec![first.to_string()],
        Vec::new(),
        start.clone(),
    )];
    for p in playout::playouts(&start, args.playouts, args.seed, args.max_plies) {
        let label = format!("play-out {} of seed {}", p.index, args.seed);
        let comment = vec![
            format!(
                "{label}: {} random plies from the {}",
                p.moves.len(),
                if args.fen.is_some() {
                    "given position"
                } else {
                    "start"
                }
            ),
            format!("moves: {}", p.moves.join(" ")),
        ];
        let pos = position_from_fen::<B>(variant, &p.fen)
            .map_err(|e| format!("Joust cannot read its own FEN {}: {e}", p.fen))?;
        roots.push((label, comment, p.moves, pos));
    }
    let mut positions = Vec::new();
    for (i, (label, comment, moves, pos)) in roots.into_iter().enumerate() {
        let root = pos.to_fen();
        eprintln!(
            "{} [{}/{}] {label}: {root}",
            variant.id,
            i + 1,
            1 + args.playouts
        );
        let mut checker = Checker::new(&mut *fsf, options, label, root.clone(), &mut tally);
        match checker.fsf.fen_after(start_text, &moves) {
            Ok(theirs) => checker.check_fen(&pos, &theirs, &[]),
            Err(e) => checker.differ(&[], format!("Fairy-Stockfish: {e}")),
        }
        checker.walk(&mut pos.clone(), &mut Vec::new(), options.tree_depth);
        let agreed = checker.compare_perft(&pos);
        if checker.full() {
            eprintln!("  {MAX_DIFFERENCES} differences: this position's checks stopped there");
        }
        positions.push(Checked {
            comment,
            fen: root,
            agreed,
        });
    }
    Ok(GameReport { positions, tally })
}

/// Selects the game (`UCI_Variant`) and, where the engine has the option, Chess960
/// castling for a game with it (`UCI_Chess960`, off for every other game), so that it
/// reads and writes castling as the King taking its own Rook, as Joust does there.
fn select(fsf: &mut Fsf, variant: &Variant) -> Result<(), joust_match::UciError> {
    let engine = fsf.engine();
    engine.select_variant(variant.id)?;
    if engine.has_option("UCI_Chess960") {
        let on = variant.chess960.is_some();
        engine.set_option("UCI_Chess960", if on { "true" } else { "false" })?;
    }
    Ok(())
}

/// Prints one game's line and its differences.
fn print_game(id: &str, report: &GameReport) {
    let t = &report.tally;
    let status = if t.differences.is_empty() {
        "OK".to_string()
    } else {
        format!("{} DIFFERENCES", t.differences.len())
    };
    println!(
        "{id:<12} {} positions  {} tree nodes  {} FENs  {} perft counts ({} nodes)  {status}",
        report.positions.len(),
        t.tree_nodes,
        t.fens,
        t.perft_counts,
        t.perft_nodes
    );
    if let Some(example) = &t.illegal_ep_example {
        println!(
            "{:<12} {} FENs where Fairy-Stockfish writes an en-passant square for an illegal capture and Joust '-' (the same position; accepted), first: {example}",
            "", t.illegal_ep_squares
        );
    }
    if let Some(example) = &t.other_spelling_example {
        println!(
            "{:<12} {} FENs spelled differently in the castling field or the hand's order (the same position both ways; accepted), first: {example}",
            "", t.other_spellings
        );
    }
    if t.extra_promotions > 0 {
        println!(
            "{:<12} {} promotions only Fairy-Stockfish offers (allowed)",
            "", t.extra_promotions
        );
    }
    for (d, more) in group_differences(&t.differences) {
        let more = match more {
            0 => String::new(),
            n => format!(" (and after {n} more move paths from the same position)"),
        };
        println!("  DIFFERENCE {id}: {d}{more}");
    }
}

/// The differences with the same position and the same finding (`only Fairy-Stockfish
/// plays e7e8q`) met on several move paths, as the first of them and how many more.
fn group_differences(all: &[Difference]) -> Vec<(&Difference, usize)> {
    let mut groups: Vec<(&Difference, usize)> = Vec::new();
    for d in all {
        let same = groups
            .iter_mut()
            .find(|(g, _)| g.position == d.position && g.fen == d.fen && g.what == d.what);
        match same {
            Some((_, more)) => *more += 1,
            None => groups.push((d, 0)),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn difference(position: &str, path: &str, what: &str) -> Difference {
        Difference {
            position: position.into(),
            fen: "4k3/8/8/8/8/8/4p3/K7 b - - 0 1".into(),
            path: path.split_whitespace().map(String::from).collect(),
            what: what.into(),
        }
    }

    #[test]
    fn the_same_finding_on_several_paths_is_one_line() {
        let all = [
            difference("start", "a1a2", "only Fairy-Stockfish plays e2e1c"),
            difference("start", "a1b1", "only Fairy-Stockfish plays e2e1c"),
            difference("start", "a1b2", "only Fairy-Stockfish plays e2e1c"),
            difference("start", "a1a2", "only Fairy-Stockfish plays e2e1n"),
            difference(
                "play-out 1 of seed 1",
                "a1a2",
                "only Fairy-Stockfish plays e2e1c",
            ),
        ];
        let groups = group_differences(&all);
        let shown: Vec<(String, usize)> = groups
            .iter()
            .map(|(d, more)| (format!("{} {}", d.position, d.what), *more))
            .collect();
        assert_eq!(
            shown,
            [
                ("start only Fairy-Stockfish plays e2e1c".to_string(), 2),
                ("start only Fairy-Stockfish plays e2e1n".to_string(), 0),
                (
                    "play-out 1 of seed 1 only Fairy-Stockfish plays e2e1c".to_string(),
                    0
                ),
            ]
        );
        assert_eq!(groups[0].0.path, ["a1a2"]);
    }
}
