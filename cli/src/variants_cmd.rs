//! `joust variants`: every game id with its board, pieces and summary; with an id, that
//! game's rules in short and its start position drawn as text.

mod rules_summary;

use crate::UserError;
use clap::Args;
use joust_core::{variants, Variant};
use joust_movegen::{on_position, AnyPosition};
use joust_render::words::{self, piece_names};
use joust_render::{board_text, legend, TextStyle};
use rules_summary::{BOOK_DIR, TOUR_ID, TOUR_RULES};
use std::fmt::Write;

/// Arguments of `joust variants`.
#[derive(Args, Debug)]
pub struct VariantsArgs {
    /// A game id: print its rules in short and its start position.
    id: Option<String>,
}

/// Width of the game id column of the listing.
const ID_WIDTH: usize = 15;
/// Where long lines are wrapped.
const LINE_WIDTH: usize = 80;

/// Runs the command, printing to stdout.
pub fn run(args: &VariantsArgs) -> Result<u8, UserError> {
    let text = match args.id.as_deref() {
        None => listing(),
        Some(id) if id.eq_ignore_ascii_case(TOUR_ID) => tour_rules(),
        Some(id) => {
            let v = variants::by_id(id)
                .map_err(|e| UserError(format!("{e}; kl-tour is the tour puzzle")))?;
            game_rules(v)
        }
    };
    print!("{text}");
    Ok(0)
}

/// Appends `text` wrapped at `width` columns, the first line after `first`, the others
/// after `rest` (both prefixes as wide).
fn wrap_at(out: &mut String, width: usize, first: &str, rest: &str, text: &str) {
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
}

/// Appends `text` wrapped at [`LINE_WIDTH`].
fn wrap(out: &mut String, first: &str, rest: &str, text: &str) {
    wrap_at(out, LINE_WIDTH, first, rest, text);
}

/// Every game id, one entry each: id, board size, summary, pieces.
fn listing() -> String {
    let pad = " ".repeat(ID_WIDTH + 7);
    let mut out = String::new();
    for v in variants::with_user_games() {
        let g = v.geometry;
        let head = format!(
            "{:<ID_WIDTH$}{:<7}",
            v.id,
            format!("{}x{}", g.files(), g.ranks())
        );
        // The summary stays on one line, however long.
        wrap_at(&mut out, usize::MAX, &head, &pad, v.summary);
        wrap(
            &mut out,
            &pad,
            &pad,
            &format!("pieces: {}", piece_names(v).join(", ")),
        );
    }
    let head = format!("{:<ID_WIDTH$}{:<7}", TOUR_ID, "NxM");
    wrap(
        &mut out,
        &head,
        &pad,
        "The King's Lancer tour puzzle for one player (see `joust tour`)",
    );
    wrap(&mut out, &pad, &pad, "pieces: King's Lancer");
    out.push('\n');
    wrap(
        &mut out,
        "",
        "",
        &format!(
            "The rules of each game: `joust variants ID` in short, and in full {BOOK_DIR}/ID.md \
             in the Joust repository."
        ),
    );
    out
}

/// The tour's rules in short, under a heading naming its page of the rules book, by its
/// path in the Joust repository (the binary does not know where that is).
fn tour_bullets(out: &mut String) {
    let _ = writeln!(
        out,
        "Rules in short (in full: {BOOK_DIR}/{TOUR_ID}.md in the Joust repository):"
    );
    for b in TOUR_RULES {
        wrap(out, "  - ", "    ", b);
    }
}

/// The rules in short of a game: the lines its game file writes by hand
/// (`rulesInShort.N`), or else a description from its data; a built-in game names its
/// page of the book, a user's game says where it came from.
fn rules_bullets(out: &mut String, v: &Variant) {
    if variants::all().iter().any(|b| std::ptr::eq(*b, v)) {
        let _ = writeln!(
            out,
            "Rules in short (in full: {BOOK_DIR}/{}.md in the Joust repository):",
            v.id
        );
    } else {
        let _ = writeln!(
            out,
            "Rules in short (a game from a game file, as Joust reads it):"
        );
    }
    for b in joust_render::rules::rules_in_short(v) {
        wrap(out, "  - ", "    ", &b);
    }
}

/// How each of the game's pieces moves, in words: a line (wrapped at 80 columns) a piece
/// name, or one per side where the sides' pieces of that name move differently. Shown by
/// `joust variants ID` and by the `pieces` command of `joust play`.
pub fn pieces_in_words(v: &Variant) -> String {
    let mut out = String::new();
    for (label, text) in words::pieces_in_words(v) {
        wrap(&mut out, &format!("  {label}: "), "    ", &text);
    }
    out
}

/// One game: name, size, summary, rules in short, the start position and its symbols.
fn game_rules(v: &'static Variant) -> String {
    let g = v.geometry;
    let mut out = format!("{} ({}), {}x{}\n", v.name, v.id, g.files(), g.ranks());
    wrap(&mut out, "", "", v.summary);
    out.push('\n');
    rules_bullets(&mut out, v);
    out.push_str("\nStart position:\n");
    let style = TextStyle::default();
    let board = AnyPosition::start(v).map(|pos| on_position!(&pos, p => board_text(p, &style)));
    // The start FEN is the game's own; failing to read it is a bug, reported plainly.
    match board {
        Ok(b) => out.push_str(&b),
        Err(e) => {
            let _ = writeln!(out, "(cannot read the start FEN: {e})");
        }
    }
    out.push('\n');
    out.push_str(&legend(v));
    out.push_str("\nHow the pieces move:\n");
    out.push_str(&pieces_in_words(v));
    let _ = writeln!(out, "\nStart FEN: {}", v.start_fen);
    out
}

/// The tour puzzle, which has no board of its own.
fn tour_rules() -> String {
    let mut out = String::from("King's Lancer tour (kl-tour), any board up to 10x10\n\n");
    tour_bullets(&mut out);
    out
}
