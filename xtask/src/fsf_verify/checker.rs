//! What the checks of one position share: Fairy-Stockfish, the options, the tally of what
//! was compared, and the differences found, each with the move path that reaches it. The
//! FEN check is here; the tree walk is in `tree.rs`, perft in `perft.rs`.

use super::fsf::Fsf;
use joust_core::Position;
use joust_movegen::{position_from_fen, TableCache};
use std::fmt;

/// Most differences kept per position: past this, its checks stop descending.
pub const MAX_DIFFERENCES: usize = 40;

/// How deep and how leniently to compare.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Plies of the tree whose nodes get their legal moves and FEN compared.
    pub tree_depth: u32,
    /// Perft is compared at depths 1 to this.
    pub depth: u32,
    /// Accept a promotion only Fairy-Stockfish offers whose from and to squares Joust
    /// also promotes on (see `--allow-extra-promotions`).
    pub allow_extra_promotions: bool,
    /// Threads for Joust's perft.
    pub threads: usize,
}

/// One difference between Joust and Fairy-Stockfish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The position checked (`start`, `play-out 2 of seed 7`, ...).
    pub position: String,
    /// Its FEN.
    pub fen: String,
    /// The moves from that position to the node that differs.
    pub path: Vec<String>,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}), after [{}]: {}",
            self.position,
            self.fen,
            self.path.join(" "),
            self.what
        )
    }
}

/// What a run compared.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Tree nodes whose legal move lists were compared.
    pub tree_nodes: u64,
    /// Positions whose FEN was compared (both ways).
    pub fens: u64,
    /// Perft counts compared.
    pub perft_counts: u64,
    /// The leaf nodes of those counts (Joust's).
    pub perft_nodes: u64,
    /// Promotions only Fairy-Stockfish offers, accepted by `--allow-extra-promotions`.
    pub extra_promotions: u64,
    /// FENs where Fairy-Stockfish writes an en-passant square whose capture is illegal
    /// (and Joust `-`), but which name the same position (see [`Checker::check_fen`]).
    pub illegal_ep_squares: u64,
    /// The first of those, for the report.
    pub illegal_ep_example: Option<String>,
    /// FENs that spell the same position differently, in the castling field or the order
    /// of the hand (see [`Checker::check_fen`]).
    pub other_spellings: u64,
    /// The first of those, for the report.
    pub other_spelling_example: Option<String>,
    /// Every difference.
    pub differences: Vec<Difference>,
}

impl Tally {
    /// Adds `other`'s figures to these.
    pub fn add(&mut self, other: &Tally) {
        self.tree_nodes += other.tree_nodes;
        self.fens += other.fens;
        self.perft_counts += other.perft_counts;
        self.perft_nodes += other.perft_nodes;
        self.extra_promotions += other.extra_promotions;
        self.illegal_ep_squares += other.illegal_ep_squares;
        if self.illegal_ep_example.is_none() {
            self.illegal_ep_example = other.illegal_ep_example.clone();
        }
        self.other_spellings += other.other_spellings;
        if self.other_spelling_example.is_none() {
            self.other_spelling_example = other.other_spelling_example.clone();
        }
        self.differences.extend(other.differences.iter().cloned());
    }
}

/// The checks of one position (the root of its tree), against one engine.
pub struct Checker<'a> {
    /// Fairy-Stockfish, playing the game.
    pub fsf: &'a mut Fsf,
    /// How to compare.
    pub options: Options,
    /// The position's name in reports.
    pub label: String,
    /// The position's FEN (Joust's): every move path starts here.
    pub root: String,
    /// What was compared, and the differences.
    pub tally: &'a mut Tally,
    /// How many differences the tally held before this position's.
    known_before: usize,
}

