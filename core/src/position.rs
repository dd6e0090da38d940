//! A position: where the pieces stand, whose move it is, rights, clocks and its hash key.

use crate::bitboard::Bits;
use crate::check_series::CheckSeries;
use crate::color::Color;
use crate::gating::Gating;
use crate::goal::MAX_CHECKS;
use crate::piece::{KindId, Piece, MAX_KINDS};
use crate::square::{Geometry, Square, MAX_SQUARES};
use crate::variant::{CastlingRule, Material, Variant};
use crate::zobrist::ZOBRIST;
use std::fmt;

/// Castling rights: bit `i` set = the position's castling rule `i`
/// ([`Position::castling_rules`]) may still be used.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// True if rule `i` may be used.
    #[inline]
    pub fn has(self, i: usize) -> bool {
        self.0 & (1 << i) != 0
    }
}

/// The state of a game at one moment, for boards whose squares fit in `B`.
///
/// Pieces are kept twice, in a mailbox and in bitboards, and the Zobrist key is updated by
/// every change, so it always equals [`Position::compute_key`].
///
/// `B` is the bitboard: `u64` for boards of up to 64 squares, `u128` for larger ones (up
/// to 128 squares: 10x10, 12x8). Positions are read from FEN and written back to it:
///
/// ```
/// use joust_core::{variants, Bits, Color, Position};
///
/// let chess = variants::chess();
/// let pos: Position<u64> = Position::from_fen(chess, chess.start_fen).unwrap();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.occupied().count(), 32);
///
/// // What stands on e1: the white King.
/// let e1 = chess.geometry.parse_square("e1").unwrap();
/// let king = pos.piece_at(e1).unwrap();
/// assert_eq!((king.color, pos.piece_letter(king)), (Color::White, 'K'));
/// assert_eq!(pos.to_fen(), chess.start_fen);
///
/// // Royal Lion Chess is played on 10x10: 100 squares need the 128-bit board.
/// let rl = variants::royal_lion();
/// let pos: Position<u128> = Position::from_fen(rl, rl.start_fen).unwrap();
/// assert_eq!(pos.geometry().len(), 100);
/// ```
#[derive(Clone)]
pub struct Position<B: Bits> {
    variant: &'static Variant,
    board: [u8; MAX_SQUARES],
    by_color: [B; 2],
    by_kind: [B; MAX_KINDS],
    side: Color,
    castling: CastlingRights,
    castling_rules: &'static [CastlingRule],
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    royal: [Option<KindId>; 2],
    gating: Gating,
    present: [u16; 2],
    checks: [u8; 2],
    series: [CheckSeries; 2],
    leaps: [u16; 2],
    hand: [[u8; MAX_KINDS]; 2],
    hand_size: [u8; 2],
}

/// The most pieces of one kind a side may hold in hand.
pub const MAX_HAND: u8 = 15;

const EMPTY: u8 = 0;

#[inline(always)]
fn encode(p: Piece) -> u8 {
    1 + ((p.color as u8) << 4) + p.kind.0
}

#[inline(always)]
fn decode(code: u8) -> Option<Piece> {
    if code == EMPTY {
        None
    } else {
        let c = code - 1;
        let color = if c & 16 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, KindId(c & 15)))
    }
}

impl<B: Bits> Position<B> {
    /// An empty board of `variant`, White to move, no rights, move 1.
    ///
    /// # Panics
    /// If the variant's board does not fit in `B` (a programming error, not user input).
    pub fn empty(variant: &'static Variant) -> Position<B> {
        assert!(
            variant.geometry.len() <= B::CAPACITY,
            "{} does not fit this bitboard width",
            variant.id
        );
        // A game that counts checks keys its counts, 0 each to begin with.
        let key = if variant.goals.check_counting {
            ZOBRIST.checks[0][0] ^ ZOBRIST.checks[1][0]
        } else {
            0
        };
        Position {
            variant,
            board: [EMPTY; MAX_SQUARES],
            by_color: [B::EMPTY; 2],
            by_kind: [B::EMPTY; MAX_KINDS],
            side: Color::White,
            castling: CastlingRights::NONE,
            castling_rules: &variant.castling,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key,
            royal: [variant.royal(Color::White), variant.royal(Color::Black)],
            gating: Gating::default(),
            present: [0; 2],
            checks: [0; 2],
            series: [CheckSeries::None; 2],
            leaps: [0; 2],
            hand: [[0; MAX_KINDS]; 2],
            hand_size: [0; 2],
        }
    }

