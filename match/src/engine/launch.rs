//! How an engine is started: a program with its arguments, or a function run on a thread
//! of this process and spoken to through an in-memory pipe, exactly as a program is
//! through its standard input and output. The second lets tests script an engine (one
//! that never answers, plays an illegal move, dies) or run Joust's own UCI loop without
//! building a binary.

use super::error::UciError;
use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Where a program's standard error goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stderr {
    /// To this program's standard error.
    #[default]
    Inherit,
    /// Nowhere.
    Discard,
}

/// The body of an in-process engine: it reads commands from the first argument and
/// writes its answers to the second, and returns when it is done (at `quit`, or when
/// its input ends).
pub type EngineMain = dyn Fn(EngineInput, EngineOutput) + Send + Sync;

/// How an engine is started.
///
/// ```
/// use joust_match::{Launch, UciEngine};
/// use std::io::{BufRead, Write};
///
/// // A scripted engine that knows only the handshake.
/// let launch = Launch::in_process("Tiny", |input, mut output| {
///     for line in input.lines() {
///         match line.unwrap().trim() {
///             "uci" => writeln!(output, "id name Tiny\nuciok").unwrap(),
///             "isready" => writeln!(output, "readyok").unwrap(),
///             "quit" => return,
///             _ => {}
///         }
///     }
/// });
/// let mut engine = UciEngine::start(&launch).unwrap();
/// assert_eq!(engine.name, "Tiny");
/// engine.sync().unwrap();
/// ```
#[derive(Clone)]
pub enum Launch {
    /// A program, run with these arguments.
    Program {
        /// The executable.
        path: PathBuf,
        /// Its arguments (`uci` for Joust's binary).
        args: Vec<String>,
        /// Where its standard error goes.
        stderr: Stderr,
        /// Environment variables set for it, besides those it inherits.
        env: Vec<(String, OsString)>,
    },
    /// A function run on its own thread.
    InProcess {
        /// The name used in messages until the engine gives its `id name`.
        name: String,
        /// The engine's body.
        main: Arc<EngineMain>,
    },
}

impl Launch {
    /// The program at `path`, without arguments, its standard error passed through.
    pub fn program(path: impl Into<PathBuf>) -> Launch {
        Launch::Program {
            path: path.into(),
            args: Vec::new(),
            stderr: Stderr::Inherit,
            env: Vec::new(),
        }
    }

    /// An engine run on a thread of this process (see [`EngineMain`]).
    pub fn in_process(
        name: &str,
        main: impl Fn(EngineInput, EngineOutput) + Send + Sync + 'static,
    ) -> Launch {
        Launch::InProcess {
            name: name.to_string(),
            main: Arc::new(main),
        }
    }

    /// The same launch with these arguments (a program's; ignored in process).
    pub fn with_args(mut self, new_args: Vec<String>) -> Launch {
        if let Launch::Program { args, .. } = &mut self {
            *args = new_args;
        }
        self
    }

    /// The same launch with the environment variable `key` set to `value` for the
    /// program (ignored in process): how an engine that reads its settings from the
    /// environment (`FSF_UCI_VARIANTS` of `xtask/fsf-uci`) is configured.
    pub fn with_env(mut self, key: &str, value: impl Into<OsString>) -> Launch {
        if let Launch::Program { env, .. } = &mut self {
            env.push((key.to_string(), value.into()));
        }
        self
    }

    /// The same launch with the program's standard error discarded.
    pub fn discarding_stderr(mut self) -> Launch {
        if let Launch::Program { stderr, .. } = &mut self {
            *stderr = Stderr::Discard;
        }
        self
    }

    /// The program's path, or the in-process engine's name: what messages call the
    /// engine before it names itself.
    pub fn describe(&self) -> String {
        match self {
            Launch::Program { path, .. } => path.display().to_string(),
            Launch::InProcess { name, .. } => name.clone(),
        }
    }

    /// Starts the engine: its input, its output, and the handle to its process or thread.
    pub(crate) fn spawn(&self) -> Result<Connection, UciError> {
        match self {
            Launch::Program {
                path,
                args,
                stderr,
                env,
            } => {
                let start_error = |source| UciError::Start {
                    program: path.display().to_string(),
                    source,
                };
                let mut child = Command::new(path)
                    .args(args)
                    .envs(env.iter().map(|(k, v)| (k, v)))
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(match stderr {
                        Stderr::Inherit => Stdio::inherit(),
                        Stderr::Discard => Stdio::null(),
                    })
                    .spawn()
                    .map_err(start_error)?;
                let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(start_error(io::Error::other("no pipe to the program")));
                };
                Ok(Connection {
                    input: Box::new(stdin),
                    output: Box::new(stdout),
                    process: Process::Child(child),
                })
            }
            Launch::InProcess { name, main } => {
                let (to_engine, engine_reads) = pipe();
                let (engine_writes, from_engine) = pipe();
                let main = Arc::clone(main);
                let thread = thread::Builder::new()
                    .name(format!("engine {name}"))
                    .spawn(move || {
                        main(
                            EngineInput(BufReader::new(engine_reads)),
                            EngineOutput(engine_writes),
                        )
                    })
                    .map_err(|source| UciError::Start {
                        program: name.clone(),
                        source,
                    })?;
                Ok(Connection {
                    input: Box::new(to_engine),
                    output: Box::new(from_engine),
                    process: Process::Thread(thread),
                })
            }
        }
    }
}

