//! One scripted UCI session played against a running engine, the way a GUI plays it: the
//! script's lines are written to the engine's standard input with their pauses and
//! waits, every line of its standard output is time-stamped into a testkit
//! [`Transcript`], and the end is watched from outside (exit status, standard error, how
//! soon it ends after `quit` or the end of its input). The transcript is then checked by
//! the testkit's validator, as the in-process sessions of `joust-uci`'s tests are.
//!
//! The engine is a process (the release binary) or, for tests, a function on a thread
//! behind OS pipes, so that the capture is tested without building a binary.

use joust_uci::testkit::generate::FALLBACK;
use joust_uci::testkit::{check, Event, Finding as SessionFinding, Script, Step, Transcript};
use joust_uci::{Command as UciCommand, Ending};
use std::fmt;
use std::io::{self, BufRead, BufReader, PipeReader, PipeWriter, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Time allowed on top of the script's own limit for starting a process and building
/// its first tables (on a loaded machine).
pub const START_ALLOWANCE: Duration = Duration::from_secs(2);
/// How long to wait for the engine's output and error streams to close once it ended.
const DRAIN: Duration = Duration::from_secs(1);
/// The most bytes of standard error kept.
const MAX_STDERR: usize = 64 * 1024;

/// How an engine ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// A process ended with this status.
    Process(ExitStatus),
    /// An in-process engine returned this exit code.
    Returned(i32),
    /// An in-process engine panicked.
    Panicked,
}

impl Exit {
    /// True for an end with status 0.
    pub fn success(&self) -> bool {
        match self {
            Exit::Process(status) => status.success(),
            Exit::Returned(code) => *code == 0,
            Exit::Panicked => false,
        }
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Process(status) => write!(f, "{status}"),
            Exit::Returned(code) => write!(f, "returned {code}"),
            Exit::Panicked => write!(f, "panicked"),
        }
    }
}

/// What runs the engine.
enum Life {
    /// A child process.
    Child(Child),
    /// A thread of this process (tests), until it has been joined.
    #[cfg_attr(not(test), allow(dead_code))]
    Thread(Option<JoinHandle<i32>>),
}

/// A started engine: its three streams and what runs it.
pub struct Engine {
    input: Option<Box<dyn Write + Send>>,
    output: Option<Box<dyn Read + Send>>,
    errors: Option<Box<dyn Read + Send>>,
    life: Life,
    exit: Option<Exit>,
}

