//! The promotion keys of a game file: what pawns promote to (`promotionPieceTypes` and its
//! `White`/`Black` forms), where (`promotionRegionWhite`/`Black`: a band of whole ranks
//! ending on the last), whether they must (`mandatoryPawnPromotion`, with
//! `immobilityIllegal`), and how many of each piece promotion may bring
//! (`promotionLimit`), read with Fairy-Stockfish's meanings; and Joust's own keys for its
//! games' promotions: to a piece fixed by the square's colour
//! (`promotionBySquareColourWhite`/`Black`), to lost pieces only (`promotionLostOnly`), to
//! the gated types too (`promotionGatedTypes`).

use super::ini::Entry;
use super::keys::{bad, unsupported, whole_ranks, Keys};
use crate::atom::{Action, Occupant};
use crate::color::Color;
use crate::piece::{KindId, PieceKind};
use crate::square::Geometry;
use crate::variant::Promotion;

/// Both sides' promotion rules. `letter_kind` finds a side's piece by its letter.
pub(crate) fn promotion(
    keys: &Keys<'_>,
    kinds: &[PieceKind],
    g: Geometry,
    letter_kind: impl Fn(Color, char) -> Option<usize>,
) -> Result<[Promotion; 2], super::error::GameFileError> {
    let read = |e: &Entry, color: Color| -> Result<Vec<KindId>, super::error::GameFileError> {
        let mut out = Vec::new();
        for c in e.value.chars().filter(|c| !c.is_whitespace()) {
            match letter_kind(color, c) {
                // A facing piece's letter names all eight of its facings, which follow
                // each other from the first.
                Some(i) if kinds[i].facing.is_some() => {
                    out.extend((i..i + 8).map(|j| KindId(j as u8)))
                }
                Some(i) => out.push(KindId(i as u8)),
                None => return Err(not_a_piece(e, c)),
            }
        }
        Ok(out)
    };
    let zone_ranks = zone(keys, g)?;
    let optional = optional(keys, kinds, g)?;
    let both = keys.get("promotionPieceTypes");
    let limits_key = keys.get("promotionLimit");
    let lost_only = keys.bool("promotionLostOnly", false)?;
    let selected_types = keys.bool("promotionGatedTypes", false)?;
    let mut sides = Vec::new();
    for color in Color::ALL {
        let own = match color {
            Color::White => keys.get("promotionPieceTypesWhite"),
            Color::Black => keys.get("promotionPieceTypesBlack"),
        };
        let types = match own.or(both) {
            Some(e) => read(e, color)?,
            // Fairy-Stockfish's default: the FIDE pieces the game has.
            None => ["Queen", "Rook", "Bishop", "Knight"]
                .iter()
                .filter_map(|name| {
                    (0..kinds.len()).find(|&i| {
                        kinds[i].name == *name
                            && !kinds[i].royal
                            && letter_kind(color, kinds[i].letter) == Some(i)
                    })
                })
                .map(|i| KindId(i as u8))
                .collect(),
        };
        let limits = match limits_key {
            None => Vec::new(),
            Some(e) => limits(e, &|c| letter_kind(color, c))?,
        };
        sides.push(Promotion {
            zone_ranks,
            optional,
            limits,
            lost_only,
            selected_types,
            by_square_colour: by_square_colour(keys, color, &read)?,
            ..Promotion::to(types)
        });
    }
    let [w, b]: [Promotion; 2] = sides.try_into().expect("two sides");
    Ok([w, b])
}

/// Reads a side's pieces from an entry's letters.
type ReadKinds<'a> = dyn Fn(&Entry, Color) -> Result<Vec<KindId>, super::error::GameFileError> + 'a;

/// Joust's `promotionBySquareColourWhite` and `...Black`: two letters, the piece a pawn of
/// that side also may promote to on a dark square, then on a light one (LancerChess).
fn by_square_colour(
    keys: &Keys<'_>,
    color: Color,
    read: &ReadKinds<'_>,
) -> Result<Option<(KindId, KindId)>, super::error::GameFileError> {
    let key = match color {
        Color::White => "promotionBySquareColourWhite",
        Color::Black => "promotionBySquareColourBlack",
    };
    let Some(e) = keys.get(key) else {
        return Ok(None);
    };
    match read(e, color)?[..] {
        [dark, light] => Ok(Some((dark, light))),
        _ => Err(bad(
            e,
            "expected two piece letters: the piece on a dark square, then on a light one",
        )),
    }
}

fn not_a_piece(e: &Entry, c: char) -> super::error::GameFileError {
    bad(
        e,
        format!("`{c}` is not the letter of a piece of this game"),
    )
}

