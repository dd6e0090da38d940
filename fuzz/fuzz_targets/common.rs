//! Shared by the fuzz targets: pick a game and a position from the first input bytes.

#![allow(dead_code)]

use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, TableCache};

/// The game named by the first byte, and the rest of the input.
pub fn pick_variant(data: &[u8]) -> (&'static Variant, &[u8]) {
    let all = variants::all();
    match data.split_first() {
        Some((&b, rest)) => (all[b as usize % all.len()], rest),
        None => (all[0], data),
    }
}

/// A position reached from the start by the moves the next bytes choose (the first of
/// them says how many, up to 31), and the rest of the input.
pub fn pick_position<B: TableCache>(
    variant: &'static Variant,
    data: &[u8],
) -> (Position<B>, usize) {
    let mut pos: Position<B> = position_from_fen(variant, variant.start_fen).expect("start");
    let Some((&n, rest)) = data.split_first() else {
        return (pos, 0);
    };
    let plies = (n % 32) as usize;
    let mut used = 1;
    for &b in rest.iter().take(plies) {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[b as usize % moves.len()];
        make(tables::<B>(variant), &mut pos, mv);
        used += 1;
    }
    (pos, used)
}
