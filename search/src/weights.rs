//! The evaluation's weights: every number the evaluation multiplies by, named, so that
//! `cargo xtask tune` can fit them to reference scores and the result reads as data.

/// The tunable weights of [`crate::Evaluator`], in centipawns unless a field says otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Mobility per square above (or below) half the empty-board average, middlegame.
    pub mobility_mg: i32,
    /// Mobility per square, endgame.
    pub mobility_eg: i32,
    /// Average empty-board mobility up to which a kind gets the full mobility weight.
    pub mobility_full: i32,
    /// Royal-attack units per attacked square of the royal zone.
    pub zone_attack: i32,
    /// Royal-attack weight of a light piece (value below 400).
    pub attack_light: i32,
    /// Royal-attack weight of a medium piece (value 400 to 699).
    pub attack_medium: i32,
    /// Royal-attack weight of a heavy piece (value 700 and up).
    pub attack_heavy: i32,
    /// Largest middlegame penalty of the royal-attack term.
    pub danger_cap: i32,
    /// Penalty of a piece attacked by an enemy pawn, in 1/96 of its value.
    pub pawn_threat: i32,
    /// Base penalty of a piece attacked and not defended.
    pub hanging: i32,
    /// Penalty of a hanging piece added to [`Weights::hanging`], in 1/96 of its value.
    pub hanging_share: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Per own pawn in front of the royal piece (middlegame).
    pub shield: i32,
    /// Per enemy piece (not pawn) within two squares of the royal piece (middlegame).
    pub attacker_near_royal: i32,
    /// Per doubled pawn, middlegame.
    pub doubled_mg: i32,
    /// Per doubled pawn, endgame.
    pub doubled_eg: i32,
    /// Per isolated pawn, middlegame.
    pub isolated_mg: i32,
    /// Per isolated pawn, endgame.
    pub isolated_eg: i32,
    /// Passed pawn, times the square of its relative rank / 4, middlegame.
    pub passed_mg: i32,
    /// Passed pawn, times the square of its relative rank / 4, endgame.
    pub passed_eg: i32,
    /// Royal piece per rank advanced, middlegame (negative: stay home).
    pub royal_rank_mg: i32,
    /// Royal piece on the central files, middlegame (negative: stay on the wing).
    pub royal_centre_file_mg: i32,
    /// Royal piece per step towards the centre, endgame.
    pub royal_centre_eg: i32,
    /// Central pawn per rank advanced (up to three), middlegame.
    pub pawn_advance_mg: i32,
    /// Pawn per rank advanced, endgame.
    pub pawn_advance_eg: i32,
    /// Piece per square of empty-board mobility above its average on that square, in 1/4
    /// centipawn, middlegame.
    pub placement_mg: i32,
    /// Same, endgame.
    pub placement_eg: i32,
    /// Pawn endgame value in percent of its middlegame value.
    pub pawn_eg_percent: i32,
    /// Where mobility counts zero: this percentage of the empty-board average.
    pub mobility_zero: i32,
    /// Per enemy piece attacked by a piece worth less than it.
    pub lesser_threat: i32,
    /// Per square the enemy could check from without being taken there, middlegame.
    pub safe_check_mg: i32,
    /// Per safe checking square, endgame.
    pub safe_check_eg: i32,
    /// Rook-like piece on a file without pawns, middlegame.
    pub open_file_mg: i32,
    /// Rook-like piece on a file without pawns, endgame.
    pub open_file_eg: i32,
    /// Rook-like piece on a file without own pawns but with enemy ones, middlegame.
    pub half_open_file_mg: i32,
    /// Same, endgame.
    pub half_open_file_eg: i32,
    /// Endgame penalty of the royal danger, in 1/256 of its attack units.
    pub danger_eg: i32,
    /// Nonzero: squares enemy pawns guard are left out of a piece's mobility (a flag, a
    /// number so that `EvalWeights` and the tuner can set it).
    pub mobility_excludes_pawn_guarded: i32,
    /// Royal-attack units per square the enemy could check from safely.
    pub danger_safe_check: i32,
    /// Royal-attack units per zone square the enemy attacks and only the royal guards.
    pub danger_weak: i32,
    /// Space: per safe square of the own half's central files, times the own pieces / 16.
    pub space: i32,
    /// Middlegame bonus for two pieces of one colour-bound kind on squares of both
    /// colours (the bishop pair): together they reach every square.
    pub colour_pair_mg: i32,
    /// Endgame bonus for a colour-bound pair.
    pub colour_pair_eg: i32,
    /// Per file at and beside the royal piece: an own pawn one rank in front.
    pub shelter_near: i32,
    /// Per file at and beside the royal piece: the nearest own pawn two ranks in front.
    pub shelter_mid: i32,
    /// Per file at and beside the royal piece: the nearest own pawn further in front.
    pub shelter_far: i32,
    /// Per file at and beside the royal piece, times (5 - distance): an enemy pawn up to
    /// four ranks in front and not blocked by an own pawn.
    pub storm: i32,
    /// Middlegame bonus per castling right still held: stepping the royal piece aside
    /// without castling gives it up.
    pub castling_right_mg: i32,
    /// Middlegame bonus for the royal piece on its back rank at or beyond a castling
    /// destination (towards that castling's corner): a castled royal piece.
    pub royal_castled_mg: i32,
    /// Royal danger past which its penalty applies, with or without two attackers
    /// (Stockfish's rule); 0 keeps the rule of two attackers.
    pub danger_threshold: i32,
    /// Royal-attack units per enemy light kind with a safe check.
    pub danger_check_light: i32,
    /// Royal-attack units per enemy medium kind with a safe check.
    pub danger_check_medium: i32,
    /// Royal-attack units per enemy heavy kind with a safe check.
    pub danger_check_heavy: i32,
    /// Royal-attack units per square the enemy could check from, but not safely.
    pub danger_unsafe_check: i32,
    /// Royal-attack units per centipawn the enemy's middlegame mobility exceeds ours, in
    /// percent.
    pub danger_mobility: i32,
    /// Royal-attack units taken off when the enemy has no heavy piece (no queen).
    pub danger_no_heavy: i32,
    /// Middlegame penalty of a rook-like piece with at most three squares to go to, on the
    /// far side of its own royal piece (shut in by it); doubled without castling rights.
    pub trapped_rook_mg: i32,
    /// Endgame penalty of a trapped rook-like piece.
    pub trapped_rook_eg: i32,
    /// Pawn defended by an own pawn or beside one, times the square of its ranks advanced
    /// / 4, middlegame.
    pub connected_mg: i32,
    /// Connected pawn, endgame.
    pub connected_eg: i32,
    /// Pawn that no own pawn beside or behind can defend, whose next square an enemy pawn
    /// guards (it is held back), middlegame.
    pub backward_mg: i32,
    /// Backward pawn, endgame.
    pub backward_eg: i32,
    /// Per own pawn on the squares of a colour-bound piece's colour (they block it and
    /// leave the other colour weak), middlegame.
    pub colour_pawns_mg: i32,
    /// Per own pawn on a colour-bound piece's colour, endgame.
    pub colour_pawns_eg: i32,
    /// Light piece in the enemy half, guarded by an own pawn where no enemy pawn can ever
    /// attack it (an outpost), middlegame.
    pub outpost_mg: i32,
    /// Light piece on an outpost, endgame.
    pub outpost_eg: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            mobility_mg: 4,
            mobility_eg: 4,
            mobility_full: 10,
            zone_attack: 60,
            attack_light: 70,
            attack_medium: 45,
            attack_heavy: 25,
            danger_cap: 800,
            pawn_threat: 16,
            hanging: 30,
            hanging_share: 6,
            tempo: 15,
            shield: 14,
            attacker_near_royal: 18,
            doubled_mg: -10,
            doubled_eg: -22,
            isolated_mg: -10,
            isolated_eg: -14,
            passed_mg: 8,
            passed_eg: 22,
            royal_rank_mg: -12,
            royal_centre_file_mg: -12,
            royal_centre_eg: 6,
            pawn_advance_mg: 10,
            pawn_advance_eg: 12,
            placement_mg: 12,
            placement_eg: 8,
            pawn_eg_percent: 130,
            space: 0,
            mobility_zero: 50,
            lesser_threat: 0,
            safe_check_mg: 0,
            safe_check_eg: 0,
            open_file_mg: 0,
            open_file_eg: 0,
            half_open_file_mg: 0,
            half_open_file_eg: 0,
            danger_eg: 0,
            mobility_excludes_pawn_guarded: 0,
            danger_safe_check: 0,
            danger_weak: 0,
            colour_pair_mg: 40,
            colour_pair_eg: 60,
            shelter_near: 0,
            shelter_mid: 0,
            shelter_far: 0,
            storm: 0,
            castling_right_mg: 0,
            royal_castled_mg: 0,
            danger_threshold: 0,
            danger_check_light: 0,
            danger_check_medium: 0,
            danger_check_heavy: 0,
            danger_unsafe_check: 0,
            danger_mobility: 0,
            danger_no_heavy: 0,
            trapped_rook_mg: 0,
            trapped_rook_eg: 0,
            connected_mg: 0,
            connected_eg: 0,
            backward_mg: 0,
            backward_eg: 0,
            colour_pawns_mg: 0,
            colour_pawns_eg: 0,
            outpost_mg: 0,
            outpost_eg: 0,
        }
    }
}

