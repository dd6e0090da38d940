//! Coordinate ("engine", UCI) move text: `e2e4`, `e7e8q`, castling as the royal's own
//! move `e1g1` (docs/rules/README.md, "Moves in coordinates"), in a Chess960 game as the
//! King taking its own Rook, `e1h1`.

use joust_core::{Bits, Color, Position};
use joust_movegen::gating::gate_effect;
use joust_movegen::{legal_moves, tables, Move, MoveFlag, TableCache};
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

/// The coordinate text of `mv`, a legal move in `pos`: `e2e4`, `e7e8q`, castling as the
/// royal's move, Musketeer setup moves `L` and `L@b0`, gating suffix `b1c3l`; gating
/// from the hand `b1c3h`, and castling gating onto the Rook's square as the Rook's square
/// and the King's, `h1e1h`; the null move is `0000`, as UCI writes it.
pub fn move_to_text<B: TableCache>(pos: &Position<B>, mv: Move) -> String {
    if mv.is_null() {
        return "0000".to_string();
    }
    let g = pos.geometry();
    let variant = pos.variant();
    match mv.flag {
        MoveFlag::Select => {
            let k = mv.promotion_kind().expect("selection names a type");
            return variant.kind(k).letter.to_string();
        }
        MoveFlag::Place => {
            let k = mv.promotion_kind().expect("placement names a type");
            let rank = match pos.side_to_move() {
                Color::White => 0,
                Color::Black => g.ranks() as u32 + 1,
            };
            return format!(
                "{}@{}{rank}",
                variant.kind(k).letter,
                (b'a' + mv.aux) as char
            );
        }
        _ => {}
    }
    if mv.flag == MoveFlag::Shot {
        return format!("{}*{}", g.name(mv.from), g.name(mv.to));
    }
    if mv.flag == MoveFlag::LionDouble {
        let m = g.name(joust_core::Square(mv.aux));
        return format!("{}{m},{m}{}", g.name(mv.from), g.name(mv.to));
    }
    if let (MoveFlag::Castle, Some(k), true) = (mv.flag, mv.gate_kind(), mv.gates_on_rook_square())
    {
        // Gating onto the Rook's square: the Rook's square, then the King's, then the
        // piece (`h1e1h`), as Fairy-Stockfish writes it.
        let rule = &pos.castling_rules()[mv.aux as usize];
        return format!(
            "{}{}{}",
            g.name(rule.rook_from),
            g.name(rule.royal_from),
            variant.kind(k).letter.to_ascii_lowercase()
        );
    }
    if mv.flag == MoveFlag::Castle && variant.chess960.is_some() {
        // Chess960 castling is the King taking its own Rook (`e1h1`), as Fairy-Stockfish
        // writes it: the King's own move may be no move at all, or one it could also make.
        let rule = &pos.castling_rules()[mv.aux as usize];
        return format!("{}{}", g.name(rule.royal_from), g.name(rule.rook_from));
    }
    let mut s = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(k) = mv.gate_kind() {
        s.push(variant.kind(k).letter.to_ascii_lowercase());
        return s;
    }
    if mv.flag == MoveFlag::Normal {
        if let Some(k) = mv.promotion_kind() {
            let new = variant.kind(k);
            let mover_turns = pos
                .piece_at(mv.from)
                .is_some_and(|p| variant.kind(p.kind).facing.is_some());
            // A Lancer's move names only its final facing; a promotion names the piece.
            if !mover_turns {
                s.push(new.letter.to_ascii_lowercase());
            }
            if let Some(facing) = new.facing {
                s += &facing.name().to_ascii_lowercase();
            }
        }
    }
    let t = tables::<B>(variant);
    if t.has_gating() {
        if let Some((_, kind, _)) = gate_effect(t, pos, mv).gate {
            s.push(variant.kind(kind).letter.to_ascii_lowercase());
        }
    }
    s
}