impl Engine {
    /// Starts `program` with `args`, its three standard streams piped to us.
    pub fn spawn(program: &Path, args: &[&str]) -> io::Result<Engine> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("the process has no pipes"));
        };
        Ok(Engine {
            input: Some(Box::new(stdin)),
            output: Some(Box::new(stdout)),
            errors: Some(Box::new(stderr)),
            life: Life::Child(child),
            exit: None,
        })
    }

    /// Runs `main` on a thread as an engine: it reads its commands from the first
    /// argument, writes its answers to the second and its errors to the third, and
    /// returns its exit code. Only tests need it: the soak plays against the binary.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn in_process(
        main: impl FnOnce(BufReader<PipeReader>, PipeWriter, PipeWriter) -> i32 + Send + 'static,
    ) -> io::Result<Engine> {
        let (engine_reads, we_write) = io::pipe()?;
        let (we_read, engine_writes) = io::pipe()?;
        let (errors_read, errors_written) = io::pipe()?;
        let thread = std::thread::Builder::new()
            .name("in-process engine".to_string())
            .spawn(move || main(BufReader::new(engine_reads), engine_writes, errors_written))?;
        Ok(Engine {
            input: Some(Box::new(we_write)),
            output: Some(Box::new(we_read)),
            errors: Some(Box::new(errors_read)),
            life: Life::Thread(Some(thread)),
            exit: None,
        })
    }

    /// How the engine ended, if it has.
    fn exited(&mut self) -> Option<&Exit> {
        if self.exit.is_none() {
            self.exit = match &mut self.life {
                Life::Child(child) => child.try_wait().ok().flatten().map(Exit::Process),
                Life::Thread(handle) => handle
                    .take_if(|h| h.is_finished())
                    .map(|h| h.join().map_or(Exit::Panicked, Exit::Returned)),
            };
        }
        self.exit.as_ref()
    }

    /// Waits until the engine ends or `deadline` passes; how it ended, if it did.
    fn wait_until(&mut self, deadline: Instant) -> Option<Exit> {
        loop {
            if let Some(exit) = self.exited() {
                return Some(exit.clone());
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            std::thread::sleep((deadline - now).min(Duration::from_millis(2)));
        }
    }

    /// Ends a process that would not end. A thread cannot be ended from outside: it is
    /// left to end when its input closes.
    fn kill(&mut self) {
        if let Life::Child(child) = &mut self.life {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Something wrong in a session played against an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// What the testkit's validator found in the transcript.
    Session(SessionFinding),
    /// The engine ended before step `.0` was sent (or, if `.0` is the number of steps,
    /// before its input ended), without being told to quit.
    EndedEarly(usize),
    /// The engine was still running this long after `quit`.
    NoQuit(Duration),
    /// A command that must always be answered got fewer (or more) answers than it was
    /// sent: the command, how often it was sent, the answer, how often it came.
    Answers(&'static str, usize, &'static str, usize),
    /// The engine ended with a status other than 0.
    Exit(String),
    /// The engine wrote to its standard error (the first line).
    Stderr(String),
}

impl Finding {
    /// A short name of the kind of finding, for counts.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::Session(f) => match f {
                SessionFinding::Malformed(_) => "malformed line",
                SessionFinding::SearchFailed(_) => "search failed",
                SessionFinding::UnaskedBestmove(_) => "unasked bestmove",
                SessionFinding::EarlyBestmove(..) => "bestmove before stop",
                SessionFinding::WrongMove(..) => "wrong bestmove",
                SessionFinding::Unanswered(_) => "go unanswered",
                SessionFinding::Hang(_) => "hang",
                SessionFinding::WrongEnding(_) => "wrong ending",
            },
            Finding::EndedEarly(_) => "ended early",
            Finding::NoQuit(_) => "no quit",
            Finding::Answers(..) => "missing answer",
            Finding::Exit(_) => "exit status",
            Finding::Stderr(text) if text.contains("panicked") => "panic",
            Finding::Stderr(_) => "stderr",
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Session(finding) => finding.fmt(f),
            Finding::EndedEarly(step) => {
                write!(f, "the engine ended by itself before step {step} was sent")
            }
            Finding::NoQuit(d) => {
                write!(f, "the engine still ran {} ms after quit", d.as_millis())
            }
            Finding::Answers(command, sent, answer, got) => {
                write!(f, "{sent} '{command}' got {got} '{answer}'")
            }
            Finding::Exit(status) => write!(f, "the engine ended with {status}"),
            Finding::Stderr(line) => write!(f, "the engine wrote to stderr: {line:?}"),
        }
    }
}

/// How a played session went.
#[derive(Debug)]
pub struct Outcome {
    /// What went in and came out, time-stamped.
    pub transcript: Transcript,
    /// What was wrong (empty for a good session).
    pub findings: Vec<Finding>,
    /// How the engine ended, if it ended by itself.
    pub exit: Option<Exit>,
    /// What it wrote to its standard error.
    pub stderr: String,
    /// The time the session was allowed.
    pub limit: Duration,
}

/// What the engine under test is allowed: how long a `go` without limits searches there
/// (the generator's scripts assume [`FALLBACK`]), how soon it must end after `quit`, and
/// the time to start on top of the script's limit.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The engine's fallback time for a `go` with no limit.
    pub fallback: Duration,
    /// How long the engine may take to end after `quit`, if less than the rest of the
    /// session's time (`Duration::MAX`: the session's time is the bound).
    pub quit: Duration,
    /// Time to start (a process, its first tables), added to the script's limit.
    pub start: Duration,
}

