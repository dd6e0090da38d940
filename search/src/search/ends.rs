//! The game's own ends in the search (`joust_core::end_rules`): a side extinct ends the
//! game at the node, before any draw rule (as Fairy-Stockfish checks it first); checkmate
//! may win for the mated side (Losers); games with such ends need the root's mate guard
//! at every depth, since a reply that wins at once need not give check.

use super::worker::Worker;
use super::MATE;
use joust_core::{Color, Position};
use joust_movegen::{checkmate_winner, TableCache};

/// The score at `ply` for `us` of an end won by `winner` (`None`: a draw).
fn end_score(winner: Option<Color>, us: Color, ply: usize) -> i32 {
    match winner {
        None => 0,
        Some(w) if w == us => MATE - ply as i32,
        Some(_) => -MATE + ply as i32,
    }
}

impl<B: TableCache> Worker<'_, B> {
    /// The score at `ply` of a position where a side is extinct, for the side to move;
    /// `None` if the game has no extinction rule or the position has not reached it.
    #[inline]
    pub(super) fn extinction_score(&self, pos: &Position<B>, ply: usize) -> Option<i32> {
        let ends = &self.t.variant().end_rules;
        ends.extinction.as_ref()?;
        let end = ends.extinct(pos)?;
        Some(end_score(end.winner, pos.side_to_move(), ply))
    }

    /// The score at `ply` of being checkmated in `pos`: a loss, or a win in Losers; under
    /// Shatar's mating rule, what the series of checks that led to it makes it.
    pub(super) fn mated_score(&self, pos: &Position<B>, ply: usize) -> i32 {
        end_score(checkmate_winner(self.t, pos), pos.side_to_move(), ply)
    }

    /// True if the game ends in other ways than being mated or stalemated (extinction)
    /// or if being mated does not lose: a reply may then win at once without a check.
    pub(super) fn has_own_ends(&self) -> bool {
        self.t.variant().end_rules.has_own_ends()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_scores_are_mates_from_the_side_to_move() {
        assert_eq!(end_score(Some(Color::White), Color::White, 3), MATE - 3);
        assert_eq!(end_score(Some(Color::Black), Color::White, 3), -MATE + 3);
        assert_eq!(end_score(None, Color::Black, 3), 0);
    }
}