impl fmt::Debug for Launch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Launch::Program {
                path,
                args,
                stderr,
                env,
            } => {
                let mut program = f.debug_struct("Program");
                program
                    .field("path", path)
                    .field("args", args)
                    .field("stderr", stderr);
                // Only a launch that sets variables shows them.
                if !env.is_empty() {
                    program.field("env", env);
                }
                program.finish()
            }
            Launch::InProcess { name, .. } => {
                f.debug_struct("InProcess").field("name", name).finish()
            }
        }
    }
}

/// A started engine: what it reads, what it writes, and what runs it.
pub(crate) struct Connection {
    /// The engine's input.
    pub input: Box<dyn Write + Send>,
    /// The engine's output.
    pub output: Box<dyn Read + Send>,
    /// The process or thread.
    pub process: Process,
}

/// What runs an engine.
pub(crate) enum Process {
    /// A child process.
    Child(Child),
    /// A thread of this process.
    Thread(JoinHandle<()>),
}

impl Process {
    /// True once the engine has ended.
    pub fn has_ended(&mut self) -> bool {
        match self {
            Process::Child(child) => matches!(child.try_wait(), Ok(Some(_))),
            Process::Thread(thread) => thread.is_finished(),
        }
    }

    /// How the engine ended, if it has by `wait` from now and that is known: an engine
    /// that closed its output is usually a moment from its end.
    pub fn exit_status(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let status = match self {
                Process::Child(child) => child.try_wait().ok().flatten().map(|s| s.to_string()),
                Process::Thread(thread) => thread.is_finished().then(|| "returned".to_string()),
            };
            if status.is_some() || Instant::now() >= deadline {
                return status;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Ends a process that would not quit. A thread cannot be ended from outside: it is
    /// left to finish when its input closes.
    pub fn kill(&mut self) {
        if let Process::Child(child) = self {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What an in-process engine reads: the commands sent to it, as lines.
pub struct EngineInput(BufReader<PipeReader>);

impl Read for EngineInput {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl BufRead for EngineInput {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.0.consume(amount)
    }
}

/// Where an in-process engine writes its answers. Writing fails once the engine's
/// client is gone.
pub struct EngineOutput(PipeWriter);

impl Write for EngineOutput {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The writing end of an in-memory pipe: each write is passed on whole.
pub(crate) struct PipeWriter(Sender<Vec<u8>>);

/// The reading end of an in-memory pipe: the end of input once every writer is gone.
pub(crate) struct PipeReader {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

/// A one-way in-memory pipe.
pub(crate) fn pipe() -> (PipeWriter, PipeReader) {
    let (tx, rx) = mpsc::channel();
    (
        PipeWriter(tx),
        PipeReader {
            chunks: rx,
            chunk: Vec::new(),
            at: 0,
        },
    )
}

impl Write for PipeWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the reading end is closed"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Read for PipeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pipe_carries_bytes_in_order_and_ends_when_the_writer_goes() {
        let (mut w, r) = pipe();
        w.write_all(b"uci\nis").unwrap();
        w.write_all(b"ready\n").unwrap();
        assert_eq!(w.write(b"").unwrap(), 0);
        drop(w);
        let lines: Vec<String> = BufReader::new(r).lines().map(Result::unwrap).collect();
        assert_eq!(lines, ["uci", "isready"]);
    }

    #[test]
    fn writing_to_a_closed_pipe_fails() {
        let (mut w, r) = pipe();
        drop(r);
        let e = w.write(b"quit\n").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn launches_describe_their_engine() {
        let program = Launch::program("/usr/games/stockfish")
            .with_args(vec!["uci".into()])
            .discarding_stderr();
        assert_eq!(program.describe(), "/usr/games/stockfish");
        assert_eq!(
            format!("{program:?}"),
            "Program { path: \"/usr/games/stockfish\", args: [\"uci\"], stderr: Discard }"
        );
        let inner = Launch::in_process("scripted", |_, _| {});
        assert_eq!(inner.describe(), "scripted");
        assert_eq!(format!("{inner:?}"), "InProcess { name: \"scripted\" }");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let Err(e) = Launch::program("/nonexistent/engine").spawn() else {
            panic!("started a missing program");
        };
        assert!(
            e.to_string()
                .starts_with("cannot start /nonexistent/engine: "),
            "{e}"
        );
    }
}
