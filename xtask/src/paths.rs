//! Where the workspace, `shared/` and the reference perft suites are.
//!
//! CI clones the repository to some folder `X` and lays `shared/` at `X/../shared`, so
//! every path here is found from the workspace root, never from the current directory.

use std::env;
use std::path::{Path, PathBuf};

/// Environment variable that overrides the folder of the reference `*.perft` files.
pub const REFERENCE_DIR_VAR: &str = "JOUST_REFERENCE_DIR";

/// The workspace root: the folder above `xtask/`.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// The `shared/` folder beside the workspace (`<workspace root>/../shared`).
pub fn shared_dir() -> PathBuf {
    tidy(workspace_root().join("..").join("shared"))
}

/// The folder of the reference perft suites: `$JOUST_REFERENCE_DIR` if set, else
/// `<workspace root>/../shared/reference`.
pub fn reference_dir() -> PathBuf {
    match env::var_os(REFERENCE_DIR_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => shared_dir().join("reference"),
    }
}

/// The folder of our own perft suites, `<workspace root>/suites`: positions we made,
/// with counts checked against an independent generator (see each file's header).
pub fn own_suites_dir() -> PathBuf {
    workspace_root().join("suites")
}

/// The default `fsf-uci` wrapper (`<workspace root>/../shared/tools/fsf-uci/fsf-uci`).
pub fn fsf_uci() -> PathBuf {
    shared_dir().join("tools").join("fsf-uci").join("fsf-uci")
}

/// `path` without `..` components where the file system can resolve them.
fn tidy(path: PathBuf) -> PathBuf {
    path.canonicalize().unwrap_or(path)
}
