//! Moves and move lists.

use joust_core::{Bits, KindId, Position, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// What kind of move a [`Move`] is; decides how it is made and unmade.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveFlag {
    /// A move or displacement capture (promotion if `Move::promotion` is set).
    Normal,
    /// A pawn's double step, which may open en passant.
    DoubleStep,
    /// En-passant capture.
    EnPassant,
    /// Castling; `Move::aux` is the index of the variant's castling rule.
    Castle,
    /// A shot: the target is removed and the shooter stays (Cromwell).
    Shot,
    /// The Lion's capturing double step; `Move::aux` is the intermediate square.
    LionDouble,
    /// The Lion's pass: a step out and back.
    Pass,
    /// Musketeer setup: the side to move selects the type in `promotion_kind` (Black
    /// selecting White's type rejects it).
    Select,
    /// Musketeer setup: the side to move places its reserve piece of the type in
    /// `promotion_kind` behind file `aux`.
    Place,
    /// A null move: the side to move passes the turn without touching the board. Never
    /// generated; analysis files write it (`--` in SAN, `0000` in coordinates), and
    /// [`crate::Game::play_null`] plays it where passing leaves a legal position.
    Null,
}

/// A move: small and `Copy`. It can carry a new kind for the moved piece (a promotion, or
/// a Lancer's final facing), an intermediate square (the Lion's second step), or a
/// castling rule.
///
/// Moves come from the generator, never from text alone: to read a move, match it
/// against the legal ones (as `joust-notation` does).
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::{legal_moves, make, position_from_fen, tables, unmake, MoveFlag};
///
/// let chess = variants::chess();
/// let mut pos = position_from_fen::<u64>(chess, chess.start_fen).unwrap();
/// let moves = legal_moves(&pos);
/// assert_eq!(moves.len(), 20);
/// let e4 = moves
///     .iter()
///     .copied()
///     .find(|m| chess.geometry.name(m.to).to_string() == "e4")
///     .unwrap();
/// assert_eq!(e4.flag, MoveFlag::DoubleStep);
/// let fen = pos.to_fen();
/// let undo = make(tables(chess), &mut pos, e4);
/// assert_ne!(pos.to_fen(), fen);
/// unmake(tables(chess), &mut pos, e4, &undo);
/// assert_eq!(pos.to_fen(), fen);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece starts (the shooter for shots).
    pub from: Square,
    /// Where it ends (the target for shots).
    pub to: Square,
    /// How to make it.
    pub flag: MoveFlag,
    promo: u8,
    /// Flag-specific data: castling rule index or intermediate square.
    pub aux: u8,
    gate: u8,
}

const NO_PROMO: u8 = u8::MAX;
/// No piece gated from the hand.
const NO_GATE: u8 = u8::MAX;
/// In `gate`: the piece gates onto the castling Rook's square, not the King's.
const GATE_ON_ROOK: u8 = 0x10;

