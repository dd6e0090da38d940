//! Cutting a PGN byte stream into games, one at a time, before any game is parsed: the
//! reader holds one game's bytes, never the file. A game ends after its result (outside
//! comments and variations), or where a line starts with a tag pair (`[Name "`) after
//! the game's move text began: then the next game starts there, whatever the previous
//! one left open (a `(` variation, a `{` comment), so one broken game never takes the
//! following games with it. Each game's bytes are then decoded on their own
//! ([`super::decode`]).

use super::decode::decode;
use super::Loc;
use std::io::{self, BufRead};

/// The most bytes of text a game may take; a longer one is reported and skipped, so
/// that a file without game breaks (or not PGN at all) cannot fill the memory.
pub(crate) const MAX_GAME_BYTES: usize = 4 << 20;

/// Capacity above which the game buffer is given back after a game.
const KEEP_CAPACITY: usize = 1 << 16;

/// One game's text with where it starts in the stream, or a game too long to hold.
#[derive(Debug)]
pub(crate) enum Piece {
    /// The game's text, decoded.
    Text {
        /// The text.
        text: String,
        /// Where its first character is.
        start: Loc,
    },
    /// A game longer than [`MAX_GAME_BYTES`], skipped.
    TooLong {
        /// Where its text (other than white space) starts.
        start: Loc,
    },
}

/// Where the scan is in the move text of the current game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Normal,
    /// In a `{ }` comment.
    Brace,
    /// In a `;` comment or a `%` escape line, up to the end of the line.
    ToLineEnd,
    /// In a `[ ]` tag pair; `quoted` inside its value, `escaped` after a `\` there.
    Tag {
        quoted: bool,
        escaped: bool,
    },
}

/// Recognising a tag pair `[Name "` at the start of a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Probe {
    Start,
    Bracket,
    Name,
    AfterName,
    Off,
}

/// What the scan decides at a byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Go,
    /// The next game starts where this line starts.
    CutAtLineStart,
    /// The game ended with a result just before this byte.
    CutBeforeByte,
}

/// What a game's scan knows so far.
#[derive(Clone, Debug)]
struct Scan {
    mode: Mode,
    depth: usize,
    /// Move text (moves, numbers, variations, NAGs, comments) has begun.
    has_moves: bool,
    /// The current symbol's first bytes and its length.
    sym: [u8; 8],
    sym_len: usize,
    probe: Probe,
}

impl Scan {
    fn new() -> Scan {
        Scan {
            mode: Mode::Normal,
            depth: 0,
            has_moves: false,
            sym: [0; 8],
            sym_len: 0,
            probe: Probe::Off,
        }
    }

    /// Moves the tag-pair probe on; true if the line started with `[Name "`.
    fn probe(&mut self, b: u8) -> bool {
        let space = b == b' ' || b == b'\t';
        let name = b.is_ascii_alphanumeric() || b == b'_';
        let more = name || matches!(b, b'+' | b'#' | b'=' | b':' | b'-');
        let (next, hit) = match self.probe {
            Probe::Off => (Probe::Off, false),
            Probe::Start if space => (Probe::Start, false),
            Probe::Start if b == b'[' => (Probe::Bracket, false),
            Probe::Bracket if space => (Probe::Bracket, false),
            Probe::Bracket if name => (Probe::Name, false),
            Probe::Name if more => (Probe::Name, false),
            Probe::Name | Probe::AfterName if space => (Probe::AfterName, false),
            Probe::Name | Probe::AfterName if b == b'"' => (Probe::Off, true),
            _ => (Probe::Off, false),
        };
        self.probe = next;
        hit
    }

    fn step(&mut self, b: u8, at_line_start: bool) -> Step {
        if self.probe(b) && self.has_moves {
            return Step::CutAtLineStart;
        }
        match self.mode {
            Mode::ToLineEnd => {
                if b == b'\n' {
                    self.mode = Mode::Normal;
                }
            }
            Mode::Brace => {
                if b == b'}' {
                    self.mode = Mode::Normal;
                }
            }
            Mode::Tag { quoted, escaped } => {
                self.mode = match b {
                    b'\n' => Mode::Normal, // a broken tag: the parser says so
                    _ if escaped => Mode::Tag {
                        quoted,
                        escaped: false,
                    },
                    b'\\' if quoted => Mode::Tag {
                        quoted,
                        escaped: true,
                    },
                    b'"' => Mode::Tag {
                        quoted: !quoted,
                        escaped: false,
                    },
                    b']' if !quoted => Mode::Normal,
                    _ => self.mode,
                };
            }
            Mode::Normal => return self.normal(b, at_line_start),
        }
        Step::Go
    }

