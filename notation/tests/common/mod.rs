//! Shared helpers for the notation tests: a small seeded random generator and random games.

#![allow(dead_code)]

use joust_core::{Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Move, TableCache};

/// SplitMix64: small, seeded, good enough to pick moves and mutate strings.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        joust_core::rng::splitmix64(&mut self.0)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays a random game of at most `plies` plies from the variant's start, calling
/// `visit` on every position reached (the start included) before its move is chosen.
/// Captures and promotions are preferred half of the time, so games reach the special
/// moves (promotions, Lion double captures) more often than uniform play would.
pub fn random_game<B: TableCache>(
    variant: &'static Variant,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&Position<B>),
) -> (Position<B>, Vec<Move>) {
    let mut rng = Rng(seed);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).expect("start FEN");
    let mut pos = start.clone();
    let mut played = Vec::new();
    for _ in 0..plies {
        visit(&pos);
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                pos.piece_at(m.to).is_some()
                    || m.promotion_kind().is_some()
                        && pos
                            .piece_at(m.from)
                            .is_some_and(|p| variant.kind(p.kind).pawn)
            })
            .collect();
        let mv = if !special.is_empty() && rng.below(2) == 0 {
            special[rng.below(special.len())]
        } else {
            moves.as_slice()[rng.below(moves.len())]
        };
        make(tables::<B>(variant), &mut pos, mv);
        played.push(mv);
    }
    visit(&pos);
    (start, played)
}
