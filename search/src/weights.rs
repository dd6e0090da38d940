//! The evaluation's weights: every number the evaluation multiplies by, named, so that
//! `cargo xtask tune` can fit them to reference scores and the result reads as data.
//!
//! One table below declares them all: each line gives a weight's name, its default, the
//! term of the evaluation it belongs to (what `eval` reports it under) and its doc. The
//! [`Weights`] struct, its [`Default`], the list of names ([`Weights::NAMES`],
//! [`Weights::fields_mut`]) that `EvalWeights` and `tune` use, and the lookups by name
//! ([`Weights::get`], [`Weights::set`], [`Weights::term`]) are generated from it, so adding
//! a weight is one line here (and its use in the evaluation).

/// The part of the evaluation a weight belongs to: the rows of the breakdown that the
/// UCI `eval` command prints, in that order ([`Term::REPORTED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Piece-square bonuses: the royal piece's and pawns' ranks and files, and other
    /// pieces by their empty-board mobility on each square.
    Placement,
    /// Squares each piece can go to on the actual board.
    Mobility,
    /// The royal piece's zone under attack, checks, pawn shelter and storms, castling.
    RoyalSafety,
    /// Pieces attacked by pawns, by lesser pieces, or not defended.
    Threats,
    /// Doubled, isolated, connected, backward and passed pawns.
    PawnStructure,
    /// Pieces as their own pawns help or hinder them: pawns on a colour-bound piece's
    /// colour, outposts.
    PiecesAndPawns,
    /// Safe squares behind the own pawns.
    Space,
    /// Two colour-bound pieces of one kind on both colours (the bishop pair).
    ColourPairs,
    /// Rook-like pieces on open and half-open files, or shut in by their royal piece.
    OpenFiles,
    /// The side to move's bonus.
    Tempo,
    /// Not a term of its own: a weight that scales or bounds other terms (a cap, a
    /// threshold, a percentage, a flag), so zeroing it would not show what a term is worth.
    Scale,
}

impl Term {
    /// The terms the breakdown reports, in its order ([`Term::Scale`] is none of them).
    pub const REPORTED: [Term; 10] = [
        Term::Placement,
        Term::Mobility,
        Term::RoyalSafety,
        Term::Threats,
        Term::PawnStructure,
        Term::PiecesAndPawns,
        Term::Space,
        Term::ColourPairs,
        Term::OpenFiles,
        Term::Tempo,
    ];

    /// The term's name as the breakdown prints it.
    pub fn name(self) -> &'static str {
        match self {
            Term::Placement => "placement",
            Term::Mobility => "mobility",
            Term::RoyalSafety => "royal safety",
            Term::Threats => "threats",
            Term::PawnStructure => "pawn structure",
            Term::PiecesAndPawns => "pieces and pawns",
            Term::Space => "space",
            Term::ColourPairs => "colour pairs",
            Term::OpenFiles => "open files",
            Term::Tempo => "tempo",
            Term::Scale => "scale",
        }
    }
}

