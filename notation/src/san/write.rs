//! Writing SAN: the canonical text of a legal move, with the disambiguation, gating,
//! check and mate marks the rules book asks for.

use super::{gate, is_capture, step_direction};
use joust_core::{Color, Position, Square};
use joust_movegen::{in_check, legal_moves, make, tables, Move, MoveFlag, TableCache};

/// The canonical SAN of `mv`, which must be a legal move in `pos` (or the null move,
/// written `--`).
pub fn move_to_san<B: TableCache>(pos: &Position<B>, mv: Move) -> String {
    if mv.is_null() {
        return "--".to_string();
    }
    let legal = legal_moves(pos);
    san_among(pos, mv, legal.as_slice())
}

/// Every legal move of `pos` with its canonical SAN, in move generation order.
pub fn legal_moves_san<B: TableCache>(pos: &Position<B>) -> Vec<(Move, String)> {
    let legal = legal_moves(pos);
    legal
        .iter()
        .map(|&m| (m, san_among(pos, m, legal.as_slice())))
        .collect()
}

/// The SAN of `mv` given the full list of legal moves (for disambiguation).
pub(super) fn san_among<B: TableCache>(pos: &Position<B>, mv: Move, legal: &[Move]) -> String {
    let mut s = san_body(pos, mv, legal);
    if let Some((letter, square)) = gate(pos, mv) {
        s.push('/');
        s.push(letter);
        // Castling that gates names the square, the King's or the Rook's (`O-O/He1`), as
        // Fairy-Stockfish writes it.
        if mv.flag == MoveFlag::Castle && mv.gate_kind().is_some() {
            s += &pos.geometry().name(square).to_string();
        }
    }
    if !mv.is_setup() {
        let mut after = pos.clone();
        make(tables::<B>(pos.variant()), &mut after, mv);
        if in_check(&after) {
            s.push(if legal_moves(&after).is_empty() {
                '#'
            } else {
                '+'
            });
        }
    }
    s
}

/// What a move is, for disambiguation: moves, shots and Lion double moves are separate.
#[derive(Copy, Clone, PartialEq, Eq)]
enum MoveClass {
    Move,
    Shot,
    Double,
}

fn class(mv: Move) -> MoveClass {
    match mv.flag {
        MoveFlag::Shot => MoveClass::Shot,
        MoveFlag::LionDouble => MoveClass::Double,
        _ => MoveClass::Move,
    }
}

fn san_body<B: TableCache>(pos: &Position<B>, mv: Move, legal: &[Move]) -> String {
    let g = pos.geometry();
    let v = pos.variant();
    match mv.flag {
        MoveFlag::Select => {
            let k = mv.promotion_kind().expect("a selection names a type");
            return v.kind(k).letter.to_string();
        }
        MoveFlag::Place => {
            let k = mv.promotion_kind().expect("a placement names a type");
            let rank = match pos.side_to_move() {
                Color::White => 0,
                Color::Black => g.ranks() as u32 + 1,
            };
            return format!("{}@{}{rank}", v.kind(k).letter, (b'a' + mv.aux) as char);
        }
        MoveFlag::Castle => {
            let rule = &pos.castling_rules()[mv.aux as usize];
            return if rule.long { "O-O-O" } else { "O-O" }.to_string();
        }
        MoveFlag::Pass => {
            let letter = pos.piece_at(mv.from).map_or('L', |p| v.kind(p.kind).letter);
            return format!("{letter}--");
        }
        _ => {}
    }
    let mover = pos.piece_at(mv.from).expect("a legal move has a mover");
    let kind = v.kind(mover.kind);
    let capture = is_capture(pos, mv);
    let mut s = String::new();
    if mv.flag == MoveFlag::LionDouble {
        let mid = Square(mv.aux);
        let second = if mv.to != mv.from && pos.piece_at(mv.to).is_some() {
            'x'
        } else {
            '-'
        };
        return format!("{}x{}{second}{}", kind.letter, g.name(mid), g.name(mv.to));
    }
    if kind.pawn {
        let shot = mv.flag == MoveFlag::Shot;
        if capture || shot || g.file(mv.from) != g.file(mv.to) {
            s.push(g.file(mv.from).char());
        }
        if shot {
            s.push('*');
        } else if capture {
            s.push('x');
        }
        s += &g.name(mv.to).to_string();
        if let Some(k) = mv.promotion_kind() {
            let new = v.kind(k);
            s.push('=');
            s.push(new.letter);
            if let Some(facing) = new.facing {
                if Some(facing) != step_direction(g, mv.from, mv.to) {
                    s.push('T');
                    s += facing.name();
                }
            }
        }
        return s;
    }
    s.push(kind.letter);
    s += &disambiguator(pos, mv, legal);
    match mv.flag {
        MoveFlag::Shot => s.push('*'),
        _ if capture => s.push('x'),
        _ => {}
    }
    s += &g.name(mv.to).to_string();
    if let (Some(old), Some(k)) = (kind.facing, mv.promotion_kind()) {
        if let Some(new) = v.kind(k).facing {
            if new != old {
                s.push('T');
                s += new.name();
            }
        }
    }
    s
}