    fn normal(&mut self, b: u8, at_line_start: bool) -> Step {
        if at_line_start && b == b'%' {
            self.mode = Mode::ToLineEnd;
            return Step::Go;
        }
        if is_symbol_byte(b) {
            if let Some(slot) = self.sym.get_mut(self.sym_len) {
                *slot = b;
            }
            self.sym_len += 1;
            self.has_moves = true;
            return Step::Go;
        }
        if self.sym_len > 0 {
            let result = self.depth == 0
                && self.sym_len <= self.sym.len()
                && is_result(&self.sym[..self.sym_len]);
            self.sym_len = 0;
            if result {
                return Step::CutBeforeByte;
            }
        }
        match b {
            // Comments are move text too: a tag line after one starts the next game,
            // so an unclosed `{` never reaches past it.
            b'{' => {
                self.mode = Mode::Brace;
                self.has_moves = true;
            }
            b';' => {
                self.mode = Mode::ToLineEnd;
                self.has_moves = true;
            }
            b'[' => {
                self.mode = Mode::Tag {
                    quoted: false,
                    escaped: false,
                }
            }
            b'(' => {
                self.depth += 1;
                self.has_moves = true;
            }
            b')' => {
                self.depth = self.depth.saturating_sub(1);
                self.has_moves = true;
            }
            b'$' | b'"' | b'}' | b']' => self.has_moves = true,
            _ => {} // white space
        }
        Step::Go
    }
}

/// Bytes that make up symbols (moves, numbers, results): all but white space and the
/// PGN delimiters. Bytes of non-ASCII characters count as symbol bytes.
fn is_symbol_byte(b: u8) -> bool {
    !(b.is_ascii_whitespace()
        || matches!(
            b,
            b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$' | b'"'
        ))
}

/// The result tokens the parser reads (`super::syntax::result_token`), in UTF-8 or
/// Latin-1 bytes.
fn is_result(sym: &[u8]) -> bool {
    matches!(
        sym,
        b"1-0" | b"0-1" | b"1/2-1/2" | b"1/2" | b"*" | b"\xc2\xbd-\xc2\xbd" | b"\xbd-\xbd"
    )
}

/// Cuts a byte stream into games (see the module's summary).
#[derive(Debug)]
pub(crate) struct Splitter {
    /// The current game's bytes (while too long: only its current line).
    buf: Vec<u8>,
    /// Bytes read that belong to the next game, fed again before more input.
    carry: Vec<u8>,
    carry_pos: usize,
    scan: Scan,
    /// The line of the next byte, from 1.
    line: usize,
    at_line_start: bool,
    /// Where in `buf` the current line starts, if it is there.
    line_start: Option<usize>,
    /// Where the current game's text starts.
    start: Loc,
    /// Where its first character other than white space is, once seen.
    first: Option<Loc>,
    /// The current game has outgrown [`MAX_GAME_BYTES`].
    too_long: bool,
    /// A byte order mark at the start of the stream has been looked for.
    bom_checked: bool,
}

impl Splitter {
    /// A splitter at the start of a stream.
    pub(crate) fn new() -> Splitter {
        Splitter {
            buf: Vec::new(),
            carry: Vec::new(),
            carry_pos: 0,
            scan: Scan::new(),
            line: 1,
            at_line_start: true,
            line_start: None,
            start: Loc { line: 1, column: 1 },
            first: None,
            too_long: false,
            bom_checked: false,
        }
    }

    /// Where the scan is: the line of the next byte.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// The next game's text, or `None` at the end of the input.
    pub(crate) fn next_piece(&mut self, input: &mut impl BufRead) -> io::Result<Option<Piece>> {
        if !self.bom_checked {
            self.skip_bom(input)?;
        }
        while self.carry_pos < self.carry.len() {
            let b = self.carry[self.carry_pos];
            self.carry_pos += 1;
            if let Some(piece) = self.feed(b) {
                return Ok(Some(piece));
            }
        }
        self.carry.clear();
        self.carry_pos = 0;
        loop {
            let bytes = match input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if bytes.is_empty() {
                return Ok(self.finish());
            }
            let mut used = bytes.len();
            let mut piece = None;
            for (i, &b) in bytes.iter().enumerate() {
                if let Some(p) = self.feed(b) {
                    used = i + 1;
                    piece = Some(p);
                    break;
                }
            }
            input.consume(used);
            if piece.is_some() {
                return Ok(piece);
            }
        }
    }

