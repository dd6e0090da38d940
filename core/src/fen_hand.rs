//! The hand of a game with gating from the hand (S-Chess, docs/rules/seirawan.md,
//! "Writing positions"), as Fairy-Stockfish writes it: the pieces in hand in brackets
//! after the placement (`.../RNBQKBNR[HEhe]`, White's uppercase), and the squares still
//! able to gate as file letters in the castling field (`KQBCDFGkqbcdfg`), where a castling
//! letter also stands for its King's and Rook's squares.

use crate::bitboard::Bits;
use crate::color::Color;
use crate::fen::FenError;
use crate::piece::{KindId, MAX_KINDS};
use crate::position::{CastlingRights, Position, MAX_HAND};
use crate::variant::Variant;

/// Splits a placement field into the board ranks and the hand (empty if no bracket).
pub(crate) fn split(field: &str) -> Result<(&str, &str), FenError> {
    let Some(open) = field.find('[') else {
        return Ok((field, ""));
    };
    let tail = &field[open..];
    let close = tail.find(']').ok_or_else(|| FenError::UnclosedGating {
        field: tail.to_string(),
    })?;
    if let Some(found) = tail[close + 1..].chars().next() {
        return Err(FenError::UnexpectedChar { found });
    }
    Ok((&field[..open], &tail[1..close]))
}

/// The kinds `color` may hold in hand: of its army, neither pawn nor royal.
pub(crate) fn holdable(variant: &Variant, color: Color, letter: char) -> Option<KindId> {
    variant
        .kind_by_letter(color, letter)
        .filter(|&k| !variant.kind(k).pawn && !variant.kind(k).royal)
}

/// Puts the pieces of a hand's text (`HEhe`; `-` for none) into `pos`'s hands.
pub(crate) fn parse<B: Bits>(pos: &mut Position<B>, text: &str) -> Result<(), FenError> {
    let variant = pos.variant();
    for letter in text.chars() {
        if letter == '-' && text.len() == 1 {
            break;
        }
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = holdable(variant, color, letter.to_ascii_uppercase())
            .ok_or(FenError::NotInHand { letter })?;
        if pos.hand_count(color, kind) >= MAX_HAND {
            return Err(FenError::TooManyInHand { letter });
        }
        pos.add_to_hand(color, kind);
    }
    Ok(())
}

/// Appends the hand in brackets: White's pieces, then Black's, each from the highest kind
/// id down (`[HEhe]` is written `[EHeh]`, as Fairy-Stockfish does).
pub(crate) fn write<B: Bits>(pos: &Position<B>, s: &mut String) {
    s.push('[');
    for color in Color::ALL {
        for k in (0..MAX_KINDS as u8).rev().map(KindId) {
            for _ in 0..pos.hand_count(color, k) {
                s.push(pos.piece_letter(crate::piece::Piece::new(color, k)));
            }
        }
    }
    s.push(']');
}

/// The files of the squares `rights` make able to gate, per side: each castling right's
/// King and Rook squares.
fn castling_files(variant: &Variant, rights: CastlingRights) -> [u16; 2] {
    let g = variant.geometry;
    let mut files = [0u16; 2];
    for (i, rule) in variant.castling.iter().enumerate() {
        if rights.has(i) {
            files[rule.color.index()] |=
                1 << g.file(rule.royal_from).0 | 1 << g.file(rule.rook_from).0;
        }
    }
    files
}

/// After the castling field of a game with gating from the hand was read (its castling
/// letters as `rights`, its file letters as `files`): the squares able to gate, as
/// Fairy-Stockfish reads them. A castling letter's King and Rook squares gate too; only a
/// square with a piece of the side gates; a side with an empty hand has none; and a side
/// with no castling letter whose King and a Rook both stand on gating squares castles
/// with that Rook (the file-letter form of a castling right).
pub(crate) fn settle_rights<B: Bits>(pos: &mut Position<B>, files: [u16; 2]) {
    let variant = pos.variant();
    let g = variant.geometry;
    let implied = castling_files(variant, pos.castling());
    let mut rights = pos.castling().0;
    for color in Color::ALL {
        let first_rank = match color {
            Color::White => 0,
            Color::Black => g.ranks() as i8 - 1,
        };
        let ours = pos.pieces(color);
        let occupied = |f: u32| g.square(f as i8, first_rank).is_some_and(|sq| ours.has(sq));
        let mut gates: u16 = 0;
        if pos.hand_size(color) > 0 {
            let wanted = files[color.index()] | implied[color.index()];
            gates = (0..16u32)
                .filter(|&f| wanted >> f & 1 != 0 && occupied(f))
                .fold(0, |acc, f| acc | 1 << f);
            let holds_castling = variant
                .castling
                .iter()
                .enumerate()
                .any(|(i, r)| r.color == color && pos.castling().has(i));
            if !holds_castling {
                for (i, rule) in variant.castling.iter().enumerate() {
                    let gated = |sq| gates >> g.file(sq).0 & 1 != 0;
                    let royal_there = pos
                        .piece_at(rule.royal_from)
                        .is_some_and(|p| p.color == color && variant.kind(p.kind).royal);
                    if rule.color == color
                        && royal_there
                        && gated(rule.royal_from)
                        && gated(rule.rook_from)
                    {
                        rights |= 1 << i;
                    }
                }
            }
        }
        pos.set_first_move_rights(color, gates);
    }
    pos.set_castling(CastlingRights(rights));
}

/// The castling field of a game with gating from the hand, as current Fairy-Stockfish
/// writes it: per side (White first) its castling letters, then the files of its squares
/// still able to gate that no castling letter already stands for; `-` if there is none.
pub(crate) fn castling_string<B: Bits>(pos: &Position<B>) -> String {
    let variant = pos.variant();
    let castling = crate::fen::castling_string(variant, pos.castling());
    let castling = castling.trim_start_matches('-');
    let implied = castling_files(variant, pos.castling());
    let mut s = String::new();
    for color in Color::ALL {
        s.extend(
            castling
                .chars()
                .filter(|c| c.is_ascii_uppercase() == (color == Color::White)),
        );
        let files = pos.first_move_rights(color) & !implied[color.index()];
        for f in (0..16u32).filter(|f| files >> f & 1 != 0) {
            let c = char::from_u32('a' as u32 + f).expect("a file letter");
            s.push(match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
