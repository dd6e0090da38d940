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

/// LancerChess: `cargo xtask tune fit --results --values` on 552k quiet positions of
/// 7,200 self-play games (4,087 at 4,000 against 6,500 nodes a move, 1,907 at 5,000, the
/// rest at clocks), from the generic weights; held-out error 0.10676 before, 0.10250 after.
const LANCERCHESS: Tuned = Tuned {
    id: "lancerchess",
    weights: &[
        ("mobility_mg", 6),
        ("mobility_eg", 2),
        ("mobility_full", 14),
        ("zone_attack", 74),
        ("attack_light", 39),
        ("attack_medium", 32),
        ("attack_heavy", 31),
        ("danger_cap", 1250),
        ("pawn_threat", 13),
        ("hanging", 79),
        ("hanging_share", -3),
        ("tempo", 6),
        ("shield", 3),
        ("doubled_mg", -3),
        ("doubled_eg", -57),
        ("isolated_mg", -16),
        ("isolated_eg", -8),
        ("passed_mg", 16),
        ("passed_eg", 13),
        ("royal_rank_mg", 16),
        ("royal_centre_file_mg", 0),
        ("royal_centre_eg", 8),
        ("pawn_advance_mg", 4),
        ("pawn_advance_eg", 8),
        ("placement_mg", 15),
        ("placement_eg", -1),
        ("pawn_eg_percent", 106),
        ("space", 14),
        ("mobility_zero", -28),
        ("lesser_threat", 52),
        ("safe_check_mg", 12),
        ("safe_check_eg", 15),
        ("open_file_mg", 46),
        ("open_file_eg", -11),
        ("half_open_file_mg", 13),
        ("half_open_file_eg", 15),
        ("danger_eg", -19),
        ("danger_safe_check", 54),
        ("danger_weak", 86),
        ("colour_pair_mg", 80),
        ("colour_pair_eg", 57),
        ("shelter_near", 6),
        ("shelter_mid", 8),
        ("shelter_far", 7),
        ("storm", -13),
        ("castling_right_mg", 14),
        ("royal_castled_mg", 37),
        ("danger_check_light", 3),
        ("danger_check_heavy", 180),
        ("danger_unsafe_check", 12),
        ("danger_mobility", 8),
        ("danger_no_heavy", 14),
        ("trapped_rook_mg", 21),
        ("trapped_rook_eg", 5),
        ("mobility_excludes_pawn_guarded", 2),
    ],
    values: &[('L', 353), ('J', 296), ('R', 535), ('K', 1117)],
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