/// `promotionRegionWhite` and `promotionRegionBlack`: the number of ranks of the zone, a
/// band of whole ranks that ends on the side's last rank, Black's the mirror of White's.
fn zone(keys: &Keys<'_>, g: Geometry) -> Result<u8, super::error::GameFileError> {
    let band = |e: &Entry, color: Color| -> Result<u8, super::error::GameFileError> {
        let ranks = whole_ranks(&e.value, g).unwrap_or_default();
        // Counted from the side's far end: 0 is its last rank.
        let mut from_far: Vec<u8> = ranks
            .iter()
            .map(|&r| match color {
                Color::White => g.ranks() - 1 - r,
                Color::Black => r,
            })
            .collect();
        from_far.sort_unstable();
        let n = from_far.len() as u8;
        if n == 0 || from_far.iter().enumerate().any(|(i, &r)| r != i as u8) {
            return Err(unsupported(
                e,
                "a promotion region other than whole ranks running up to the last one",
            ));
        }
        Ok(n)
    };
    let white = keys
        .get("promotionRegionWhite")
        .map(|e| band(e, Color::White))
        .transpose()?;
    let black = keys
        .get("promotionRegionBlack")
        .map(|e| band(e, Color::Black))
        .transpose()?;
    match (white, black) {
        (Some(w), Some(b)) if w != b => {
            let e = keys.get("promotionRegionBlack").expect("read above");
            Err(unsupported(
                e,
                "a Black promotion region that does not mirror White's",
            ))
        }
        (w, b) => Ok(w.or(b).unwrap_or(1)),
    }
}

/// `mandatoryPawnPromotion = false`: a pawn may stay a pawn in the zone. Joust plays it
/// with `immobilityIllegal = true` only (as Grand chess has it), where a pawn may not
/// stay on its last rank, the one square it could never leave; and `immobilityIllegal`
/// only where no other piece can be stuck on a square with no move.
fn optional(
    keys: &Keys<'_>,
    kinds: &[PieceKind],
    g: Geometry,
) -> Result<bool, super::error::GameFileError> {
    let mandatory = keys.bool("mandatoryPawnPromotion", true)?;
    let immobility = keys.bool("immobilityIllegal", false)?;
    if immobility {
        let e = keys.get("immobilityIllegal").expect("read above");
        if let Some(k) = kinds.iter().find(|k| can_be_stuck(k, g)) {
            return Err(unsupported(
                e,
                format!(
                    "the immobility rule for a piece that can be stuck (the {}, `{}`); \
                     only pawns on their last rank are",
                    k.name,
                    k.letter.to_ascii_lowercase()
                ),
            ));
        }
    }
    if !mandatory && !immobility {
        let e = keys.get("mandatoryPawnPromotion").expect("read above");
        return Err(unsupported(
            e,
            "pawns that may stay pawns on the last rank (Joust plays optional promotion \
             with `immobilityIllegal = true`)",
        ));
    }
    Ok(!mandatory)
}

/// True if the piece, alone on the board, has no move from some square: for a pawn, some
/// square short of its last rank (the last rank is where it promotes).
fn can_be_stuck(kind: &PieceKind, g: Geometry) -> bool {
    let empty = |_| Occupant::Empty;
    Color::ALL.iter().any(|&color| {
        g.squares().any(|from| {
            let last = match color {
                Color::White => g.rank(from).0 == g.ranks() - 1,
                Color::Black => g.rank(from).0 == 0,
            };
            if kind.pawn && last {
                return false;
            }
            !kind.atoms.iter().any(|a| {
                a.reach(color, g, from, &empty)
                    .iter()
                    .any(|&(_, action)| action == Action::Move)
            })
        })
    })
}

/// `promotionLimit`: `letter:count` pairs, as `q:1 r:2`.
fn limits(
    e: &Entry,
    letter_kind: &dyn Fn(char) -> Option<usize>,
) -> Result<Vec<(KindId, u8)>, super::error::GameFileError> {
    let mut out = Vec::new();
    for token in e.value.split_whitespace() {
        let mut chars = token.chars();
        let (Some(c), Some(':')) = (chars.next(), chars.next()) else {
            return Err(bad(e, format!("expected `letter:count`, not `{token}`")));
        };
        let kind = letter_kind(c).ok_or_else(|| not_a_piece(e, c))?;
        let count: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| bad(e, format!("expected `letter:count`, not `{token}`")))?;
        out.push((KindId(kind as u8), count));
    }
    Ok(out)
}
