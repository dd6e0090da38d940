//! The Musketeer gating field of a FEN (docs/rules/musketeer.md, "Writing moves" and
//! "Where our reading settles an open question"): the bracket form
//! `<placement>[LbCdlgcf]`, the 10-row form with a reserve row above and below the board,
//! their validity rules, and the canonical (bracket) form written back.

use crate::bitboard::Bits;
use crate::color::Color;
use crate::fen::FenError;
use crate::gating::{Gating, SetupStep, Slot, PLACEMENT_ORDER};
use crate::piece::KindId;
use crate::position::Position;
use crate::variant::Variant;

/// The gating part of a placement field, as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum GatingText<'a> {
    /// No gating field: read as `[]` in a gating game.
    Absent,
    /// The text between `[` and `]`.
    Bracket(&'a str),
    /// The reserve rows of the 10-row form.
    Rows {
        /// The first row: Black's reserve cells, files a→last.
        black: &'a str,
        /// The last row: White's reserve cells.
        white: &'a str,
    },
}

/// True if `variant` has a gating field at all.
#[inline]
pub(crate) fn has_gating(variant: &Variant) -> bool {
    !variant.gating_types.is_empty()
}

/// Splits a placement field into the board ranks and the gating part.
///
/// A `[` is a gating field; in a game without gating it is an error. In a gating game a
/// placement with two rows more than the board has ranks is the 10-row form. Anything
/// else is left to the placement reader (so a game without gating keeps its old errors,
/// e.g. `TooManyRanks` for ten rows in `chess`).
pub(crate) fn split<'a>(
    variant: &Variant,
    field: &'a str,
) -> Result<(&'a str, GatingText<'a>), FenError> {
    if let Some(open) = field.find('[') {
        let tail = &field[open..];
        if !has_gating(variant) {
            return Err(FenError::GatingNotAllowed {
                field: tail.to_string(),
            });
        }
        let close = tail.find(']').ok_or_else(|| FenError::UnclosedGating {
            field: tail.to_string(),
        })?;
        if let Some(found) = tail[close + 1..].chars().next() {
            return Err(FenError::UnexpectedChar { found });
        }
        return Ok((&field[..open], GatingText::Bracket(&tail[1..close])));
    }
    if has_gating(variant) && field.split('/').count() == variant.geometry.ranks() as usize + 2 {
        let first = field.find('/').expect("rows are separated by '/'");
        let last = field.rfind('/').expect("rows are separated by '/'");
        return Ok((
            &field[first + 1..last],
            GatingText::Rows {
                black: &field[..first],
                white: &field[last + 1..],
            },
        ));
    }
    Ok((field, GatingText::Absent))
}

/// The selectable type written as `letter` for `color` (case already checked by callers
/// where it matters).
fn gating_kind(variant: &Variant, color: Color, letter: char) -> Result<KindId, FenError> {
    variant
        .kind_by_letter(color, letter.to_ascii_uppercase())
        .filter(|k| variant.gating_types.contains(k))
        .ok_or(FenError::NotGatingType { letter })
}

