//! The games of PGN files, for the tasks that study played games (`tune extract`,
//! `diagnose`, `quality`).

use joust_notation::{PgnErrorKind, PgnGame, PgnReader};
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

/// Every game of `paths` that reads, in file order, and how many did not. Each file is
/// streamed one game at a time. Games with a null move (a pass recorded by an analysis
/// program) are counted as unreadable: they are no games played by the rules.
pub fn read_games(paths: &[PathBuf]) -> Result<(Vec<PgnGame>, usize), String> {
    let (mut games, mut unreadable) = (Vec::new(), 0);
    for path in paths {
        let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for game in PgnReader::new(BufReader::new(file)) {
            match game {
                Ok(game) if game.moves().any(|m| m.is_null()) => unreadable += 1,
                Ok(game) => games.push(game),
                Err(e) => match e.kind {
                    PgnErrorKind::Read(why) => {
                        return Err(format!("cannot read {}: {why}", path.display()))
                    }
                    _ => unreadable += 1,
                },
            }
        }
    }
    Ok((games, unreadable))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_streamed_and_bad_or_passing_games_counted() {
        let dir = std::env::temp_dir().join(format!("joust-pgn-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.pgn");
        let b = dir.join("b.pgn");
        std::fs::write(
            &a,
            "[Event \"1\"]\n1. e4 e5 *\n\n[Event \"2\"]\n1. e4 (1. d4 *\n\n[Event \"3\"]\n1. d4 *\n",
        )
        .unwrap();
        std::fs::write(
            &b,
            "[Event \"4\"]\n1. e4 -- 2. d4 *\n\n[Event \"5\"]\n1. c4 *\n",
        )
        .unwrap();
        let (games, unreadable) = read_games(&[a, b]).unwrap();
        let events: Vec<&str> = games.iter().map(|g| g.tag("Event").unwrap()).collect();
        assert_eq!(events, ["1", "3", "5"]);
        assert_eq!(unreadable, 2);
        let missing = read_games(&[dir.join("none.pgn")]).unwrap_err();
        assert!(missing.starts_with("cannot read "), "{missing}");
        // A directory opens but cannot be read: an error, not an empty file.
        assert!(read_games(std::slice::from_ref(&dir)).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
