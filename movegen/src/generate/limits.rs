//! The movement limits of a game that has them ([`MoveLimits`]; Xiangqi's palace, river
//! and flying general) inside the generators: [`Bounds`] gives, per piece, the squares its
//! moves may end on, which the generators AND into its targets.
//!
//! - A confined kind's targets are its region; the soldier's, before its sideways rank,
//!   exclude its own rank.
//! - The flying general is a pin: our one piece alone between the two royal pieces on a
//!   file may only move along it (or capture the enemy royal), our royal may not step
//!   onto a square the enemy royal sees along its file, and the piece alone between them
//!   may not vanish (shot, or captured en passant).
//! - Only the rare moves that change the board in more than one place (castling, en
//!   passant, the Lion's double moves) and positions where the royals already face each
//!   other are played out on a copy and tested ([`Bounds::allows_exactly`]).
//!
//! A game without limits gets [`Bounds`] that limit nothing, at the cost of a test of an
//! `Option` per piece.

use crate::make::make;
use crate::moves::{Move, MoveList};
use crate::sliders::{Board, Sliders};
use crate::tables::{MoveLimits, Tables};
use joust_core::{Color, KindId, Position, Square, MAX_KINDS};

/// Where the pieces of the side to move may go in one position under the game's limits.
pub(super) struct Bounds<'a, B> {
    /// Per kind, its region (`None`: the game has no limits).
    region: Option<&'a [B; MAX_KINDS]>,
    /// The soldier kind and, per origin square, where its moves may end.
    soldier: Option<(KindId, &'a [B])>,
    /// Our piece alone between the two royal pieces on a file (empty if none).
    pinned: B,
    /// Where the pinned piece may go: between the royals, or onto the enemy royal.
    pin_line: B,
    /// Squares our royal may not move to: the enemy royal would see it along its file.
    royal_forbidden: B,
    /// The piece (either side's) alone between the two royals, which may not vanish.
    sole: B,
    /// The flying-general rule holds in this position (both royals are on the board).
    flying: bool,
    /// The royals already face each other (a position no legal move leads to): every move
    /// is tested exactly ([`Bounds::finish`]).
    facing: bool,
}

impl<'a, B: Board> Bounds<'a, B> {
    /// Bounds that limit nothing (a game without movement limits).
    #[inline(always)]
    pub(super) fn free() -> Bounds<'a, B> {
        Bounds {
            region: None,
            soldier: None,
            pinned: B::EMPTY,
            pin_line: !B::EMPTY,
            royal_forbidden: B::EMPTY,
            sole: B::EMPTY,
            flying: false,
            facing: false,
        }
    }

    /// The bounds of the side to move in `pos`.
    #[inline(always)]
    pub(super) fn new(t: &'a Tables<B>, pos: &Position<B>) -> Bounds<'a, B> {
        match &t.move_limits {
            None => Bounds::free(),
            Some(limits) => Bounds::limited(t, limits, pos),
        }
    }

    /// [`Bounds::new`] for a game with limits.
    #[inline(never)]
    fn limited(t: &'a Tables<B>, limits: &'a MoveLimits<B>, pos: &Position<B>) -> Bounds<'a, B> {
        let us = pos.side_to_move();
        let mut b = Bounds::free();
        b.region = Some(&limits.region[us.index()]);
        b.soldier = limits
            .soldier
            .as_ref()
            .map(|(k, targets)| (*k, targets[us.index()].as_slice()));
        if !limits.flying_general {
            return b;
        }
        let (Some(ours), Some(theirs)) = (pos.royal_square(us), pos.royal_square(!us)) else {
            return b;
        };
        b.flying = true;
        let occ = pos.occupied();
        let file = limits.file[theirs.index()];
        b.royal_forbidden = t.board.sliders.orth(theirs, occ & !B::from_square(ours)) & file;
        if file.has(ours) {
            let between = t.between(ours, theirs);
            let blockers = between & occ;
            match blockers.count() {
                0 => b.facing = true,
                1 => {
                    b.sole = blockers;
                    if (blockers & pos.pieces(us)).any() {
                        b.pinned = blockers;
                        b.pin_line = between | B::from_square(theirs);
                    }
                }
                _ => {}
            }
        }
        b
    }

    /// The squares the non-royal piece of `kind` on `from` may move to.
    #[inline(always)]
    pub(super) fn targets(&self, kind: KindId, from: Square) -> B {
        let Some(region) = self.region else {
            return !B::EMPTY;
        };
        let mut m = region[kind.index()];
        if let Some((soldier, allowed)) = self.soldier {
            if kind == soldier {
                m &= allowed[from.index()];
            }
        }
        if self.pinned.has(from) {
            m &= self.pin_line;
        }
        m
    }

    /// The squares the royal piece of `kind` on `from` may move to.
    #[inline(always)]
    pub(super) fn royal_targets(&self, kind: KindId, from: Square) -> B {
        self.targets(kind, from) & !self.royal_forbidden
    }

    /// True if the piece on `target` may be removed without a move onto its square (a
    /// shot).
    #[inline(always)]
    pub(super) fn may_vanish(&self, target: Square) -> bool {
        !self.sole.has(target)
    }

    /// True if the royals already face each other: [`Bounds::finish`] drops moves.
    #[inline(always)]
    pub(super) fn facing(&self) -> bool {
        self.facing
    }

    /// True if moves that change the board in more than one place need
    /// [`Bounds::allows_exactly`].
    #[inline(always)]
    pub(super) fn flying(&self) -> bool {
        self.flying
    }

    /// True unless `m` (castling, en passant, a double move) leaves the royals facing
    /// each other, found by playing it on a copy of `pos`.
    #[cold]
    #[inline(never)]
    pub(super) fn allows_exactly(&self, t: &Tables<B>, pos: &Position<B>, m: Move) -> bool {
        if !self.flying {
            return true;
        }
        let mut after = pos.clone();
        make(t, &mut after, m);
        !generals_face(t, &after)
    }

    /// Called once the generator is done: where the royals already faced each other,
    /// drops the moves after which they still do.
    #[inline(always)]
    pub(super) fn finish(&self, t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
        if self.facing {
            self.drop_facing(t, pos, list);
        }
    }

    /// [`Bounds::finish`]'s rare case.
    #[cold]
    #[inline(never)]
    fn drop_facing(&self, t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
        list.retain(|m| self.allows_exactly(t, pos, *m));
    }
}

/// True if the two royal pieces of `pos` stand on one file with no piece between them
/// (under the flying-general rule, a position no move may lead to).
pub(crate) fn generals_face<B: Board>(t: &Tables<B>, pos: &Position<B>) -> bool {
    let (Some(a), Some(b)) = (
        pos.royal_square(Color::White),
        pos.royal_square(Color::Black),
    ) else {
        return false;
    };
    t.geometry.file(a) == t.geometry.file(b) && (t.between(a, b) & pos.occupied()).is_empty()
}