impl Move {
    /// A normal move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            flag: MoveFlag::Normal,
            promo: NO_PROMO,
            aux: 0,
            gate: NO_GATE,
        }
    }

    /// A move with the given flag and no promotion.
    #[inline(always)]
    pub const fn with_flag(from: Square, to: Square, flag: MoveFlag, aux: u8) -> Move {
        Move {
            from,
            to,
            flag,
            promo: NO_PROMO,
            aux,
            gate: NO_GATE,
        }
    }

    /// A normal move that turns the piece into `kind` (promotion or Lancer turn).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, kind: KindId) -> Move {
        Move {
            from,
            to,
            flag: MoveFlag::Normal,
            promo: kind.0,
            aux: 0,
            gate: NO_GATE,
        }
    }

    /// A setup move selecting `kind` (Musketeer).
    #[inline(always)]
    pub const fn select(kind: KindId) -> Move {
        Move {
            from: Square(0),
            to: Square(0),
            flag: MoveFlag::Select,
            promo: kind.0,
            aux: 0,
            gate: NO_GATE,
        }
    }

    /// A setup move placing a reserve piece of `kind` behind `file` (Musketeer).
    #[inline(always)]
    pub const fn place(kind: KindId, file: u8) -> Move {
        Move {
            from: Square(0),
            to: Square(0),
            flag: MoveFlag::Place,
            promo: kind.0,
            aux: file,
            gate: NO_GATE,
        }
    }

    /// The null move ([`MoveFlag::Null`]): passes the turn.
    #[inline(always)]
    pub const fn null() -> Move {
        Move {
            from: Square(0),
            to: Square(0),
            flag: MoveFlag::Null,
            promo: NO_PROMO,
            aux: 0,
            gate: NO_GATE,
        }
    }

    /// True for the null move.
    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.flag == MoveFlag::Null
    }

    /// The move packed into 40 bits (for transposition tables): squares 8 bits each, the
    /// flag 4, the new kind 5, `aux` 8, the gated piece 6.
    #[inline(always)]
    pub fn to_bits(self) -> u64 {
        self.from.0 as u64
            | (self.to.0 as u64) << 8
            | (self.flag as u64) << 16
            | ((self.promo & 0x1F) as u64) << 20
            | (self.aux as u64) << 25
            | ((self.gate & 0x3F) as u64) << 33
    }

    /// The move packed by [`Move::to_bits`], if the bits name a flag; whether it is legal
    /// is for the caller to check.
    pub fn from_bits(bits: u64) -> Option<Move> {
        let flag = match (bits >> 16) as u8 & 0xF {
            0 => MoveFlag::Normal,
            1 => MoveFlag::DoubleStep,
            2 => MoveFlag::EnPassant,
            3 => MoveFlag::Castle,
            4 => MoveFlag::Shot,
            5 => MoveFlag::LionDouble,
            6 => MoveFlag::Pass,
            7 => MoveFlag::Select,
            8 => MoveFlag::Place,
            9 => MoveFlag::Null,
            _ => return None,
        };
        let promo = (bits >> 20) as u8 & 0x1F;
        let gate = (bits >> 33) as u8 & 0x3F;
        Some(Move {
            from: Square(bits as u8),
            to: Square((bits >> 8) as u8),
            flag,
            promo: if promo == 0x1F { NO_PROMO } else { promo },
            aux: (bits >> 25) as u8,
            gate: if gate == 0x3F { NO_GATE } else { gate },
        })
    }

    /// This move bringing a piece of `kind` from the hand onto the square its mover leaves
    /// (for castling: the King's square, or with `on_rook_square` the Rook's), in a game
    /// with gating from the hand ([`joust_core::Variant::hand_gating`]).
    #[inline(always)]
    pub const fn with_gate(self, kind: KindId, on_rook_square: bool) -> Move {
        Move {
            gate: kind.0 | if on_rook_square { GATE_ON_ROOK } else { 0 },
            ..self
        }
    }

    /// The kind this move brings from the hand, if it gates one.
    #[inline(always)]
    pub fn gate_kind(self) -> Option<KindId> {
        (self.gate != NO_GATE).then_some(KindId(self.gate & 0xF))
    }

    /// True if this gating move is castling that gates onto the Rook's square.
    #[inline(always)]
    pub fn gates_on_rook_square(self) -> bool {
        self.gate != NO_GATE && self.gate & GATE_ON_ROOK != 0
    }

    /// The kind this move brings from the hand and the square it lands on, if it gates one:
    /// the square the moving piece leaves, or for castling the King's or (with
    /// [`Move::gates_on_rook_square`]) the Rook's starting square.
    ///
    /// Making the move and writing it down both ask this, so they always agree.
    pub fn hand_gate<B: Bits>(self, pos: &Position<B>) -> Option<(KindId, Square)> {
        let kind = self.gate_kind()?;
        let square = match self.flag {
            MoveFlag::Castle => {
                let rule = &pos.castling_rules()[self.aux as usize];
                if self.gates_on_rook_square() {
                    rule.rook_from
                } else {
                    rule.royal_from
                }
            }
            _ => self.from,
        };
        Some((kind, square))
    }

    /// The same move without its gating.
    #[inline(always)]
    pub fn without_gate(self) -> Move {
        Move {
            gate: NO_GATE,
            ..self
        }
    }

    /// True for Musketeer setup moves (selection and placement).
    #[inline(always)]
    pub fn is_setup(self) -> bool {
        matches!(self.flag, MoveFlag::Select | MoveFlag::Place)
    }

    /// The kind the moved piece becomes, if it changes.
    #[inline(always)]
    pub fn promotion_kind(self) -> Option<KindId> {
        (self.promo != NO_PROMO).then_some(KindId(self.promo))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}->{} {:?}", self.from.0, self.to.0, self.flag)?;
        if let Some(k) = self.promotion_kind() {
            write!(f, " ={}", k.0)?;
        }
        if let Some(k) = self.gate_kind() {
            write!(f, " /{}", k.0)?;
            if self.gates_on_rook_square() {
                write!(f, " on the rook's square")?;
            }
        }
        write!(f, ")")
    }
}

/// Moves a list holds on the stack; more (possible only in contrived positions, such as
/// two dozen Lancers with eight facings per destination) spill to the heap.
pub const MAX_MOVES: usize = 512;

/// The most squares a bitboard holds (`u128`).
const MAX_BITS: usize = 128;

