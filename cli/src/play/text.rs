//! Text that fits a terminal: lines wrapped to [`WIDTH`] columns, and the `moves` list
//! with a Lancer's turns grouped (`Ld3 T: N NE E`).

use joust_core::Position;
use joust_movegen::TableCache;
use joust_notation::legal_moves_san;

/// The columns every line printed by `joust play` fits in.
pub const WIDTH: usize = 80;

/// `text` with every line longer than `width` columns broken at spaces; continuation
/// lines are indented by two spaces. A word longer than a line stays whole. Columns are
/// counted as the terminal shows them: colour codes (`ESC [ ... m`) take none, so the
/// coloured board of a terminal is not broken up.
pub fn fit(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if columns(line) <= width {
            out.push_str(line);
            continue;
        }
        let mut current = String::new();
        for word in line.split(' ') {
            let len = columns(&current);
            if len > 0 && len + 1 + columns(word) > width {
                out.push_str(current.trim_end());
                out.push('\n');
                current = String::from("  ");
            } else if len > 0 {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push_str(&current);
    }
    out
}

/// The columns `text` takes on a terminal: its characters, less ANSI escape sequences.
fn columns(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A control sequence: `[`, parameters, then one final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

/// The facing names a Lancer's SAN turn may end with (`T` then one of them).
const FACINGS: [&str; 8] = ["NE", "NW", "SE", "SW", "N", "E", "S", "W"];

/// Splits a Lancer's SAN `Ld3TNE` into `Ld3` and `NE`; `None` for other moves.
fn lancer_turn(san: &str) -> Option<(&str, &str)> {
    let plain = san.trim_end_matches(['+', '#']);
    FACINGS.iter().find_map(|f| {
        let base = plain.strip_suffix(f)?.strip_suffix('T')?;
        Some((base, &plain[base.len() + 1..]))
    })
}

/// The `moves` command's answer: the count, then the legal moves in SAN; a Lancer's
/// turns after one move are grouped on a line of their own (`Ld3 T: N NE E`, the plain
/// `Ld3` keeping its facing), and every line fits [`WIDTH`] columns.
pub fn moves_list<B: TableCache>(pos: &Position<B>) -> String {
    let all = legal_moves_san(pos);
    let mut plain: Vec<String> = Vec::new();
    let mut turns: Vec<(String, Vec<String>)> = Vec::new();
    for (_, san) in &all {
        match lancer_turn(san) {
            Some((base, facing)) => match turns.iter_mut().find(|(b, _)| b == base) {
                Some((_, list)) => list.push(facing.to_string()),
                None => turns.push((base.to_string(), vec![facing.to_string()])),
            },
            None => plain.push(san.clone()),
        }
    }
    let mut out = format!("Legal moves ({}): {}", all.len(), plain.join(" "));
    for (base, facings) in turns {
        out.push_str(&format!("\n{base} T: {}", facings.join(" ")));
    }
    fit(&out, WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;

    #[test]
    fn long_lines_break_at_spaces() {
        let line = "word ".repeat(30);
        let fitted = fit(line.trim_end(), 20);
        assert!(fitted.lines().all(|l| l.chars().count() <= 20), "{fitted}");
        assert_eq!(fitted.replace("\n  ", " "), line.trim_end());
        assert_eq!(fit("short\nlines", 20), "short\nlines");
    }

    #[test]
    fn lancer_turns_are_grouped() {
        let v = variants::by_id("lancers").unwrap();
        let pos = position_from_fen::<u64>(v, v.start_fen).unwrap();
        let list = moves_list(&pos);
        assert!(list.starts_with("Legal moves (96): "), "{list}");
        assert!(list.contains("\nLd3 T: "), "{list}");
        assert!(list.lines().all(|l| l.chars().count() <= WIDTH), "{list}");
        assert_eq!(lancer_turn("Lxh7TSE+"), Some(("Lxh7", "SE")));
        assert_eq!(lancer_turn("Nf3"), None);
    }
}

#[cfg(test)]
mod fit_tests {
    use super::*;

    #[test]
    fn colour_codes_take_no_columns() {
        let cell = "\x1b[48;5;180m ♜ \x1b[0m";
        let row = format!("8 {}", cell.repeat(8));
        assert_eq!(columns(&row), 2 + 8 * 3);
        assert_eq!(fit(&row, WIDTH), row);
        let long = "word ".repeat(30);
        assert!(fit(&long, WIDTH).lines().all(|l| columns(l) <= WIDTH));
    }
}
