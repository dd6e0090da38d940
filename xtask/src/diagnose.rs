//! `cargo xtask diagnose`: how one engine's games went, read from their PGN. It counts
//! how often each side castled before moving its royal piece otherwise, and how often it
//! moved its royal piece in each phase; with a reference engine (Fairy-Stockfish) it
//! averages that engine's evaluation trace, term by term, at chosen plies, from the
//! side of the engine diagnosed: the terms on which its opponents pull ahead.

use crate::launch;
use crate::pgn_files::read_games;
use clap::Args;
use joust_core::Color;
use joust_match::UciEngine;
use joust_movegen::{make, tables, MoveFlag, TableCache};
use joust_movegen::{position_from_fen, with_board_bits};
use joust_notation::PgnGame;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Options of `cargo xtask diagnose`.
#[derive(Args, Debug)]
pub struct DiagnoseArgs {
    /// The engine diagnosed: its name in the games' White and Black tags.
    #[arg(long)]
    engine: String,
    /// Engine whose evaluation trace (`eval`) is averaged: `fsf-uci`, `fairy-stockfish`
    /// or a path. Without it only the move statistics are printed.
    #[arg(long)]
    reference: Option<String>,
    /// Plies (from the game's start) at which the reference evaluates, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "20,40")]
    plies: Vec<usize>,
    /// Own moves within which castling counts as castling early.
    #[arg(long, default_value_t = 30)]
    castle_within: usize,
    /// PGN files of the engine's games.
    #[arg(required = true)]
    pgns: Vec<PathBuf>,
}

/// Plies after which a game's phase changes, for the royal-move shares.
const PHASES: [(usize, &str); 3] = [
    (40, "plies 1-40"),
    (80, "plies 41-80"),
    (usize::MAX, "plies 81-"),
];

/// One side's moves over the games read.
#[derive(Default, Debug, PartialEq)]
struct SideMoves {
    /// Games in which this side castled before any other move of its royal piece.
    castled_first: usize,
    /// Games in which its royal piece moved (not castling) before any castling.
    royal_first: usize,
    /// Games with neither within the limit.
    neither: usize,
    /// Per phase: (moves of the royal piece, all moves).
    royal_moves: [(usize, usize); 3],
}

/// What the engine diagnosed and its opponents did, and the positions to trace.
#[derive(Default, Debug)]
struct Survey {
    games: usize,
    engine: SideMoves,
    opponents: SideMoves,
    /// Every position to trace.
    positions: Vec<Traced>,
}

/// A position the reference engine is asked to evaluate.
#[derive(Debug)]
struct Traced {
    /// Plies played before it.
    ply: usize,
    /// Its game id (the reference's `UCI_Variant`).
    variant: &'static str,
    fen: String,
    /// True if the engine diagnosed plays White.
    engine_white: bool,
}

/// Runs the diagnosis; false if a file could not be read or the reference failed.
pub fn run(args: &DiagnoseArgs) -> bool {
    match diagnose(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("diagnose: {e}");
            false
        }
    }
}

fn diagnose(args: &DiagnoseArgs) -> Result<(), String> {
    let mut survey = Survey::default();
    let (games, mut unreadable) = read_games(&args.pgns)?;
    for game in games {
        let read = with_board_bits!(game.variant, B => survey_game::<B>(&game, args, &mut survey));
        if read.is_none() {
            unreadable += 1;
        }
    }
    if survey.games == 0 {
        return Err(format!(
            "no readable game has a player named {}",
            args.engine
        ));
    }
    println!(
        "{} games of {} ({unreadable} unreadable or without it)",
        survey.games, args.engine
    );
    print_moves(&survey, &args.engine, args.castle_within);
    if let Some(reference) = &args.reference {
        let traces = trace_positions(reference, &survey.positions)?;
        print_traces(&traces, &args.plies, &args.engine);
    }
    Ok(())
}

