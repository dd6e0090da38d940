//! The UCI command loop: a random session (the first byte picks the game, the rest
//! chooses commands good and bad, bounded `go` limits, junk words and bytes, pauses)
//! played in-process; no panic, every `go` answered by one `bestmove` (after its `stop`
//! when it must wait, and a move the position allows), every line well formed, and an
//! end within the session's time limit. `joust_uci::testkit` holds the generator and
//! the check, which `uci/tests/random_sessions.rs` runs on stable Rust.
#![no_main]

mod common;

use joust_uci::testkit::{generate, play_and_check, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (variant, rest) = common::pick_variant(data);
    let script = generate(&mut Bytes::new(rest), Some(variant));
    let (transcript, finding) = play_and_check(&script);
    if let Some(finding) = finding {
        panic!("{finding}\n--- script\n{script}--- transcript\n{transcript}");
    }
});