    /// The game this position belongs to.
    #[inline(always)]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The board shape.
    #[inline(always)]
    pub fn geometry(&self) -> Geometry {
        self.variant.geometry
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.board[sq.index()])
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> B {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both colours.
    #[inline(always)]
    pub fn kind_squares(&self, kind: KindId) -> B {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: KindId) -> B {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The kinds `color` has on the board, as a bit set over kind ids.
    #[inline(always)]
    pub fn kinds_present(&self, color: Color) -> u16 {
        self.present[color.index()]
    }

    /// The square of `color`'s royal piece, if it has one on the board.
    #[inline]
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        let b = self.pieces_of(color, self.royal[color.index()]?);
        b.any().then(|| b.lowest())
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights still held.
    #[inline(always)]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The castling moves the rights are a bit set over: the game's own
    /// ([`Variant::castling`]), or in a Chess960 game ([`Variant::chess960`]) those its
    /// FEN named, which stay for the rest of the game.
    #[inline(always)]
    pub fn castling_rules(&self) -> &'static [CastlingRule] {
        self.castling_rules
    }

    /// Sets the castling moves the rights refer to (for reading a Chess960 FEN); the
    /// rights must be set again after.
    pub fn set_castling_rules(&mut self, rules: &'static [CastlingRule]) {
        self.set_castling(CastlingRights::NONE);
        self.castling_rules = rules;
    }

    /// The en-passant square, if a pawn just double-stepped past it.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increasing after Black moves.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key, kept up to date by every change.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.board[sq.index()], EMPTY);
        let bit = B::from_square(sq);
        self.board[sq.index()] = encode(piece);
        self.by_color[piece.color.index()] |= bit;
        self.by_kind[piece.kind.index()] |= bit;
        self.present[piece.color.index()] |= 1 << piece.kind.0;
        self.key ^= ZOBRIST.piece[piece.color.index()][piece.kind.index()][sq.index()];
    }

