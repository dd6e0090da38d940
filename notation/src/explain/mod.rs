//! Why a move is not legal: the reason a person is given when the move they typed is
//! refused ("c1 is occupied by your Bishop", "that would leave your King in check",
//! "Rupert and Pym may not attack each other").
//!
//! Nothing here is specific to a game: the reasons come from comparing the intended move
//! with what the move generator produces in changed copies of the position, and from the
//! game's rule data ([`joust_core::Variant`]):
//! - the piece's moves on the real board, pseudo-legally: the side's royal piece is
//!   replaced by a plain piece of its own, so that the generator for a side without a
//!   royal piece (which tests nothing) lists every move the pieces make;
//! - the piece's moves on a board holding only it (and what stands on the target): a move
//!   found there but not on the real board is blocked;
//! - a pseudo-legal move that is not legal is played out: the royal attacked afterwards,
//!   the game's mutually immune pair attacking each other, a compulsory capture not made,
//!   a check the game forbids;
//! - castling: each condition of the game's castling rule in turn (the `castling` module).
//!
//! [`text`] reads the typed text (coordinates or SAN) into the intended move and adds the
//! reasons that concern the text itself: a Lancer's facing or a promotion left out, a
//! gating letter where no piece can gate.

mod castling;
mod reason;
pub mod text;

pub use reason::Reason;
pub use text::explain_refusal;

use joust_core::{Color, KindId, Piece, Position, Square};
use joust_movegen::{generate, make, tables, Move, MoveFlag, MoveList, TableCache};

/// Why no legal move of `pos` takes a piece from `from` to `to`, or `None` if the reason
/// cannot be told (or such a move is legal).
pub fn why_not<B: TableCache>(pos: &Position<B>, from: Square, to: Square) -> Option<Reason> {
    let v = pos.variant();
    let g = pos.geometry();
    let us = pos.side_to_move();
    let legal = joust_movegen::legal_moves(pos);
    if legal.iter().any(|m| (m.from, m.to) == (from, to)) {
        return None;
    }
    let Some(mover) = pos.piece_at(from) else {
        return Some(Reason::NoPiece {
            square: g.name(from),
        });
    };
    if mover.color != us {
        return Some(Reason::NotYours {
            square: g.name(from),
            piece: v.kind(mover.kind).name,
        });
    }
    if from != to {
        if let Some(p) = pos.piece_at(to).filter(|p| p.color == us) {
            let castles = pos.castling_rules().iter().any(|r| {
                r.color == us && r.royal_from == from && (r.royal_to == to || r.rook_from == to)
            });
            if !castles {
                return Some(Reason::OwnPieceThere {
                    square: g.name(to),
                    piece: v.kind(p.kind).name,
                });
            }
        }
    }
    let royal = v.kind(mover.kind).royal;
    if royal {
        if let Some(reason) = castling::why_not(pos, from, to) {
            return Some(reason);
        }
    }
    let pseudo = pseudo_moves(pos, from, to);
    if let Some(&mv) = pseudo.first() {
        return why_pseudo_illegal(pos, mv, &legal);
    }
    why_unreachable(pos, mover, from, to)
}

/// The pseudo-legal moves of `pos` from `from` to `to` (the royal's own moves come from
/// its reach; any other piece's from the generator, the royal replaced by a plain piece).
fn pseudo_moves<B: TableCache>(pos: &Position<B>, from: Square, to: Square) -> Vec<Move> {
    let t = tables::<B>(pos.variant());
    let us = pos.side_to_move();
    let mover = pos.piece_at(from).expect("a piece stands on from");
    if pos.variant().kind(mover.kind).royal {
        let reach = t.piece_reach(us, mover.kind, from, pos.occupied(), pos.pieces(us));
        return match reach {
            Some((moves, _)) if moves.has(to) => vec![Move::normal(from, to)],
            _ => Vec::new(),
        };
    }
    let mut copy = pos.clone();
    for color in Color::ALL {
        if let Some(sq) = copy.royal_square(color) {
            match stand_in(pos, color) {
                Some(kind) => {
                    copy.remove(sq);
                    copy.put(sq, Piece::new(color, kind));
                }
                None => return Vec::new(),
            }
        }
    }
    moves_between(t, &copy, from, to)
}

/// A plain kind of `color`'s army to stand in for its royal piece: not royal, and not one
/// of the game's mutually immune pair (which the generator would look for).
fn stand_in<B: TableCache>(pos: &Position<B>, color: Color) -> Option<KindId> {
    let v = pos.variant();
    let immune: Vec<KindId> = v.mutual_immunity.map_or(Vec::new(), |pair| pair.to_vec());
    v.armies[color.index()]
        .iter()
        .copied()
        .find(|&k| !v.kind(k).royal && !immune.contains(&k))
}

/// The moves the generator lists in `pos` from `from` to `to`, castling left out.
fn moves_between<B: TableCache>(
    t: &joust_movegen::Tables<B>,
    pos: &Position<B>,
    from: Square,
    to: Square,
) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    list.iter()
        .copied()
        .filter(|m| (m.from, m.to) == (from, to) && m.flag != MoveFlag::Castle)
        .collect()
}