impl Weights {
    /// Every weight by name, for tuning and printing.
    pub fn fields_mut(&mut self) -> Vec<(&'static str, &mut i32)> {
        vec![
            ("mobility_mg", &mut self.mobility_mg),
            ("mobility_eg", &mut self.mobility_eg),
            ("mobility_full", &mut self.mobility_full),
            ("zone_attack", &mut self.zone_attack),
            ("attack_light", &mut self.attack_light),
            ("attack_medium", &mut self.attack_medium),
            ("attack_heavy", &mut self.attack_heavy),
            ("danger_cap", &mut self.danger_cap),
            ("pawn_threat", &mut self.pawn_threat),
            ("hanging", &mut self.hanging),
            ("hanging_share", &mut self.hanging_share),
            ("tempo", &mut self.tempo),
            ("shield", &mut self.shield),
            ("attacker_near_royal", &mut self.attacker_near_royal),
            ("doubled_mg", &mut self.doubled_mg),
            ("doubled_eg", &mut self.doubled_eg),
            ("isolated_mg", &mut self.isolated_mg),
            ("isolated_eg", &mut self.isolated_eg),
            ("passed_mg", &mut self.passed_mg),
            ("passed_eg", &mut self.passed_eg),
            ("royal_rank_mg", &mut self.royal_rank_mg),
            ("royal_centre_file_mg", &mut self.royal_centre_file_mg),
            ("royal_centre_eg", &mut self.royal_centre_eg),
            ("pawn_advance_mg", &mut self.pawn_advance_mg),
            ("pawn_advance_eg", &mut self.pawn_advance_eg),
            ("placement_mg", &mut self.placement_mg),
            ("placement_eg", &mut self.placement_eg),
            ("pawn_eg_percent", &mut self.pawn_eg_percent),
            ("space", &mut self.space),
            ("mobility_zero", &mut self.mobility_zero),
            ("lesser_threat", &mut self.lesser_threat),
            ("safe_check_mg", &mut self.safe_check_mg),
            ("safe_check_eg", &mut self.safe_check_eg),
            ("open_file_mg", &mut self.open_file_mg),
            ("open_file_eg", &mut self.open_file_eg),
            ("half_open_file_mg", &mut self.half_open_file_mg),
            ("half_open_file_eg", &mut self.half_open_file_eg),
            ("danger_eg", &mut self.danger_eg),
            ("danger_safe_check", &mut self.danger_safe_check),
            ("danger_weak", &mut self.danger_weak),
            ("colour_pair_mg", &mut self.colour_pair_mg),
            ("colour_pair_eg", &mut self.colour_pair_eg),
            ("shelter_near", &mut self.shelter_near),
            ("shelter_mid", &mut self.shelter_mid),
            ("shelter_far", &mut self.shelter_far),
            ("storm", &mut self.storm),
            ("castling_right_mg", &mut self.castling_right_mg),
            ("royal_castled_mg", &mut self.royal_castled_mg),
            ("danger_threshold", &mut self.danger_threshold),
            ("danger_check_light", &mut self.danger_check_light),
            ("danger_check_medium", &mut self.danger_check_medium),
            ("danger_check_heavy", &mut self.danger_check_heavy),
            ("danger_unsafe_check", &mut self.danger_unsafe_check),
            ("danger_mobility", &mut self.danger_mobility),
            ("danger_no_heavy", &mut self.danger_no_heavy),
            ("trapped_rook_mg", &mut self.trapped_rook_mg),
            ("trapped_rook_eg", &mut self.trapped_rook_eg),
            ("connected_mg", &mut self.connected_mg),
            ("connected_eg", &mut self.connected_eg),
            ("backward_mg", &mut self.backward_mg),
            ("backward_eg", &mut self.backward_eg),
            ("colour_pawns_mg", &mut self.colour_pawns_mg),
            ("colour_pawns_eg", &mut self.colour_pawns_eg),
            ("outpost_mg", &mut self.outpost_mg),
            ("outpost_eg", &mut self.outpost_eg),
            (
                "mobility_excludes_pawn_guarded",
                &mut self.mobility_excludes_pawn_guarded,
            ),
        ]
    }

    /// The weight called `name`, if there is one.
    pub fn get(&mut self, name: &str) -> Option<i32> {
        let found = self.fields_mut().into_iter().find(|(n, _)| *n == name);
        found.map(|(_, w)| *w)
    }

    /// Sets the weight called `name`; `false` if there is none.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.fields_mut().into_iter().find(|(n, _)| *n == name) {
            Some((_, w)) => {
                *w = value;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_listed_once_and_can_be_set() {
        let mut w = Weights::default();
        let names: Vec<&str> = w.fields_mut().into_iter().map(|(n, _)| n).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        for (i, name) in names.iter().enumerate() {
            assert!(w.set(name, 1000 + i as i32));
        }
        // Every field took its own value: the listing covers the whole struct.
        let values: Vec<i32> = w.fields_mut().into_iter().map(|(_, v)| *v).collect();
        assert_eq!(
            values,
            (0..names.len() as i32)
                .map(|i| 1000 + i)
                .collect::<Vec<_>>()
        );
        assert!(!w.set("no_such_weight", 1));
        assert_eq!(w.get(names[0]), Some(1000));
        assert_eq!(w.get("no_such_weight"), None);
    }
}
