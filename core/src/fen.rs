//! Reading and writing FEN (docs/rules/README.md, "FEN"), with one typed error per way a
//! FEN can be wrong. The Musketeer gating field (docs/rules/musketeer.md, "Writing
//! moves") is read and written by `fen_gating`, the hand of a game with gating from the
//! hand (docs/rules/seirawan.md) by `fen_hand`.

use crate::bitboard::Bits;
use crate::color::Color;
pub use crate::fen_error::{FenError, FenField};
use crate::fen_gating::{self, GatingText};
use crate::fen_hand;
use crate::gating::Gating;
use crate::goal::MAX_CHECKS;
use crate::piece::{KindId, Piece};
use crate::position::{CastlingRights, Position};
use crate::square::{Direction, Geometry, Square};
use crate::variant::{DoubleStep, Variant};

impl<B: Bits> Position<B> {
    /// Reads a FEN of `variant`. The halfmove and fullmove fields may be omitted (0
    /// and 1). In a game with gating (Musketeer, docs/rules/musketeer.md, "Writing
    /// moves") the placement may carry a gating field `[...]` (none reads as `[]`) or be
    /// in the 10-row form with reserve rows. Checks everything that needs no move
    /// generation; the en-passant square is kept only if a pawn of the side to move
    /// stands ready to take (movegen narrows it to legal).
    ///
    /// This is the reading step only. A position to play from is built by
    /// `joust_movegen::AnyPosition::from_fen` (or `joust_movegen::position_from_fen` for a
    /// known width), which adds the checks that need move generation: the side not to move
    /// is not in check, and an en-passant square is kept only if the capture is legal.
    pub fn from_fen(variant: &'static Variant, fen: &str) -> Result<Position<B>, FenError> {
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        // The check counter after the en-passant square, as Fairy-Stockfish writes it
        // (`... - 3+3 0 1`); without it each side has one check left, as there.
        let checks = match fields.get(4) {
            Some(text) if variant.goals.check_counting && text.contains('+') => {
                let n = parse_check_counter(text)?;
                fields.remove(4);
                n
            }
            _ => [1, 1],
        };
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let mut pos = Position::empty(variant);
        let (board, gating) = if variant.hand_gating {
            let (board, hand) = fen_hand::split(fields[0])?;
            fen_hand::parse(&mut pos, hand)?;
            (board, GatingText::Absent)
        } else {
            fen_gating::split(variant, fields[0])?
        };
        parse_placement(&mut pos, board)?;
        let gating = match gating {
            GatingText::Absent => Gating::default(),
            GatingText::Bracket(inner) => fen_gating::parse_bracket(variant, inner)?,
            GatingText::Rows { white, black } => {
                fen_gating::parse_reserve_rows(variant, white, black)?
            }
        };
        pos.set_gating(gating);
        fen_gating::check_reserves(&pos)?;
        let side = match fields.get(1) {
            None => return Err(FenError::MissingField(FenField::Side)),
            Some(&"w") => Color::White,
            Some(&"b") => Color::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        };
        if fen_gating::has_gating(variant) {
            fen_gating::check_setup_side(pos.gating(), side)?;
        }
        pos.set_side_to_move(side);
        let castling = fields
            .get(2)
            .ok_or(FenError::MissingField(FenField::Castling))?;
        if variant.hand_gating {
            let (castling, files) = split_first_move_rights(variant, castling)?;
            pos.set_castling(parse_castling(variant, &castling)?);
            fen_hand::settle_rights(&mut pos, files);
        } else if variant.first_leaps.is_some() {
            let (castling, leaps) = split_first_move_rights(variant, castling)?;
            pos.set_castling(parse_castling(variant, &castling)?);
            pos.set_first_move_rights(Color::White, leaps[0]);
            pos.set_first_move_rights(Color::Black, leaps[1]);
        } else if let Some(c960) = &variant.chess960 {
            crate::castling::read_castling(&mut pos, c960, castling)?;
        } else {
            pos.set_castling(parse_castling(variant, castling)?);
        }
        let ep = fields
            .get(3)
            .ok_or(FenError::MissingField(FenField::EnPassant))?;
        let ep = if *ep == "-" {
            None
        } else {
            Some(
                variant
                    .geometry
                    .parse_square(ep)
                    .ok_or_else(|| FenError::BadEnPassant(ep.to_string()))?,
            )
        };
        if let Some(h) = fields.get(4) {
            let n = parse_number(h).ok_or_else(|| FenError::BadHalfmove(h.to_string()))?;
            pos.set_halfmove_clock(n);
        }
        if let Some(fm) = fields.get(5) {
            let n = parse_number(fm).ok_or_else(|| FenError::BadFullmove(fm.to_string()))?;
            // Some tools write 0 for "unknown"; it reads as move 1.
            pos.set_fullmove_number(n.max(1));
        }
        if variant.goals.check_counting {
            pos.set_checks_remaining(Color::White, checks[0]);
            pos.set_checks_remaining(Color::Black, checks[1]);
        }
        validate_pieces(&pos)?;
        let ep = ep.filter(|&sq| en_passant_possible(&pos, sq));
        pos.set_en_passant(ep);
        Ok(pos)
    }