/// The start square as the rules book adds it (docs/rules/README.md, "Moves in SAN"):
/// among legal moves of the same class by other pieces of the same letter to the same
/// destination, the origin file if it alone distinguishes, else the rank, else both.
fn disambiguator<B: TableCache>(pos: &Position<B>, mv: Move, legal: &[Move]) -> String {
    let g = pos.geometry();
    let v = pos.variant();
    let letter_of = |sq: Square| pos.piece_at(sq).map(|p| v.kind(p.kind).letter);
    let letter = letter_of(mv.from);
    let others: Vec<Square> = legal
        .iter()
        .filter(|o| {
            o.from != mv.from
                && o.to == mv.to
                && !o.is_setup()
                && o.flag != MoveFlag::Castle
                && class(**o) == class(mv)
                && letter_of(o.from) == letter
        })
        .map(|o| o.from)
        .collect();
    if others.is_empty() {
        return String::new();
    }
    let file = g.file(mv.from);
    let rank = g.rank(mv.from);
    if others.iter().all(|&o| g.file(o) != file) {
        file.char().to_string()
    } else if others.iter().all(|&o| g.rank(o) != rank) {
        rank.to_string()
    } else {
        g.name(mv.from).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::san::{parse_san, SanError};
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    fn pos64(v: &'static joust_core::Variant, fen: &str) -> Position<u64> {
        position_from_fen::<u64>(v, fen).unwrap()
    }

    fn sans(pos: &Position<u64>) -> Vec<String> {
        legal_moves_san(pos).into_iter().map(|(_, s)| s).collect()
    }

    #[test]
    fn start_position_of_chess() {
        let pos = pos64(variants::chess(), variants::chess().start_fen);
        let s = sans(&pos);
        assert!(s.contains(&"e4".to_string()));
        assert!(s.contains(&"Nf3".to_string()));
        assert_eq!(s.len(), 20);
    }

    #[test]
    fn an_optional_promotion_without_its_piece_is_the_move_that_does_not_promote() {
        let grand = variants::by_id("grand").unwrap();
        // White has lost a Knight, so b7-b8 may stay a pawn or become a Knight.
        let fen = "r8r/1nbqkcabn1/10/1P8/10/10/10/10/1NBQKCAB2/R8R w - - 0 1";
        let pos = position_from_fen::<u128>(grand, fen).unwrap();
        let plain = parse_san(&pos, "b8").unwrap();
        assert_eq!(plain.promotion_kind(), None);
        assert_eq!(move_to_san(&pos, plain), "b8");
        let knight = parse_san(&pos, "b8=N").unwrap();
        assert_eq!(move_to_san(&pos, knight), "b8=N");
        // Mandatory promotion stays ambiguous without its piece.
        let chess = variants::chess();
        let pos = pos64(chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert!(matches!(
            parse_san(&pos, "e8"),
            Err(SanError::Ambiguous { .. })
        ));
    }
}
