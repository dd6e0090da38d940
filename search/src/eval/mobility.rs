//! Mobility: the squares each piece can go to on the actual board, counted from a share
//! of its average on the empty board, and weighted less per square for long-range pieces
//! (whose mobility swings more).

use joust_core::Color;
use joust_movegen::TableCache;

use super::context::Context;
use super::{term, Evaluator, Score};

impl Evaluator {
    /// Notes the mobility of a piece of `color` and kind index `k` that can go to `m`,
    /// and returns the squares counted (less those enemy pawns guard, if the weights say
    /// so).
    #[inline]
    pub(super) fn mobility<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        color: Color,
        k: usize,
        m: B,
    ) -> B {
        let w = &self.w;
        let ci = color.index();
        let sign = if color == Color::White { 1 } else { -1 };
        // Squares enemy pawns guard are no real mobility.
        let m = if w.mobility_excludes_pawn_guarded != 0 {
            m & !cx.pawn_attacked[1 - ci]
        } else {
            m
        };
        let surplus = m.count() as i32 - self.avg_mobility[k] * w.mobility_zero / 100;
        let units = (self.mobility_weight[k] * surplus) as i64;
        cx.mobility.0 += (sign * w.mobility_mg) as i64 * units;
        cx.mobility.1 += (sign * w.mobility_eg) as i64 * units;
        cx.side_mobility[ci] += w.mobility_mg as i64 * units;
        m
    }

    /// Both sides' mobility, for White.
    #[inline]
    pub(super) fn mobility_total<B: TableCache>(&self, cx: &Context<'_, B>) -> Score {
        Score::new(term(cx.mobility.0 / 16), term(cx.mobility.1 / 16))
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::chess_eval;
    use crate::Evaluator;
    use joust_core::variants;

    #[test]
    fn long_range_pieces_count_less_mobility_per_square() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let w = |c: char| e.mobility_weight[chess.any_kind_by_letter(c).unwrap().index()];
        assert_eq!(w('N'), 16);
        assert!(
            w('Q') < w('R') && w('R') <= w('B'),
            "{} {} {}",
            w('Q'),
            w('R'),
            w('B')
        );
        // A free queen still beats one shut in by its own pawns.
        let free = chess_eval("4k3/8/8/8/3Q4/8/PPP5/K7 w - - 0 1");
        let shut = chess_eval("4k3/8/8/8/8/8/PPP5/KQ6 w - - 0 1");
        assert!(free > shut, "{free} vs {shut}");
    }

    #[test]
    fn a_free_rook_outscores_one_shut_in() {
        // A rook on an open board outscores the same rook shut in by its own pawns.
        let free = chess_eval("4k3/8/8/8/3R4/8/PPP5/K7 w - - 0 1");
        let shut = chess_eval("4k3/8/8/8/8/8/PPP5/KR6 w - - 0 1");
        assert!(free > shut, "{free} vs {shut}");
    }
}