    /// Writes the position as FEN; a game with gating always gets its bracket field
    /// (`[]` included) right after the placement.
    pub fn to_fen(&self) -> String {
        let g = self.geometry();
        let mut s = String::new();
        for r in (0..g.ranks() as i8).rev() {
            let mut empty = 0;
            for f in 0..g.files() as i8 {
                let sq = g.square(f, r).expect("on board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(self.piece_letter(p));
                        if let Some(facing) = self.variant().kind(p.kind).facing {
                            s.push('(');
                            s += facing.name();
                            s.push(')');
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        if fen_gating::has_gating(self.variant()) {
            fen_gating::write(self.variant(), self.gating(), &mut s);
        }
        if self.variant().hand_gating {
            fen_hand::write(self, &mut s);
        }
        s.push(' ');
        s.push(self.side_to_move().fen_char());
        s.push(' ');
        if self.variant().hand_gating {
            s += &fen_hand::castling_string(self);
        } else if self.variant().first_leaps.is_some() {
            s += &castling_and_leaps_string(self);
        } else if self.variant().chess960.is_some() {
            s += &crate::castling::castling_string(self);
        } else {
            s += &castling_string(self.variant(), self.castling());
        }
        s.push(' ');
        match self.en_passant() {
            Some(sq) => s += &g.name(sq).to_string(),
            None => s.push('-'),
        }
        if self.variant().goals.check_counting {
            s += &format!(
                " {}+{}",
                self.checks_remaining(Color::White),
                self.checks_remaining(Color::Black)
            );
        }
        s += &format!(" {} {}", self.halfmove_clock(), self.fullmove_number());
        s
    }
}

/// A plain decimal number: digits only, no sign.
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The checks each side still has to give, from Fairy-Stockfish's `W+B` field (one digit
/// each), in a game that counts checks.
fn parse_check_counter(text: &str) -> Result<[u8; 2], FenError> {
    let bad = || FenError::BadCheckCount(text.to_string());
    let (w, b) = text.split_once('+').ok_or_else(bad)?;
    let digit = |t: &str| match t.as_bytes() {
        [d @ b'0'..=b'9'] if d - b'0' <= MAX_CHECKS => Some(d - b'0'),
        _ => None,
    };
    Ok([digit(w).ok_or_else(bad)?, digit(b).ok_or_else(bad)?])
}

fn parse_placement<B: Bits>(pos: &mut Position<B>, text: &str) -> Result<(), FenError> {
    let variant = pos.variant();
    let g = variant.geometry;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() > g.ranks() as usize {
        return Err(FenError::TooManyRanks {
            expected: g.ranks(),
        });
    }
    if rows.len() < g.ranks() as usize {
        return Err(FenError::TooFewRanks {
            expected: g.ranks(),
            found: rows.len() as u8,
        });
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks() - 1 - i as u8;
        let rank_no = rank + 1;
        let mut file: u32 = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let start = j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let digits: String = chars[start..j].iter().collect();
                if digits.starts_with('0') || digits.len() > 2 {
                    return Err(FenError::BadEmptyRun { text: digits });
                }
                file += digits.parse::<u32>().expect("digits");
                if file > g.files() as u32 {
                    return Err(FenError::RankTooLong { rank: rank_no });
                }
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(FenError::UnexpectedChar { found: c });
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            j += 1;
            let facing = if chars.get(j) == Some(&'(') {
                let close = chars[j..]
                    .iter()
                    .position(|&x| x == ')')
                    .ok_or(FenError::UnclosedFacing)?;
                let inner: String = chars[j + 1..j + close].iter().collect();
                j += close + 1;
                Some(Direction::parse(&inner).ok_or(FenError::UnknownFacing { text: inner })?)
            } else {
                None
            };
            let kind = find_kind(variant, color, c.to_ascii_uppercase(), facing)?;
            if file >= g.files() as u32 {
                return Err(FenError::RankTooLong { rank: rank_no });
            }
            let sq = g.square(file as i8, rank as i8).expect("checked on board");
            pos.put(sq, Piece::new(color, kind));
            file += 1;
        }
        if file < g.files() as u32 {
            return Err(FenError::RankTooShort { rank: rank_no });
        }
    }
    Ok(())
}

fn find_kind(
    variant: &Variant,
    color: Color,
    letter: char,
    facing: Option<Direction>,
) -> Result<KindId, FenError> {
    let shown = match color {
        Color::White => letter,
        Color::Black => letter.to_ascii_lowercase(),
    };
    let mut candidates = variant.armies[color.index()]
        .iter()
        .copied()
        .filter(|k| variant.kind(*k).letter == letter)
        .peekable();
    if candidates.peek().is_none() {
        return Err(FenError::UnknownPiece { letter: shown });
    }
    let directional = candidates.clone().any(|k| variant.kind(k).facing.is_some());
    match (directional, facing) {
        (true, None) => Err(FenError::MissingFacing { letter: shown }),
        (false, Some(_)) => Err(FenError::UnexpectedFacing { letter: shown }),
        _ => candidates
            .find(|k| variant.kind(*k).facing == facing)
            .ok_or(FenError::UnknownPiece { letter: shown }),
    }
}

fn parse_castling(variant: &Variant, text: &str) -> Result<CastlingRights, FenError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = 0u8;
    let mut last_rank: Option<usize> = None;
    for c in text.chars() {
        let index = castling_rule(variant, c).ok_or(FenError::BadCastlingChar(c))?;
        if rights & (1 << index) != 0 {
            return Err(FenError::DuplicateCastling(c));
        }
        let order = "KQkq".find(c).ok_or(FenError::BadCastlingChar(c))?;
        if last_rank.is_some_and(|l| l > order) {
            return Err(FenError::CastlingOrder(text.to_string()));
        }
        last_rank = Some(order);
        rights |= 1 << index;
    }
    Ok(CastlingRights(rights))
}

/// The index in [`Variant::castling`] of the rule a castling-field letter names (`K`:
/// White's rule lettered K, `q`: Black's lettered Q), if the game has one.
fn castling_rule(variant: &Variant, c: char) -> Option<usize> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let upper = c.to_ascii_uppercase();
    variant
        .castling
        .iter()
        .position(|r| r.color == color && r.fen_char == upper)
}

/// The castling field for `rights`: letters in the order `KQkq`, or `-`.
pub fn castling_string(variant: &Variant, rights: CastlingRights) -> String {
    let mut s = String::new();
    for c in "KQkq".chars() {
        if castling_rule(variant, c).is_some_and(|i| rights.has(i)) {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// In a game with first-move leaps ([`Variant::first_leaps`]), the castling field's file
/// letters (`DEde`: White's first-move rights on d1 and e1, Black's on d8 and e8, as
/// Fairy-Stockfish writes them) apart from its castling letters: the castling letters
/// left, and each side's files. A letter that is a castling right of the game stays one.
fn split_first_move_rights(variant: &Variant, text: &str) -> Result<(String, [u16; 2]), FenError> {
    if text == "-" {
        return Ok((text.to_string(), [0; 2]));
    }
    let mut castling = String::new();
    let mut leaps = [0u16; 2];
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let upper = c.to_ascii_uppercase();
        let is_castling = castling_rule(variant, c).is_some();
        let file = (upper as u32).wrapping_sub('A' as u32);
        if is_castling || !upper.is_ascii_uppercase() || file >= variant.geometry.files() as u32 {
            castling.push(c);
            continue;
        }
        let bit = 1u16 << file;
        if leaps[color.index()] & bit != 0 {
            return Err(FenError::DuplicateCastling(c));
        }
        leaps[color.index()] |= bit;
    }
    if castling.is_empty() {
        castling.push('-');
    }
    Ok((castling, leaps))
}

/// The castling field of a game with first-move leaps, as Fairy-Stockfish writes it:
/// White's castling letters, then White's first-move files (uppercase, in file order),
/// then Black's of both (lowercase); `-` if there is none.
fn castling_and_leaps_string<B: Bits>(pos: &Position<B>) -> String {
    let castling = castling_string(pos.variant(), pos.castling());
    let castling = castling.trim_start_matches('-');
    let mut s = String::new();
    for color in Color::ALL {
        let letter = |f: u32| {
            let c = char::from_u32('a' as u32 + f).expect("a file letter");
            match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            }
        };
        s.extend(
            castling
                .chars()
                .filter(|c| c.is_ascii_uppercase() == (color == Color::White)),
        );
        let files = pos.first_move_rights(color);
        s.extend((0..16).filter(|f| files >> f & 1 != 0).map(letter));
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

fn validate_pieces<B: Bits>(pos: &Position<B>) -> Result<(), FenError> {
    let variant = pos.variant();
    let g = variant.geometry;
    for color in Color::ALL {
        if let Some(royal) = variant.royal(color) {
            let royals = pos.pieces_of(color, royal).count();
            if royals == 0 {
                return Err(FenError::MissingRoyal(color));
            }
            if royals > 1 {
                return Err(FenError::TooManyRoyals(color));
            }
        }
        if let Some(pawn) = variant.pawn_kind(color) {
            for sq in pos.pieces_of(color, pawn).squares() {
                let r = g.rank(sq).0;
                let (first, last) = match color {
                    Color::White => (0, g.ranks() - 1),
                    Color::Black => (g.ranks() - 1, 0),
                };
                let on_first_allowed =
                    matches!(variant.pawns.double_step, DoubleStep::FromRankAndFirst(_));
                if r == last || (r == first && !on_first_allowed) {
                    return Err(FenError::PawnOnBackRank {
                        square: g.name(sq).to_string(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// True if an en-passant capture onto `ep` is pseudo-legal: a pawn of the side not to move
/// stands just beyond it after a double step, the passed squares are empty, and a pawn of
/// the side to move attacks `ep`.
pub fn en_passant_possible<B: Bits>(pos: &Position<B>, ep: Square) -> bool {
    let variant = pos.variant();
    if !variant.pawns.en_passant || variant.pawns.double_step == DoubleStep::Never {
        return false;
    }
    let g = variant.geometry;
    let us = pos.side_to_move();
    let them = !us;
    // The passed square lies one rank beyond `them`'s double-step rank.
    let (DoubleStep::FromRank(from_rank) | DoubleStep::FromRankAndFirst(from_rank)) =
        variant.pawns.double_step
    else {
        return false;
    };
    let passed_rank = match them {
        Color::White => from_rank + 1,
        Color::Black => g.ranks() - 2 - from_rank,
    };
    if g.rank(ep).0 != passed_rank {
        return false;
    }
    let (Some(our_pawn), Some(their_pawn)) = (variant.pawn_kind(us), variant.pawn_kind(them))
    else {
        return false;
    };
    let fwd = them.forward();
    // The enemy pawn went from ep - fwd to ep + fwd.
    let (Some(pawn_sq), Some(origin)) = (g.offset(ep, 0, fwd), g.offset(ep, 0, -fwd)) else {
        return false;
    };
    if pos.piece_at(pawn_sq) != Some(Piece::new(them, their_pawn))
        || pos.piece_at(ep).is_some()
        || pos.piece_at(origin).is_some()
    {
        return false;
    }
    [-1, 1].iter().any(|&df| {
        g.offset(pawn_sq, df, 0)
            .is_some_and(|s| pos.piece_at(s) == Some(Piece::new(us, our_pawn)))
    })
}

/// The placement field of a FEN: its part before the first space or `[` (a bracketed
/// hand follows the placement in some games' FENs).
///
/// ```
/// use joust_core::fen::placement_field;
/// assert_eq!(placement_field("8/8/8/8/8/8/8/K6k[Qq] w - - 0 1"), "8/8/8/8/8/8/8/K6k");
/// ```
pub fn placement_field(fen: &str) -> &str {
    fen.split([' ', '[']).next().unwrap_or("")
}

/// The letter on each square (by square index) of a FEN's placement field, as written
/// (uppercase White), without checking it against a game: for rules that read the start
/// position before the game exists (castling from a game file). A malformed field gives
/// whatever it could read; the game's own FEN check reports it.
pub fn placement_letters(fen: &str, g: Geometry) -> Vec<Option<char>> {
    let mut board = vec![None; g.len()];
    let placement = placement_field(fen);
    for (i, row) in placement.split('/').enumerate() {
        let Some(rank) = (g.ranks() as usize).checked_sub(1 + i) else {
            break;
        };
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                file = file.saturating_add(n);
            } else if c == '(' {
                for c in chars.by_ref() {
                    if c == ')' {
                        break;
                    }
                }
            } else if c.is_ascii_alphabetic() {
                if let Some(sq) = i8::try_from(file)
                    .ok()
                    .and_then(|f| g.square(f, rank as i8))
                {
                    board[sq.index()] = Some(c);
                }
                file = file.saturating_add(1);
            }
        }
    }
    board
}
