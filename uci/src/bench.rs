//! `bench`, Stockfish's convention: a search to a fixed depth of each position of a
//! fixed list, on one thread, printing a line per position and at the end the time, the
//! nodes and the speed. The node count is a signature of the search: any change to the
//! search or the evaluation changes it, and nothing else does (it does not depend on the
//! machine or its speed).

use crate::board::Board;
use crate::command::Setup;
use joust_core::variants;
use joust_search::{Evaluator, Limits, Shared};
use std::fmt;
use std::time::{Duration, Instant};

/// The depth of a `bench` that names none.
pub const DEFAULT_DEPTH: u32 = 8;
/// The deepest `bench` accepted (deeper would take hours).
pub const MAX_DEPTH: u32 = 30;
/// The transposition table of a `bench`, in megabytes (Stockfish's default: 16).
pub const HASH_MB: usize = 16;

/// The positions searched: a game id and a FEN. Data, not code: a game is benched
/// because it is listed here. The start position of each game, and one from its middle
/// game (reached by the engine's own moves at a low depth).
pub const POSITIONS: &[(&str, &str)] = &[
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess",
        "r1q1kb1r/ppp2pp1/2n1pn1p/3p1b2/3P1B1P/1QP2N2/PP2PPP1/RN2KB1R w KQkq - 2 8",
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "lancerchess",
        "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1",
    ),
    (
        "lancerchess",
        "rjbq1b1r/p1p2ppp/4p1l1/3p4/2pPP3/2PJ2L1/PP3PPP/R1BQ1B1R w KQkq - 0 8",
    ),
    (
        "clash",
        "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "clash",
        "r1bqk2r/pppp2pp/4lp2/2b1j3/2B1P3/5N2/PPPK1PPP/RNB1RQ2 w kq - 4 8",
    ),
    (
        "lancers",
        "rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBL(NW)R w KQkq - 0 1",
    ),
    (
        "lancers",
        "r2qkb1r/pppb1ppp/3l(S)l(S)3/3Q4/8/2PpL(N)1P1/PP1PPP1P/R1B1KB1R w KQkq - 1 8",
    ),
    (
        "single-lancer",
        "rl(SE)bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBNR w KQkq - 0 1",
    ),
    (
        "single-lancer",
        "r1bqk2r/ppl(E)2pp1/2pbpn1p/3p4/3P2P1/2P1PN1P/PPL(E)2P2/R1BQKB1R w KQkq - 1 8",
    ),
    (
        "cromwell",
        "whbykbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW w - - 0 1",
    ),
    (
        "cromwell",
        "w1b1kbhw/pppppppp/8/8/4y3/1P3H2/PBP2PPP/W2RKB1W w - - 0 8",
    ),
    (
        "royal-lion",
        "mhqdladqhm/rnbgccgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGCCGBNR/MHQDLADQHM w - - 0 1",
    ),
    (
        "royal-lion",
        "mhqdl1dqhm/rnba1cgbnr/pp4pppp/3p6/2p1Pp4/3PP5/10/PPP3PPPP/RN1DCCGBNR/MHQ1LADQHM w - - 0 8",
    ),
    (
        "musketeer",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ),
    (
        "musketeer",
        "rnbqkblr/ppp1pppp/5P2/8/8/2p5/PPPP1PPP/RLBQKBNR[CaL-cal-] w KQkq - 0 8",
    ),
];

/// One position's search, as `bench` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The position's number in [`POSITIONS`], from 1.
    pub number: usize,
    /// How many positions there are.
    pub total: usize,
    /// The game id.
    pub game: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The best move in coordinate text (`0000` if the position has no legal move).
    pub best: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

impl fmt::Display for BenchLine {
    /// `Position  1/16  chess          best e2e4     nodes     12345  <FEN>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = format!("{}/{}", self.number, self.total);
        write!(
            f,
            "Position {number:>5}  {:<13} best {:<9} nodes {:>9}  {}",
            self.game, self.best, self.nodes, self.fen
        )
    }
}

/// The totals of a `bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    /// Nodes searched, all positions.
    pub nodes: u64,
    /// Time taken, all positions.
    pub time: Duration,
}

