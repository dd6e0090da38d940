//! Reading the text of a refused move (coordinates or SAN) into the move it meant, and
//! the reasons that concern the text itself: a Lancer's facing or a promotion left out, a
//! gating letter where nothing gates.

use super::castling::why_rule_refused;
use super::{why_not, Reason};
use crate::san::{san_intent, SanIntent};
use crate::{legal_moves_san, move_to_text, parse_move, parse_san};
use joust_core::{Position, Square};
use joust_movegen::gating::gate_effect;
use joust_movegen::{legal_moves, tables, Move, MoveFlag, TableCache};

/// The most complete texts an [`Reason::Incomplete`] shows.
const MAX_EXAMPLES: usize = 2;

/// Why `text`, which names no legal move of `pos`, is refused; `None` when no reason can
/// be told (the text is not a move at all, or several reasons compete).
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::position_from_fen;
/// use joust_notation::explain::explain_refusal;
///
/// let chess = variants::chess();
/// let pos = position_from_fen::<u64>(chess, chess.start_fen).unwrap();
/// let why = explain_refusal(&pos, "Bc1").unwrap();
/// assert_eq!(why.to_string(), "c1 is occupied by your Bishop");
/// ```
pub fn explain_refusal<B: TableCache>(pos: &Position<B>, text: &str) -> Option<Reason> {
    let text = text.trim();
    if pos.in_setup() || parse_san(pos, text).is_ok() || parse_move(pos, text).is_ok() {
        return None;
    }
    if let Some((from, to, rest)) = coordinate_intent(pos, text) {
        return coordinate_reason(pos, from, to, rest);
    }
    match san_intent(pos.geometry(), text)? {
        SanIntent::Castle { long } => castle_reason(pos, long),
        SanIntent::Board {
            letter,
            from_file,
            from_rank,
            to,
            promotion,
            facing,
            gate,
        } => {
            let v = pos.variant();
            let g = pos.geometry();
            let us = pos.side_to_move();
            let movers: Vec<Square> = pos
                .pieces(us)
                .squares()
                .filter(|&s| {
                    let kind = v.kind(pos.piece_at(s).expect("a piece").kind);
                    let letter_ok = match letter {
                        None => kind.pawn,
                        Some('P') => kind.pawn || kind.letter == 'P',
                        Some(l) => !kind.pawn && kind.letter == l,
                    };
                    letter_ok
                        && from_file.is_none_or(|f| g.file(s).0 == f)
                        && from_rank.is_none_or(|r| g.rank(s).0 == r)
                        // A pawn move without its origin file goes straight ahead.
                        && (letter.is_some() || from_file.is_some() || g.file(s) == g.file(to))
                })
                .collect();
            let mut reasons: Vec<Reason> = Vec::new();
            for from in movers.into_iter().filter(|&s| s != to) {
                let reason = if legal_moves(pos)
                    .iter()
                    .any(|m| (m.from, m.to) == (from, to))
                {
                    san_suffix_reason(pos, from, to, promotion, facing, gate)
                } else {
                    why_not(pos, from, to)
                };
                reasons.push(reason?);
            }
            reasons.dedup();
            if reasons.len() <= 1 {
                return reasons.pop();
            }
            // Several pieces could be meant: the one that moves so (and is refused for
            // another reason) is the one meant; if none does, say so for all.
            let name = match reasons[0] {
                Reason::DoesNotMove { piece, .. } => Some(piece),
                _ => None,
            };
            reasons.retain(|r| !matches!(r, Reason::DoesNotMove { .. }));
            match (reasons.len(), name) {
                (1, _) => reasons.pop(),
                (0, Some(piece)) => Some(Reason::NoneMoves {
                    piece,
                    to: g.name(to),
                }),
                _ => None,
            }
        }
    }
}

