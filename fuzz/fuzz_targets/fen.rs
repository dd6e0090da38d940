//! FEN reading for every game: never panics; whatever is accepted is written back as a
//! FEN that reads again, and its legal moves can be listed in SAN.
#![no_main]

mod common;

use joust_core::Variant;
use joust_movegen::{position_from_fen, TableCache};
use joust_notation::legal_moves_san;
use libfuzzer_sys::fuzz_target;

fn check<B: TableCache>(v: &'static Variant, text: &str) {
    if let Ok(pos) = position_from_fen::<B>(v, text) {
        let again = pos.to_fen();
        assert!(
            position_from_fen::<B>(v, &again).is_ok(),
            "{text} -> {again}"
        );
        let _ = legal_moves_san(&pos);
    }
}

fuzz_target!(|data: &[u8]| {
    let (v, rest) = common::pick_variant(data);
    let text = String::from_utf8_lossy(rest);
    if v.geometry.len() <= 64 {
        check::<u64>(v, &text)
    } else {
        check::<u128>(v, &text)
    }
});
