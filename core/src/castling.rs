//! Castling rules as squares, and Chess960 castling (Fairy-Stockfish's `chess960 = true`;
//! docs/rules/fischerandom.md): the king and its castling rooks may start on any files of
//! the castling rank, so a position carries the rules its castling field names
//! ([`Position::castling_rules`]), read from Shredder-FEN (`HAha`) or X-FEN (`KQkq`,
//! a file letter for a rook that is not the outermost) and written as Shredder-FEN, as
//! Fairy-Stockfish does.

use crate::bitboard::Bits;
use crate::color::Color;
use crate::fen_error::FenError;
use crate::position::{CastlingRights, Position};
use crate::square::{Geometry, Square};
use crate::variant::{CastlingRule, Variant};
use std::sync::Mutex;

/// Chess960 castling of a game: where the castling king and rook go, whichever files
/// they start on. The rook files of a position's rights come from its FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess960 {
    /// White's castling rank, from 0; Black's is its mirror.
    pub rank: u8,
    /// The castling king's destination file: kingside (towards the higher files), then
    /// queenside. The rook lands beside it, on the inner side.
    pub king_to: [u8; 2],
    /// Which side (0 kingside, 1 queenside) is written `O-O-O`.
    pub long_side: usize,
    /// The castling king's letter (uppercase).
    pub king: char,
    /// The letters (uppercase) of the pieces that castle as rooks.
    pub rooks: Vec<char>,
    /// False if the castling king is not royal: it may then castle out of, through and
    /// into attack.
    pub king_royal: bool,
}

/// What a castling move needs besides its files: the board, the side, the rank, the
/// king's destination, and how it is written.
pub(crate) struct RuleShape {
    /// The board.
    pub geometry: Geometry,
    /// The castling side.
    pub color: Color,
    /// The castling rank (this side's own, from 0).
    pub rank: u8,
    /// True for a castling towards the lower files.
    pub queenside: bool,
    /// Written `O-O-O`.
    pub long: bool,
    /// The king must not start on, pass or land on an attacked square.
    pub king_royal: bool,
}

impl RuleShape {
    /// The castling move of a king on `king_file` with the rook on `rook_file`, the king
    /// going to `king_to` and the rook beside it on the inner side: every square either
    /// passes or lands on, but their own two, must be empty, and with a royal king every
    /// square the king stands on, passes or lands on must be safe (listed from the king
    /// outward, as it walks).
    pub fn rule(&self, king_file: u8, rook_file: u8, king_to: u8) -> CastlingRule {
        // Beside the king on the inner side (kept on the board for a malformed file).
        let rook_to = if self.queenside {
            (king_to + 1).min(self.geometry.files() - 1)
        } else {
            king_to.saturating_sub(1)
        };
        let sq = |f: u8| {
            self.geometry
                .square(f as i8, self.rank as i8)
                .expect("castling files are on the board")
        };
        let span = |a: u8, b: u8| a.min(b)..=a.max(b);
        let mut empty: Vec<Square> = span(king_file, king_to)
            .chain(span(rook_file, rook_to))
            .filter(|&f| f != king_file && f != rook_file)
            .map(sq)
            .collect();
        empty.sort();
        empty.dedup();
        let mut safe: Vec<Square> = span(king_file, king_to).map(sq).collect();
        if king_to < king_file {
            safe.reverse();
        }
        if !self.king_royal {
            safe.clear();
        }
        CastlingRule {
            color: self.color,
            fen_char: if self.queenside { 'Q' } else { 'K' },
            long: self.long,
            royal_from: sq(king_file),
            royal_to: sq(king_to),
            rook_from: sq(rook_file),
            rook_to: sq(rook_to),
            empty,
            safe,
        }
    }
}

/// Rule lists already made, each leaked once: a game has few different castling setups
/// (at most one per start position), so positions share them as `&'static` slices.
static INTERNED: Mutex<Vec<&'static [CastlingRule]>> = Mutex::new(Vec::new());

