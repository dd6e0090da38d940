//! Where the workspace, the reference perft suites and the Fairy-Stockfish wrapper are.
//!
//! Everything xtask reads lives in the repository; every path is found from the workspace
//! root, never from the current directory.

use std::path::{Path, PathBuf};

/// The workspace root: the folder above `xtask/`.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// The folder of the reference perft suites, `<workspace root>/suites/reference`: counts
/// from other implementations (see its README).
pub fn reference_dir() -> PathBuf {
    own_suites_dir().join("reference")
}

/// The folder of our own perft suites, `<workspace root>/suites`: positions we made,
/// with counts checked against an independent generator (see each file's header).
pub fn own_suites_dir() -> PathBuf {
    workspace_root().join("suites")
}

/// The `fsf-uci` wrapper, `<workspace root>/xtask/fsf-uci/fsf-uci`: Fairy-Stockfish in
/// WebAssembly (installed from the npm registry on first use) with Joust's LancerChess and
/// Clash loaded.
pub fn fsf_uci() -> PathBuf {
    workspace_root()
        .join("xtask")
        .join("fsf-uci")
        .join("fsf-uci")
}
