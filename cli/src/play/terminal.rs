//! The play prompt on a terminal (standard input and output both terminals): line
//! editing and history by `rustyline` (arrow keys, Ctrl-R), a clock that ticks in the
//! prompt and ends the wait the moment it runs out, and a status line redrawn in place
//! while the engine thinks, with typing hidden meanwhile so it cannot garble that line
//! (what is typed is kept and appears at the next prompt).
//!
//! `rustyline` reads on a thread of its own, so that the game can act while a line is
//! being typed: lines printed then go through its external printer, above the prompt. The
//! ticking prompt is drawn by its highlighter (which may show another text of the same
//! width) and repainted by printing a cursor-up through that printer: the printer clears
//! the prompt, prints the cursor-up and a newline (net: no line) and draws the prompt anew.

use crate::clock::clock_whole;
use rustix::termios::{self, LocalModes, OptionalActions, Termios};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Config, Editor, ExternalPrinter, Helper};
use std::borrow::Cow;
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a running clock is looked at (it is redrawn when its text changes).
const TICK: Duration = Duration::from_millis(100);
/// Moves the cursor up a line: printed through the external printer, a repaint.
const REPAINT: &str = "\x1b[A";

/// What reading a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// A line (without its newline).
    Line(String),
    /// Ctrl-C.
    Interrupted,
    /// Ctrl-D on an empty line, or the terminal went away.
    Eof,
    /// The prompt's clock ran out before a line came (the line is still awaited).
    TimeUp,
}

/// A prompt: `head`, then a clock counting down to `deadline` if there is one, then
/// `tail` (`12. your move (` `4:59` ` left)> `).
pub struct Prompt {
    /// The text before the clock (all of it without a clock).
    pub head: String,
    /// When the clock shown reaches zero.
    pub deadline: Option<Instant>,
    /// The text after the clock.
    pub tail: String,
}

impl Prompt {
    /// A prompt without a clock.
    pub fn plain(text: &str) -> Prompt {
        Prompt {
            head: text.to_string(),
            deadline: None,
            tail: String::new(),
        }
    }
}

/// The prompt being read and how it is drawn now.
#[derive(Default)]
struct Live {
    /// The prompt text given to `readline`.
    raw: String,
    head: String,
    deadline: Option<Instant>,
    tail: String,
    /// The width of the clock's text (it never gets wider as time runs down).
    width: usize,
    /// Another text shown in place of the prompt (padded to its width).
    instead: Option<String>,
}

impl Live {
    fn render(&self) -> String {
        if let Some(text) = &self.instead {
            let width = self.raw.chars().count();
            let cut: String = text.chars().take(width).collect();
            return format!("{cut:<width$}");
        }
        match self.deadline {
            Some(d) => format!(
                "{}{:>w$}{}",
                self.head,
                clock_whole(d.saturating_duration_since(Instant::now())),
                self.tail,
                w = self.width
            ),
            None => self.raw.clone(),
        }
    }
}

/// The `rustyline` helper: draws the live prompt.
struct LivePrompt(Arc<Mutex<Live>>);

impl Highlighter for LivePrompt {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        match self.0.lock() {
            Ok(live) if live.raw == prompt => Cow::Owned(live.render()),
            _ => Cow::Borrowed(prompt),
        }
    }
}

impl Completer for LivePrompt {
    type Candidate = String;
}

impl Hinter for LivePrompt {
    type Hint = String;
}

impl Validator for LivePrompt {}

impl Helper for LivePrompt {}

/// What the reading thread answers.
enum Reply {
    Line(String),
    Interrupted,
    Eof,
}

/// The printer that writes above a prompt being edited.
type Printer = Box<dyn ExternalPrinter + Send>;

/// The terminal: the reading thread, its printer and the live prompt.
pub struct Terminal {
    requests: Sender<String>,
    replies: Receiver<Reply>,
    printer: Mutex<Option<Printer>>,
    live: Arc<Mutex<Live>>,
    /// A `readline` is under way (lines are printed through the printer).
    pending: Cell<bool>,
    /// The terminal's settings at the start, restored after the engine has thought.
    saved: Option<Termios>,
}

