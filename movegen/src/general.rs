//! The general legal-move generator: every piece shape the engine knows, including bent
//! riders, the Royal Lion's double moves and pass, and pawns with any double-step and
//! promotion rule.
//!
//! Moves are generated pseudo-legally; a move is kept without further work when it
//! cannot expose the royal (not in check, and the mover stands on no line or bent path
//! between the royal and an enemy rider); otherwise its effect on the occupancy is played
//! out and the royal's square tested.

use crate::gating::setup_moves;
use crate::gen::castling;
use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::{Shape, Tables};
use joust_core::variant::DoubleStep;
use joust_core::{Color, KindId, Position, Square};
use std::cell::OnceCell;

/// Appends every legal move of the side to move to `list`.
pub fn generate_general<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) {
    if t.gating && setup_moves(t, pos, list) {
        return;
    }
    let us = pos.side_to_move();
    let them = !us;
    let Some(ksq) = pos.royal_square(us) else {
        return;
    };
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    // When every enemy piece is generic, the blockers found with the checkers are all the
    // squares whose emptying could open an attack on the royal: a shot elsewhere needs no
    // exact test.
    let blockers_known = (pos.kinds_present(them) & !t.masks[them.index()].generic) == 0;
    let (checkers, known_blockers) = if blockers_known {
        let (checkers, blockers) = t.generic_checks(pos, ksq, them);
        (checkers, Some(blockers))
    } else {
        (t.attackers(pos, ksq, occ, them), None)
    };
    let in_check = checkers.any();

    // Our pieces whose leaving could open a line or bent path onto the royal.
    let riders =
        (t.masks[them.index()].orth | t.masks[them.index()].diag) & pos.kinds_present(them);
    let mut danger = if riders != 0 {
        t.pins(pos, ksq, them).pinned & ours
    } else {
        B::EMPTY
    };
    let mut bent = t.masks[them.index()].bent & pos.kinds_present(them);
    while bent != 0 {
        let k = KindId(bent.trailing_zeros() as u8);
        bent &= bent - 1;
        let shape = t.kinds[k.index()].shape.bent();
        for from in pos.pieces_of(them, k).squares() {
            danger |= t.exotic.path(shape, from, ksq) & ours;
        }
    }
    let mut lance = t.masks[them.index()].lance & pos.kinds_present(them);
    while lance != 0 {
        let k = KindId(lance.trailing_zeros() as u8);
        lance &= lance - 1;
        let mut dirs = t.kinds[k.index()].shape.lance();
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            for from in pos.pieces_of(them, k).squares() {
                if t.exotic.ray[from.index()][d].has(ksq) {
                    let between = t.exotic.ray[from.index()][d] & !t.exotic.ray[ksq.index()][d];
                    danger |= between & ours;
                }
            }
        }
    }
    let generic_blockers = known_blockers.unwrap_or_else(|| {
        let mut blockers = B::EMPTY;
        let mut generic = t.masks[them.index()].generic & pos.kinds_present(them);
        while generic != 0 {
            let k = KindId(generic.trailing_zeros() as u8);
            generic &= generic - 1;
            let program = t.kinds[k.index()]
                .program
                .as_ref()
                .expect("generic kinds have a program");
            if !program.blockable {
                continue;
            }
            let near = program.reverse_reach[them.index()][ksq.index()] & pos.pieces_of(them, k);
            for from in near.squares() {
                blockers |= t.generic_blockers(program, them, from, ksq);
            }
        }
        blockers
    });
    danger |= generic_blockers & ours;
    let immunity = Immunity::new(t, pos);
    // True if the non-royal move from `from` to `to` leaves the royal unattacked (and,
    // in Cromwell, Rupert and Pym apart).
    let safe = |from: Square, to: Square| {
        let to_bit = B::from_square(to);
        let after = (occ ^ B::from_square(from)) | to_bit;
        if !immunity.allows(t, pos, Some((from, to)), after, to_bit) {
            return false;
        }
        if !in_check && !danger.has(from) {
            return true;
        }
        t.attackers_after(pos, ksq, after, them, to_bit).is_empty()
    };
    // True if shooting the piece on `target` leaves the royal unattacked: the shooter
    // stays, the target vanishes (which may open a line, RULES.md §8).
    let safe_shot = |target: Square| {
        let gone = B::from_square(target);
        let after = occ ^ gone;
        immunity.allows(t, pos, None, after, gone)
            && ((blockers_known && !in_check && !generic_blockers.has(target))
                || t.attackers_after(pos, ksq, after, them, gone).is_empty())
    };

    royal_moves(t, pos, ksq, in_check, &immunity, list);

    // Pieces whose moves each need the exact test (unless Rupert's or Pym's forbidden
    // squares settle them at once).
    let noisy = if in_check {
        !B::EMPTY
    } else {
        danger | immunity.sensitive
    };
    let mut generic = t.masks[us.index()].generic & pos.kinds_present(us);
    while generic != 0 {
        let kind = KindId(generic.trailing_zeros() as u8);
        generic &= generic - 1;
        let kt = &t.kinds[kind.index()];
        if kt.royal {
            continue;
        }
        let program = kt.program.as_ref().expect("generic kinds have a program");
        for from in pos.pieces_of(us, kind).squares() {
            let sets = t.generic_sets(program, us, from, occ, ours);
            let mut targets = sets.moves | sets.captures;
            let mut exact = noisy.has(from);
            if exact && immunity.sensitive.has(from) && targets.any() {
                // Rupert or Pym moving: the squares where they would face each other are
                // known at once.
                if let Some(bad) = immunity.forbidden_from(t, pos, from) {
                    targets &= !bad;
                    exact = in_check || danger.has(from);
                }
            }
            let promotes = kt.pawn && (targets & t.last_rank[us.index()]).any();
            if !promotes && !exact {
                // Nothing this piece does by moving can expose the royal or bring Rupert
                // and Pym face to face.
                list.push_normals(from, targets);
            } else {
                push_checked(t, pos, kt.pawn, from, targets, &safe, list);
            }
            for to in sets.shots.squares() {
                if safe_shot(to) {
                    list.push(Move::with_flag(from, to, MoveFlag::Shot, 0));
                }
            }
        }
    }

    let mut kinds =
        (t.masks[us.index()].pieces | t.masks[us.index()].extended) & pos.kinds_present(us);
    while kinds != 0 {
        let kind = KindId(kinds.trailing_zeros() as u8);
        kinds &= kinds - 1;
        let kt = &t.kinds[kind.index()];
        let lance = kt.shape.lance();
        if lance != 0 {
            lancer_moves(t, pos, kind, lance, &safe, list);
            continue;
        }
        for from in pos.pieces_of(us, kind).squares() {
            let mut targets = t.simple_attacks(us, kind, from, occ);
            if let Shape::Extended { bent, .. } = kt.shape {
                if bent != 0 {
                    targets |= t.bent_attacks(bent, from, occ);
                }
            }
            for to in (targets & !ours & t.board).squares() {
                if safe(from, to) {
                    list.push(Move::normal(from, to));
                }
            }
        }
    }

    if let Some(pawn) = t.pawn[us.index()] {
        if t.kinds[pawn.index()].shape == Shape::Pawn {
            pawn_moves(t, pos, pawn, &safe, list);
        }
    }

    if !in_check {
        castling(t, pos, list);
    }
}

