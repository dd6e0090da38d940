//! Iterative-deepening principal-variation search with quiescence, a shared
//! transposition table, move ordering (table move, captures by value, killers, history,
//! kept from one move of a game to the next), check and singular extensions, null-move
//! pruning, late-move reductions (more at expected cut nodes) and pruning of late quiet
//! moves by count, history and futility; several threads search the same tree and share
//! what they learn through the table (Lazy SMP).
//!
//! One file per concern, as Reckless splits its search:
//!
//! - `limits`: [`Limits`], what the caller asks for; `time`: the time plan (a clock into
//!   a time for one move, when to stop, when not to start another iteration);
//! - `shared`: [`Shared`], the table and the state every thread sees;
//! - `root`: [`search`], the threads, iterative deepening and aspiration windows, and
//!   what is reported ([`Info`], [`SearchResult`]);
//! - `worker`: one thread's state and the small questions every node asks (repetition,
//!   terminal scores, the cached static value);
//! - `pvs`: the main alpha-beta search of one node, with its pruning and extensions;
//!   `quiescence`: captures and promotions below the horizon;
//! - `ordering`: the order moves are tried in; `history`: the statistics it learns from;
//! - `mate_guard`: the root's test for a reply that wins at once; `ends`: the game's own
//!   ends (extinction, mate that wins);
//! - `params`: every tuned number (margins, depths, reductions, windows);
//! - `table_score`: mate scores as the table stores them.

mod ends;
mod history;
mod limits;
mod mate_guard;
mod ordering;
mod params;
mod pvs;
mod quiescence;
mod root;
mod shared;
mod table_score;
mod time;
mod worker;

pub use limits::Limits;
pub use root::{search, Info, SearchResult};
pub use shared::Shared;

use crate::eval::EVAL_MAX;

/// A mate score: mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Beyond every score: the window of a full search.
const INF: i32 = 32_000;
/// The deepest ply a line is searched to.
const MAX_PLY: usize = 120;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
// Static values stay well inside the mate scores, with room for the search's margins and
// aspiration windows, so that no evaluation reads as a mate.
const _: () = assert!(EVAL_MAX + 5_000 < MATE_BOUND && MATE < INF);