    /// Drops a UTF-8 byte order mark at the start of the stream.
    fn skip_bom(&mut self, input: &mut impl BufRead) -> io::Result<()> {
        const BOM: &[u8] = b"\xef\xbb\xbf";
        let mut head = Vec::new();
        while head.len() < BOM.len() {
            let bytes = match input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let Some(&b) = bytes.first() else { break };
            if b != BOM[head.len()] {
                break;
            }
            head.push(b);
            input.consume(1);
        }
        self.bom_checked = true;
        if head.len() < BOM.len() {
            // Not a whole mark: what was taken is text.
            self.carry = head;
            self.carry_pos = 0;
        }
        Ok(())
    }

    /// Scans one byte; returns the game it ends, if it ends one.
    fn feed(&mut self, b: u8) -> Option<Piece> {
        let at = self.buf.len();
        if self.at_line_start {
            self.line_start = Some(at);
            self.scan.probe = Probe::Start;
        }
        self.buf.push(b);
        if self.first.is_none() && !b.is_ascii_whitespace() {
            self.first = Some(self.loc_of(at));
        }
        match self.scan.step(b, self.at_line_start) {
            Step::Go => {}
            Step::CutAtLineStart => {
                if let Some(cut) = self.line_start.filter(|&c| c > 0 || self.too_long) {
                    let next = Loc {
                        line: self.line,
                        column: 1,
                    };
                    self.at_line_start = true;
                    return Some(self.cut(cut, Some(next)));
                }
            }
            Step::CutBeforeByte => return Some(self.cut(at, None)),
        }
        if b == b'\n' {
            self.line += 1;
            self.at_line_start = true;
        } else {
            self.at_line_start = false;
        }
        if self.buf.len() > MAX_GAME_BYTES {
            // Keep only the current line, for the probe; a line that long is dropped too.
            let keep = if self.too_long { None } else { self.line_start };
            match keep {
                Some(ls) => {
                    self.buf.drain(..ls);
                    self.line_start = Some(0);
                }
                None => {
                    self.buf.clear();
                    self.line_start = None;
                }
            }
            self.too_long = true;
        } else if self.too_long && b == b'\n' {
            self.buf.clear();
        }
        None
    }

    /// Where `buf[at]`, on the current line, is.
    fn loc_of(&self, at: usize) -> Loc {
        let column = match self.line_start.filter(|&ls| ls <= at) {
            Some(ls) => 1 + decode(&self.buf[ls..at]).chars().count(),
            // The game began on this line.
            None => self.start.column + decode(&self.buf[..at]).chars().count(),
        };
        Loc {
            line: self.line,
            column,
        }
    }

    /// Ends the current game before `buf[cut]`; what follows is fed again for the next
    /// game, which starts at `next` (`None`: just after the end, worked out from the text).
    fn cut(&mut self, cut: usize, next: Option<Loc>) -> Piece {
        let mut rest = self.buf.split_off(cut);
        rest.extend_from_slice(&self.carry[self.carry_pos..]);
        self.carry = rest;
        self.carry_pos = 0;
        let line_tail = self.line_start.filter(|&ls| ls <= cut).map(|ls| ls..cut);
        let tail_chars = line_tail.map(|r| decode(&self.buf[r]).chars().count());
        let piece = self.take();
        let next = next.unwrap_or_else(|| Loc {
            line: self.line,
            column: match (&piece, tail_chars) {
                // The game began on this line: count from its own start.
                (Piece::Text { start, text }, _) if !text.contains('\n') => {
                    start.column + text.chars().count()
                }
                (_, Some(n)) => 1 + n,
                _ => 1,
            },
        });
        self.start = next;
        self.scan = Scan::new();
        self.line_start = None;
        piece
    }

    /// The current game as a piece; the buffer is emptied for the next one.
    fn take(&mut self) -> Piece {
        let start = self.start;
        let piece = if self.too_long {
            Piece::TooLong {
                start: self.first.unwrap_or(start),
            }
        } else {
            Piece::Text {
                text: decode(&self.buf),
                start,
            }
        };
        self.too_long = false;
        self.first = None;
        self.buf.clear();
        if self.buf.capacity() > KEEP_CAPACITY {
            self.buf.shrink_to(KEEP_CAPACITY);
        }
        piece
    }

