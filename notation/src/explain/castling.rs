//! Why castling is refused: each condition of the game's castling rule
//! ([`joust_core::CastlingRule`]) in the order a player checks them.

use super::{immune_pair_attacks, Reason};
use joust_core::{CastlingRule, Color, Position, Square};
use joust_movegen::{tables, Move, MoveFlag, TableCache};

/// If the royal piece on `from` going to `to` is one of the side's castling moves (the
/// royal's own move, or onto the castling partner's square), why it is not legal now.
pub(super) fn why_not<B: TableCache>(
    pos: &Position<B>,
    from: Square,
    to: Square,
) -> Option<Reason> {
    let us = pos.side_to_move();
    let (index, rule) = pos.castling_rules().iter().enumerate().find(|(_, r)| {
        r.color == us && r.royal_from == from && (r.royal_to == to || r.rook_from == to)
    })?;
    // A plain step of the royal onto the castling square is judged as a step.
    if rule.royal_to == to && pos.geometry().distance(from, to) <= 1 && rule.rook_from != to {
        return None;
    }
    why_rule_refused(pos, index, rule)
}

/// Why castling by `rule` (the game's rule number `index`) is refused for the side to
/// move, which holds the royal piece on the rule's square; `None` if no condition is
/// found wanting.
pub(super) fn why_rule_refused<B: TableCache>(
    pos: &Position<B>,
    index: usize,
    rule: &CastlingRule,
) -> Option<Reason> {
    let v = pos.variant();
    let t = tables::<B>(v);
    let g = pos.geometry();
    let us = pos.side_to_move();
    let royal = v.royal(us).map_or("King", |k| v.kind(k).name);
    let rights = pos.castling();
    let any_right = pos
        .castling_rules()
        .iter()
        .enumerate()
        .any(|(i, r)| r.color == us && rights.has(i));
    if !any_right {
        return Some(Reason::CastlingRoyalMoved { royal });
    }
    if !rights.has(index) {
        return Some(Reason::CastlingRightLost { royal });
    }
    let partner_ok = pos
        .piece_at(rule.rook_from)
        .is_some_and(|p| p.color == us && !v.kind(p.kind).royal);
    if !partner_ok {
        return Some(Reason::CastlingPartnerGone {
            square: g.name(rule.rook_from),
        });
    }
    let occ = pos.occupied();
    let standing: Vec<_> = rule
        .empty
        .iter()
        .copied()
        .filter(|&s| s != rule.royal_from && s != rule.rook_from && occ.has(s))
        .map(|s| g.name(s))
        .collect();
    if !standing.is_empty() {
        return Some(Reason::CastlingBlocked { squares: standing });
    }
    if t.in_check(pos, us) {
        return Some(Reason::CastlingInCheck { royal });
    }
    let them: Color = !us;
    // In Chess960 the King's squares are judged with the Rook gone, as the generator does.
    let seen = if v.chess960.is_some() {
        occ & !<B as joust_core::Bits>::from_square(rule.rook_from)
    } else {
        occ
    };
    if let Some(&s) = rule
        .safe
        .iter()
        .find(|&&s| t.is_attacked(pos, s, seen, them))
    {
        return Some(Reason::CastlingThroughAttack {
            square: g.name(s),
            lands: s == rule.royal_to,
        });
    }
    if let Some(pair) = v.mutual_immunity {
        let mut after = pos.clone();
        let mv = Move::with_flag(
            rule.royal_from,
            rule.royal_to,
            MoveFlag::Castle,
            index as u8,
        );
        joust_movegen::make(t, &mut after, mv);
        if immune_pair_attacks(&after, pair) {
            return Some(Reason::CastlingImmunity {
                first: v.kind(pair[0]).name,
                second: v.kind(pair[1]).name,
            });
        }
    }
    None
}
