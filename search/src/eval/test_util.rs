//! Helpers of the evaluation's tests: a chess position's evaluation, and what one term
//! adds to it.

use crate::{Evaluator, Weights};
use joust_core::{variants, Color, Position};

/// The evaluation of a chess FEN for White, with the generic weights whose terms these
/// tests check (chess plays with borrowed fitted weights).
pub(super) fn chess_eval(fen: &str) -> i32 {
    let chess = variants::chess();
    let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
    let e = Evaluator::generic(chess);
    match pos.side_to_move() {
        Color::White => e.evaluate(&pos),
        Color::Black => -e.evaluate(&pos),
    }
}

/// What a term adds to a chess FEN's evaluation, for White: the evaluation with the
/// term's weights `set` to 50 less the evaluation with them set to 0.
pub(super) fn contribution(fen: &str, set: impl Fn(&mut Weights, i32)) -> i32 {
    let chess = variants::chess();
    let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
    let eval = |value: i32| {
        let mut w = Weights::default();
        set(&mut w, value);
        Evaluator::with_weights(chess, w).evaluate(&pos)
    };
    let diff = eval(50) - eval(0);
    match pos.side_to_move() {
        Color::White => diff,
        Color::Black => -diff,
    }
}
