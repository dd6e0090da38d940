//! The position the engine holds, and the keys of the positions before it (for
//! repetitions).

use crate::command::{CommandError, Setup};
use crate::report::line_text;
use joust_core::{Color, FenError, Position, Variant};
use joust_movegen::{legal_moves, make, tables, AnyPosition, Game, Move, Outcome, TableCache};
use joust_notation::{move_to_text, parse_move, MoveTextError};
use joust_search::{Evaluator, Info, Limits, SearchResult, Shared};
use std::fmt;

/// A position with the keys of the game's positions before it (oldest first).
#[derive(Clone, Debug)]
pub struct Board {
    /// The position now.
    pub(crate) pos: AnyPosition,
    /// The keys of the positions before it, oldest first.
    pub(crate) keys: Vec<u64>,
}

/// Runs `$body` with `$pos` bound to the board's [`Position`] (generic over its width)
/// and `$keys` to the keys before it.
macro_rules! on_board {
    ($board:expr, |$pos:ident, $keys:ident| $body:expr) => {{
        let $crate::board::Board {
            pos: any,
            keys: $keys,
        } = $board;
        joust_movegen::on_position!(any, $pos => $body)
    }};
}
pub(crate) use on_board;

/// Why a `position` command was refused (and so why the engine has no position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The command itself could not be read.
    Command(CommandError),
    /// The FEN was refused.
    Fen(FenError),
    /// A move of the list is not legal (its number from 1, why).
    Move(usize, MoveTextError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Command(e) => write!(f, "{e}"),
            PositionError::Fen(e) => write!(f, "bad FEN: {e}"),
            PositionError::Move(n, e) => write!(f, "move {n} of the list: {e}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Plays the moves written `moves` from `pos`, pushing the key of each position before
/// its move onto `keys`.
fn play_all<B: TableCache>(
    pos: &mut Position<B>,
    keys: &mut Vec<u64>,
    moves: &[String],
) -> Result<(), PositionError> {
    let t = tables::<B>(pos.variant());
    for (i, text) in moves.iter().enumerate() {
        let mv = parse_move(pos, text).map_err(|e| PositionError::Move(i + 1, e))?;
        keys.push(pos.key());
        make(t, pos, mv);
    }
    Ok(())
}

impl Board {
    /// The start position of `variant`.
    pub fn start(variant: &'static Variant) -> Board {
        Board::set_up(variant, &Setup::StartPos, &[]).expect("a game's own start position")
    }

    /// The position of a `position` command in `variant`.
    pub fn set_up(
        variant: &'static Variant,
        setup: &Setup,
        moves: &[String],
    ) -> Result<Board, PositionError> {
        let fen = match setup {
            Setup::StartPos => variant.start_fen,
            Setup::Fen(fen) => fen.as_str(),
        };
        let mut board = Board {
            pos: AnyPosition::from_fen(variant, fen).map_err(PositionError::Fen)?,
            keys: Vec::with_capacity(moves.len()),
        };
        on_board!(&mut board, |pos, keys| play_all(pos, keys, moves))?;
        Ok(board)
    }

    /// True if White is to move.
    pub fn white_to_move(&self) -> bool {
        on_board!(self, |pos, _keys| pos.side_to_move() == Color::White)
    }

    /// The legal moves in coordinate text, in generation order.
    pub fn legal_texts(&self) -> Vec<String> {
        on_board!(self, |pos, _keys| legal_moves(pos)
            .iter()
            .map(|&m| move_to_text(pos, m))
            .collect())
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        on_board!(self, |pos, _keys| pos.to_fen())
    }

    /// Plays the legal move written `text`; false (and nothing played) if there is none.
    pub fn play(&mut self, text: &str) -> bool {
        on_board!(self, |pos, keys| match parse_move(pos, text) {
            Ok(mv) => {
                keys.push(pos.key());
                make(tables(pos.variant()), pos, mv);
                true
            }
            Err(_) => false,
        })
    }

    /// The moves named by `texts` that are legal here, and why the others are not.
    pub fn moves_named(&self, texts: &[String]) -> (Vec<Move>, Vec<MoveTextError>) {
        let mut moves = Vec::new();
        let mut refused = Vec::new();
        for text in texts {
            match on_board!(self, |pos, _keys| parse_move(pos, text)) {
                Ok(mv) if !moves.contains(&mv) => moves.push(mv),
                Ok(_) => {}
                Err(e) => refused.push(e),
            }
        }
        (moves, refused)
    }

    /// The game this position is of.
    pub fn variant(&self) -> &'static Variant {
        on_board!(self, |pos, _keys| pos.variant())
    }

    /// How the game has ended, if it has (the rules book's order, with threefold
    /// repetition counted over the keys before this position).
    pub fn outcome(&self) -> Option<Outcome> {
        on_board!(self, |pos, keys| {
            let key = pos.key();
            let repeated = 1 + keys.iter().filter(|&&k| k == key).count() >= 3;
            match Game::new(pos.clone()).outcome() {
                None | Some(Outcome::FiftyMoves) if repeated => Some(Outcome::Repetition),
                outcome => outcome,
            }
        })
    }

    /// Searches this position on the calling thread (any protocol's search job):
    /// `on_iteration` gets each completed iteration's report and its line in coordinate
    /// text. Returns the result and its best move in coordinate text (`None`: no legal
    /// move).
    pub fn search(
        &self,
        limits: &Limits,
        shared: &Shared,
        threads: usize,
        evaluator: &Evaluator,
        mut on_iteration: impl FnMut(&Info, Vec<String>) + Send,
    ) -> (SearchResult, Option<String>) {
        on_board!(self, |pos, keys| {
            let report = |info: &Info| on_iteration(info, line_text(pos, &info.pv));
            let result =
                joust_search::search(pos, keys, limits, shared, threads, evaluator, report);
            let best = result.best.map(|m| move_to_text(pos, m));
            (result, best)
        })
    }

    /// The position drawn as text (the render crate's diagram, no colours), then its
    /// FEN and key as Stockfish's `d` writes them.
    pub fn diagram(&self) -> Vec<String> {
        on_board!(self, |pos, _keys| {
            let board = joust_render::board_text(pos, &joust_render::TextStyle::default());
            let mut lines: Vec<String> = board.lines().map(str::to_string).collect();
            lines.push(String::new());
            lines.push(format!("Fen: {}", pos.to_fen()));
            lines.push(format!("Key: {:016X}", pos.key()));
            lines
        })
    }

    /// The static evaluation by term group, in centipawns from White's side.
    pub fn breakdown(&self, evaluator: &Evaluator) -> Vec<(&'static str, i32)> {
        on_board!(self, |pos, _keys| evaluator.breakdown(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn positions_are_set_up_or_refused_with_the_reason() {
        let chess = variants::chess();
        let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let b = Board::set_up(chess, &Setup::StartPos, &moves(&["e2e4", "e7e5"])).unwrap();
        assert!(b.white_to_move());
        assert_eq!(b.legal_texts().len(), 29);
        let err = Board::set_up(chess, &Setup::StartPos, &moves(&["e2e4", "e2e5"])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 2 of the list: 'e2e5' is not a legal move here"
        );
        let err = Board::set_up(chess, &Setup::Fen("not a fen".into()), &[]).unwrap_err();
        assert!(err.to_string().starts_with("bad FEN: "), "{err}");
        let wide = Board::start(
            variants::all()
                .iter()
                .find(|v| v.geometry.len() > 64)
                .unwrap(),
        );
        assert!(matches!(wide.pos, AnyPosition::Wide(_)));
    }

    #[test]
    fn moves_are_named_played_and_refused() {
        let mut b = Board::start(variants::chess());
        let (moves, refused) =
            b.moves_named(&["e2e4".into(), "e2e4".into(), "e2e5".into(), "zz".into()]);
        assert_eq!(moves.len(), 1);
        assert_eq!(refused.len(), 2);
        assert!(b.play("g1f3"));
        assert!(!b.play("g1f3"));
        assert!(!b.white_to_move());
        assert!(b
            .fen()
            .starts_with("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b"));
    }
}
