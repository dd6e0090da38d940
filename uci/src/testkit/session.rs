//! Playing a scripted session in-process: a reader that plays the GUI (it sends lines,
//! pauses, waits for answers) and a writer that keeps every line, both logging to one
//! time-stamped transcript.

use crate::{run_with, Ending, Output, Settings};
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, Read, Write};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// One thing the scripted GUI does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Sends these bytes and a newline.
    Line(Vec<u8>),
    /// Sends these bytes as they are (no newline added).
    Raw(Vec<u8>),
    /// Waits this long before the next step.
    Pause(Duration),
    /// Waits until the engine has written at least `count` lines starting with
    /// `prefix` in all, or for `timeout`, whichever comes first.
    Await(String, usize, Duration),
}

impl Step {
    /// A line of text.
    pub fn line(text: &str) -> Step {
        Step::Line(text.as_bytes().to_vec())
    }
}

/// What happened in a session, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The engine was handed the line of step `.0` (its text, read leniently).
    In(usize, String),
    /// The engine wrote a line.
    Out(String),
    /// The engine was told that the input has ended.
    End,
}

/// The time-stamped events of a session and how it ended.
#[derive(Clone, Debug)]
pub struct Transcript {
    /// Every event, with the time since the session started.
    pub events: Vec<(Duration, Event)>,
    /// How the session ended, or `None` if it had not ended when the time ran out.
    pub ending: Option<Ending>,
    /// How long the session took (or how long it was waited for).
    pub elapsed: Duration,
}

impl Transcript {
    /// Every line the engine wrote.
    pub fn output(&self) -> Vec<&str> {
        self.events
            .iter()
            .filter_map(|(_, e)| match e {
                Event::Out(line) => Some(line.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Every line the engine wrote, each followed by a newline.
    pub fn text(&self) -> String {
        self.output().iter().map(|l| format!("{l}\n")).collect()
    }

    /// The lines written that start with `prefix`.
    pub fn lines_starting(&self, prefix: &str) -> Vec<&str> {
        self.output()
            .into_iter()
            .filter(|l| l.starts_with(prefix))
            .collect()
    }

    /// When the first line starting with `prefix` was written.
    pub fn time_of(&self, prefix: &str) -> Option<Duration> {
        self.events.iter().find_map(|(t, e)| match e {
            Event::Out(line) if line.starts_with(prefix) => Some(*t),
            _ => None,
        })
    }

    /// When the engine was handed step `step`.
    pub fn time_sent(&self, step: usize) -> Option<Duration> {
        self.events.iter().find_map(|(t, e)| match e {
            Event::In(i, _) if *i == step => Some(*t),
            _ => None,
        })
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (t, e) in &self.events {
            let ms = t.as_millis();
            match e {
                Event::In(_, line) => writeln!(f, "{ms:>6} > {}", line.escape_debug())?,
                Event::Out(line) => writeln!(f, "{ms:>6} < {}", line.escape_debug())?,
                Event::End => writeln!(f, "{ms:>6} > (end of input)")?,
            }
        }
        writeln!(
            f,
            "ending: {:?} after {} ms",
            self.ending,
            self.elapsed.as_millis()
        )
    }
}

/// The shared, time-stamped event log.
struct Log {
    start: Instant,
    events: Mutex<Vec<(Duration, Event)>>,
    changed: Condvar,
}

impl Log {
    fn events(&self) -> MutexGuard<'_, Vec<(Duration, Event)>> {
        self.events.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, event: Event) {
        let t = self.start.elapsed();
        self.events().push((t, event));
        self.changed.notify_all();
    }

    /// Waits until `count` lines starting with `prefix` were written, or `timeout`.
    fn wait_for(&self, prefix: &str, count: usize, timeout: Duration) {
        let seen = |events: &Vec<(Duration, Event)>| {
            events
                .iter()
                .filter(|(_, e)| matches!(e, Event::Out(l) if l.starts_with(prefix)))
                .count()
        };
        let events = self.events();
        let _ = self
            .changed
            .wait_timeout_while(events, timeout, |events| seen(events) < count);
    }
}

/// The scripted GUI's end of the engine's input.
struct ScriptReader {
    steps: VecDeque<(usize, Step)>,
    current: Vec<u8>,
    offset: usize,
    log: Arc<Log>,
    ended: bool,
}

impl Read for ScriptReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ScriptReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.offset >= self.current.len() {
            let Some((index, step)) = self.steps.pop_front() else {
                if !self.ended {
                    self.ended = true;
                    self.log.push(Event::End);
                }
                return Ok(&[]);
            };
            match step {
                Step::Line(bytes) => self.hand(index, bytes, true),
                Step::Raw(bytes) => self.hand(index, bytes, false),
                Step::Pause(d) => std::thread::sleep(d),
                Step::Await(prefix, count, timeout) => self.log.wait_for(&prefix, count, timeout),
            }
        }
        Ok(&self.current[self.offset..])
    }

    fn consume(&mut self, amount: usize) {
        self.offset = (self.offset + amount).min(self.current.len());
    }
}

impl ScriptReader {
    /// Hands the engine the bytes of step `index`, with a newline if `newline`.
    fn hand(&mut self, index: usize, mut bytes: Vec<u8>, newline: bool) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if newline {
            bytes.push(b'\n');
        }
        self.current = bytes;
        self.offset = 0;
        self.log.push(Event::In(index, text));
    }
}

/// The engine's output, split into lines for the log.
struct LogWriter {
    partial: Vec<u8>,
    log: Arc<Log>,
}

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let bytes = std::mem::take(&mut self.partial);
                let line = String::from_utf8(bytes)
                    .unwrap_or_else(|e| format!("(not UTF-8: {:?})", e.as_bytes()));
                self.log.push(Event::Out(line));
            } else {
                self.partial.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Plays `steps` to a UCI session run with `settings`, waiting at most `limit` for it
/// to end.
pub fn play(steps: &[Step], settings: Settings, limit: Duration) -> Transcript {
    play_with(steps, limit, move |input, output| {
        run_with(input, output, settings)
    })
}

/// The scripted GUI's input, as a session's `run` reads it.
pub type ScriptInput = Box<dyn BufRead + Send>;

/// Plays `steps` to the session that `run` runs (any protocol's loop: it reads the
/// script and writes to the output it is given), waiting at most `limit` for it to end.
pub fn play_with(
    steps: &[Step],
    limit: Duration,
    run: impl FnOnce(ScriptInput, Output) -> Ending + Send + 'static,
) -> Transcript {
    let log = Arc::new(Log {
        start: Instant::now(),
        events: Mutex::new(Vec::new()),
        changed: Condvar::new(),
    });
    let reader = ScriptReader {
        steps: steps.iter().cloned().enumerate().collect(),
        current: Vec::new(),
        offset: 0,
        log: Arc::clone(&log),
        ended: false,
    };
    let writer = LogWriter {
        partial: Vec::new(),
        log: Arc::clone(&log),
    };
    let (done, ended) = mpsc::channel();
    std::thread::spawn(move || {
        let ending = run(Box::new(reader), Output::new(writer));
        let _ = done.send(ending);
    });
    let ending = ended.recv_timeout(limit).ok();
    let elapsed = log.start.elapsed();
    let events = log.events().clone();
    Transcript {
        events,
        ending,
        elapsed,
    }
}
