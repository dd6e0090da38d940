//! What each term adds to an evaluation, as the UCI `eval` command prints it: each
//! group of weights' share is the evaluation less the evaluation with that group's
//! weights set to zero, and material takes what is left.

use joust_core::{Color, Position};
use joust_movegen::TableCache;

use super::Evaluator;

/// The groups of weights [`Evaluator::breakdown`] reports, by name.
const TERM_GROUPS: &[(&str, &[&str])] = &[
    (
        "placement",
        &[
            "royal_rank_mg",
            "royal_centre_file_mg",
            "royal_centre_eg",
            "pawn_advance_mg",
            "pawn_advance_eg",
            "placement_mg",
            "placement_eg",
        ],
    ),
    ("mobility", &["mobility_mg", "mobility_eg"]),
    (
        "royal safety",
        &[
            "zone_attack",
            "attack_light",
            "attack_medium",
            "attack_heavy",
            "shield",
            "attacker_near_royal",
            "shelter_near",
            "shelter_mid",
            "shelter_far",
            "storm",
            "safe_check_mg",
            "safe_check_eg",
            "danger_safe_check",
            "danger_weak",
            "danger_eg",
            "castling_right_mg",
            "royal_castled_mg",
            "danger_check_light",
            "danger_check_medium",
            "danger_check_heavy",
            "danger_unsafe_check",
            "danger_mobility",
            "danger_no_heavy",
        ],
    ),
    (
        "threats",
        &["pawn_threat", "hanging", "hanging_share", "lesser_threat"],
    ),
    (
        "pawn structure",
        &[
            "doubled_mg",
            "doubled_eg",
            "isolated_mg",
            "isolated_eg",
            "passed_mg",
            "passed_eg",
            "connected_mg",
            "connected_eg",
            "backward_mg",
            "backward_eg",
        ],
    ),
    (
        "pieces and pawns",
        &[
            "colour_pawns_mg",
            "colour_pawns_eg",
            "outpost_mg",
            "outpost_eg",
        ],
    ),
    ("space", &["space"]),
    ("colour pairs", &["colour_pair_mg", "colour_pair_eg"]),
    (
        "open files",
        &[
            "open_file_mg",
            "open_file_eg",
            "half_open_file_mg",
            "half_open_file_eg",
            "trapped_rook_mg",
            "trapped_rook_eg",
        ],
    ),
    ("tempo", &["tempo"]),
];

impl Evaluator {
    /// What each group of terms adds to the evaluation of `pos`, in centipawns for White,
    /// with the total last: each group's share is the evaluation less the evaluation with
    /// that group's weights set to zero, and material takes what is left (for `eval`).
    pub fn breakdown<B: TableCache>(&self, pos: &Position<B>) -> Vec<(&'static str, i32)> {
        let white = |e: &Evaluator| match pos.side_to_move() {
            Color::White => e.evaluate(pos),
            Color::Black => -e.evaluate(pos),
        };
        let total = white(self);
        let mut rows = vec![("material", 0)];
        for (name, group) in TERM_GROUPS {
            let mut w = self.w.clone();
            for (field, value) in w.fields_mut() {
                if group.contains(&field) {
                    *value = 0;
                }
            }
            rows.push((
                *name,
                total
                    - white(&Evaluator::with_values(
                        pos.variant(),
                        w,
                        &self.values_given,
                    )),
            ));
        }
        rows[0].1 = total - rows.iter().map(|r| r.1).sum::<i32>();
        rows.push(("total", total));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Weights;
    use joust_core::variants;

    #[test]
    fn the_breakdown_adds_up_and_names_every_weight_once() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let pos: Position<u64> = Position::from_fen(
            chess,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        )
        .unwrap();
        let rows = e.breakdown(&pos);
        let (total, parts) = rows.split_last().unwrap();
        assert_eq!(total.1, -e.evaluate(&pos));
        assert_eq!(parts.iter().map(|r| r.1).sum::<i32>(), total.1);
        assert!(parts.iter().any(|r| r.0 == "mobility" && r.1 != 0));
        let mut w = Weights::default();
        let mut grouped: Vec<&str> = TERM_GROUPS
            .iter()
            .flat_map(|g| g.1.iter().copied())
            .collect();
        grouped.sort();
        let mut names: Vec<&str> = w.fields_mut().into_iter().map(|f| f.0).collect();
        names.retain(|n| {
            ![
                "mobility_full",
                "danger_cap",
                "danger_threshold",
                "mobility_excludes_pawn_guarded",
                "pawn_eg_percent",
                "mobility_zero",
            ]
            .contains(n)
        });
        names.sort();
        assert_eq!(grouped, names);
    }
}