impl Terminal {
    /// The terminal, if standard input and output are both terminals.
    pub fn open() -> Option<Terminal> {
        use std::io::IsTerminal;
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            return None;
        }
        let live = Arc::new(Mutex::new(Live::default()));
        let (requests, asked) = mpsc::channel::<String>();
        let (answer, replies) = mpsc::channel::<Reply>();
        let (printer_out, printer_in) = mpsc::channel::<Option<Printer>>();
        let helper = LivePrompt(Arc::clone(&live));
        std::thread::spawn(move || {
            let config = Config::builder().auto_add_history(true).build();
            let Ok(mut editor) = Editor::<LivePrompt, DefaultHistory>::with_config(config) else {
                let _ = printer_out.send(None);
                return;
            };
            editor.set_helper(Some(helper));
            let printer = editor
                .create_external_printer()
                .ok()
                .map(|p| Box::new(p) as Printer);
            let _ = printer_out.send(printer);
            for prompt in asked {
                let reply = match editor.readline(&prompt) {
                    Ok(line) => Reply::Line(line),
                    Err(ReadlineError::Interrupted) => Reply::Interrupted,
                    Err(_) => Reply::Eof,
                };
                if answer.send(reply).is_err() {
                    break;
                }
            }
        });
        let printer = printer_in.recv().ok()??;
        Some(Terminal {
            requests,
            replies,
            printer: Mutex::new(Some(printer)),
            live,
            pending: Cell::new(false),
            saved: termios::tcgetattr(std::io::stdin()).ok(),
        })
    }

    /// Prints a line: above the prompt while one is being edited.
    pub fn say(&self, text: &str) {
        if self.pending.get() {
            if let Ok(mut printer) = self.printer.lock() {
                if let Some(p) = printer.as_mut() {
                    if p.print(format!("{text}\n")).is_ok() {
                        return;
                    }
                }
            }
        }
        let out = std::io::stdout();
        let mut out = out.lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn repaint(&self) {
        if let Ok(mut printer) = self.printer.lock() {
            if let Some(p) = printer.as_mut() {
                let _ = p.print(REPAINT.to_string());
            }
        }
    }

    /// Reads a line after `prompt`, its clock ticking; [`Read::TimeUp`] the moment the
    /// clock runs out. After that the line is still awaited: the next call shows its own
    /// prompt's text in place of the old one and goes on waiting.
    pub fn read(&self, prompt: Prompt) -> Read {
        let clock_text = prompt
            .deadline
            .map(|d| clock_whole(d.saturating_duration_since(Instant::now())));
        if let Ok(mut live) = self.live.lock() {
            if self.pending.get() {
                live.instead = Some(format!("{}{}", prompt.head, prompt.tail));
            } else {
                *live = Live {
                    raw: format!(
                        "{}{}{}",
                        prompt.head,
                        clock_text.as_deref().unwrap_or(""),
                        prompt.tail
                    ),
                    width: clock_text.as_ref().map_or(0, String::len),
                    head: prompt.head,
                    deadline: prompt.deadline,
                    tail: prompt.tail,
                    instead: None,
                };
            }
        }
        if self.pending.get() {
            self.repaint();
        } else {
            let raw = self.live.lock().map(|l| l.raw.clone()).unwrap_or_default();
            if self.requests.send(raw).is_err() {
                return Read::Eof;
            }
            self.pending.set(true);
        }
        let deadline = self.live.lock().ok().and_then(|l| {
            if l.instead.is_some() {
                None
            } else {
                l.deadline
            }
        });
        let mut shown = String::new();
        loop {
            let reply = match deadline {
                None => self
                    .replies
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .replies
                    .recv_timeout(TICK.min(d.saturating_duration_since(Instant::now()))),
            };
            match reply {
                Ok(reply) => {
                    self.pending.set(false);
                    return match reply {
                        Reply::Line(line) => Read::Line(line),
                        Reply::Interrupted => Read::Interrupted,
                        Reply::Eof => Read::Eof,
                    };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.pending.set(false);
                    return Read::Eof;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        if let Ok(mut live) = self.live.lock() {
                            live.deadline = None;
                            live.instead = Some(live.render());
                        }
                        return Read::TimeUp;
                    }
                    let now = self.live.lock().map(|l| l.render()).unwrap_or_default();
                    if now != shown {
                        shown = now;
                        self.repaint();
                    }
                }
            }
        }
    }

    /// Shows `status()` on a line redrawn in place until the guard is dropped, with
    /// typing hidden meanwhile (and Ctrl-C kept as a key, read at the next prompt).
    pub fn thinking(&self, status: impl Fn() -> String + Send + 'static) -> Thinking {
        if let Some(saved) = &self.saved {
            let mut quiet = saved.clone();
            quiet.local_modes &= !(LocalModes::ECHO | LocalModes::ICANON | LocalModes::ISIG);
            let _ = termios::tcsetattr(std::io::stdin(), OptionalActions::Now, &quiet);
        }
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        let ticker = std::thread::spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                let out = std::io::stdout();
                let mut out = out.lock();
                let _ = write!(out, "\r\x1b[K{}", status());
                let _ = out.flush();
                drop(out);
                std::thread::sleep(TICK);
            }
        });
        Thinking {
            done,
            ticker: Some(ticker),
            saved: self.saved.clone(),
        }
    }
}

/// The engine's status line, while it lasts (see [`Terminal::thinking`]).
pub struct Thinking {
    done: Arc<AtomicBool>,
    ticker: Option<JoinHandle<()>>,
    saved: Option<Termios>,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
        print!("\r\x1b[K");
        let _ = std::io::stdout().flush();
        if let Some(saved) = &self.saved {
            let _ = termios::tcsetattr(std::io::stdin(), OptionalActions::Now, saved);
        }
    }
}
