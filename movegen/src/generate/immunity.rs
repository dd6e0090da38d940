//! Cromwell's Rupert–Pym rule (docs/rules/cromwell.md, "Prince Rupert and Pym") for the
//! tested generator: after any move, neither of the two kinds may attack the other.

use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::variant::CastlingRule;
use joust_core::{Color, KindId, Position, Square};
use std::cell::OnceCell;

/// Cromwell's Rupert–Pym rule (docs/rules/cromwell.md, "Prince Rupert and Pym"): after
/// any move, neither of the two kinds may attack the other. Worked out once per position;
/// a move needs the exact test only if it moves one of them, or empties a square between
/// them.
pub(super) struct Immunity<B> {
    /// Both pieces' squares, kinds and colours, when the game has the rule and both are on
    /// the board.
    pair: Option<[(Square, KindId, Color); 2]>,
    /// Squares strictly between them if they share a line.
    between: B,
    /// The piece between them if it is the only one (else empty): a move or shot that
    /// empties no other square of `between` leaves the line blocked.
    blocker: B,
    /// The squares a move must start from to need the exact test: theirs and `blocker`.
    pub(super) sensitive: B,
    /// `forbidden[i]`: where piece `i` may not move (the other would attack it there, or
    /// it would attack the other); `None` when that cannot be worked out in advance.
    /// Each worked out on first use: most positions ask for one at most.
    forbidden: [OnceCell<Option<B>>; 2],
    /// True if one of the two kinds is general (`Shape::General`) or attacks by hops: what
    /// it attacks may change with any move anywhere (a hopper's screen), so every move
    /// takes the exact test.
    exact: bool,
}

impl<B: Board> Immunity<B> {
    pub(super) fn new(t: &Tables<B>, pos: &Position<B>) -> Immunity<B> {
        let none = Immunity {
            pair: None,
            between: B::EMPTY,
            blocker: B::EMPTY,
            sensitive: B::EMPTY,
            forbidden: [OnceCell::new(), OnceCell::new()],
            exact: false,
        };
        let Some([ka, kb]) = t.variant.mutual_immunity else {
            return none;
        };
        let find = |k: KindId| {
            Color::ALL.into_iter().find_map(|c| {
                let b = pos.pieces_of(c, k);
                b.any().then(|| (b.lowest(), k, c))
            })
        };
        let (Some(a), Some(b)) = (find(ka), find(kb)) else {
            return none;
        };
        let between = t.between(a.0, b.0);
        let inside = between & pos.occupied();
        // With two pieces or more between them, moving or shooting one keeps the line
        // blocked; with none, they do not share a line (or already face each other, which
        // the exact test sees when either moves).
        let blocker = if inside.more_than_one() {
            B::EMPTY
        } else {
            inside
        };
        let exact = [ka, kb].iter().any(|k| {
            let kt = &t.kinds[k.index()];
            kt.general.is_some() || kt.program.as_ref().is_some_and(|p| p.attacks_by_hops())
        });
        let (blocker, sensitive) = if exact {
            (t.board.all, t.board.all)
        } else {
            (blocker, blocker | B::from_square(a.0) | B::from_square(b.0))
        };
        Immunity {
            pair: Some([a, b]),
            between,
            blocker,
            sensitive,
            forbidden: [OnceCell::new(), OnceCell::new()],
            exact,
        }
    }

    /// Where piece `i` of the two may not move (see [`Immunity::forbidden`]).
    fn forbidden(&self, t: &Tables<B>, pos: &Position<B>, i: usize) -> Option<B> {
        *self.forbidden[i].get_or_init(|| {
            let pair = self.pair?;
            let (mover, other) = (pair[i], pair[1 - i]);
            let occ = pos.occupied();
            let pm = t.kinds[mover.1.index()].program.as_ref()?;
            let po = t.kinds[other.1.index()].program.as_ref()?;
            let without = occ ^ B::from_square(mover.0);
            let other_attacks = po.attacks(
                &t.board,
                other.2,
                other.0,
                without,
                pos.pieces(other.2) & without,
            );
            let mover_sources = pm.sources(
                &t.board,
                mover.2,
                other.0,
                without,
                pos.pieces(mover.2) & without,
            );
            Some((other_attacks | mover_sources) & !B::from_square(other.0))
        })
    }

