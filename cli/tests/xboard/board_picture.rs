//! What XBoard's screenshot of a start position shows: for each square, no piece, a
//! White piece or a Black piece. XBoard is started for the screenshot with plain square
//! colours (no wood texture), pure red and blue, and pieces filled pure white and black,
//! so that the board is found by its squares' colours and a piece by the pixels of a
//! square that are not the square's colour.

use std::fmt;
use std::path::Path;
use std::process::Command;

/// XBoard's options for the screenshot: plain red and blue squares, white and black
/// pieces.
pub const PLAIN_COLOURS: [&str; 12] = [
    "-liteBackTextureFile",
    "",
    "-darkBackTextureFile",
    "",
    "-lightSquareColor",
    "#ff0000",
    "-darkSquareColor",
    "#0000ff",
    "-whitePieceColor",
    "#ffffff",
    "-blackPieceColor",
    "#000000",
];

/// What one square shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    Empty,
    White,
    Black,
}

/// The squares of a board, rank by rank from the top, file by file from the left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squares(pub Vec<Vec<Seen>>);

impl fmt::Display for Squares {
    /// One line a rank: `.` empty, `W` a White piece, `B` a Black one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in &self.0 {
            let line: String = rank
                .iter()
                .map(|s| match s {
                    Seen::Empty => '.',
                    Seen::White => 'W',
                    Seen::Black => 'B',
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The squares a FEN's placement field sets up (its part before a space or a `[`):
/// digits count empty squares (several digits: ten or more), `+` and `~` mark a
/// promoted piece and a Lancer's facing is in brackets, `L(NE)`: these are skipped; a
/// capital is White's.
pub fn from_fen(fen: &str) -> Squares {
    let placement = joust_core::fen::placement_field(fen);
    let ranks = placement
        .split('/')
        .map(|rank| {
            let mut squares = Vec::new();
            let mut empty = 0;
            let mut facing = false;
            for c in rank.chars() {
                // A Lancer's facing, `L(NE)`, is not a square.
                match c {
                    '(' => facing = true,
                    ')' => facing = false,
                    _ => {}
                }
                if facing || c == ')' {
                    continue;
                }
                if let Some(d) = c.to_digit(10) {
                    empty = empty * 10 + d as usize;
                    continue;
                }
                squares.extend(std::iter::repeat_n(Seen::Empty, empty));
                empty = 0;
                match c {
                    '+' | '~' => {}
                    c if c.is_ascii_uppercase() => squares.push(Seen::White),
                    _ => squares.push(Seen::Black),
                }
            }
            squares.extend(std::iter::repeat_n(Seen::Empty, empty));
            squares
        })
        .collect();
    Squares(ranks)
}

/// An RGB picture.
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 3]>,
}

impl Picture {
    /// Reads `png` through ImageMagick's `convert` (as binary PPM).
    fn read(convert: &Path, png: &Path) -> Picture {
        let out = Command::new(convert)
            .arg(png)
            .arg("ppm:-")
            .output()
            .expect("convert runs");
        assert!(out.status.success(), "convert {png:?} failed");
        let data = out.stdout;
        // "P6", width, height, maximum, each after white space; one more, then pixels.
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while data[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !data[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&data[start..at]).to_string());
        }
        assert_eq!(fields[0], "P6", "{png:?}: not read as PPM");
        assert_eq!(fields[3], "255", "{png:?}: not 8 bits a channel");
        let (width, height): (usize, usize) =
            (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        let pixels = data[at + 1..]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect::<Vec<_>>();
        assert_eq!(pixels.len(), width * height, "{png:?}: short");
        Picture {
            width,
            height,
            pixels,
        }
    }

    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

const RED: [u8; 3] = [255, 0, 0];
const BLUE: [u8; 3] = [0, 0, 255];

/// The squares of a board of `files` x `ranks` in the screenshot `png`, read with
/// `convert`; an error if no board is found.
pub fn read(convert: &Path, png: &Path, files: usize, ranks: usize) -> Result<Squares, String> {
    let pic = Picture::read(convert, png);
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..pic.height {
        for x in 0..pic.width {
            let p = pic.at(x, y);
            if p == RED || p == BLUE {
                left = left.min(x);
                right = right.max(x);
                top = top.min(y);
                bottom = bottom.max(y);
            }
        }
    }
    if left > right {
        return Err("no red or blue square: the board is not drawn".into());
    }
    // Square squares, the ranks filling the height. A game with pieces in hand has
    // the holdings beside the board, each a column apart from it: the board is the
    // middle `files` columns.
    let pitch = (bottom + 1 - top) as f64 / ranks as f64;
    let columns = ((right + 1 - left) as f64 / pitch).round() as usize;
    let beside = columns.saturating_sub(files);
    if pitch < 10.0 || columns < files || !beside.is_multiple_of(2) {
        return Err(format!(
            "the squares' area {}x{} px is not {files}x{ranks} squares (and holdings)",
            right + 1 - left,
            bottom + 1 - top
        ));
    }
    let left = left + ((beside / 2) as f64 * pitch) as usize;
    let (pitch_x, pitch_y) = (pitch, pitch);
    let mut rows = Vec::new();
    for rank in 0..ranks {
        let mut row = Vec::new();
        for file in 0..files {
            // The middle of the square, well inside its edges and grid lines.
            let x0 = left + ((file as f64 + 0.2) * pitch_x) as usize;
            let x1 = left + ((file as f64 + 0.8) * pitch_x) as usize;
            let y0 = top + ((rank as f64 + 0.2) * pitch_y) as usize;
            let y1 = top + ((rank as f64 + 0.8) * pitch_y) as usize;
            let (mut other, mut light, mut dark) = (0, 0, 0);
            for y in y0..y1 {
                for x in x0..x1 {
                    let p = pic.at(x, y);
                    if p == RED || p == BLUE {
                        continue;
                    }
                    other += 1;
                    let sum: u32 = p.iter().map(|&c| c as u32).sum();
                    if sum > 600 {
                        light += 1;
                    } else if sum < 150 {
                        dark += 1;
                    }
                }
            }
            let area = (x1 - x0) * (y1 - y0);
            row.push(if other * 10 < area {
                Seen::Empty
            } else if light > dark {
                Seen::White
            } else {
                Seen::Black
            });
        }
        rows.push(row);
    }
    Ok(Squares(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_gives_its_squares() {
        let squares = from_fen("r1+N~9/10/4K5 w - - 0 1");
        assert_eq!(
            squares.to_string(),
            "B.W.........\n..........\n....W.....\n"
        );
    }
}
