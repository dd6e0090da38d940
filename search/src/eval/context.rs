//! What one evaluation gathers as it goes, shared by the terms: where the royal pieces
//! and pawns stand, what each side attacks (by pawns, at all, twice), and the tallies of
//! the pass over the pieces (royal-zone attacks, checking squares, mobility) that the
//! terms after it read. Stockfish keeps the same in its `Evaluation` object.

use joust_core::{Color, Geometry, KindId, Position, Square, MAX_KINDS};
use joust_movegen::{TableCache, Tables};

use super::Evaluator;

/// The facts of one position as [`Evaluator::evaluate_with`] gathers them. Arrays of two
/// are indexed by [`Color::index`].
pub(super) struct Context<'a, B: TableCache> {
    /// The game's move tables.
    pub(super) t: &'a Tables<B>,
    /// The position evaluated.
    pub(super) pos: &'a Position<B>,
    /// Its board.
    pub(super) g: Geometry,
    /// Its occupied squares.
    pub(super) occ: B,
    /// Each side's royal square.
    pub(super) royal_at: [Option<Square>; 2],
    /// Each side's royal square as (file, rank).
    pub(super) royal_sq: [Option<(i8, i8)>; 2],
    /// Each side's royal zone: the royal square and what its royal piece reaches from
    /// there within two steps.
    pub(super) zone: [B; 2],
    /// Each side's pawns as (file, rank), the first 16 (for the pawn-structure terms).
    pawns: [[(i8, i8); 16]; 2],
    /// How many of `pawns` are set.
    pawn_count: [usize; 2],
    /// Each side's pawns.
    pub(super) pawn_bb: [B; 2],
    /// Squares each side's pawns attack (own pieces there are defended).
    pub(super) pawn_attacked: [B; 2],
    /// Squares each side attacks, pawns first.
    pub(super) attacked: [B; 2],
    /// Squares each side attacks at least twice.
    pub(super) attacked2: [B; 2],
    /// What each side's pieces other than its royal one attack.
    pub(super) guarded: [B; 2],
    /// Per side whose royal is attacked: attackers of its zone, their summed weights,
    /// and their hits on it.
    pub(super) zone_attackers: [i32; 2],
    /// See `zone_attackers`.
    pub(super) zone_weight: [i32; 2],
    /// See `zone_attackers`.
    pub(super) zone_hits: [i32; 2],
    /// Per side: enemy pieces (not pawns) within two squares of its royal piece.
    pub(super) near_royal: [i32; 2],
    /// Per side attacked: its pieces attacked by an enemy piece worth less.
    pub(super) lesser_threats: [i32; 2],
    /// Squares from which each side's pieces could check the enemy royal, by kind.
    pub(super) check_from: [[Option<B>; MAX_KINDS]; 2],
    /// Squares each side's pieces reach from which they would give check.
    pub(super) check_reach: [B; 2],
    /// The same by kind, for the royal danger's safe and unsafe checks.
    pub(super) check_by_kind: [[B; MAX_KINDS]; 2],
    /// Mobility of both sides for White, in 1/16 centipawn (middlegame, endgame); in
    /// i64, as are the other sums that could outgrow an i32 under extreme weights.
    pub(super) mobility: (i64, i64),
    /// Each side's middlegame mobility in 1/16 centipawn.
    pub(super) side_mobility: [i64; 2],
    /// Whether each side has a heavy piece (the royal danger's queen).
    pub(super) has_heavy: [bool; 2],
    /// Pieces other than pawns, per side (space matters more with more of them).
    pub(super) pieces: [i32; 2],
    /// Per side and colour-bound kind: bit 0 set by one on a dark square, bit 1 light.
    pub(super) colours_held: [[u8; MAX_KINDS]; 2],
    /// Non-pawn, non-royal material on the board: the game's phase.
    pub(super) phase: i32,
}

