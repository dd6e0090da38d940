//! The rules of each game id in short, for `joust variants ID`: a digest of the game's
//! page in the rules book (`docs/rules/ID.md` in the repository), one bullet per line.

/// Where the rules book lives, relative to the root of the Joust repository. The binary
/// cannot know where a user keeps the repository, so it names the page by this path.
pub const BOOK_DIR: &str = "docs/rules";

/// A game's short rules: the bullet points of its book page.
pub struct Summary {
    /// The game id, which is also the name of its page in the book.
    pub id: &'static str,
    /// The rules in short, one line each.
    pub bullets: &'static [&'static str],
}

impl Summary {
    /// The game's page in the rules book, relative to the repository's root
    /// (`docs/rules/chess.md`).
    pub fn page(&self) -> String {
        format!("{BOOK_DIR}/{}.md", self.id)
    }
}

/// Every game id's short rules, in the order of the book's contents.
pub const SUMMARIES: &[Summary] = &[
    Summary {
        id: "chess",
        bullets: &[
            "FIDE chess on 8x8: King (royal), Queen, Rook, Bishop, Knight, Pawn.",
            "Castling O-O and O-O-O, pawn double step and en passant.",
            "Pawns promote on the last rank to Q, R, B or N.",
            "Checkmate wins; stalemate, threefold repetition, the 50-move rule and dead positions draw.",
        ],
    },
    Summary {
        id: "lancerchess",
        bullets: &[
            "The Queen is royal and moves as a FIDE King; the King is an ordinary piece that moves as a FIDE Queen. Checkmate the enemy Queen.",
            "King's Lancer (L) leaps exactly 1 or 2 squares orthogonally; Queen's Lancer (J) leaps exactly 1 or 2 squares diagonally.",
            "Towers (R) move as rooks, Barons (B) as bishops, Pikemen (P) as FIDE pawns (double step, en passant).",
            "Castling \"Protecting the Queen\": O-O Queen d1-b1 with Tower a1-c1; O-O-O Queen d1-f1 with Tower h1-e1.",
            "Pikemen promote to K, R, B or the Lancer fixed by the square's colour (White: L on dark, J on light; Black: J on dark, L on light); never to Queen.",
            "Stalemate, threefold repetition, the 50-move rule and dead positions draw.",
        ],
    },
    Summary {
        id: "clash",
        bullets: &[
            "White (South) plays the Western army, Black (North) the LancerChess army.",
            "Western army: FIDE pieces with the role swap - its Queen is royal (moves as a King, castles as in LancerChess), its King moves as a FIDE Queen; Knights are FIDE knights.",
            "Promotion: White to K, R, B or N; Black as in LancerChess. Nobody promotes to a piece of the other army.",
            "Everything else as LancerChess.",
        ],
    },
    Summary {
        id: "kl-tour",
        bullets: &[
            "A one-player puzzle: a King's Lancer (leaps exactly 1 or 2 squares orthogonally) on an otherwise empty board.",
            "A journey lands on every other square exactly once; a circuit also returns to the start square.",
            "Solve or count tours with `joust tour` (boards up to 10x10, any start square).",
        ],
    },
    Summary {
        id: "lancers",
        bullets: &[
            "FIDE chess with both Knights replaced by Lancers (L), each facing one of 8 directions.",
            "A Lancer moves only along its facing, any distance, jumping over its own pieces; it stops on an empty square or captures the first enemy piece.",
            "After moving it may take any new facing; it cannot turn without moving (a Lancer facing off the board is stuck).",
            "It attacks along its facing through its own pieces, up to the first enemy piece.",
            "Promotion to Q, R, B or a Lancer of any facing, not to N. Castling, en passant and results as chess; any Lancer on the board means the position is not dead.",
        ],
    },
    Summary {
        id: "single-lancer",
        bullets: &[
            "Lancers Chess with only the queen's-side Knights replaced: Lancers on b1 (facing NE) and b8 (facing SE); g1 and g8 keep Knights.",
            "Promotion to Q, R, B, N or L. Everything else as Lancers Chess.",
        ],
    },
    Summary {
        id: "cromwell",
        bullets: &[
            "Royalists (White: Charles, Prince Rupert, Bishops, Horsemen) against Roundheads (Black: Cromwell, Pym, Abbots, Horsemen); both have War Machines and Pawns.",
            "Pieces capture by displacement or by shooting: a shot removes an enemy piece and the shooter stays put.",
            "King (K): one step; shoots 1 square any way, or 2 over an empty or own square. Rupert (R): queen; Pym (Y): rook or knight; both shoot 1 or 2 squares orthogonally over an empty square, Pym also as a Mao.",
            "Bishop/Abbot (B): bishop; shoots 1 or 2 squares diagonally. Horseman (H): knight; White's shoot one square orthogonally, Black's one square diagonally.",
            "War Machine (W): moves as a rook without capturing; shoots the nearest piece on each orthogonal line if it is an enemy at least 2 squares away.",
            "Pawn: one step forward or sideways, capturing and shooting on those squares; no double step, no en passant; promotes (moving forward) to W, H or B.",
            "Rupert and Pym may never attack each other. No castling.",
            "Checkmate wins; stalemate LOSES for the stalemated side; repetition and the 50-move rule draw; no dead positions.",
        ],
    },
    Summary {
        id: "royal-lion",
        bullets: &[
            "10x10. The royal Lion (L) jumps to any square up to 2 away, or makes two king steps capturing on the first (and on the second, or returning), or passes; each step of a double move must be safe.",
            "Queen, Rook, Bishop, Knight as chess; Marshal (M) rook or knight; Paladin (H) bishop or knight; Amazon (A) queen or knight.",
            "Gryphon (G): one diagonal step, then optionally outward as a rook; Crocodile (C): one orthogonal step, then optionally outward as a bishop; Dragon (D): either.",
            "Pawns step one, or two from any rank if the first square is not attacked by an enemy pawn; capture diagonally; no en passant.",
            "A pawn promotes only to a type its side has lost; with none lost it may not reach the last rank. No castling.",
            "Checkmate the Lion wins; stalemate, repetition, the 50-move rule and dead positions draw.",
        ],
    },
    Summary {
        id: "musketeer",
        bullets: &[
            "FIDE chess plus two extra piece types chosen before play: White selects one of ten, Black another or rejects White's (then Cannon and Leopard).",
            "Each side places its two pieces in reserve cells behind its back rank (not behind both the King and a Rook).",
            "Gating: when a back-rank piece with a reserve piece behind it first moves, the reserve piece enters on the vacated square; if the back-rank piece is captured first, the reserve piece is lost.",
            "Types: Leopard NB2, Cannon KDsN, Unicorn NC, Dragon QN, Chancellor RN, Archbishop BN, Elephant KAD, Hawk DAHG, Fortress B3DvN, Spider B2DN.",
            "Promotion to Q, R, B, N or either selected type. Results as chess.",
        ],
    },
];

/// The short rules of a game id, if there are any.
pub fn summary(id: &str) -> Option<&'static Summary> {
    SUMMARIES.iter().find(|s| s.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn every_game_has_short_rules_and_every_summary_a_game() {
        // A game defined in code needs a digest; a game file's are written from its data
        // (`described`), unless it has one too.
        let from_files: Vec<&str> = variants::files::parent_ids();
        for v in variants::all() {
            assert!(
                summary(v.id).is_some() || from_files.contains(&v.id),
                "{} has no summary",
                v.id
            );
        }
        for s in SUMMARIES {
            assert!(
                s.id == "kl-tour" || variants::by_id(s.id).is_ok(),
                "{} is not a game",
                s.id
            );
            assert!(!s.bullets.is_empty());
        }
    }

    #[test]
    fn every_summary_names_a_page_of_the_book_that_exists() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for s in SUMMARIES {
            assert_eq!(s.page(), format!("docs/rules/{}.md", s.id));
            assert!(root.join(s.page()).is_file(), "{} is missing", s.page());
        }
    }
}
