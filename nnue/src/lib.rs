//! joust-nnue: a learned evaluation (NNUE-style) for any game of Joust.
//!
//! The input is one feature per piece on the board, for each side's perspective: the
//! piece's colour relative to the perspective, its kind, and its square (the board turned
//! over for Black), so a game of `K` kinds on `S` squares has `2 K S` features; a
//! Lancer's facing is part of its kind. The network is
//! `features -> hidden` (one accumulator per perspective, shared weights),
//! both accumulators (the side to move's first) through SCReLU (`clamp(x, 0, 1)^2`),
//! then one output. Weights are quantised: the first layer by [`QA`], the output by
//! [`QB`], and the output read as centipawns through [`SCALE`].
//!
//! - [`network`]: [`Network`], its file format and the output layer;
//! - [`accumulator`]: [`Accumulator`] (brought from any position to another by the
//!   pieces that differ) and [`Stack`] (one per ply of a search line).
//!
//! ```
//! use joust_core::{variants, Position};
//! use joust_nnue::{Accumulator, Network};
//!
//! let chess = variants::chess();
//! let features = joust_nnue::network::feature_count(6, 8, 8);
//! // A network whose first layer sees nothing: its value is its output bias.
//! let net = Network::new("chess", 8, 8, 6, 16, vec![0; features * 16], vec![0; 16],
//!     vec![0; 32], 64 * 255 * 2).unwrap();
//! let pos: Position<u64> = Position::from_fen(chess, chess.start_fen).unwrap();
//! assert_eq!(joust_nnue::evaluate(&net, &pos), 2 * 400);
//! ```

#![warn(missing_docs)]

pub mod accumulator;
pub mod network;

pub use accumulator::{Accumulator, Stack};
pub use network::{NetError, Network};

use joust_core::{Bits, Position};

/// The first layer's quantisation: a float weight `w` is stored as `round(w * QA)`, and
/// SCReLU clamps to `0..=QA`.
pub const QA: i16 = 255;
/// The output layer's quantisation: `round(w * QB)`.
pub const QB: i16 = 64;
/// Centipawns per unit of the network's float output (the trainer's target is
/// `sigmoid(score / SCALE)`).
pub const SCALE: i32 = 400;

/// The network's value of `pos` for the side to move, in centipawns, summed afresh.
pub fn evaluate<B: Bits>(net: &Network, pos: &Position<B>) -> i32 {
    let mut acc = Accumulator::new(net);
    acc.refresh(net, pos);
    acc.evaluate(net, pos.side_to_move())
}
