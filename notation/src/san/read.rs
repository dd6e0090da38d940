//! Reading SAN leniently: the text's shape is read first, without the position
//! ([`Pattern`]), then matched against every legal move.

use super::{gate, is_capture, step_direction, write::san_among, SanError};
use joust_core::{Color, Direction, Geometry, Position, Square};
use joust_movegen::{legal_moves, Move, MoveFlag, TableCache};

/// The longest text the SAN reader looks at; anything longer is not a move.
const MAX_SAN_LEN: usize = 48;

/// The shape of a SAN move, read without looking at the position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pattern {
    Castle {
        long: bool,
    },
    Pass {
        letter: char,
    },
    Select {
        letter: char,
    },
    Place {
        letter: char,
        file: u8,
        rank: u32,
    },
    Board {
        /// `None` = a pawn.
        letter: Option<char>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        shot: bool,
        /// A Lion double move's intermediate square, and whether the second step is
        /// written as a capture.
        double: Option<(Square, bool)>,
        to: Square,
        promotion: Option<char>,
        facing: Option<Direction>,
    },
}

/// What a SAN text asks for, read without the position: for explaining why no legal
/// move matches it ([`crate::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SanIntent {
    /// Castling, long or short.
    Castle {
        /// `O-O-O`.
        long: bool,
    },
    /// A board move.
    Board {
        /// The piece letter; `None` for a pawn.
        letter: Option<char>,
        /// The origin's file index, when written.
        from_file: Option<u8>,
        /// The origin's rank index, when written.
        from_rank: Option<u8>,
        /// The target.
        to: Square,
        /// True if a promotion piece is written.
        promotion: bool,
        /// True if a Lancer's facing is written.
        facing: bool,
        /// The gating letter, when written.
        gate: Option<char>,
    },
}

/// Reads `text` as SAN into what it asks for; `None` if it is not SAN or names no board
/// move or castling.
pub(crate) fn san_intent(g: Geometry, text: &str) -> Option<SanIntent> {
    let (pattern, gate) = parse_pattern(g, text).ok()?;
    match pattern {
        Pattern::Castle { long } => Some(SanIntent::Castle { long }),
        Pattern::Board {
            letter,
            from_file,
            from_rank,
            to,
            promotion,
            facing,
            ..
        } => Some(SanIntent::Board {
            letter,
            from_file,
            from_rank,
            to,
            promotion: promotion.is_some(),
            facing: facing.is_some(),
            gate: gate.map(|(l, _)| l),
        }),
        _ => None,
    }
}

/// A gating suffix: the gated letter and, in the seed's `(Fo-e8)` form, the square.
type GateSuffix = (char, Option<Square>);

fn malformed(text: &str, reason: &'static str) -> SanError {
    SanError::Malformed {
        text: text.to_string(),
        reason,
    }
}

/// Reads SAN text and finds the one legal move it names.
///
/// ```
/// use joust_core::variants;
/// use joust_movegen::position_from_fen;
/// use joust_notation::{move_to_san, move_to_text, parse_san, SanError};
///
/// let chess = variants::chess();
/// let pos = position_from_fen::<u64>(chess, chess.start_fen).unwrap();
/// let mv = parse_san(&pos, "Nf3").unwrap();
/// assert_eq!(move_to_text(&pos, mv), "g1f3");
/// assert_eq!(move_to_san(&pos, mv), "Nf3");
/// // Each way a text can fail has its own error, saying why.
/// assert!(matches!(parse_san(&pos, "Nf4"), Err(SanError::Illegal(_))));
/// let lc = variants::lancerchess(); // no Knights here: Lancers
/// let pos = position_from_fen::<u64>(lc, lc.start_fen).unwrap();
/// assert!(parse_san(&pos, "Nf3").is_err());
/// ```
pub fn parse_san<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, SanError> {
    let (pattern, gate_suffix) = parse_pattern(pos.geometry(), text)?;
    let legal = legal_moves(pos);
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| matches(pos, &pattern, m) && gate_matches(pos, gate_suffix, m))
        .collect();
    // Where promotion is optional (Grand chess), a pawn's move without `=X` names the
    // move that does not promote; the promoting ones are written with their piece.
    let plain: Vec<Move> = found
        .iter()
        .copied()
        .filter(|m| m.promotion_kind().is_none())
        .collect();
    let one_move_many_pieces = found.iter().all(|m| {
        found
            .first()
            .is_some_and(|f| (m.from, m.to) == (f.from, f.to))
    });
    match found.len() {
        0 => Err(SanError::Illegal(text.trim().to_string())),
        1 => Ok(found[0]),
        _ if plain.len() == 1 && one_move_many_pieces => Ok(plain[0]),
        _ => Err(SanError::Ambiguous {
            text: text.trim().to_string(),
            candidates: found
                .iter()
                .map(|&m| san_among(pos, m, legal.as_slice()))
                .collect(),
        }),
    }
}

