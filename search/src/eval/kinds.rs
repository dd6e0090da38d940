//! What the evaluation learns about each kind from the game's data, once per game: its
//! value (given, or estimated from how many squares it reaches on the empty board), its
//! mobility's zero and weight, its weight in an attack on the royal piece, and its
//! classes (a rider of files only, a piece bound to one colour of squares).

use joust_core::atom::Occupant;
use joust_core::{Color, KindId, Square, Variant, MAX_KINDS};

use super::reach::EmptyBoardReach;
use super::VALUE_LIMIT;
use crate::weights::Weights;

/// The per-kind facts of one game, indexed by [`KindId::index`].
pub(super) struct Kinds {
    /// Middlegame and endgame value, in centipawns.
    pub(super) value: [(i32, i32); MAX_KINDS],
    /// Pawn kinds.
    pub(super) pawn: [bool; MAX_KINDS],
    /// Royal kinds.
    pub(super) royal: [bool; MAX_KINDS],
    /// Average number of squares reached on the empty board, unrounded (placement).
    pub(super) avg: [f64; MAX_KINDS],
    /// The same, rounded (mobility's zero).
    pub(super) avg_mobility: [i32; MAX_KINDS],
    /// Mobility weight in 1/16 centipawn per square.
    pub(super) mobility_weight: [i32; MAX_KINDS],
    /// Royal-attack weight, by value bucket.
    pub(super) attack_weight: [i32; MAX_KINDS],
    /// Royal-attack units of a safe check, by value bucket.
    pub(super) check_weight: [i32; MAX_KINDS],
}

impl Kinds {
    /// The facts of `variant`'s kinds under the weights `w`, with `values` (already
    /// within 0..=[`VALUE_LIMIT`]) in place of the game's own.
    pub(super) fn new(
        variant: &Variant,
        w: &Weights,
        values: &[(KindId, i32)],
        reach: &EmptyBoardReach,
    ) -> Kinds {
        let mut kinds = Kinds {
            value: [(0, 0); MAX_KINDS],
            pawn: [false; MAX_KINDS],
            royal: [false; MAX_KINDS],
            avg: [0.0; MAX_KINDS],
            avg_mobility: [0; MAX_KINDS],
            mobility_weight: [16; MAX_KINDS],
            attack_weight: [0; MAX_KINDS],
            check_weight: [0; MAX_KINDS],
        };
        for k in variant.kind_ids() {
            let kind = variant.kind(k);
            let i = k.index();
            kinds.pawn[i] = kind.pawn;
            kinds.royal[i] = kind.royal;
            let avg = reach.average(variant, k);
            kinds.avg[i] = avg;
            kinds.avg_mobility[i] = avg.round() as i32;
            let avg_i = (avg.round() as i32).max(1);
            kinds.mobility_weight[i] = 16 * w.mobility_full.max(1).min(avg_i) / avg_i;
            let given = values.iter().find(|(vk, _)| *vk == k).map(|&(_, v)| v);
            let v = match given.or(kind.value) {
                Some(v) => v.clamp(0, VALUE_LIMIT),
                None if kind.royal => 0,
                None if kind.pawn => 100,
                // Calibrated on chess: knight 5.25 squares ~ 320, queen 22.75 ~ 900.
                None => (130.0 + 33.0 * avg) as i32,
            };
            kinds.value[i] = if kind.pawn {
                (v, v * w.pawn_eg_percent / 100)
            } else {
                (v, v)
            };
            // Stockfish's classical weights: minor pieces 81/52, rooks 44, queens 10; the
            // big pieces' many attacked squares already count through `zone_attack`.
            kinds.attack_weight[i] = match v {
                _ if kind.pawn || kind.royal => 0,
                0..=399 => w.attack_light,
                400..=699 => w.attack_medium,
                _ => w.attack_heavy,
            };
            kinds.check_weight[i] = match v {
                _ if kind.pawn || kind.royal => 0,
                0..=399 => w.danger_check_light,
                400..=699 => w.danger_check_medium,
                _ => w.danger_check_heavy,
            };
        }
        kinds
    }
}