/// Pushes the moves of a generic piece from `from` to `targets` that `safe` allows,
/// with promotions for a pawn reaching its last rank.
fn push_checked<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    pawn: bool,
    from: Square,
    targets: B,
    safe: &dyn Fn(Square, Square) -> bool,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    for to in targets.squares() {
        if !safe(from, to) {
            continue;
        }
        if pawn && t.last_rank[us.index()].has(to) {
            for k in promotion_kinds(t, pos, to) {
                list.push(Move::promotion(from, to, k));
            }
        } else {
            list.push(Move::normal(from, to));
        }
    }
}

/// Lancer moves (RULES.md §6.2): along each facing to every empty square, jumping its
/// own pieces, up to and including the first enemy; then any of the 8 facings.
fn lancer_moves<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    kind: KindId,
    dirs: u8,
    safe: &dyn Fn(Square, Square) -> bool,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(!us);
    let turns = &t.lancer_kinds[us.index()];
    for from in pos.pieces_of(us, kind).squares() {
        let mut d = dirs;
        while d != 0 {
            let dir = d.trailing_zeros() as usize;
            d &= d - 1;
            for to in (t.lance_reach(from, dir, theirs) & !ours).squares() {
                if safe(from, to) {
                    for facing in turns.iter().flatten() {
                        list.push(Move::promotion(from, to, *facing));
                    }
                }
            }
        }
    }
}

