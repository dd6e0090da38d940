//! The learned evaluation beside the evaluation from data: an [`Evaluator`] may carry a
//! `joust-nnue` network, which then gives the static value the search uses (the
//! evaluation from data still gives piece values for ordering and pruning, and the `eval`
//! breakdown).

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

/// The network's value of `pos` for the side to move, summed afresh, within ±[`EVAL_MAX`].
pub(super) fn fresh<B: Bits>(net: &Network, pos: &Position<B>) -> i32 {
    joust_nnue::evaluate(net, pos).clamp(-EVAL_MAX, EVAL_MAX)
}