/// The kinds of `variant` that ride files and not diagonals (rooks, not royal ones).
pub(super) fn file_riders(variant: &Variant, royal: &[bool; MAX_KINDS]) -> [bool; MAX_KINDS] {
    let mut file_rider = [false; MAX_KINDS];
    for k in variant.kind_ids() {
        file_rider[k.index()] = !royal[k.index()] && rides_files_only(variant, k);
    }
    file_rider
}

/// The kinds of `variant` bound to one colour of squares (bishops; not pawns or royals).
pub(super) fn colour_bound(
    variant: &Variant,
    pawn: &[bool; MAX_KINDS],
    royal: &[bool; MAX_KINDS],
    reach: &EmptyBoardReach,
) -> [bool; MAX_KINDS] {
    let mut colour_bound = [false; MAX_KINDS];
    for k in variant.kind_ids() {
        colour_bound[k.index()] =
            !royal[k.index()] && !pawn[k.index()] && reach.keeps_its_colour(k);
    }
    colour_bound
}

/// True if `kind` reaches three or more squares along the file from the board's centre
/// and no square diagonally next to it (a rook, not a queen): open files suit it.
fn rides_files_only(variant: &Variant, kind: KindId) -> bool {
    let g = variant.geometry;
    let empty = |_: Square| Occupant::Empty;
    let Some(centre) = g.square(g.files() as i8 / 2, g.ranks() as i8 / 2) else {
        return false;
    };
    let (cf, cr) = g.coords(centre);
    let mut along_file = 0;
    for atom in &variant.kind(kind).atoms {
        for (sq, _) in atom.reach(Color::White, g, centre, &empty) {
            let (f, r) = g.coords(sq);
            if (f - cf).abs() == 1 && (r - cr).abs() == 1 {
                return false;
            }
            along_file += (f == cf) as i32;
        }
    }
    along_file >= 3
}

/// Non-pawn, non-royal material of both sides in the start position.
pub(super) fn start_phase(
    variant: &Variant,
    value: &[(i32, i32); MAX_KINDS],
    pawn: &[bool; MAX_KINDS],
    royal: &[bool; MAX_KINDS],
) -> i32 {
    variant
        .start_pieces()
        .filter(|(_, k)| !pawn[k.index()] && !royal[k.index()])
        .map(|(_, k)| value[k.index()].0)
        .sum()
}

#[cfg(test)]
mod tests {
    use crate::Evaluator;
    use joust_core::variants;

    #[test]
    fn estimated_values_are_sensible() {
        let rl = variants::royal_lion();
        let e = Evaluator::new(rl);
        let by_letter = |c: char| e.value(rl.any_kind_by_letter(c).unwrap());
        // The Amazon outvalues the Queen, which outvalues the Rook and the Knight.
        assert!(by_letter('A') > by_letter('Q'));
        assert!(by_letter('Q') > by_letter('R'));
        assert!(by_letter('R') > by_letter('N'));
        // Estimated: the Dragon (Gryphon + Crocodile) above either alone.
        assert!(by_letter('D') > by_letter('G'));
        assert!(by_letter('G') > by_letter('N'));
    }

    #[test]
    fn colour_bound_kinds_are_found() {
        // The bishop and the Queen's Lancer (FA), not the King's Lancer (WD) nor the
        // knight.
        let lc = variants::lancerchess();
        let e = Evaluator::new(lc);
        let bound = |c: char| e.colour_bound[lc.any_kind_by_letter(c).unwrap().index()];
        assert!(bound('B') && bound('J') && !bound('L') && !bound('R') && !bound('P'));
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        assert!(!e.colour_bound[chess.any_kind_by_letter('N').unwrap().index()]);
    }
}
