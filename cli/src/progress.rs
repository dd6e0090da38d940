//! Progress on standard error for long work, drawn with `indicatif`: a status line with
//! the time spent ("searching depth 9 (3s)"), a bar over a known amount of work (root
//! moves of a perft, moves of a game, bytes of a file), or a spinner for work of unknown
//! size. Shown only when standard error is a terminal, so pipes, logs and tests never see
//! it; lines printed through [`Progress::println`] never mix with it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// How often a spinner or the time shown is redrawn.
const TICK: Duration = Duration::from_millis(120);

/// A status line, bar or spinner on standard error; hidden unless it is a terminal, and
/// cleared when dropped.
pub struct Progress {
    bar: ProgressBar,
}

/// A bar drawn on standard error if that is a terminal, else one drawn nowhere.
fn new_bar(len: Option<u64>, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match len {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    // The templates are constants of this file: a bad one is a bug, shown plainly.
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.enable_steady_tick(TICK);
    bar
}

impl Progress {
    /// A status line: a spinner, the text given to [`Progress::set`] and the time spent.
    pub fn start() -> Progress {
        Progress {
            bar: new_bar(None, "{spinner} {msg} ({elapsed})"),
        }
    }

    /// A bar over `len` steps (see [`Progress::inc`]), with the text of
    /// [`Progress::set`] before it and the time left after it.
    pub fn bar(len: u64) -> Progress {
        Progress {
            bar: new_bar(
                Some(len),
                "{msg} [{bar:30}] {pos}/{len} ({elapsed}, about {eta} left)",
            ),
        }
    }

    /// A bar over the `len` bytes of a file read through [`Progress::wrap_read`].
    pub fn bytes(len: u64) -> Progress {
        Progress {
            bar: new_bar(
                Some(len),
                "{msg} [{bar:30}] {bytes}/{total_bytes} (about {eta} left)",
            ),
        }
    }

    /// Shows `text` from now on.
    pub fn set(&self, text: &str) {
        self.bar.set_message(text.to_string());
    }

    /// Starts the bar again over `len` steps, none done.
    pub fn restart(&self, len: u64) {
        self.bar.set_length(len);
        self.bar.reset();
    }

    /// Counts `n` more steps done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// `read`, counting each byte read as a step done.
    pub fn wrap_read<R: std::io::Read>(&self, read: R) -> impl std::io::Read {
        self.bar.wrap_read(read)
    }

    /// Prints a line on standard output, the bar lifted meanwhile so they do not mix.
    pub fn println(&self, line: &str) {
        self.bar.suspend(|| {
            let out = std::io::stdout();
            let mut out = out.lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        });
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
