//! Move generation in a game with goals besides mate (`joust_core::Goals`): no moves once
//! a goal has ended the game (as Fairy-Stockfish, whose perft counts none there), and
//! where checks are forbidden (Racing Kings) no move that gives one: found by attack tests
//! on the occupancy after each move, or for moves beyond plain ones by making them.

use super::{count_moves, generate_moves};
use crate::make::{make, unmake};
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::{Board, Sliders};
use crate::tables::{Shape, Tables};
use joust_core::{KindId, Position, Square, MAX_KINDS};

/// Appends the legal moves of the side to move under the game's goals.
#[inline(never)]
pub(super) fn generate<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if pos.goal_end().is_some() {
        return;
    }
    if !t.variant.goals.no_checks {
        generate_moves(t, pos, list);
        return;
    }
    let mut all = MoveList::new();
    generate_moves(t, pos, &mut all);
    let us = pos.side_to_move();
    let them = !us;
    let masks = &t.masks[us.index()];
    // Attack tests after a simple move suffice when none of our pieces' attacks depends
    // on more than the occupancy (no Lancers, compiled or general kinds) and no move
    // does more than it says (no gating, no first-move leaps that attack).
    let quick = !t.gating
        && t.forward_leaper.is_none()
        && pos.kinds_present(us) & (masks.compiled | masks.general | masks.lance | masks.bent) == 0;
    let royal = pos.royal_square(them).filter(|_| quick);
    let mut checks = royal.map(|ksq| Checks::new(t, pos, ksq));
    let mut p = None;
    for &mv in all.iter() {
        let quickly = checks.as_mut().and_then(|c| c.gives_check(t, pos, mv));
        let gives_check = match quickly {
            Some(check) => check,
            None => {
                let p = p.get_or_insert_with(|| pos.clone());
                let undo = make(t, p, mv);
                let check = t.in_check(p, them);
                unmake(t, p, mv, &undo);
                check
            }
        };
        if !gives_check {
            list.push(mv);
        }
    }
}

/// How many moves [`generate`] appends.
#[inline(never)]
pub(super) fn count<B: Board>(t: &Tables<B>, pos: &Position<B>) -> u64 {
    if t.variant.goals.no_checks {
        let mut list = MoveList::new();
        generate(t, pos, &mut list);
        return list.len() as u64;
    }
    if pos.goal_end().is_some() {
        return 0;
    }
    count_moves(t, pos)
}

/// What decides, in one position, whether a move of the side to move attacks the other
/// side's royal on `ksq`, when the mover's pieces are leapers, riders and pawns: per kind
/// the squares from which it would attack `ksq` (worked out on first use), and the pieces
/// that alone stand between `ksq` and one of the mover's riders.
struct Checks<B> {
    ksq: Square,
    /// Per kind (if its bit is in `known`): squares it attacks `ksq` from.
    attack_from: [B; MAX_KINDS],
    known: u16,
    /// The mover's pieces whose leaving may uncover a rider's attack on `ksq`.
    discoverers: B,
    /// Where a plain move may give check or capture a royal: every square from which one
    /// of the mover's kinds attacks `ksq`, and the other side's royal pieces (all squares
    /// if the mover has a kind beyond leaps, rides and pawns).
    suspect: B,
}

impl<B: Board> Checks<B> {
    fn new(t: &Tables<B>, pos: &Position<B>, ksq: Square) -> Checks<B> {
        let us = pos.side_to_move();
        let mut checks = Checks {
            ksq,
            attack_from: [B::EMPTY; MAX_KINDS],
            known: 0,
            discoverers: t.pins(pos, ksq, us).pinned & pos.pieces(us),
            suspect: !B::EMPTY,
        };
        let mut suspect = t.royal[(!us).index()].map_or(B::EMPTY, |k| pos.pieces_of(!us, k));
        let mut kinds = pos.kinds_present(us);
        while kinds != 0 {
            let kind = KindId(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            if !matches!(
                t.kinds[kind.index()].shape,
                Shape::LeapsAndRides { .. } | Shape::Pawn
            ) {
                return checks;
            }
            suspect |= checks.checking_squares(t, pos, kind);
        }
        checks.suspect = suspect;
        checks
    }

    /// Squares from which a piece of `kind` (a leaper, rider or pawn) of the side to move
    /// attacks `ksq` in `pos`.
    #[inline(always)]
    fn checking_squares(&mut self, t: &Tables<B>, pos: &Position<B>, kind: KindId) -> B {
        if self.known & (1 << kind.0) == 0 {
            let us = pos.side_to_move();
            let kt = &t.kinds[kind.index()];
            let ksq = self.ksq;
            let occ = pos.occupied();
            let mut s = kt.reverse_leap[us.index()][ksq.index()];
            let (orth, diag) = kt.shape.ranges();
            if orth != 0 {
                s |= t.board.sliders.orth(ksq, occ) & t.within(orth, ksq);
            }
            if diag != 0 {
                s |= t.board.sliders.diag(ksq, occ) & t.within(diag, ksq);
            }
            self.attack_from[kind.index()] = s;
            self.known |= 1 << kind.0;
        }
        self.attack_from[kind.index()]
    }

    /// Whether the move `mv`, a plain move or capture (promotion and double step
    /// included), attacks the royal: the moved piece from its new square, or a rider
    /// behind it. `None` for other moves, a capture of a royal piece (which may change
    /// which royal counts) and a promotion to a kind beyond leaps, rides and pawns, which
    /// are made and tested.
    #[inline(always)]
    fn gives_check(&mut self, t: &Tables<B>, pos: &Position<B>, mv: Move) -> Option<bool> {
        if !matches!(mv.flag, MoveFlag::Normal | MoveFlag::DoubleStep) {
            return None;
        }
        if !self.suspect.has(mv.to)
            && !self.discoverers.has(mv.from)
            && mv.promotion_kind().is_none()
            && !t.between(mv.to, self.ksq).has(mv.from)
        {
            // The mover attacks `ksq` from no square it may reach (the lines from `ksq`
            // were read with it on `from`, which is not between), uncovers no rider, and
            // captures no royal.
            return Some(false);
        }
        if pos
            .piece_at(mv.to)
            .is_some_and(|p| t.kinds[p.kind.index()].royal)
        {
            return None;
        }
        let us = pos.side_to_move();
        let mover = pos.piece_at(mv.from)?;
        let kind = mv.promotion_kind().unwrap_or(mover.kind);
        if !matches!(
            t.kinds[kind.index()].shape,
            Shape::LeapsAndRides { .. } | Shape::Pawn
        ) {
            return None;
        }
        let ksq = self.ksq;
        let from = B::from_square(mv.from);
        let to = B::from_square(mv.to);
        let occ = (pos.occupied() ^ from) | to;
        // The lines from `ksq` were read with the mover on `from`: where it stood between
        // its new square and `ksq`, read them again.
        let direct = if t.between(mv.to, ksq).has(mv.from) {
            let own = (pos.pieces(us) ^ from) | to;
            t.piece_hits(us, kind, mv.to, ksq, occ, own)
        } else {
            self.checking_squares(t, pos, kind).has(mv.to)
        };
        Some(
            direct
                || (self.discoverers.has(mv.from)
                    && t.attackers_after(pos, ksq, occ, us, B::EMPTY).any()),
        )
    }
}
