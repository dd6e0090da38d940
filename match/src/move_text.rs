//! Move text between Joust and other engines: which legal move an engine's `bestmove`
//! names, and the text an engine is sent for each move of the game.
//!
//! Joust's coordinate text (docs/rules/README.md, "Moves in coordinates") is what
//! Fairy-Stockfish and Stockfish use for `chess`, `lancerchess` and `clash`: `fsf-verify`
//! compares the move lists text by text, and `xtask/fsf-uci/variants.ini` gives FSF
//! Joust's letters (promotions `e7e8l`, `e7e8k`, castling as the royal Queen's own move
//! `d1b1`/`d1f1`). Two forms other engines may use are mapped explicitly: castling
//! written as the royal piece taking its own rook (`e1h1`, UCI_Chess960 style) and the
//! null move `0000`/`(none)`, which is always illegal (the referee only asks for a move
//! when one exists). A wrong-colour lancer promotion (docs/rules/lancerchess.md,
//! "Promotion") is illegal, not mapped: fsf-uci already rewrites it.

use joust_core::Position;
use joust_movegen::{legal_moves, Move, MoveFlag, TableCache};
use joust_notation::{move_to_text, parse_move, MoveTextError};
use std::fmt;

/// Why an engine's move text names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMoveError {
    /// The null move (`0000`, `(none)`) or nothing, where legal moves exist.
    NoMove(String),
    /// Text that names no legal move of the position.
    NotLegal(MoveTextError),
}

impl fmt::Display for EngineMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineMoveError::NoMove(text) => {
                write!(f, "'{text}' is no move, but legal moves exist")
            }
            EngineMoveError::NotLegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EngineMoveError {}

/// The legal move of `pos` that an engine's move text names, or why there is none.
pub fn engine_move<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, EngineMoveError> {
    let text = text.trim();
    if text.is_empty() || text == "0000" || text == "(none)" {
        return Err(EngineMoveError::NoMove(text.to_string()));
    }
    match parse_move(pos, text) {
        Ok(mv) => Ok(mv),
        Err(e) => castling_onto_rook(pos, text).ok_or(EngineMoveError::NotLegal(e)),
    }
}

/// Castling written as the royal piece moving onto its own castling rook (`e1h1` for
/// `e1g1`): the legal castling move from that square whose rook starts on that target.
fn castling_onto_rook<B: TableCache>(pos: &Position<B>, text: &str) -> Option<Move> {
    legal_moves(pos).iter().copied().find(|mv| {
        mv.flag == MoveFlag::Castle
            && pos
                .castling_rules()
                .get(usize::from(mv.aux))
                .is_some_and(|rule| {
                    let g = pos.geometry();
                    format!("{}{}", g.name(rule.royal_from), g.name(rule.rook_from)) == text
                })
    })
}

/// The text an engine is sent for `mv`, a legal move of `pos`.
pub fn text_for_engine<B: TableCache>(pos: &Position<B>, mv: Move) -> String {
    move_to_text(pos, mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    #[test]
    fn castling_in_both_forms() {
        let chess = variants::chess();
        let pos = position_from_fen::<u64>(
            chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let short = engine_move(&pos, "e1g1").unwrap();
        assert_eq!(short.flag, MoveFlag::Castle);
        assert_eq!(engine_move(&pos, "e1h1").unwrap(), short);
        let long = engine_move(&pos, "e1a1").unwrap();
        assert_eq!(text_for_engine(&pos, long), "e1c1");

        // LancerChess: the royal Queen castles from d1 (docs/rules/lancerchess.md,
        // "Castling: Protecting the Queen").
        let lancer = variants::lancerchess();
        let pos =
            position_from_fen::<u64>(lancer, "r2q3r/pppppppp/8/8/8/8/PPPPPPPP/R2Q3R w KQkq - 0 1")
                .unwrap();
        let to_b1 = engine_move(&pos, "d1b1").unwrap();
        assert_eq!(to_b1.flag, MoveFlag::Castle);
        assert_eq!(engine_move(&pos, "d1a1").unwrap(), to_b1);
        let to_f1 = engine_move(&pos, "d1f1").unwrap();
        assert_eq!(engine_move(&pos, "d1h1").unwrap(), to_f1);
        assert_eq!(text_for_engine(&pos, to_f1), "d1f1");
    }

    #[test]
    fn lancer_promotions_by_square_colour() {
        // White promotes on e8 (light): Queen's Lancer j, never l; FSF writes the same.
        let lancer = variants::lancerchess();
        let pos = position_from_fen::<u64>(lancer, "5bqr/4Pppp/8/8/8/8/8/Q7 w - - 0 1").unwrap();
        let mv = engine_move(&pos, "e7e8j").unwrap();
        assert_eq!(text_for_engine(&pos, mv), "e7e8j");
        assert!(engine_move(&pos, "e7e8k").is_ok());
        assert!(engine_move(&pos, "e7e8l").is_err());
        assert!(engine_move(&pos, "e7e8q").is_err());
    }

    #[test]
    fn no_move_and_nonsense_are_illegal() {
        let chess = variants::chess();
        let pos = position_from_fen::<u64>(chess, chess.start_fen).unwrap();
        for bad in ["0000", "(none)", "", "e2e5", "e1g1", "xyz"] {
            assert!(engine_move(&pos, bad).is_err(), "{bad}");
        }
        assert_eq!(
            engine_move(&pos, " 0000 ").unwrap_err().to_string(),
            "'0000' is no move, but legal moves exist"
        );
        assert!(matches!(
            engine_move(&pos, "e2e5"),
            Err(EngineMoveError::NotLegal(_))
        ));
        assert!(engine_move(&pos, "E2E4").is_ok());
    }
}
