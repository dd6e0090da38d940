//! PGN reading: any bytes (UTF-8 or not) stream through the reader without a panic, in
//! the same games whatever the buffer size; every game it loads is written in SAN and in
//! coordinates, and each text reads back to the same game.
#![no_main]

use joust_notation::{read_pgn, write_pgn, MoveNotation, PgnReader};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let games: Vec<_> = PgnReader::new(data).collect();
    // A small buffer cuts marks, tags and results across reads.
    let small = BufReader::with_capacity(1 + data.first().map_or(0, |&b| usize::from(b % 7)), data);
    let again: Vec<_> = PgnReader::new(small).collect();
    assert_eq!(games, again);
    for game in games.into_iter().flatten() {
        for notation in [MoveNotation::San, MoveNotation::Coordinate] {
            let written = write_pgn(&game, notation);
            let back = read_pgn(&written);
            assert_eq!(back.len(), 1, "{written}");
            assert_eq!(back[0].as_ref().ok(), Some(&game), "{written}");
        }
    }
});
