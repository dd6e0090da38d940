//! The learned evaluations (`joust-nnue` networks) built into Joust, by game id: a game
//! with an entry here is evaluated by its network ([`crate::Evaluator::new`]), or by its
//! evaluation from data with the network's correction added; every other game, and any
//! game defined only in a file, keeps the evaluation from its data.
//! Each network's file is in `search/nets/`, with the recipe that made it in
//! `docs/nnue.md`. An entry lands only with a match showing that the network plays
//! better than the evaluation from data.

use joust_core::Variant;
use joust_nnue::Network;
use std::sync::{Arc, OnceLock};

/// The built-in networks: (game id, the network file's bytes).
const NETS: &[(&str, &[u8])] = &[
    ("chess", include_bytes!("../nets/chess.nnue")),
    ("clash", include_bytes!("../nets/clash.nnue")),
    ("lancerchess", include_bytes!("../nets/lancerchess.nnue")),
];

/// A game id and its network, if its file reads.
type Entry = (&'static str, Option<Arc<Network>>);

/// Every entry of [`NETS`], read once.
fn parsed() -> &'static [Entry] {
    static PARSED: OnceLock<Vec<Entry>> = OnceLock::new();
    PARSED.get_or_init(|| {
        NETS.iter()
            .map(|&(id, bytes)| (id, Network::from_bytes(bytes).ok().map(Arc::new)))
            .collect()
    })
}

/// The built-in network of `variant`, if it has one that fits its board and kinds.
pub fn built_in(variant: &Variant) -> Option<Arc<Network>> {
    let (_, net) = parsed().iter().find(|(id, _)| *id == variant.id)?;
    net.clone().filter(|n| n.check_fits(variant).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    /// Every built-in network reads, names a game, and fits it.
    #[test]
    fn every_built_in_network_reads_and_fits_its_game() {
        for (i, &(id, bytes)) in NETS.iter().enumerate() {
            let v = variants::by_id(id).expect("a game id");
            let net = Network::from_bytes(bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(net.check_fits(v), Ok(()), "{id}");
            assert!(parsed()[i].1.is_some());
            assert!(built_in(v).is_some());
        }
    }
}