/// A list of moves that lives on the stack: no allocation in move generation, except for
/// a position with more than [`MAX_MOVES`] moves, which spills to the heap.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
    spill: Vec<Move>,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(mv);
        } else {
            self.push_spilled(mv);
        }
        self.len += 1;
    }

    /// Appends a normal move from `from` to each square of `targets`, lowest first: with
    /// room for any bitboard's squares, written without a capacity test per move.
    #[inline(always)]
    pub fn push_normals<B: Bits>(&mut self, from: Square, targets: B) {
        if self.len + MAX_BITS > MAX_MOVES {
            for to in targets.squares() {
                self.push(Move::normal(from, to));
            }
            return;
        }
        let mut len = self.len;
        for to in targets.squares() {
            // SAFETY: `len` stays below `self.len + MAX_BITS <= MAX_MOVES`, as a bitboard
            // has at most `MAX_BITS` squares.
            unsafe { self.moves.get_unchecked_mut(len) }.write(Move::normal(from, to));
            len += 1;
        }
        self.len = len;
    }

    #[cold]
    fn push_spilled(&mut self, mv: Move) {
        if self.spill.is_empty() {
            // SAFETY: all MAX_MOVES inline elements were initialised by `push`.
            let inline = unsafe {
                std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, MAX_MOVES)
            };
            self.spill.extend_from_slice(inline);
        }
        self.spill.push(mv);
    }

    #[inline(always)]
    fn inline(&self) -> &[Move] {
        let n = self.len.min(MAX_MOVES);
        // SAFETY: the first `n` inline elements were initialised by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, n) }
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        if self.len > MAX_MOVES {
            &self.spill
        } else {
            self.inline()
        }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        if self.len > MAX_MOVES {
            &mut self.spill
        } else {
            // SAFETY: the first `len` inline elements were initialised by `push`.
            unsafe {
                std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len)
            }
        }
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// True if `mv` is in the list.
    pub fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        if self.len > MAX_MOVES {
            self.spill.retain(|m| keep(m));
            self.len = self.spill.len();
            if self.len <= MAX_MOVES {
                for (slot, &mv) in self.moves.iter_mut().zip(&self.spill) {
                    *slot = MaybeUninit::new(mv);
                }
                self.spill.clear();
            }
            return;
        }
        let slice = self.as_mut_slice();
        let mut kept = 0;
        for i in 0..slice.len() {
            if keep(&slice[i]) {
                slice[kept] = slice[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

/// Where move generation puts the moves it finds: a [`MoveList`] keeps them, a
/// [`MoveCount`] only counts them (perft's last ply, where only their number matters).
pub(crate) trait MoveSink {
    /// Takes one move.
    fn push(&mut self, mv: Move);
    /// Takes a normal move from `from` to each square of `targets`.
    fn push_normals<B: Bits>(&mut self, from: Square, targets: B);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }

    #[inline(always)]
    fn push_normals<B: Bits>(&mut self, from: Square, targets: B) {
        MoveList::push_normals(self, from, targets);
    }
}

/// A [`MoveSink`] that counts the moves and keeps none.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct MoveCount(pub(crate) u64);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_normals<B: Bits>(&mut self, _: Square, targets: B) {
        self.0 += targets.count() as u64;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bulk_pushes_match_single_pushes_on_the_stack_and_past_it() {
        let targets: u128 = (1 << 3) | (1 << 17) | (1 << 64) | (1 << 99);
        for before in [0, MAX_MOVES - 130, MAX_MOVES - 2, MAX_MOVES + 5] {
            let (mut bulk, mut single) = (MoveList::new(), MoveList::new());
            for i in 0..before {
                let mv = Move::normal(Square((i % 64) as u8), Square(0));
                bulk.push(mv);
                single.push(mv);
            }
            bulk.push_normals(Square(7), targets);
            for to in targets.squares() {
                single.push(Move::normal(Square(7), to));
            }
            assert_eq!(bulk.len(), before + 4);
            assert_eq!(bulk.as_slice(), single.as_slice(), "after {before} moves");
        }
    }

    #[test]
    fn a_list_spills_to_the_heap_past_its_stack_capacity() {
        let mut list = MoveList::new();
        for i in 0..(MAX_MOVES as u32 + 100) {
            list.push(Move::normal(Square((i % 64) as u8), Square((i / 64) as u8)));
        }
        assert_eq!(list.len(), MAX_MOVES + 100);
        assert_eq!(list.as_slice().len(), MAX_MOVES + 100);
        assert_eq!(
            list.as_slice()[MAX_MOVES + 99].to,
            Square(((MAX_MOVES + 99) / 64) as u8)
        );
        assert_eq!(list.as_slice()[3].from, Square(3));
        list.clear();
        assert!(list.is_empty());
        list.push(Move::normal(Square(1), Square(2)));
        assert_eq!(list.as_slice(), &[Move::normal(Square(1), Square(2))]);
    }
}
