//! The pieces of a game file: predefined piece types (`knight = n`), custom pieces in
//! Betza notation (`customPiece1 = a:mRcpR`), the royal piece (`king = k` or
//! `king = k:KN`), pawns (`pawnTypes`), and Joust's names and values for them
//! (`pieceName.a = Archer`, `pieceValue.a = 450`).
//!
//! Two extensions of Joust's: a piece key ending in `.white` or `.black` gives the piece
//! to that side only (`knight.white = n`: Clash, where each side has its own army), so
//! two pieces may share a letter if no side has both; and `facingPiece = l:~Q` defines a
//! directional piece, one kind per compass facing, each moving only along its facing and
//! turning to any facing after it moves (the Lancers).

use super::error::{GameFileError, GameFileErrorKind};
use super::fsf_pieces::{joust_piece, predefined};
use super::ini::{Entry, Span};
use super::keys::{bad, Keys};
use crate::atom::{Atom, Mode, Path, UNLIMITED};
use crate::color::Color;
use crate::piece::{PieceKind, MAX_KINDS};
use crate::square::Direction;

/// The most custom piece slots, as in Fairy-Stockfish (`customPiece1` to `customPiece25`).
pub const CUSTOM_SLOTS: u32 = 25;

/// The key of the directional piece (Joust's): one kind per facing.
const FACING_KEY: &str = "facingPiece";

/// A game's pieces, in the order their keys come, and which side owns each.
pub(crate) struct Pieces {
    /// The piece kinds.
    pub kinds: Vec<PieceKind>,
    /// For each kind, the one side that has it (`.white`/`.black` keys), or `None` for
    /// both.
    pub sides: Vec<Option<Color>>,
}

impl Pieces {
    /// True if `color`'s army has kind `i`.
    pub fn has(&self, color: Color, i: usize) -> bool {
        self.sides[i].is_none_or(|c| c == color)
    }

    /// The kind of `color`'s army with this letter (uppercase or not); for directional
    /// pieces, the first facing.
    pub fn by_letter(&self, color: Color, letter: char) -> Option<usize> {
        let letter = letter.to_ascii_uppercase();
        (0..self.kinds.len()).find(|&i| self.kinds[i].letter == letter && self.has(color, i))
    }
}

/// A piece key without its side suffix, and the side it names.
fn split_side(key: &str) -> (&str, Option<Color>) {
    if let Some(k) = key.strip_suffix(".white") {
        (k, Some(Color::White))
    } else if let Some(k) = key.strip_suffix(".black") {
        (k, Some(Color::Black))
    } else {
        (key, None)
    }
}