/// Generates [`Weights`] and its lists from the table of weights: one line per weight,
/// `name: i32 = default => Term;` after its doc comment. Every weight is an `i32` (a flag
/// too, 0 or not) so that the tuner and the `EvalWeights` option treat them alike.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident: i32 = $default:expr => $term:ident;)*) => {
        /// The tunable weights of [`crate::Evaluator`], in centipawns unless a field says
        /// otherwise.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights {
                    $($name: $default,)*
                }
            }
        }

        impl Weights {
            /// Every weight's name, in the order of [`Weights::fields_mut`].
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// Every weight by name, for tuning and printing.
            pub fn fields_mut(&mut self) -> Vec<(&'static str, &mut i32)> {
                vec![$((stringify!($name), &mut self.$name)),*]
            }

            /// The weight called `name`, if there is one.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            /// Sets the weight called `name`; `false` if there is none.
            pub fn set(&mut self, name: &str, value: i32) -> bool {
                match name {
                    $(stringify!($name) => self.$name = value,)*
                    _ => return false,
                }
                true
            }

            /// The term the weight called `name` belongs to, if there is such a weight.
            pub fn term(name: &str) -> Option<Term> {
                match name {
                    $(stringify!($name) => Some(Term::$term),)*
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// Mobility per square above (or below) half the empty-board average, middlegame.
    mobility_mg: i32 = 4 => Mobility;
    /// Mobility per square, endgame.
    mobility_eg: i32 = 4 => Mobility;
    /// Average empty-board mobility up to which a kind gets the full mobility weight.
    mobility_full: i32 = 10 => Scale;
    /// Royal-attack units per attacked square of the royal zone.
    zone_attack: i32 = 60 => RoyalSafety;
    /// Royal-attack weight of a light piece (value below 400).
    attack_light: i32 = 70 => RoyalSafety;
    /// Royal-attack weight of a medium piece (value 400 to 699).
    attack_medium: i32 = 45 => RoyalSafety;
    /// Royal-attack weight of a heavy piece (value 700 and up).
    attack_heavy: i32 = 25 => RoyalSafety;
    /// Largest middlegame penalty of the royal-attack term.
    danger_cap: i32 = 800 => Scale;
    /// Penalty of a piece attacked by an enemy pawn, in 1/96 of its value.
    pawn_threat: i32 = 16 => Threats;
    /// Base penalty of a piece attacked and not defended.
    hanging: i32 = 30 => Threats;
    /// Penalty of a hanging piece added to [`Weights::hanging`], in 1/96 of its value.
    hanging_share: i32 = 6 => Threats;
    /// Bonus for the side to move.
    tempo: i32 = 15 => Tempo;
    /// Per own pawn in front of the royal piece (middlegame).
    shield: i32 = 14 => RoyalSafety;
    /// Per enemy piece (not pawn) within two squares of the royal piece (middlegame).
    attacker_near_royal: i32 = 18 => RoyalSafety;
    /// Per doubled pawn, middlegame.
    doubled_mg: i32 = -10 => PawnStructure;
    /// Per doubled pawn, endgame.
    doubled_eg: i32 = -22 => PawnStructure;
    /// Per isolated pawn, middlegame.
    isolated_mg: i32 = -10 => PawnStructure;
    /// Per isolated pawn, endgame.
    isolated_eg: i32 = -14 => PawnStructure;
    /// Passed pawn, times the square of its relative rank / 4, middlegame.
    passed_mg: i32 = 8 => PawnStructure;
    /// Passed pawn, times the square of its relative rank / 4, endgame.
    passed_eg: i32 = 22 => PawnStructure;
    /// Royal piece per rank advanced, middlegame (negative: stay home).
    royal_rank_mg: i32 = -12 => Placement;
    /// Royal piece on the central files, middlegame (negative: stay on the wing).
    royal_centre_file_mg: i32 = -12 => Placement;
    /// Royal piece per step towards the centre, endgame.
    royal_centre_eg: i32 = 6 => Placement;
    /// Central pawn per rank advanced (up to three), middlegame.
    pawn_advance_mg: i32 = 10 => Placement;
    /// Pawn per rank advanced, endgame.
    pawn_advance_eg: i32 = 12 => Placement;
    /// Piece per square of empty-board mobility above its average on that square, in 1/4
    /// centipawn, middlegame.
    placement_mg: i32 = 12 => Placement;
    /// Same, endgame.
    placement_eg: i32 = 8 => Placement;
    /// Pawn endgame value in percent of its middlegame value.
    pawn_eg_percent: i32 = 130 => Scale;
    /// Space: per safe square of the own half's central files, times the own pieces / 16.
    space: i32 = 0 => Space;
    /// Where mobility counts zero: this percentage of the empty-board average.
    mobility_zero: i32 = 50 => Scale;
    /// Per enemy piece attacked by a piece worth less than it.
    lesser_threat: i32 = 0 => Threats;
    /// Per square the enemy could check from without being taken there, middlegame.
    safe_check_mg: i32 = 0 => RoyalSafety;
    /// Per safe checking square, endgame.
    safe_check_eg: i32 = 0 => RoyalSafety;
    /// Rook-like piece on a file without pawns, middlegame.
    open_file_mg: i32 = 0 => OpenFiles;
    /// Rook-like piece on a file without pawns, endgame.
    open_file_eg: i32 = 0 => OpenFiles;
    /// Rook-like piece on a file without own pawns but with enemy ones, middlegame.
    half_open_file_mg: i32 = 0 => OpenFiles;
    /// Same, endgame.
    half_open_file_eg: i32 = 0 => OpenFiles;
    /// Endgame penalty of the royal danger, in 1/256 of its attack units.
    danger_eg: i32 = 0 => RoyalSafety;
    /// Royal-attack units per square the enemy could check from safely.
    danger_safe_check: i32 = 0 => RoyalSafety;
    /// Royal-attack units per zone square the enemy attacks and only the royal guards.
    danger_weak: i32 = 0 => RoyalSafety;
    /// Middlegame bonus for two pieces of one colour-bound kind on squares of both
    /// colours (the bishop pair): together they reach every square.
    colour_pair_mg: i32 = 40 => ColourPairs;
    /// Endgame bonus for a colour-bound pair.
    colour_pair_eg: i32 = 60 => ColourPairs;
    /// Per file at and beside the royal piece: an own pawn one rank in front.
    shelter_near: i32 = 0 => RoyalSafety;
    /// Per file at and beside the royal piece: the nearest own pawn two ranks in front.
    shelter_mid: i32 = 0 => RoyalSafety;
    /// Per file at and beside the royal piece: the nearest own pawn further in front.
    shelter_far: i32 = 0 => RoyalSafety;
    /// Per file at and beside the royal piece, times (5 - distance): an enemy pawn up to
    /// four ranks in front and not blocked by an own pawn.
    storm: i32 = 0 => RoyalSafety;
    /// Middlegame bonus per castling right still held: stepping the royal piece aside
    /// without castling gives it up.
    castling_right_mg: i32 = 0 => RoyalSafety;
    /// Middlegame bonus for the royal piece on its back rank at or beyond a castling
    /// destination (towards that castling's corner): a castled royal piece.
    royal_castled_mg: i32 = 0 => RoyalSafety;
    /// Royal danger past which its penalty applies, with or without two attackers
    /// (Stockfish's rule); 0 keeps the rule of two attackers.
    danger_threshold: i32 = 0 => Scale;
    /// Royal-attack units per enemy light kind with a safe check.
    danger_check_light: i32 = 0 => RoyalSafety;
    /// Royal-attack units per enemy medium kind with a safe check.
    danger_check_medium: i32 = 0 => RoyalSafety;
    /// Royal-attack units per enemy heavy kind with a safe check.
    danger_check_heavy: i32 = 0 => RoyalSafety;
    /// Royal-attack units per square the enemy could check from, but not safely.
    danger_unsafe_check: i32 = 0 => RoyalSafety;
    /// Royal-attack units per centipawn the enemy's middlegame mobility exceeds ours, in
    /// percent.
    danger_mobility: i32 = 0 => RoyalSafety;
    /// Royal-attack units taken off when the enemy has no heavy piece (no queen).
    danger_no_heavy: i32 = 0 => RoyalSafety;
    /// Middlegame penalty of a rook-like piece with at most three squares to go to, on the
    /// far side of its own royal piece (shut in by it); doubled without castling rights.
    trapped_rook_mg: i32 = 0 => OpenFiles;
    /// Endgame penalty of a trapped rook-like piece.
    trapped_rook_eg: i32 = 0 => OpenFiles;
    /// Pawn defended by an own pawn or beside one, times the square of its ranks advanced
    /// / 4, middlegame.
    connected_mg: i32 = 0 => PawnStructure;
    /// Connected pawn, endgame.
    connected_eg: i32 = 0 => PawnStructure;
    /// Pawn that no own pawn beside or behind can defend, whose next square an enemy pawn
    /// guards (it is held back), middlegame.
    backward_mg: i32 = 0 => PawnStructure;
    /// Backward pawn, endgame.
    backward_eg: i32 = 0 => PawnStructure;
    /// Per own pawn on the squares of a colour-bound piece's colour (they block it and
    /// leave the other colour weak), middlegame.
    colour_pawns_mg: i32 = 0 => PiecesAndPawns;
    /// Per own pawn on a colour-bound piece's colour, endgame.
    colour_pawns_eg: i32 = 0 => PiecesAndPawns;
    /// Light piece in the enemy half, guarded by an own pawn where no enemy pawn can ever
    /// attack it (an outpost), middlegame.
    outpost_mg: i32 = 0 => PiecesAndPawns;
    /// Light piece on an outpost, endgame.
    outpost_eg: i32 = 0 => PiecesAndPawns;
    /// Nonzero: squares enemy pawns guard are left out of a piece's mobility (a flag, a
    /// number so that `EvalWeights` and the tuner can set it).
    mobility_excludes_pawn_guarded: i32 = 0 => Scale;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_listed_once_and_can_be_set() {
        let mut w = Weights::default();
        let names: Vec<&str> = w.fields_mut().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, Weights::NAMES);
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
        for (i, name) in names.iter().enumerate() {
            assert_eq!(w.get(name), Some(1000 + i as i32), "{name}");
            assert!(Weights::term(name).is_some(), "{name}");
        }
        assert!(!w.set("no_such_weight", 1));
        assert_eq!(w.get("no_such_weight"), None);
        assert_eq!(Weights::term("no_such_weight"), None);
    }

    /// The names keep the order they had before the table generated them: the tuner's
    /// parameters are numbered in it, and the seeded choices of the UCI session generator
    /// pick weights by their place in it.
    #[test]
    fn the_names_keep_their_order() {
        assert_eq!(Weights::NAMES.len(), 66);
        assert_eq!(
            Weights::NAMES[..4],
            ["mobility_mg", "mobility_eg", "mobility_full", "zone_attack"]
        );
        assert_eq!(
            Weights::NAMES[Weights::NAMES.len() - 2..],
            ["outpost_eg", "mobility_excludes_pawn_guarded"]
        );
    }

    #[test]
    fn each_term_has_its_weights_and_scales_are_apart() {
        let of = |term: Term| -> Vec<&str> {
            Weights::NAMES
                .iter()
                .copied()
                .filter(|n| Weights::term(n) == Some(term))
                .collect()
        };
        for term in Term::REPORTED {
            assert!(!of(term).is_empty(), "{}", term.name());
        }
        assert_eq!(of(Term::Mobility), ["mobility_mg", "mobility_eg"]);
        assert_eq!(of(Term::Tempo), ["tempo"]);
        let mut scales = of(Term::Scale);
        scales.sort();
        assert_eq!(
            scales,
            [
                "danger_cap",
                "danger_threshold",
                "mobility_excludes_pawn_guarded",
                "mobility_full",
                "mobility_zero",
                "pawn_eg_percent",
            ]
        );
    }
}
