//! One self-play game of datagen: a random balanced opening, then a fixed-node search
//! for every move, adjudicated early when the scores leave no doubt; the quiet positions
//! kept with their scores.

use super::format::{GameResult, Record};
use joust_core::{Color, Position, Variant};
use joust_match::{random_opening, RandomOpenings, Rng};
use joust_movegen::{in_check, position_from_fen, with_board_bits, Game, MoveFlag, TableCache};
use joust_notation::parse_move;
use joust_search::{search, Evaluator, Limits, Shared, MATE_BOUND};

/// Plies from the start before which no position is kept.
const SKIP_PLIES: usize = 10;
/// A game longer than this is a draw.
const MAX_PLIES: usize = 400;
/// A side this far ahead (centipawns, both sides' searches agreeing) ...
const WIN_SCORE: i32 = 1_200;
/// ... for this many plies in a row wins.
const WIN_PLIES: usize = 8;
/// Scores this close to zero ...
const DRAW_SCORE: i32 = 10;
/// ... for this many plies in a row, after [`DRAW_FROM`] plies, draw.
const DRAW_PLIES: usize = 16;
/// The ply from which a game may be adjudicated drawn.
const DRAW_FROM: usize = 80;

/// How datagen's openings are made: more random plies than a match's, for variety.
const OPENINGS: RandomOpenings = RandomOpenings {
    min_plies: 6,
    max_plies: 12,
    max_cp: 150,
    depth: 3,
    nodes: 20_000,
};

/// Plays game `seed` at `nodes` per move with `evaluator` (of the game's variant): its
/// result and kept positions.
pub fn play(
    evaluator: &Evaluator,
    variant: &'static Variant,
    seed: u64,
    nodes: u64,
    hash_mb: usize,
) -> (GameResult, Vec<Record>) {
    with_board_bits!(variant, B => play_with::<B>(evaluator, variant, seed, nodes, hash_mb))
}

/// [`play`] at width `B`.
fn play_with<B: TableCache>(
    evaluator: &Evaluator,
    variant: &'static Variant,
    seed: u64,
    nodes: u64,
    hash_mb: usize,
) -> (GameResult, Vec<Record>) {
    let mut rng = Rng::new(seed);
    let opening = random_opening(variant, &OPENINGS, &mut rng);
    let fen = opening.fen().unwrap_or(variant.start_fen);
    let start = position_from_fen::<B>(variant, fen).expect("the opening's start reads");
    let mut game = Game::new(start);
    let mut keys = Vec::new();
    for text in opening.moves() {
        let mv = parse_move(game.position(), text).expect("the opening's plies are legal");
        keys.push(game.position().key());
        game.play(mv);
    }
    let shared = Shared::new(hash_mb.max(1));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut records = Vec::new();
    let (mut winning, mut drawn) = (0usize, 0usize);
    let mut last_sign = 0;
    loop {
        if let Some(outcome) = game.outcome() {
            return (result_of(outcome.winner()), records);
        }
        let ply = keys.len();
        if ply >= MAX_PLIES {
            return (GameResult::Draw, records);
        }
        let pos = game.position();
        shared.arm();
        let found = search(pos, &keys, &limits, &shared, 1, evaluator, |_| {});
        let Some(best) = found.best else {
            return (GameResult::Draw, records);
        };
        let white = match pos.side_to_move() {
            Color::White => found.score,
            Color::Black => -found.score,
        };
        if ply >= SKIP_PLIES
            && found.score.abs() < MATE_BOUND
            && !pos.in_setup()
            && !in_check(pos)
            && !is_capture(pos, best.flag, best.to)
        {
            records.push(record(pos, ply, found.score));
        }
        // Adjudication.
        let sign = white.signum();
        if white.abs() >= WIN_SCORE && sign == last_sign {
            winning += 1;
        } else {
            winning = usize::from(white.abs() >= WIN_SCORE);
        }
        last_sign = sign;
        if winning >= WIN_PLIES {
            let winner = if sign > 0 { Color::White } else { Color::Black };
            return (result_of(Some(winner)), records);
        }
        drawn = if white.abs() <= DRAW_SCORE {
            drawn + 1
        } else {
            0
        };
        if ply >= DRAW_FROM && drawn >= DRAW_PLIES {
            return (GameResult::Draw, records);
        }
        keys.push(pos.key());
        game.play(best);
    }
}

/// The result for a winner (or a draw).
fn result_of(winner: Option<Color>) -> GameResult {
    match winner {
        Some(Color::White) => GameResult::WhiteWon,
        Some(Color::Black) => GameResult::BlackWon,
        None => GameResult::Draw,
    }
}

/// True if the move takes a piece (as the search's own test reads it).
pub(super) fn is_capture<B: TableCache>(
    pos: &Position<B>,
    flag: MoveFlag,
    to: joust_core::Square,
) -> bool {
    match flag {
        MoveFlag::Shot | MoveFlag::EnPassant | MoveFlag::LionDouble => true,
        MoveFlag::Normal | MoveFlag::DoubleStep => pos
            .piece_at(to)
            .is_some_and(|p| p.color != pos.side_to_move()),
        _ => false,
    }
}

/// The record of `pos` at `ply` with the search's `score`.
pub(super) fn record<B: TableCache>(pos: &Position<B>, ply: usize, score: i32) -> Record {
    let pieces = pos
        .occupied()
        .squares()
        .filter_map(|sq| {
            let p = pos.piece_at(sq)?;
            Some((sq.0, p.color == Color::Black, p.kind.0))
        })
        .collect();
    Record {
        ply: ply.min(u16::MAX as usize) as u16,
        black_to_move: pos.side_to_move() == Color::Black,
        score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
        pieces,
    }
}