/// The pieces a game defines, in the order their keys come.
pub(crate) fn read_pieces(keys: &Keys<'_>, header: Span) -> Result<Pieces, GameFileError> {
    let mut kinds: Vec<PieceKind> = Vec::new();
    let mut sides: Vec<Option<Color>> = Vec::new();
    let mut origins: Vec<&Entry> = Vec::new();
    for entry in keys.all() {
        let (key, side) = split_side(&entry.key);
        let custom = custom_slot(key);
        let known = predefined(key);
        let facing = key == FACING_KEY;
        if custom.is_none() && known.is_none() && !facing {
            continue;
        }
        keys.mark(entry);
        if entry.value == "-" || entry.value.is_empty() {
            continue; // removed, as in `queen = -`
        }
        let mut chars = entry.value.chars();
        let letter = match chars.next() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => {
                return Err(bad(
                    entry,
                    "expected a piece letter, such as `n` or `a:mRcpR`",
                ))
            }
        };
        let betza = match chars.next() {
            None => None,
            Some(':') => Some(chars.as_str()),
            Some(_) => {
                return Err(bad(
                    entry,
                    "expected one letter, optionally followed by `:` and Betza notation",
                ))
            }
        };
        let betza_span = Span {
            line: entry.value_span.line,
            column: entry.value_span.column + 2,
        };
        let mut kind = match (known, betza) {
            (Some(p), None) => match joust_piece(p.key) {
                Some(k) => k,
                None => PieceKind::new(p.name, letter, parse_betza(p.betza, entry, betza_span)?),
            },
            (None, Some(text)) if facing => {
                PieceKind::new("Lancer", letter, parse_betza(text, entry, betza_span)?)
            }
            (Some(p), Some(text)) if p.key == "king" => {
                PieceKind::new("King", letter, parse_betza(text, entry, betza_span)?)
            }
            (Some(_), Some(_)) => {
                return Err(bad(
                    entry,
                    "a predefined piece takes only a letter; use `customPieceN = x:BETZA` to \
                     describe a new one",
                ))
            }
            (None, Some(text)) => PieceKind::new(
                "Custom piece",
                letter,
                parse_betza(text, entry, betza_span)?,
            ),
            (None, None) => {
                return Err(bad(
                    entry,
                    "a custom piece needs its movement: `x:BETZA`, such as `a:BN`",
                ))
            }
        };
        kind.letter = letter;
        kind.betza = match (known, betza) {
            (_, Some(text)) => Some(super::build::leak(text.trim())),
            (Some(p), None) => Some(p.betza),
            (None, None) => None,
        };
        if key == "king" {
            kind.royal = true;
        }
        if !kind.royal && kind.atoms.iter().any(|a| a.path == Path::LionDouble) {
            return Err(bad(
                entry,
                "`caK`, the Lion's double move, is played only by the royal piece \
                 (`king = l:KNADcaK`); Joust does not generate it for other pieces",
            ));
        }
        if let Some(p) = known {
            kind.name = p.name;
        }
        let shares_a_side = |i: usize| match (sides[i], side) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
        if let Some(prev) =
            (0..kinds.len()).find(|&i| kinds[i].letter == letter && shares_a_side(i))
        {
            return Err(bad(
                entry,
                format!(
                    "letter `{}` is already the {} (`{}`)",
                    letter.to_ascii_lowercase(),
                    kinds[prev].name,
                    origins[prev].key,
                ),
            ));
        }
        let new_kinds = if facing {
            let twice = (0..kinds.len()).any(|i| kinds[i].facing.is_some() && shares_a_side(i));
            if twice {
                return Err(bad(entry, "a side may have one facing piece"));
            }
            facings(kind, entry)?
        } else {
            vec![kind]
        };
        if kinds.len() + new_kinds.len() > MAX_KINDS {
            return Err(bad(
                entry,
                format!(
                    "a game may have at most {MAX_KINDS} piece types (a facing piece counts \
                     as 8)"
                ),
            ));
        }
        for kind in new_kinds {
            kinds.push(kind);
            sides.push(side);
            origins.push(entry);
        }
    }
    if kinds.is_empty() {
        return Err(GameFileError::at(
            header,
            GameFileErrorKind::Invalid("the game defines no pieces".into()),
        ));
    }
    name_and_value(keys, &mut kinds)?;
    Ok(Pieces { kinds, sides })
}

/// The eight kinds of a directional piece, one per facing in [`Direction::ALL`] order:
/// each keeps the part of the movement that runs along its facing, in compass terms (a
/// Lancer facing north moves north for both sides).
fn facings(kind: PieceKind, entry: &Entry) -> Result<Vec<PieceKind>, GameFileError> {
    let lance = |a: &Atom| {
        a.mode == Mode::MOVE_CAPTURE
            && a.path
                == Path::RideThroughOwn {
                    min: 1,
                    max: UNLIMITED,
                }
    };
    if !kind.atoms.iter().all(lance) {
        return Err(bad(
            entry,
            "a facing piece rides without limit through its own pieces, moving and \
             capturing, as `~Q`; other movement is not played for facing pieces",
        ));
    }
    let mut out = Vec::new();
    for facing in Direction::ALL {
        let (fx, fy) = facing.delta();
        let along = |&(df, dr): &(i8, i8)| {
            let k = if fx != 0 { df / fx } else { dr / fy };
            k > 0 && (df, dr) == (k * fx, k * fy)
        };
        let atoms: Vec<Atom> = kind
            .atoms
            .iter()
            .filter_map(|a| {
                let offsets: Vec<(i8, i8)> = a.offsets.iter().copied().filter(along).collect();
                (!offsets.is_empty()).then(|| Atom {
                    offsets,
                    relative: false,
                    ..a.clone()
                })
            })
            .collect();
        if atoms.is_empty() {
            return Err(bad(
                entry,
                format!(
                    "the piece has no movement along its {} facing; a facing piece moves \
                     along lines, as `~Q`",
                    facing.name()
                ),
            ));
        }
        let mut k = kind.clone();
        k.atoms = atoms;
        k.facing = Some(facing);
        out.push(k);
    }
    Ok(out)
}

/// True if `key` defines a piece: a predefined name or a custom slot, optionally for one
/// side, or the facing piece.
pub(crate) fn is_piece_key(key: &str) -> bool {
    let key = split_side(key).0;
    predefined(key).is_some() || custom_slot(key).is_some() || key == FACING_KEY
}

