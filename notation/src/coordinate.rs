//! Coordinate ("engine", UCI) move text: `e2e4`, `e7e8q`, castling as the royal's own
//! move `e1g1` (RULES.md §1.8).

use joust_core::{Bits, Position};
use joust_movegen::{legal_moves, Move, MoveFlag, TableCache};
use std::fmt;

/// Why a coordinate move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is empty.
    Empty,
    /// The text is not of the form `<from><to>[promotion]`.
    Malformed(String),
    /// Well formed, but no legal move has this text.
    Illegal(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => write!(f, "empty move"),
            MoveTextError::Malformed(s) => write!(
                f,
                "'{s}' is not a coordinate move (expected e.g. e2e4 or e7e8q)"
            ),
            MoveTextError::Illegal(s) => write!(f, "'{s}' is not a legal move here"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// The coordinate text of `mv`, a legal move in `pos`.
pub fn move_to_text<B: Bits>(pos: &Position<B>, mv: Move) -> String {
    let g = pos.geometry();
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if mv.flag == MoveFlag::Normal {
        if let Some(k) = mv.promotion_kind() {
            s.push(pos.variant().kind(k).letter.to_ascii_lowercase());
        }
    }
    s
}

/// Reads coordinate move text and finds the legal move it names.
pub fn parse_move<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    if !text.is_ascii()
        || text.len() < 4
        || text.len() > 8
        || !text.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Err(MoveTextError::Malformed(text.to_string()));
    }
    let lower = text.to_ascii_lowercase();
    legal_moves(pos)
        .iter()
        .copied()
        .find(|&m| move_to_text(pos, m) == lower)
        .ok_or_else(|| {
            // Distinguish text that names squares off the board from an illegal move.
            if split_squares(pos, &lower).is_none() {
                MoveTextError::Malformed(text.to_string())
            } else {
                MoveTextError::Illegal(text.to_string())
            }
        })
}

/// Splits `<from><to>…` into its two squares if both are on the board.
fn split_squares<B: Bits>(pos: &Position<B>, s: &str) -> Option<()> {
    let g = pos.geometry();
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    g.parse_square(&s[..i])?;
    let mut j = i + 1;
    while j < bytes.len() && bytes[j].is_ascii_digit() {
        j += 1;
    }
    g.parse_square(s.get(i..j)?)?;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    #[test]
    fn writes_and_reads_every_legal_move_of_kiwipete() {
        let v = variants::chess();
        let pos = position_from_fen::<u64>(
            v,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let moves = legal_moves(&pos);
        let texts: Vec<String> = moves.iter().map(|&m| move_to_text(&pos, m)).collect();
        assert!(texts.contains(&"e1g1".to_string()));
        assert!(texts.contains(&"e1c1".to_string()));
        for (&m, t) in moves.iter().zip(&texts) {
            assert_eq!(parse_move(&pos, t), Ok(m));
        }
    }

    #[test]
    fn promotions_carry_a_lowercase_letter() {
        let v = variants::chess();
        let pos = position_from_fen::<u64>(v, "8/P7/8/8/8/8/8/k6K w - - 0 1").unwrap();
        let texts: Vec<String> = legal_moves(&pos)
            .iter()
            .map(|&m| move_to_text(&pos, m))
            .filter(|t| t.starts_with("a7"))
            .collect();
        assert_eq!(texts, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
        assert!(parse_move(&pos, "a7a8Q").is_ok());
    }

    #[test]
    fn bad_text_gets_a_typed_error() {
        let v = variants::chess();
        let pos = position_from_fen::<u64>(v, v.start_fen).unwrap();
        assert_eq!(parse_move(&pos, ""), Err(MoveTextError::Empty));
        assert_eq!(
            parse_move(&pos, "e2e5"),
            Err(MoveTextError::Illegal("e2e5".into()))
        );
        for bad in ["e9e4", "zz", "e2-e4", "e2e4qqqqq", "é2e4", "i2i4"] {
            assert!(
                matches!(parse_move(&pos, bad), Err(MoveTextError::Malformed(_))),
                "{bad}"
            );
        }
    }
}
