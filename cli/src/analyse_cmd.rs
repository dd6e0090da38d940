//! `joust analyse`: the engine's best lines for a position, deepening as it searches, or
//! every move of a PGN game annotated with its evaluation and the mistakes marked.

use crate::clock::parse_duration;
use crate::engine_text::{bounded, number_prefix, san_line, score_text, white_view};
use crate::pgn_cmd::{open_pgn, report_unloaded};
use crate::progress::Progress;
use crate::UserError;
use clap::Args;
use joust_core::{variants, Color, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{position_from_fen, Game, Move, Outcome, TableCache};
use joust_notation::{move_to_san, PgnGame};
use joust_search::{search, Evaluator, Info, Limits, Shared, MATE};
use std::time::Instant;

/// The marks of a move by the winning chances it loses (the mover's, from -1 to 1),
/// worst first: lichess's thresholds for a blunder, a mistake and an inaccuracy.
const MARKS: [(f64, &str); 3] = [(0.3, "??"), (0.2, "?"), (0.1, "?!")];
/// The slope of the logistic curve from centipawns to winning chances (lichess's).
const WINNING_SLOPE: f64 = 0.003_682_08;
/// How long a position is searched when neither `--depth` nor `--time` is given.
const DEFAULT_TIME: &str = "5s";
/// How deep each position of a PGN game is searched by default.
const DEFAULT_PGN_DEPTH: u32 = 8;
/// The deepest search the command accepts.
const MAX_DEPTH: u32 = 100;

/// Arguments of `joust analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// Game id, as `joust variants` lists them (default chess; a PGN names its own game).
    #[arg(long, conflicts_with = "pgn")]
    variant: Option<String>,
    /// The position to analyse (default: the game's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Annotate every move of the games in this PGN file (`-` reads standard input).
    #[arg(long, conflicts_with = "fen")]
    pgn: Option<String>,
    /// Search this many plies deep (default: 5 s for a position, depth 8 per PGN move).
    #[arg(long, conflicts_with = "time")]
    depth: Option<u32>,
    /// Search this long (per position of a PGN game), e.g. 10s, 1m30s.
    #[arg(long)]
    time: Option<String>,
    /// Show the best K lines of a position.
    #[arg(long, default_value_t = 1, conflicts_with = "pgn")]
    multipv: usize,
    /// Search threads (more than one makes the search faster but not repeatable).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Everything a search needs besides the position.
struct Engine {
    limits: Limits,
    shared: Shared,
    threads: usize,
    multipv: usize,
}

/// Runs the command; returns the exit status.
pub fn run(args: &AnalyseArgs) -> Result<u8, UserError> {
    if args.threads == 0 || args.threads > 256 {
        return Err(UserError("--threads must be from 1 to 256".into()));
    }
    if args.hash == 0 || args.hash > 65536 {
        return Err(UserError(
            "--hash must be from 1 to 65536 (megabytes)".into(),
        ));
    }
    if args.multipv == 0 || args.multipv > 256 {
        return Err(UserError("--multipv must be from 1 to 256".into()));
    }
    let mut limits = Limits::default();
    match (args.depth, &args.time) {
        (Some(d), _) if d == 0 || d > MAX_DEPTH => {
            return Err(UserError(format!(
                "--depth must be from 1 to {MAX_DEPTH}, not {d}"
            )))
        }
        (Some(d), _) => limits.depth = Some(d),
        (None, Some(t)) => {
            let t = parse_duration(t).map_err(|e| UserError(format!("--time: {e}")))?;
            if t.is_zero() {
                return Err(UserError("--time must be more than zero".into()));
            }
            limits.time = Some(t);
        }
        (None, None) if args.pgn.is_some() => limits.depth = Some(DEFAULT_PGN_DEPTH),
        (None, None) => limits.time = parse_duration(DEFAULT_TIME).ok(),
    }
    limits.multipv = args.multipv;
    let mut engine = Engine {
        limits,
        shared: Shared::new(args.hash),
        threads: args.threads,
        multipv: args.multipv,
    };
    if let Some(file) = &args.pgn {
        return annotate_file(file, &mut engine);
    }
    let variant = match &args.variant {
        Some(id) => variants::by_id(id).map_err(|e| UserError(e.to_string()))?,
        None => variants::chess(),
    };
    let fen = args.fen.as_deref().unwrap_or(variant.start_fen);
    with_board_bits!(variant, B => analyse_position::<B>(variant, fen, &mut engine))
}

/// Searches one position, printing each completed depth's lines and then the best move.
fn analyse_position<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    engine: &mut Engine,
) -> Result<u8, UserError> {
    let pos: Position<B> =
        position_from_fen(variant, fen).map_err(|e| UserError(format!("bad FEN: {e}")))?;
    let side = pos.side_to_move();
    let progress = Progress::start();
    progress.println(&format!(
        "{}, {} to move: {}",
        variant.name,
        side_name(side),
        pos.to_fen()
    ));
    let game = Game::new(pos.clone());
    if let Some(outcome) = game.outcome() {
        progress.println(&format!("The game is over: {outcome}."));
        return Ok(0);
    }
    progress.println(&format!(
        "Scores in pawns from White's view; {}.",
        limit_text(&engine.limits)
    ));
    let evaluator = Evaluator::new(variant);
    let multi = engine.multipv > 1;
    engine.shared.arm();
    let start = Instant::now();
    progress.set("searching depth 1");
    let report = |info: &Info| {
        let score = score_text(white_view(info.score, side));
        let line = san_line(&pos, &info.pv);
        let text = if multi {
            format!(
                "depth {:>2}  [{}] {score:>6}  {line}",
                info.depth, info.multipv
            )
        } else {
            format!("depth {:>2}  {score:>6}  {line}", info.depth)
        };
        progress.println(&text);
        progress.set(&format!("searching depth {}", info.depth + 1));
    };
    let result = search(
        &pos,
        &[],
        &engine.limits,
        &engine.shared,
        engine.threads,
        &evaluator,
        report,
    );
    let secs = start.elapsed().as_secs_f64();
    if let Some(best) = result.best {
        progress.println(&format!(
            "Best move: {} ({} at depth {}, {} nodes, time {secs:.2} s)",
            move_to_san(&pos, best),
            score_text(white_view(result.score, side)),
            result.depth,
            result.nodes,
        ));
    }
    Ok(0)
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn limit_text(limits: &Limits) -> String {
    match (limits.depth, limits.time) {
        (Some(d), _) => format!("depth {d}"),
        (None, Some(t)) => format!("{:.1} s", t.as_secs_f64()),
        (None, None) => "no limit".to_string(),
    }
}

fn annotate_file(file: &str, engine: &mut Engine) -> Result<u8, UserError> {
    let mut progress: Option<Progress> = None;
    let (mut failed, mut annotated) = (false, 0);
    for (i, game) in open_pgn(file)?.enumerate() {
        let progress = progress.get_or_insert_with(|| Progress::bar(0));
        match game {
            Ok(g) => {
                if annotated > 0 {
                    progress.println("");
                }
                annotated += 1;
                for issue in &g.issues {
                    eprintln!("joust: warning: {issue}");
                    failed = true;
                }
                let n = i + 1;
                with_board_bits!(g.variant, B => annotate::<B>(n, &g, engine, progress)?)
            }
            Err(e) => failed |= report_unloaded(file, &e)?,
        }
    }
    if progress.is_none() {
        return Err(UserError(format!("'{file}' holds no PGN game")));
    }
    Ok(u8::from(failed))
}

/// What the engine thinks of one position of a game.
struct Verdict {
    /// Score from White's view.
    score: i32,
    /// The engine's move (none once the game is over).
    best: Option<Move>,
    /// How the game ended here, if it did.
    outcome: Option<Outcome>,
}

/// Searches the current position of `game`, whose earlier positions had the keys `keys`.
fn judge<B: TableCache>(
    game: &Game<B>,
    keys: &[u64],
    engine: &Engine,
    evaluator: &Evaluator,
) -> Verdict {
    let pos = game.position();
    let side = pos.side_to_move();
    if let Some(outcome) = game.outcome() {
        let score = match outcome.winner() {
            Some(winner) => white_view(MATE, winner),
            None => 0,
        };
        return Verdict {
            score,
            best: None,
            outcome: Some(outcome),
        };
    }
    engine.shared.arm();
    let result = search(
        pos,
        keys,
        &engine.limits,
        &engine.shared,
        engine.threads,
        evaluator,
        |_: &Info| {},
    );
    Verdict {
        score: white_view(result.score, side),
        best: result.best,
        outcome: None,
    }
}

/// The winning chances of a score in centipawns for the side it is scored for, from -1
/// (lost) to 1 (won), as lichess computes them; a mate counts as 100 pawns, so as sure.
fn winning_chances(score: i32) -> f64 {
    2.0 / (1.0 + (-WINNING_SLOPE * f64::from(bounded(score))).exp()) - 1.0
}

/// The mark of a move that takes the mover's score from `before` to `after` (both from
/// the mover's view), and its index in [`MARKS`]: by the winning chances lost, so that a
/// pawn lost in an even position weighs more than a rook lost in a position already lost.
fn mark_of(before: i32, after: i32) -> Option<usize> {
    let lost = winning_chances(before) - winning_chances(after);
    MARKS.iter().position(|&(drop, _)| lost >= drop)
}

/// Prints game `n` with every move's evaluation; a move that is not the engine's choice
/// and loses enough winning chances (see [`MARKS`]) gets `??`, `?` or `?!` and the better
/// move.
fn annotate<B: TableCache>(
    n: usize,
    g: &PgnGame,
    engine: &Engine,
    progress: &Progress,
) -> Result<(), UserError> {
    let start: Position<B> = position_from_fen(g.variant, g.start_fen())
        .map_err(|e| UserError(format!("game {n}: bad FEN: {e}")))?;
    let evaluator = Evaluator::new(g.variant);
    // Each game starts with an empty table, so its annotations do not depend on the others.
    engine.shared.clear();
    let white = g.tag("White").unwrap_or("?");
    let black = g.tag("Black").unwrap_or("?");
    progress.println(&format!(
        "Game {n}: {}, {white} - {black}, {}",
        g.variant.name, g.result
    ));
    progress.println(&format!(
        "Scores in pawns from White's view; {} per position.",
        limit_text(&engine.limits)
    ));
    let moves: Vec<Move> = g.moves().collect();
    let mut game = Game::new(start);
    let mut keys = Vec::new();
    progress.restart(moves.len() as u64);
    progress.set(&format!("game {n}: moves analysed"));
    let mut before = judge(&game, &keys, engine, &evaluator);
    let mut marks = [[0u32; MARKS.len()]; 2];
    for (i, &mv) in moves.iter().enumerate() {
        let pos = game.position().clone();
        let side = pos.side_to_move();
        let san = move_to_san(&pos, mv);
        keys.push(pos.key());
        if mv.is_null() {
            // A pass is no move of the game: nothing to judge; go on from after it.
            if !game.play_null() {
                return Err(UserError(format!("game {n}: move {} is illegal", i + 1)));
            }
            let text = format!(
                "{:<6} {:<12} {:>7}  null move (a pass), not analysed",
                number_prefix(pos.fullmove_number(), side),
                san,
                ""
            );
            progress.println(&text);
            before = judge(&game, &keys, engine, &evaluator);
            progress.inc(1);
            continue;
        }
        if !game.play(mv) {
            return Err(UserError(format!("game {n}: move {} is illegal", i + 1)));
        }
        let after = judge(&game, &keys, engine, &evaluator);
        progress.inc(1);
        let judged = mark_of(
            white_view(before.score, side),
            white_view(after.score, side),
        );
        let mark = match judged {
            Some(i) if before.best != Some(mv) => {
                marks[side.index()][i] += 1;
                MARKS[i].1
            }
            _ => "",
        };
        let comment = match (after.outcome, before.best) {
            (Some(outcome), _) => outcome.to_string(),
            (None, Some(best)) if !mark.is_empty() => format!(
                "best {} ({})",
                move_to_san(&pos, best),
                score_text(before.score)
            ),
            _ => String::new(),
        };
        let text = format!(
            "{:<6} {:<12} {:>7}  {comment}",
            number_prefix(pos.fullmove_number(), side),
            format!("{san}{mark}"),
            score_text(after.score)
        );
        progress.println(text.trim_end());
        before = after;
    }
    for side in [Color::White, Color::Black] {
        let [b, m, i] = marks[side.index()];
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        progress.println(&format!(
            "{}: {} (?!), {} (?), {} (??)",
            side_name(side),
            plural(i, "inaccuracy", "inaccuracies"),
            plural(m, "mistake", "mistakes"),
            plural(b, "blunder", "blunders"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances_follow_lichess_curve() {
        assert_eq!(winning_chances(0), 0.0);
        assert!((winning_chances(100) - 0.1821).abs() < 1e-3);
        assert!((winning_chances(-300) + 0.5022).abs() < 1e-3);
        assert!(winning_chances(MATE - 5) > 0.999_999);
    }

    #[test]
    fn a_loss_is_weighed_by_the_chances_it_costs() {
        // Three pawns lost from an even position is a blunder...
        assert_eq!(mark_of(0, -300).map(|i| MARKS[i].1), Some("??"));
        // ...but not when the position was already lost, nor when still won.
        assert_eq!(mark_of(-1200, -1500), None);
        assert_eq!(mark_of(1500, 1200), None);
        // Thresholds of an inaccuracy and a mistake.
        assert_eq!(mark_of(0, -60).map(|i| MARKS[i].1), Some("?!"));
        assert_eq!(mark_of(0, -120).map(|i| MARKS[i].1), Some("?"));
        assert_eq!(mark_of(50, 20), None);
        // Walking into a mate from an even position.
        assert_eq!(mark_of(0, -MATE + 1).map(|i| MARKS[i].1), Some("??"));
    }
}