/// `customPieceN` with N from 1 to 25.
fn custom_slot(key: &str) -> Option<u32> {
    let n: u32 = key.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_SLOTS).contains(&n).then_some(n)
}

fn parse_betza(
    text: &str,
    entry: &Entry,
    span: Span,
) -> Result<Vec<crate::atom::Atom>, GameFileError> {
    crate::betza::parse(text).map_err(|e| {
        GameFileError::at(
            Span {
                line: span.line,
                column: span.column + e.column.saturating_sub(1),
            },
            GameFileErrorKind::BadValue {
                key: entry.key.clone(),
                reason: e.to_string(),
            },
        )
    })
}

/// Joust's own keys `pieceName.x` and `pieceValue.x`: a piece's name for people and its
/// value in centipawns.
fn name_and_value(keys: &Keys<'_>, kinds: &mut [PieceKind]) -> Result<(), GameFileError> {
    for entry in keys.all() {
        let (is_name, letter) = if let Some(l) = entry.key.strip_prefix("pieceName.") {
            (true, l)
        } else if let Some(l) = entry.key.strip_prefix("pieceValue.") {
            (false, l)
        } else {
            continue;
        };
        keys.mark(entry);
        let letter = single_letter(letter)
            .filter(|&l| kinds.iter().any(|k| k.letter == l))
            .ok_or_else(|| {
                GameFileError::at(
                    entry.key_span,
                    GameFileErrorKind::BadValue {
                        key: entry.key.clone(),
                        reason: format!("`{letter}` is not the letter of a piece of this game"),
                    },
                )
            })?;
        // Every kind with the letter: both sides' pieces of that letter, every facing.
        let named = kinds.iter_mut().filter(|k| k.letter == letter);
        if is_name {
            if entry.value.is_empty() || entry.value.chars().count() > 40 {
                return Err(bad(entry, "a piece name has 1 to 40 characters"));
            }
            let name: &'static str = Box::leak(entry.value.clone().into_boxed_str());
            named.for_each(|k| k.name = name);
        } else {
            let v: i32 = entry
                .value
                .parse()
                .ok()
                .filter(|v| (1..=100_000).contains(v))
                .ok_or_else(|| {
                    bad(
                        entry,
                        "a value is a whole number of centipawns, 1 to 100000",
                    )
                })?;
            named.for_each(|k| k.value = Some(v));
        }
    }
    Ok(())
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// Refuses, while en passant is played, a pawn whose first move (`i` in Betza) goes
/// anywhere but one or two squares straight ahead: the Berolina pawn's diagonal
/// `imfnA`, a triple step `ifmR3`. Fairy-Stockfish lets an enemy pawn take such a step
/// en passant on the squares it passed over; Joust plays en passant only after the
/// straight double step, so it would silently play a different game. The error is at
/// the pawn's own line.
pub(crate) fn refuse_uncapturable_first_moves(
    keys: &Keys<'_>,
    kinds: &[PieceKind],
) -> Result<(), GameFileError> {
    use crate::atom::{Mode, Path};
    let straight = |&(df, dr): &(i8, i8)| df == 0 && (dr == 1 || dr == 2);
    for kind in kinds.iter().filter(|k| k.pawn) {
        let odd = kind.atoms.iter().any(|a| {
            a.mode.contains(Mode::INITIAL | Mode::MOVE)
                && match a.path {
                    Path::Leap | Path::Lame => !a.offsets.iter().all(straight),
                    Path::Ride { max, .. } => max > 2 || !a.offsets.iter().all(|&o| o == (0, 1)),
                    _ => true,
                }
        });
        if !odd {
            continue;
        }
        let letter = kind.letter.to_ascii_lowercase();
        let reason = format!(
            "the {} ({letter}) has a first move other than one or two squares straight \
             ahead, and Joust plays en passant only after the straight double step: say \
             `enPassant = false` (or `doubleStep = false`)",
            kind.name
        );
        let entry = keys
            .all()
            .iter()
            .rev()
            .find(|e| is_piece_key(&e.key) && e.value.starts_with(letter))
            .or_else(|| keys.get("pawnTypes"))
            .or_else(|| keys.get("enPassant"));
        return Err(match entry {
            Some(e) => bad(e, reason),
            None => GameFileError::at(
                Span { line: 1, column: 1 },
                GameFileErrorKind::Invalid(reason),
            ),
        });
    }
    Ok(())
}
