//! A game's movement limits ([`joust_core::MovementLimits`]: mobility regions, the
//! soldier's sideways steps past a rank, the flying-general rule) as bitboards, which the
//! generators AND into each piece's targets (`generate::limits::Bounds`).

use super::board::bb_of;
use crate::sliders::Board;
use joust_core::{Color, KindId, Variant, MAX_KINDS};

/// The limits of one game on one bitboard width.
pub struct MoveLimits<B> {
    /// Per colour and kind: where its moves may end (every square for a free kind).
    pub(crate) region: [[B; MAX_KINDS]; 2],
    /// The soldier kind, and per colour and origin square the squares its moves may end
    /// on: every square from its sideways rank on, all but its own rank before it.
    pub(crate) soldier: Option<(KindId, [Vec<B>; 2])>,
    /// The flying-general rule.
    pub(crate) flying_general: bool,
    /// Per square: its whole file, for the flying-general test.
    pub(crate) file: Vec<B>,
}

impl<B: Board> MoveLimits<B> {
    /// The limits of `variant`, or `None` if it has none (then nothing is limited).
    pub(crate) fn new(variant: &Variant) -> Option<MoveLimits<B>> {
        let limits = &variant.movement_limits;
        if !limits.any() {
            return None;
        }
        let g = variant.geometry;
        let all = bb_of::<B>(g.squares());
        let mut region = [[all; MAX_KINDS]; 2];
        for r in &limits.regions {
            region[r.color.index()][r.kind.index()] = bb_of(r.squares.squares());
        }
        let soldier = limits.soldier.map(|s| {
            let targets = |c: Color| {
                g.squares()
                    .map(|from| {
                        let rank = g.rank(from).0;
                        let relative = match c {
                            Color::White => rank,
                            Color::Black => g.ranks() - 1 - rank,
                        };
                        if relative >= s.rank {
                            all
                        } else {
                            bb_of::<B>(g.squares().filter(|&to| g.rank(to).0 != rank))
                        }
                    })
                    .collect()
            };
            (s.kind, Color::ALL.map(targets))
        });
        let file = g
            .squares()
            .map(|sq| bb_of::<B>(g.squares().filter(|&o| g.file(o) == g.file(sq))))
            .collect();
        Some(MoveLimits {
            region,
            soldier,
            flying_general: limits.flying_general,
            file,
        })
    }
}
