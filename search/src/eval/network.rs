//! The learned evaluation beside the evaluation from data: an [`Evaluator`] may carry a
//! `joust-nnue` network, which then gives the static value the search uses, or, if it is
//! a correction network, is added to the evaluation from data for it (the evaluation from
//! data still gives piece values for ordering and pruning, and the `eval` breakdown).

use super::{Evaluator, EVAL_MAX};
use joust_core::{Bits, Position};
use joust_nnue::{NetError, Network};
use std::sync::Arc;

impl Evaluator {
    /// This evaluation with `net` giving its static values (`None`: the evaluation from
    /// data alone); an error if the network does not fit the game's board and kinds.
    pub fn with_network(mut self, net: Option<Arc<Network>>) -> Result<Evaluator, NetError> {
        if let Some(n) = &net {
            n.check_fits(self.variant)?;
        }
        self.net = net;
        Ok(self)
    }

    /// The network giving this evaluation's static values, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }
}

/// The evaluation from data (`data`) with a correction network's value (`net`) added,
/// within ±[`EVAL_MAX`].
pub(crate) fn corrected(data: i32, net: i32) -> i32 {
    data.saturating_add(net).clamp(-EVAL_MAX, EVAL_MAX)
}

/// The network's value of `pos` for the side to move, summed afresh, within ±[`EVAL_MAX`].
pub(super) fn fresh<B: Bits>(net: &Network, pos: &Position<B>) -> i32 {
    joust_nnue::evaluate(net, pos).clamp(-EVAL_MAX, EVAL_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{search, Limits, Shared};
    use joust_core::variants;
    use joust_nnue::network::feature_count;

    /// A network of `variant`'s shape that sees nothing: its value is always `cp`
    /// (a multiple of 400) for the side to move.
    fn constant(variant: &joust_core::Variant, cp: i32) -> Arc<Network> {
        let g = variant.geometry;
        let k = variant.kinds.len();
        let features = feature_count(k, g.files(), g.ranks());
        let bias = cp / joust_nnue::SCALE * joust_nnue::QA as i32 * joust_nnue::QB as i32;
        let net = Network::new(
            variant.id,
            g.files(),
            g.ranks(),
            k,
            16,
            vec![0; features * 16],
            vec![0; 16],
            vec![0; 32],
            bias,
        );
        Arc::new(net.unwrap())
    }

    #[test]
    fn a_network_gives_the_search_its_static_values() {
        let chess = variants::chess();
        let e = Evaluator::new(chess)
            .with_network(Some(constant(chess, 800)))
            .unwrap();
        let pos: Position<u64> = Position::from_fen(chess, chess.start_fen).unwrap();
        assert_eq!(e.evaluate(&pos), 800);
        // Every reply is worth 800 to the side then to move: no capture at depth 1.
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let result = search(&pos, &[], &limits, &Shared::new(1), 1, &e, |_| {});
        assert_eq!(result.score, -800);
        let without = e.with_network(None).unwrap();
        assert_ne!(without.evaluate(&pos), 800);
    }

    #[test]
    fn a_correction_network_is_added_to_the_evaluation_from_data() {
        let chess = variants::chess();
        let pos: Position<u64> = Position::from_fen(chess, chess.start_fen).unwrap();
        let data = Evaluator::new(chess).with_network(None).unwrap();
        let net = Arc::new(Network::clone(&constant(chess, 400)).into_correction());
        let e = data.clone().with_network(Some(net)).unwrap();
        assert_eq!(e.evaluate(&pos), data.evaluate(&pos) + 400);
        // The search's static values (through its accumulators) are the same sums: a
        // depth-1 search with the correction scores 400 below the one without (every
        // reply is worth 400 more to the side then to move, and none can capture).
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let plain = search(&pos, &[], &limits, &Shared::new(1), 1, &data, |_| {});
        let with = search(&pos, &[], &limits, &Shared::new(1), 1, &e, |_| {});
        assert_eq!(with.score, plain.score - 400);
    }

    #[test]
    fn a_network_of_another_board_is_refused() {
        let net = constant(variants::chess(), 400);
        let e = Evaluator::new(variants::royal_lion());
        assert!(e.with_network(Some(net)).is_err());
    }
}