/// The shared copy of `rules`: the game's own list when they equal it.
fn intern(variant: &'static Variant, rules: Vec<CastlingRule>) -> &'static [CastlingRule] {
    if rules == variant.castling {
        return &variant.castling;
    }
    let mut all = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = all.iter().find(|r| ***r == rules[..]) {
        return found;
    }
    let leaked: &'static [CastlingRule] = Vec::leak(rules);
    all.push(leaked);
    leaked
}

/// Reads a Chess960 castling field into `pos` (its placement already read): each letter
/// becomes a held rule of the position, rule 0 White kingside, 1 White queenside, 2
/// Black kingside, 3 Black queenside. `K`/`Q` name the outermost castling rook
/// on that side of the king, a file letter the rook on that file.
pub(crate) fn read_castling<B: Bits>(
    pos: &mut Position<B>,
    c960: &Chess960,
    text: &str,
) -> Result<(), FenError> {
    let variant = pos.variant();
    let g = variant.geometry;
    let mut slots: [Option<CastlingRule>; 4] = Default::default();
    if text != "-" {
        for c in text.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let rank = match color {
                Color::White => c960.rank,
                Color::Black => g.ranks() - 1 - c960.rank,
            };
            let at = |file: u8| -> Option<char> {
                let sq = g.square(file as i8, rank as i8)?;
                let p = pos.piece_at(sq)?;
                (p.color == color).then(|| variant.kind(p.kind).letter.to_ascii_uppercase())
            };
            let king_file = (0..g.files())
                .find(|&f| at(f) == Some(c960.king))
                .ok_or(FenError::NoCastlingKing(c))?;
            let is_rook = |f: u8| at(f).is_some_and(|l| c960.rooks.contains(&l));
            let upper = c.to_ascii_uppercase();
            let rook_file = match upper {
                'K' => (king_file + 1..g.files()).rev().find(|&f| is_rook(f)),
                'Q' => (0..king_file).find(|&f| is_rook(f)),
                _ => {
                    let file = (upper as u32).wrapping_sub('A' as u32);
                    if !upper.is_ascii_uppercase() || file >= g.files() as u32 {
                        return Err(FenError::BadCastlingChar(c));
                    }
                    Some(file as u8).filter(|&f| f != king_file && is_rook(f))
                }
            }
            .ok_or(FenError::NoCastlingRook(c))?;
            let queenside = rook_file < king_file;
            let side = usize::from(queenside);
            let slot = &mut slots[color.index() * 2 + side];
            if slot.is_some() {
                return Err(FenError::DuplicateCastling(c));
            }
            let shape = RuleShape {
                geometry: g,
                color,
                rank,
                queenside,
                long: side == c960.long_side,
                king_royal: c960.king_royal,
            };
            *slot = Some(shape.rule(king_file, rook_file, c960.king_to[side]));
        }
    }
    // Rule i is always the same side's same castling (White kingside, White queenside,
    // Black kingside, Black queenside), so that the rights, and with them the hash key,
    // of a position mean the same whether it was read or reached by moves. A castling
    // the FEN does not name keeps the game's own rule, never used: its right is not held.
    let mut held = 0u8;
    let mut rules = Vec::with_capacity(4);
    for (i, slot) in slots.into_iter().enumerate() {
        let color = if i < 2 { Color::White } else { Color::Black };
        let queenside = i % 2 == 1;
        match slot {
            Some(rule) => {
                held |= 1 << i;
                rules.push(rule);
            }
            None => rules.push(unheld_rule(variant, c960, color, queenside)),
        }
    }
    let held = CastlingRights(held);
    pos.set_castling_rules(intern(variant, rules));
    pos.set_castling(held);
    Ok(())
}

