//! Terms of single pieces beyond mobility, as Stockfish's `pieces()`: a colour-bound
//! piece hindered by its own pawns on its colour, and a pair of them on both colours; a
//! light piece on an outpost; a rook-like piece on an open or half-open file, or shut in
//! beside its own royal piece.

use joust_core::{Color, Square};
use joust_movegen::TableCache;

use super::context::Context;
use super::{Evaluator, Score, LIGHT};

impl Evaluator {
    /// Notes the colour of the square a colour-bound piece of side `ci` and kind index
    /// `k` stands on (for the pair).
    #[inline]
    pub(super) fn note_colour<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        ci: usize,
        k: usize,
        sq: Square,
    ) {
        if self.colour_bound[k] {
            let (f, r) = cx.g.coords(sq);
            cx.colours_held[ci][k] |= 1 << ((f + r) & 1);
        }
    }

    /// A colour-bound piece of side `ci` and kind index `k` on `sq`: per own pawn on its
    /// colour, for its side.
    #[inline]
    pub(super) fn colour_pawns<B: TableCache>(
        &self,
        cx: &Context<'_, B>,
        ci: usize,
        k: usize,
        sq: Square,
    ) -> Score {
        let w = &self.w;
        if !self.colour_bound[k] || (w.colour_pawns_mg == 0 && w.colour_pawns_eg == 0) {
            return Score::ZERO;
        }
        let (f, r) = cx.g.coords(sq);
        let same = cx
            .pawns(ci)
            .iter()
            .filter(|&&(pf, pr)| (pf + pr) & 1 == (f + r) & 1)
            .count() as i32;
        Score::new(w.colour_pawns_mg * same, w.colour_pawns_eg * same)
    }

    /// A light piece of `color` worth `vm` on `sq`, guarded by an own pawn in the enemy
    /// half (not on its last two ranks) where no enemy pawn can ever attack it: an
    /// outpost, for its side.
    #[inline]
    pub(super) fn outpost<B: TableCache>(
        &self,
        cx: &Context<'_, B>,
        color: Color,
        vm: i32,
        sq: Square,
    ) -> Score {
        let w = &self.w;
        let ci = color.index();
        if vm >= LIGHT || (w.outpost_mg == 0 && w.outpost_eg == 0) || !cx.pawn_attacked[ci].has(sq)
        {
            return Score::ZERO;
        }
        let (f, r) = cx.g.coords(sq);
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let ranks = cx.g.ranks() as i8;
        let advanced = if color == Color::White {
            r
        } else {
            ranks - 1 - r
        };
        let safe = !cx
            .pawns(1 - ci)
            .iter()
            .any(|&(tf, tr)| (tf - f).abs() == 1 && (tr - r) * forward > 0);
        if safe && advanced >= 3 && advanced <= ranks - 3 {
            Score::new(w.outpost_mg, w.outpost_eg)
        } else {
            Score::ZERO
        }
    }

    /// Pairs of colour-bound pieces of one kind on both colours, for White.
    pub(super) fn colour_pairs<B: TableCache>(&self, cx: &Context<'_, B>) -> Score {
        let w = &self.w;
        let mut score = Score::ZERO;
        for color in Color::ALL {
            let pairs = cx.colours_held[color.index()]
                .iter()
                .filter(|&&held| held == 3)
                .count() as i32;
            score +=
                Score::new(w.colour_pair_mg * pairs, w.colour_pair_eg * pairs).for_color(color);
        }
        score
    }

    /// A rook-like piece of `color` on `sq` that can go to the squares `m`: on a file
    /// without own pawns (open, or half open if enemy pawns are there), or shut in beside
    /// its own royal piece (doubled once its side cannot castle), for its side.
    #[inline]
    pub(super) fn open_files<B: TableCache>(
        &self,
        cx: &Context<'_, B>,
        color: Color,
        sq: Square,
        m: B,
    ) -> Score {
        let w = &self.w;
        let ci = color.index();
        let mut score = Score::ZERO;
        let (f, _) = cx.g.coords(sq);
        let on_file = |c: usize| cx.pawns(c).iter().any(|&(pf, _)| pf == f);
        if !on_file(ci) {
            let open = !on_file(1 - ci);
            score += if open {
                Score::new(w.open_file_mg, w.open_file_eg)
            } else {
                Score::new(w.half_open_file_mg, w.half_open_file_eg)
            };
        }
        // Shut in beside its own royal piece, as a rook by an uncastled king.
        let trapped_counts = w.trapped_rook_mg != 0 || w.trapped_rook_eg != 0;
        if let Some((rf, _)) = cx.royal_sq[ci].filter(|_| trapped_counts && m.count() <= 3) {
            let centre = (cx.g.files() as i8 - 1) / 2;
            if (f < rf) == (rf <= centre) && f != rf {
                let pos = cx.pos;
                let no_castling = !pos
                    .castling_rules()
                    .iter()
                    .enumerate()
                    .any(|(i, rule)| rule.color == color && pos.castling().has(i));
                let times = 1 + no_castling as i32;
                score += Score::new(-w.trapped_rook_mg * times, -w.trapped_rook_eg * times);
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::contribution;
    use crate::Weights;
    use joust_core::variants;

    #[test]
    fn rooks_gain_on_open_files() {
        let set = |w: &mut Weights, v: i32| {
            w.open_file_mg = v;
            w.open_file_eg = v;
            w.half_open_file_mg = v;
            w.half_open_file_eg = v;
        };
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        // No d-pawns: White's rook on d1 has the open file.
        let open = contribution("rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(open, 50);
        // Only Black's d-pawn is gone: the file is half open for White alone.
        let half = contribution("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(half, 0);
        let half = contribution("rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(half, 50);
    }

    #[test]
    fn pawns_on_a_bishops_colour_and_outposts_count() {
        let colour = |w: &mut Weights, v: i32| {
            w.colour_pawns_mg = v;
            w.colour_pawns_eg = v;
        };
        // The c1 bishop is on a dark square, as are b2, d2, f2 and h2.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/2B1K3 w - - 0 1", colour),
            200
        );
        // A knight is not colour-bound.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/2N1K3 w - - 0 1", colour),
            0
        );
        let outpost = |w: &mut Weights, v: i32| {
            w.outpost_mg = v;
            w.outpost_eg = v;
        };
        // A knight on d5, guarded by e4, that no black pawn can drive away.
        assert_eq!(
            contribution("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost),
            50
        );
        // ... until a c-pawn can.
        assert_eq!(
            contribution("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost),
            0
        );
        // In its own half it is no outpost; unguarded neither; a rook is not light.
        assert_eq!(
            contribution("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", outpost),
            0
        );
        assert_eq!(contribution("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", outpost), 0);
        assert_eq!(
            contribution("4k3/8/8/3R4/4P3/8/8/4K3 w - - 0 1", outpost),
            0
        );
        // Black's outpost on d4, guarded by e5.
        assert_eq!(
            contribution("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", outpost),
            -50
        );
    }

    #[test]
    fn a_colour_bound_pair_on_both_colours_counts() {
        let set = |w: &mut Weights, v: i32| {
            w.colour_pair_mg = v;
            w.colour_pair_eg = v;
        };
        // Both sides keep their bishop pairs: they cancel.
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        // Black has lost its dark-squared bishop.
        let pair = contribution(
            "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            set,
        );
        assert_eq!(pair, 50);
        // Two white bishops on light squares are no pair.
        let same = contribution(
            "rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKB1B w KQkq - 0 1",
            set,
        );
        assert_eq!(same, 0);
    }

    #[test]
    fn a_rook_shut_in_by_its_own_royal_piece_counts_double_without_castling() {
        let set = |w: &mut Weights, v: i32| w.trapped_rook_mg = v;
        // The h1 rook, boxed in by its knight and pawn on the king's side of the board.
        let with_right = contribution("4k3/8/8/8/8/8/PPPPPPPP/4K1NR w K - 0 1", set);
        let without = contribution("4k3/8/8/8/8/8/PPPPPPPP/4K1NR w - - 0 1", set);
        assert!(with_right < 0, "{with_right}");
        assert!(without < with_right, "{without} {with_right}");
        // The same rook on the other side of its king is not shut in by it.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/RN2K3 w - - 0 1", set),
            0
        );
    }
}
