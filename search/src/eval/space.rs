//! Space: the safe squares of each side's own half on the central files, those just
//! behind its pawns counted twice, worth more with more pieces to use them.

use joust_core::{Color, Geometry, Square};
use joust_movegen::TableCache;

use super::context::Context;
use super::{Evaluator, Score};

/// Each side's space area: the central files (half of them) of its ranks from the second
/// up to the middle of the board.
pub(super) fn areas(g: Geometry) -> [Vec<Square>; 2] {
    Color::ALL.map(|color| {
        let (files, ranks) = (g.files() as i8, g.ranks() as i8);
        g.squares()
            .filter(|&sq| {
                let (f, r) = g.coords(sq);
                let rel = if color == Color::White {
                    r
                } else {
                    ranks - 1 - r
                };
                f >= files / 4 && f < files - files / 4 && rel >= 1 && rel < ranks / 2
            })
            .collect()
    })
}

impl Evaluator {
    /// Both sides' space, for White (nothing unless its weight is set).
    pub(super) fn space_total<B: TableCache>(&self, cx: &Context<'_, B>) -> Score {
        let w = &self.w;
        let mut score = Score::ZERO;
        if w.space != 0 {
            for color in Color::ALL {
                let ci = color.index();
                let space = self.space(cx.g, color, cx.pawn_bb[ci], cx.pawn_attacked[1 - ci]);
                score += Score::new(w.space * space * cx.pieces[ci] / 16, 0).for_color(color);
            }
        }
        score
    }

    /// Space: the squares of `color`'s area free of its pawns and safe from enemy pawns,
    /// those up to three squares behind one of its pawns counted twice.
    fn space<B: TableCache>(
        &self,
        g: Geometry,
        color: Color,
        own_pawns: B,
        enemy_pawn_attacks: B,
    ) -> i32 {
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let mut n = 0;
        for &sq in &self.space_area[color.index()] {
            if own_pawns.has(sq) || enemy_pawn_attacks.has(sq) {
                continue;
            }
            let behind = (1..=3).any(|k| {
                g.offset(sq, 0, k * forward)
                    .is_some_and(|s| own_pawns.has(s))
            });
            n += 1 + behind as i32;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::contribution;
    use crate::Weights;
    use joust_core::variants;

    #[test]
    fn space_behind_advanced_central_pawns_counts() {
        let set = |w: &mut Weights, v: i32| w.space = v;
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        let ahead = contribution(
            "rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR b KQkq - 0 1",
            set,
        );
        assert!(ahead > 0, "{ahead}");
    }
}
