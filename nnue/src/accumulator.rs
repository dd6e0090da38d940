//! The accumulator: the first layer's sums for both perspectives, kept with the pieces
//! they were summed for, so that it can be brought to any other position by adding the
//! rows of the pieces that appeared and taking away those of the pieces that left.
//!
//! Comparing the pieces (per colour and kind, one bitboard each) rather than reading the
//! move makes every kind of move correct by construction: Lancer turns (a kind change),
//! shots, Lion double moves, gating, castling, promotion, Musketeer placements. A
//! [`Stack`] keeps one accumulator per ply of a search and updates each from its
//! parent's, or from what it held last, whichever differs by fewer pieces.

use crate::network::Network;
use joust_core::{Bits, Color, KindId, Position, MAX_KINDS};

/// The first layer's sums for White's and Black's perspectives, and the pieces they
/// were summed for.
#[derive(Clone, Debug)]
pub struct Accumulator<B: Bits> {
    /// White's perspective (`hidden` values), then Black's.
    values: Vec<i16>,
    /// The pieces summed: `pieces[color * MAX_KINDS + kind]`.
    pieces: [B; 2 * MAX_KINDS],
    /// False until it has been summed once.
    valid: bool,
}

impl<B: Bits> Accumulator<B> {
    /// An accumulator of `net`'s width that holds no position yet.
    pub fn new(net: &Network) -> Accumulator<B> {
        Accumulator {
            values: vec![0; 2 * net.hidden()],
            pieces: [B::EMPTY; 2 * MAX_KINDS],
            valid: false,
        }
    }

    /// True once it holds a position's sums.
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// The sums of `perspective`.
    pub fn values(&self, perspective: Color) -> &[i16] {
        let h = self.values.len() / 2;
        &self.values[perspective.index() * h..(perspective.index() + 1) * h]
    }

    /// Sums `pos` from the biases up.
    pub fn refresh(&mut self, net: &Network, pos: &Position<B>) {
        let h = net.hidden();
        self.values[..h].copy_from_slice(&net.ft_bias);
        self.values[h..].copy_from_slice(&net.ft_bias);
        self.pieces = [B::EMPTY; 2 * MAX_KINDS];
        self.valid = true;
        self.update(net, pos);
    }

    /// How many piece placements differ between the position summed and `pos`.
    pub fn changes(&self, pos: &Position<B>) -> u32 {
        let kinds = pos.variant().kinds.len();
        let mut n = 0;
        for color in Color::ALL {
            for k in 0..kinds {
                let old = self.pieces[color.index() * MAX_KINDS + k];
                n += (old ^ pos.pieces_of(color, KindId(k as u8))).count();
            }
        }
        n
    }

    /// Brings the sums to `pos` by the pieces that differ from those summed.
    pub fn update(&mut self, net: &Network, pos: &Position<B>) {
        let kinds = pos.variant().kinds.len();
        for color in Color::ALL {
            for k in 0..kinds {
                let slot = color.index() * MAX_KINDS + k;
                let old = self.pieces[slot];
                let new = pos.pieces_of(color, KindId(k as u8));
                if old == new {
                    continue;
                }
                for sq in (old & !new).squares() {
                    self.apply(net, color, k, sq, false);
                }
                for sq in (new & !old).squares() {
                    self.apply(net, color, k, sq, true);
                }
                self.pieces[slot] = new;
            }
        }
    }

    /// Becomes `base` brought to `pos`.
    pub fn update_from(&mut self, base: &Accumulator<B>, net: &Network, pos: &Position<B>) {
        self.values.copy_from_slice(&base.values);
        self.pieces = base.pieces;
        self.valid = base.valid;
        self.update(net, pos);
    }

    /// Adds (or takes away) the rows of a piece for both perspectives.
    #[inline]
    fn apply(
        &mut self,
        net: &Network,
        color: Color,
        kind: usize,
        sq: joust_core::Square,
        add: bool,
    ) {
        let h = net.hidden();
        for perspective in Color::ALL {
            let f = net.feature(perspective, color, kind, sq);
            let row = &net.ft_weights[f * h..(f + 1) * h];
            let acc = &mut self.values[perspective.index() * h..(perspective.index() + 1) * h];
            if add {
                for (a, w) in acc.iter_mut().zip(row) {
                    *a = a.wrapping_add(*w);
                }
            } else {
                for (a, w) in acc.iter_mut().zip(row) {
                    *a = a.wrapping_sub(*w);
                }
            }
        }
    }

    /// The network's value of the position summed, for `side_to_move`, in centipawns.
    pub fn evaluate(&self, net: &Network, side_to_move: Color) -> i32 {
        net.output(self.values(side_to_move), self.values(!side_to_move))
    }
}

/// One accumulator per ply of a search line, each brought up to date only when its
/// position is evaluated.
#[derive(Clone, Debug)]
pub struct Stack<B: Bits> {
    slots: Vec<Accumulator<B>>,
}

impl<B: Bits> Stack<B> {
    /// A stack of `plies` accumulators for `net`.
    pub fn new(net: &Network, plies: usize) -> Stack<B> {
        Stack {
            slots: (0..plies.max(1)).map(|_| Accumulator::new(net)).collect(),
        }
    }

    /// The accumulator of `ply` brought to `pos`: from the parent's (ply - 1) or from
    /// what this ply held last, whichever differs from `pos` by fewer pieces, or summed
    /// afresh when neither is nearer than that. `ply` beyond the stack uses its last slot.
    pub fn accumulator(&mut self, net: &Network, pos: &Position<B>, ply: usize) -> &Accumulator<B> {
        let ply = ply.min(self.slots.len() - 1);
        let own = self.slots[ply]
            .is_valid()
            .then(|| self.slots[ply].changes(pos));
        let parent =
            (ply > 0 && self.slots[ply - 1].is_valid()).then(|| self.slots[ply - 1].changes(pos));
        let fresh = pos.occupied().count();
        match (parent, own) {
            (Some(p), o) if p < fresh && o.is_none_or(|o| p < o) => {
                let (before, after) = self.slots.split_at_mut(ply);
                after[0].update_from(&before[ply - 1], net, pos);
            }
            (_, Some(o)) if o < fresh => self.slots[ply].update(net, pos),
            _ => self.slots[ply].refresh(net, pos),
        }
        &self.slots[ply]
    }

    /// The network's value of `pos`, at `ply` of the line, for the side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position<B>, ply: usize) -> i32 {
        let stm = pos.side_to_move();
        self.accumulator(net, pos, ply).evaluate(net, stm)
    }
}