/// Moves of the royal piece: single moves to unattacked squares, and for the Lion its
/// capturing double steps and pass, each step checked for safety (RULES.md §9.4).
fn royal_moves<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    s: Square,
    in_check: bool,
    immunity: &Immunity<B>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let ours = pos.pieces(us);
    let theirs = pos.pieces(them);
    let royal = t.royal[us.index()];
    let s_bit = B::from_square(s);
    let attacked_without =
        |sq: Square, occupancy: B, gone: B| (t.attackers(pos, sq, occupancy, them) & !gone).any();
    let shape = &t.kinds[royal.index()].shape;
    if let Some(program) = &t.kinds[royal.index()].program {
        let sets = t.generic_sets(program, us, s, occ, ours);
        for to in (sets.moves | sets.captures).squares() {
            let to_bit = B::from_square(to);
            let after = (occ ^ s_bit) | to_bit;
            if immunity.allows(t, pos, Some((s, to)), after, to_bit)
                && !attacked_without(to, after, to_bit)
            {
                list.push(Move::normal(s, to));
            }
        }
        for target in sets.shots.squares() {
            let gone = B::from_square(target);
            if immunity.allows(t, pos, None, occ ^ gone, gone)
                && !attacked_without(s, occ ^ gone, gone)
            {
                list.push(Move::with_flag(s, target, MoveFlag::Shot, 0));
            }
        }
        return;
    }
    let mut targets = t.simple_attacks(us, royal, s, occ);
    if shape.bent() != 0 {
        targets |= t.bent_attacks(shape.bent(), s, occ);
    }
    for to in (targets & !ours & t.board).squares() {
        let to_bit = B::from_square(to);
        if !attacked_without(to, (occ ^ s_bit) | to_bit, to_bit) {
            list.push(Move::normal(s, to));
        }
    }
    let Shape::Extended { lion: true, .. } = *shape else {
        return;
    };
    let king = &t.exotic.king;
    // Capturing double steps: s -> m (enemy, captured) -> t.
    for m in (king[s.index()] & theirs).squares() {
        let m_bit = B::from_square(m);
        // First step safe: the Lion stands on m, s is empty, the piece on m is gone.
        if attacked_without(m, occ ^ s_bit, m_bit) {
            continue;
        }
        let seconds = king[m.index()] & ((!occ & t.board) | theirs | s_bit) & !m_bit;
        for to in seconds.squares() {
            let to_bit = B::from_square(to);
            let safe = if to == s {
                !attacked_without(s, occ ^ m_bit, m_bit)
            } else {
                !attacked_without(to, (occ ^ s_bit ^ m_bit) | to_bit, m_bit | to_bit)
            };
            if safe {
                list.push(Move::with_flag(s, to, MoveFlag::LionDouble, m.0));
            }
        }
    }
    // The pass: not in check, and some empty neighbour is safe to step to and back from.
    if !in_check {
        let can_pass = (king[s.index()] & !occ & t.board).squares().any(|m| {
            let m_bit = B::from_square(m);
            !attacked_without(m, (occ ^ s_bit) | m_bit, B::EMPTY)
        });
        if can_pass {
            list.push(Move::with_flag(s, s, MoveFlag::Pass, 0));
        }
    }
}

/// The kinds a pawn of the side to move may promote to on `to` (none: it may not go there).
fn promotion_kinds<B: Board>(t: &Tables<B>, pos: &Position<B>, to: Square) -> Vec<KindId> {
    let us = pos.side_to_move();
    let mut kinds = t.promotions[us.index()][to.index()].clone();
    if t.promote_to_selected[us.index()] {
        kinds.extend(pos.gating().selected());
    }
    if t.lost_only[us.index()] {
        let start = &t.start_counts[us.index()];
        kinds.retain(|k| (pos.pieces_of(us, *k).count() as u8) < start[k.index()]);
    }
    kinds
}

