//! The texts `joust play` shows to explain itself: the command list, the move notation,
//! and what to type during Musketeer's setup phase.

use joust_core::atom::{Mode, Path};
use joust_core::{Color, Position, Variant};
use joust_movegen::{MoveFlag, TableCache};
use joust_notation::legal_moves_san;

/// The commands and the notation, with notes for the game's own kinds of move.
pub fn help_text(variant: &Variant) -> String {
    let mut out = String::from(
        "Type a move in SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3, e7e8q).\n\
         Commands:\n\
         \x20 undo       take back your last move (and the engine's reply)\n\
         \x20 hint       ask the engine for a move\n\
         \x20 flip       turn the board around\n\
         \x20 board      draw the board again\n\
         \x20 moves      list the legal moves\n\
         \x20 fen        show the position as FEN\n\
         \x20 pieces     how each piece moves, in words\n\
         \x20 pgn FILE   save the game so far as PGN\n\
         \x20 resign     give up the game\n\
         \x20 quit       leave\n\
         \x20 help       this text\n\
         Scores are in pawns from White's view; #3 means White mates in 3, #-3 Black.\n\
         A refused move is answered with the legal moves closest to it: those to the\n\
         square it names last, from the square it names first, or spelt within an edit\n\
         or two.\n",
    );
    let atoms = || variant.kinds.iter().flat_map(|k| &k.atoms);
    let lion = variant
        .kinds
        .iter()
        .find(|k| k.atoms.iter().any(|a| a.path == Path::LionDouble));
    let mut notes = Vec::new();
    if variant.kinds.iter().any(|k| k.facing.is_some()) {
        notes.push(
            "Lancers: a move ends with T and the new facing when it turns, La1TNE \
             (coordinates b1h7ne)."
                .to_string(),
        );
    }
    if atoms().any(|a| a.mode.contains(Mode::SHOOT)) {
        notes.push(
            "Shots (a capture without moving) are written with *: R*a7 or e*d4 \
             (coordinates h1*h7)."
                .to_string(),
        );
    }
    if let Some(k) = lion {
        let l = k.letter;
        notes.push(format!(
            "Double moves name both steps: {l}xe5xe6, {l}xe5-f6 (coordinates e4e5,e5f6); \
             the pass is {l}--."
        ));
    }
    if !variant.gating_types.is_empty() {
        notes.push(
            "Gating: a gating move may add /X (Nc3/L); setup moves are the type letter (L) \
             and placements (L@d0)."
                .to_string(),
        );
    }
    for note in notes {
        out.push_str(&note);
        out.push('\n');
    }
    out
}

/// During Musketeer's setup phase (docs/rules/musketeer.md, "The setup"), what the side
/// to move must do and the setup moves it may type; `None` once the board moves have
/// begun.
pub fn setup_prompt<B: TableCache>(pos: &Position<B>) -> Option<String> {
    let moves = legal_moves_san(pos);
    let first = moves.first()?;
    let v = pos.variant();
    let listed: Vec<&str> = moves.iter().map(|(_, s)| s.as_str()).collect();
    let side = pos.side_to_move();
    let task = match first.0.flag {
        MoveFlag::Select if side == Color::White => {
            let names: Vec<String> = v
                .gating_types
                .iter()
                .map(|&k| format!("{} {}", v.kind(k).letter, v.kind(k).name))
                .collect();
            format!(
                "Setup phase: choose the first extra piece type for both sides \
                 by its letter ({}). Black then chooses a second type, or rejects yours. \
                 Type 'pieces' to read how every type moves.",
                names.join(", ")
            )
        }
        MoveFlag::Select => {
            let white = pos.gating().types[0].map_or('?', |k| v.kind(k).letter);
            format!(
                "Setup phase: choose the second extra piece type by its letter, or type \
                 {white} to reject White's choice (the types then become Cannon and Leopard)."
            )
        }
        MoveFlag::Place => {
            let kind = first.0.promotion_kind().map_or("piece", |k| v.kind(k).name);
            let rank = if side == Color::White { '0' } else { '9' };
            format!(
                "Setup phase: put your {kind} in a reserve cell behind your back rank, e.g. \
                 {}@d{rank}; it enters the board when the piece in front of it first moves \
                 (not behind both the King and a Rook).",
                first.1.chars().next().unwrap_or('?')
            )
        }
        _ => return None,
    };
    Some(format!("{task}\nSetup moves: {}", listed.join(" ")))
}

/// The commands `joust play` reads (besides moves), for "did you mean".
const COMMANDS: [&str; 12] = [
    "undo", "hint", "flip", "board", "moves", "fen", "pieces", "pgn", "resign", "quit", "exit",
    "help",
];

/// The command a mistyped word most likely meant: a word of letters only (no move is
/// spelt so, castling aside) within one edit of a command, or two for a word of five
/// letters or more.
pub fn close_command(word: &str) -> Option<&'static str> {
    let word = word.trim();
    if word.len() < 3 || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let near = if word.len() >= 5 { 2 } else { 1 };
    COMMANDS
        .iter()
        .map(|c| (joust_core::suggest::edit_distance(word, c), *c))
        .filter(|&(d, _)| d > 0 && d <= near)
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::close_command;

    #[test]
    fn a_mistyped_command_is_named() {
        assert_eq!(close_command("udno"), Some("undo"), "two letters swapped");
        assert_eq!(close_command("hlep"), Some("help"));
        assert_eq!(close_command("fpil"), None, "two edits in four letters");
        assert_eq!(close_command("undoo"), Some("undo"));
        assert_eq!(close_command("resing"), Some("resign"));
        assert_eq!(close_command("moev"), None);
        assert_eq!(close_command("mvoes"), Some("moves"));
        assert_eq!(close_command("flp"), Some("flip"));
        assert_eq!(close_command("Nf3"), None, "a move is not a command");
        assert_eq!(close_command("e4"), None);
        assert_eq!(close_command("xyzzy"), None);
    }
}