/// `<from><to><rest>` with both squares on the board, lowercased rest.
fn coordinate_intent<B: TableCache>(
    pos: &Position<B>,
    text: &str,
) -> Option<(Square, Square, String)> {
    let g = pos.geometry();
    let lower = text.to_ascii_lowercase();
    let b = lower.as_bytes();
    let square_end = |start: usize| {
        let mut i = start + 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let i = square_end(0);
    let from = g.parse_square(lower.get(..i)?)?;
    let j = square_end(i);
    let to = g.parse_square(lower.get(i..j)?)?;
    let rest = &lower[j..];
    rest.bytes()
        .all(|c| c.is_ascii_lowercase())
        .then(|| (from, to, rest.to_string()))
}

/// The reason for coordinate text from `from` to `to` with the letters `rest` after.
fn coordinate_reason<B: TableCache>(
    pos: &Position<B>,
    from: Square,
    to: Square,
    rest: String,
) -> Option<Reason> {
    let here: Vec<Move> = legal_moves(pos)
        .iter()
        .copied()
        .filter(|m| (m.from, m.to) == (from, to) && !m.is_setup())
        .collect();
    if here.is_empty() {
        return why_not(pos, from, to);
    }
    let v = pos.variant();
    let mover = v.kind(pos.piece_at(from)?.kind);
    let mut texts: Vec<String> = here.iter().map(|&m| move_to_text(pos, m)).collect();
    if let Some(facing) = mover.facing {
        // The text that keeps the Lancer's facing first.
        let keep = facing.name().to_ascii_lowercase();
        texts.sort_by_key(|t| !t.ends_with(&format!("{}{}", pos.geometry().name(to), keep)));
    }
    if rest.is_empty() {
        let what = if mover.facing.is_some() {
            format!("add the way the {} faces after the move", mover.name)
        } else if here.iter().all(|m| m.promotion_kind().is_some()) {
            format!("add the piece the {} becomes", mover.name)
        } else {
            return None;
        };
        return Some(incomplete(what, texts));
    }
    let letter = rest.chars().next()?;
    if rest.len() == 1 && tables::<B>(v).has_gating() {
        return gate_reason(pos, here[0], letter.to_ascii_uppercase());
    }
    None
}

/// [`Reason::Incomplete`] with the first few of `texts`.
fn incomplete(what: String, mut texts: Vec<String>) -> Reason {
    texts.truncate(MAX_EXAMPLES);
    Reason::Incomplete {
        what,
        examples: texts,
    }
}

/// Why the gating letter `letter` does not fit `mv`, a legal move in `pos`.
fn gate_reason<B: TableCache>(pos: &Position<B>, mv: Move, letter: char) -> Option<Reason> {
    let v = pos.variant();
    let g = pos.geometry();
    let t = tables::<B>(v);
    let effect = gate_effect(t, pos, mv);
    if effect.forfeit_own.is_some() {
        let us = pos.side_to_move();
        return Some(Reason::GatingForfeited {
            royal: v.kind(v.royal(us)?).name,
        });
    }
    match effect.gate {
        None => Some(Reason::NothingToGate {
            from: g.name(mv.from),
        }),
        Some((_, kind, _)) if v.kind(kind).letter != letter => Some(Reason::WrongGate {
            from: g.name(mv.from),
            waiting: v.kind(kind).name,
            letter: v.kind(kind).letter,
        }),
        Some(_) => None,
    }
}

/// The reason a SAN move from `from` to `to`, legal in some form, was not matched.
fn san_suffix_reason<B: TableCache>(
    pos: &Position<B>,
    from: Square,
    to: Square,
    promotion: bool,
    facing: bool,
    gate: Option<char>,
) -> Option<Reason> {
    let v = pos.variant();
    let mover = v.kind(pos.piece_at(from)?.kind);
    let here: Vec<(Move, String)> = legal_moves_san(pos)
        .into_iter()
        .filter(|(m, _)| (m.from, m.to) == (from, to) && m.flag != MoveFlag::Castle)
        .collect();
    let first = here.first()?.0;
    if let Some(letter) = gate {
        return gate_reason(pos, first, letter);
    }
    let sans = here.into_iter().map(|(_, s)| s).collect();
    if mover.facing.is_some() && !facing {
        return Some(incomplete(
            format!("add the way the {} faces after the move", mover.name),
            sans,
        ));
    }
    if !promotion && first.promotion_kind().is_some() && mover.facing.is_none() {
        return Some(incomplete(
            format!("add the piece the {} becomes", mover.name),
            sans,
        ));
    }
    None
}

/// Why castling (long or short) is refused.
fn castle_reason<B: TableCache>(pos: &Position<B>, long: bool) -> Option<Reason> {
    let v = pos.variant();
    let us = pos.side_to_move();
    let (index, rule) = pos
        .castling_rules()
        .iter()
        .enumerate()
        .find(|(_, r)| r.color == us && r.long == long)?;
    if pos
        .piece_at(rule.royal_from)
        .is_none_or(|p| p.color != us || !v.kind(p.kind).royal)
    {
        let royal = v.royal(us).map_or("King", |k| v.kind(k).name);
        return Some(Reason::CastlingRoyalMoved { royal });
    }
    why_rule_refused(pos, index, rule)
}
