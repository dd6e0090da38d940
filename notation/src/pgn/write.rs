//! Writing games as PGN, with moves in SAN or coordinate notation.

use super::{number_prefix, Line, PgnGame};
use crate::coordinate::move_to_text;
use crate::san::move_to_san;
use joust_core::{Color, Position};
use joust_movegen::{make, position_from_fen, tables, with_board_bits, TableCache};

/// Which notation the moves are written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// Standard algebraic notation (docs/rules/README.md, "Moves in SAN", and each game's
    /// "Writing moves").
    San,
    /// Coordinate ("engine") notation (docs/rules/README.md, "Moves in coordinates").
    Coordinate,
}

/// The widest a move text line gets (a longer comment stays whole on its own line).
const WIDTH: usize = 79;

/// Writes one game as PGN text ending with a blank line, so games can be concatenated.
///
/// # Panics
/// If the game's FEN is invalid or a move is illegal; games from [`super::read_pgn`] and
/// games checked with [`PgnGame::check`] never are.
pub fn write_pgn(game: &PgnGame, notation: MoveNotation) -> String {
    let mut out = String::new();
    for (name, value) in game.header() {
        write_tag(&mut out, &name, &value);
    }
    out.push('\n');
    let mut tokens = Vec::new();
    with_board_bits!(game.variant, B => line_tokens::<B>(game, notation, &mut tokens));
    tokens.push(game.result.clone());
    let mut width = 0;
    let mut fresh_line = true;
    for t in tokens {
        let len = t.chars().count();
        if !fresh_line {
            if width + 1 + len > WIDTH {
                out.push('\n');
                width = 0;
            } else {
                out.push(' ');
                width += 1;
            }
        }
        out += &t;
        // A `;` comment runs to the end of its line.
        fresh_line = t.ends_with('\n');
        width = if fresh_line { 0 } else { width + len };
    }
    out.push_str("\n\n");
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let escaped = escaped.replace('\n', " ");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

fn line_tokens<B: TableCache>(game: &PgnGame, notation: MoveNotation, tokens: &mut Vec<String>) {
    let start: Position<B> =
        position_from_fen(game.variant, game.start_fen()).expect("a game's FEN is valid");
    write_line(&game.line, start, notation, tokens);
}

/// `{text}`; a text with a `}` in it is written as a `;` comment (its line ends there),
/// and only if it also holds a line break is its `}` changed to `)`.
fn comment_token(text: &str) -> String {
    if !text.contains('}') {
        format!("{{{text}}}")
    } else if !text.contains('\n') {
        format!(";{text}\n")
    } else {
        format!("{{{}}}", text.replace('}', ")"))
    }
}

fn write_line<B: TableCache>(
    line: &Line,
    mut pos: Position<B>,
    notation: MoveNotation,
    tokens: &mut Vec<String>,
) {
    let t = tables::<B>(pos.variant());
    for c in &line.comments {
        tokens.push(comment_token(c));
    }
    // A Black move needs its number after anything that interrupts the move text.
    let mut need_number = true;
    for m in &line.moves {
        let side = pos.side_to_move();
        let text = match notation {
            MoveNotation::San => move_to_san(&pos, m.mv),
            MoveNotation::Coordinate => move_to_text(&pos, m.mv),
        };
        // The number stays on the line of its move.
        if side == Color::White || need_number {
            tokens.push(format!(
                "{} {text}",
                number_prefix(pos.fullmove_number(), side)
            ));
        } else {
            tokens.push(text);
        }
        need_number = false;
        for n in &m.nags {
            tokens.push(format!("${n}"));
        }
        for c in &m.comments {
            tokens.push(comment_token(c));
            need_number = true;
        }
        for v in &m.variations {
            let mut inner = Vec::new();
            write_line(v, pos.clone(), notation, &mut inner);
            if let Some(first) = inner.first_mut() {
                first.insert(0, '(');
            } else {
                inner.push("(".to_string());
            }
            if let Some(last) = inner.last_mut() {
                last.push(')');
            }
            tokens.extend(inner);
            need_number = true;
        }
        make(t, &mut pos, m.mv);
    }
}
