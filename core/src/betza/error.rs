//! What can be wrong with a Betza string: [`BetzaError`], a kind and the column it was
//! found at, with a message a person can act on.

use std::fmt;

/// A Betza string [`super::parse`] refused: what is wrong and where.
///
/// ```
/// use joust_core::betza::{parse, BetzaErrorKind};
/// let err = parse("mRpN").unwrap_err();
/// assert_eq!(err.kind, BetzaErrorKind::HopNeedsRider('p'));
/// assert_eq!(err.column, 3);
/// assert_eq!(
///     err.to_string(),
///     "column 3: 'p' (hopping) needs a rider such as R or B"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// What is wrong.
    pub kind: BetzaErrorKind,
    /// The 1-based character column of the offending character in the text given to
    /// [`super::parse`] (leading spaces count).
    pub column: usize,
}

/// The kinds of mistake in a Betza string. The column of a [`BetzaError`] points at the
/// character named in each case.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BetzaErrorKind {
    /// A character that is no part of the notation (a space inside the text, `*`, `[`
    /// outside `t[..]`, a non-ASCII letter).
    UnknownCharacter(char),
    /// A capital letter that names no atom (`E`, `X`).
    UnknownAtom(char),
    /// `J` or `L`: old names that Fairy-Stockfish reads as Zebra and Camel but XBoard as
    /// Camel and Zebra; write `C` (3,1) or `Z` (3,2).
    AmbiguousAtom(char),
    /// An atom Joust's pieces cannot carry: `O` (castling, a rule of the game here) and
    /// `U` (the universal leaper).
    UnsupportedAtom(char),
    /// An XBetza modifier whose move Joust's atoms cannot express (`a` other than in
    /// `caK`, `d`, `j`, `o`, `t`, `y`, `z`, `q`, `u`, `k`, `w`, `x`); the column points
    /// at the modifier.
    UnsupportedModifier(char),
    /// Modifiers at the end of the text with no atom after them; the column points at the
    /// first of them.
    MissingAtom,
    /// A number or `.` where no atom precedes it.
    MisplacedRange,
    /// A range above 254 steps; the column points at its first digit.
    RangeTooLarge,
    /// A malformed range: a minimum of 0, a minimum above the maximum, or a single `.`;
    /// the column points at its first digit (or the `.`).
    BadRange,
    /// A rider written as a rider twice: a doubled `R`, `B` or `Q`, or a doubled letter
    /// with a range too (`NN2`); the column points at the second letter or the range.
    AlreadyRider(char),
    /// `p` or `g` (the modifier) on a leaper: hopping needs a line to hop along.
    HopNeedsRider(char),
    /// A range on a hopper (`pR2`): Fairy-Stockfish counts it past the screen, XBoard
    /// from the start; the column points at the range.
    RangedHopper,
    /// `n` (lame) on a rider; the column points at the `n`.
    LameRider,
    /// `n` (lame) on an atom other than `N`, `A` and `D`, the only ones whose blocking
    /// square XBoard, Fairy-Stockfish and Joust agree on; the column points at the `n`.
    LameAtom(char),
    /// `~` (through own pieces) on a leaper; the column points at the `~`.
    ThroughOwnNeedsRider,
    /// Two modifiers of one atom that cannot go together (`p` and `g`, `n` and `p`,
    /// `~` and `n`, a hopper in `t[..]`); the column points at the second.
    Conflict(char, char),
    /// Direction modifiers the atom's shape does not take, or that XBoard and
    /// Fairy-Stockfish read differently for it (`h` on a W or F shape, `v` or `s` on a
    /// diagonal one, `hr` beside other directions, `vl` on a knight); the column points
    /// at the first letter of the combination.
    Direction {
        /// The letters as written (one or two).
        written: String,
        /// The atom they were given to.
        atom: char,
    },
    /// Direction modifiers on `K` or `Q`, which XBoard reads as a single orthogonal step
    /// (`fK` = one step forward) and Fairy-Stockfish as both (`fK` = `fWfF`): write them
    /// on `W` and `F` (or `R` and `B`).
    DirectionOnCompound(char),
    /// Directions that are neither left-right symmetric nor the same after a half turn
    /// (`rW`, `frW`): Black's moves are White's turned half round, which Joust's atoms
    /// cannot express; `@` (compass directions) reads them for both sides as written.
    Chiral,
    /// `e` (en passant) without `c`: Joust takes en passant from the game's pawn rules,
    /// so `e` is accepted only beside `c` (as in `fceF`).
    EnPassantAlone,
    /// `i` twice: XBoard gives `ii` a meaning of its own.
    RepeatedInitial,
    /// A bent rider that is not `t[FR]` or `t[WB]`; the column points at the `t`.
    BadBent,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.kind)
    }
}