fn gate_matches<B: TableCache>(pos: &Position<B>, suffix: Option<GateSuffix>, mv: Move) -> bool {
    let Some((letter, square)) = suffix else {
        // Musketeer's gating is compulsory and may go unwritten; gating from the hand is
        // a choice, so a move written without it does not gate.
        return mv.gate_kind().is_none();
    };
    match gate(pos, mv) {
        Some((l, sq)) => l == letter && square.is_none_or(|s| s == sq),
        None => false,
    }
}

/// Splits SAN text into its pattern and gating suffix; only syntax is checked here.
fn parse_pattern(g: Geometry, text: &str) -> Result<(Pattern, Option<GateSuffix>), SanError> {
    let original = text.trim();
    if original.is_empty() {
        return Err(SanError::Empty);
    }
    if !original.is_ascii() {
        return Err(malformed(original, "only ASCII letters, digits and marks"));
    }
    if original.len() > MAX_SAN_LEN {
        return Err(malformed(original, "too long"));
    }
    let mut s = original;
    let mut gate: Option<GateSuffix> = None;
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?', ' ', '\t']);
        if let Some(rest) = s.strip_suffix("e.p.") {
            s = rest;
        }
        let b = s.as_bytes();
        if s.ends_with(')') {
            let open = s
                .rfind('(')
                .ok_or_else(|| malformed(original, "unbalanced parenthesis"))?;
            let inner = s[open + 1..s.len() - 1].trim();
            if gate.is_some() {
                return Err(malformed(original, "two gating suffixes"));
            }
            gate = Some(parse_gate_group(g, inner).ok_or_else(|| {
                malformed(original, "a gating note is written like (Fo-e8) or /F")
            })?);
            s = &s[..open];
        } else if let Some((slash, suffix)) = square_gate_suffix(g, s) {
            // `O-O/He1`: the piece gated and the square it gates onto.
            if gate.is_some() {
                return Err(malformed(original, "two gating suffixes"));
            }
            gate = Some(suffix);
            s = &s[..slash];
        } else if b.len() >= 3 && b[b.len() - 2] == b'/' && b[b.len() - 1].is_ascii_uppercase() {
            if gate.is_some() {
                return Err(malformed(original, "two gating suffixes"));
            }
            gate = Some((b[b.len() - 1] as char, None));
            s = &s[..s.len() - 2];
        }
        if s.len() == before {
            break;
        }
    }
    let s = s.trim();
    if s.is_empty() {
        return Err(malformed(original, "no move before the marks"));
    }
    Ok((parse_body(g, original, s)?, gate))
}

/// A gating suffix with its square at the end of `s` (`/He1`): where its `/` is, and the
/// suffix.
fn square_gate_suffix(g: Geometry, s: &str) -> Option<(usize, GateSuffix)> {
    let slash = s.rfind('/')?;
    let rest = &s[slash + 1..];
    let letter = rest.chars().next().filter(|c| c.is_ascii_uppercase())?;
    let square = g.parse_square(&rest[1..])?;
    (slash > 0).then_some((slash, (letter, Some(square))))
}

/// The seed's gating note: `Fo-e8`, `F-e8`, `Fe8` or just `F`.
fn parse_gate_group(g: Geometry, inner: &str) -> Option<GateSuffix> {
    let b = inner.as_bytes();
    let letter = *b.first()?;
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let mut rest = &inner[1..];
    rest = rest.strip_prefix('o').unwrap_or(rest);
    rest = rest.strip_prefix('-').unwrap_or(rest);
    if rest.is_empty() {
        return Some((letter as char, None));
    }
    Some((letter as char, Some(g.parse_square(rest)?)))
}

