//! What a trained network is measured against: the loss of the evaluation from data (the
//! game's hand-written, fitted evaluation) on the same held-out positions and targets.
//! A network whose held-out loss is not clearly below this one predicts the search's
//! scores and the results no better than what it would replace.

use super::model::{sigmoid, Sample};
use crate::datagen::expand::position_of;
use crate::datagen::format::Record;
use joust_core::Variant;
use joust_movegen::{with_board_bits, TableCache};
use joust_nnue::SCALE;
use joust_search::Evaluator;
use rayon::prelude::*;

/// A held-out position as the evaluation from data needs it: the record (pieces, side
/// to move) and the sample (its targets).
pub struct HeldRecord {
    /// The pieces and the side to move.
    pub record: Record,
    /// The game's result for the side to move.
    pub result: f32,
    /// The search's score for the side to move.
    pub score: f32,
}

/// The mean loss of the evaluation from data on `held`, its value read as the network's
/// output is (sigmoid(cp / SCALE)), and the mean absolute gap from the search's score
/// in centipawns.
pub fn loss(variant: &'static Variant, held: &[HeldRecord], wdl: f32) -> (f64, f64) {
    with_board_bits!(variant, B => loss_with::<B>(&data_evaluation(variant), variant, held, wdl))
}

/// [`loss`] at bitboard width `B`.
fn loss_with<B: TableCache>(
    eval: &Evaluator,
    variant: &'static Variant,
    held: &[HeldRecord],
    wdl: f32,
) -> (f64, f64) {
    let (mut total, mut gap) = (0.0f64, 0.0f64);
    for h in held {
        let pos = position_of::<B>(variant, &h.record);
        let cp = eval.evaluate(&pos) as f32;
        let sample = Sample {
            us: Vec::new(),
            them: Vec::new(),
            score: h.score,
            result: h.result,
            base: 0.0,
        };
        let p = sigmoid(cp / SCALE as f32);
        total += ((p - sample.target(wdl)) as f64).powi(2);
        gap += (cp - h.score).abs() as f64;
    }
    let n = held.len().max(1) as f64;
    (total / n, gap / n)
}

/// The evaluation from data of each record, for the side to move, in centipawns.
pub fn values(eval: &Evaluator, variant: &'static Variant, records: &[Record]) -> Vec<i32> {
    with_board_bits!(variant, B => records
        .par_iter()
        .map(|r| eval.evaluate(&position_of::<B>(variant, r)))
        .collect())
}

/// The game's evaluation from data, without a network.
pub fn data_evaluation(variant: &'static Variant) -> Evaluator {
    Evaluator::new(variant)
        .with_network(None)
        .expect("no network always fits")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::Record;
    use joust_core::{variants, Bits};

    #[test]
    fn a_search_score_equal_to_the_evaluation_costs_it_nothing() {
        let lc = variants::lancerchess();
        let pos = joust_movegen::position_from_fen::<u64>(lc, lc.start_fen).unwrap();
        let pieces = pos
            .occupied()
            .squares()
            .map(|sq| {
                let p = pos.piece_at(sq).unwrap();
                (sq.0, p.color == joust_core::Color::Black, p.kind.0)
            })
            .collect();
        let record = Record {
            ply: 0,
            black_to_move: false,
            score: 0,
            pieces,
        };
        let eval = data_evaluation(lc);
        let cp = values(&eval, lc, std::slice::from_ref(&record))[0];
        assert_eq!(cp, eval.evaluate(&pos));
        let held = |score: f32| HeldRecord {
            record: record.clone(),
            result: 0.5,
            score,
        };
        assert_eq!(loss(lc, &[held(cp as f32)], 0.0), (0.0, 0.0));
        let (off, gap) = loss(lc, &[held(cp as f32 + 100.0)], 0.0);
        assert!(off > 0.0 && gap == 100.0);
    }
}
