//! SAN reading in a position of any game: never panics, and a move it accepts is legal
//! and reads back from its own canonical SAN.
#![no_main]

mod common;

use joust_core::Variant;
use joust_movegen::{legal_moves, TableCache};
use joust_notation::{move_to_san, parse_san};
use libfuzzer_sys::fuzz_target;

fn check<B: TableCache>(v: &'static Variant, data: &[u8]) {
    let (pos, used) = common::pick_position::<B>(v, data);
    let text = String::from_utf8_lossy(&data[used.min(data.len())..]);
    if let Ok(mv) = parse_san(&pos, &text) {
        assert!(legal_moves(&pos).contains(&mv));
        assert_eq!(parse_san(&pos, &move_to_san(&pos, mv)), Ok(mv));
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::pick_variant(data);
    if v.geometry.len() <= 64 {
        check::<u64>(v, rest)
    } else {
        check::<u128>(v, rest)
    }
});