fn pawn_moves<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    pawn: KindId,
    safe: &dyn Fn(Square, Square) -> bool,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let theirs = pos.pieces(them);
    let forward = match us {
        Color::White => 0,
        Color::Black => 4,
    };
    let last = t.last_rank[us.index()];
    let their_pawns = t.pawn[them.index()].map(|k| (k, pos.pieces_of(them, k)));
    let push = |from: Square, to: Square, flag: MoveFlag, list: &mut MoveList| {
        if !safe(from, to) {
            return;
        }
        if last.has(to) {
            for k in promotion_kinds(t, pos, to) {
                list.push(Move::promotion(from, to, k));
            }
        } else {
            list.push(Move::with_flag(from, to, flag, 0));
        }
    };
    for from in pos.pieces_of(us, pawn).squares() {
        if let Some(one) = t.exotic.step[from.index()][forward] {
            if !occ.has(one) {
                push(from, one, MoveFlag::Normal, list);
                let allowed = match t.variant.pawns.double_step {
                    DoubleStep::Never => false,
                    DoubleStep::FromRank(_) => t.double_step_from[us.index()].has(from),
                    DoubleStep::AnyRankUnlessPawnAttacked => their_pawns.is_none_or(|(k, b)| {
                        (t.kinds[k.index()].reverse_leap[them.index()][one.index()] & b).is_empty()
                    }),
                };
                if allowed {
                    if let Some(two) = t.exotic.step[one.index()][forward] {
                        if !occ.has(two) {
                            let flag = if t.variant.pawns.en_passant {
                                MoveFlag::DoubleStep
                            } else {
                                MoveFlag::Normal
                            };
                            push(from, two, flag, list);
                        }
                    }
                }
            }
        }
        let captures = t.kinds[pawn.index()].leap[us.index()][from.index()] & theirs;
        for to in captures.squares() {
            push(from, to, MoveFlag::Normal, list);
        }
        if let Some(ep) = pos.en_passant() {
            if t.kinds[pawn.index()].leap[us.index()][from.index()].has(ep) {
                let capsq = t.exotic.step[ep.index()][(forward + 4) % 8].expect("on board");
                let ksq = pos.royal_square(us).expect("royal");
                let after =
                    (occ ^ B::from_square(from) ^ B::from_square(capsq)) | B::from_square(ep);
                if t.attackers_after(pos, ksq, after, them, B::from_square(capsq))
                    .is_empty()
                {
                    list.push(Move::with_flag(from, ep, MoveFlag::EnPassant, 0));
                }
            }
        }
    }
}

/// Cromwell's Rupert–Pym rule (RULES.md §8.5): after any move, neither of the two kinds
/// may attack the other. Worked out once per position; a move needs the exact test only
/// if it moves one of them, or empties a square between them.
struct Immunity<B> {
    /// Both pieces' squares, kinds and colours, when the game has the rule and both are on
    /// the board.
    pair: Option<[(Square, KindId, Color); 2]>,
    /// Squares strictly between them if they share a line.
    between: B,
    /// The piece between them if it is the only one (else empty): a move or shot that
    /// empties no other square of `between` leaves the line blocked.
    blocker: B,
    /// The squares a move must start from to need the exact test: theirs and `blocker`.
    sensitive: B,
    /// `forbidden[i]`: where piece `i` may not move (the other would attack it there, or
    /// it would attack the other); `None` when that cannot be worked out in advance.
    /// Each worked out on first use: most positions ask for one at most.
    forbidden: [OnceCell<Option<B>>; 2],
}

impl<B: Board> Immunity<B> {
    fn new(t: &Tables<B>, pos: &Position<B>) -> Immunity<B> {
        let none = Immunity {
            pair: None,
            between: B::EMPTY,
            blocker: B::EMPTY,
            sensitive: B::EMPTY,
            forbidden: [OnceCell::new(), OnceCell::new()],
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
        Immunity {
            pair: Some([a, b]),
            between,
            blocker,
            sensitive: blocker | B::from_square(a.0) | B::from_square(b.0),
            forbidden: [OnceCell::new(), OnceCell::new()],
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
            let other_attacks =
                t.generic_attacks(po, other.2, other.0, without, pos.pieces(other.2) & without);
            let mover_sources =
                t.generic_sources(pm, mover.2, other.0, without, pos.pieces(mover.2) & without);
            Some((other_attacks | mover_sources) & !B::from_square(other.0))
        })
    }

    /// Where the piece on `from` may not move if it is Rupert or Pym (`None` if it is
    /// neither, or that cannot be worked out in advance).
    #[inline]
    fn forbidden_from(&self, t: &Tables<B>, pos: &Position<B>, from: Square) -> Option<B> {
        let pair = self.pair?;
        let i = pair.iter().position(|p| p.0 == from)?;
        self.forbidden(t, pos, i)
    }

    /// True if the move (`moved` = from and to of the moving piece, `None` for a shot)
    /// leaves the two apart, with the occupancy `after` and the pieces on `gone` captured.
    #[inline(always)]
    fn allows(
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
        if !moves_one && (!opens || (self.between & after).any()) {
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
        let attacks = |x: (Square, KindId, Color, bool), y: (Square, KindId, Color, bool)| {
            let kt = &t.kinds[x.1.index()];
            let own = pos.pieces(x.2) & after;
            match &kt.program {
                Some(p) => t.generic_hits(p, x.2, x.0, y.0, after, own),
                None => t.simple_attacks(x.2, x.1, x.0, after).has(y.0),
            }
        };
        !attacks(placed[0], placed[1]) && !attacks(placed[1], placed[0])
    }
}