/// Adds `game` to `survey` if `args.engine` played in it; `None` if it did not or the
/// start position does not read.
fn survey_game<B: TableCache>(
    game: &PgnGame,
    args: &DiagnoseArgs,
    survey: &mut Survey,
) -> Option<()> {
    let engine_color = if game.tag("White") == Some(&args.engine) {
        Color::White
    } else if game.tag("Black") == Some(&args.engine) {
        Color::Black
    } else {
        return None;
    };
    let start = game.fen.as_deref().unwrap_or(game.variant.start_fen);
    let mut pos = position_from_fen::<B>(game.variant, start).ok()?;
    let t = tables::<B>(game.variant);
    // Per colour: Some(true) castled first, Some(false) royal moved first.
    let mut first: [Option<bool>; 2] = [None, None];
    let mut own_moves = [0usize; 2];
    let mut sides = [SideMoves::default(), SideMoves::default()];
    for (ply, mv) in game.moves().enumerate() {
        if args.plies.contains(&ply) {
            survey.positions.push(Traced {
                ply,
                variant: game.variant.id,
                fen: pos.to_fen(),
                engine_white: engine_color == Color::White,
            });
        }
        let us = pos.side_to_move();
        let ci = us.index();
        let royal = pos
            .piece_at(mv.from)
            .is_some_and(|p| game.variant.kind(p.kind).royal);
        own_moves[ci] += 1;
        if first[ci].is_none() && own_moves[ci] <= args.castle_within {
            if mv.flag == MoveFlag::Castle {
                first[ci] = Some(true);
            } else if royal {
                first[ci] = Some(false);
            }
        }
        let phase = PHASES.iter().position(|&(end, _)| ply < end).unwrap_or(2);
        sides[ci].royal_moves[phase].0 += royal as usize;
        sides[ci].royal_moves[phase].1 += 1;
        make(t, &mut pos, mv);
    }
    for color in Color::ALL {
        let side = &mut sides[color.index()];
        match first[color.index()] {
            Some(true) => side.castled_first += 1,
            Some(false) => side.royal_first += 1,
            None => side.neither += 1,
        }
        let total = if color == engine_color {
            &mut survey.engine
        } else {
            &mut survey.opponents
        };
        total.castled_first += side.castled_first;
        total.royal_first += side.royal_first;
        total.neither += side.neither;
        for (t, s) in total.royal_moves.iter_mut().zip(side.royal_moves) {
            t.0 += s.0;
            t.1 += s.1;
        }
    }
    survey.games += 1;
    Some(())
}

fn print_moves(survey: &Survey, engine: &str, within: usize) {
    println!();
    println!("within each side's first {within} moves: castled first / royal piece moved first / neither");
    for (name, side) in [(engine, &survey.engine), ("opponents", &survey.opponents)] {
        println!(
            "  {name:<12} {:>5} {:>5} {:>5}",
            side.castled_first, side.royal_first, side.neither
        );
    }
    println!("share of moves made by the royal piece:");
    for (name, side) in [(engine, &survey.engine), ("opponents", &survey.opponents)] {
        let shares: Vec<String> = PHASES
            .iter()
            .zip(side.royal_moves)
            .map(|(&(_, label), (royal, all))| {
                format!("{label} {:>3.0}% of {all}", percent(royal, all))
            })
            .collect();
        println!("  {name:<12} {}", shares.join(", "));
    }
}

fn percent(part: usize, all: usize) -> f64 {
    100.0 * part as f64 / all.max(1) as f64
}

/// One evaluation trace: each term's (middlegame, endgame) total for White, in pawns, and
/// the final evaluation for White.
#[derive(Debug, Default, PartialEq)]
struct Trace {
    terms: Vec<(String, f64, f64)>,
    total: Option<f64>,
}

/// Reads a Stockfish-style classical evaluation trace: rows `| Term | w mg eg | b mg eg |
/// total mg eg |` (the last two numbers are the term's total) and the line `Classical
/// evaluation` or `Final evaluation` with White's score; `None` without a term table (a
/// position in check, or an evaluation without classical terms).
fn parse_trace(text: &str) -> Option<Trace> {
    let mut trace = Trace::default();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() >= 5 && !cells[1].is_empty() {
            let numbers: Vec<f64> = cells[cells.len() - 2]
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            if let [mg, eg] = numbers[..] {
                trace.terms.push((cells[1].to_string(), mg, eg));
            }
        }
        let score = line
            .strip_prefix("Classical evaluation")
            .or_else(|| line.strip_prefix("Final evaluation"));
        if let Some(rest) = score.filter(|_| trace.total.is_none()) {
            trace.total = rest
                .trim_start_matches([':', ' '])
                .split_whitespace()
                .next()
                .and_then(|w| w.parse().ok());
        }
    }
    (!trace.terms.is_empty()).then_some(trace)
}

/// Each position's trace by the reference engine (`None` where it gave none).
fn trace_positions(
    reference: &str,
    positions: &[Traced],
) -> Result<Vec<(usize, bool, Option<Trace>)>, String> {
    let mut engine = UciEngine::start(&launch::reference(reference)).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(positions.len());
    for p in positions {
        let after = |e: joust_match::UciError| {
            format!("{e} after {} of {} positions", out.len(), positions.len())
        };
        engine.select_variant(p.variant).map_err(after)?;
        engine
            .send(&format!("position fen {}", p.fen))
            .map_err(after)?;
        let text = engine.eval().map_err(after)?.join("\n");
        out.push((p.ply, p.engine_white, parse_trace(&text)));
    }
    Ok(out)
}

/// Per ply and term: the mean and median, from the diagnosed engine's side.
fn summarise(
    traces: &[(usize, bool, Option<Trace>)],
    ply: usize,
) -> (usize, BTreeMap<String, Vec<f64>>, Vec<String>) {
    let mut by_term: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut order = Vec::new();
    let mut n = 0;
    for (_, engine_white, trace) in traces.iter().filter(|t| t.0 == ply) {
        let Some(trace) = trace else { continue };
        n += 1;
        let side = if *engine_white { 1.0 } else { -1.0 };
        let mut push = |name: String, v: f64| {
            if !by_term.contains_key(&name) {
                order.push(name.clone());
            }
            by_term.entry(name).or_default().push(side * v);
        };
        for (term, mg, eg) in &trace.terms {
            push(format!("{term} mg"), *mg);
            push(format!("{term} eg"), *eg);
        }
        if let Some(total) = trace.total {
            push("evaluation".to_string(), total);
        }
    }
    (n, by_term, order)
}

