//! The engine side of the Universal Chess Interface: commands in, lines out.
//!
//! [`run`] reads commands from any [`BufRead`] and writes its answers to an [`Output`]
//! that the searching thread shares, until `quit` or the end of the input. Every game of
//! Joust is a value of the `UCI_Variant` option; moves are written in Joust's coordinate
//! text (`e2e4`, `e7e8q`, `L@b0`, ...).
//!
//! # No input breaks it
//! - Lines are read as bytes; bytes that are not UTF-8 read as U+FFFD, and a line longer
//!   than [`MAX_LINE`] bytes is skipped with an `info string`. Only `quit` or the end of
//!   the input end the session.
//! - Whatever cannot be carried out is answered with an `info string` saying why, and the
//!   engine goes on. Echoed input is cut to a few hundred characters, and no line written
//!   holds a control character.
//! - Commands are read while a search runs: `isready` is answered at once, `stop`,
//!   `ponderhit` and `quit` act at once. `position`, `go`, `setoption` and `ucinewgame`
//!   first stop the running search (which writes its `bestmove`).
//!
//! # `go`
//! - Every limit is read with clamping: a negative time is 0 ms, a depth below 1 is 1, a
//!   value beyond its range (see [`go`]'s constants) is its largest; a value that is no
//!   whole number is ignored; each case gets an `info string`. A search always completes
//!   its first iteration, so even `go movetime 0` or `go nodes 0` plays a searched move.
//! - A search is bounded by `depth`, `nodes`, `movetime` or a clock (`wtime`/`btime`:
//!   the side to move's, with `winc`/`binc` and `movestogo`; a side whose clock is not
//!   given has no time left). `mate N` stops at a proven mate in N moves, but alone it is
//!   no bound. `searchmoves` (moves in coordinate text) limits the root moves; those that
//!   are not legal are left out with an `info string`, and if none is left every move is
//!   searched.
//! - A `go` with none of these bounds searches at most [`Settings::fallback_time`]
//!   (10 s by default) and says so, unless it says `infinite` or `ponder`: it never
//!   searches forever unless told to.
//! - `go infinite`, and a bare `go` (no word at all, as in Stockfish), search until `stop`:
//!   their `bestmove` never comes before `stop`, `quit` or the end of input, even if the
//!   search ends first (a mate found, no legal move).
//! - `go ponder` searches without a time limit and holds its `bestmove` until `ponderhit`
//!   or `stop`. After `ponderhit` the search goes on for the time it would have had for
//!   the move (the `movetime`, or its planned share of the clock given with `go ponder`;
//!   counted from `ponderhit`, when our clock starts), or runs to its `depth` or `nodes`;
//!   with no limit at all it gets the fallback time.
//! - `go perft N` (N up to [`go::MAX_PERFT`]) counts beside the loop like a search and
//!   writes the count below each move and the total; `stop` or `quit` ends it within a
//!   moment, writing the moves it finished.
//! - The end of input stops a search that waits for `stop`; any other search or count
//!   runs to its limits. Either way its last lines are written before [`run`] returns.
//!
//! # Stockfish's extra commands
//! - `eval` prints the static evaluation by term; `d` draws the position as text with
//!   its FEN and key.
//! - `bench [depth]` searches the [`mod@bench`] positions to a fixed depth on one thread
//!   (the loop waits for it) and ends with the total time, nodes and speed.
//!
//! # Positions
//! - A refused `position` (a bad FEN, a move that is not legal, stray words) leaves the
//!   engine with **no position**: a `go` then answers `info string no position: <why>`
//!   and `bestmove 0000` at once (for `go infinite` or `go ponder`, at `stop`), rather
//!   than search a position the GUI no longer has. `eval` says the same. The next valid
//!   `position`, `ucinewgame` (the start position of the current game) or a change of
//!   `UCI_Variant` (the start position of the new game) gives it a position again.
//! - In a position without a legal move, `go` answers `info depth 0 score mate 0` (or
//!   the stalemate's score) and `bestmove 0000`, UCI's null move.

use std::io::BufRead;
use std::time::Duration;

pub mod bench;
pub mod board;
pub mod command;
mod engine;
pub mod eval_options;
pub mod go;
pub mod job;
pub mod options;
mod output;
pub mod reader;
pub mod report;
#[doc(hidden)]
pub mod testkit;

pub use command::{parse, Command, CommandError, Setup};
pub use go::{Go, GoNote};
pub use output::{Output, MAX_INFO_STRING};
pub use reader::MAX_LINE;

use engine::{Engine, Flow};
use reader::{serve, LineEngine};

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By `quit`.
    Quit,
    /// The input ended.
    EndOfInput,
}

impl Ending {
    /// The process exit status for this ending: 0 either way (a session that ends is
    /// no failure).
    pub fn exit_code(self) -> u8 {
        0
    }
}

/// What a session may be told besides its commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long a `go` searches that has no limit of its own (and no `infinite` or
    /// `ponder`), so that no command can start a search that never ends.
    pub fallback_time: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            fallback_time: Duration::from_secs(10),
        }
    }
}

/// Runs a UCI session: reads commands from `input` until `quit` or its end, and writes
/// the answers to `output`.
pub fn run(input: impl BufRead, output: Output) -> Ending {
    run_with(input, output, Settings::default())
}

/// [`run`] with other [`Settings`].
pub fn run_with(input: impl BufRead, output: Output, settings: Settings) -> Ending {
    serve(input, &mut Engine::new(output, settings))
}

impl LineEngine for Engine {
    type Command = Command;
    type Error = CommandError;

    fn parse(text: &str) -> Result<Option<Command>, CommandError> {
        parse(text)
    }

    fn execute(&mut self, command: Command) -> bool {
        Engine::execute(self, command) == Flow::Quit
    }

    fn refuse(&mut self, error: CommandError) {
        Engine::refuse(self, error);
    }

    fn note(&mut self, text: &str) {
        self.out().info(text);
    }

    fn end_of_input(&mut self) {
        Engine::end_of_input(self);
    }
}