/// Reads coordinate move text and finds the legal move it names. A Musketeer gating
/// suffix may be left out (gating is compulsory).
pub fn parse_move<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, MoveTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let setup_form = is_setup_form(text);
    let double_form = text.contains(',');
    let shot_form = text.matches('*').count() == 1
        && text
            .split('*')
            .all(|half| half.len() >= 2 && half.chars().all(|c| c.is_ascii_alphanumeric()));
    if !text.is_ascii()
        || text.len() > 13
        || !(setup_form
            || shot_form
            || double_form && text.chars().all(|c| c.is_ascii_alphanumeric() || c == ',')
            || text.len() >= 4
                && text.len() <= 10
                && text.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        return Err(MoveTextError::Malformed(text.to_string()));
    }
    let wanted = if setup_form {
        text.to_string()
    } else {
        text.to_ascii_lowercase()
    };
    let moves = legal_moves(pos);
    let texts: Vec<(Move, String)> = moves.iter().map(|&m| (m, move_to_text(pos, m))).collect();
    if let Some((m, _)) = texts.iter().find(|(_, t)| t.eq_ignore_ascii_case(&wanted)) {
        return Ok(*m);
    }
    if double_form {
        // `e4e5,e5e4` with e5 empty is the pass `e4e4` (docs/rules/royal-lion.md,
        // "Writing moves").
        if let Some((a, b)) = wanted.split_once(',') {
            let (s1, m1) = (split_squares(pos, a), split_squares(pos, b));
            if let (Some(""), Some("")) = (s1, m1) {
                let g = pos.geometry();
                let first = square_pair(pos, a);
                let second = square_pair(pos, b);
                if let (Some((s, m)), Some((m2, back))) = (first, second) {
                    if m == m2 && back == s && pos.piece_at(m).is_none() {
                        let pass = format!("{}{}", g.name(s), g.name(s));
                        if let Some((mv, _)) = texts.iter().find(|(_, t)| *t == pass) {
                            return Ok(*mv);
                        }
                    }
                }
            }
        }
    }
    if tables::<B>(pos.variant()).has_gating() {
        let without_suffix = texts
            .iter()
            .find(|(m, t)| gate_effect_letter(pos, *m) && t[..t.len() - 1] == wanted);
        if let Some((m, _)) = without_suffix {
            return Ok(*m);
        }
    }
    let well_formed = setup_form
        || shot_form
            && wanted
                .split('*')
                .all(|sq| pos.geometry().parse_square(sq).is_some())
        || double_form
            && wanted
                .split(',')
                .all(|half| split_squares(pos, half) == Some(""))
        || split_squares(pos, &wanted)
            .is_some_and(|rest| rest.len() <= 3 && rest.bytes().all(|b| b.is_ascii_lowercase()));
    if well_formed {
        Err(MoveTextError::Illegal(text.to_string()))
    } else {
        Err(MoveTextError::Malformed(text.to_string()))
    }
}

/// True if `mv` brings in a reserve piece (so its text ends with a gating letter).
fn gate_effect_letter<B: TableCache>(pos: &Position<B>, mv: Move) -> bool {
    !mv.is_setup()
        && gate_effect(tables::<B>(pos.variant()), pos, mv)
            .gate
            .is_some()
}

/// The two squares of `<from><to>` text, if both are on the board.
fn square_pair<B: Bits>(
    pos: &Position<B>,
    s: &str,
) -> Option<(joust_core::Square, joust_core::Square)> {
    let g = pos.geometry();
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    Some((g.parse_square(s.get(..i)?)?, g.parse_square(s.get(i..)?)?))
}

/// `L` or `L@b0`: the shape of a Musketeer setup move.
fn is_setup_form(text: &str) -> bool {
    let b = text.as_bytes();
    match b.len() {
        1 => b[0].is_ascii_alphabetic(),
        4..=5 => {
            b[0].is_ascii_alphabetic()
                && b[1] == b'@'
                && b[2].is_ascii_lowercase()
                && b[3..].iter().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// Splits `<from><to><rest>` into its two squares if both are on the board; the rest
/// (promotion, facing, gating letters).
fn split_squares<'a, B: Bits>(pos: &Position<B>, s: &'a str) -> Option<&'a str> {
    let g = pos.geometry();
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    g.parse_square(s.get(..i)?)?;
    let mut j = i + 1;
    while j < bytes.len() && bytes[j].is_ascii_digit() {
        j += 1;
    }
    g.parse_square(s.get(i..j)?)?;
    Some(&s[j..])
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
