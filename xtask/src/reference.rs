//! Reading the reference perft suites (`*.perft`) of a folder.

use joust_movegen::suite::{declared_game, declared_variants_file, parse_suite, SuitePosition};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One reference suite file, read and parsed.
pub struct SuiteFile {
    /// Where the file is.
    pub path: PathBuf,
    /// Its file name, for reports (`chess.perft`).
    pub name: String,
    /// The game its `# Game id: <id>` comment declares, if any.
    pub game: Option<String>,
    /// The game file defining that game, from its `# Variants file: <path>` comment
    /// (relative to the suite's folder), if any.
    pub variants_file: Option<String>,
    /// Its positions, or why the file could not be read or parsed.
    pub positions: Result<Vec<SuitePosition>, String>,
}

/// Every `*.perft` file of `dir`, sorted by file name.
pub fn load_dir(dir: &Path) -> io::Result<Vec<SuiteFile>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "perft"))
        .collect();
    paths.sort();
    Ok(paths.into_iter().map(load_file).collect())
}

/// Reads and parses one suite file; failures are kept in [`SuiteFile::positions`].
pub fn load_file(path: PathBuf) -> SuiteFile {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    match fs::read_to_string(&path) {
        Ok(text) => SuiteFile {
            game: declared_game(&text),
            variants_file: declared_variants_file(&text),
            positions: parse_suite(&text).map_err(|e| e.to_string()),
            path,
            name,
        },
        Err(e) => SuiteFile {
            game: None,
            variants_file: None,
            positions: Err(format!("cannot read: {e}")),
            path,
            name,
        },
    }
}

/// A short name for a position in reports: its comment (cut to `max` characters), or
/// `line N` when it has none.
pub fn label(pos: &SuitePosition, max: usize) -> String {
    let comment = pos.comment.trim();
    if comment.is_empty() {
        return format!("line {}", pos.line);
    }
    if comment.chars().count() <= max {
        return comment.to_string();
    }
    let cut: String = comment.chars().take(max.saturating_sub(3)).collect();
    format!("{}...", cut.trim_end())
}
