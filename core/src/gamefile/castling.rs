//! Castling as Fairy-Stockfish's keys describe it: the castling king (the royal piece, or
//! `castlingKingPiece`) on the castling rank of the start position moves to
//! `castlingKingsideFile` or `castlingQueensideFile`, and the castling rook from its
//! corner (`castlingRookKingsideFile`, `castlingRookQueensideFile`) to the square beside
//! it, on the inner side. Every square either piece passes or lands on must be empty but
//! for the two of them, and the king may not start on, pass or land on an attacked square.
//! With `chess960 = true` the king and rooks may start on any files of the castling rank
//! (the position's castling field says which: `crate::castling`), going to the same
//! destinations.

use super::error::GameFileError;
use super::keys::{bad, file_index, Keys};
use crate::castling::{Chess960, RuleShape};
use crate::color::Color;
use crate::fen::placement_letters;
use crate::variant::{CastlingRule, Variant};

/// The castling moves of the game: for each side whose castling king and rooks stand where
/// the rules say in the start position; and with `chess960 = true`, the rule that moves
/// them wherever a position's castling field says they start.
pub(crate) fn castling_rules(
    keys: &Keys<'_>,
    v: &Variant,
) -> Result<(Vec<CastlingRule>, Option<Chess960>), GameFileError> {
    let chess960 = keys.bool("chess960", false)?;
    if let Some(e) = keys.get("chess960").filter(|_| chess960) {
        if v.hand_gating || v.first_leaps.is_some() {
            return Err(bad(
                e,
                "Chess960 castling cannot be combined with seirawanGating or cambodianMoves",
            ));
        }
    }
    let g = v.geometry;
    let file_key = |key: &str, default: u8| -> Result<u8, GameFileError> {
        match keys.get(key) {
            None => Ok(default),
            Some(e) => file_index(&e.value)
                .filter(|&f| f < g.files())
                .ok_or_else(|| bad(e, "expected a file of the board: a letter or a number")),
        }
    };
    let king_to = [
        file_key("castlingKingsideFile", 6)?,
        file_key("castlingQueensideFile", 2)?,
    ];
    let rook_from = [
        file_key("castlingRookKingsideFile", g.files() - 1)?,
        file_key("castlingRookQueensideFile", 0)?,
    ];
    let rank = match keys.get("castlingRank") {
        None => 0,
        Some(e) => e
            .value
            .parse::<u8>()
            .ok()
            .and_then(|r| r.checked_sub(1))
            .filter(|&r| r < g.ranks())
            .ok_or_else(|| bad(e, "expected a rank of the board, from 1"))?,
    };
    let king_letter = match keys.get("castlingKingPiece") {
        None => v.kinds.iter().find(|k| k.royal).map(|k| k.letter),
        Some(e) => Some(single(e, v)?),
    };
    let rook_letters: Vec<char> = match keys.get("castlingRookPieces") {
        None => vec!['R'],
        Some(e) => {
            let mut out = Vec::new();
            for c in e.value.chars().filter(|c| !c.is_whitespace()) {
                if v.any_kind_by_letter(c.to_ascii_uppercase()).is_none() {
                    return Err(bad(
                        e,
                        format!("`{c}` is not the letter of a piece of this game"),
                    ));
                }
                out.push(c.to_ascii_uppercase());
            }
            out
        }
    };
    // Joust's `castlingLongSide`: which castling SAN writes `O-O-O` (LancerChess's royal
    // Queen, on the d-file, castles long towards the h-file).
    let long_side = match keys.get("castlingLongSide") {
        None => 1,
        Some(e) => match e.value.as_str() {
            "queenside" => 1,
            "kingside" => 0,
            _ => return Err(bad(e, "expected `queenside` or `kingside`")),
        },
    };
    let Some(king_letter) = king_letter else {
        return Ok((Vec::new(), None));
    };
    // A castling king that is not royal (Giveaway's commoner) may castle out of, through
    // and into attack, as in Fairy-Stockfish.
    let king_royal = v
        .any_kind_by_letter(king_letter)
        .is_some_and(|k| v.kind(k).royal);
    let board = placement_letters(v.start_fen, g);
    let mut rules = Vec::new();
    for color in Color::ALL {
        let r = if color == Color::White {
            rank
        } else {
            g.ranks() - 1 - rank
        };
        let at = |file: u8| -> Option<char> {
            let sq = g.square(file as i8, r as i8)?;
            let c = board.get(sq.index()).copied().flatten()?;
            let own = (c.is_ascii_uppercase()) == (color == Color::White);
            own.then_some(c.to_ascii_uppercase())
        };
        let kings: Vec<u8> = (0..g.files())
            .filter(|&f| at(f) == Some(king_letter))
            .collect();
        let [king_file] = kings[..] else { continue };
        for side in [0, 1] {
            // Side 0 is the kingside, towards the higher files.
            let queenside = side == 1;
            let rook = rook_from[side];
            if !at(rook).is_some_and(|c| rook_letters.contains(&c)) {
                continue;
            }
            let to = king_to[side];
            if (rook > king_file) == queenside || (!chess960 && to == king_file) {
                continue;
            }
            let shape = RuleShape {
                geometry: g,
                color,
                rank: r,
                queenside,
                long: side == long_side,
                king_royal,
            };
            rules.push(shape.rule(king_file, rook, to));
        }
    }
    let chess960 = chess960.then_some(Chess960 {
        rank,
        king_to,
        long_side,
        king: king_letter,
        rooks: rook_letters,
        king_royal,
    });
    Ok((rules, chess960))
}

fn single(e: &super::ini::Entry, v: &Variant) -> Result<char, GameFileError> {
    let mut chars = e.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if v.any_kind_by_letter(c.to_ascii_uppercase()).is_some() => {
            Ok(c.to_ascii_uppercase())
        }
        _ => Err(bad(e, "expected the letter of one piece of this game")),
    }
}
