//! [`Reason`]: why a move is not legal, as a value and as one sentence.

use joust_core::square::SquareName;
use std::fmt;

/// Why an intended move is not legal. Its [`Display`](fmt::Display) is one sentence
/// without a final full stop, in the game's own piece names ("that would leave your Queen
/// in check" in LancerChess, whose Queen is royal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// No piece stands on the origin.
    NoPiece {
        /// The origin.
        square: SquareName,
    },
    /// The piece on the origin is the opponent's.
    NotYours {
        /// The origin.
        square: SquareName,
        /// The piece's name.
        piece: &'static str,
    },
    /// One of the mover's own pieces stands on the target.
    OwnPieceThere {
        /// The target.
        square: SquareName,
        /// The piece standing there.
        piece: &'static str,
    },
    /// The piece does not move from the origin to the target, whatever stands around.
    DoesNotMove {
        /// The mover's name.
        piece: &'static str,
        /// The origin.
        from: SquareName,
        /// The target.
        to: SquareName,
    },
    /// None of the side's pieces of this kind moves to the target.
    NoneMoves {
        /// The kind's name.
        piece: &'static str,
        /// The target.
        to: SquareName,
    },
    /// The piece would reach the target on an empty board, but something is in its way.
    Blocked {
        /// The mover's name.
        piece: &'static str,
        /// The target.
        to: SquareName,
        /// The first piece on the way, where the way is a line.
        at: Option<SquareName>,
    },
    /// The piece goes to the target only when it is empty (it does not capture so).
    NoCaptureThere {
        /// The mover's name.
        piece: &'static str,
        /// The target.
        square: SquareName,
        /// The enemy piece standing there.
        enemy: &'static str,
    },
    /// The piece goes to the target only to capture, and it is empty.
    CapturesOnly {
        /// The mover's name.
        piece: &'static str,
        /// The target.
        square: SquareName,
    },
    /// The side is in check and the move does not end it.
    StillInCheck {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// The royal piece would step onto an attacked square.
    RoyalIntoCheck {
        /// The royal piece's name.
        royal: &'static str,
        /// Where it would stand.
        square: SquareName,
    },
    /// The move would expose the royal piece (the mover is pinned).
    ExposesRoyal {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// In check, the royal piece may only capture the piece giving check (Makpong).
    RoyalFrozen {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// After the move the game's mutually immune pieces would attack each other.
    MutualImmunity {
        /// One of the pair.
        first: &'static str,
        /// The other.
        second: &'static str,
    },
    /// A capture is possible, and captures are compulsory.
    MustCapture,
    /// The game forbids giving check.
    NoChecks,
    /// Castling: the right is lost (the royal piece or the Rook has moved).
    CastlingRightLost {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// Castling: no castling right is left at all (the royal piece has moved).
    CastlingRoyalMoved {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// Castling: the castling partner is not on its square.
    CastlingPartnerGone {
        /// Where the partner should stand.
        square: SquareName,
    },
    /// Castling: pieces stand on squares that must be empty.
    CastlingBlocked {
        /// The occupied squares.
        squares: Vec<SquareName>,
    },
    /// Castling while in check.
    CastlingInCheck {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// Castling through (or onto) an attacked square.
    CastlingThroughAttack {
        /// The attacked square.
        square: SquareName,
        /// True if it is where the royal piece lands.
        lands: bool,
    },
    /// Castling would let the mutually immune pair attack each other.
    CastlingImmunity {
        /// One of the pair.
        first: &'static str,
        /// The other.
        second: &'static str,
    },
    /// A gating letter was given where the royal piece's move out of check forfeits
    /// the gating (Musketeer).
    GatingForfeited {
        /// The royal piece's name.
        royal: &'static str,
    },
    /// A gating letter was given for a move that gates nothing.
    NothingToGate {
        /// The origin, behind which no piece waits.
        from: SquareName,
    },
    /// The gating letter names another piece than the one waiting.
    WrongGate {
        /// The origin.
        from: SquareName,
        /// The piece waiting behind it.
        waiting: &'static str,
        /// Its letter, as the move's suffix writes it.
        letter: char,
    },
    /// A move that needs more text: a facing, a promotion, a gating piece.
    Incomplete {
        /// What is missing ("say which way the Lancer faces").
        what: String,
        /// Complete texts, in the notation used.
        examples: Vec<String>,
    },
}

/// "a" or "an" before `name`.
fn article(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoPiece { square } => write!(f, "there is no piece on {square}"),
            Reason::NotYours { square, piece } => {
                write!(f, "the {piece} on {square} is not yours")
            }
            Reason::OwnPieceThere { square, piece } => {
                write!(f, "{square} is occupied by your {piece}")
            }
            Reason::DoesNotMove { piece, from, to } => {
                write!(
                    f,
                    "{} {piece} does not move from {from} to {to}",
                    article(piece)
                )
            }
            Reason::NoneMoves { piece, to } => {
                write!(f, "none of your {piece}s moves to {to}")
            }
            Reason::Blocked { piece, to, at } => match at {
                Some(at) => write!(f, "the {piece}'s way to {to} is blocked at {at}"),
                None => write!(f, "the {piece}'s way to {to} is blocked"),
            },
            Reason::NoCaptureThere {
                piece,
                square,
                enemy,
            } => write!(
                f,
                "{} {piece} goes to {square} only if it is empty, and cannot take the {enemy} \
                 there",
                article(piece)
            ),
            Reason::CapturesOnly { piece, square } => write!(
                f,
                "{} {piece} goes to {square} only to capture, and it is empty",
                article(piece)
            ),
            Reason::StillInCheck { royal } => {
                write!(
                    f,
                    "you are in check, and your {royal} would still be in check"
                )
            }
            Reason::RoyalIntoCheck { royal, square } => {
                write!(f, "your {royal} would be in check on {square}")
            }
            Reason::ExposesRoyal { royal } => {
                write!(f, "that would leave your {royal} in check")
            }
            Reason::RoyalFrozen { royal } => write!(
                f,
                "in check, your {royal} may only move to capture the piece giving check"
            ),
            Reason::MutualImmunity { first, second } => {
                write!(f, "{first} and {second} may not attack each other")
            }
            Reason::MustCapture => write!(f, "a capture is possible, and capturing is compulsory"),
            Reason::NoChecks => write!(f, "giving check is not allowed in this game"),
            Reason::CastlingRightLost { royal } => write!(
                f,
                "castling: that right is lost (the {royal} or that Rook has moved)"
            ),
            Reason::CastlingRoyalMoved { royal } => {
                write!(
                    f,
                    "castling: the {royal} has moved, so no castling right is left"
                )
            }
            Reason::CastlingPartnerGone { square } => {
                write!(
                    f,
                    "castling: no piece of yours to castle with stands on {square}"
                )
            }
            Reason::CastlingBlocked { squares } => {
                let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
                write!(f, "castling: pieces stand between, on {}", names.join(" "))
            }
            Reason::CastlingInCheck { royal } => {
                write!(
                    f,
                    "castling: your {royal} is in check, and may not castle out of it"
                )
            }
            Reason::CastlingThroughAttack {
                square,
                lands: false,
            } => write!(f, "castling through an attacked square, {square}"),
            Reason::CastlingThroughAttack {
                square,
                lands: true,
            } => write!(f, "castling onto an attacked square, {square}"),
            Reason::CastlingImmunity { first, second } => write!(
                f,
                "castling: {first} and {second} may not attack each other afterwards"
            ),
            Reason::GatingForfeited { royal } => write!(
                f,
                "the {royal} moves out of check without capturing, so gating is forfeited: \
                 leave out the letter"
            ),
            Reason::NothingToGate { from } => {
                write!(
                    f,
                    "no reserve piece waits behind {from}: leave out the letter"
                )
            }
            Reason::WrongGate {
                from,
                waiting,
                letter,
            } => write!(
                f,
                "the piece waiting behind {from} is the {waiting} ({letter})"
            ),
            Reason::Incomplete { what, examples } => {
                write!(f, "{what}, e.g. {}", examples.join(" or "))
            }
        }
    }
}
