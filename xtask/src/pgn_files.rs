//! The games of PGN files, for the tasks that study played games (`tune extract`,
//! `diagnose`).

use joust_notation::{read_pgn, PgnGame};
use std::path::PathBuf;

/// Every game of `paths` that reads, in file order, and how many did not.
pub fn read_games(paths: &[PathBuf]) -> Result<(Vec<PgnGame>, usize), String> {
    let (mut games, mut unreadable) = (Vec::new(), 0);
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for game in read_pgn(&text) {
            match game {
                Ok(game) => games.push(game),
                Err(_) => unreadable += 1,
            }
        }
    }
    Ok((games, unreadable))
}
