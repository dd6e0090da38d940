//! Everything that can be wrong with a FEN, one case each, and how each is told to the
//! user: the errors of reading a position (`crate::fen`).

use crate::color::Color;
use std::fmt;

/// A FEN field, for error messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Placement,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant square.
    EnPassant,
    /// Halfmove clock.
    Halfmove,
    /// Fullmove number.
    Fullmove,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Side => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en-passant square",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
        })
    }
}

/// Everything that can be wrong with a FEN, each its own case.
///
/// Each case says what is wrong in words a user can act on:
///
/// ```
/// use joust_core::{variants, FenError, Position};
///
/// let chess = variants::chess();
/// let err = Position::<u64>::from_fen(chess, "8/8/8 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::TooFewRanks { expected: 8, found: 3 });
/// assert!(!err.to_string().is_empty());
/// assert_eq!(Position::<u64>::from_fen(chess, "  ").unwrap_err(), FenError::Empty);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty or only white space.
    Empty,
    /// A required field is missing (side to move, castling or en passant).
    MissingField(FenField),
    /// More than six fields.
    TooManyFields(usize),
    /// The placement has more ranks than the board.
    TooManyRanks {
        /// Ranks the board has.
        expected: u8,
    },
    /// The placement has fewer ranks than the board.
    TooFewRanks {
        /// Ranks the board has.
        expected: u8,
        /// Ranks found.
        found: u8,
    },
    /// A rank describes more squares than the board is wide.
    RankTooLong {
        /// The rank's number (1 = White's back rank).
        rank: u8,
    },
    /// A rank describes fewer squares than the board is wide.
    RankTooShort {
        /// The rank's number.
        rank: u8,
    },
    /// A run of empty squares that is zero or has a leading zero.
    BadEmptyRun {
        /// The digits as written.
        text: String,
    },
    /// A letter that is not a piece of this game for that side.
    UnknownPiece {
        /// The letter.
        letter: char,
    },
    /// A character that is neither a piece letter, a digit nor `/`.
    UnexpectedChar {
        /// The character.
        found: char,
    },
    /// A directional piece (a Lancer) written without its facing.
    MissingFacing {
        /// The piece letter.
        letter: char,
    },
    /// A facing that is not one of N, NE, E, SE, S, SW, W, NW.
    UnknownFacing {
        /// The text inside the parentheses.
        text: String,
    },
    /// A facing after a piece that has none.
    UnexpectedFacing {
        /// The piece letter.
        letter: char,
    },
    /// A `(` without its `)`.
    UnclosedFacing,
    /// The side to move is not `w` or `b`.
    BadSide(String),
    /// A castling character that is not `K`, `Q`, `k`, `q` (or not a right of this game).
    BadCastlingChar(char),
    /// The same castling right twice.
    DuplicateCastling(char),
    /// Castling rights out of the order `KQkq`.
    CastlingOrder(String),
    /// A Chess960 castling right of a side whose castling king is not on its castling
    /// rank.
    NoCastlingKing(char),
    /// A Chess960 castling right that names no castling rook: none on that side of the
    /// king (`K`, `Q`), or none on the file named.
    NoCastlingRook(char),
    /// The en-passant field is not `-` or a square of the board.
    BadEnPassant(String),
    /// The halfmove clock is not a non-negative number.
    BadHalfmove(String),
    /// The fullmove number is not a number (0 is read as 1).
    BadFullmove(String),
    /// The check counter of a game that counts checks (`3+3`, the checks each side still
    /// has to give, White first) is not two digits joined by `+`.
    BadCheckCount(String),
    /// A side has no royal piece.
    MissingRoyal(Color),
    /// A side has more than one royal piece.
    TooManyRoyals(Color),
    /// A pawn on the first or last rank, where it can never stand.
    PawnOnBackRank {
        /// The square's name.
        square: String,
    },
    /// The side that just moved is in check.
    OppositeCheck,
    /// A gating field (`[...]`) in a game without gating.
    GatingNotAllowed {
        /// The field from its `[` on.
        field: String,
    },
    /// A gating field opened with `[` but never closed.
    UnclosedGating {
        /// The field from its `[` on.
        field: String,
    },
    /// A gating-field or reserve-row letter that is not one of the game's selectable
    /// types (docs/rules/musketeer.md, "The pieces").
    NotGatingType {
        /// The letter as written.
        letter: char,
    },
    /// A gating entry whose letter is not followed by a file letter, `-` or `?`.
    BadGatingState {
        /// The entry as written (one or two characters).
        entry: String,
    },
    /// A gating entry naming a reserve file beyond the board's last file.
    GatingFileOffBoard {
        /// The entry as written.
        entry: String,
    },
    /// A White (uppercase) gating entry after Black's entries.
    GatingEntryOrder {
        /// The entry as written.
        entry: String,
    },
    /// The same type listed twice for one side (bracket form or reserve row).
    DuplicateGatingType {
        /// The letter as written.
        letter: char,
    },
    /// More than two types listed for one side in the bracket form.
    TooManyGatingTypes {
        /// The side's letters as written.
        types: String,
    },
    /// White's and Black's entries do not list the same types in the same order.
    GatingListsDiffer {
        /// White's letters as written.
        white: String,
        /// Black's letters as written.
        black: String,
    },
    /// A reserve piece placed (or gone) while an earlier setup step is still pending: the
    /// order is both selections, then White-1, Black-1, White-2, Black-2
    /// (docs/rules/musketeer.md, "The setup").
    GatingPlacementOrder {
        /// The offending entry, as the bracket form writes it.
        entry: String,
    },
    /// Two reserve pieces of one side in the same reserve cell.
    ReserveFileTaken {
        /// The cell's name, such as `b0` (White) or `b9` (Black).
        cell: String,
    },
    /// An occupied reserve cell without a piece of the same side on the back-rank square
    /// in front of it (docs/rules/musketeer.md, "Gating" and "Writing moves").
    ReserveWithoutPiece {
        /// The reserve cell, such as `b0`.
        cell: String,
        /// The back-rank square in front of it, such as `b1`.
        square: String,
    },
    /// One side with reserve pieces behind both the e-file and a Rook's file
    /// (docs/rules/musketeer.md, "The setup").
    ReserveKingAndRookFiles {
        /// The side.
        color: Color,
        /// The e-file cell, such as `e0`.
        king_cell: String,
        /// The a- or h-file cell.
        rook_cell: String,
    },
    /// A reserve row of the 10-row form that is not exactly one cell per file.
    ReserveRowLength {
        /// Whose row.
        color: Color,
        /// The row as written.
        row: String,
        /// Cells expected (the board's files).
        expected: u8,
    },
    /// A letter of the other side's case in a reserve row of the 10-row form.
    ReserveWrongCase {
        /// Whose row.
        color: Color,
        /// The letter.
        letter: char,
    },
    /// The reserve rows of the 10-row form show other than exactly two types.
    ReserveTypeCount {
        /// The distinct types seen (uppercase letters, in order of first appearance).
        types: String,
    },
    /// The side to move is not the one whose setup step is next (docs/rules/musketeer.md,
    /// "The setup").
    SetupSideToMove {
        /// Who the setup phase expects.
        expected: Color,
        /// The side to move written.
        found: Color,
    },
    /// A letter in the hand (`[HEhe]`) that names no piece the side may hold in hand
    /// (docs/rules/seirawan.md, "Writing positions").
    NotInHand {
        /// The letter, as written.
        letter: char,
    },
    /// More pieces of one kind in hand than [`crate::MAX_HAND`].
    TooManyInHand {
        /// The letter, as written.
        letter: char,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::MissingField(field) => write!(f, "FEN has no {field} field"),
            FenError::TooManyFields(n) => write!(f, "FEN has {n} fields, at most 6 expected"),
            FenError::TooManyRanks { expected } => {
                write!(f, "FEN placement has more than {expected} ranks")
            }
            FenError::TooFewRanks { expected, found } => {
                write!(f, "FEN placement has {found} ranks, {expected} expected")
            }
            FenError::RankTooLong { rank } => {
                write!(f, "FEN rank {rank} has more squares than the board is wide")
            }
            FenError::RankTooShort { rank } => {
                write!(
                    f,
                    "FEN rank {rank} has fewer squares than the board is wide"
                )
            }
            FenError::BadEmptyRun { text } => {
                write!(
                    f,
                    "FEN empty-square count '{text}' is not a positive number"
                )
            }
            FenError::UnknownPiece { letter } => {
                write!(f, "'{letter}' is not a piece of this game")
            }
            FenError::UnexpectedChar { found } => {
                write!(f, "unexpected character '{found}' in FEN placement")
            }
            FenError::MissingFacing { letter } => {
                write!(f, "piece '{letter}' needs a facing, e.g. {letter}(NE)")
            }
            FenError::UnknownFacing { text } => write!(
                f,
                "'{text}' is not a facing (expected N, NE, E, SE, S, SW, W or NW)"
            ),
            FenError::UnexpectedFacing { letter } => {
                write!(f, "piece '{letter}' has no facing, but one is given")
            }
            FenError::UnclosedFacing => write!(f, "facing opened with '(' but not closed"),
            FenError::BadSide(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            FenError::BadCastlingChar(c) => {
                write!(f, "'{c}' is not a castling right of this game")
            }
            FenError::DuplicateCastling(c) => write!(f, "castling right '{c}' given twice"),
            FenError::CastlingOrder(s) => {
                write!(f, "castling rights '{s}' are not in the order KQkq")
            }
            FenError::NoCastlingKing(c) => write!(
                f,
                "castling right '{c}': that side's king is not on its castling rank"
            ),
            FenError::NoCastlingRook(c) => write!(
                f,
                "castling right '{c}': no castling rook stands on that side of the king or on that file"
            ),
            FenError::BadEnPassant(s) => {
                write!(f, "en-passant field '{s}' is not '-' or a square")
            }
            FenError::BadHalfmove(s) => write!(f, "halfmove clock '{s}' is not a number"),
            FenError::BadFullmove(s) => {
                write!(f, "fullmove number '{s}' is not a number")
            }
            FenError::BadCheckCount(s) => write!(
                f,
                "check counter '{s}' is not the checks left to each side as W+B, digits 0 to 9"
            ),
            FenError::MissingRoyal(c) => write!(f, "{c} has no royal piece"),
            FenError::TooManyRoyals(c) => write!(f, "{c} has more than one royal piece"),
            FenError::PawnOnBackRank { square } => {
                write!(f, "pawn on {square}, a first or last rank")
            }
            FenError::OppositeCheck => {
                write!(f, "the side not to move is in check")
            }
            FenError::GatingNotAllowed { field } => {
                write!(
                    f,
                    "gating field '{field}' given, but this game has no gating"
                )
            }
            FenError::UnclosedGating { field } => {
                write!(f, "gating field '{field}' opened with '[' but not closed")
            }
            FenError::NotGatingType { letter } => {
                write!(
                    f,
                    "'{letter}' is not a type that can be selected in this game"
                )
            }
            FenError::BadGatingState { entry } => write!(
                f,
                "gating entry '{entry}' needs a reserve file, '-' or '?' after its letter"
            ),
            FenError::GatingFileOffBoard { entry } => {
                write!(f, "gating entry '{entry}' names a file off the board")
            }
            FenError::GatingEntryOrder { entry } => write!(
                f,
                "gating entry '{entry}' is White's but follows Black's entries"
            ),
            FenError::DuplicateGatingType { letter } => {
                write!(f, "type '{letter}' is listed twice for one side")
            }
            FenError::TooManyGatingTypes { types } => write!(
                f,
                "gating field lists {} types '{types}' for one side, at most 2",
                types.chars().count()
            ),
            FenError::GatingListsDiffer { white, black } => write!(
                f,
                "gating field lists '{white}' for white but '{black}' for black; \
                 both must list the same types in the same order"
            ),
            FenError::GatingPlacementOrder { entry } => write!(
                f,
                "gating entry '{entry}' is placed out of setup order (both selections, \
                 then white's first type, black's first, white's second, black's second)"
            ),
            FenError::ReserveFileTaken { cell } => {
                write!(f, "two reserve pieces of one side in reserve cell {cell}")
            }
            FenError::ReserveWithoutPiece { cell, square } => write!(
                f,
                "reserve cell {cell} is occupied but {square} holds no piece of that side"
            ),
            FenError::ReserveKingAndRookFiles {
                color,
                king_cell,
                rook_cell,
            } => write!(
                f,
                "{color} has reserve pieces on both {king_cell} and {rook_cell} \
                 (the King's file and a Rook's file)"
            ),
            FenError::ReserveRowLength {
                color,
                row,
                expected,
            } => write!(
                f,
                "{color}'s reserve row '{row}' has {} cells, {expected} expected",
                row.chars().count()
            ),
            FenError::ReserveWrongCase { color, letter } => {
                write!(f, "'{letter}' in {color}'s reserve row has the wrong case")
            }
            FenError::ReserveTypeCount { types } => {
                let n = types.chars().count();
                if n == 0 {
                    write!(f, "reserve rows show no type, exactly 2 expected")
                } else {
                    write!(
                        f,
                        "reserve rows show {n} type(s) '{types}', exactly 2 expected"
                    )
                }
            }
            FenError::SetupSideToMove { expected, found } => write!(
                f,
                "side to move '{}' contradicts the setup phase: {expected} is to act next",
                found.fen_char()
            ),
            FenError::NotInHand { letter } => write!(
                f,
                "'{letter}' in the hand is no piece that side may hold in hand (not a pawn, \
                 not the royal piece, and of its army)"
            ),
            FenError::TooManyInHand { letter } => write!(
                f,
                "more than {} pieces '{letter}' in hand",
                crate::position::MAX_HAND
            ),
        }
    }
}

impl std::error::Error for FenError {}
