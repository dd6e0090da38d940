//! The external engines `cargo xtask compare` measures, and finding (or installing) them.

use crate::paths;
use clap::Args;
use std::path::PathBuf;
use std::process::Command;

/// An external UCI engine that can run `go perft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Debian's `stockfish` (chess only).
    Stockfish,
    /// Debian's `fairy-stockfish` (chess and Fairy-Stockfish's built-in variants).
    FairyStockfish,
    /// `xtask/fsf-uci/fsf-uci`: Fairy-Stockfish in wasm with Joust's
    /// `lancerchess` and `clash` loaded.
    FsfUci,
}

impl Engine {
    /// A short name for reports.
    pub fn label(self) -> &'static str {
        match self {
            Engine::Stockfish => "stockfish",
            Engine::FairyStockfish => "fairy-stockfish",
            Engine::FsfUci => "fsf-uci",
        }
    }

    /// True if the engine comes from a Debian package that `apt-get` can install.
    fn is_debian(self) -> bool {
        matches!(self, Engine::Stockfish | Engine::FairyStockfish)
    }
}

/// Where each engine is, and whether `apt-get` may be tried for a missing Debian one.
pub struct EngineFinder {
    /// Path of Debian's Stockfish.
    pub stockfish: PathBuf,
    /// Path of Debian's Fairy-Stockfish.
    pub fairy_stockfish: PathBuf,
    /// Path of the fsf-uci wrapper.
    pub fsf_uci: PathBuf,
    /// Whether a missing Debian engine may be installed with `apt-get`.
    pub may_install: bool,
    /// Set once `apt-get` has been tried, so it is tried at most once per run.
    apt_tried: bool,
}

impl EngineFinder {
    /// A finder for these paths.
    pub fn new(
        stockfish: PathBuf,
        fairy_stockfish: PathBuf,
        fsf_uci: PathBuf,
        may_install: bool,
    ) -> EngineFinder {
        EngineFinder {
            stockfish,
            fairy_stockfish,
            fsf_uci,
            may_install,
            apt_tried: false,
        }
    }

    /// The configured path of `engine`.
    pub fn path(&self, engine: Engine) -> &PathBuf {
        match engine {
            Engine::Stockfish => &self.stockfish,
            Engine::FairyStockfish => &self.fairy_stockfish,
            Engine::FsfUci => &self.fsf_uci,
        }
    }

    /// The path of `engine` if its file exists, installing the Debian engines (once per
    /// run) when one is missing; otherwise why it is unavailable.
    pub fn find(&mut self, engine: Engine) -> Result<PathBuf, String> {
        let path = self.path(engine).clone();
        if path.is_file() {
            return Ok(path);
        }
        if engine.is_debian() && self.may_install && !self.apt_tried {
            self.apt_tried = true;
            println!(
                "{} not found at {}: installing the Debian engines",
                engine.label(),
                path.display()
            );
            apt_install();
            if path.is_file() {
                return Ok(path);
            }
        }
        Err(format!("not found at {}", path.display()))
    }
}

/// Where Debian's `fairy-stockfish` package installs its engine.
pub const DEBIAN_FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// The installed version of Debian package `package` (`dpkg-query`), if it is installed.
pub fn debian_version(package: &str) -> Option<String> {
    let out = Command::new("dpkg-query")
        .args(["-W", "-f", "${Version}", package])
        .output()
        .ok()?;
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !version.is_empty()).then_some(version)
}

/// Runs `apt-get install -y stockfish fairy-stockfish`, and if that fails, `apt-get
/// update` and the install once more. Prints each command; failures are only reported.
fn apt_install() {
    let install = ["install", "-y", "stockfish", "fairy-stockfish"];
    if apt_get(&install) {
        return;
    }
    if apt_get(&["update"]) {
        apt_get(&install);
    }
}

/// Runs `apt-get <args>` non-interactively, printing the command; true on success.
fn apt_get(args: &[&str]) -> bool {
    println!("$ apt-get {}", args.join(" "));
    match Command::new("apt-get")
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .status()
    {
        Ok(status) if status.success() => true,
        Ok(status) => {
            println!("apt-get {} failed ({status})", args[0]);
            false
        }
        Err(e) => {
            println!("cannot run apt-get: {e}");
            false
        }
    }
}

/// The command-line options that say where the external engines are, shared by the
/// commands that run them.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Debian's Stockfish.
    #[arg(long, value_name = "PATH", default_value = "/usr/games/stockfish")]
    pub stockfish: PathBuf,
    /// Debian's Fairy-Stockfish.
    #[arg(long, value_name = "PATH", default_value = DEBIAN_FAIRY_STOCKFISH)]
    pub fairy_stockfish: PathBuf,
    /// The fsf-uci wrapper [default: xtask/fsf-uci/fsf-uci in the workspace].
    #[arg(long, value_name = "PATH")]
    pub fsf_uci: Option<PathBuf>,
    /// Do not run apt-get when a Debian engine is missing.
    #[arg(long)]
    pub no_install: bool,
}

impl EngineArgs {
    /// An engine finder for these paths.
    pub fn finder(&self) -> EngineFinder {
        EngineFinder::new(
            self.stockfish.clone(),
            self.fairy_stockfish.clone(),
            self.fsf_uci.clone().unwrap_or_else(paths::fsf_uci),
            !self.no_install,
        )
    }
}
