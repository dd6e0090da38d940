//! What each kind reaches on the empty board, counted once per game: the slow part of
//! building an evaluation (bent riders and Lion moves on a 10x10 board take most of a
//! second), which everything that only changes the weights reuses.

use std::sync::Arc;

use joust_core::atom::Occupant;
use joust_core::{Color, KindId, Square, Variant, MAX_KINDS};

use super::SQUARES;

/// Per kind, colour and square, how many squares the kind moves, captures or shoots to
/// on the empty board; and which kinds never leave their square colour. Shared (`Arc`)
/// between the evaluators of one game.
#[derive(Debug)]
pub(super) struct EmptyBoardReach {
    /// `count[color * MAX_KINDS + kind][square]`.
    count: Vec<[u16; SQUARES]>,
    /// Kinds that reach only squares of the colour they stand on, from every square
    /// (and reach some square at all).
    same_colour: [bool; MAX_KINDS],
}

impl EmptyBoardReach {
    /// Counts `variant`'s reach once.
    pub(super) fn of(variant: &Variant) -> Arc<EmptyBoardReach> {
        let g = variant.geometry;
        let colour = |sq: Square| {
            let (f, r) = g.coords(sq);
            (f + r).rem_euclid(2)
        };
        let mut reach = EmptyBoardReach {
            count: vec![[0; SQUARES]; 2 * MAX_KINDS],
            same_colour: [false; MAX_KINDS],
        };
        for k in variant.kind_ids() {
            let mut moves_somewhere = false;
            let mut leaves_colour = false;
            for color in Color::ALL {
                for from in g.squares() {
                    let to = squares_reached(variant, k, color, from);
                    if color == Color::White {
                        moves_somewhere |= !to.is_empty();
                        leaves_colour |= to.iter().any(|&t| colour(t) != colour(from));
                    }
                    reach.count[color.index() * MAX_KINDS + k.index()][from.index()] =
                        to.len() as u16;
                }
            }
            reach.same_colour[k.index()] = moves_somewhere && !leaves_colour;
        }
        Arc::new(reach)
    }

    /// How many squares `kind` of `color` reaches from `sq` on the empty board.
    pub(super) fn count(&self, kind: KindId, color: Color, sq: Square) -> usize {
        self.count[color.index() * MAX_KINDS + kind.index()][sq.index()] as usize
    }

    /// The average of [`EmptyBoardReach::count`] for White over the board's squares.
    pub(super) fn average(&self, variant: &Variant, kind: KindId) -> f64 {
        let g = variant.geometry;
        let sum: usize = g.squares().map(|s| self.count(kind, Color::White, s)).sum();
        sum as f64 / g.len() as f64
    }

    /// True if `kind` moves (and attacks) only to squares of the colour it stands on,
    /// from every square of the board: a bishop, an alfil, a ferz-and-alfil.
    pub(super) fn keeps_its_colour(&self, kind: KindId) -> bool {
        self.same_colour[kind.index()]
    }
}

/// The squares a kind moves, captures or shoots to from `sq` on an empty board, once each.
fn squares_reached(variant: &Variant, kind: KindId, color: Color, sq: Square) -> Vec<Square> {
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
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn a_knight_reaches_eight_squares_in_the_centre_and_two_in_a_corner() {
        let chess = variants::chess();
        let reach = EmptyBoardReach::of(chess);
        let n = chess.any_kind_by_letter('N').unwrap();
        let g = chess.geometry;
        let at = |f, r| g.square(f, r).unwrap();
        assert_eq!(reach.count(n, Color::White, at(3, 3)), 8);
        assert_eq!(reach.count(n, Color::Black, at(0, 0)), 2);
        // 336 knight moves on the empty board, over 64 squares.
        assert_eq!(reach.average(chess, n), 336.0 / 64.0);
        let b = chess.any_kind_by_letter('B').unwrap();
        assert!(reach.keeps_its_colour(b) && !reach.keeps_its_colour(n));
    }
}
