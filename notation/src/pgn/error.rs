//! The errors of PGN reading: which game, where and why.

use joust_core::{variants, FenError};
use joust_movegen::Outcome;
use std::fmt;

/// A place in a PGN text: line and column, both counted from 1 (columns in characters).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// Line number.
    pub line: usize,
    /// Column number.
    pub column: usize,
}

/// What went wrong in one game of a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A tag pair is not `[Name "value"]`.
    BadTag(String),
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `(` variation is never closed.
    UnterminatedVariation,
    /// Variations nested too deeply.
    TooDeep,
    /// A variation before any move it could replace.
    VariationBeforeMove,
    /// A character that has no place in move text.
    Unexpected(char),
    /// A `$` not followed by a number from 0 to 255.
    BadNag,
    /// A symbol that is neither a move, a move number nor a result.
    BadSymbol(String),
    /// The `[Variant]` tag names no game known to this engine.
    UnknownVariant(String),
    /// The `[Variant]` tag names a game other programs play and Joust does not
    /// (Chess960, Crazyhouse, Atomic, …): the game is skipped as a whole.
    UnsupportedVariant {
        /// The tag's value as written.
        written: String,
        /// The game's usual name.
        name: &'static str,
    },
    /// One game's text is longer than the reader holds for a game; it is skipped.
    GameTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The input could not be read (an I/O error); reading stops here.
    Read(String),
    /// `[SetUp "1"]` without a `[FEN]` tag.
    SetUpWithoutFen,
    /// The `[FEN]` tag is not a valid position of the game.
    BadFen(FenError),
    /// A move that cannot be read or is not legal.
    IllegalMove {
        /// The move number as PGN writes it: `12.` or `12...`.
        number: String,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// The result says one thing, the final position another.
    ResultContradicted {
        /// The result as written.
        written: String,
        /// How the moves end the game.
        outcome: Outcome,
    },
    /// The `[Result]` tag and the result after the moves differ.
    ResultTagMismatch {
        /// The tag's value.
        tag: String,
        /// The termination marker after the moves.
        terminator: String,
    },
    /// The `[Result]` tag is not `1-0`, `0-1`, `1/2-1/2` or `*` (it is read as `*`).
    BadResult(String),
    /// A move played after the game had already ended.
    MoveAfterEnd {
        /// The move number as PGN writes it.
        number: String,
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::BadTag(why) => write!(f, "bad tag pair: {why}"),
            PgnErrorKind::UnterminatedComment => write!(f, "comment '{{' is never closed"),
            PgnErrorKind::UnterminatedVariation => write!(f, "variation '(' is never closed"),
            PgnErrorKind::TooDeep => write!(f, "variations are nested too deeply"),
            PgnErrorKind::VariationBeforeMove => {
                write!(f, "a variation '(' before any move it could replace")
            }
            PgnErrorKind::Unexpected(c) => write!(f, "unexpected '{c}' in the move text"),
            PgnErrorKind::BadNag => write!(f, "'$' must be followed by a number from 0 to 255"),
            PgnErrorKind::BadSymbol(s) => write!(f, "'{s}' is not a move, move number or result"),
            PgnErrorKind::UnknownVariant(name) => {
                write!(f, "unknown variant '{name}'")?;
                let games = variants::with_user_games();
                let names = games.iter().map(|v| v.name);
                if let Some(known) = joust_core::suggest::closest(name, names) {
                    write!(f, "; did you mean '{known}'?")?;
                }
                write!(f, " (`joust variants` lists the known games)")
            }
            PgnErrorKind::UnsupportedVariant { written, name } => {
                if super::variant_tag::same_name(written, name) {
                    write!(f, "Joust cannot play {written}")
                } else {
                    write!(f, "Joust cannot play {written} ({name})")
                }
            }
            PgnErrorKind::GameTooLong { limit } => write!(
                f,
                "the game's text is longer than {} MiB, more than the reader holds for a game",
                limit >> 20
            ),
            PgnErrorKind::Read(why) => write!(f, "cannot read the input: {why}"),
            PgnErrorKind::SetUpWithoutFen => write!(f, "[SetUp \"1\"] needs a [FEN] tag"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::IllegalMove {
                number,
                text,
                reason,
            } => write!(f, "illegal move {number}{text}: {reason}"),
            PgnErrorKind::ResultContradicted { written, outcome } => write!(
                f,
                "the result {written} contradicts the moves, which end in {outcome} ({})",
                outcome.result()
            ),
            PgnErrorKind::ResultTagMismatch { tag, terminator } => write!(
                f,
                "the Result tag says {tag} but the move text ends with {terminator}"
            ),
            PgnErrorKind::BadResult(r) => {
                write!(f, "'{r}' is not a result (1-0, 0-1, 1/2-1/2 or *)")
            }
            PgnErrorKind::MoveAfterEnd {
                number,
                text,
                outcome,
            } => write!(
                f,
                "move {number}{text} is played after the game ended ({outcome})"
            ),
        }
    }
}

/// An error in a PGN text: which game (counted from 1), where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Where the problem is.
    pub loc: Loc,
    /// What the problem is.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.loc.line, self.loc.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}