impl BenchSummary {
    /// Nodes per second (the time counted as at least a millisecond).
    pub fn nodes_per_second(&self) -> u64 {
        let ms = self.time.as_millis().max(1);
        u64::try_from(u128::from(self.nodes) * 1000 / ms).unwrap_or(u64::MAX)
    }

    /// The closing lines, as Stockfish writes them.
    pub fn lines(&self) -> [String; 4] {
        [
            "===========================".to_string(),
            format!("Total time (ms) : {}", self.time.as_millis()),
            format!("Nodes searched  : {}", self.nodes),
            format!("Nodes/second    : {}", self.nodes_per_second()),
        ]
    }
}

/// Why a `bench` could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BenchError {
    /// The depth is not from 1 to [`MAX_DEPTH`] (the text given).
    Depth(String),
    /// A listed position could not be set up (its number, why): a bug in the list.
    Position(usize, String),
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::Depth(text) => {
                write!(
                    f,
                    "bench depth '{text}' is not a whole number from 1 to {MAX_DEPTH}"
                )
            }
            BenchError::Position(n, why) => write!(f, "bench position {n}: {why}"),
        }
    }
}

impl std::error::Error for BenchError {}

/// Reads a `bench` depth: none gives [`DEFAULT_DEPTH`].
pub fn parse_depth(text: Option<&str>) -> Result<u32, BenchError> {
    match text {
        None => Ok(DEFAULT_DEPTH),
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or_else(|| BenchError::Depth(t.to_string())),
    }
}

/// Searches every position of [`POSITIONS`] to `depth` on one thread, each from an empty
/// table with the game's own evaluation; `each` gets each position's line as it is done.
pub fn run(depth: u32, mut each: impl FnMut(&BenchLine)) -> Result<BenchSummary, BenchError> {
    let shared = Shared::new(HASH_MB);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut summary = BenchSummary {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, &(game, fen)) in POSITIONS.iter().enumerate() {
        let fail = |why: String| BenchError::Position(i + 1, why);
        let variant = variants::by_id(game).map_err(|e| fail(e.to_string()))?;
        let board = Board::set_up(variant, &Setup::Fen(fen.to_string()), &[])
            .map_err(|e| fail(e.to_string()))?;
        let evaluator = Evaluator::new(variant);
        shared.clear();
        shared.arm();
        let start = Instant::now();
        let (result, best) = board.search(&limits, &shared, 1, &evaluator, |_, _| {});
        let line = BenchLine {
            number: i + 1,
            total: POSITIONS.len(),
            game,
            fen,
            best: best.unwrap_or_else(|| "0000".to_string()),
            nodes: result.nodes,
            time: start.elapsed(),
        };
        summary.nodes += line.nodes;
        summary.time += line.time;
        each(&line);
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_position_is_of_a_known_game_and_sets_up() {
        for (i, &(game, fen)) in POSITIONS.iter().enumerate() {
            let variant = variants::by_id(game).unwrap_or_else(|e| panic!("{i}: {e}"));
            Board::set_up(variant, &Setup::Fen(fen.to_string()), &[])
                .unwrap_or_else(|e| panic!("{i} ({game}): {e}"));
        }
    }

    #[test]
    fn depths_are_read_with_a_default_and_bounds() {
        assert_eq!(parse_depth(None), Ok(DEFAULT_DEPTH));
        assert_eq!(parse_depth(Some("3")), Ok(3));
        for bad in ["0", "31", "-1", "deep", ""] {
            assert_eq!(
                parse_depth(Some(bad)),
                Err(BenchError::Depth(bad.to_string()))
            );
        }
        assert_eq!(
            BenchError::Depth("x".into()).to_string(),
            "bench depth 'x' is not a whole number from 1 to 30"
        );
    }

    #[test]
    fn the_speed_is_nodes_over_time() {
        let s = BenchSummary {
            nodes: 3000,
            time: Duration::from_millis(1500),
        };
        assert_eq!(s.nodes_per_second(), 2000);
        assert_eq!(s.lines()[3], "Nodes/second    : 2000");
    }
}
