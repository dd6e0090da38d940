//! `count_legal`, perft's count of the last ply, is the length of `generate`'s list in
//! every game: on random games, in every position met and every position one move on.

mod common;

use common::Rng;
use joust_core::{variants, Position, Variant};
use joust_movegen::{
    count_legal, legal_moves, make, position_from_fen, tables, unmake, with_board_bits, TableCache,
};

/// Plays `games` random games of `plies` plies; returns how many positions were counted.
fn count_on_random_games<B: TableCache>(
    variant: &'static Variant,
    games: usize,
    plies: usize,
) -> usize {
    let t = tables::<B>(variant);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut counted = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            assert_eq!(count_legal(t, &pos), moves.len() as u64, "{}", pos.to_fen());
            counted += 1;
            if moves.is_empty() {
                break;
            }
            for &mv in moves.iter() {
                let undo = make(t, &mut pos, mv);
                let n = legal_moves(&pos).len() as u64;
                assert_eq!(count_legal(t, &pos), n, "{}", pos.to_fen());
                unmake(t, &mut pos, mv, &undo);
                counted += 1;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            make(t, &mut pos, mv);
        }
    }
    counted
}

#[test]
fn every_game_counts_what_it_generates() {
    for variant in variants::all() {
        let counted = with_board_bits!(variant, B => count_on_random_games::<B>(variant, 6, 120));
        assert!(counted > 500, "{}: {counted} positions", variant.id);
    }
}
