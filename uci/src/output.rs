//! Where the engine's lines go: one writer shared by the command loop and the thread
//! that searches, so that every line is written whole and at once.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// The longest `info string` written, in characters: an echo of bad input is cut there.
pub const MAX_INFO_STRING: usize = 400;

/// A shared line writer. Every line is written with its newline and flushed while the
/// writer is locked, so lines of the loop and of a search never mix. Control characters
/// are written as escapes (`\u{7}`), so no line can break a GUI's reading. Write errors
/// (a GUI that closed its end) are ignored: the loop still ends only at `quit` or at the
/// end of its input.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Lines to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(writer))),
        }
    }

    /// Lines to standard output.
    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    /// Writes one line.
    pub fn line(&self, text: &str) {
        self.lines(std::iter::once(text));
    }

    /// Writes several lines in a row, with no line of another thread between them.
    pub fn lines<'a>(&self, texts: impl IntoIterator<Item = &'a str>) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        for text in texts {
            let _ = writeln!(sink, "{}", escaped(text));
        }
        let _ = sink.flush();
    }

    /// Writes `info string <text>`, cut to [`MAX_INFO_STRING`] characters.
    pub fn info(&self, text: &str) {
        let mut text: String = text.chars().take(MAX_INFO_STRING + 1).collect();
        if text.chars().count() > MAX_INFO_STRING {
            text = text.chars().take(MAX_INFO_STRING - 1).collect();
            text.push('…');
        }
        self.line(&format!("info string {text}"));
    }
}

/// `text` with every control character written as a Rust escape.
fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose bytes can be read back.
    #[derive(Clone, Default)]
    struct Bytes(Arc<Mutex<Vec<u8>>>);

    impl Write for Bytes {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn control_characters_are_escaped_and_long_info_strings_cut() {
        let bytes = Bytes::default();
        let out = Output::new(bytes.clone());
        out.line("a\rb\nc\u{0}");
        out.info(&"x".repeat(1000));
        out.info("short");
        let text = String::from_utf8(bytes.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "a\\u{d}b\\u{a}c\\u{0}");
        assert_eq!(
            lines[1].chars().count(),
            "info string ".len() + MAX_INFO_STRING
        );
        assert!(lines[1].ends_with('…'));
        assert_eq!(lines[2], "info string short");
        assert_eq!(lines.len(), 3);
    }
}
