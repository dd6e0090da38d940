//! Games from users' game files (`--variants FILE`, UCI `VariantPath`), added to the
//! built-in ones for the rest of the process.

use super::files::parent_entries;
use crate::gamefile::{self, Entry, GameFileError, GameFileErrorKind, Span};
use crate::variant::Variant;
use std::io::Read;
use std::path::Path;

/// The largest game file read: far more than any set of games needs, so that a wrong
/// path (a device, a huge file) is refused at once instead of filling the memory.
const MAX_FILE_BYTES: u64 = 1 << 20;
use std::sync::Mutex;

/// The user's games and their resolved keys, in the order they were added.
static USER: Mutex<Vec<(&'static Variant, Vec<Entry>)>> = Mutex::new(Vec::new());

/// What adding a file did: the games it added, and those it could not, each with every
/// error found in it (the file name included).
#[derive(Clone, Debug, Default)]
pub struct Added {
    /// The ids of the games added, in file order.
    pub games: Vec<&'static str>,
    /// Games left out, with why.
    pub rejected: Vec<(String, Vec<GameFileError>)>,
}

/// Reads the game file at `path` and adds its games; a section may inherit from a
/// built-in game or from a game added before. A game whose id is already taken is left
/// out (built-in games cannot be redefined); adding the same file twice is harmless.
///
/// `Err` when the file cannot be read or is not a game file at all (a syntax error); the
/// error names the file, line and column.
pub fn add_file(path: &Path) -> Result<Added, GameFileError> {
    let name = path.display().to_string();
    let io = |what: String| GameFileError::whole(GameFileErrorKind::Io(what)).in_file(&name);
    let file = std::fs::File::open(path).map_err(|e| io(format!("cannot read it: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(io("is a directory, not a game file".into()));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io(format!(
            "larger than {} kB: not a game file",
            MAX_FILE_BYTES / 1024
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        io(format!(
            "not UTF-8 text (byte {} is not valid)",
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    add_text(&text, &name)
}

/// [`add_file`] for text already read; `name` names it in errors.
pub fn add_text(text: &str, name: &str) -> Result<Added, GameFileError> {
    let parents = |id: &str| {
        parent_entries(id).or_else(|| {
            lock()
                .iter()
                .find(|(v, _)| v.id == id)
                .map(|(_, e)| e.clone())
        })
    };
    let loaded = gamefile::load(text, &parents).map_err(|e| e.in_file(name))?;
    let mut added = Added {
        games: Vec::new(),
        rejected: loaded
            .rejected
            .into_iter()
            .map(|(id, errors)| (id, errors.into_iter().map(|e| e.in_file(name)).collect()))
            .collect(),
    };
    let mut user = lock();
    for game in loaded.games {
        let entries = loaded
            .sections
            .iter()
            .find(|(id, _)| id == game.id)
            .map(|(_, e)| e.clone())
            .unwrap_or_default();
        let same = user
            .iter()
            .find(|(v, _)| v.id.eq_ignore_ascii_case(game.id));
        if let Some((_, old)) = same {
            if *old == entries {
                added.games.push(game.id);
            } else {
                let err = GameFileError::at(
                    Span { line: 1, column: 1 },
                    GameFileErrorKind::Invalid(format!(
                        "`{}` is already defined by another game file",
                        game.id
                    )),
                );
                added
                    .rejected
                    .push((game.id.to_string(), vec![err.in_file(name)]));
            }
            continue;
        }
        if super::all()
            .iter()
            .any(|v| v.id.eq_ignore_ascii_case(game.id))
        {
            let err = GameFileError::whole(GameFileErrorKind::Invalid(format!(
                "`{}` is a built-in game; give yours another id (it may inherit: [mine:{}])",
                game.id, game.id
            )));
            added
                .rejected
                .push((game.id.to_string(), vec![err.in_file(name)]));
            continue;
        }
        user.push((game, entries));
        added.games.push(game.id);
    }
    Ok(added)
}

/// The games added so far.
pub fn games() -> Vec<&'static Variant> {
    lock().iter().map(|(v, _)| *v).collect()
}

fn lock() -> std::sync::MutexGuard<'static, Vec<(&'static Variant, Vec<Entry>)>> {
    // A panic while holding the lock cannot leave the list half-changed (one push), so
    // a poisoned lock is still sound to use.
    USER.lock().unwrap_or_else(|p| p.into_inner())
}
