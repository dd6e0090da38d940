//! Not part of the API: tools for testing the command loop, shared by the crate's tests
//! (`tests/random_sessions.rs`) and its fuzz target (`fuzz/fuzz_targets/uci.rs`).
//!
//! - [`session`]: play a script of lines, pauses and waits to a session in-process and
//!   keep a time-stamped transcript of what went in and came out.
//! - [`generate`](mod@generate): random sessions from fuzz bytes or a seed, each step with what the
//!   engine should do with it.
//! - [`validate`]: check a transcript against its script.

pub mod choices;
pub mod generate;
mod position_and_go;
pub mod session;
pub mod validate;

pub use choices::{Bytes, Choices, Seeded};
pub use generate::{generate, Script};
pub use session::{play, play_with, Event, ScriptInput, Step, Transcript};
pub use validate::{check, play_and_check, well_formed, Finding};
