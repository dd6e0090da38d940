//! PGN reading: never panics; every game it loads is written in SAN and in coordinates,
//! and each text reads back to the same game.
#![no_main]

use joust_notation::{read_pgn, write_pgn, MoveNotation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for game in read_pgn(&text).into_iter().flatten() {
        for notation in [MoveNotation::San, MoveNotation::Coordinate] {
            let written = write_pgn(&game, notation);
            let back = read_pgn(&written);
            assert_eq!(back.len(), 1, "{written}");
            assert_eq!(back[0].as_ref().ok(), Some(&game), "{written}");
        }
    }
});
