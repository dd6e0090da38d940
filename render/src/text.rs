//! The text board for terminals: coordinates on both sides, a glyph per piece, Lancer
//! facings as arrows, optional flip, and the last move marked (brackets or ANSI colours).
//!
//! Symbols: the six FIDE kinds (by their name in the rules book, docs/rules/: King,
//! Queen, Rook, Bishop, Knight, Pawn) get the Unicode chess glyphs, White ♔♕♖♗♘♙ and
//! Black ♚♛♜♝♞♟. Every other kind is shown by its FEN letter, upper-case for White and
//! lower-case for Black. The glyph follows the piece's *name*, so in LancerChess and
//! Clash the royal Queen is ♕ and the queen-moving King is ♔, matching the letters of FEN
//! and SAN (`Qe2` moves ♕); [`legend`] marks the royal kind. A Lancer is its letter
//! followed by an arrow for its facing (`L↗`), drawn as seen on the screen: turned half a
//! circle when the board is flipped.

use joust_core::gating::Slot;
use joust_core::{Bits, Color, Direction, KindId, Piece, Position, Square, Variant};
use std::fmt::Write;

/// How to draw a text board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextStyle {
    /// Black at the bottom: the board turned half a circle (files run right to left).
    pub flip: bool,
    /// ANSI background colours for the squares and the last move (for terminals);
    /// without it the last move's squares are bracketed, `[♙ ]`.
    pub colour: bool,
    /// The last move's from and to squares, to be marked.
    pub last_move: Option<(Square, Square)>,
}

/// The Unicode glyph of a FIDE-named kind, White's and Black's.
fn fide_glyph(name: &str) -> Option<(char, char)> {
    Some(match name {
        "King" => ('♔', '♚'),
        "Queen" => ('♕', '♛'),
        "Rook" => ('♖', '♜'),
        "Bishop" => ('♗', '♝'),
        "Knight" => ('♘', '♞'),
        "Pawn" => ('♙', '♟'),
        _ => return None,
    })
}

/// The one-character symbol of a piece: a chess glyph for the FIDE-named kinds, else the
/// kind's FEN letter in White's upper or Black's lower case.
pub fn piece_symbol(variant: &Variant, piece: Piece) -> char {
    let kind = variant.kind(piece.kind);
    match (fide_glyph(kind.name), piece.color) {
        (Some((w, _)), Color::White) => w,
        (Some((_, b)), Color::Black) => b,
        (None, Color::White) => kind.letter,
        (None, Color::Black) => kind.letter.to_ascii_lowercase(),
    }
}

/// The arrow for a facing as seen from White's side: `↑` for N, `↗` for NE, and so on.
pub fn facing_arrow(facing: Direction) -> char {
    ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'][facing as usize]
}

/// The arrow for a facing as drawn on a board that may be flipped.
fn screen_arrow(facing: Direction, flip: bool) -> char {
    let turned = if flip {
        Direction::ALL[(facing as usize + 4) % 8]
    } else {
        facing
    };
    facing_arrow(turned)
}

const RESET: &str = "\x1b[0m";
const PIECE_FG: &str = "\x1b[38;5;16m";

/// The ANSI background of a square: light, dark, or the last move's highlight.
fn background(dark: bool, marked: bool) -> &'static str {
    match (dark, marked) {
        (false, false) => "\x1b[48;5;223m",
        (true, false) => "\x1b[48;5;180m",
        (false, true) => "\x1b[48;5;229m",
        (true, true) => "\x1b[48;5;143m",
    }
}

/// The order files and ranks are drawn in: (files left to right, ranks top to bottom).
fn draw_order(files: u8, ranks: u8, flip: bool) -> (Vec<u8>, Vec<u8>) {
    let f: Vec<u8> = (0..files).collect();
    let r: Vec<u8> = (0..ranks).rev().collect();
    if flip {
        (f.into_iter().rev().collect(), r.into_iter().rev().collect())
    } else {
        (f, r)
    }
}

/// One square's four columns: an opening mark, the symbol, the facing arrow or a space,
/// a closing mark.
fn cell(body: (char, char), dark: bool, marked: bool, style: &TextStyle) -> String {
    if style.colour {
        format!(
            "{}{PIECE_FG} {}{} {RESET}",
            background(dark, marked),
            body.0,
            body.1
        )
    } else if marked {
        format!("[{}{}]", body.0, body.1)
    } else {
        format!(" {}{} ", body.0, body.1)
    }
}

/// The symbol and facing arrow of a piece.
fn piece_body(variant: &Variant, piece: Piece, flip: bool) -> (char, char) {
    let arrow = variant
        .kind(piece.kind)
        .facing
        .map_or(' ', |d| screen_arrow(d, flip));
    (piece_symbol(variant, piece), arrow)
}

