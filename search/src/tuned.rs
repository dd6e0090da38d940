//! Weights and piece values fitted to one game's own games, by game id, and the games that
//! borrow them: a game without an entry here is evaluated with the generic
//! [`Weights::default`] and its pieces' own values. Each entry lists only what differs
//! from those, so it reads as the fit's result.

use crate::weights::Weights;
use joust_core::{KindId, Variant};

/// A game's fitted evaluation: weights that differ from the defaults, piece values by
/// letter (every kind with that letter).
struct Tuned {
    id: &'static str,
    weights: &'static [(&'static str, i32)],
    values: &'static [(char, i32)],
}

/// LancerChess, fitted three times with `cargo xtask tune fit --results --values`: first
/// from the generic weights on 552k quiet positions of 7,200 self-play games (held-out
/// error 0.10676 to 0.10250), then `--from-fitted` on 374k positions of 3,946 games of that
/// first fit (0.10233 to 0.10137), then `--from-fitted` on those positions together with
/// 47k positions of self-play and of games against Fairy-Stockfish, each labelled with
/// the win probability of Fairy-Stockfish's 50 ms search score (counted twice), which
/// brought in the outpost, connected and backward pawn, and bishop-colour pawn terms.
const LANCERCHESS: Tuned = Tuned {
    id: "lancerchess",
    weights: &[
        ("mobility_mg", 10),
        ("mobility_eg", 1),
        ("mobility_full", 6),
        ("zone_attack", 70),
        ("attack_light", 25),
        ("attack_medium", 70),
        ("attack_heavy", 46),
        ("danger_cap", 2580),
        ("hanging", 61),
        ("hanging_share", -4),
        ("shield", 16),
        ("attacker_near_royal", 24),
        ("doubled_mg", -11),
        ("doubled_eg", -44),
        ("isolated_mg", -15),
        ("isolated_eg", -2),
        ("passed_mg", 10),
        ("passed_eg", 18),
        ("royal_rank_mg", 26),
        ("royal_centre_file_mg", 0),
        ("royal_centre_eg", 9),
        ("pawn_advance_mg", -13),
        ("pawn_advance_eg", -2),
        ("placement_mg", 17),
        ("placement_eg", 19),
        ("pawn_eg_percent", 121),
        ("space", 18),
        ("mobility_zero", -41),
        ("lesser_threat", 99),
        ("safe_check_mg", -4),
        ("safe_check_eg", 4),
        ("open_file_mg", 32),
        ("open_file_eg", 9),
        ("half_open_file_mg", 21),
        ("half_open_file_eg", 17),
        ("danger_eg", -14),
        ("danger_safe_check", 102),
        ("danger_weak", 45),
        ("colour_pair_mg", 94),
        ("colour_pair_eg", 46),
        ("shelter_near", 12),
        ("shelter_mid", 7),
        ("shelter_far", 21),
        ("storm", -8),
        ("castling_right_mg", 9),
        ("royal_castled_mg", 60),
        ("danger_threshold", 1),
        ("danger_check_light", 194),
        ("danger_check_medium", 339),
        ("danger_check_heavy", 223),
        ("danger_unsafe_check", 37),
        ("danger_mobility", 193),
        ("danger_no_heavy", 63),
        ("trapped_rook_mg", 21),
        ("trapped_rook_eg", -11),
        ("connected_mg", 8),
        ("connected_eg", 2),
        ("backward_mg", -1),
        ("backward_eg", -10),
        ("colour_pawns_mg", -1),
        ("colour_pawns_eg", -13),
        ("outpost_mg", 41),
        ("outpost_eg", 9),
        ("mobility_excludes_pawn_guarded", 2),
    ],
    values: &[('L', 326), ('J', 294), ('B', 338), ('R', 536), ('K', 1126)],
};

