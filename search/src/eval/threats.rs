//! Threats: pieces attacked by enemy pawns, pieces attacked and not defended, and pieces
//! attacked by an enemy piece worth less. The side to move can save its own, so its
//! penalty counts half.

use joust_core::{Color, Position};
use joust_movegen::TableCache;

use super::context::Context;
use super::{term, Evaluator, Score};

impl Evaluator {
    /// Notes the enemy pieces (not pawns or royals) worth more than `vm` that a piece of
    /// `color` attacking `a` hits.
    #[inline]
    pub(super) fn note_lesser_threats<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        color: Color,
        vm: i32,
        a: B,
    ) {
        if self.w.lesser_threat == 0 {
            return;
        }
        let ci = color.index();
        let enemy = cx.pos.pieces(!color) & !cx.pawn_bb[1 - ci];
        for v in (a & enemy).squares() {
            let victim = cx.pos.piece_at(v).expect("occupied").kind.index();
            if !self.royal[victim] && self.value[victim].0 > vm {
                cx.lesser_threats[1 - ci] += 1;
            }
        }
    }

    /// What `color` stands to lose to threats, for its side (a penalty): halved if it is
    /// to move (`stm`), and halved again in the endgame.
    pub(super) fn threats<B: TableCache>(
        &self,
        cx: &Context<'_, B>,
        color: Color,
        stm: Color,
    ) -> Score {
        let w = &self.w;
        let ci = color.index();
        let pos: &Position<B> = cx.pos;
        let not_royal = match cx.royal_at[ci] {
            Some(s) => !B::from_square(s),
            None => B::FULL,
        };
        let mine = pos.pieces(color) & not_royal;
        let mut penalty = 0i64;
        for sq in (mine & cx.pawn_attacked[1 - ci] & !cx.pawn_bb[ci]).squares() {
            let k = pos.piece_at(sq).expect("occupied").kind.index();
            penalty += (self.value[k].0 * w.pawn_threat / 96) as i64;
        }
        for sq in (mine & cx.attacked[1 - ci] & !cx.attacked[ci]).squares() {
            let k = pos.piece_at(sq).expect("occupied").kind.index();
            penalty += (w.hanging + self.value[k].0 * w.hanging_share / 96) as i64;
        }
        penalty += (w.lesser_threat * cx.lesser_threats[ci]) as i64;
        if color == stm {
            penalty /= 2;
        }
        let penalty = term(penalty);
        Score::new(-penalty, -(penalty / 2))
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::{chess_eval, contribution};
    use crate::Weights;

    #[test]
    fn a_piece_attacked_by_a_lesser_one_counts() {
        let set = |w: &mut Weights, v: i32| w.lesser_threat = v;
        // White's knight hits Black's rook, which a pawn defends (so it is not hanging).
        let hit = contribution("4k3/1p6/2r5/8/3N4/8/8/4K3 w - - 0 1", set);
        assert!(hit > 0, "{hit}");
        let apart = contribution("r3k3/1p6/8/8/3N4/8/8/4K3 w - - 0 1", set);
        assert_eq!(apart, 0);
    }

    #[test]
    fn threatened_and_hanging_pieces_count() {
        // A knight attacked by a pawn, or on the square beside it.
        let hit = chess_eval("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        let safe = chess_eval("4k3/8/8/2n5/4P3/8/8/4K3 w - - 0 1");
        assert!(hit > safe + 40, "attacked by a pawn {hit}, not {safe}");
        // A rook attacked and undefended, or defended by a pawn.
        let hanging = chess_eval("4k3/2p5/r7/8/8/8/8/R3K3 w - - 0 1");
        let defended = chess_eval("4k3/1p6/r7/8/8/8/8/R3K3 w - - 0 1");
        assert!(
            hanging > defended + 25,
            "hanging {hanging}, defended {defended}"
        );
    }
}
