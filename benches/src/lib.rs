//! Shared helpers for the criterion benchmarks: the positions they measure and the counts
//! each benchmark checks before it is timed.

#![warn(missing_docs)]

use joust_core::{variants, Position};
use joust_movegen::position_from_fen;

/// A chess position with its number of legal moves (perft 1).
#[derive(Clone, Copy, Debug)]
pub struct BenchPosition {
    /// A short name.
    pub name: &'static str,
    /// The FEN.
    pub fen: &'static str,
    /// The number of legal moves of the side to move.
    pub legal_moves: u64,
}

/// The chess start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Kiwipete, position 2 of the Chess Programming Wiki's perft suite.
pub const KIWIPETE_FEN: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Perft 4 of [`START_FEN`].
pub const START_PERFT_4: u64 = 197_281;

/// Perft 4 of the LancerChess start position (`suites/reference/lancerchess.perft`).
pub const LANCERCHESS_PERFT_4: u64 = 140_739;

/// Musketeer after setup: Leopard behind a1/a8 and Cannon behind b1/b8 for both sides (in
/// bracket form, the 10-row example of docs/rules/musketeer.md, "Writing moves").
pub const MUSKETEER_LEOPARD_CANNON_FEN: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LaCblacb] w KQkq - 0 1";

/// Perft 4 of [`MUSKETEER_LEOPARD_CANNON_FEN`] (suites/reference/README.md, fsmosca's
/// count).
pub const MUSKETEER_LEOPARD_CANNON_PERFT_4: u64 = 195_507;

/// Perft 4 of the Royal Lion Chess start position (`suites/reference/royal-lion.perft`).
pub const ROYAL_LION_PERFT_4: u64 = 481_258;

/// Perft 3 of the Lancers Chess start position (`suites/reference/lancers.perft`).
pub const LANCERS_PERFT_3: u64 = 702_345;

/// Perft 5 of the Cromwell Chess start position (`suites/reference/cromwell.perft`).
pub const CROMWELL_PERFT_5: u64 = 1_150_065;

/// Perft 4 of the Clash start position (`suites/reference/clash.perft`).
pub const CLASH_PERFT_4: u64 = 166_645;

/// Perft 3 of [`KIWIPETE_FEN`].
pub const KIWIPETE_PERFT_3: u64 = 97_862;

/// The seven positions of `suites/reference/chess.perft`, in file order, with the
/// `perft 1` counts given there.
pub const CHESS_POSITIONS: [BenchPosition; 7] = [
    BenchPosition {
        name: "start",
        fen: START_FEN,
        legal_moves: 20,
    },
    BenchPosition {
        name: "kiwipete",
        fen: KIWIPETE_FEN,
        legal_moves: 48,
    },
    BenchPosition {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        legal_moves: 14,
    },
    BenchPosition {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        legal_moves: 6,
    },
    BenchPosition {
        name: "position 4, mirrored",
        fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        legal_moves: 6,
    },
    BenchPosition {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        legal_moves: 44,
    },
    BenchPosition {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        legal_moves: 46,
    },
];

/// The legal moves of all of [`CHESS_POSITIONS`] together.
pub const CHESS_LEGAL_MOVES_TOTAL: u64 = 184;

/// A chess position from a FEN this crate embeds.
///
/// # Panics
/// If the FEN is not a legal chess position (a bug in these constants).
pub fn chess_position(fen: &str) -> Position<u64> {
    position_from_fen::<u64>(variants::chess(), fen)
        .unwrap_or_else(|e| panic!("bad benchmark FEN {fen}: {e}"))
}

/// [`CHESS_POSITIONS`] as positions, in the same order.
pub fn chess_positions() -> Vec<Position<u64>> {
    CHESS_POSITIONS
        .iter()
        .map(|p| chess_position(p.fen))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_movegen::{legal_moves, suite::parse_suite};
    use std::path::Path;

    #[test]
    fn counts_add_up_and_match_move_generation() {
        let sum: u64 = CHESS_POSITIONS.iter().map(|p| p.legal_moves).sum();
        assert_eq!(sum, CHESS_LEGAL_MOVES_TOTAL);
        for (p, pos) in CHESS_POSITIONS.iter().zip(chess_positions()) {
            assert_eq!(legal_moves(&pos).len() as u64, p.legal_moves, "{}", p.name);
        }
    }

    #[test]
    fn positions_are_those_of_the_reference_suite() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suites/reference/chess.perft");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let suite = parse_suite(&text).expect("chess.perft parses");
        assert_eq!(suite.len(), CHESS_POSITIONS.len());
        for (p, s) in CHESS_POSITIONS.iter().zip(&suite) {
            assert_eq!(p.fen, s.fen, "{}", p.name);
            let perft1 = s.counts.iter().find(|&&(d, _)| d == 1).map(|&(_, n)| n);
            assert_eq!(perft1, Some(p.legal_moves), "{}", p.name);
        }
    }
}
