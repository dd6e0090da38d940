//! Loading a network file (`cargo xtask train`'s output) into an evaluator: what
//! `datagen --eval-file`, `expand --eval` and `bench --eval-file` share.

use joust_nnue::Network;
use joust_search::Evaluator;
use std::path::Path;
use std::sync::Arc;

/// `eval` with the network of the file at `path` in place of the game's own; an error
/// names the file.
pub fn with_network_file(eval: Evaluator, path: &Path) -> Result<Evaluator, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    eval.with_network(Some(Arc::new(net)))
        .map_err(|e| format!("{}: {e}", path.display()))
}
