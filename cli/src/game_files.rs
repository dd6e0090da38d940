//! `--variants FILE`: the games of a user's game file, added before any command runs.

use crate::UserError;
use joust_core::variants::user;
use std::path::Path;

/// Adds the file's games. A file that cannot be read or is not a game file is an error;
/// a game in it that Joust cannot play is reported on stderr (each mistake on its own
/// line, with file, line and column) and left out, and the others are added.
pub fn add(path: &Path) -> Result<(), UserError> {
    let added = user::add_file(path).map_err(|e| UserError(e.to_string()))?;
    for (id, errors) in &added.rejected {
        eprintln!("joust: warning: game `{id}` left out:");
        for e in errors {
            eprintln!("  {e}");
        }
    }
    if added.games.is_empty() {
        return Err(UserError(format!(
            "{} defines no game Joust can play",
            path.display()
        )));
    }
    Ok(())
}
