//! Where the engines of this workspace's tasks are: an engine spec's program turned into
//! a [`Launch`] of the match library (Joust's release binary, built first if asked;
//! Debian's engines, installed if missing; fsf-uci; a path), and the reference engines
//! that `tune label` and `diagnose` name.

use crate::engines::{Engine, EngineFinder};
use crate::paths;
use joust_match::{EngineSpec, Launch, Program};
use std::path::PathBuf;
use std::process::Command;

/// The program of `spec`. `joust` is the workspace's release binary beside this xtask
/// binary, built (or brought up to date) first with `cargo build --release -p joust`
/// unless `build` is false.
pub fn resolve(
    spec: &EngineSpec,
    finder: &mut EngineFinder,
    build: bool,
) -> Result<Launch, String> {
    let plain = |path: PathBuf| Launch::program(path).with_args(spec.args.clone());
    match &spec.program {
        Program::Joust => {
            let path = joust_binary(build)?;
            Ok(Launch::program(path).with_args(vec!["uci".to_string()]))
        }
        Program::FsfUci => {
            let path = finder.path(Engine::FsfUci).clone();
            if path.is_file() {
                Ok(plain(path))
            } else {
                Err(format!("fsf-uci not found at {}", path.display()))
            }
        }
        Program::FairyStockfish => finder
            .find(Engine::FairyStockfish)
            .map(plain)
            .map_err(|e| format!("fairy-stockfish {e}")),
        Program::Stockfish => finder
            .find(Engine::Stockfish)
            .map(plain)
            .map_err(|e| format!("stockfish {e}")),
        Program::Path(p) => {
            let path = PathBuf::from(p);
            if path.is_file() {
                Ok(plain(path))
            } else {
                Err(format!(
                    "engine '{p}' is neither joust, fsf-uci, fairy-stockfish, stockfish nor an existing file"
                ))
            }
        }
    }
}

/// A reference engine named on the command line: `fsf-uci` (`xtask/fsf-uci`),
/// `fairy-stockfish` (the Debian package) or a path; its standard error is discarded.
pub fn reference(engine: &str) -> Launch {
    let program = match engine {
        "fsf-uci" => paths::fsf_uci(),
        "fairy-stockfish" => PathBuf::from("/usr/games/fairy-stockfish"),
        path => PathBuf::from(path),
    };
    Launch::program(program).discarding_stderr()
}

/// The folder holding the running executable's build outputs (`target/release`): the
/// executable's folder, or its parent when that is `deps/` (a test binary).
fn build_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut dir = exe
        .parent()
        .ok_or_else(|| "this program has no folder".to_string())?
        .to_path_buf();
    if dir.file_name().is_some_and(|n| n == "deps") {
        dir.pop();
    }
    Ok(dir)
}

/// The `joust` release binary of this workspace (`<target>/release/joust`, in the target
/// folder this program was built in), built first if `build`.
pub fn joust_binary(build: bool) -> Result<PathBuf, String> {
    let dir = build_dir()?;
    let target_dir = dir.parent().unwrap_or(&dir).to_path_buf();
    let path = target_dir
        .join("release")
        .join(format!("joust{}", std::env::consts::EXE_SUFFIX));
    if build {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--release", "-p", "joust"])
            .current_dir(paths::workspace_root())
            .env("CARGO_TARGET_DIR", &target_dir)
            .status()
            .map_err(|e| format!("cannot run cargo build: {e}"))?;
        if !status.success() {
            return Err(format!("cargo build --release -p joust failed ({status})"));
        }
    }
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{} is missing (build it with cargo build --release -p joust)",
            path.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_become_launches() {
        let mut finder = EngineFinder::new(
            "/nonexistent/stockfish".into(),
            "/nonexistent/fairy-stockfish".into(),
            "/nonexistent/fsf-uci".into(),
            false,
        );
        let spec = EngineSpec::parse("/bin/sh arg=-c arg=true").unwrap();
        let launch = resolve(&spec, &mut finder, false).unwrap();
        assert_eq!(
            format!("{launch:?}"),
            "Program { path: \"/bin/sh\", args: [\"-c\", \"true\"], stderr: Inherit }"
        );
        for (spec, why) in [
            ("fsf-uci", "fsf-uci not found at /nonexistent/fsf-uci"),
            ("stockfish", "stockfish not found at /nonexistent/stockfish"),
            (
                "/nonexistent/engine",
                "engine '/nonexistent/engine' is neither joust",
            ),
        ] {
            let e = resolve(&EngineSpec::parse(spec).unwrap(), &mut finder, false).unwrap_err();
            assert!(e.starts_with(why), "{spec}: {e}");
        }
        let fsf = reference("fsf-uci");
        assert!(fsf.describe().ends_with("xtask/fsf-uci/fsf-uci"));
        assert!(format!("{fsf:?}").contains("stderr: Discard"));
        assert_eq!(reference("/x/engine").describe(), "/x/engine");
    }
}