/// True if `line` is a `go` that the engine bounds by its fallback time (no limit of its
/// own, and no `infinite` or bare `go` that waits for `stop`; with `ponder`, the time
/// after `ponderhit`).
fn uses_fallback(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    matches!(joust_uci::parse(&text), Ok(Some(UciCommand::Go(go)))
        if go.perft.is_none() && !go.is_bounded() && !go.infinite && !go.bare)
}

/// The time a session may take against an engine of `bounds`: the script's limit, the
/// time to start, and for each `go` the engine bounds by its fallback time, what that
/// time adds to the generator's [`FALLBACK`].
pub fn budget(script: &Script, bounds: &Bounds) -> Duration {
    let extra = bounds.fallback.saturating_sub(FALLBACK);
    let fallbacks = script
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Line(bytes) if uses_fallback(bytes)))
        .count();
    script.limit + bounds.start + extra * fallbacks as u32
}

/// The shared, time-stamped log of a session.
struct Log {
    start: Instant,
    state: Mutex<LogState>,
    changed: Condvar,
}

/// The events so far, and whether the engine's output has closed.
struct LogState {
    events: Vec<(Duration, Event)>,
    closed: bool,
}

impl Log {
    fn state(&self) -> MutexGuard<'_, LogState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, event: Event) {
        let t = self.start.elapsed();
        self.state().events.push((t, event));
        self.changed.notify_all();
    }

    fn close(&self) {
        self.state().closed = true;
        self.changed.notify_all();
    }

    /// Waits until `count` lines starting with `prefix` were written, the output closed,
    /// or `timeout` passed.
    fn wait_for(&self, prefix: &str, count: usize, timeout: Duration) {
        let seen = |s: &LogState| {
            s.events
                .iter()
                .filter(|(_, e)| matches!(e, Event::Out(l) if l.starts_with(prefix)))
                .count()
        };
        let state = self.state();
        let _ = self
            .changed
            .wait_timeout_while(state, timeout, |s| !s.closed && seen(s) < count);
    }

    /// Waits until the output closed, or `timeout`.
    fn wait_closed(&self, timeout: Duration) {
        let state = self.state();
        let _ = self
            .changed
            .wait_timeout_while(state, timeout, |s| !s.closed);
    }
}

/// Reads the engine's output line by line into the log until it closes. A last line
/// without its newline is logged with a note, which makes it malformed.
fn read_output(output: Box<dyn Read + Send>, log: &Log) {
    let mut reader = BufReader::new(output);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let complete = line.last() == Some(&b'\n');
                if complete {
                    line.pop();
                }
                let mut text = String::from_utf8(line.clone())
                    .unwrap_or_else(|e| format!("(not UTF-8: {:?})", e.as_bytes()));
                if !complete {
                    text += " (no newline at the end of the output)";
                }
                log.push(Event::Out(text));
            }
        }
    }
    log.close();
}

/// Reads the engine's standard error to its end, keeping its first [`MAX_STDERR`]
/// bytes.
fn read_errors(mut errors: Box<dyn Read + Send>) -> String {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    while let Ok(n @ 1..) = errors.read(&mut chunk) {
        let room = MAX_STDERR.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..n.min(room)]);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Commands that every engine answers, whatever its state, and their answers.
const ALWAYS_ANSWERED: [(&str, &str); 2] = [("isready", "readyok"), ("uci", "uciok")];

/// Checks that each `isready` got its `readyok` and each `uci` its `uciok`: an engine
/// that stopped reading its input early (as one that misread a line as its end would)
/// leaves them unanswered.
fn answers(transcript: &Transcript) -> Vec<Finding> {
    ALWAYS_ANSWERED
        .iter()
        .filter_map(|&(command, answer)| {
            let sent = transcript
                .events
                .iter()
                .filter(|(_, e)| matches!(e, Event::In(_, l) if l == command))
                .count();
            let got = transcript.output().iter().filter(|l| **l == answer).count();
            (sent != got).then_some(Finding::Answers(command, sent, answer, got))
        })
        .collect()
}

