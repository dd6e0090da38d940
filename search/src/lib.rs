//! joust-search: which move is best.
//!
//! [`search()`] runs iterative-deepening PVS on any number of threads sharing one
//! transposition table; [`Evaluator`] scores positions of any game from its data alone.

#![warn(missing_docs)]

pub mod eval;
pub mod nets;
pub mod search;
pub mod see;
pub mod strength;
pub mod tt;
pub mod tuned;
pub mod weights;

pub use eval::{Evaluator, EVAL_MAX};
pub use search::{search, Info, Limits, SearchResult, Shared, MATE, MATE_BOUND};
pub use strength::{Strength, StrengthError};
pub use tt::TableError;
pub use weights::Weights;
