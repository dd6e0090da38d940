//! Reading a typed move in `joust play`: SAN or coordinate notation, and for a move that
//! is refused, the reason (why it is not legal, from `joust_notation::explain`) and the
//! close legal moves.
//!
//! "Close" legal moves are, best first: moves to the square the text names last (its
//! destination), moves from the square it names first when it names two (its origin),
//! then moves whose SAN or coordinate text is within two edits (insert, delete, replace;
//! letter case ignored; one edit for texts of up to four letters) of what was typed. At most [`MAX_SUGGESTIONS`] are shown.

use joust_core::suggest::edit_distance;
use joust_core::{Geometry, Position, Square};
use joust_movegen::{Move, TableCache};
use joust_notation::explain::explain_refusal;
use joust_notation::{
    legal_moves_san, move_to_text, parse_move, parse_san, MoveTextError, SanError,
};

/// The most close moves listed after a refused move.
pub const MAX_SUGGESTIONS: usize = 8;

/// Why a typed move was refused, and the legal moves it may have meant.
#[derive(Debug, PartialEq, Eq)]
pub struct Refusal {
    /// One sentence: what was wrong.
    pub reason: String,
    /// SAN of close legal moves, best first (may be empty).
    pub close: Vec<String>,
}

/// Reads `text` as SAN, else as coordinates; a refusal says why and lists close moves.
pub fn read_move<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, Refusal> {
    let text = text.trim();
    let san_err = match parse_san(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    let coord_err = match parse_move(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    // A text that names a move that is not legal gets the reason why, when one is found.
    let why = || explain_refusal(pos, text).map_or(String::new(), |r| format!(": {r}"));
    let reason = match (&san_err, &coord_err) {
        (_, MoveTextError::Illegal(_)) => format!("{coord_err}{}", why()),
        (SanError::Illegal(_), _) => format!("{san_err}{}", why()),
        (SanError::Malformed { reason, .. }, _) => format!(
            "'{text}' is neither SAN ({reason}) nor a coordinate move like e2e4; \
             type 'help' for the notation"
        ),
        _ => san_err.to_string(),
    };
    let close = match san_err {
        SanError::Ambiguous { candidates, .. } => candidates,
        _ => close_moves(pos, text),
    };
    Err(Refusal { reason, close })
}

/// The squares named in `text`, in order (`e2e4` names e2 and e4; `Nf3` names f3).
fn squares_named(g: Geometry, text: &str) -> Vec<Square> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let found = [3, 2].into_iter().find_map(|len| {
            let piece = lower.get(i..i + len)?;
            g.parse_square(piece).map(|sq| (sq, len))
        });
        match found {
            Some((sq, len)) => {
                out.push(sq);
                i += len;
            }
            None => i += 1,
        }
    }
    out
}

/// The legal moves close to `text` (see the module documentation), as SAN, best first.
pub fn close_moves<B: TableCache>(pos: &Position<B>, text: &str) -> Vec<String> {
    let named = squares_named(pos.geometry(), text);
    let to = named.last().copied();
    let from = if named.len() >= 2 {
        named.first().copied()
    } else {
        None
    };
    // Short texts differ in a couple of letters from many moves: allow one edit there.
    let near = if text.chars().count() <= 4 { 1 } else { 2 };
    let mut ranked: Vec<(usize, usize, String)> = Vec::new();
    for (mv, san) in legal_moves_san(pos) {
        let plain = san.trim_end_matches(['+', '#']);
        let distance = edit_distance(text, plain).min(edit_distance(text, &move_to_text(pos, mv)));
        let shown_to = match mv.flag {
            joust_movegen::MoveFlag::Select | joust_movegen::MoveFlag::Place => None,
            _ => Some(mv.to),
        };
        let class = if to.is_some() && shown_to == to {
            0
        } else if from.is_some() && Some(mv.from) == from {
            1
        } else if distance <= near {
            2
        } else {
            continue;
        };
        ranked.push((class, distance, san));
    }
    ranked.sort();
    ranked.dedup_by(|a, b| a.2 == b.2);
    ranked
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|r| r.2)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    fn start(id: &str) -> Position<u64> {
        let v = variants::by_id(id).unwrap();
        position_from_fen(v, v.start_fen).unwrap()
    }

    #[test]
    fn san_and_coordinates_are_both_read() {
        let pos = start("chess");
        assert_eq!(read_move(&pos, "Nf3"), read_move(&pos, "g1f3"));
        assert!(read_move(&pos, " e4 ").is_ok());
    }

    #[test]
    fn a_refused_move_says_why_and_offers_close_moves() {
        let pos = start("chess");
        let r = read_move(&pos, "e5").unwrap_err();
        assert_eq!(
            r.reason,
            "'e5' is not a legal move here: a Pawn does not move from e2 to e5"
        );
        // Nothing reaches e5; e4 and e3 are one edit away.
        assert_eq!(r.close, ["e3", "e4"]);
        let r = read_move(&pos, "g1g3").unwrap_err();
        assert_eq!(
            r.reason,
            "'g1g3' is not a legal move here: a Knight does not move from g1 to g3"
        );
        // Nothing reaches g3 but g2-g3; the knight on g1 has two moves.
        assert_eq!(r.close[0], "g3");
        assert!(r.close.contains(&"Nf3".to_string()), "{:?}", r.close);
        assert!(r.close.contains(&"Nh3".to_string()), "{:?}", r.close);
        let r = read_move(&pos, "hello").unwrap_err();
        assert!(
            r.reason.starts_with("'hello' is neither SAN ("),
            "{}",
            r.reason
        );
    }

    #[test]
    fn an_ambiguous_move_lists_its_readings() {
        let v = variants::chess();
        let pos: Position<u64> = position_from_fen(v, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let r = read_move(&pos, "Rd1").unwrap_err();
        assert_eq!(r.close, ["Rad1", "Rhd1"]);
    }

    #[test]
    fn squares_named_in_a_text() {
        let g = variants::by_id("royal-lion").unwrap().geometry;
        let names: Vec<String> = squares_named(g, "j10xa1")
            .into_iter()
            .map(|s| g.name(s).to_string())
            .collect();
        assert_eq!(names, ["j10", "a1"]);
    }
}