impl<'a> Checker<'a> {
    /// The checks of the position `root` (Joust's FEN), called `label` in reports,
    /// adding to `tally`.
    pub fn new(
        fsf: &'a mut Fsf,
        options: Options,
        label: String,
        root: String,
        tally: &'a mut Tally,
    ) -> Checker<'a> {
        let known_before = tally.differences.len();
        Checker {
            fsf,
            options,
            label,
            root,
            tally,
            known_before,
        }
    }

    /// How many differences this position has shown.
    pub fn found(&self) -> usize {
        self.tally.differences.len() - self.known_before
    }

    /// True once enough differences of this position are known that looking further is
    /// pointless.
    pub fn full(&self) -> bool {
        self.found() >= MAX_DIFFERENCES
    }

    /// Records a difference at `path`, unless it is already known (the tree walk and
    /// the perft descent can find the same one).
    pub fn differ(&mut self, path: &[String], what: String) {
        let known = self.tally.differences.iter().any(|d| {
            d.position == self.label && d.fen == self.root && d.path == path && d.what == what
        });
        if known {
            return;
        }
        eprintln!("  DIFFERENCE after [{}]: {what}", path.join(" "));
        self.tally.differences.push(Difference {
            position: self.label.clone(),
            fen: self.root.clone(),
            path: path.to_vec(),
            what,
        });
    }

    /// Compares the FEN of `pos` (reached by `path`) both ways: `fsf_fen` is the FEN
    /// Fairy-Stockfish wrote of the same position reached by the same moves; Joust must
    /// write the same, read it back to the same position, and Fairy-Stockfish must read
    /// Joust's FEN back as itself. One difference per position, naming every failure.
    ///
    /// One difference of convention is not a failure, only counted: Fairy-Stockfish 11.1
    /// writes the en-passant square whenever an enemy pawn attacks it, where Joust writes
    /// it only when the capture is legal (docs/rules/README.md, "FEN"). It is accepted
    /// when the FENs differ in that field alone, Joust's is `-`, and Joust reads
    /// Fairy-Stockfish's FEN back to the very same position (which it does only when the
    /// capture is illegal: it keeps an en-passant square only for a legal capture).
    ///
    /// Nor is a second spelling of the same position: Fairy-Stockfish 11.1 writes the
    /// castling field of S-Chess with every gating file, those a castling letter stands
    /// for included (`KQABCDEFGH`), where Joust, as current Fairy-Stockfish, leaves those
    /// out (`KQBCDFG`); a hand's pieces may come in another order. It is accepted when the
    /// FENs differ only there, Joust reads Fairy-Stockfish's FEN back to the very same
    /// position, and Fairy-Stockfish reads Joust's back as its own.
    pub fn check_fen<B: TableCache>(&mut self, pos: &Position<B>, fsf_fen: &str, path: &[String]) {
        self.tally.fens += 1;
        let ours = pos.to_fen();
        let fsf_reads_ours = self.fsf.fen_after(&ours, &[]);
        if fsf_fen != ours
            && only_spelling_differs(&ours, fsf_fen)
            && fsf_reads_ours.as_deref().ok() == Some(fsf_fen)
            && position_from_fen::<B>(pos.variant(), fsf_fen)
                .is_ok_and(|back| back.to_fen() == ours && back.key() == pos.key())
        {
            self.tally.other_spellings += 1;
            if self.tally.other_spelling_example.is_none() {
                self.tally.other_spelling_example = Some(format!(
                    "{} ({}) after [{}]: Joust {ours}, Fairy-Stockfish {fsf_fen}",
                    self.label,
                    self.root,
                    path.join(" ")
                ));
            }
            return;
        }
        let mut notes = Vec::new();
        let same_position = match position_from_fen::<B>(pos.variant(), fsf_fen) {
            Err(e) => {
                notes.push(format!("Joust cannot read that FEN: {e}"));
                false
            }
            Ok(back) if back.to_fen() != ours || back.key() != pos.key() => {
                notes.push(format!(
                    "Joust reads Fairy-Stockfish's FEN as another position ({})",
                    back.to_fen()
                ));
                false
            }
            Ok(_) => true,
        };
        if fsf_fen != ours {
            if same_position && only_illegal_ep_differs(&ours, fsf_fen) {
                self.tally.illegal_ep_squares += 1;
                if self.tally.illegal_ep_example.is_none() {
                    self.tally.illegal_ep_example = Some(format!(
                        "{} ({}) after [{}]: Joust {ours}, Fairy-Stockfish {fsf_fen}",
                        self.label,
                        self.root,
                        path.join(" ")
                    ));
                }
            } else {
                notes.insert(0, format!("Fairy-Stockfish writes {fsf_fen}"));
            }
        }
        match fsf_reads_ours {
            Ok(read) if read != ours && read != fsf_fen => {
                notes.push(format!("Fairy-Stockfish reads Joust's FEN as {read}"))
            }
            Ok(_) => {}
            Err(e) => notes.push(format!("Fairy-Stockfish on Joust's FEN: {e}")),
        }
        if !notes.is_empty() {
            self.differ(
                path,
                format!("FEN: Joust writes {ours}; {}", notes.join("; ")),
            );
        }
    }
}

/// True if two FENs differ only in the en-passant field (the fourth), which is `-` in
/// `ours` and a square in `theirs`.
pub fn only_illegal_ep_differs(ours: &str, theirs: &str) -> bool {
    let a: Vec<&str> = ours.split_whitespace().collect();
    let b: Vec<&str> = theirs.split_whitespace().collect();
    a.len() == b.len()
        && a.len() >= 4
        && a[3] == "-"
        && b[3] != "-"
        && a.iter()
            .zip(&b)
            .enumerate()
            .all(|(i, (x, y))| i == 3 || x == y)
}

