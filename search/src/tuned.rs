//! Weights and piece values fitted to one game's own games, by game id: a game without
//! an entry here is evaluated with the generic [`Weights::default`] and its pieces' own
//! values. Each entry lists only what differs from those, so it reads as the fit's result.

use crate::weights::Weights;
use joust_core::{KindId, Variant};

/// A game's fitted evaluation: weights that differ from the defaults, piece values by
/// letter (every kind with that letter).
struct Tuned {
    id: &'static str,
    weights: &'static [(&'static str, i32)],
    values: &'static [(char, i32)],
}

/// LancerChess, fitted twice with `cargo xtask tune fit --results --values`: first from
/// the generic weights on 552k quiet positions of 7,200 self-play games (held-out error
/// 0.10676 to 0.10250), then `--from-fitted` on 374k positions of 3,946 games of that
/// first fit at 4,000 against 6,500 nodes a move (held-out error 0.10233 to 0.10137).
const LANCERCHESS: Tuned = Tuned {
    id: "lancerchess",
    weights: &[
        ("mobility_mg", 8),
        ("mobility_eg", -2),
        ("zone_attack", 56),
        ("attack_light", 36),
        ("attack_medium", 40),
        ("attack_heavy", -16),
        ("danger_cap", 1530),
        ("pawn_threat", 17),
        ("hanging", 74),
        ("hanging_share", -6),
        ("tempo", 8),
        ("shield", 9),
        ("attacker_near_royal", 37),
        ("doubled_mg", -3),
        ("doubled_eg", -43),
        ("isolated_mg", -19),
        ("isolated_eg", -6),
        ("passed_mg", 21),
        ("passed_eg", 12),
        ("royal_rank_mg", 40),
        ("royal_centre_file_mg", 0),
        ("royal_centre_eg", 5),
        ("pawn_advance_mg", -6),
        ("pawn_advance_eg", 0),
        ("placement_mg", 23),
        ("placement_eg", 23),
        ("pawn_eg_percent", 119),
        ("space", 22),
        ("mobility_zero", -41),
        ("lesser_threat", 84),
        ("safe_check_eg", -2),
        ("open_file_mg", 47),
        ("open_file_eg", -11),
        ("half_open_file_mg", 29),
        ("half_open_file_eg", -3),
        ("danger_eg", -11),
        ("danger_safe_check", 87),
        ("danger_weak", 65),
        ("colour_pair_mg", 95),
        ("colour_pair_eg", 66),
        ("shelter_near", 9),
        ("shelter_mid", 16),
        ("shelter_far", 18),
        ("storm", -13),
        ("castling_right_mg", 13),
        ("royal_castled_mg", 42),
        ("danger_threshold", 1),
        ("danger_check_light", 244),
        ("danger_check_medium", 13),
        ("danger_check_heavy", 47),
        ("danger_unsafe_check", 3),
        ("danger_mobility", 58),
        ("danger_no_heavy", 9),
        ("trapped_rook_mg", 12),
        ("trapped_rook_eg", -16),
        ("mobility_excludes_pawn_guarded", 2),
    ],
    values: &[('L', 371), ('J', 279), ('B', 317), ('R', 546), ('K', 1095)],
};

/// Every game with a fitted evaluation.
const TUNED: &[Tuned] = &[LANCERCHESS];

fn entry(variant: &Variant) -> Option<&'static Tuned> {
    TUNED.iter().find(|t| t.id == variant.id)
}

/// The weights `variant` is evaluated with: its fitted ones, or the defaults.
pub fn weights(variant: &Variant) -> Weights {
    let mut w = Weights::default();
    for &(name, value) in entry(variant).map_or(&[][..], |t| t.weights) {
        let known = w.set(name, value);
        debug_assert!(known, "no weight {name}");
    }
    w
}

/// The fitted piece values of `variant` that replace its pieces' own (none for most).
pub fn values(variant: &Variant) -> Vec<(KindId, i32)> {
    by_letter(variant, entry(variant).map_or(&[][..], |t| t.values))
}

/// Piece values given by letter as values of `variant`'s kinds: every kind with that
/// letter (a Lancer of each facing), none for a letter the game lacks.
pub fn by_letter(variant: &Variant, letters: &[(char, i32)]) -> Vec<(KindId, i32)> {
    variant
        .kind_ids()
        .filter_map(|k| {
            let letter = variant.kind(k).letter;
            letters.iter().find(|v| v.0 == letter).map(|&(_, v)| (k, v))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    /// Every fitted weight names a real weight and every value a piece of its game, so a
    /// renamed weight or letter cannot silently drop out of a fit.
    #[test]
    fn every_fitted_entry_names_real_weights_and_pieces() {
        for t in TUNED {
            let v = variants::by_id(t.id).expect("a game id");
            let mut w = Weights::default();
            for &(name, value) in t.weights {
                assert!(w.set(name, value), "{}: no weight {name}", t.id);
            }
            for &(letter, _) in t.values {
                assert!(v.any_kind_by_letter(letter).is_some(), "{}: {letter}", t.id);
            }
            assert_eq!(weights(v), w);
            assert_eq!(values(v).len(), t.values.len());
        }
        assert_eq!(weights(variants::chess()), Weights::default());
        assert!(values(variants::chess()).is_empty());
    }
}