/// A stand-in for a castling whose right a position does not hold: the game's own rule
/// for it, or one from the corner to the castling square.
fn unheld_rule(variant: &Variant, c960: &Chess960, color: Color, queenside: bool) -> CastlingRule {
    let fen_char = if queenside { 'Q' } else { 'K' };
    if let Some(rule) = variant
        .castling
        .iter()
        .find(|r| r.color == color && r.fen_char == fen_char)
    {
        return rule.clone();
    }
    let g = variant.geometry;
    let side = usize::from(queenside);
    let shape = RuleShape {
        geometry: g,
        color,
        rank: match color {
            Color::White => c960.rank,
            Color::Black => g.ranks() - 1 - c960.rank,
        },
        queenside,
        long: side == c960.long_side,
        king_royal: c960.king_royal,
    };
    let corner = if queenside { 0 } else { g.files() - 1 };
    shape.rule(corner, corner, c960.king_to[side])
}

/// The castling field of a Chess960 position as Shredder-FEN, as Fairy-Stockfish writes
/// it: the file of each held right's rook, uppercase for White, kingside first; `-` if
/// none.
pub(crate) fn castling_string<B: Bits>(pos: &Position<B>) -> String {
    let g = pos.geometry();
    let mut held: Vec<&CastlingRule> = pos
        .castling_rules()
        .iter()
        .enumerate()
        .filter(|(i, _)| pos.castling().has(*i))
        .map(|(_, r)| r)
        .collect();
    held.sort_by_key(|r| (r.color.index(), r.fen_char != 'K'));
    let mut s: String = held
        .iter()
        .map(|r| {
            let file = (b'a' + g.file(r.rook_from).0) as char;
            match r.color {
                Color::White => file.to_ascii_uppercase(),
                Color::Black => file,
            }
        })
        .collect();
    if s.is_empty() {
        s.push('-');
    }
    s
}

#[cfg(test)]
mod tests {
    use crate::{variants, FenError, Position};

    fn read(fen: &str) -> Result<Position<u64>, FenError> {
        Position::from_fen(variants::by_id("fischerandom").unwrap(), fen)
    }

    #[test]
    fn x_fen_and_shredder_fen_name_the_same_rooks() {
        // Two rooks on each wing: K/Q are the outer ones, a file letter any.
        let board = "rr2k1rr/8/8/8/8/8/8/RR2K1RR";
        let x = read(&format!("{board} w KQkq - 0 1")).unwrap();
        let shredder = read(&format!("{board} w HAha - 0 1")).unwrap();
        assert_eq!(x.to_fen(), format!("{board} w HAha - 0 1"));
        assert_eq!(x.key(), shredder.key());
        let inner = read(&format!("{board} w GBgb - 0 1")).unwrap();
        assert_eq!(inner.to_fen(), format!("{board} w GBgb - 0 1"));
        assert_ne!(inner.castling_rules(), x.castling_rules());
        // White kingside then queenside, then Black, whatever the order given.
        let mixed = read(&format!("{board} w bGBg - 0 1")).unwrap();
        assert_eq!(mixed.to_fen(), inner.to_fen());
    }

    #[test]
    fn a_right_is_the_same_bit_however_the_position_was_reached() {
        let all = read("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
        let black_only = read("r3k2r/8/8/8/8/8/8/R3K2R w ha - 0 1").unwrap();
        assert_eq!(black_only.castling().0, 0b1100);
        assert_eq!(all.castling().0, 0b1111);
        // The game's own list, not a copy, for chess's array.
        assert!(std::ptr::eq(
            all.castling_rules(),
            &all.variant().castling[..]
        ));
    }

    #[test]
    fn bad_rights_are_clear_errors() {
        let cases = [
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                FenError::NoCastlingRook('K'),
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w C - 0 1",
                FenError::NoCastlingRook('C'),
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w E - 0 1",
                FenError::NoCastlingRook('E'),
            ),
            (
                "4k3/8/8/8/8/8/4K3/R7 w Q - 0 1",
                FenError::NoCastlingKing('Q'),
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w AQ - 0 1",
                FenError::DuplicateCastling('Q'),
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w Z - 0 1",
                FenError::BadCastlingChar('Z'),
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w 1 - 0 1",
                FenError::BadCastlingChar('1'),
            ),
        ];
        for (fen, want) in cases {
            let got = read(fen).err();
            assert_eq!(got.as_ref(), Some(&want), "{fen}");
            assert!(!want.to_string().is_empty());
        }
    }
}