fn parse_body(g: Geometry, original: &str, s: &str) -> Result<Pattern, SanError> {
    match s {
        "O-O" | "0-0" | "o-o" => return Ok(Pattern::Castle { long: false }),
        "O-O-O" | "0-0-0" | "o-o-o" => return Ok(Pattern::Castle { long: true }),
        _ => {}
    }
    let b = s.as_bytes();
    let first = b[0];
    if b.len() == 1 {
        return if first.is_ascii_uppercase() {
            Ok(Pattern::Select {
                letter: first as char,
            })
        } else {
            Err(malformed(original, "too short"))
        };
    }
    if b[1] == b'@' {
        if !first.is_ascii_uppercase()
            || b.len() < 4
            || !b[2].is_ascii_lowercase()
            || !b[3..].iter().all(u8::is_ascii_digit)
            || b.len() > 5
        {
            return Err(malformed(original, "a placement is written like L@b0"));
        }
        let file = b[2] - b'a';
        if file >= g.files() {
            return Err(malformed(original, "no such file on this board"));
        }
        let rank: u32 = s[3..]
            .parse()
            .map_err(|_| malformed(original, "bad reserve rank"))?;
        return Ok(Pattern::Place {
            letter: first as char,
            file,
            rank,
        });
    }
    if b.len() == 3 && &s[1..] == "--" && first.is_ascii_uppercase() {
        return Ok(Pattern::Pass {
            letter: first as char,
        });
    }
    let (letter, mut body) = if first.is_ascii_uppercase() {
        (Some(first as char), &s[1..])
    } else {
        (None, s)
    };
    // Lancer facing: `T` + direction at the end.
    let mut facing = None;
    if let Some(t) = body.rfind('T') {
        let dir = &body[t + 1..];
        if !dir.is_empty() && dir.bytes().all(|c| c.is_ascii_uppercase()) {
            facing = Some(
                Direction::ALL
                    .into_iter()
                    .find(|d| d.name() == dir)
                    .ok_or_else(|| malformed(original, "a facing is one of N NE E SE S SW W NW"))?,
            );
            body = &body[..t];
        }
    }
    // Promotion: `=X` or a bare `X` after the destination.
    let mut promotion = None;
    if let Some(&last) = body.as_bytes().last() {
        if last.is_ascii_uppercase() {
            promotion = Some(last as char);
            body = &body[..body.len() - 1];
            body = body.strip_suffix('=').unwrap_or(body);
        } else if last == b'=' {
            return Err(malformed(original, "nothing after '='"));
        }
    }
    // Destination: the last square.
    let bb = body.as_bytes();
    let mut i = bb.len();
    while i > 0 && bb[i - 1].is_ascii_digit() {
        i -= 1;
    }
    let digits = bb.len() - i;
    if digits == 0 || digits > 2 || i == 0 || !bb[i - 1].is_ascii_lowercase() {
        return Err(malformed(original, "no destination square"));
    }
    let to = g
        .parse_square(&body[i - 1..])
        .ok_or_else(|| malformed(original, "the destination is not on this board"))?;
    let mut prefix = &body[..i - 1];
    let mut sep = None;
    if let Some(&c) = prefix.as_bytes().last() {
        if matches!(c, b'x' | b':' | b'*' | b'-') {
            sep = Some(c);
            prefix = &prefix[..prefix.len() - 1];
        }
    }
    let pb = prefix.as_bytes();
    // A Lion double move: `x` + intermediate square, then `x` or `-`.
    if pb.first().is_some_and(|&c| c == b'x' || c == b':') && pb.len() > 1 {
        let mid = g
            .parse_square(&prefix[1..])
            .ok_or_else(|| malformed(original, "bad intermediate square"))?;
        let second_capture = match sep {
            Some(b'x') | Some(b':') => true,
            Some(b'-') | None => false,
            _ => return Err(malformed(original, "a double move is written like Lxe5-f6")),
        };
        if promotion.is_some() || facing.is_some() {
            return Err(malformed(original, "a double move cannot promote or turn"));
        }
        return Ok(Pattern::Board {
            letter,
            from_file: None,
            from_rank: None,
            capture: true,
            shot: false,
            double: Some((mid, second_capture)),
            to,
            promotion: None,
            facing: None,
        });
    }
    // Disambiguation: [file][rank].
    let mut j = 0;
    let mut from_file = None;
    if pb.first().is_some_and(u8::is_ascii_lowercase) {
        let f = pb[0] - b'a';
        if f >= g.files() {
            return Err(malformed(original, "the origin file is not on this board"));
        }
        from_file = Some(f);
        j = 1;
    }
    let mut from_rank = None;
    if j < pb.len() {
        let digits = &prefix[j..];
        if digits.len() > 2 || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return Err(malformed(original, "bad origin before the destination"));
        }
        let r: u8 = digits
            .parse()
            .map_err(|_| malformed(original, "bad origin rank"))?;
        if r == 0 || r > g.ranks() {
            return Err(malformed(original, "the origin rank is not on this board"));
        }
        from_rank = Some(r - 1);
    }
    Ok(Pattern::Board {
        letter,
        from_file,
        from_rank,
        capture: matches!(sep, Some(b'x') | Some(b':')),
        shot: sep == Some(b'*'),
        double: None,
        to,
        promotion,
        facing,
    })
}