impl std::error::Error for BetzaError {}

impl fmt::Display for BetzaErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BetzaErrorKind::*;
        match self {
            UnknownCharacter(c) => write!(f, "{c:?} is no part of Betza notation"),
            UnknownAtom(c) => write!(f, "'{c}' is not an atom (W F D N A H C Z G K R B Q)"),
            AmbiguousAtom(c) => write!(
                f,
                "'{c}' means Camel to some programs and Zebra to others; write C (3,1) or Z (3,2)"
            ),
            UnsupportedAtom('O') => {
                write!(
                    f,
                    "'O' (castling) is a rule of the game, not a piece's move"
                )
            }
            UnsupportedAtom(c) => write!(f, "the atom '{c}' cannot be expressed by Joust"),
            UnsupportedModifier(c) => write!(
                f,
                "'{c}' ({}) cannot be expressed by Joust's movement atoms",
                modifier_name(*c)
            ),
            MissingAtom => write!(f, "modifiers with no atom after them"),
            MisplacedRange => write!(f, "a range must follow an atom, as in R4 or N2"),
            RangeTooLarge => write!(f, "a range can be at most 254 steps"),
            BadRange => write!(
                f,
                "a range is N (1 to N steps, 0 for no limit) or MIN..MAX with MIN at least 1 and \
                 not above MAX (MIN.. for no limit)"
            ),
            AlreadyRider(c) => write!(f, "'{c}' is already a rider; write it once"),
            HopNeedsRider(m) => write!(
                f,
                "'{m}' ({}) needs a rider such as R or B",
                modifier_name(*m)
            ),
            RangedHopper => write!(
                f,
                "a hopper cannot take a range: programs disagree on what it counts"
            ),
            LameRider => write!(f, "'n' (lame) applies to leapers only"),
            LameAtom(c) => write!(
                f,
                "'n' (lame) is supported on N, A and D only; programs disagree on which squares \
                 block n{c}"
            ),
            ThroughOwnNeedsRider => write!(f, "'~' (through own pieces) needs a rider"),
            Conflict(a, b) => write!(f, "'{b}' cannot be combined with '{a}'"),
            Direction { written, atom } => write!(
                f,
                "direction '{written}' is not supported on {atom} (programs read it differently \
                 or it does not apply)"
            ),
            DirectionOnCompound(c) => write!(
                f,
                "programs read directions on {c} differently; write them on W and F (or R and B)"
            ),
            Chiral => write!(
                f,
                "these directions are not left-right symmetric, so Black's moves cannot mirror \
                 White's; prefix '@' for compass directions"
            ),
            EnPassantAlone => write!(
                f,
                "'e' (en passant) needs 'c' beside it (en passant itself comes from the pawn rules)"
            ),
            RepeatedInitial => write!(f, "'i' is given twice"),
            BadBent => write!(f, "a bent rider is t[FR] (Gryphon) or t[WB] (Crocodile)"),
        }
    }
}

/// What a lower-case modifier means in XBetza (or in Joust's extensions), for messages.
fn modifier_name(c: char) -> &'static str {
    match c {
        'p' => "hopping",
        'g' => "grasshopper",
        'a' => "multi-leg moves; only caK, the Lion's double step, is understood",
        'd' => "capturing own pieces",
        'j' => "jumping or skipping",
        'o' => "cylinder board",
        't' => "tame hopping",
        'y' => "range toggling",
        'z' => "crooked moves",
        'q' => "circular moves",
        'u' => "unloading",
        _ => "unsupported modifier",
    }
}
