//! `Tables::piece_attacks` agrees with the atoms' own definition of attack
//! (`Atom::attack_squares`, docs/rules/README.md, "Pieces and how they move") for every
//! kind, in every game, on positions from random games: own pieces' squares count as
//! attacked (defended), a Lancer's rays pass its own pieces, bent riders stop at the first
//! piece, compiled pieces attack what they capture or shoot.

mod common;

use common::Rng;
use joust_core::atom::Occupant;
use joust_core::{variants, Color, KindId, Position, Square, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, TableCache};

/// What the atoms of `kind` attack from `from` in `pos`, one atom at a time.
fn by_atoms<B: TableCache>(pos: &Position<B>, kind: KindId, color: Color, from: Square) -> B {
    let v = pos.variant();
    let occupant = |s: Square| match pos.piece_at(s) {
        None => Occupant::Empty,
        Some(p) if p.color == color => Occupant::Own,
        Some(_) => Occupant::Enemy,
    };
    let mut a = B::EMPTY;
    for atom in &v.kind(kind).atoms {
        for s in atom.attack_squares(color, v.geometry, from, &occupant) {
            a |= B::from_square(s);
        }
    }
    a
}

/// Checks every piece on positions of random games of `variant`; returns how many pieces
/// were checked.
fn check_game<B: TableCache>(variant: &'static Variant, rng: &mut Rng) -> usize {
    let t = tables::<B>(variant);
    let mut checked = 0;
    for _ in 0..4 {
        let mut pos: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
        for _ in 0..40 {
            for sq in pos.occupied().squares() {
                let p = pos.piece_at(sq).unwrap();
                let found =
                    t.piece_attacks(p.color, p.kind, sq, pos.occupied(), pos.pieces(p.color));
                let expected = by_atoms(&pos, p.kind, p.color, sq);
                assert_eq!(
                    found,
                    expected,
                    "{}: {:?} {} on {} in {}",
                    variant.id,
                    p.color,
                    variant.kind(p.kind).letter,
                    sq.0,
                    pos.to_fen()
                );
                checked += 1;
            }
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            make(t, &mut pos, moves.as_slice()[rng.below(moves.len())]);
        }
    }
    checked
}

#[test]
fn piece_attacks_match_the_atoms_in_every_game() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for v in variants::all() {
        let checked = if v.geometry.len() <= 64 {
            check_game::<u64>(v, &mut rng)
        } else {
            check_game::<u128>(v, &mut rng)
        };
        assert!(checked > 1_000, "{}: {checked}", v.id);
    }
}
