//! One engine of a match: started from an [`EngineSpec`], set up for each game, and asked
//! for moves with `go`, under a deadline.

use crate::engines::{Engine, EngineFinder};
use crate::match_spec::{EngineSpec, Program};
use crate::paths;
use crate::uci_engine::{EngineError, UciEngine};
use joust_core::Variant;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `stop` after its deadline before it is counted
/// as hung and restarted.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// How an engine is started: program and arguments.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The executable.
    pub path: PathBuf,
    /// Its arguments (`uci` for Joust).
    pub args: Vec<String>,
}

/// Finds the program of `spec`. `joust` is the workspace's release binary beside this
/// xtask binary, built (or brought up to date) first with `cargo build --release -p joust`
/// unless `build` is false.
pub fn resolve(
    spec: &EngineSpec,
    finder: &mut EngineFinder,
    build: bool,
) -> Result<Launch, String> {
    let plain = |path: PathBuf| Launch {
        path,
        args: spec.args.clone(),
    };
    match &spec.program {
        Program::Joust => {
            let path = joust_binary(build)?;
            Ok(Launch {
                path,
                args: vec!["uci".to_string()],
            })
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

/// Why an engine gave no move.
#[derive(Debug)]
pub enum GoError {
    /// No `bestmove` before the deadline; `hung` if it did not answer `stop` either (the
    /// engine was restarted).
    Timeout {
        /// Time from `go` to the deadline.
        elapsed: Duration,
        /// True if the engine also ignored `stop`.
        hung: bool,
    },
    /// The engine died or its pipe broke.
    Crash(String),
}

/// An engine's answer to `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The text after `bestmove`.
    pub text: String,
    /// Time from sending `go` to reading `bestmove`.
    pub elapsed: Duration,
    /// The last `score` of its `info` lines (`cp 35`, `mate -3`), if any.
    pub score: Option<String>,
    /// The last `depth` of its `info` lines, if any.
    pub depth: Option<u32>,
}

/// A running engine of a match with its spec applied.
pub struct Player {
    /// What the command line said.
    pub spec: EngineSpec,
    /// How it is started.
    launch: Launch,
    /// The process.
    engine: UciEngine,
    /// The game id last sent with `UCI_Variant`.
    variant: Option<&'static str>,
}

impl Player {
    /// Starts the engine and sets `Threads`, `Hash` and the spec's options.
    pub fn start(spec: &EngineSpec, launch: &Launch) -> Result<Player, EngineError> {
        let engine = start_engine(spec, launch)?;
        Ok(Player {
            spec: spec.clone(),
            launch: launch.clone(),
            engine,
            variant: None,
        })
    }

    /// The name for reports: the spec's `name=` or the engine's `id name`.
    pub fn label(&self) -> String {
        self.spec
            .name
            .clone()
            .unwrap_or_else(|| self.engine.name.clone())
    }

    /// Whether the engine can play `variant`: it offers it as a `UCI_Variant`, or it has
    /// no such option and the game is chess.
    pub fn plays(&self, variant: &Variant) -> bool {
        if self.engine.has_option("UCI_Variant") {
            self.engine.has_variant(variant.id)
        } else {
            variant.id == "chess"
        }
    }

    /// Prepares a new game of `variant`: `UCI_Variant` (when it changes), `ucinewgame`.
    pub fn new_game(&mut self, variant: &'static Variant) -> Result<(), EngineError> {
        if !self.plays(variant) {
            return Err(EngineError(format!(
                "{} does not play {}",
                self.label(),
                variant.id
            )));
        }
        if self.engine.has_option("UCI_Variant") && self.variant != Some(variant.id) {
            self.engine.set_option("UCI_Variant", variant.id)?;
            self.variant = Some(variant.id);
        }
        self.engine.send("ucinewgame")?;
        self.engine.sync()
    }

    /// Restarts the engine process (after a crash or a hang).
    pub fn restart(&mut self) -> Result<(), EngineError> {
        self.engine = start_engine(&self.spec, &self.launch)?;
        self.variant = None;
        Ok(())
    }

    /// Sends `position` and `go` and waits for `bestmove` until `limit` after the `go`.
    /// At the deadline the engine is told to `stop`; if it still gives no move it is
    /// restarted.
    pub fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Reply, GoError> {
        let crash = |e: EngineError| GoError::Crash(e.0);
        self.engine.drain();
        self.engine.send(position).map_err(crash)?;
        let start = Instant::now();
        self.engine.send(go).map_err(crash)?;
        let deadline = start + limit;
        let mut score = None;
        let mut depth = None;
        loop {
            match self.engine.next_line(deadline, "bestmove") {
                Ok(line) => {
                    let line = line.trim();
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let text = rest.split_whitespace().next().unwrap_or("").to_string();
                        return Ok(Reply {
                            text,
                            elapsed: start.elapsed(),
                            score,
                            depth,
                        });
                    }
                    if line.starts_with("info ") {
                        read_info(line, &mut score, &mut depth);
                    }
                }
                Err(e) if Instant::now() < deadline => return Err(crash(e)),
                Err(_) => break,
            }
        }
        let elapsed = start.elapsed();
        let _ = self.engine.send("stop");
        let grace = Instant::now() + STOP_GRACE;
        let answered = loop {
            match self.engine.next_line(grace, "bestmove") {
                Ok(line) if line.trim_start().starts_with("bestmove") => break true,
                Ok(_) => {}
                Err(_) => break false,
            }
        };
        if !answered {
            self.restart().map_err(crash)?;
        }
        Err(GoError::Timeout {
            elapsed,
            hung: !answered,
        })
    }
}

/// Starts the engine of `launch` and applies `spec`'s options.
fn start_engine(spec: &EngineSpec, launch: &Launch) -> Result<UciEngine, EngineError> {
    let args: Vec<&str> = launch.args.iter().map(String::as_str).collect();
    let mut engine = UciEngine::start_with_args(Path::new(&launch.path), &args)?;
    if engine.has_option("Threads") {
        engine.set_option("Threads", &spec.threads.to_string())?;
    }
    if let Some(hash) = spec.hash {
        if !engine.has_option("Hash") {
            return Err(EngineError(format!("{} has no Hash option", engine.name)));
        }
        engine.set_option("Hash", &hash.to_string())?;
    }
    for (name, value) in &spec.options {
        if !engine.has_option(name) {
            return Err(EngineError(format!(
                "{} has no option '{name}'",
                engine.name
            )));
        }
        engine.set_option(name, value)?;
    }
    Ok(engine)
}

/// Updates `score` and `depth` from one `info` line (bounds and `info string` ignored).
fn read_info(line: &str, score: &mut Option<String>, depth: &mut Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.get(1) == Some(&"string") {
        return;
    }
    let mut found_score = None;
    let mut found_depth = None;
    let mut bound = false;
    for (i, w) in words.iter().enumerate() {
        match *w {
            "depth" => found_depth = words.get(i + 1).and_then(|d| d.parse().ok()),
            "score" => {
                if let (Some(kind), Some(value)) = (words.get(i + 1), words.get(i + 2)) {
                    if (*kind == "cp" || *kind == "mate") && value.parse::<i64>().is_ok() {
                        found_score = Some(format!("{kind} {value}"));
                    }
                }
            }
            "lowerbound" | "upperbound" => bound = true,
            _ => {}
        }
    }
    if let (Some(s), false) = (found_score, bound) {
        *score = Some(s);
        if found_depth.is_some() {
            *depth = found_depth;
        }
    }
}

/// A score for a PGN comment from the mover's view: `+0.35`, `-M3`.
pub fn score_comment(score: &str) -> Option<String> {
    let (kind, value) = score.split_once(' ')?;
    let v: i64 = value.parse().ok()?;
    match kind {
        "cp" => Some(format!("{:+.2}", v as f64 / 100.0)),
        "mate" if v >= 0 => Some(format!("+M{v}")),
        "mate" => Some(format!("-M{}", -v)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_from_info_lines() {
        let (mut score, mut depth) = (None, None);
        read_info(
            "info depth 7 seldepth 9 score cp -35 nodes 100 pv e2e4",
            &mut score,
            &mut depth,
        );
        assert_eq!(score.as_deref(), Some("cp -35"));
        assert_eq!(depth, Some(7));
        read_info(
            "info depth 8 score cp 80 lowerbound nodes 200",
            &mut score,
            &mut depth,
        );
        read_info("info string score cp 999", &mut score, &mut depth);
        assert_eq!(score.as_deref(), Some("cp -35"));
        read_info("info depth 9 score mate 3 pv a1a8", &mut score, &mut depth);
        assert_eq!(score.as_deref(), Some("mate 3"));
        assert_eq!(depth, Some(9));
        assert_eq!(score_comment("cp -35").as_deref(), Some("-0.35"));
        assert_eq!(score_comment("cp 120").as_deref(), Some("+1.20"));
        assert_eq!(score_comment("mate -2").as_deref(), Some("-M2"));
        assert_eq!(score_comment("mate 1").as_deref(), Some("+M1"));
    }
}