/// Plays `script` to `engine` and checks what happened.
pub fn play(script: &Script, mut engine: Engine, bounds: &Bounds) -> Outcome {
    let limit = budget(script, bounds);
    let log = Arc::new(Log {
        start: Instant::now(),
        state: Mutex::new(LogState {
            events: Vec::new(),
            closed: false,
        }),
        changed: Condvar::new(),
    });
    if let Some(output) = engine.output.take() {
        let log = Arc::clone(&log);
        std::thread::spawn(move || read_output(output, &log));
    } else {
        log.close();
    }
    let (errors_tx, errors_rx) = mpsc::channel();
    if let Some(errors) = engine.errors.take() {
        std::thread::spawn(move || errors_tx.send(read_errors(errors)));
    }
    let mut input = engine.input.take();
    let mut early = None;
    let mut sent_all = true;
    for (index, step) in script.steps.iter().enumerate() {
        match step {
            Step::Line(bytes) | Step::Raw(bytes) => {
                if engine.exited().is_some() {
                    early = Some(index);
                    break;
                }
                let mut data = bytes.clone();
                if matches!(step, Step::Line(_)) {
                    data.push(b'\n');
                }
                // Logged before it is written, so that no answer to it precedes it.
                log.push(Event::In(
                    index,
                    String::from_utf8_lossy(bytes).into_owned(),
                ));
                let written = input
                    .as_mut()
                    .map(|w| w.write_all(&data).and_then(|()| w.flush()));
                if !matches!(written, Some(Ok(()))) {
                    early = Some(index);
                    break;
                }
            }
            Step::Pause(d) => std::thread::sleep(*d),
            Step::Await(prefix, count, timeout) => log.wait_for(prefix, *count, *timeout),
        }
        if log.start.elapsed() > limit {
            sent_all = false;
            break;
        }
    }
    let quit_sent = script.quits && sent_all && early.is_none();
    if !script.quits && sent_all && early.is_none() && engine.exited().is_some() {
        early = Some(script.steps.len());
    }
    let quit_time = Instant::now();
    if !quit_sent {
        log.push(Event::End);
        input = None;
    }
    let deadline = log.start + limit;
    let deadline = match quit_time.checked_add(bounds.quit) {
        Some(by_quit) if quit_sent => deadline.min(by_quit),
        _ => deadline,
    };
    let exit = engine.wait_until(deadline);
    let elapsed = log.start.elapsed();
    if exit.is_none() {
        engine.kill();
    }
    drop(input);
    log.wait_closed(DRAIN);
    let stderr = errors_rx.recv_timeout(DRAIN).unwrap_or_default();
    let ending = exit.as_ref().map(|_| {
        if quit_sent {
            Ending::Quit
        } else {
            Ending::EndOfInput
        }
    });
    let transcript = Transcript {
        events: log.state().events.clone(),
        ending,
        elapsed,
    };
    let mut findings = Vec::new();
    if let Some(step) = early {
        findings.push(Finding::EndedEarly(step));
    }
    let checked = Script {
        limit,
        ..script.clone()
    };
    match check(&checked, &transcript) {
        Ok(()) => {}
        Err(SessionFinding::Hang(_)) if quit_sent => {
            findings.push(Finding::NoQuit(quit_time.elapsed()))
        }
        Err(finding) => findings.push(Finding::Session(finding)),
    }
    if exit.is_some() {
        // A killed engine may have had its answers on the way.
        findings.extend(answers(&transcript));
    }
    if let Some(e) = exit.as_ref().filter(|e| !e.success()) {
        findings.push(Finding::Exit(e.to_string()));
    }
    if let Some(first) = stderr.lines().find(|l| !l.trim().is_empty()) {
        findings.push(Finding::Stderr(first.chars().take(300).collect()));
    }
    Outcome {
        transcript,
        findings,
        exit,
        stderr,
        limit,
    }
}

#[cfg(test)]
#[path = "soak_session_tests.rs"]
mod tests;
