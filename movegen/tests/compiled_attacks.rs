//! Attack detection for compiled pieces (Cromwell) from its compiled tables agrees with
//! evaluating each piece's attacking atoms one by one, on positions from random games.

mod common;

use common::Rng;
use joust_core::{variants, Bits, Color, Position, Square};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Tables};

/// The pieces of `by` that attack `sq`, each tested atom by atom with `Program::hits`.
fn attackers_one_by_one(t: &Tables<u64>, pos: &Position<u64>, sq: usize, by: Color) -> u64 {
    let occ = pos.occupied();
    let own = pos.pieces(by);
    let target = Square(sq as u8);
    let mut a = 0u64;
    for k in t.variant().kind_ids() {
        let program = t
            .kind(k)
            .program()
            .expect("every Cromwell kind is compiled");
        for from in pos.pieces_of(by, k).squares() {
            if from != target && program.hits(t.board_tables(), by, from, target, occ, own) {
                a |= 1 << from.index();
            }
        }
    }
    a
}

#[test]
fn cromwell_attackers_from_tables_match_atom_by_atom_tests() {
    let variant = variants::cromwell();
    let t = tables::<u64>(variant);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for _ in 0..12 {
        let mut pos: Position<u64> = position_from_fen(variant, variant.start_fen).unwrap();
        for _ in 0..60 {
            for by in Color::ALL {
                for sq in 0..64 {
                    let s = Square(sq as u8);
                    let expected = attackers_one_by_one(t, &pos, sq, by) & !(1 << sq);
                    let occ = pos.occupied();
                    let found = t.attackers(&pos, s, occ, by) & !(1 << sq);
                    assert_eq!(found, expected, "{by:?} on {sq} in {}", pos.to_fen());
                    let (checks, _) = t.compiled_checks(&pos, s, by);
                    assert_eq!(checks & !(1 << sq), expected, "{}", pos.to_fen());
                    checked += 1;
                }
            }
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            make(t, &mut pos, moves.as_slice()[rng.below(moves.len())]);
        }
    }
    assert!(checked > 10_000);
}
