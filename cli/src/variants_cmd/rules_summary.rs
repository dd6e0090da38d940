//! Where the rules book is, and the rules in short of the King's Lancer tour, the one
//! entry of `joust variants` that is a puzzle rather than a game (the games' rules in
//! short are written in their game files, `rulesInShort.N`).

/// Where the rules book lives, relative to the root of the Joust repository. The binary
/// cannot know where a user keeps the repository, so it names the page by this path.
pub const BOOK_DIR: &str = "docs/rules";

/// The tour's id, which is also the name of its page in the book.
pub const TOUR_ID: &str = "kl-tour";

/// The tour's rules in short, one line each: a digest of its page of the book.
pub const TOUR_RULES: &[&str] = &[
            "A one-player puzzle: a King's Lancer (leaps exactly 1 or 2 squares orthogonally) on an otherwise empty board.",
            "A journey lands on every other square exactly once; a circuit also returns to the start square.",
            "Solve or count tours with `joust tour` (boards up to 10x10, any start square).",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_has_a_page_for_the_tour_and_every_built_in_game() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let ids = joust_core::variants::all().iter().map(|v| v.id);
        for id in ids.chain([TOUR_ID]) {
            let page = root.join(format!("{BOOK_DIR}/{id}.md"));
            assert!(page.is_file(), "{} is missing", page.display());
        }
        assert!(!TOUR_RULES.is_empty());
    }
}