/// Cromwell, fitted with `cargo xtask tune fit --results --values --passes 4` from the
/// generic weights on 42,712 quiet positions of 1,530 self-play games at 5,000 nodes a
/// move (`cargo xtask match --variant cromwell --nodes 5000 --seed 501`, then `tune
/// extract --results`): held-out error 0.09308 to 0.07797.
const CROMWELL: Tuned = Tuned {
    id: "cromwell",
    weights: &[
        ("mobility_mg", 13),
        ("mobility_eg", 12),
        ("mobility_full", 24),
        ("pawn_threat", 48),
        ("hanging", 23),
        ("hanging_share", 14),
        ("shield", -50),
        ("attacker_near_royal", 66),
        ("doubled_mg", -16),
        ("doubled_eg", -77),
        ("isolated_mg", 44),
        ("isolated_eg", -32),
        ("passed_mg", -16),
        ("passed_eg", 37),
        ("royal_rank_mg", -29),
        ("royal_centre_file_mg", -48),
        ("royal_centre_eg", 36),
        ("pawn_advance_mg", 12),
        ("pawn_advance_eg", -15),
        ("placement_mg", 4),
        ("placement_eg", -12),
        ("pawn_eg_percent", 34),
        ("space", 42),
        ("mobility_zero", 26),
        ("lesser_threat", 140),
        ("safe_check_mg", -29),
        ("safe_check_eg", 168),
        ("open_file_mg", -70),
        ("open_file_eg", 10),
        ("half_open_file_mg", 42),
        ("half_open_file_eg", 16),
        ("colour_pair_mg", 30),
        ("colour_pair_eg", -229),
        ("shelter_near", 22),
        ("shelter_mid", 10),
        ("shelter_far", -20),
        ("storm", -6),
        ("trapped_rook_mg", -22),
        ("trapped_rook_eg", -80),
        ("connected_mg", -12),
        ("connected_eg", 22),
        ("backward_mg", -44),
        ("backward_eg", 6),
        ("colour_pawns_mg", 10),
        ("colour_pawns_eg", -30),
        ("outpost_mg", -14),
        ("outpost_eg", -102),
        ("mobility_excludes_pawn_guarded", 2),
    ],
    values: &[('W', 325), ('H', 145), ('B', 180), ('R', 836), ('Y', 1050)],
};

/// Clash: Black's army is LancerChess's and its kinds share LancerChess's letters, so it
/// takes LancerChess's fit whole. In self-play at 10,000 nodes a move it scored 81% against
/// the generic evaluation (97 games).
const CLASH: Tuned = Tuned {
    id: "clash",
    weights: LANCERCHESS.weights,
    values: LANCERCHESS.values,
};

/// A game with no fit of its own that plays better with LancerChess's fitted weights than
/// with the generic defaults; it keeps its pieces' own values, as their letters mean other
/// pieces there (LancerChess's `K` is not royal).
const fn lancerchess_weights(id: &'static str) -> Tuned {
    Tuned {
        id,
        weights: LANCERCHESS.weights,
        values: &[],
    }
}

/// Every game with a fitted or borrowed evaluation. The borrowers scored against the
/// generic evaluation, in self-play at 10,000 nodes a move over 50 games each: chess 74%,
/// lancers 77%, single-lancer 68%, royal-lion 66%, musketeer 82%. Cromwell, where pieces
/// shoot, scored 51% with them and has its own fit, which beat the defaults by SPRT at
/// 10,000 nodes a move (`cargo xtask match --variant cromwell --nodes 10000 --seed 601
/// --sprt elo0=0,elo1=30`): 106-66-11 in 183 games, +77 ± 50 Elo.
const TUNED: &[Tuned] = &[
    LANCERCHESS,
    CROMWELL,
    CLASH,
    lancerchess_weights("chess"),
    lancerchess_weights("lancers"),
    lancerchess_weights("single-lancer"),
    lancerchess_weights("royal-lion"),
    lancerchess_weights("musketeer"),
];

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
            // A letter may name several kinds (a Lancer per facing, a Horseman per side).
            let kinds_named = v
                .kind_ids()
                .filter(|&k| t.values.iter().any(|&(l, _)| l == v.kind(k).letter))
                .count();
            assert_eq!(values(v).len(), kinds_named, "{}", t.id);
        }
        assert_eq!(weights(variants::chess()), weights(variants::lancerchess()));
        assert!(values(variants::chess()).is_empty());
    }
}
