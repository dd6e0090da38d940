//! Gating from the hand (S-Chess, docs/rules/seirawan.md, "Gating"): a piece making its
//! first move from a square of its first rank that can still gate may bring a piece from
//! its side's hand onto the square it leaves; castling may bring one onto the King's or
//! the Rook's square. Pawns never gate.
//!
//! The piece gated in enters after the move: a move that would leave the royal piece
//! attacked is illegal even where the piece gated in would block the attack (S-Chess's
//! rule, and Fairy-Stockfish's), so the gating moves are the plain legal moves from gating
//! squares, once per kind in hand, and never make a move legal.

use crate::moves::{MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::{Color, KindId, Position, MAX_KINDS};

/// Appends to `list`, which holds every legal move without gating, the gating moves of
/// the side to move.
pub(super) fn add_gating_moves<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    let files = pos.first_move_rights(us);
    if files == 0 || pos.hand_size(us) == 0 {
        return;
    }
    let gates = gate_squares(t, us, files);
    let mut kinds = [KindId(0); MAX_KINDS];
    let mut n_kinds = 0;
    for k in pos.hand_kinds(us) {
        kinds[n_kinds] = k;
        n_kinds += 1;
    }
    let kinds = &kinds[..n_kinds];
    let plain = list.len();
    for i in 0..plain {
        let mv = list.as_slice()[i];
        match mv.flag {
            MoveFlag::Castle => {
                let rule = &pos.castling_rules()[mv.aux as usize];
                for (sq, on_rook) in [(rule.royal_from, false), (rule.rook_from, true)] {
                    if gates.has(sq) && sq != rule.royal_to && sq != rule.rook_to {
                        for &k in kinds {
                            list.push(mv.with_gate(k, on_rook));
                        }
                    }
                }
            }
            MoveFlag::Normal if gates.has(mv.from) => {
                let mover = pos.piece_at(mv.from).expect("a piece moves");
                if t.kinds[mover.kind.index()].pawn {
                    continue;
                }
                for &k in kinds {
                    list.push(mv.with_gate(k, false));
                }
            }
            _ => {}
        }
    }
}

/// The squares of `color`'s first rank on `files`.
fn gate_squares<B: Board>(t: &Tables<B>, color: Color, files: u16) -> B {
    let g = t.geometry;
    let rank = match color {
        Color::White => 0,
        Color::Black => g.ranks() as i8 - 1,
    };
    let mut squares = B::EMPTY;
    for f in (0..g.files() as i8).filter(|&f| files >> f & 1 != 0) {
        if let Some(sq) = g.square(f, rank) {
            squares |= B::from_square(sq);
        }
    }
    squares
}