    /// Where the piece on `from` may not move if it is Rupert or Pym (`None` if it is
    /// neither, or that cannot be worked out in advance).
    #[inline]
    pub(super) fn forbidden_from(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        from: Square,
    ) -> Option<B> {
        let pair = self.pair?;
        let i = pair.iter().position(|p| p.0 == from)?;
        self.forbidden(t, pos, i)
    }

    /// True if the move (`moved` = from and to of the moving piece, `None` for a shot)
    /// leaves the two apart, with the occupancy `after` and the pieces on `gone` captured.
    #[inline(always)]
    pub(super) fn allows(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        moved: Option<(Square, Square)>,
        after: B,
        gone: B,
    ) -> bool {
        // A move that neither moves one of them nor empties a square between them (a shot
        // at one of them removes it) cannot bring them face to face.
        let quiet = match moved {
            Some((from, _)) => !self.sensitive.has(from),
            None => (self.blocker & gone).is_empty(),
        };
        quiet || self.allows_exactly(t, pos, moved, after, gone)
    }

    /// True if castling by `rule` (of the side to move) leaves the two apart.
    pub(super) fn allows_castling(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        rule: &CastlingRule,
    ) -> bool {
        let Some(pair) = self.pair else {
            return true;
        };
        let from = B::from_square(rule.royal_from) | B::from_square(rule.rook_from);
        let to = B::from_square(rule.royal_to) | B::from_square(rule.rook_to);
        let after = (pos.occupied() & !from) | to;
        let us = pos.side_to_move();
        let own = |c: Color| {
            if c == us {
                (pos.pieces(us) & !from) | to
            } else {
                pos.pieces(c)
            }
        };
        let placed = pair.map(|(sq, k, c)| {
            let sq = if sq == rule.royal_from {
                rule.royal_to
            } else if sq == rule.rook_from {
                rule.rook_to
            } else {
                sq
            };
            (sq, k, c)
        });
        let attacks = |x: (Square, KindId, Color), y: (Square, KindId, Color)| {
            t.piece_hits(x.2, x.1, x.0, y.0, after, own(x.2))
        };
        !attacks(placed[0], placed[1]) && !attacks(placed[1], placed[0])
    }

    /// [`Immunity::allows`] for the moves that may bring them face to face.
    #[inline(never)]
    fn allows_exactly(
        &self,
        t: &Tables<B>,
        pos: &Position<B>,
        moved: Option<(Square, Square)>,
        after: B,
        gone: B,
    ) -> bool {
        let Some(pair) = self.pair else {
            return true;
        };
        if let Some((from, to)) = moved {
            for (i, piece) in pair.iter().enumerate() {
                if piece.0 == from {
                    if let Some(bad) = self.forbidden(t, pos, i) {
                        return !bad.has(to);
                    }
                }
            }
        }
        let moves_one = moved.is_some_and(|(from, _)| pair.iter().any(|p| p.0 == from));
        let opens = match moved {
            Some((from, _)) => self.between.has(from),
            None => (self.between & gone).any(),
        };
        if !self.exact && !moves_one && (!opens || (self.between & after).any()) {
            // Neither moves, and the line between them (if any) stays blocked.
            return true;
        }
        let placed = pair.map(|(sq, k, c)| match moved {
            Some((from, to)) if from == sq => (to, k, c, true),
            _ => (sq, k, c, !gone.has(sq)),
        });
        if !placed[0].3 || !placed[1].3 {
            // One of them was captured: nothing left to face.
            return true;
        }
        // Each side's pieces after the move: the mover on its new square, the captured gone.
        let us = pos.side_to_move();
        let own_after = |c: Color| match moved {
            Some((from, to)) if c == us => {
                (pos.pieces(us) ^ B::from_square(from)) | B::from_square(to)
            }
            _ => pos.pieces(c) & after & !gone,
        };
        let attacks = |x: (Square, KindId, Color, bool), y: (Square, KindId, Color, bool)| {
            t.piece_hits(x.2, x.1, x.0, y.0, after, own_after(x.2))
        };
        !attacks(placed[0], placed[1]) && !attacks(placed[1], placed[0])
    }
}
