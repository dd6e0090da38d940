//! Game files with the promotion and endgame keys of the South-East Asian and large-board
//! chesses: promotion zones of several ranks, optional promotion, limits on promoted
//! pieces, and the counting rules Joust accepts without playing them.

use joust_core::gamefile::{load, Loaded};
use joust_core::variants::files::parent_entries;

fn read(text: &str) -> Loaded {
    load(text, &parent_entries).expect("the file's syntax is fine")
}

/// The one error line of the one rejected game of `text`.
fn rejection(text: &str) -> String {
    let loaded = read(text);
    assert!(loaded.games.is_empty(), "the game built");
    let (_, errors) = &loaded.rejected[0];
    let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    lines.join("\n")
}

#[test]
fn counting_rules_are_accepted_by_name_and_anything_else_is_refused() {
    for rule in ["none", "makruk", "cambodian", "asean"] {
        let loaded = read(&format!("[c:chess]\ncountingRule = {rule}\n"));
        assert!(loaded.rejected.is_empty(), "{rule}: {:?}", loaded.rejected);
    }
    let err = rejection("[c:chess]\ncountingRule = thai\n");
    assert!(err.contains("2:16") && err.contains("`asean`"), "{err}");
}
