//! A tiny stroke font (polylines on a 4x6 grid) for the letters and digits drawn in SVG
//! diagrams, so that no picture depends on the fonts of the viewer.

use std::fmt::Write;

/// Width of a glyph cell in font units (height is 6, descenders reach 8).
pub const GLYPH_WIDTH: f64 = 4.0;
/// Advance from one glyph to the next, in font units.
pub const ADVANCE: f64 = 5.5;
/// Height of a capital or digit, in font units.
pub const CAP_HEIGHT: f64 = 6.0;

/// The polylines of a character, `x,y` points separated by spaces and strokes by `;`
/// (y grows downwards); `None` for a character the font lacks.
fn strokes(c: char) -> Option<&'static str> {
    Some(match c {
        'A' => "0,6 2,0 4,6;0.7,4 3.3,4",
        'B' => "0,3 3,3 4,4 4,5 3,6 0,6 0,0 3,0 4,1 4,2 3,3",
        'C' => "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5",
        'D' => "0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0",
        'E' => "4,0 0,0 0,6 4,6;0,3 3,3",
        'F' => "4,0 0,0 0,6;0,3 3,3",
        'G' => "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3",
        'H' => "0,0 0,6;4,0 4,6;0,3 4,3",
        'I' => "1,0 3,0;2,0 2,6;1,6 3,6",
        'J' => "1,0 4,0;3,0 3,5 2,6 1,6 0,5",
        'K' => "0,0 0,6;4,0 0,4;1.5,2.5 4,6",
        'L' => "0,0 0,6 4,6",
        'M' => "0,6 0,0 2,3.5 4,0 4,6",
        'N' => "0,6 0,0 4,6 4,0",
        'O' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
        'P' => "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
        'Q' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0;2.5,4.5 4,6.5",
        'R' => "0,6 0,0 3,0 4,1 4,2 3,3 0,3;1.5,3 4,6",
        'S' => "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
        'T' => "0,0 4,0;2,0 2,6",
        'U' => "0,0 0,5 1,6 3,6 4,5 4,0",
        'V' => "0,0 2,6 4,0",
        'W' => "0,0 1,6 2,2.5 3,6 4,0",
        'X' => "0,0 4,6;4,0 0,6",
        'Y' => "0,0 2,3 4,0;2,3 2,6",
        'Z' => "0,0 4,0 0,6 4,6",
        'a' => "0.5,2 3,2 4,3 4,6;4,3.8 1,3.8 0,4.6 0,5.3 0.8,6 3,6 4,5",
        'b' => "0,0 0,6;0,3 1,2 3,2 4,3 4,5 3,6 1,6 0,5",
        'c' => "4,2.5 3,2 1,2 0,3 0,5 1,6 3,6 4,5.5",
        'd' => "4,0 4,6;4,3 3,2 1,2 0,3 0,5 1,6 3,6 4,5",
        'e' => "0,4 4,4 4,3 3,2 1,2 0,3 0,5 1,6 3,6 4,5.5",
        'f' => "3.5,0 2.5,0 1.5,1 1.5,6;0,2.5 3,2.5",
        'g' => "4,2 4,7 3,8 1,8 0,7.5;4,3 3,2 1,2 0,3 0,4.5 1,5.5 3,5.5 4,4.5",
        'h' => "0,0 0,6;0,3 1,2 3,2 4,3 4,6",
        'i' => "2,2.5 2,6;2,0.4 2,0.9",
        'j' => "3,2.5 3,7 2,8 1,8 0,7;3,0.4 3,0.9",
        'k' => "0,0 0,6;3.5,2 0,4.5;1.5,3.5 4,6",
        'l' => "1,0 2,0 2,5 3,6 4,6",
        'm' => "0,6 0,2;0,3 0.8,2 1.4,2 2,3 2,6;2,3 2.6,2 3.2,2 4,3 4,6",
        'n' => "0,6 0,2;0,3 1,2 3,2 4,3 4,6",
        'o' => "1,2 3,2 4,3 4,5 3,6 1,6 0,5 0,3 1,2",
        'p' => "0,2 0,8;0,3 1,2 3,2 4,3 4,5 3,6 1,6 0,5",
        '0' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
        '1' => "1,1 2,0 2,6;1,6 3,6",
        '2' => "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
        '3' => "0,1 1,0 3,0 4,1 4,2 3,3 1.5,3;3,3 4,4 4,5 3,6 1,6 0,5",
        '4' => "3,6 3,0 0,4 4,4",
        '5' => "4,0 0,0 0,3 3,3 4,4 4,5 3,6 1,6 0,5",
        '6' => "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
        '7' => "0,0 4,0 1.5,6",
        '8' => "1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3",
        '9' => "0,5 1,6 3,6 4,5 4,1 3,0 1,0 0,1 0,2 1,3 4,3",
        _ => return None,
    })
}

/// True if the font can draw `c`.
pub fn has_glyph(c: char) -> bool {
    strokes(c).is_some()
}

/// Formats a coordinate compactly and deterministically (at most two decimals).
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The path data (`M… L…`) of `text` with its top-left corner at (`x`, `y`) and each
/// font unit `scale` long; characters the font lacks are left out.
pub fn text_path(text: &str, x: f64, y: f64, scale: f64) -> String {
    let mut d = String::new();
    for (i, c) in text.chars().enumerate() {
        let ox = x + i as f64 * ADVANCE * scale;
        for stroke in strokes(c)
            .unwrap_or("")
            .split(';')
            .filter(|s| !s.is_empty())
        {
            for (j, point) in stroke.split(' ').enumerate() {
                let (px, py) = point.split_once(',').expect("font point");
                let px: f64 = px.parse().expect("font x");
                let py: f64 = py.parse().expect("font y");
                let cmd = if j == 0 { 'M' } else { 'L' };
                let _ = write!(d, "{cmd}{},{}", num(ox + px * scale), num(y + py * scale));
            }
        }
    }
    d
}

/// The width of `text` drawn at `scale`, from the left of the first glyph to the right
/// of the last.
pub fn text_width(text: &str, scale: f64) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        0.0
    } else {
        ((n - 1.0) * ADVANCE + GLYPH_WIDTH) * scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_digit_and_file_letter_is_drawable() {
        for c in ('A'..='Z').chain('a'..='p').chain('0'..='9') {
            assert!(has_glyph(c), "{c}");
            let d = text_path(&c.to_string(), 0.0, 0.0, 1.0);
            assert!(d.starts_with('M'), "{c}: {d}");
            for point in d.split(['M', 'L']).filter(|p| !p.is_empty()) {
                let (x, y) = point.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                assert!(
                    (0.0..=GLYPH_WIDTH).contains(&x) && (0.0..=8.0).contains(&y),
                    "{c}"
                );
            }
        }
        assert!(!has_glyph('q'));
    }

    #[test]
    fn numbers_are_compact_and_text_advances() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.234), "1.23");
        assert_eq!(
            text_path("10", 0.0, 0.0, 1.0),
            "M1,1L2,0L2,6M1,6L3,6M6.5,0L8.5,0L9.5,1L9.5,5L8.5,6L6.5,6L5.5,5L5.5,1L6.5,0"
        );
        assert_eq!(text_width("10", 2.0), 19.0);
    }
}
