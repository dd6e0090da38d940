//! Direction modifiers (`f b l r v s h` and their pairs): which of an atom's offsets they
//! select, and whether the result turns with the side to move.
//!
//! The rules are stated in the module documentation of [`super`]; the functions here
//! carry them out with one predicate per letter: `single` (the moves a letter alone
//! selects), `on_side` (the half plane a letter names, for pairs and `h`) and
//! `chiral_right` (for `hr` and `hl`).

use super::error::{BetzaError, BetzaErrorKind};
use super::scan::Spot;

/// The shape of an atom's offsets, which decides what direction letters mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// (a, 0): W, D, H.
    Orthogonal,
    /// (a, a): F, A, G.
    Diagonal,
    /// (a, b) with a > b > 0: N, C, Z.
    Oblique,
}

impl Shape {
    /// The shape of the leap `(a, b)`, `a >= b >= 0`, `a > 0`.
    pub(super) fn of(a: i8, b: i8) -> Shape {
        if b == 0 {
            Shape::Orthogonal
        } else if a == b {
            Shape::Diagonal
        } else {
            Shape::Oblique
        }
    }
}

/// One direction token: a letter, or two adjacent letters read together.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Token {
    first: char,
    second: Option<char>,
    column: usize,
}

impl Token {
    fn written(&self) -> String {
        self.second
            .map_or(self.first.to_string(), |s| format!("{}{}", self.first, s))
    }
}

/// True for the direction letters.
pub(super) fn is_direction(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h')
}

fn vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v' | 'h')
}

fn horizontal(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's' | 'h')
}

/// The direction tokens among a group's modifiers: adjacent direction letters pair when
/// the second repeats the first or lies on the other axis.
pub(super) fn tokens(mods: &[Spot]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < mods.len() {
        let a = mods[i];
        i += 1;
        if !is_direction(a.ch) {
            continue;
        }
        let pairs_with = |b: Spot| {
            b.column == a.column + 1
                && is_direction(b.ch)
                && (b.ch == a.ch
                    || (vertical(a.ch) && horizontal(b.ch))
                    || (horizontal(a.ch) && vertical(b.ch)))
        };
        let second = mods.get(i).copied().filter(|&b| pairs_with(b));
        if second.is_some() {
            i += 1;
        }
        out.push(Token {
            first: a.ch,
            second: second.map(|b| b.ch),
            column: a.column,
        });
    }
    out
}

/// True if `(df, dr)` lies on the side the letter names (a half plane, borders excluded).
fn on_side(letter: char, (df, dr): (i8, i8)) -> bool {
    match letter {
        'f' => dr > 0,
        'b' => dr < 0,
        'r' => df > 0,
        'l' => df < 0,
        _ => false,
    }
}

/// True if `(df, dr)` is among the moves a single letter selects: the ones pointing most
/// nearly that way (for an oblique atom the narrow pair, for a diagonal the two
/// diagonals, for an orthogonal the one step).
fn single(letter: char, (df, dr): (i8, i8)) -> bool {
    match letter {
        'f' => dr > 0 && dr >= df.abs(),
        'b' => dr < 0 && -dr >= df.abs(),
        'r' => df > 0 && df >= dr.abs(),
        'l' => df < 0 && -df >= dr.abs(),
        'v' => single('f', (df, dr)) || single('b', (df, dr)),
        's' => single('l', (df, dr)) || single('r', (df, dr)),
        _ => false,
    }
}

/// The half of an oblique atom's eight moves `hr` names: (1,2), (2,-1), (-1,-2), (-2,1)
/// for the knight, each a quarter turn clockwise of the one before.
fn chiral_right((df, dr): (i8, i8)) -> bool {
    (dr.abs() > df.abs()) == (df * dr > 0)
}

/// Does `token` select `offset` on an atom of `shape`? `Err(())` if the token is refused
/// on that shape.
fn selects(token: &Token, shape: Shape, offset: (i8, i8)) -> Result<bool, ()> {
    let (a, b) = (token.first, token.second);
    let plain = |c: char| matches!(c, 'f' | 'b' | 'l' | 'r');
    match shape {
        Shape::Orthogonal => {
            if a == 'h' || b == Some('h') {
                return Err(());
            }
            Ok(single(a, offset) || b.is_some_and(|b| single(b, offset)))
        }
        Shape::Diagonal => match b {
            None => {
                if plain(a) {
                    Ok(single(a, offset))
                } else {
                    Err(())
                }
            }
            Some(b) if b == a && plain(a) => Ok(single(a, offset)),
            Some(b) if plain(a) && plain(b) && vertical(a) != vertical(b) => {
                Ok(single(a, offset) && single(b, offset))
            }
            Some(_) => Err(()),
        },
        Shape::Oblique => match b {
            None if a == 'h' => Err(()),
            None => Ok(single(a, offset)),
            Some(b) if b == a && plain(a) => Ok(single(a, offset)),
            Some('h') if plain(a) => Ok(on_side(a, offset)),
            Some('r') if a == 'h' => Ok(chiral_right(offset)),
            Some('l') if a == 'h' => Ok(!chiral_right(offset)),
            Some(b) if plain(a) && b != 'h' && vertical(a) != vertical(b) => {
                Ok(single(b, offset) && on_side(a, offset))
            }
            Some(_) => Err(()),
        },
    }
}

/// The offsets of `all` (every move of an atom of `shape`) that `tokens` select, in the
/// order of `all`; all of them when there are no tokens.
pub(super) fn select(
    tokens: &[Token],
    shape: Shape,
    atom: char,
    all: &[(i8, i8)],
) -> Result<Vec<(i8, i8)>, BetzaError> {
    if tokens.is_empty() {
        return Ok(all.to_vec());
    }
    let refuse = |t: &Token| BetzaError {
        kind: BetzaErrorKind::Direction {
            written: t.written(),
            atom,
        },
        column: t.column,
    };
    let chiral = |t: &Token| t.first == 'h' && matches!(t.second, Some('l' | 'r'));
    if tokens.len() > 1 {
        if let Some(t) = tokens.iter().find(|t| chiral(t)) {
            return Err(refuse(t));
        }
    }
    let mut out = Vec::new();
    for &offset in all {
        let mut chosen = false;
        for t in tokens {
            chosen |= selects(t, shape, offset).map_err(|()| refuse(t))?;
        }
        if chosen {
            out.push(offset);
        }
    }
    Ok(out)
}

/// Whether atoms with White's offsets `offsets` must be `relative` (mirrored in rank for
/// Black). Betza's directions are the mover's own, so Black's moves are White's turned
/// half round: a set that is the same after a half turn needs nothing, a left-right
/// symmetric one is turned by mirroring its ranks, and any other cannot be expressed
/// (`None`).
pub(super) fn relative(offsets: &[(i8, i8)]) -> Option<bool> {
    let has = |o: (i8, i8)| offsets.contains(&o);
    if offsets.iter().all(|&(df, dr)| has((-df, -dr))) {
        Some(false)
    } else if offsets.iter().all(|&(df, dr)| has((-df, dr))) {
        Some(true)
    } else {
        None
    }
}