/// A Musketeer reserve row (docs/rules/musketeer.md, "Board and start position"): the
/// pieces waiting behind `color`'s back rank, labelled with the rank number used by
/// placement moves (0 for White, 9 for Black on 8x8).
fn reserve_row<B: Bits>(pos: &Position<B>, color: Color, files: &[u8], out: &mut String) {
    let v = pos.variant();
    let label = match color {
        Color::White => 0,
        Color::Black => v.geometry.ranks() + 1,
    };
    let mut line = format!("{label:>2} ");
    for &f in files {
        let body = match pos.gating().reserve_on(color, f) {
            Some((_, kind)) => piece_body(v, Piece::new(color, kind), false),
            None => (' ', ' '),
        };
        let _ = write!(line, " {}{} ", body.0, body.1);
    }
    let _ = writeln!(line, " {label} reserve");
    out.push_str(&line);
}

/// The gating summary under a Musketeer board: the selected types and any reserve piece
/// not yet placed, so a position in the setup phase is fully shown.
fn gating_line<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let g = pos.gating();
    if g.types[0].is_none() {
        return "Gating: no type selected yet\n".to_string();
    }
    let names: Vec<String> = g
        .selected()
        .map(|k| format!("{} {}", v.kind(k).letter, v.kind(k).name))
        .collect();
    let mut line = format!("Gating: {}", names.join(", "));
    let mut unplaced = Vec::new();
    for c in Color::ALL {
        for (i, t) in g.types.iter().enumerate() {
            if let (Some(k), Slot::Unplaced) = (t, g.slots[c.index()][i]) {
                let side = if c == Color::White { "White" } else { "Black" };
                unplaced.push(format!("{side}'s {}", v.kind(*k).name));
            }
        }
    }
    if !unplaced.is_empty() {
        let _ = write!(line, "; not placed yet: {}", unplaced.join(", "));
    }
    line.push('\n');
    line
}

/// Draws a position as text for a terminal: file letters above and below, rank numbers
/// on both sides, one four-column cell per square, and (in games with gating) the
/// reserve rows and a gating line. Ends with a newline.
pub fn board_text<B: Bits>(pos: &Position<B>, style: &TextStyle) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let (files, ranks) = draw_order(g.files(), g.ranks(), style.flip);
    let mut header = String::from("   ");
    for &f in &files {
        let _ = write!(header, " {}  ", (b'a' + f) as char);
    }
    let header = format!("{}\n", header.trim_end());
    let gating = !v.gating_types.is_empty();
    let shows_reserves = gating && pos.gating().types[0].is_some();
    let (top_side, bottom_side) = if style.flip {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let mut out = header.clone();
    if shows_reserves {
        reserve_row(pos, top_side, &files, &mut out);
    }
    for &r in &ranks {
        let _ = write!(out, "{:>2} ", r + 1);
        for &f in &files {
            let sq = g.square(f as i8, r as i8).expect("on board");
            let marked = style.last_move.is_some_and(|(a, b)| a == sq || b == sq);
            let body = match pos.piece_at(sq) {
                Some(p) => piece_body(v, p, style.flip),
                None if style.colour => (' ', ' '),
                None => ('.', ' '),
            };
            out.push_str(&cell(body, g.is_dark(sq), marked, style));
        }
        let _ = writeln!(out, " {}", r + 1);
    }
    if shows_reserves {
        reserve_row(pos, bottom_side, &files, &mut out);
    }
    out.push_str(&header);
    if gating {
        out.push_str(&gating_line(pos));
    }
    if v.hand_gating {
        out.push_str(&hand_line(pos));
    }
    out
}

/// The hands under the board of a game with gating from the hand: `In hand: White
/// Elephant, Hawk; Black Hawk`.
fn hand_line<B: Bits>(pos: &Position<B>) -> String {
    let v = pos.variant();
    let sides: Vec<String> = Color::ALL
        .iter()
        .map(|&c| {
            let pieces: Vec<String> = (0..v.kinds.len() as u8)
                .rev()
                .map(KindId)
                .filter(|&k| pos.hand_count(c, k) > 0)
                .map(|k| match pos.hand_count(c, k) {
                    1 => v.kind(k).name.to_string(),
                    n => format!("{n} {}", v.kind(k).name),
                })
                .collect();
            let side = if c == Color::White { "White" } else { "Black" };
            match pieces.is_empty() {
                true => format!("{side} nothing"),
                false => format!("{side} {}", pieces.join(", ")),
            }
        })
        .collect();
    format!("In hand: {}\n", sides.join("; "))
}