/// The colour a gating letter's case stands for.
fn case_color(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// `letter` in the case of `color`.
fn cased(letter: char, color: Color) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

/// The FEN character of a slot's state.
fn state_char(slot: Slot) -> char {
    match slot {
        Slot::Unplaced => '?',
        Slot::Gone => '-',
        Slot::File(f) => (b'a' + f) as char,
    }
}

/// The entry of `color`'s type `i` as written in the bracket form, such as `Lb`.
fn entry_text(variant: &Variant, gating: &Gating, color: Color, i: usize) -> String {
    let letter = gating.types[i].map_or('?', |k| variant.kind(k).letter);
    let mut s = String::new();
    s.push(cased(letter, color));
    s.push(state_char(gating.slots[color.index()][i]));
    s
}

/// The letters of one side's list, as written.
fn letters(list: &[(KindId, Slot, char)]) -> String {
    list.iter().map(|&(_, _, c)| c).collect()
}

/// Fails on a type listed twice in one side's list.
fn check_duplicates(list: &[(KindId, Slot, char)]) -> Result<(), FenError> {
    for (j, &(k, _, letter)) in list.iter().enumerate() {
        if list[..j].iter().any(|&(other, _, _)| other == k) {
            return Err(FenError::DuplicateGatingType { letter });
        }
    }
    Ok(())
}

/// Reads the text between the brackets: for White then Black, each selected type's letter
/// followed by its reserve file, `-` or `?`.
pub(crate) fn parse_bracket(variant: &Variant, inner: &str) -> Result<Gating, FenError> {
    let files = variant.geometry.files();
    let chars: Vec<char> = inner.chars().collect();
    // `lists[color]`: (type, slot, letter as written).
    let mut lists: [Vec<(KindId, Slot, char)>; 2] = [Vec::new(), Vec::new()];
    for pair in chars.chunks(2) {
        let entry: String = pair.iter().collect();
        let letter = pair[0];
        let color = case_color(letter);
        let kind = gating_kind(variant, color, letter)?;
        let slot = match pair.get(1) {
            Some('?') => Slot::Unplaced,
            Some('-') => Slot::Gone,
            Some(&c) if c.is_ascii_lowercase() => {
                let f = c as u8 - b'a';
                if f >= files {
                    return Err(FenError::GatingFileOffBoard { entry });
                }
                Slot::File(f)
            }
            _ => return Err(FenError::BadGatingState { entry }),
        };
        if color == Color::White && !lists[1].is_empty() {
            return Err(FenError::GatingEntryOrder { entry });
        }
        lists[color.index()].push((kind, slot, letter));
    }
    for list in &lists {
        check_duplicates(list)?;
    }
    if let Some(list) = lists.iter().find(|l| l.len() > 2) {
        return Err(FenError::TooManyGatingTypes {
            types: letters(list),
        });
    }
    let kinds = |l: &[(KindId, Slot, char)]| l.iter().map(|e| e.0).collect::<Vec<_>>();
    if kinds(&lists[0]) != kinds(&lists[1]) {
        return Err(FenError::GatingListsDiffer {
            white: letters(&lists[0]),
            black: letters(&lists[1]),
        });
    }
    let mut gating = Gating::default();
    for (i, &(k, _, _)) in lists[0].iter().enumerate() {
        gating.types[i] = Some(k);
    }
    for color in Color::ALL {
        for (i, &(_, slot, _)) in lists[color.index()].iter().enumerate() {
            gating.slots[color.index()][i] = slot;
        }
    }
    check_placement_order(variant, &gating)?;
    Ok(gating)
}

/// Placements happen in the order White-1, Black-1, White-2, Black-2, and only once both
/// types are selected: nothing may be placed (or gone) after a step still pending.
fn check_placement_order(variant: &Variant, gating: &Gating) -> Result<(), FenError> {
    let selected = gating.selected().count();
    let mut pending = selected < 2;
    for (color, i) in PLACEMENT_ORDER {
        if i >= selected {
            continue;
        }
        if gating.slots[color.index()][i] == Slot::Unplaced {
            pending = true;
        } else if pending {
            return Err(FenError::GatingPlacementOrder {
                entry: entry_text(variant, gating, color, i),
            });
        }
    }
    Ok(())
}

/// Reads the reserve rows of the 10-row form (docs/rules/musketeer.md, "Writing moves"
/// and "Where our reading settles an open question").
pub(crate) fn parse_reserve_rows(
    variant: &Variant,
    white: &str,
    black: &str,
) -> Result<Gating, FenError> {
    let files = variant.geometry.files();
    // `cells[color]`: (type, its file, letter as written), files a→last.
    let mut cells: [Vec<(KindId, Slot, char)>; 2] = [Vec::new(), Vec::new()];
    for (color, row) in [(Color::White, white), (Color::Black, black)] {
        if row.chars().count() != files as usize {
            return Err(FenError::ReserveRowLength {
                color,
                row: row.to_string(),
                expected: files,
            });
        }
        for (f, c) in row.chars().enumerate() {
            if c == '*' {
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(FenError::UnexpectedChar { found: c });
            }
            if case_color(c) != color {
                return Err(FenError::ReserveWrongCase { color, letter: c });
            }
            let kind = gating_kind(variant, color, c)?;
            cells[color.index()].push((kind, Slot::File(f as u8), c));
        }
    }
    for list in &cells {
        check_duplicates(list)?;
    }
    // Types by first appearance: White's row a→h, then Black's.
    let mut types: Vec<KindId> = Vec::new();
    for &(k, _, _) in cells.iter().flatten() {
        if !types.contains(&k) {
            types.push(k);
        }
    }
    if types.len() != 2 {
        return Err(FenError::ReserveTypeCount {
            types: types.iter().map(|&k| variant.kind(k).letter).collect(),
        });
    }
    let mut gating = Gating::default();
    for (i, &k) in types.iter().enumerate() {
        gating.types[i] = Some(k);
        for color in Color::ALL {
            // A type missing from a side's row has already gone for that side
            // (docs/rules/musketeer.md, "Writing moves").
            gating.slots[color.index()][i] = cells[color.index()]
                .iter()
                .find(|e| e.0 == k)
                .map_or(Slot::Gone, |e| e.1);
        }
    }
    Ok(gating)
}

/// The name of `color`'s reserve cell behind `file`: `b0` for White, `b9` for Black on an
/// 8-rank board (docs/rules/musketeer.md, "Writing moves").
fn cell_name(ranks: u8, color: Color, file: u8) -> String {
    let rank = match color {
        Color::White => 0,
        Color::Black => ranks as u32 + 1,
    };
    format!("{}{}", (b'a' + file) as char, rank)
}

/// Checks the reserve pieces against each other and the board (docs/rules/musketeer.md,
/// "The setup", "Gating" and "Writing moves"): one piece per cell, not both the e-file
/// and a Rook's file, and a piece of the same side on the back-rank square in front of
/// each occupied cell.
pub(crate) fn check_reserves<B: Bits>(pos: &Position<B>) -> Result<(), FenError> {
    let geometry = pos.geometry();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let gating = pos.gating();
    for color in Color::ALL {
        let placed: Vec<u8> = gating.slots[color.index()]
            .iter()
            .filter_map(|s| match s {
                Slot::File(f) => Some(*f),
                _ => None,
            })
            .collect();
        if let [a, b] = placed[..] {
            if a == b {
                return Err(FenError::ReserveFileTaken {
                    cell: cell_name(ranks, color, a),
                });
            }
        }
        const KING_FILE: u8 = 4;
        if placed.contains(&KING_FILE) {
            if let Some(&rook) = placed.iter().find(|&&f| f == 0 || f == files - 1) {
                return Err(FenError::ReserveKingAndRookFiles {
                    color,
                    king_cell: cell_name(ranks, color, KING_FILE),
                    rook_cell: cell_name(ranks, color, rook),
                });
            }
        }
        let back_rank = match color {
            Color::White => 0,
            Color::Black => ranks - 1,
        };
        for &f in &placed {
            let sq = geometry
                .square(f as i8, back_rank as i8)
                .expect("reserve files are on the board");
            if pos.piece_at(sq).map(|p| p.color) != Some(color) {
                return Err(FenError::ReserveWithoutPiece {
                    cell: cell_name(ranks, color, f),
                    square: geometry.name(sq).to_string(),
                });
            }
        }
    }
    Ok(())
}

/// During the setup phase the side to move is the one whose setup step is next
/// (`Gating::setup_step`); after it either side may move.
pub(crate) fn check_setup_side(gating: &Gating, side: Color) -> Result<(), FenError> {
    let expected = match gating.setup_step() {
        None => return Ok(()),
        Some(SetupStep::WhiteSelects) => Color::White,
        Some(SetupStep::BlackSelects) => Color::Black,
        Some(SetupStep::Place { color, .. }) => color,
    };
    if side == expected {
        Ok(())
    } else {
        Err(FenError::SetupSideToMove {
            expected,
            found: side,
        })
    }
}

/// Appends the bracket form of `gating` to `out`: `[]`, `[L?l?]`, `[LbCdlgcf]`, ...
pub(crate) fn write(variant: &Variant, gating: &Gating, out: &mut String) {
    out.push('[');
    for color in Color::ALL {
        for i in 0..2 {
            if gating.types[i].is_some() {
                out.push_str(&entry_text(variant, gating, color, i));
            }
        }
    }
    out.push(']');
}
