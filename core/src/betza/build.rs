//! Turning one scanned group (modifiers and an atom) into one [`Atom`]: its offsets,
//! path, mode and orientation, refusing what Joust's atoms cannot say.

use super::directions::{self, Shape};
use super::error::{BetzaError, BetzaErrorKind};
use super::scan::{Body, Group, Range, Spot};
use crate::atom::{symmetric, Atom, Mode, Outward, Path, UNLIMITED};

fn error(kind: BetzaErrorKind, column: usize) -> BetzaError {
    BetzaError { kind, column }
}

/// What an atom letter stands for.
struct Letter {
    /// The leaps `(a, b)`, `a >= b`, it is made of (two for K and Q).
    legs: &'static [(i8, i8)],
    /// True if it rides by itself (R, B, Q).
    rides: bool,
}

fn letter(spot: Spot) -> Result<Letter, BetzaError> {
    let (legs, rides): (&'static [(i8, i8)], bool) = match spot.ch {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' => (&[(3, 1)], false),
        'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        'J' | 'L' => return Err(error(BetzaErrorKind::AmbiguousAtom(spot.ch), spot.column)),
        'O' | 'U' => return Err(error(BetzaErrorKind::UnsupportedAtom(spot.ch), spot.column)),
        c => return Err(error(BetzaErrorKind::UnknownAtom(c), spot.column)),
    };
    Ok(Letter { legs, rides })
}

/// The modifiers of a group, sorted by meaning (each with the column it was written at).
#[derive(Default)]
struct Modifiers {
    moves: bool,
    captures: bool,
    en_passant: Option<usize>,
    shoots: bool,
    initial: bool,
    lame: Option<usize>,
    hop: Option<Spot>,
    through_own: Option<usize>,
    compass: bool,
    again: Option<usize>,
    directions: Vec<Spot>,
}

impl Modifiers {
    fn read(mods: &[Spot]) -> Result<Modifiers, BetzaError> {
        let mut m = Modifiers::default();
        for &spot in mods {
            let column = spot.column;
            match spot.ch {
                c if directions::is_direction(c) => m.directions.push(spot),
                'm' => m.moves = true,
                'c' => m.captures = true,
                'e' => m.en_passant = Some(column),
                '!' => m.shoots = true,
                'i' if m.initial => return Err(error(BetzaErrorKind::RepeatedInitial, column)),
                'i' => m.initial = true,
                'n' => m.lame = Some(column),
                'p' | 'g' => match m.hop {
                    Some(other) if other.ch != spot.ch => {
                        return Err(error(BetzaErrorKind::Conflict(other.ch, spot.ch), column))
                    }
                    _ => m.hop = Some(spot),
                },
                '~' => m.through_own = Some(column),
                '@' => m.compass = true,
                'a' => m.again = Some(column),
                c => return Err(error(BetzaErrorKind::UnsupportedModifier(c), column)),
            }
        }
        // Lame, hopping and riding through own pieces are paths of their own: at most one.
        let mut paths: Vec<(char, usize)> = [
            m.lame.map(|c| ('n', c)),
            m.hop.map(|s| (s.ch, s.column)),
            m.through_own.map(|c| ('~', c)),
        ]
        .into_iter()
        .flatten()
        .collect();
        paths.sort_by_key(|&(_, column)| column);
        if let [(a, _), (b, column), ..] = paths[..] {
            return Err(error(BetzaErrorKind::Conflict(a, b), column));
        }
        Ok(m)
    }

    /// The mode: `m`, `c` and `!` add up; none of them means move and capture.
    fn mode(&self) -> Result<Mode, BetzaError> {
        if let (Some(column), false) = (self.en_passant, self.captures) {
            return Err(error(BetzaErrorKind::EnPassantAlone, column));
        }
        let mut mode = Mode::empty();
        mode.set(Mode::MOVE, self.moves);
        mode.set(Mode::CAPTURE, self.captures);
        mode.set(Mode::SHOOT, self.shoots);
        if mode.is_empty() {
            mode = Mode::MOVE_CAPTURE;
        }
        mode.set(Mode::INITIAL, self.initial);
        Ok(mode)
    }
}

/// The offsets of the leaps `legs` that the group's directions select, and whether they
/// are relative to the mover.
fn offsets(
    m: &Modifiers,
    atom: Spot,
    legs: &[(i8, i8)],
) -> Result<(Vec<(i8, i8)>, bool), BetzaError> {
    let tokens = directions::tokens(&m.directions);
    if legs.len() > 1 {
        if let Some(first) = m.directions.first() {
            return Err(error(
                BetzaErrorKind::DirectionOnCompound(atom.ch),
                first.column,
            ));
        }
    }
    let mut out = Vec::new();
    for &(a, b) in legs {
        let all = symmetric(a, b);
        out.extend(directions::select(&tokens, Shape::of(a, b), atom.ch, &all)?);
    }
    let relative = if m.compass {
        false
    } else {
        let column = m.directions.first().map_or(atom.column, |s| s.column);
        directions::relative(&out).ok_or(error(BetzaErrorKind::Chiral, column))?
    };
    Ok((out, relative))
}