/// The symbols of a game, one line per piece name of the armies: White's and Black's symbol (`-` for a
/// side whose army lacks it), the FEN letter, the name, and notes (royal, one side only,
/// facing arrows). Ends with a newline.
pub fn legend(variant: &Variant) -> String {
    let in_play = |k: &KindId| variant.armies.iter().any(|a| a.contains(k));
    let mut names: Vec<&str> = Vec::new();
    for k in variant.kind_ids().filter(in_play) {
        let name = variant.kind(k).name;
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut out = String::new();
    for name in names {
        let kinds: Vec<_> = variant
            .kind_ids()
            .filter(|&k| variant.kind(k).name == name)
            .collect();
        let first = variant.kind(kinds[0]);
        let owned = |c: Color| kinds.iter().find(|k| variant.armies[c.index()].contains(k));
        let symbol = |c: Color| owned(c).map_or('-', |&k| piece_symbol(variant, Piece::new(c, k)));
        let mut notes = Vec::new();
        if first.royal {
            notes.push("royal".to_string());
        }
        match (owned(Color::White), owned(Color::Black)) {
            (Some(_), None) => notes.push("White only".to_string()),
            (None, Some(_)) => notes.push("Black only".to_string()),
            _ => {}
        }
        if first.facing.is_some() {
            let arrows: String = Direction::ALL
                .iter()
                .map(|&d| format!("{}{}", facing_arrow(d), d.name()))
                .collect::<Vec<_>>()
                .join(" ");
            notes.push(format!("arrow = facing: {arrows}"));
        }
        if variant.gating_types.iter().any(|k| kinds.contains(k)) {
            notes.push("gating type".to_string());
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join("; "))
        };
        let _ = writeln!(
            out,
            "{} {}  {}  {}{}",
            symbol(Color::White),
            symbol(Color::Black),
            first.letter,
            name,
            notes
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    /// The text board of `fen` in `variant`, on the bitboard width its board needs.
    fn draw(variant: &'static Variant, fen: &str, style: &TextStyle) -> String {
        if variant.geometry.len() <= 64 {
            board_text(&Position::<u64>::from_fen(variant, fen).unwrap(), style)
        } else {
            board_text(&Position::<u128>::from_fen(variant, fen).unwrap(), style)
        }
    }

    #[test]
    fn every_start_position_with_its_legend() {
        for v in variants::all() {
            let text = draw(v, v.start_fen, &TextStyle::default());
            let picture = format!("{}\n{}", text, legend(v));
            insta::assert_snapshot!(format!("start_{}", v.id), picture);
        }
    }

    #[test]
    fn flipped_board_turns_lancer_arrows_and_marks_the_last_move() {
        let v = variants::lancers();
        let fen = "rl(SE)bqkbl(SW)r/pppppppp/8/8/4P3/8/PPPP1PPP/RL(NE)BQKBL(NW)R b KQkq - 0 1";
        let e2 = v.geometry.parse_square("e2").unwrap();
        let e4 = v.geometry.parse_square("e4").unwrap();
        let style = TextStyle {
            flip: true,
            colour: false,
            last_move: Some((e2, e4)),
        };
        let text = draw(v, fen, &style);
        insta::assert_snapshot!(text);
        // b1's Lancer faces NE; seen from Black's side it points down-left.
        let b1_line = text.lines().find(|l| l.starts_with(" 1 ")).unwrap();
        assert!(b1_line.contains("L↙"), "{b1_line}");
        assert!(text.contains("[♙ ]") && text.contains("[. ]"), "{text}");
    }

    #[test]
    fn colour_mode_uses_ansi_backgrounds_and_no_brackets() {
        let v = variants::chess();
        let e2 = v.geometry.parse_square("e2").unwrap();
        let e4 = v.geometry.parse_square("e4").unwrap();
        let style = TextStyle {
            flip: false,
            colour: true,
            last_move: Some((e2, e4)),
        };
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let text = draw(v, fen, &style);
        assert!(!text.contains("[♙") && !text.contains("[ "), "{text:?}");
        let highlighted = text.matches(background(true, true)).count()
            + text.matches(background(false, true)).count();
        assert_eq!(highlighted, 2, "{text:?}");
        // e2 and e4 are both light, so all 32 dark squares keep their colour.
        assert_eq!(text.matches(background(true, false)).count(), 32);
        insta::assert_snapshot!(text.replace('\x1b', "^["));
    }

    #[test]
    fn musketeer_reserve_rows_and_setup_state_are_shown() {
        let v = variants::musketeer();
        let placed = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 4";
        insta::assert_snapshot!("musketeer_placed", draw(v, placed, &TextStyle::default()));
        let half = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbC?l?c?] b KQkq - 0 2";
        let text = draw(v, half, &TextStyle::default());
        assert!(
            text.contains("not placed yet: White's Cannon, Black's Leopard, Black's Cannon"),
            "{text}"
        );
        insta::assert_snapshot!("musketeer_half_placed", text);
    }
}