    /// At the end of the input: the last game, unless only white space is left.
    fn finish(&mut self) -> Option<Piece> {
        if !self.too_long && self.buf.iter().all(u8::is_ascii_whitespace) {
            self.buf.clear();
            return None;
        }
        let piece = self.take();
        self.scan = Scan::new();
        Some(piece)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece of `input`, read through a reader that hands out `step` bytes at a
    /// time (so marks and tags fall across buffer boundaries).
    fn pieces(input: &[u8], step: usize) -> Vec<(String, Loc)> {
        let mut reader = io::BufReader::with_capacity(step, input);
        let mut s = Splitter::new();
        let mut out = Vec::new();
        while let Some(p) = s.next_piece(&mut reader).unwrap() {
            match p {
                Piece::Text { text, start } => out.push((text, start)),
                Piece::TooLong { start } => out.push(("<too long>".to_string(), start)),
            }
        }
        out
    }

    fn texts(input: &str) -> Vec<String> {
        let all: Vec<Vec<(String, Loc)>> = [1, 2, 3, 7, 4096]
            .iter()
            .map(|&step| pieces(input.as_bytes(), step))
            .collect();
        for other in &all[1..] {
            assert_eq!(other, &all[0], "the same at every buffer size");
        }
        all[0].iter().map(|(t, _)| t.clone()).collect()
    }

    #[test]
    fn games_end_after_their_result() {
        let t = texts("1. e4 e5 1-0\n1. d4 0-1 1. c4 *\n\n[Event \"x\"]\n1/2-1/2");
        assert_eq!(
            t,
            [
                "1. e4 e5 1-0",
                "\n1. d4 0-1",
                " 1. c4 *",
                "\n\n[Event \"x\"]\n1/2-1/2"
            ]
        );
    }

    #[test]
    fn results_in_comments_variations_and_tags_do_not_end_a_game() {
        let t = texts("1. e4 {1-0} (1. d4 1-0) ; 0-1\n% *\ne5 [Result \"1-0\"] 1-0");
        assert_eq!(t.len(), 1, "{t:?}");
    }

    #[test]
    fn a_tag_line_after_move_text_starts_the_next_game_whatever_is_open() {
        for open in ["(", "{", "((", "{ (", "( {", ")", "[Event \"x", ""] {
            let input = format!("[Event \"a\"]\n\n1. e4 {open}\n  [Event \"b\"]\n1. d4 *");
            let t = texts(&input);
            assert_eq!(t.len(), 2, "{open}: {t:?}");
            assert!(t[1].starts_with("  [Event \"b\"]"), "{open}: {t:?}");
        }
        // Before any move text, tag lines (even after blank lines) are the same game's.
        assert_eq!(texts("[A \"1\"]\n\n[B \"2\"]\n1. e4 *").len(), 1);
        // A bracket line that is no tag pair does not cut: `[%clk 0:01]`, `[ "x"]`.
        assert_eq!(texts("1. e4 {\n[%clk 0:01]\n[ \"x\"] } e5 *").len(), 1);
    }

    #[test]
    fn places_are_counted_in_characters() {
        let p = pieces("[A \"é\"]\n1. e4 ½-½ 1. d4 *\r\n[B \"x\"] *".as_bytes(), 3);
        let starts: Vec<Loc> = p.iter().map(|(_, l)| *l).collect();
        let loc = |line, column| Loc { line, column };
        assert_eq!(starts, [loc(1, 1), loc(2, 10), loc(2, 18)]);
        let latin1 = pieces(b"1. e4 \xbd-\xbd\n1. d4 *", 5);
        assert_eq!(latin1[0].0, "1. e4 ½-½");
        assert_eq!(latin1[1].1, loc(1, 10));
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_partial_marks_are_kept() {
        assert_eq!(texts("\u{feff}[A \"1\"] *"), ["[A \"1\"] *"]);
        assert_eq!(pieces(b"\xef\xbbx *", 1)[0].0, "\u{ef}\u{bb}x *");
        assert_eq!(texts("\u{feff}"), Vec::<String>::new());
        assert_eq!(texts("  \n\n "), Vec::<String>::new());
    }

    #[test]
    fn a_game_too_long_is_skipped_and_the_next_one_read() {
        let mut input = b"[Event \"long\"]\n1. e4 {".to_vec();
        for _ in 0..(MAX_GAME_BYTES / 60 + 10) {
            input.extend_from_slice(&[b'x'; 59]);
            input.push(b'\n');
        }
        input.extend_from_slice(b"}\n[Event \"next\"]\n1. d4 *\n");
        let p = pieces(&input, 8192);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].0, "<too long>");
        assert_eq!(p[1].0, "[Event \"next\"]\n1. d4 *");
        // One endless line without any break: skipped whole, nothing held.
        let line = vec![b'a'; MAX_GAME_BYTES + 100];
        let p = pieces(&line, 8192);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].0, "<too long>");
    }
}