/// The atom one group describes.
pub(super) fn atom(group: &Group) -> Result<Atom, BetzaError> {
    let m = Modifiers::read(&group.mods)?;
    match &group.body {
        Body::Bent { t, first, then } => bent(&m, *t, *first, *then),
        Body::Atom {
            letter: spot,
            doubled,
            range,
        } => {
            if let Some(column) = m.again {
                return lion(group, column);
            }
            plain(&m, *spot, *doubled, *range)
        }
    }
}

/// `caK`, XBetza's hit-and-run king step (the Chu Shogi Lion's): capture on a king step,
/// then another king step. That is exactly [`Path::LionDouble`]; any other use of `a`
/// (multi-leg moves) is refused.
fn lion(group: &Group, again: usize) -> Result<Atom, BetzaError> {
    let written: String = group.mods.iter().map(|s| s.ch).collect();
    let is_lion = matches!(
        group.body,
        Body::Atom {
            letter: Spot { ch: 'K', .. },
            doubled: None,
            range: None,
        }
    ) && written == "ca";
    if !is_lion {
        return Err(error(BetzaErrorKind::UnsupportedModifier('a'), again));
    }
    Ok(Atom {
        path: Path::LionDouble,
        offsets: Vec::new(),
        mode: Mode::MOVE_CAPTURE,
        relative: false,
    })
}

/// `t[FR]` (Gryphon) and `t[WB]` (Crocodile): a first step, then onward as a rider.
fn bent(m: &Modifiers, t: Spot, first: char, then: char) -> Result<Atom, BetzaError> {
    let outward = match (first, then) {
        ('F', 'R') => Outward::Orthogonal,
        ('W', 'B') => Outward::Diagonal,
        _ => return Err(error(BetzaErrorKind::BadBent, t.column)),
    };
    let path_modifier = [
        m.hop.map(|s| (s.ch, s.column)),
        m.lame.map(|c| ('n', c)),
        m.through_own.map(|c| ('~', c)),
    ];
    if let Some((c, column)) = path_modifier.into_iter().flatten().next() {
        return Err(error(BetzaErrorKind::Conflict('t', c), column));
    }
    if let Some(column) = m.again {
        return Err(error(BetzaErrorKind::UnsupportedModifier('a'), column));
    }
    let spot = Spot {
        ch: first,
        column: t.column + 2,
    };
    let leg = if first == 'F' { (1, 1) } else { (1, 0) };
    let (offsets, relative) = offsets(m, spot, &[leg])?;
    Ok(Atom {
        path: Path::Bent { outward },
        offsets,
        mode: m.mode()?,
        relative,
    })
}

/// An atom letter with its modifiers, doubling and range.
fn plain(
    m: &Modifiers,
    spot: Spot,
    doubled: Option<usize>,
    range: Option<Range>,
) -> Result<Atom, BetzaError> {
    let Letter { legs, rides } = letter(spot)?;
    if let Some(column) = doubled {
        if rides {
            return Err(error(BetzaErrorKind::AlreadyRider(spot.ch), column));
        }
        if let Some(r) = range {
            return Err(error(BetzaErrorKind::AlreadyRider(spot.ch), r.column));
        }
    }
    let rider = rides || doubled.is_some() || range.is_some();
    let (min, max) = range.map_or((1, UNLIMITED), |r| (r.min, r.max));
    let path = if let Some(hop) = m.hop {
        if !rider {
            return Err(error(BetzaErrorKind::HopNeedsRider(hop.ch), hop.column));
        }
        if let Some(r) = range {
            return Err(error(BetzaErrorKind::RangedHopper, r.column));
        }
        Path::Hop {
            max: if hop.ch == 'g' { 1 } else { UNLIMITED },
        }
    } else if let Some(column) = m.lame {
        if rider {
            return Err(error(BetzaErrorKind::LameRider, column));
        }
        if !matches!(spot.ch, 'N' | 'A' | 'D') {
            return Err(error(BetzaErrorKind::LameAtom(spot.ch), column));
        }
        Path::Lame
    } else if let Some(column) = m.through_own {
        if !rider {
            return Err(error(BetzaErrorKind::ThroughOwnNeedsRider, column));
        }
        Path::RideThroughOwn { min, max }
    } else if rider && (min, max) != (1, 1) {
        Path::Ride { min, max }
    } else {
        Path::Leap
    };
    let (offsets, relative) = offsets(m, spot, legs)?;
    Ok(Atom {
        path,
        offsets,
        mode: m.mode()?,
        relative,
    })
}