impl<'a, B: TableCache> Context<'a, B> {
    /// The facts known before the pass over the pieces: royal squares and zones, and the
    /// pawns with what they attack.
    #[inline]
    pub(super) fn new(ev: &Evaluator, t: &'a Tables<B>, pos: &'a Position<B>) -> Self {
        let g = t.geometry();
        let royal_at = Color::ALL.map(|c| pos.royal_square(c));
        let mut cx = Context {
            t,
            pos,
            g,
            occ: pos.occupied(),
            royal_at,
            royal_sq: royal_at.map(|s| s.map(|s| g.coords(s))),
            zone: [B::EMPTY; 2],
            pawns: [[(0, 0); 16]; 2],
            pawn_count: [0; 2],
            pawn_bb: [B::EMPTY; 2],
            pawn_attacked: [B::EMPTY; 2],
            attacked: [B::EMPTY; 2],
            attacked2: [B::EMPTY; 2],
            guarded: [B::EMPTY; 2],
            zone_attackers: [0; 2],
            zone_weight: [0; 2],
            zone_hits: [0; 2],
            near_royal: [0; 2],
            lesser_threats: [0; 2],
            check_from: [[None; MAX_KINDS]; 2],
            check_reach: [B::EMPTY; 2],
            check_by_kind: [[B::EMPTY; MAX_KINDS]; 2],
            mobility: (0, 0),
            side_mobility: [0; 2],
            has_heavy: [false; 2],
            pieces: [0; 2],
            colours_held: [[0; MAX_KINDS]; 2],
            phase: 0,
        };
        cx.zone = Color::ALL.map(|c| cx.royal_zone(c));
        cx.gather_pawns(&ev.pawn_kinds);
        // Pieces see every pawn attack when they count squares attacked twice.
        cx.attacked = cx.pawn_attacked;
        cx
    }

    /// `color`'s royal zone: the royal square and what its royal piece reaches from there
    /// within two steps (one step all round if its reach is not measured).
    fn royal_zone(&self, color: Color) -> B {
        let Some(s) = self.royal_at[color.index()] else {
            return B::EMPTY;
        };
        let reach = self
            .pos
            .piece_at(s)
            .and_then(|p| self.piece_sets(s, color, p.kind))
            .map_or_else(|| self.t.within(1, s), |(_, a)| a);
        (reach & self.t.within(2, s)) | B::from_square(s)
    }

    /// Notes every pawn, and what pawns attack (once and twice).
    fn gather_pawns(&mut self, pawn_kinds: &[KindId]) {
        for &k in pawn_kinds {
            for color in Color::ALL {
                let ci = color.index();
                for sq in self.pos.pieces_of(color, k).squares() {
                    let a = self.t.kind(k).leaps(color, sq);
                    self.attacked2[ci] |= self.pawn_attacked[ci] & a;
                    self.pawn_attacked[ci] |= a;
                    self.pawn_bb[ci] |= B::from_square(sq);
                    if self.pawn_count[ci] < 16 {
                        self.pawns[ci][self.pawn_count[ci]] = self.g.coords(sq);
                        self.pawn_count[ci] += 1;
                    }
                }
            }
        }
    }

    /// The side `ci`'s pawns as (file, rank) (the first 16).
    #[inline]
    pub(super) fn pawns(&self, ci: usize) -> &[(i8, i8)] {
        &self.pawns[ci][..self.pawn_count[ci]]
    }

    /// Adds `a` to what side `ci` attacks, noting squares now attacked twice.
    #[inline]
    pub(super) fn add_attacks(&mut self, ci: usize, a: B) {
        self.attacked2[ci] |= self.attacked[ci] & a;
        self.attacked[ci] |= a;
    }

    /// What a piece of `kind` and `color` on `sq` reaches on this board: the squares it
    /// moves, captures or shoots to (its mobility, own pieces left out) and the squares it
    /// attacks (own pieces included, as defended, except for compiled pieces); `None` for
    /// pawns and shapes movegen does not measure ([`Tables::piece_reach`]).
    #[inline]
    pub(super) fn piece_sets(&self, sq: Square, color: Color, kind: KindId) -> Option<(B, B)> {
        let own = self.pos.pieces(color);
        self.t.piece_reach(color, kind, sq, self.occ, own)
    }
}
