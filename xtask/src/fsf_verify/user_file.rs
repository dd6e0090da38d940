//! `--variants FILE`: a game file of the user's, whose games Joust adds to its own (as the
//! CLI's `joust --variants FILE` does) and the engine loads too (fsf-uci through the
//! environment variable `FSF_UCI_VARIANTS`, which it passes to Fairy-Stockfish's
//! `VariantPath`), so that the games are checked under the same definitions.

use joust_core::variants::user;
use std::path::{Component, Path, PathBuf};

/// The environment variable that makes `xtask/fsf-uci/fsf-uci` load another variants file.
pub const FSF_UCI_VARIANTS: &str = "FSF_UCI_VARIANTS";

/// A game file whose games Joust has added.
pub struct UserFile {
    /// The path as given, for messages and the command line written into reference files.
    pub given: PathBuf,
    /// The absolute path, for the engine (which may run in another folder).
    pub absolute: PathBuf,
    /// The ids of the games Joust added from it, in file order.
    pub games: Vec<&'static str>,
    /// The games Joust left out, with every error found in each.
    pub rejected: Vec<(String, Vec<String>)>,
}

impl UserFile {
    /// Reads `path` and adds its games to Joust's. An error when the file cannot be read,
    /// is not a game file, or defines no game Joust can play; the games left out are kept
    /// in [`UserFile::rejected`] (an error only when one of them is asked for).
    pub fn load(path: &Path) -> Result<UserFile, String> {
        let added = user::add_file(path).map_err(|e| e.to_string())?;
        let absolute = path
            .canonicalize()
            .map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
        let rejected: Vec<(String, Vec<String>)> = added
            .rejected
            .iter()
            .map(|(id, errors)| (id.clone(), errors.iter().map(|e| e.to_string()).collect()))
            .collect();
        if added.games.is_empty() {
            return Err(format!(
                "{} defines no game Joust can play{}",
                path.display(),
                rejected_text(&rejected)
            ));
        }
        Ok(UserFile {
            given: path.to_path_buf(),
            absolute,
            games: added.games,
            rejected,
        })
    }

    /// The game `id` of the file, or why it cannot be checked: the file does not define
    /// it, or defines it in a way Joust cannot play.
    pub fn game(&self, id: &str) -> Result<&'static str, String> {
        if let Some(game) = self.games.iter().find(|g| g.eq_ignore_ascii_case(id)) {
            return Ok(game);
        }
        if let Some((game, errors)) = self
            .rejected
            .iter()
            .find(|(g, _)| g.eq_ignore_ascii_case(id))
        {
            return Err(format!(
                "Joust cannot play game `{game}` of {}:\n  {}",
                self.given.display(),
                errors.join("\n  ")
            ));
        }
        Err(format!(
            "{} has no game `{id}`; its games: {}",
            self.given.display(),
            self.games.join(", ")
        ))
    }

    /// Warnings for the games left out, one block per game, with the game's id.
    pub fn warnings(&self) -> Vec<(&str, String)> {
        self.rejected
            .iter()
            .map(|(id, errors)| {
                let text = format!(
                    "warning: game `{id}` of {} left out:\n  {}",
                    self.given.display(),
                    errors.join("\n  ")
                );
                (id.as_str(), text)
            })
            .collect()
    }

    /// How a reference file written to `perft_file` names this file: relative to the
    /// reference file's folder, which must hold the game file (or a folder of it). The
    /// tests find the game file from the reference file alone, so it must stay in the
    /// repository beside it.
    pub fn relative_to(&self, perft_file: &Path) -> Result<String, String> {
        let folder = perft_file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let folder = folder
            .canonicalize()
            .map_err(|e| format!("cannot write into {}: {e}", folder.display()))?;
        let inside = self.absolute.strip_prefix(&folder).map_err(|_| {
            format!(
                "--write {} with --variants {}: the reference file names the game file \
                 relative to its own folder, so keep the game file in {} (or below it)",
                perft_file.display(),
                self.given.display(),
                folder.display()
            )
        })?;
        let parts: Vec<String> = inside
            .components()
            .map(|c| match c {
                Component::Normal(p) => Ok(p.to_string_lossy().into_owned()),
                _ => Err(format!("unusable game file path {}", inside.display())),
            })
            .collect::<Result<_, _>>()?;
        if parts.iter().any(|p| p.chars().any(char::is_whitespace)) {
            return Err(format!(
                "the game file's path {} has a space, which a reference file cannot name",
                inside.display()
            ));
        }
        Ok(parts.join("/"))
    }
}

/// The rejected games and their errors, as text following a sentence.
fn rejected_text(rejected: &[(String, Vec<String>)]) -> String {
    rejected
        .iter()
        .map(|(id, errors)| format!("\n  `{id}`:\n    {}", errors.join("\n    ")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game file in a fresh folder of the target directory (never outside the
    /// repository's build folder).
    fn file(name: &str, text: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../target/xtask-tests/user-file")
            .join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.ini");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn games_of_the_file_are_found_and_others_are_clear_errors() {
        let path = file(
            "found",
            "[xt-uf-good:chess]\ncustomPiece1 = a:mRcpR\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w Qkq - 0 1\n\n\
             [xt-uf-bad:chess]\ncustomPiece1 = a:QJ\n",
        );
        let loaded = UserFile::load(&path).unwrap();
        assert_eq!(loaded.games, ["xt-uf-good"]);
        assert_eq!(loaded.game("XT-UF-GOOD"), Ok("xt-uf-good"));
        let bad = loaded.game("xt-uf-bad").unwrap_err();
        assert!(
            bad.starts_with("Joust cannot play game `xt-uf-bad`"),
            "{bad}"
        );
        assert!(bad.contains("games.ini:"), "{bad}");
        let missing = loaded.game("xt-uf-none").unwrap_err();
        assert!(
            missing.ends_with("has no game `xt-uf-none`; its games: xt-uf-good"),
            "{missing}"
        );
        let warnings = loaded.warnings();
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].0, "xt-uf-bad");
        assert!(warnings[0].1.starts_with("warning: game `xt-uf-bad` of "));
        let perft = path.with_file_name("xt-uf-good.perft");
        assert_eq!(loaded.relative_to(&perft).unwrap(), "games.ini");
        let elsewhere = path.parent().unwrap().join("sub/xt-uf-good.perft");
        std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
        assert!(loaded
            .relative_to(&elsewhere)
            .unwrap_err()
            .contains("keep the game file"));
    }

    #[test]
    fn a_file_without_playable_games_or_unreadable_is_an_error() {
        let none = file("none", "[xt-uf-only-bad:chess]\ncustomPiece1 = a:QJ\n");
        let e = UserFile::load(&none).err().unwrap();
        assert!(e.contains("defines no game Joust can play"), "{e}");
        assert!(e.contains("`xt-uf-only-bad`"), "{e}");
        let e = UserFile::load(&none.with_file_name("absent.ini"))
            .err()
            .unwrap();
        assert!(
            e.contains("absent.ini") && e.contains("cannot read it"),
            "{e}"
        );
    }
}
