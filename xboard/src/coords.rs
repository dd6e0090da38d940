//! Moves and positions as XBoard writes them, and as Joust does.
//!
//! Two differences matter:
//! - On a board of exactly 10 ranks XBoard counts the ranks from 0 (CECP: "on boards with
//!   exactly 10 ranks, counting of the ranks starts at 0"), so its `e0e2` is Joust's
//!   `e1e3`. Every rank number in a move is shifted on the way in and out.
//! - XBoard writes a FEN with no en-passant field when it has no castling rights to give
//!   (`... w - 0 1`); Joust's FEN reader wants all six fields, so a `-` is put back.

/// The rank numbers of `text` (every run of digits) with `shift` added.
fn shift_ranks(text: &str, shift: i64) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            match digits.parse::<i64>() {
                Ok(n) if n + shift >= 0 => out.push_str(&(n + shift).to_string()),
                _ => out.push_str(digits),
            }
            digits.clear();
        }
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// A move (or a line of moves) from XBoard, in Joust's coordinates for a board of
/// `ranks` ranks.
pub fn move_from_xboard(text: &str, ranks: u8) -> String {
    if ranks == 10 {
        shift_ranks(text, 1)
    } else {
        text.to_string()
    }
}

/// A move (or a line of moves) of Joust's, in XBoard's coordinates for a board of
/// `ranks` ranks.
pub fn move_to_xboard(text: &str, ranks: u8) -> String {
    if ranks == 10 {
        shift_ranks(text, -1)
    } else {
        text.to_string()
    }
}

/// A FEN from XBoard's `setboard`, with the fields XBoard leaves out put back: it writes
/// no en-passant field when it has no castling rights to give (`... w - 0 1`), and in
/// a game whose FEN it takes to have no castling (such as Makruk) neither field
/// (`... w 0 1`). Whichever is missing before the two move numbers becomes `-`.
pub fn fen_from_xboard(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let number = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u32>().is_ok());
    let missing = match fields.len() {
        5 if number(3) && number(4) => 1,
        4 if number(2) && number(3) => 2,
        _ => return fen.to_string(),
    };
    let n = fields.len();
    let mut fixed = fields[..n - 2].to_vec();
    fixed.extend(&["-", "-"][..missing]);
    fixed.extend(&fields[n - 2..]);
    fixed.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_from_zero_in_xboard() {
        assert_eq!(move_from_xboard("e0e2", 10), "e1e3");
        assert_eq!(move_from_xboard("a9b8q", 10), "a10b9q");
        assert_eq!(move_to_xboard("a10a9", 10), "a9a8");
        assert_eq!(move_to_xboard("e4e5,e5e6", 10), "e3e4,e4e5");
        assert_eq!(move_from_xboard("e2e4", 8), "e2e4");
        assert_eq!(move_to_xboard("e9e10", 9), "e9e10");
        for text in ["j10a1", "e4e5,e5e6", "b1c3h", "P@h3"] {
            assert_eq!(move_from_xboard(&move_to_xboard(text, 10), 10), text);
        }
    }

    #[test]
    fn a_fen_without_en_passant_field_gets_one() {
        assert_eq!(
            fen_from_xboard("brqnnbrk/pppppppp/8/8/8/8/PPPPPPPP/BRQNNBRK w - 0 1"),
            "brqnnbrk/pppppppp/8/8/8/8/PPPPPPPP/BRQNNBRK w - - 0 1"
        );
        assert_eq!(
            fen_from_xboard("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1"),
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
        );
        let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(fen_from_xboard(full), full);
    }
}
