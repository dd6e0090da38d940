//! Reading the command lines: bytes up to a newline, decoded leniently, so that no byte
//! and no line length can end the session. Protocol-independent: the XBoard loop
//! (`joust-xboard`) reads its lines with it too.

use crate::Ending;
use std::io::{BufRead, ErrorKind};

/// The longest line read, in bytes (a game of 100,000 plies fits); a longer line is
/// skipped whole, with a word why.
pub const MAX_LINE: usize = 1 << 20;

/// One read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its line ending; bytes that are not UTF-8 read as U+FFFD.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (its length), skipped.
    TooLong(usize),
    /// The input has ended (or can no longer be read).
    End,
}

/// An engine that [`serve`] feeds with lines: one per protocol (UCI, CECP).
pub trait LineEngine {
    /// A command of the protocol.
    type Command;
    /// Why a line is no command.
    type Error;
    /// Reads one line; `Ok(None)` for a line with nothing to do.
    fn parse(text: &str) -> Result<Option<Self::Command>, Self::Error>;
    /// Carries out one command; `true` if it ends the session (`quit`).
    fn execute(&mut self, command: Self::Command) -> bool;
    /// Answers a line that is no command.
    fn refuse(&mut self, error: Self::Error);
    /// Tells the GUI something in the protocol's comment form.
    fn note(&mut self, text: &str);
    /// The input has ended.
    fn end_of_input(&mut self);
}

/// The command loop: reads `input` line by line into `engine` until it ends the session
/// or the input ends.
pub fn serve<E: LineEngine>(mut input: impl BufRead, engine: &mut E) -> Ending {
    let mut buf = Vec::new();
    loop {
        match read_line(&mut input, &mut buf) {
            Line::End => {
                engine.end_of_input();
                return Ending::EndOfInput;
            }
            Line::TooLong(n) => engine.note(&format!(
                "a line of {n} bytes ignored: the longest read is {MAX_LINE}"
            )),
            Line::Text(text) => match E::parse(&text) {
                Ok(None) => {}
                Ok(Some(command)) => {
                    if engine.execute(command) {
                        return Ending::Quit;
                    }
                }
                Err(e) => engine.refuse(e),
            },
        }
    }
}

/// Reads the next line. `buf` is scratch space, reused from one call to the next.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Line {
    buf.clear();
    let mut length = 0usize;
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if chunk.is_empty() {
            if !read_any {
                return Line::End;
            }
            break;
        }
        read_any = true;
        let (taken, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let content = if ended { taken - 1 } else { taken };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..content.min(room)]);
        length = length.saturating_add(content);
        input.consume(taken);
        if ended {
            break;
        }
    }
    if length > MAX_LINE {
        return Line::TooLong(length);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Line::Text(String::from_utf8_lossy(buf).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn all_lines(input: &[u8], capacity: usize) -> Vec<Line> {
        let mut reader = BufReader::with_capacity(capacity, Cursor::new(input.to_vec()));
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        loop {
            let line = read_line(&mut reader, &mut buf);
            if line == Line::End {
                return lines;
            }
            lines.push(line);
        }
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn bytes_that_are_not_utf8_read_as_replacement_characters() {
        let lines = all_lines(b"setoption name X value M\xfcller\r\nisready\n", 8);
        assert_eq!(
            lines,
            vec![
                text("setoption name X value M\u{fffd}ller"),
                text("isready")
            ]
        );
    }

    #[test]
    fn a_last_line_without_newline_and_empty_lines_are_read() {
        assert_eq!(
            all_lines(b"\n\nquit", 3),
            vec![text(""), text(""), text("quit")]
        );
        assert_eq!(all_lines(b"", 3), vec![]);
    }

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            all_lines(&input, 4096),
            vec![Line::TooLong(MAX_LINE + 10), text("isready")]
        );
        let mut exact = vec![b'y'; MAX_LINE];
        exact.push(b'\n');
        assert_eq!(all_lines(&exact, 4096), vec![text(&"y".repeat(MAX_LINE))]);
    }
}
