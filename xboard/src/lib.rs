//! The engine side of the Chess Engine Communication Protocol (CECP v2, the protocol of
//! XBoard and WinBoard): commands in, lines out.
//!
//! [`run`] reads commands from any [`BufRead`] and writes its answers to an [`Output`]
//! that the searching thread shares, until `quit` or the end of the input. It reads
//! lines with `joust-uci`'s reader and searches on `joust-uci`'s job thread, so it
//! keeps the same promises as the UCI loop:
//!
//! - No input breaks it: bytes that are not UTF-8 read as U+FFFD, a line longer than
//!   [`joust_uci::MAX_LINE`] bytes is skipped (with a `#` line saying so), and a line
//!   that is no command is answered `Error (unknown command): ...` (echoes are cut to
//!   [`command::MAX_ECHO`] characters). Only `quit` or the end of the input end it.
//! - Commands are read while the engine thinks: `?` makes it move now, `ping` is
//!   answered at once in analysis and after the move otherwise (as CECP asks); a command that changes the game (`usermove`, `force`, `new`, `undo`,
//!   `setboard`, `result`, ...) first stops the search, without a move.
//!
//! # The protocol as Joust speaks it
//! - `protover 2` is answered with one `feature` line: every game id (and `normal`, for
//!   chess) in `variants`, `setboard`, `usermove`, `ping`, `playother`, `analyze`,
//!   `memory`, `smp`, no signals, ending with `done=1`.
//! - `variant ID` chooses the game; for a game XBoard does not know it answers `setup`
//!   and `piece` commands ([`setup`]). An unknown id is answered
//!   `Error (unknown variant): ID`.
//! - Moves are Joust's coordinate text (`e2e4`, `e7e8q`, gating `b1c3h`), matched against
//!   the legal moves, but for a Lancer's new facing: the promotion letter of the Lancer
//!   with that facing ([`pieces`]: Joust's `b1d3nw` is `b1d3h`, and the `setup` and
//!   `setboard` FENs name each facing by such a letter). The Lion's double move is XBoard's
//!   multi-leg move, read whole (`e4e5,e5e6`) or leg by leg (`e4e5,` then `e5e6`), and
//!   written leg by leg (`move e4e5,` then `move e5e6`). A move that is not legal is
//!   answered `Illegal move: MOVE` and the position is unchanged.
//! - The engine's move is `move MOVE`; a move (either side's) that ends the game is
//!   followed by its result, `1-0 {White mates}`, `1/2-1/2 {Stalemate}`, ...
//! - Time: `st` (seconds per move), else `level` with `time` (the engine's clock), and
//!   `sd` (depth); with none of them a move is searched for at most
//!   [`Settings::fallback_time`]. `post` writes `depth score time nodes pv` lines
//!   (time in centiseconds, mates as 100000 + moves).
//! - `analyze` thinks until `exit`, following `usermove`, `undo` and `setboard`.
//! - `hard`/`easy` are taken (Joust does not ponder); `memory` sets the hash table,
//!   `cores` the threads.

use std::io::BufRead;

pub mod command;
pub mod coords;
mod engine;
pub mod pieces;
pub mod setup;
pub mod support;
pub mod think;

pub use command::{parse, Command, CommandError};
pub use joust_uci::{Ending, Output, Settings};

use engine::{Engine, Flow};
use joust_uci::reader::{serve, LineEngine};

/// Runs a CECP session: reads commands from `input` until `quit` or its end, and writes
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
        Engine::note(self, text);
    }

    fn end_of_input(&mut self) {
        Engine::end_of_input(self);
    }
}
