//! Piece kinds described as data, and pieces on the board.

use crate::atom::Atom;
use crate::color::Color;
use crate::square::Direction;
use std::fmt;

/// The most piece kinds one game may define (Musketeer: 6 + 10).
pub const MAX_KINDS: usize = 16;

/// Index of a piece kind within its game's [`crate::Variant::kinds`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u8);

impl KindId {
    /// The index as a `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A kind of piece: its names, letter and movement.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// Name in the game's own words ("King's Lancer").
    pub name: &'static str,
    /// FEN and SAN letter, uppercase.
    pub letter: char,
    /// Losing it (checkmate) loses the game; it is never captured.
    pub royal: bool,
    /// Follows the game's pawn rules (promotion, double step, en passant).
    pub pawn: bool,
    /// For directional pieces (Lancers), the facing that is part of this kind's identity.
    pub facing: Option<Direction>,
    /// Material value in centipawns, when the game gives one.
    pub value: Option<i32>,
    /// How it moves, captures and shoots.
    pub atoms: Vec<Atom>,
    /// Its movement in Betza notation, when it was written so (game files): for people
    /// reading about the piece.
    pub betza: Option<&'static str>,
}

impl PieceKind {
    /// A plain piece with the given name, letter and atoms.
    pub fn new(name: &'static str, letter: char, atoms: Vec<Atom>) -> PieceKind {
        PieceKind {
            name,
            letter,
            royal: false,
            pawn: false,
            facing: None,
            value: None,
            atoms,
            betza: None,
        }
    }

    /// The same kind, royal.
    pub fn royal(mut self) -> PieceKind {
        self.royal = true;
        self
    }

    /// The same kind, following pawn rules.
    pub fn pawn(mut self) -> PieceKind {
        self.pawn = true;
        self
    }

    /// The same kind with a material value.
    pub fn value(mut self, centipawns: i32) -> PieceKind {
        self.value = Some(centipawns);
        self
    }

    /// The same kind with a fixed facing.
    pub fn facing(mut self, facing: Direction) -> PieceKind {
        self.facing = Some(facing);
        self
    }
}

/// A piece on the board: a colour and a kind of the current game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub kind: KindId,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: KindId) -> Piece {
        Piece { color, kind }
    }
}

impl fmt::Display for KindId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kind#{}", self.0)
    }
}
