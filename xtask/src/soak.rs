//! `cargo xtask soak`: long runs that look for what no short test finds, not for CI.
//!
//! - `soak uci` ([`crate::soak_uci`]): random UCI sessions against the release binary,
//!   each transcript checked.
//! - `soak games` ([`crate::soak_games`]): the release binary against itself at a very
//!   fast clock; any loss on time, illegal move, crash or stall fails it.

use crate::launch::joust_binary;
use crate::{paths, soak_games, soak_uci};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Options of `cargo xtask soak`.
#[derive(Args, Debug)]
#[command(after_help = "EXAMPLES:\n  \
    cargo xtask soak uci --sessions 100000 --jobs 6 --seed 1\n  \
    cargo xtask soak uci --seed 1 --start 4242 --sessions 1 --show     (replay one session)\n  \
    cargo xtask soak games --games 1000 --tc 1+0.01\n\n\
    Exit status: 0 when nothing was found; 1 on any finding (or when the run could not start).")]
pub struct SoakArgs {
    /// The soak to run.
    #[command(subcommand)]
    kind: Soak,
}

/// One kind of soak.
#[derive(Subcommand, Debug)]
enum Soak {
    /// Random UCI command sessions against the release binary, every transcript checked.
    Uci(soak_uci::UciSoakArgs),
    /// Self-play of the release binary at a very fast clock over every game id.
    Games(soak_games::GamesSoakArgs),
}

/// Runs the soak; false on any finding or if it could not run.
pub fn run(args: &SoakArgs) -> bool {
    match &args.kind {
        Soak::Uci(a) => soak_uci::run(a),
        Soak::Games(a) => soak_games::run(a),
    }
}

/// What the binary under test was built from: the commit, and whether the work tree
/// had changes beside it (a soak's figures belong to that tree).
pub fn built_from() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(paths::workspace_root())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match (
        git(&["rev-parse", "--short", "HEAD"]),
        git(&["status", "--porcelain", "--untracked-files=no"]),
    ) {
        (Some(commit), Some(changes)) if changes.is_empty() => format!("commit {commit}"),
        (Some(commit), Some(_)) => format!("commit {commit} with uncommitted changes"),
        _ => "an unknown commit (no git)".to_string(),
    }
}

/// The binary to soak and a note on where it comes from: `given` (a copy kept apart, so
/// that a build during a long run does not change the binary under test), or the
/// workspace's release binary, built first unless `no_build`.
pub fn binary(given: Option<&Path>, no_build: bool) -> Result<(PathBuf, String), String> {
    match given {
        Some(path) if path.is_file() => Ok((
            path.to_path_buf(),
            format!("given; the work tree is at {}", built_from()),
        )),
        Some(path) => Err(format!("--binary {}: no such file", path.display())),
        None => Ok((
            joust_binary(!no_build)?,
            format!("built from {}", built_from()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_binary_is_used_as_it_is_and_a_missing_one_refused() {
        let me = std::env::current_exe().unwrap();
        let (path, origin) = binary(Some(&me), false).unwrap();
        assert_eq!(path, me);
        assert!(
            origin.starts_with("given; the work tree is at "),
            "{origin}"
        );
        let e = binary(Some(Path::new("/nonexistent/joust")), false).unwrap_err();
        assert_eq!(e, "--binary /nonexistent/joust: no such file");
    }
}
