//! Pawn structure, as Stockfish's `pawns`: doubled, isolated, connected, backward and
//! passed pawns, each side's pawns read from the list the evaluation gathered.

use joust_core::Color;
use joust_movegen::TableCache;

use super::context::Context;
use super::{Evaluator, Score};

impl Evaluator {
    /// `color`'s pawn structure, for its side.
    pub(super) fn pawn_structure<B: TableCache>(&self, cx: &Context<'_, B>, color: Color) -> Score {
        let w = &self.w;
        let ci = color.index();
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let own = cx.pawns(ci);
        let theirs = cx.pawns(1 - ci);
        let ranks = cx.g.ranks() as i32;
        let mut score = Score::ZERO;
        for &(f, r) in own {
            // Ranks from this side's first rank.
            let advanced = if color == Color::White {
                r as i32
            } else {
                ranks - 1 - r as i32
            };
            if own
                .iter()
                .any(|&(of, or)| of == f && (or - r) * forward > 0)
            {
                // Another own pawn ahead on this file: this one is doubled.
                score += Score::new(w.doubled_mg, w.doubled_eg);
            }
            if !own.iter().any(|&(of, _)| (of - f).abs() == 1) {
                score += Score::new(w.isolated_mg, w.isolated_eg);
            }
            let beside = |dr: i8| {
                own.iter()
                    .any(|&(of, or)| (of - f).abs() == 1 && or == r + dr * forward)
            };
            if beside(0) || beside(-1) {
                let scale = advanced * advanced;
                score += Score::new(w.connected_mg * scale / 4, w.connected_eg * scale / 4);
            }
            // No own pawn beside or behind on a next file, and an enemy pawn guards the
            // square in front: it cannot advance to be defended.
            let held = theirs
                .iter()
                .any(|&(tf, tr)| (tf - f).abs() == 1 && tr == r + 2 * forward);
            let supportable = own
                .iter()
                .any(|&(of, or)| (of - f).abs() == 1 && (or - r) * forward <= 0);
            if held && !supportable {
                score += Score::new(w.backward_mg, w.backward_eg);
            }
            let passed = !theirs
                .iter()
                .any(|&(tf, tr)| (tf - f).abs() <= 1 && (tr - r) * forward > 0);
            if passed {
                let scale = advanced * advanced;
                score += Score::new(w.passed_mg * scale / 4, w.passed_eg * scale / 4);
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::{chess_eval, contribution};
    use crate::Weights;

    #[test]
    fn pawn_structure_counts() {
        // The same material: a passed d-pawn beats one blocked by an enemy c-pawn's reach.
        let passed = chess_eval("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = chess_eval("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1") + 100;
        assert!(passed > blocked, "passed {passed}, not passed {blocked}");
        // Doubled and isolated pawns are worse than two pawns side by side.
        let side_by_side = chess_eval("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
        let doubled = chess_eval("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
        assert!(side_by_side > doubled + 20, "{side_by_side} vs {doubled}");
    }

    #[test]
    fn connected_and_backward_pawns_count() {
        let connected = |w: &mut Weights, v: i32| {
            w.connected_mg = v;
            w.connected_eg = v;
        };
        // Side by side on the fourth rank: both count, 50 * 3 * 3 / 4 each.
        assert_eq!(
            contribution("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", connected),
            224
        );
        // Defended from behind: only the defended pawn counts.
        assert_eq!(
            contribution("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", connected),
            112
        );
        // Black's pawns count for Black.
        assert_eq!(
            contribution("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1", connected),
            -224
        );
        // Apart: neither counts.
        assert_eq!(
            contribution("4k3/8/8/8/3P1P2/8/8/4K3 w - - 0 1", connected),
            0
        );
        let backward = |w: &mut Weights, v: i32| {
            w.backward_mg = v;
            w.backward_eg = v;
        };
        // d3 cannot be defended by the c4 pawn and e5 guards d4; Black's e5 has f6 behind.
        assert_eq!(
            contribution("4k3/8/5p2/4p3/2P5/3P4/8/4K3 w - - 0 1", backward),
            50
        );
        // Without f6, Black's e5 is backward too (d3 guards e4).
        assert_eq!(
            contribution("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", backward),
            0
        );
        // A c2 pawn can still come to defend d3.
        assert_eq!(
            contribution("4k3/8/5p2/4p3/8/3P4/2P5/4K3 w - - 0 1", backward),
            0
        );
    }
}
