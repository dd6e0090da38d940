//! Helpers shared by the search's integration tests: a seeded random generator, random
//! playouts, and an exact (eval-free) check of a forced mate.

#![allow(dead_code)]

use joust_core::Position;
use joust_movegen::{generate, make, tables, unmake, Game, MoveList, TableCache};

/// SplitMix64: a small seeded generator, so that every run tests the same cases.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        joust_core::rng::splitmix64(&mut self.0)
    }

    /// A number from `low` to `high`, both included.
    pub fn range(&mut self, low: i32, high: i32) -> i32 {
        let span = (high as i64 - low as i64 + 1) as u64;
        (low as i64 + (self.next() % span) as i64) as i32
    }
}

/// The legal moves of `pos`.
pub fn moves<B: TableCache>(pos: &Position<B>) -> MoveList {
    let mut list = MoveList::new();
    generate(tables::<B>(pos.variant()), pos, &mut list);
    list
}

/// `pos` after up to `plies` random legal moves (fewer if the game ends first).
pub fn playout<B: TableCache>(pos: &Position<B>, plies: usize, rng: &mut Rng) -> Position<B> {
    let t = tables::<B>(pos.variant());
    let mut pos = pos.clone();
    for _ in 0..plies {
        let list = moves(&pos);
        if list.is_empty() {
            break;
        }
        let mv = list.as_slice()[rng.next() as usize % list.len()];
        make(t, &mut pos, mv);
    }
    pos
}

/// True if the side to move of `pos` has lost: no legal move, and the game's outcome
/// there (mate, a stalemate that loses, an extinction, a goal) has the other side win.
fn lost<B: TableCache>(pos: &Position<B>, list: &MoveList) -> bool {
    list.is_empty()
        && Game::new(pos.clone()).outcome().and_then(|o| o.winner()) == Some(!pos.side_to_move())
}

/// True if the side to move of `pos` has won: no legal move, and the game's outcome
/// there has the side to move win.
fn won<B: TableCache>(pos: &Position<B>, list: &MoveList) -> bool {
    list.is_empty()
        && Game::new(pos.clone()).outcome().and_then(|o| o.winner()) == Some(pos.side_to_move())
}

/// Whether the side to move can force a win within `plies` plies, by a full-width search
/// without evaluation; `None` once `budget` nodes are spent.
pub fn wins_within<B: TableCache>(
    pos: &mut Position<B>,
    plies: u32,
    budget: &mut u64,
) -> Option<bool> {
    let list = moves(pos);
    if list.is_empty() {
        // The game is over: won if its outcome names the side to move (Codrus and
        // Antichess are won by losing the King or every piece, with the move).
        return Some(won(pos, &list));
    }
    if plies == 0 {
        return Some(false);
    }
    let t = tables::<B>(pos.variant());
    for &mv in list.iter() {
        *budget = budget.checked_sub(1)?;
        let undo = make(t, pos, mv);
        let won = loses_within(pos, plies - 1, budget);
        unmake(t, pos, mv, &undo);
        if won? {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether the side to move of `pos` loses by force within `plies` plies (it has lost
/// already at 0); `None` once `budget` nodes are spent.
pub fn loses_within<B: TableCache>(
    pos: &mut Position<B>,
    plies: u32,
    budget: &mut u64,
) -> Option<bool> {
    let list = moves(pos);
    if list.is_empty() {
        return Some(lost(pos, &list));
    }
    if plies == 0 || pos.halfmove_clock() >= pos.variant().fifty_move_plies {
        return Some(false);
    }
    let t = tables::<B>(pos.variant());
    for &mv in list.iter() {
        *budget = budget.checked_sub(1)?;
        let undo = make(t, pos, mv);
        let escaped = wins_within(pos, plies - 1, budget).map(|w| !w);
        unmake(t, pos, mv, &undo);
        if escaped? {
            return Some(false);
        }
    }
    Some(true)
}

/// Searches `fen` of `game` to `depth` (at most 2M nodes, one thread, a fresh 16 MB
/// table): the best move's coordinate text, if any, and the score.
pub fn solve(game: &str, fen: &str, depth: u32) -> (Option<String>, i32) {
    use joust_search::{search, Evaluator, Limits, Shared};
    let v = joust_core::variants::by_id(game).unwrap();
    let pos: Position<u64> = joust_movegen::position_from_fen(v, fen).unwrap();
    let shared = Shared::new(16);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(2_000_000),
        multipv: 1,
        ..Limits::default()
    };
    let r = search(&pos, &[], &limits, &shared, 1, &Evaluator::new(v), |_| {});
    (
        r.best.map(|m| joust_notation::move_to_text(&pos, m)),
        r.score,
    )
}