fn print_traces(traces: &[(usize, bool, Option<Trace>)], plies: &[usize], engine: &str) {
    for &ply in plies {
        let (n, by_term, order) = summarise(traces, ply);
        println!();
        println!(
            "reference evaluation at ply {ply}, {n} positions, pawns for {engine} (mean, median):"
        );
        for name in order {
            let values = &by_term[&name];
            // Rows the reference leaves empty (zero everywhere) say nothing.
            if values.iter().all(|v| *v == 0.0) {
                continue;
            }
            println!(
                "  {name:<18} {:>+6.2} {:>+6.2}",
                mean(values),
                median(values)
            );
        }
    }
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => 0.0,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_notation::read_pgn;

    /// Part of Fairy-Stockfish's `eval` output (lancerchess, after 14 moves of a game).
    const TRACE: &str = "\
|    Term    |    White    |    Black    |    Total    |
|            |   MG    EG  |   MG    EG  |   MG    EG  |
+------------+-------------+-------------+-------------+
|   Material |  ----  ---- |  ----  ---- | -0.69  0.14 |
|      Pawns |  0.36 -0.04 |  0.75  0.07 | -0.39 -0.11 |
|King safety |  0.54 -0.10 |  0.81 -0.10 | -0.27  0.00 |
+------------+-------------+-------------+-------------+
|      Total |  ----  ---- |  ----  ---- | -2.98 -0.87 |
+------------+-------------+-------------+-------------+

Classical evaluation   -2.92 (white side)
Final evaluation       -2.92 (white side)
";

    #[test]
    fn reads_the_terms_and_the_score_of_a_trace() {
        let trace = parse_trace(TRACE).expect("a trace");
        let names: Vec<&str> = trace.terms.iter().map(|t| t.0.as_str()).collect();
        assert_eq!(names, ["Material", "Pawns", "King safety", "Total"]);
        assert_eq!(trace.terms[2], ("King safety".to_string(), -0.27, 0.0));
        assert_eq!(trace.total, Some(-2.92));
        // In check, Fairy-Stockfish prints no table.
        assert_eq!(parse_trace("Final evaluation: none (in check)\n"), None);
    }

    #[test]
    fn averages_are_from_the_diagnosed_engines_side() {
        let traces = vec![
            (20, true, parse_trace(TRACE)),
            (20, false, parse_trace(TRACE)),
            (20, false, parse_trace(TRACE)),
            (40, true, None),
        ];
        let (n, by_term, order) = summarise(&traces, 20);
        assert_eq!(n, 3);
        assert_eq!(order[0], "Material mg");
        assert_eq!(by_term["evaluation"], [-2.92, 2.92, 2.92]);
        assert!((mean(&by_term["Pawns mg"]) - 0.13).abs() < 1e-9);
        assert_eq!(median(&by_term["Pawns mg"]), 0.39);
        assert_eq!(summarise(&traces, 40).0, 0);
    }

    #[test]
    fn counts_castling_and_royal_moves_per_side() {
        let pgn = "[Event \"t\"]\n[White \"me\"]\n[Black \"you\"]\n[Result \"*\"]\n\n\
                   1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Ke7 5. d3 d6 *\n";
        let args = DiagnoseArgs {
            engine: "you".to_string(),
            reference: None,
            plies: vec![2],
            castle_within: 30,
            pgns: Vec::new(),
        };
        let mut survey = Survey::default();
        for game in read_pgn(pgn) {
            survey_game::<u64>(&game.expect("reads"), &args, &mut survey).expect("plays");
        }
        assert_eq!(survey.games, 1);
        // Black ("you") moved its king before castling; White castled.
        let you = &survey.engine;
        assert_eq!((you.castled_first, you.royal_first, you.neither), (0, 1, 0));
        assert_eq!(you.royal_moves[0], (1, 5));
        let me = &survey.opponents;
        assert_eq!((me.castled_first, me.royal_first, me.neither), (1, 0, 0));
        assert_eq!(me.royal_moves[0], (1, 5));
        // The position after 1. e4 e5, with Black the engine diagnosed.
        assert_eq!(survey.positions.len(), 1);
        let p = &survey.positions[0];
        assert_eq!((p.ply, p.variant, p.engine_white), (2, "chess", false));
        assert!(p.fen.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
        // A game the engine did not play is left out.
        let other = DiagnoseArgs {
            engine: "nobody".to_string(),
            ..args
        };
        let game = read_pgn(pgn).remove(0).expect("reads");
        assert!(survey_game::<u64>(&game, &other, &mut Survey::default()).is_none());
    }
}