/// True if two FENs differ at most in the castling field (the third) and in the order of
/// the letters in the placement's brackets (the hand).
pub fn only_spelling_differs(ours: &str, theirs: &str) -> bool {
    let a: Vec<&str> = ours.split_whitespace().collect();
    let b: Vec<&str> = theirs.split_whitespace().collect();
    let sorted_bracket = |field: &str| {
        let (board, hand) = field.split_once('[').unwrap_or((field, ""));
        let mut letters: Vec<char> = hand.chars().collect();
        letters.sort_unstable();
        (board.to_string(), letters)
    };
    a.len() == b.len()
        && a.len() >= 3
        && a.iter().zip(&b).enumerate().all(|(i, (x, y))| match i {
            0 => sorted_bracket(x) == sorted_bracket(y),
            2 => true,
            _ => x == y,
        })
}

/// True if `theirs`, a move only Fairy-Stockfish offers, is a promotion on from and to
/// squares where Joust also promotes, to another piece: the move texts differ only in
/// their last letter, which is a piece letter.
pub fn is_extra_promotion<'a>(theirs: &str, ours: impl IntoIterator<Item = &'a str>) -> bool {
    let Some(last) = theirs.chars().last() else {
        return false;
    };
    if !last.is_ascii_alphabetic() || theirs.len() < 5 {
        return false;
    }
    let squares = &theirs[..theirs.len() - 1];
    ours.into_iter().any(|o| {
        o.len() == theirs.len()
            && o.starts_with(squares)
            && o.chars().last().is_some_and(|c| c.is_ascii_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extra_promotion_differs_from_ours_only_in_the_piece() {
        let ours = ["e7e8q", "e7e8l", "e7d8q", "a2a3"];
        assert!(is_extra_promotion("e7e8j", ours));
        assert!(!is_extra_promotion("e7f8j", ours));
        // Not a promotion at all: a plain move, or ours is not a promotion.
        assert!(!is_extra_promotion("a2a4", ours));
        assert!(!is_extra_promotion("a2a3q", ["a2a3"]));
        // Squares of two digits (a 10-rank board).
        assert!(is_extra_promotion("a9a10j", ["a9a10q"]));
        assert!(!is_extra_promotion("", ours));
    }

    #[test]
    fn an_en_passant_square_only_fairy_stockfish_writes() {
        let ours = "rmb2bmr/1pqpp1pp/p2k1p2/8/3pP1P1/1PP5/P4P1P/RMBQKBMR b KQ - 0 7";
        let theirs = "rmb2bmr/1pqpp1pp/p2k1p2/8/3pP1P1/1PP5/P4P1P/RMBQKBMR b KQ e3 0 7";
        assert!(only_illegal_ep_differs(ours, theirs));
        // Not the other way round, nor with anything else differing too.
        assert!(!only_illegal_ep_differs(theirs, ours));
        assert!(!only_illegal_ep_differs(
            ours,
            &theirs.replace(" 0 7", " 0 8")
        ));
        assert!(!only_illegal_ep_differs(ours, &theirs.replace("KQ", "K")));
        assert!(!only_illegal_ep_differs(ours, ours));
        assert!(!only_illegal_ep_differs("8/8 w", "8/8 w"));
    }

    #[test]
    fn a_second_spelling_differs_in_castling_or_hand_order_only() {
        let ours = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";
        let theirs =
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQABCDEFGHkqabcdefgh - 0 1";
        assert!(only_spelling_differs(ours, theirs));
        // Not another hand, another board, or another side to move.
        assert!(!only_spelling_differs(
            ours,
            &theirs.replace("[HEhe]", "[HEh]")
        ));
        assert!(!only_spelling_differs(
            ours,
            &theirs.replace("RNBQKBNR[", "RNBQKBN1[")
        ));
        assert!(!only_spelling_differs(ours, &theirs.replace(" w ", " b ")));
        assert!(!only_spelling_differs(
            ours,
            &theirs.replace(" - 0 1", " e3 0 1")
        ));
    }

    #[test]
    fn a_difference_names_position_path_and_what() {
        let d = Difference {
            position: "play-out 2 of seed 7".into(),
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            path: vec!["a1a2".into(), "h1h2".into()],
            what: "only Joust plays a2a3".into(),
        };
        assert_eq!(
            d.to_string(),
            "play-out 2 of seed 7 (8/8/8/8/8/8/8/K6k w - - 0 1), after [a1a2 h1h2]: only Joust plays a2a3"
        );
    }
}
