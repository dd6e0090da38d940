//! Zobrist keys: fixed pseudo-random numbers whose XOR identifies a position.

use crate::goal::MAX_CHECKS;
use crate::piece::MAX_KINDS;
use crate::position::MAX_HAND;
use crate::rng::splitmix64;
use crate::square::MAX_SQUARES;
use once_cell::sync::Lazy;

/// The squares of the largest board before boards grew past 10x10 (see [`ZOBRIST`]).
const FIRST_SQUARES: usize = 100;

/// The key tables, generated once from a fixed seed so keys are stable across runs.
pub struct Zobrist {
    /// `piece[color][kind][square]`.
    pub piece: [[[u64; MAX_SQUARES]; MAX_KINDS]; 2],
    /// One key per castling-right bit.
    pub castling: [u64; 8],
    /// One key per en-passant square.
    pub en_passant: [u64; MAX_SQUARES],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
    /// `gating_type[slot][kind]`: Musketeer selected types.
    pub gating_type: [[u64; MAX_KINDS]; 2],
    /// `gating_slot[color][slot][Slot::code]`: where a reserve piece is.
    pub gating_slot: [[[u64; 12]; 2]; 2],
    /// `checks[color][n]`: `color` has `n` checks left to give (games that count them).
    pub checks: [[u64; MAX_CHECKS as usize + 1]; 2],
    /// `first_move_rights[color][file]`: `color`'s piece on `file` of its first rank may still
    /// make its first-move leap (Ouk Chatrang).
    pub first_move_rights: [[u64; 16]; 2],
    /// `hand[color][kind][n]`: `color` holds `n` pieces of `kind` in hand; 0 for `n = 0`,
    /// so that an empty hand (every game without one) adds nothing.
    pub hand: [[[u64; MAX_HAND as usize + 1]; MAX_KINDS]; 2],
}

/// The process-wide key tables.
pub static ZOBRIST: Lazy<Box<Zobrist>> = Lazy::new(|| {
    let mut state = 0x4A6F_7573_7400_0001; // "Joust"
    let mut z = Box::new(Zobrist {
        piece: [[[0; MAX_SQUARES]; MAX_KINDS]; 2],
        castling: [0; 8],
        en_passant: [0; MAX_SQUARES],
        black_to_move: 0,
        gating_type: [[0; MAX_KINDS]; 2],
        gating_slot: [[[0; 12]; 2]; 2],
        checks: [[0; MAX_CHECKS as usize + 1]; 2],
        first_move_rights: [[0; 16]; 2],
        hand: [[[0; MAX_HAND as usize + 1]; MAX_KINDS]; 2],
    });
    // The squares of boards up to 10x10 first, in the order they had when no board was
    // larger, so that every key of those boards keeps its value; the squares beyond come
    // last.
    for color in z.piece.iter_mut() {
        for kind in color.iter_mut() {
            for key in kind[..FIRST_SQUARES].iter_mut() {
                *key = splitmix64(&mut state);
            }
        }
    }
    for key in z.castling.iter_mut() {
        *key = splitmix64(&mut state);
    }
    for key in z.en_passant[..FIRST_SQUARES].iter_mut() {
        *key = splitmix64(&mut state);
    }
    z.black_to_move = splitmix64(&mut state);
    for key in z.gating_type.iter_mut().flatten() {
        *key = splitmix64(&mut state);
    }
    for key in z.gating_slot.iter_mut().flatten().flatten() {
        *key = splitmix64(&mut state);
    }
    // Drawn after the others, so that every key before keeps its value.
    for key in z.checks.iter_mut().flatten() {
        *key = splitmix64(&mut state);
    }
    for key in z.first_move_rights.iter_mut().flatten() {
        *key = splitmix64(&mut state);
    }
    for key in z
        .piece
        .iter_mut()
        .flatten()
        .flat_map(|kind| kind[FIRST_SQUARES..].iter_mut())
    {
        *key = splitmix64(&mut state);
    }
    for key in z.en_passant[FIRST_SQUARES..].iter_mut() {
        *key = splitmix64(&mut state);
    }
    // Drawn last, so that every key before keeps its value; no piece in hand adds nothing.
    for key in z
        .hand
        .iter_mut()
        .flatten()
        .flat_map(|counts| counts[1..].iter_mut())
    {
        *key = splitmix64(&mut state);
    }
    z
});
