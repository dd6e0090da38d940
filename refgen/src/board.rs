//! Board, pieces, squares and the FEN fields that every game shares
//! (docs/rules/README.md, "The board" and "FEN").
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine: nothing here is shared with, or copied from, joust-core
//! or joust-movegen. The board is a plain mailbox: one `Option<Piece>` per square, rank 1
//! first.

/// One of the two sides. White moves first and uses uppercase FEN letters.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    /// The first player (uppercase letters; "South" in LancerChess and Clash).
    White,
    /// The second player (lowercase letters).
    Black,
}

impl Color {
    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Rank step of "forward": +1 for White (north), -1 for Black (south).
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

/// The eight compass directions from White's point of view, in the order
/// N, NE, E, SE, S, SW, W, NW, as (file step, rank step).
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Names of [`DIRS`], uppercase as in FEN (`L(NE)`).
pub const DIR_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// A piece: its side, its type letter (always uppercase here) and, for a Lancer of the
/// `lancers` games, its facing as an index into [`DIRS`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Type letter, uppercase.
    pub kind: char,
    /// Facing (Lancers only).
    pub facing: Option<usize>,
}

impl Piece {
    /// A piece without facing.
    pub fn new(color: Color, kind: char) -> Piece {
        Piece {
            color,
            kind,
            facing: None,
        }
    }
}

/// State of one Musketeer reserve slot (docs/rules/musketeer.md, "Writing moves").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slot {
    /// `?`: selected but not yet placed.
    Unplaced,
    /// Placed in the reserve cell behind this file (0 = a).
    File(i32),
    /// `-`: gated in already, or forfeited.
    Gone,
}

/// The Musketeer gating field: selected types in selection order and, per side, the
/// state of each type's reserve slot. Unused (zero types) in other games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Gating {
    /// Number of selected types (0, 1 or 2).
    pub count: usize,
    /// Selected types, uppercase, in selection order.
    pub types: [char; 2],
    /// `slots[side][i]` = the slot of `types[i]` for that side.
    pub slots: [[Slot; 2]; 2],
}

impl Default for Gating {
    fn default() -> Gating {
        Gating {
            count: 0,
            types: [' ', ' '],
            slots: [[Slot::Unplaced; 2]; 2],
        }
    }
}

/// A position: mailbox board plus the state fields of the FEN.
#[derive(Clone, Debug)]
pub struct Position {
    /// Number of files.
    pub files: i32,
    /// Number of ranks.
    pub ranks: i32,
    /// Square index = rank * files + file (a1 = 0).
    pub board: Vec<Option<Piece>>,
    /// Side to move.
    pub side: Color,
    /// Castling rights in FEN order K, Q, k, q.
    pub castling: [bool; 4],
    /// The square a pawn passed over with its double step on the last move, if any.
    pub ep: Option<usize>,
    /// Musketeer gating field.
    pub gating: Gating,
}

impl Position {
    /// The square at (file, rank), or None off the board.
    pub fn square(&self, f: i32, r: i32) -> Option<usize> {
        if f >= 0 && f < self.files && r >= 0 && r < self.ranks {
            Some((r * self.files + f) as usize)
        } else {
            None
        }
    }

    /// (file, rank) of a square, both 0-based.
    pub fn coords(&self, sq: usize) -> (i32, i32) {
        let s = sq as i32;
        (s % self.files, s / self.files)
    }

    /// The square `(dx, dy)` away from `sq`, or None off the board.
    pub fn step(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let (f, r) = self.coords(sq);
        self.square(f + dx, r + dy)
    }

