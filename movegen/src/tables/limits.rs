//! A game's movement limits ([`joust_core::MovementLimits`]: mobility regions, the
//! soldier's sideways steps past a rank, the flying-general rule) as bitboards, for the
//! filter that move generation applies after its generators when a game has any.

use super::board::bb_of;
use crate::sliders::Board;
use joust_core::{Color, Variant, MAX_KINDS};

/// The limits of one game on one bitboard width.
pub struct MoveLimits<B> {
    /// Per colour and kind: where its moves may end (every square for a free kind).
    pub(crate) region: [[B; MAX_KINDS]; 2],
    /// Per colour: the kinds confined to a region, as a bit set over kind ids.
    pub(crate) confined: [u16; 2],
    /// The soldier kind's id, and per colour the squares from which it may step sideways.
    pub(crate) soldier: Option<(u8, [B; 2])>,
    /// The flying-general rule.
    pub(crate) flying_general: bool,
}

impl<B: Board> MoveLimits<B> {
    /// The limits of `variant`, or `None` if it has none (then nothing is filtered).
    pub(crate) fn new(variant: &Variant) -> Option<MoveLimits<B>> {
        let limits = &variant.movement_limits;
        if !limits.any() {
            return None;
        }
        let g = variant.geometry;
        let all = bb_of::<B>(g.squares());
        let mut region = [[all; MAX_KINDS]; 2];
        let mut confined = [0u16; 2];
        for r in &limits.regions {
            region[r.color.index()][r.kind.index()] = bb_of(r.squares.squares());
            confined[r.color.index()] |= 1 << r.kind.0;
        }
        let soldier = limits.soldier.map(|s| {
            let from_rank = |c: Color| {
                bb_of::<B>(g.squares().filter(|&sq| {
                    let rank = g.rank(sq).0;
                    let relative = match c {
                        Color::White => rank,
                        Color::Black => g.ranks() - 1 - rank,
                    };
                    relative >= s.rank
                }))
            };
            (s.kind.0, Color::ALL.map(from_rank))
        });
        Some(MoveLimits {
            region,
            confined,
            soldier,
            flying_general: limits.flying_general,
        })
    }
}
