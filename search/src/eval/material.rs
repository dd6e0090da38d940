//! Material and placement at evaluation time: each piece's value and its square's bonus
//! from the piece-square tables, and the pieces waiting to enter (Musketeer's reserve,
//! S-Chess's hand).

use joust_core::{Color, Position, Square, MAX_KINDS};
use joust_movegen::TableCache;

use super::{Evaluator, Score};

impl Evaluator {
    /// The value of a piece of kind index `k` and colour index `ci` on `sq`, with its
    /// square's bonus, for its own side.
    #[inline]
    pub(super) fn material(&self, ci: usize, k: usize, sq: Square) -> Score {
        let (vm, ve) = self.value[k];
        let (pm, pe) = self.pst[ci * MAX_KINDS + k][sq.index()];
        Score::new(vm + pm as i32, ve + pe as i32)
    }

    /// Pieces waiting off the board, for White: Musketeer's reserve pieces and S-Chess's
    /// pieces in hand, worth most of their value before they enter.
    pub(super) fn reserve<B: TableCache>(&self, pos: &Position<B>) -> Score {
        let mut score = Score::ZERO;
        let gating = pos.gating();
        for color in Color::ALL {
            let mut side = Score::ZERO;
            for (i, t) in gating.types.iter().enumerate() {
                // Placed pieces wait to enter; selected but unplaced ones will be placed.
                let waiting = matches!(
                    gating.slots[color.index()][i],
                    joust_core::Slot::File(_) | joust_core::Slot::Unplaced
                );
                if let (Some(k), true) = (t, waiting) {
                    side += Score::new(
                        self.value[k.index()].0 * 9 / 10,
                        self.value[k.index()].1 * 9 / 10,
                    );
                }
            }
            // Pieces in hand (S-Chess): as a reserve piece while a square can still take
            // them, nothing once none can.
            if pos.hand_size(color) > 0 && pos.first_move_rights(color) != 0 {
                for k in pos.hand_kinds(color) {
                    let n = pos.hand_count(color, k) as i32;
                    side += Score::new(
                        n * self.value[k.index()].0 * 9 / 10,
                        n * self.value[k.index()].1 * 9 / 10,
                    );
                }
            }
            score += side.for_color(color);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use crate::Evaluator;
    use joust_core::{variants, Color, Position};
    use joust_movegen::{on_position, AnyPosition};

    /// True if a legal move of `pos` lands on an enemy piece.
    fn first_move_may_capture<B: joust_movegen::TableCache>(pos: &Position<B>) -> bool {
        let mut list = joust_movegen::MoveList::new();
        joust_movegen::generate(joust_movegen::tables::<B>(pos.variant()), pos, &mut list);
        list.iter().any(|m| {
            pos.piece_at(m.to)
                .is_some_and(|p| p.color != pos.side_to_move())
        })
    }

    #[test]
    fn start_positions_are_level_and_material_counts() {
        for v in variants::all() {
            let e = Evaluator::new(v);
            // Symmetric armies evaluate to (nearly) zero; Clash's differ a little. Horde's
            // sides have different numbers of pieces: not level by design.
            let count = |c: Color| v.start_pieces().filter(|p| p.0 == c).count();
            if count(Color::White) != count(Color::Black) {
                continue;
            }
            let pos = AnyPosition::start(v).unwrap();
            // A start where the first move may capture (Clobber: every stone stands
            // next to an enemy) is not quiet: its value rightly counts the threats of
            // the side to move.
            if on_position!(&pos, p => first_move_may_capture(p)) {
                continue;
            }
            let value = on_position!(&pos, p => e.evaluate(p));
            // Armies of other pieces need not be level: Cromwell's fit, from self-play
            // games that Black won 882 to 292, values Black's Pym above White's Rupert.
            let letters = |c: Color| {
                let mut l: Vec<char> = v
                    .start_pieces()
                    .filter(|p| p.0 == c)
                    .map(|p| v.kind(p.1).letter)
                    .collect();
                l.sort_unstable();
                l
            };
            let bound = if letters(Color::White) == letters(Color::Black) {
                120
            } else {
                300
            };
            assert!(value.abs() < bound, "{}: {value}", v.id);
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
}
