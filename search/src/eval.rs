//! Evaluation derived from a game's data: material (the game's values, or values
//! estimated from each piece's mobility on an empty board), piece-square terms from
//! mobility, and a royal piece that hides in the middlegame and centralises in the
//! endgame; tapered between the two by the material left.

use joust_core::atom::Occupant;
use joust_core::{Bits, Color, KindId, Position, Square, Variant, MAX_KINDS};

/// Largest board, for the piece-square tables.
const SQUARES: usize = joust_core::square::MAX_SQUARES;

/// A static evaluation for one game, built once from its data.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Middlegame and endgame value of each kind, in centipawns.
    value: [(i32, i32); MAX_KINDS],
    /// `pst[color][kind][square]`: (middlegame, endgame) bonus.
    pst: Vec<[(i16, i16); SQUARES]>,
    /// Non-pawn, non-royal material of both sides at the start: the phase scale.
    start_phase: i32,
    pawn: [bool; MAX_KINDS],
    royal: [bool; MAX_KINDS],
}

/// How many squares a kind reaches from `sq` on an empty board (moves, captures, shots).
fn mobility(variant: &Variant, kind: KindId, color: Color, sq: Square) -> usize {
    let g = variant.geometry;
    let empty = |_: Square| Occupant::Empty;
    let mut reach: Vec<Square> = variant
        .kind(kind)
        .atoms
        .iter()
        .flat_map(|a| {
            let mut v: Vec<Square> = a
                .reach(color, g, sq, &empty)
                .into_iter()
                .map(|r| r.0)
                .collect();
            v.extend(a.attack_squares(color, g, sq, &empty));
            v
        })
        .collect();
    reach.sort();
    reach.dedup();
    reach.len()
}

impl Evaluator {
    /// Builds the evaluation of `variant`.
    pub fn new(variant: &Variant) -> Evaluator {
        let g = variant.geometry;
        let n = g.len() as f64;
        let mut value = [(0, 0); MAX_KINDS];
        let mut pawn = [false; MAX_KINDS];
        let mut royal = [false; MAX_KINDS];
        let mut pst = vec![[(0i16, 0i16); SQUARES]; 2 * MAX_KINDS];
        for k in variant.kind_ids() {
            let kind = variant.kind(k);
            pawn[k.index()] = kind.pawn;
            royal[k.index()] = kind.royal;
            let mob: Vec<usize> = g
                .squares()
                .map(|s| mobility(variant, k, Color::White, s))
                .collect();
            let avg = mob.iter().sum::<usize>() as f64 / n;
            let v = match kind.value {
                Some(v) => v,
                None if kind.royal => 0,
                None if kind.pawn => 100,
                // Calibrated on chess: knight 5.25 squares ~ 320, queen 22.75 ~ 900.
                None => (130.0 + 33.0 * avg) as i32,
            };
            value[k.index()] = if kind.pawn { (v, v * 13 / 10) } else { (v, v) };
            for color in Color::ALL {
                let table = &mut pst[color.index() * MAX_KINDS + k.index()];
                for sq in g.squares() {
                    let m = mobility(variant, k, color, sq) as f64 - avg;
                    let (f, r) = g.coords(sq);
                    let rel_rank = match color {
                        Color::White => r,
                        Color::Black => g.ranks() as i8 - 1 - r,
                    } as f64;
                    let centre = {
                        let cf = (g.files() as f64 - 1.0) / 2.0;
                        let cr = (g.ranks() as f64 - 1.0) / 2.0;
                        -((f as f64 - cf).abs() + (r as f64 - cr).abs())
                    };
                    table[sq.index()] = if kind.royal {
                        // Stay home in the middlegame, come to the centre in the endgame.
                        ((-12.0 * rel_rank) as i16, (6.0 * centre) as i16)
                    } else if kind.pawn {
                        ((6.0 * rel_rank) as i16, (12.0 * rel_rank) as i16)
                    } else {
                        ((3.0 * m) as i16, (2.0 * m) as i16)
                    };
                }
            }
        }
        let start_phase = start_phase(variant, &value, &pawn, &royal).max(1);
        Evaluator {
            value,
            pst,
            start_phase,
            pawn,
            royal,
        }
    }

    /// The middlegame value of a kind (for move ordering and pruning).
    #[inline]
    pub fn value(&self, kind: KindId) -> i32 {
        self.value[kind.index()].0
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate<B: Bits>(&self, pos: &Position<B>) -> i32 {
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        for sq in pos.occupied().squares() {
            let p = pos.piece_at(sq).expect("occupied");
            let k = p.kind.index();
            let (vm, ve) = self.value[k];
            let (pm, pe) = self.pst[p.color.index() * MAX_KINDS + k][sq.index()];
            let sign = if p.color == Color::White { 1 } else { -1 };
            mg += sign * (vm + pm as i32);
            eg += sign * (ve + pe as i32);
            if !self.pawn[k] && !self.royal[k] {
                phase += vm;
            }
        }
        // Musketeer reserve pieces are worth most of their value before they enter.
        let gating = pos.gating();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            for (i, t) in gating.types.iter().enumerate() {
                // Placed pieces wait to enter; selected but unplaced ones will be placed.
                let waiting = matches!(
                    gating.slots[color.index()][i],
                    joust_core::Slot::File(_) | joust_core::Slot::Unplaced
                );
                if let (Some(k), true) = (t, waiting) {
                    mg += sign * self.value[k.index()].0 * 9 / 10;
                    eg += sign * self.value[k.index()].1 * 9 / 10;
                }
            }
        }
        let phase = phase.min(self.start_phase);
        let score = (mg * phase + eg * (self.start_phase - phase)) / self.start_phase;
        match pos.side_to_move() {
            Color::White => score,
            Color::Black => -score,
        }
    }
}

/// Non-pawn, non-royal material of both sides in the start position.
fn start_phase(
    variant: &Variant,
    value: &[(i32, i32); MAX_KINDS],
    pawn: &[bool; MAX_KINDS],
    royal: &[bool; MAX_KINDS],
) -> i32 {
    let placement = variant.start_fen.split([' ', '[']).next().unwrap_or("");
    let mut total = 0;
    for c in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if let Some(k) = variant.kind_by_letter(color, c.to_ascii_uppercase()) {
            if !pawn[k.index()] && !royal[k.index()] {
                total += value[k.index()].0;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn start_positions_are_level_and_material_counts() {
        for v in variants::all() {
            let e = Evaluator::new(v);
            if v.geometry.len() <= 64 {
                let pos: Position<u64> = Position::from_fen(v, v.start_fen).unwrap();
                // Symmetric armies evaluate to (nearly) zero; Clash's differ a little.
                assert!(
                    e.evaluate(&pos).abs() < 80,
                    "{}: {}",
                    v.id,
                    e.evaluate(&pos)
                );
            }
        }
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let up_a_queen: Position<u64> = Position::from_fen(
            chess,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&up_a_queen) > 700);
    }

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
}