/// Why the pseudo-legal move `mv` is not among the `legal` moves of `pos`.
fn why_pseudo_illegal<B: TableCache>(
    pos: &Position<B>,
    mv: Move,
    legal: &MoveList,
) -> Option<Reason> {
    let v = pos.variant();
    let t = tables::<B>(v);
    let us = pos.side_to_move();
    let royal_name = v.royal(us).map(|k| v.kind(k).name);
    let in_check = t.in_check(pos, us);
    let mover = pos.piece_at(mv.from)?;
    if in_check && v.check_freezes_royal && v.kind(mover.kind).royal {
        let checker_taken = t.attackers(pos, mv.from, pos.occupied(), !us).has(mv.to);
        if !checker_taken {
            return Some(Reason::RoyalFrozen { royal: royal_name? });
        }
    }
    let mut after = pos.clone();
    make(t, &mut after, mv);
    if let Some(royal) = royal_name {
        if t.in_check(&after, us) {
            return Some(if v.kind(mover.kind).royal {
                Reason::RoyalIntoCheck {
                    royal,
                    square: pos.geometry().name(mv.to),
                }
            } else if in_check {
                Reason::StillInCheck { royal }
            } else {
                Reason::ExposesRoyal { royal }
            });
        }
    }
    if let Some(pair) = v.mutual_immunity {
        if immune_pair_attacks(&after, pair) {
            return Some(Reason::MutualImmunity {
                first: v.kind(pair[0]).name,
                second: v.kind(pair[1]).name,
            });
        }
    }
    if v.end_rules.must_capture && !captures(pos, mv) && legal.iter().any(|&m| captures(pos, m)) {
        return Some(Reason::MustCapture);
    }
    if v.goals.no_checks && t.in_check(&after, !us) {
        return Some(Reason::NoChecks);
    }
    None
}

/// True if `mv` captures in `pos` (lands on an enemy piece, shoots one, or takes en
/// passant).
fn captures<B: TableCache>(pos: &Position<B>, mv: Move) -> bool {
    match mv.flag {
        MoveFlag::EnPassant => true,
        MoveFlag::Castle => false,
        _ => pos.pieces(!pos.side_to_move()).has(mv.to),
    }
}

/// True if either piece of the mutually immune `pair` attacks the other in `pos`.
fn immune_pair_attacks<B: TableCache>(pos: &Position<B>, pair: [KindId; 2]) -> bool {
    let t = tables::<B>(pos.variant());
    let find = |k: KindId| {
        Color::ALL.into_iter().find_map(|c| {
            let b = pos.pieces_of(c, k);
            b.any().then(|| (b.lowest(), c))
        })
    };
    let (Some((a, ca)), Some((b, cb))) = (find(pair[0]), find(pair[1])) else {
        return false;
    };
    let occ = pos.occupied();
    t.piece_hits(ca, pair[0], a, b, occ, pos.pieces(ca))
        || t.piece_hits(cb, pair[1], b, a, occ, pos.pieces(cb))
}

/// Why `mover` on `from` cannot go to `to` at all on this board: its way is blocked, it
/// moves there only onto an empty square or only to capture, or it does not move so.
fn why_unreachable<B: TableCache>(
    pos: &Position<B>,
    mover: Piece,
    from: Square,
    to: Square,
) -> Option<Reason> {
    let v = pos.variant();
    let t = tables::<B>(v);
    let piece = v.kind(mover.kind).name;
    let g = pos.geometry();
    let target = pos.piece_at(to);
    // The board with the mover alone, and what stands on the target.
    let mut alone = pos.clone();
    for sq in pos.occupied().squares() {
        if sq != from && sq != to {
            alone.remove(sq);
        }
    }
    if !moves_between(t, &alone, from, to).is_empty() {
        let between = t.between(from, to) & pos.occupied();
        let at = between.squares().min_by_key(|&s| g.distance(from, s));
        return Some(Reason::Blocked {
            piece,
            to: g.name(to),
            at: at.map(|s| g.name(s)),
        });
    }
    // The mover alone on the board.
    let mut lone = alone.clone();
    if target.is_some() {
        lone.remove(to);
    }
    let mut list = MoveList::new();
    generate(t, &lone, &mut list);
    if list.is_empty() {
        // The game's end rules see this board as finished: nothing can be told from it.
        return None;
    }
    let reaches_empty = list.iter().any(|m| (m.from, m.to) == (from, to));
    match target {
        Some(enemy) if reaches_empty => {
            return Some(Reason::NoCaptureThere {
                piece,
                square: g.name(to),
                enemy: v.kind(enemy.kind).name,
            });
        }
        Some(_) => {}
        None => {
            let them = !mover.color;
            let victim = v.armies[them.index()]
                .iter()
                .copied()
                .find(|&k| !v.kind(k).royal);
            if let Some(k) = victim {
                let mut with_enemy = lone.clone();
                with_enemy.put(to, Piece::new(them, k));
                if !moves_between(t, &with_enemy, from, to).is_empty() {
                    return Some(Reason::CapturesOnly {
                        piece,
                        square: g.name(to),
                    });
                }
            }
        }
    }
    Some(Reason::DoesNotMove {
        piece,
        from: g.name(from),
        to: g.name(to),
    })
}

#[cfg(test)]
mod tests;
