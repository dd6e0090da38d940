//! Seeded random play-outs: the positions checked besides the start. Each play-out plays
//! a random number of plies (1 to `max_plies`) of uniformly random legal moves from the
//! start; one that reaches a game end (mate, stalemate, a draw the rules declare) on the
//! way is thrown away and another tried. The same seed gives the same play-outs as long
//! as Joust generates the same moves in the same order; the moves are kept, so a
//! position can always be rebuilt from them.

use joust_core::rng::SplitMix64;
use joust_core::Position;
use joust_movegen::{Game, TableCache};
use joust_notation::move_to_text;

/// Tries per play-out before giving up on it (a game that ends at once everywhere).
const ATTEMPTS: usize = 200;

/// One play-out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Its number, from 1.
    pub index: usize,
    /// The moves from the start, in coordinates.
    pub moves: Vec<String>,
    /// Joust's FEN of the position reached.
    pub fen: String,
}

/// `count` play-outs from `start` with the generator seeded by `seed`, each of 1 to
/// `max_plies` plies, ending in distinct positions that are not game ends. Fewer come
/// back if the tries run out.
pub fn playouts<B: TableCache>(
    start: &Position<B>,
    count: usize,
    seed: u64,
    max_plies: usize,
) -> Vec<Playout> {
    let mut rng = SplitMix64::new(seed);
    let mut out: Vec<Playout> = Vec::new();
    let mut seen = vec![start.to_fen()];
    'playouts: for index in 1..=count {
        for _ in 0..ATTEMPTS {
            let plies = 1 + rng.below(max_plies.max(1));
            if let Some((moves, fen)) = play(start, plies, &mut rng) {
                if !seen.contains(&fen) {
                    seen.push(fen.clone());
                    out.push(Playout { index, moves, fen });
                    continue 'playouts;
                }
            }
        }
    }
    out
}

/// Plays `plies` random moves from `start`; `None` if the game ends on the way (or at
/// the end).
fn play<B: TableCache>(
    start: &Position<B>,
    plies: usize,
    rng: &mut SplitMix64,
) -> Option<(Vec<String>, String)> {
    let mut game = Game::new(start.clone());
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        if game.outcome().is_some() {
            return None;
        }
        let legal = game.legal_moves();
        let mv = legal.as_slice()[rng.below(legal.len())];
        moves.push(move_to_text(game.position(), mv));
        game.play(mv);
    }
    if game.outcome().is_some() {
        return None;
    }
    Some((moves, game.position().to_fen()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    #[test]
    fn play_outs_are_seeded_distinct_and_rebuilt_by_their_moves() {
        let chess = variants::chess();
        let start = position_from_fen::<u64>(chess, chess.start_fen).unwrap();
        let a = playouts(&start, 5, 7, 40);
        assert_eq!(a, playouts(&start, 5, 7, 40));
        assert_ne!(a, playouts(&start, 5, 8, 40));
        assert_eq!(a.len(), 5);
        for (i, p) in a.iter().enumerate() {
            assert_eq!(p.index, i + 1);
            assert!((1..=40).contains(&p.moves.len()));
            let mut game = Game::new(start.clone());
            for m in &p.moves {
                let mv = joust_notation::parse_move(game.position(), m).unwrap();
                assert!(game.play(mv));
            }
            assert_eq!(game.position().to_fen(), p.fen);
            assert!(game.outcome().is_none());
        }
        let fens: std::collections::BTreeSet<&str> = a.iter().map(|p| p.fen.as_str()).collect();
        assert_eq!(fens.len(), 5);
    }
}
