//! Random games: make and unmake keep the position, its bitboards and its Zobrist key
//! exactly right, and every generated move is legal.

mod common;

use common::Rng;
use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, unmake, TableCache};

fn play_random_games<B: TableCache>(variant: &'static Variant, games: usize, plies: usize) {
    let t = tables::<B>(variant);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut moves_checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            // Every legal move leaves the mover's royal safe, and unmake restores all.
            let before_fen = pos.to_fen();
            let before_key = pos.key();
            for &mv in moves.iter() {
                let undo = make(t, &mut pos, mv);
                assert!(pos.is_consistent(), "after {mv:?} from {before_fen}");
                assert!(
                    !t.in_check(&pos, !pos.side_to_move()),
                    "{mv:?} from {before_fen} leaves the royal attacked"
                );
                unmake(t, &mut pos, mv, &undo);
                assert_eq!(pos.key(), before_key, "key after unmake {mv:?}");
                assert_eq!(pos.to_fen(), before_fen, "FEN after unmake {mv:?}");
                moves_checked += 1;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            make(t, &mut pos, mv);
            assert_eq!(pos.key(), pos.compute_key());
            // The FEN written now reads back to the same position and key.
            let fen = pos.to_fen();
            let again: Position<B> = position_from_fen(variant, &fen).unwrap();
            assert_eq!(again.to_fen(), fen);
            assert_eq!(again.key(), pos.key(), "{fen}");
        }
    }
    assert!(moves_checked > 1000);
}

#[test]
fn chess_random_games_keep_the_key_and_board_consistent() {
    play_random_games::<u64>(variants::chess(), 60, 160);
}

#[test]
fn chess_random_games_on_128_bit_boards() {
    play_random_games::<u128>(variants::chess(), 10, 120);
}

#[test]
fn lancerchess_and_clash_random_games() {
    play_random_games::<u64>(variants::lancerchess(), 40, 160);
    play_random_games::<u64>(variants::clash(), 40, 160);
}

#[test]
fn musketeer_random_games_through_setup_and_gating() {
    play_random_games::<u64>(variants::musketeer(), 60, 160);
}

#[test]
fn royal_lion_random_games_on_10x10() {
    play_random_games::<u128>(variants::royal_lion(), 30, 200);
}

#[test]
fn games_with_goals_keep_their_check_counters_and_keys() {
    for id in ["kingofthehill", "3check", "racingkings"] {
        play_random_games::<u64>(variants::by_id(id).unwrap(), 12, 120);
    }
}
