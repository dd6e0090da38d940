//! Engines for the tests: scripted in-process engines that answer each command as told
//! (and so can be silent, slow, wrong or dead on cue), and Joust's own UCI loop run in
//! process, so that no test builds or starts a binary.

use crate::engine::Launch;
use std::io::{BufRead, Write};

/// An engine whose answer to each command line (trimmed) is `answer`'s lines; it ends at
/// `quit` or the end of its input, or when `answer` says [`Act::Exit`].
pub fn scripted(name: &str, answer: impl Fn(&str) -> Act + Send + Sync + 'static) -> Launch {
    Launch::in_process(name, move |input, mut output| {
        for line in input.lines() {
            let Ok(line) = line else { return };
            let line = line.trim();
            if line == "quit" {
                return;
            }
            match answer(line) {
                Act::Say(lines) => {
                    for l in lines {
                        if writeln!(output, "{l}").is_err() {
                            return;
                        }
                    }
                }
                Act::Sleep(time, lines) => {
                    std::thread::sleep(time);
                    for l in lines {
                        if writeln!(output, "{l}").is_err() {
                            return;
                        }
                    }
                }
                Act::Exit => return,
            }
        }
    })
}

/// What a scripted engine does on one command.
pub enum Act {
    /// Writes these lines at once.
    Say(Vec<String>),
    /// Waits, then writes these lines (the engine reads nothing meanwhile).
    Sleep(std::time::Duration, Vec<String>),
    /// Ends, as a crash would.
    Exit,
}

/// Lines for [`Act::Say`].
pub fn say(lines: &[&str]) -> Act {
    Act::Say(lines.iter().map(|l| l.to_string()).collect())
}

/// A minimal well-behaved engine named `name`: it completes the handshake, answers
/// `isready`, and answers each `go` with `on_go(go command)`; every other command is
/// silently taken.
pub fn engine(name: &str, on_go: impl Fn(&str) -> Act + Send + Sync + 'static) -> Launch {
    let id = format!("id name {name}");
    scripted(name, move |line| match line {
        "uci" => say(&[&id, "uciok"]),
        "isready" => say(&["readyok"]),
        go if go.starts_with("go") => on_go(go),
        _ => say(&[]),
    })
}

/// Joust's UCI loop (the `joust-uci` crate), run in process.
pub fn joust() -> Launch {
    Launch::in_process("joust", |input, output| {
        joust_uci::run(input, joust_uci::Output::new(output));
    })
}