    /// Coordinate name of a square: `e4`, `j10`.
    pub fn name(&self, sq: usize) -> String {
        let (f, r) = self.coords(sq);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// The piece on a square.
    pub fn at(&self, sq: usize) -> Option<Piece> {
        self.board[sq]
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.board.len()
    }

    /// Always false (a board has squares); present because `len` is.
    pub fn is_empty(&self) -> bool {
        self.board.is_empty()
    }

    /// Every square holding a piece of `color`, with the piece.
    pub fn pieces(&self, color: Color) -> Vec<(usize, Piece)> {
        let mut out = Vec::new();
        for sq in 0..self.board.len() {
            if let Some(p) = self.board[sq] {
                if p.color == color {
                    out.push((sq, p));
                }
            }
        }
        out
    }

    /// The square of `color`'s piece of type `kind` (the first one found).
    pub fn find(&self, color: Color, kind: char) -> Option<usize> {
        (0..self.board.len())
            .find(|&sq| matches!(self.board[sq], Some(p) if p.color == color && p.kind == kind))
    }

    /// Number of `color`'s pieces of type `kind`.
    pub fn count(&self, color: Color, kind: char) -> usize {
        self.board
            .iter()
            .filter(|p| matches!(p, Some(p) if p.color == color && p.kind == kind))
            .count()
    }
}

/// A legal move and the position it leads to.
#[derive(Clone, Debug)]
pub struct Child {
    /// Coordinate text of the move (docs/rules/README.md, "Moves in coordinates", and
    /// extensions).
    pub text: String,
    /// The position after the move.
    pub pos: Position,
}

/// The fields of a FEN after the placement.
pub struct FenTail {
    /// Side to move.
    pub side: Color,
    /// Castling rights K, Q, k, q.
    pub castling: [bool; 4],
    /// En-passant square text, if not `-`.
    pub ep: Option<String>,
}

/// Splits a FEN into its placement field and the remaining fields (side, castling, ep;
/// the two clocks are optional and only checked to be numbers).
pub fn split_fen(fen: &str) -> Result<(&str, FenTail), String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 {
        return Err(format!("FEN needs at least placement and side: '{fen}'"));
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(format!("bad side to move '{s}'")),
    };
    let mut castling = [false; 4];
    if let Some(&c) = fields.get(2) {
        if c != "-" {
            for ch in c.chars() {
                let i = match ch {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    _ => return Err(format!("bad castling field '{c}'")),
                };
                castling[i] = true;
            }
        }
    }
    let ep = match fields.get(3) {
        None | Some(&"-") => None,
        Some(s) => Some(s.to_string()),
    };
    for f in fields.iter().skip(4).take(2) {
        if f.parse::<u32>().is_err() {
            return Err(format!("bad clock field '{f}'"));
        }
    }
    if fields.len() > 6 {
        return Err(format!("too many FEN fields: '{fen}'"));
    }
    Ok((fields[0], FenTail { side, castling, ep }))
}

/// Parses a square name like `e3` or `j10` on a board of the given size.
pub fn parse_square(text: &str, files: i32, ranks: i32) -> Option<usize> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let f = (f as u8 - b'a') as i32;
    let r: i32 = chars.as_str().parse().ok()?;
    if f < files && r >= 1 && r <= ranks {
        Some(((r - 1) * files + f) as usize)
    } else {
        None
    }
}

/// Reads the placement field: ranks from the highest down separated by `/`, runs of
/// empty squares as decimal numbers (possibly two digits), pieces as letters. Letters
/// in `facing_kinds` (uppercase) must carry a facing `(NE)`; others must not.
/// `allowed` gives the permitted uppercase letters for White and for Black.
pub fn parse_placement(
    text: &str,
    files: i32,
    ranks: i32,
    allowed: [&str; 2],
    facing_kinds: &str,
) -> Result<Vec<Option<Piece>>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!("expected {ranks} ranks, found {}", rows.len()));
    }
    let mut board = vec![None; (files * ranks) as usize];
    for (i, row) in rows.iter().enumerate() {
        let r = ranks - 1 - i as i32;
        let chars: Vec<char> = row.chars().collect();
        let mut f = 0;
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut n = 0i32;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).unwrap_or(0) as i32;
                    k += 1;
                }
                if n == 0 {
                    return Err(format!("bad empty run in rank '{row}'"));
                }
                f += n;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(format!("bad character '{c}' in rank '{row}'"));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kind = c.to_ascii_uppercase();
            if !allowed[color.index()].contains(kind) {
                return Err(format!("letter '{c}' is not a piece of this game"));
            }
            k += 1;
            let mut facing = None;
            if k < chars.len() && chars[k] == '(' {
                let close = chars[k..]
                    .iter()
                    .position(|&x| x == ')')
                    .ok_or_else(|| format!("unclosed facing in rank '{row}'"))?;
                let name: String = chars[k + 1..k + close].iter().collect();
                let d = DIR_NAMES
                    .iter()
                    .position(|&n| n == name)
                    .ok_or_else(|| format!("bad facing '{name}'"))?;
                facing = Some(d);
                k += close + 1;
            }
            if facing_kinds.contains(kind) != facing.is_some() {
                return Err(format!("piece '{c}' with wrong facing in rank '{row}'"));
            }
            if f >= files {
                return Err(format!("rank '{row}' is too long"));
            }
            board[(r * files + f) as usize] = Some(Piece {
                color,
                kind,
                facing,
            });
            f += 1;
        }
        if f != files {
            return Err(format!("rank '{row}' does not have {files} squares"));
        }
    }
    Ok(board)
}