    /// Removes and returns the piece on `sq` (which must be occupied).
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) -> Piece {
        let piece = decode(self.board[sq.index()]).expect("remove from an empty square");
        let bit = B::from_square(sq);
        self.board[sq.index()] = EMPTY;
        self.by_color[piece.color.index()] ^= bit;
        self.by_kind[piece.kind.index()] ^= bit;
        if (self.by_kind[piece.kind.index()] & self.by_color[piece.color.index()]).is_empty() {
            self.present[piece.color.index()] &= !(1 << piece.kind.0);
        }
        self.key ^= ZOBRIST.piece[piece.color.index()][piece.kind.index()][sq.index()];
        piece
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline(always)]
    pub fn relocate(&mut self, from: Square, to: Square) {
        let code = self.board[from.index()];
        debug_assert_ne!(code, EMPTY);
        debug_assert_eq!(self.board[to.index()], EMPTY);
        let piece = decode(code).expect("relocate from an empty square");
        let bits = B::from_square(from) | B::from_square(to);
        self.board[from.index()] = EMPTY;
        self.board[to.index()] = code;
        self.by_color[piece.color.index()] ^= bits;
        self.by_kind[piece.kind.index()] ^= bits;
        let keys = &ZOBRIST.piece[piece.color.index()][piece.kind.index()];
        self.key ^= keys[from.index()] ^ keys[to.index()];
    }

    /// Sets the side to move.
    #[inline(always)]
    pub fn set_side_to_move(&mut self, side: Color) {
        if side != self.side {
            self.key ^= ZOBRIST.black_to_move;
            self.side = side;
        }
    }

    /// Sets the castling rights.
    #[inline(always)]
    pub fn set_castling(&mut self, rights: CastlingRights) {
        let mut diff = rights.0 ^ self.castling.0;
        while diff != 0 {
            self.key ^= ZOBRIST.castling[diff.trailing_zeros() as usize];
            diff &= diff - 1;
        }
        self.castling = rights;
    }

    /// Sets the en-passant square.
    #[inline(always)]
    pub fn set_en_passant(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.key ^= ZOBRIST.en_passant[old.index()];
        }
        if let Some(new) = ep {
            self.key ^= ZOBRIST.en_passant[new.index()];
        }
        self.ep = ep;
    }

    /// The Musketeer gating field (all empty in other games).
    #[inline(always)]
    pub fn gating(&self) -> &Gating {
        &self.gating
    }

    /// True during a gating game's setup phase (selecting and placing reserve pieces),
    /// when the only moves are setup moves; never in a game without gating.
    pub fn in_setup(&self) -> bool {
        !self.variant.gating_types.is_empty() && self.gating.setup_step().is_some()
    }

    /// Replaces the gating field, keeping the key up to date.
    pub fn set_gating(&mut self, gating: Gating) {
        self.key ^= gating_key(&self.gating) ^ gating_key(&gating);
        self.gating = gating;
    }

    /// Sets the halfmove clock (not part of the key).
    #[inline(always)]
    pub fn set_halfmove_clock(&mut self, plies: u32) {
        self.halfmove = plies;
    }

    /// Sets the fullmove number (not part of the key).
    #[inline(always)]
    pub fn set_fullmove_number(&mut self, n: u32) {
        self.fullmove = n;
    }

    /// The checks `color` still has to give to win, in a game that counts them
    /// (`Goals::check_counting`); 0 in other games.
    #[inline(always)]
    pub fn checks_remaining(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// Sets the checks `color` still has to give (at most [`MAX_CHECKS`]), keeping the key
    /// up to date; in a game that does not count checks the count stays out of the key.
    #[inline]
    pub fn set_checks_remaining(&mut self, color: Color, n: u8) {
        debug_assert!(n <= MAX_CHECKS);
        if self.variant.goals.check_counting {
            let keys = &ZOBRIST.checks[color.index()];
            self.key ^= keys[self.checks[color.index()] as usize] ^ keys[n as usize];
        }
        self.checks[color.index()] = n;
    }

    /// In a game that keeps first-move rights ([`Variant::has_first_move_rights`]: Ouk
    /// Chatrang's first leaps, gating from the hand): the files of `color`'s first rank
    /// whose piece has not moved yet, bit `f` for file `f`; 0 in other games. In a game
    /// with gating from the hand they are the squares a piece may still gate onto, and
    /// none while the side's hand is empty.
    #[inline(always)]
    pub fn first_move_rights(&self, color: Color) -> u16 {
        self.leaps[color.index()]
    }

    /// Sets `color`'s first-move rights (bit `f` for file `f` of its first rank), keeping
    /// the key up to date.
    #[inline]
    pub fn set_first_move_rights(&mut self, color: Color, files: u16) {
        let mut diff = files ^ self.leaps[color.index()];
        while diff != 0 {
            self.key ^= ZOBRIST.first_move_rights[color.index()][diff.trailing_zeros() as usize];
            diff &= diff - 1;
        }
        self.leaps[color.index()] = files;
    }

    /// Restores both sides' first-move rights saved before a move, without touching the
    /// key (for unmake, which restores the key with [`Position::restore_state`]).
    #[inline(always)]
    pub fn restore_first_move_rights(&mut self, leaps: [u16; 2]) {
        self.leaps = leaps;
    }

    /// How many pieces of `kind` `color` holds in hand (games with
    /// [`Variant::hand_gating`]; 0 in every other game).
    #[inline(always)]
    pub fn hand_count(&self, color: Color, kind: KindId) -> u8 {
        self.hand[color.index()][kind.index()]
    }

    /// How many pieces `color` holds in hand, of every kind.
    #[inline(always)]
    pub fn hand_size(&self, color: Color) -> u8 {
        self.hand_size[color.index()]
    }

    /// The kinds `color` holds at least one of in hand, lowest kind id first.
    pub fn hand_kinds(&self, color: Color) -> impl Iterator<Item = KindId> + '_ {
        let hand = &self.hand[color.index()];
        (0..MAX_KINDS)
            .filter(|&k| hand[k] > 0)
            .map(|k| KindId(k as u8))
    }

    /// Adds a piece of `kind` to `color`'s hand, keeping the key up to date.
    ///
    /// # Panics
    /// If the hand already holds [`MAX_HAND`] of that kind (FEN reading refuses more).
    #[inline]
    pub fn add_to_hand(&mut self, color: Color, kind: KindId) {
        let n = self.hand[color.index()][kind.index()];
        assert!(n < MAX_HAND, "at most {MAX_HAND} pieces of a kind in hand");
        let keys = &ZOBRIST.hand[color.index()][kind.index()];
        self.key ^= keys[n as usize] ^ keys[n as usize + 1];
        self.hand[color.index()][kind.index()] = n + 1;
        self.hand_size[color.index()] += 1;
    }

    /// Takes a piece of `kind` from `color`'s hand, keeping the key up to date.
    ///
    /// # Panics
    /// If the hand holds none (a programming error: moves come from the generator).
    #[inline]
    pub fn take_from_hand(&mut self, color: Color, kind: KindId) {
        let n = self.hand[color.index()][kind.index()];
        assert!(n > 0, "no such piece in hand");
        let keys = &ZOBRIST.hand[color.index()][kind.index()];
        self.key ^= keys[n as usize] ^ keys[n as usize - 1];
        self.hand[color.index()][kind.index()] = n - 1;
        self.hand_size[color.index()] -= 1;
    }

    /// Where `color` stands in its series of checks, in a game with Shatar's mating rule
    /// ([`crate::check_series`]); always [`CheckSeries::None`] in other games.
    #[inline(always)]
    pub fn check_series(&self, color: Color) -> CheckSeries {
        self.series[color.index()]
    }

    /// Sets where `color` stands in its series of checks (the key leaves it out).
    #[inline(always)]
    pub fn set_check_series(&mut self, color: Color, series: CheckSeries) {
        self.series[color.index()] = series;
    }

    /// Restores both check counts saved before a move, without touching the key (for
    /// unmake, which restores the key saved with them by [`Position::restore_state`]).
    #[inline(always)]
    pub fn restore_checks(&mut self, checks: [u8; 2]) {
        self.checks = checks;
    }

    /// Restores the non-piece state saved before a move (for unmake): rights, en passant,
    /// clocks and the key itself, which must be the key saved with them.
    #[inline(always)]
    pub fn restore_state(
        &mut self,
        castling: CastlingRights,
        ep: Option<Square>,
        halfmove: u32,
        fullmove: u32,
        key: u64,
    ) {
        self.castling = castling;
        self.ep = ep;
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self.key = key;
    }

    /// Flips the side to move without touching anything else but the key.
    #[inline(always)]
    pub fn flip_side(&mut self) {
        self.key ^= ZOBRIST.black_to_move;
        self.side = !self.side;
    }

    /// The key computed from scratch; equals [`Position::key`] unless something is broken.
    pub fn compute_key(&self) -> u64 {
        let z = &*ZOBRIST;
        let mut key = 0;
        for sq in self.geometry().squares() {
            if let Some(p) = self.piece_at(sq) {
                key ^= z.piece[p.color.index()][p.kind.index()][sq.index()];
            }
        }
        for i in 0..8 {
            if self.castling.has(i) {
                key ^= z.castling[i];
            }
        }
        if let Some(ep) = self.ep {
            key ^= z.en_passant[ep.index()];
        }
        if self.side == Color::Black {
            key ^= z.black_to_move;
        }
        if self.variant.goals.check_counting {
            key ^= z.checks[0][self.checks[0] as usize] ^ z.checks[1][self.checks[1] as usize];
        }
        for c in Color::ALL {
            let mut files = self.leaps[c.index()];
            while files != 0 {
                key ^= z.first_move_rights[c.index()][files.trailing_zeros() as usize];
                files &= files - 1;
            }
            for (k, &n) in self.hand[c.index()].iter().enumerate() {
                key ^= z.hand[c.index()][k][n as usize];
            }
        }
        key ^ gating_key(&self.gating)
    }

    /// Counts of each kind per side, with how many stand on dark squares.
    pub fn material(&self) -> Material {
        let mut m = Material {
            reserves: self.gating.reserve_count() as u8 + self.hand_size[0] + self.hand_size[1],
            ..Material::default()
        };
        let g = self.geometry();
        for sq in self.occupied().squares() {
            let p = self.piece_at(sq).expect("occupied");
            m.count[p.color.index()][p.kind.index()] += 1;
            if g.is_dark(sq) {
                m.on_dark[p.color.index()][p.kind.index()] += 1;
            }
        }
        m
    }

    /// Checks that mailbox, bitboards and key agree (for tests and debug assertions).
    pub fn is_consistent(&self) -> bool {
        let mut by_color = [B::EMPTY; 2];
        let mut by_kind = [B::EMPTY; MAX_KINDS];
        for sq in self.geometry().squares() {
            if let Some(p) = self.piece_at(sq) {
                by_color[p.color.index()] |= B::from_square(sq);
                by_kind[p.kind.index()] |= B::from_square(sq);
            }
        }
        let mut present = [0u16; 2];
        for c in Color::ALL {
            for (k, kind) in by_kind.iter().enumerate() {
                if (*kind & by_color[c.index()]).any() {
                    present[c.index()] |= 1 << k;
                }
            }
        }
        let hand_size = self.hand.map(|h| h.iter().map(|&n| n as u32).sum::<u32>());
        by_color == self.by_color
            && hand_size == self.hand_size.map(u32::from)
            && by_kind == self.by_kind
            && present == self.present
            && self.key == self.compute_key()
    }

    /// The FEN letter of a piece, with case for its colour.
    pub fn piece_letter(&self, p: Piece) -> char {
        let c = self.variant.kind(p.kind).letter;
        match p.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// The key contribution of a gating field (0 for the empty field of other games).
fn gating_key(g: &Gating) -> u64 {
    if *g == Gating::default() {
        return 0;
    }
    let z = &*ZOBRIST;
    let mut key = 0;
    for (i, t) in g.types.iter().enumerate() {
        if let Some(k) = t {
            key ^= z.gating_type[i][k.index()];
        }
    }
    for c in 0..2 {
        for i in 0..2 {
            key ^= z.gating_slot[c][i][g.slots[c][i].code()];
        }
    }
    key
}

impl<B: Bits> fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl<B: Bits> fmt::Display for Position<B> {
    /// A plain text diagram, rank 8 (or the top rank) first, then the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.geometry();
        for r in (0..g.ranks() as i8).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for file in 0..g.files() as i8 {
                let sq = g.square(file, r).expect("on board");
                let c = self.piece_at(sq).map_or('.', |p| self.piece_letter(p));
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..g.files() {
            write!(f, " {}", (b'a' + file) as char)?;
        }
        writeln!(f)?;
        write!(f, "{}", self.to_fen())
    }
}