/// True if the legal move `mv` is one that `pattern` may name.
fn matches<B: TableCache>(pos: &Position<B>, pattern: &Pattern, mv: Move) -> bool {
    let v = pos.variant();
    let g = pos.geometry();
    match *pattern {
        Pattern::Castle { long } => {
            mv.flag == MoveFlag::Castle && pos.castling_rules()[mv.aux as usize].long == long
        }
        Pattern::Pass { letter } => {
            mv.flag == MoveFlag::Pass
                && pos
                    .piece_at(mv.from)
                    .is_some_and(|p| v.kind(p.kind).letter == letter)
        }
        Pattern::Select { letter } => {
            mv.flag == MoveFlag::Select
                && mv
                    .promotion_kind()
                    .is_some_and(|k| v.kind(k).letter == letter)
        }
        Pattern::Place { letter, file, rank } => {
            let own_rank = match pos.side_to_move() {
                Color::White => 0,
                Color::Black => g.ranks() as u32 + 1,
            };
            mv.flag == MoveFlag::Place
                && mv.aux == file
                && rank == own_rank
                && mv
                    .promotion_kind()
                    .is_some_and(|k| v.kind(k).letter == letter)
        }
        Pattern::Board {
            letter,
            from_file,
            from_rank,
            capture,
            shot,
            double,
            to,
            promotion,
            facing,
        } => {
            if mv.is_setup() || matches!(mv.flag, MoveFlag::Castle | MoveFlag::Pass) {
                return false;
            }
            let Some(mover) = pos.piece_at(mv.from) else {
                return false;
            };
            let kind = v.kind(mover.kind);
            let letter_ok = match letter {
                None => kind.pawn,
                // `P` also names a piece lettered P that is not a pawn (Breakthrough's).
                Some('P') => kind.pawn || kind.letter == 'P',
                Some(l) => !kind.pawn && kind.letter == l,
            };
            if !letter_ok
                || mv.to != to
                || (mv.flag == MoveFlag::Shot) != shot
                || from_file.is_some_and(|f| g.file(mv.from).0 != f)
                || from_rank.is_some_and(|r| g.rank(mv.from).0 != r)
                || (capture && !is_capture(pos, mv))
            {
                return false;
            }
            // A pawn move written without its origin file goes straight ahead.
            if kind.pawn && from_file.is_none() && g.file(mv.from) != g.file(mv.to) {
                return false;
            }
            match (double, mv.flag) {
                (Some((mid, second_capture)), MoveFlag::LionDouble) => {
                    if Square(mv.aux) != mid {
                        return false;
                    }
                    // `x` before an empty square is wrong; before the start square
                    // (capture and return) it is tolerated.
                    if second_capture && mv.to != mv.from && pos.piece_at(mv.to).is_none() {
                        return false;
                    }
                }
                (None, MoveFlag::LionDouble) | (Some(_), _) => return false,
                _ => {}
            }
            let new_kind = mv.promotion_kind().map(|k| v.kind(k));
            if let Some(old) = kind.facing {
                // A Lancer's move: the final facing is the old one unless `T` says otherwise.
                let new = new_kind.and_then(|k| k.facing).unwrap_or(old);
                return promotion.is_none() && new == facing.unwrap_or(old);
            }
            let unturned = step_direction(g, mv.from, mv.to);
            match (new_kind, promotion) {
                (None, None) => facing.is_none(),
                // A promotion without its piece: matches every choice (so it is
                // ambiguous unless only one piece is offered).
                (Some(new), None) => {
                    kind.pawn
                        && facing.is_none()
                        && (new.facing.is_none() || new.facing == unturned)
                }
                (Some(new), Some(p)) if kind.pawn && new.letter == p => match new.facing {
                    None => facing.is_none(),
                    Some(f) => Some(f) == facing.or(unturned),
                },
                _ => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_syntax() {
        let g = Geometry::CHESS;
        let (p, gate) = parse_pattern(g, "Nbd7+!").unwrap();
        assert!(gate.is_none());
        assert!(matches!(
            p,
            Pattern::Board {
                letter: Some('N'),
                from_file: Some(1),
                from_rank: None,
                ..
            }
        ));
        let (p, gate) = parse_pattern(g, "0-0 (Fo-e8)").unwrap();
        assert_eq!(p, Pattern::Castle { long: false });
        assert_eq!(gate, Some(('F', g.parse_square("e8"))));
        let (_, gate) = parse_pattern(g, "Bxf7/C+").unwrap();
        assert_eq!(gate, Some(('C', None)));
        for bad in ["", "x", "Nz9", "e9", "=Q", "e8=", "Lxe5", "La1TXX", "é4"] {
            let r = parse_pattern(g, bad);
            if bad == "Lxe5" {
                assert!(r.is_ok());
            } else {
                assert!(r.is_err(), "{bad}");
            }
        }
    }
}
