//! Movement atoms: the pieces of every game are described as sets of these.
//!
//! An [`Atom`] is a set of offsets plus a path rule (leap, lame leap, ride, ride through own
//! pieces, hop, bent ride, the Lion's double step) and a [`Mode`] saying whether it moves,
//! captures by displacement, or shoots. [`Atom::reach`] is the plain, obviously-correct
//! reading of an atom on an arbitrary board; move generators precompute fast tables from it
//! and tests compare the two.

use crate::color::Color;
use crate::square::{Geometry, Square};
use bitflags::bitflags;

bitflags! {
    /// What an atom may do on the squares it reaches.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Mode: u8 {
        /// Move to an empty square.
        const MOVE = 1;
        /// Capture an enemy piece by moving onto it.
        const CAPTURE = 2;
        /// Capture an enemy piece by shooting it; the shooter stays where it is.
        const SHOOT = 4;
        /// Only while the piece stands on its starting rank (a pawn's double step).
        const INITIAL = 8;
        /// Moves and captures by displacement.
        const MOVE_CAPTURE = Self::MOVE.bits() | Self::CAPTURE.bits();
    }
}

/// How an atom travels from its origin to a target along one of its offsets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// Straight to the offset; intermediate squares are ignored.
    Leap,
    /// Straight to the offset, but only if the first step towards it is empty (XBetza `n`):
    /// for a knight-shaped offset the orthogonal step along its long leg, otherwise the
    /// first unit step (a pawn's double step, the Mao).
    Lame,
    /// Repeats the offset through empty squares, `min` to `max` steps; stops at the first
    /// occupied square, which it may capture if it holds an enemy.
    Ride {
        /// Nearest reachable step (1 for ordinary riders).
        min: u8,
        /// Farthest step; [`UNLIMITED`] for an unlimited rider.
        max: u8,
    },
    /// Like `Ride`, but passes over the mover's own pieces; stops at the first enemy
    /// (Lancers, docs/rules/lancers.md, "The Lancer"; the Cromwell King's shot,
    /// docs/rules/cromwell.md, "The King: Charles I and Cromwell").
    RideThroughOwn {
        /// Nearest reachable step.
        min: u8,
        /// Farthest step; [`UNLIMITED`] for no limit.
        max: u8,
    },
    /// Rides along the offset over empty squares to the first occupied square (the
    /// *screen*, a piece of either side), jumps over it, and lands on the squares beyond:
    /// each empty one (to move) and the first occupied one (to capture or shoot an enemy),
    /// at most `max` squares past the screen. Without a screen there is no move. `max` 1 is
    /// the grasshopper (XBetza `g`: only the square directly behind the screen),
    /// [`UNLIMITED`] the cannon (XBetza `p`: Xiangqi's cannon captures with `cpR`, Janggi's
    /// moves and captures with `pR`).
    Hop {
        /// Farthest landing square beyond the screen, counted from it: 1 for a grasshopper,
        /// [`UNLIMITED`] for a cannon.
        max: u8,
    },
    /// One step along the offset, then optionally onward as an unlimited rider in each
    /// `outward` direction that leads away from the start (Gryphon, Crocodile;
    /// docs/rules/royal-lion.md, "Gryphon, Crocodile and Dragon").
    Bent {
        /// The riding directions after the first step.
        outward: Outward,
    },
    /// The Royal Lion's double king step (docs/rules/royal-lion.md, "The Royal Lion"): a
    /// capturing first step to an adjacent enemy, then a second king step. Offsets are
    /// unused.
    LionDouble,
}

/// The family of riding directions a bent rider takes after its first step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outward {
    /// Orthogonal directions (the Gryphon: diagonal step, then rook).
    Orthogonal,
    /// Diagonal directions (the Crocodile: orthogonal step, then bishop).
    Diagonal,
}

/// A ride limit meaning "to the edge of the board".
pub const UNLIMITED: u8 = u8::MAX;

/// What stands on a square, seen from the moving piece's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing.
    Empty,
    /// A piece of the mover's side.
    Own,
    /// A piece of the other side.
    Enemy,
}

/// What an atom can do on one square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Move there (the square is empty).
    Move,
    /// Capture the enemy there by moving onto it.
    Capture,
    /// Shoot the enemy there without moving.
    Shoot,
}

/// One movement atom of a piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// How it travels.
    pub path: Path,
    /// The (file, rank) offsets it uses.
    pub offsets: Vec<(i8, i8)>,
    /// What it may do where it arrives.
    pub mode: Mode,
    /// Offsets are from White's point of view and mirrored (rank sign flipped) for Black,
    /// as for pawns' "forward"; otherwise they are absolute compass steps.
    pub relative: bool,
}

/// All distinct reflections and rotations of the offset `(a, b)`: `(2, 1)` gives the eight
/// knight leaps, `(1, 0)` the four orthogonal steps.
pub fn symmetric(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let o = (x * sx, y * sy);
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    out
}

/// The one step a lame leap by `(df, dr)` passes through, which must be empty: for a
/// knight-like leap the orthogonal step towards its longer side (the Xiangqi horse's
/// leg), for a straight or diagonal leap the first step along it (the elephant's eye).
///
/// ```
/// use joust_core::atom::lame_first_step;
/// assert_eq!(lame_first_step(1, 2), (0, 1)); // a knight's leap up: its leg is the step up
/// assert_eq!(lame_first_step(-2, 1), (-1, 0));
/// assert_eq!(lame_first_step(-2, 2), (-1, 1)); // an alfil: the diagonal step
/// ```
pub fn lame_first_step(df: i8, dr: i8) -> (i8, i8) {
    if df.abs() != dr.abs() && df != 0 && dr != 0 {
        if dr.abs() > df.abs() {
            (0, dr.signum())
        } else {
            (df.signum(), 0)
        }
    } else {
        (df.signum(), dr.signum())
    }
}

/// Betza W: the four orthogonal unit steps.
pub fn wazir() -> Vec<(i8, i8)> {
    symmetric(1, 0)
}
/// Betza F: the four diagonal unit steps.
pub fn ferz() -> Vec<(i8, i8)> {
    symmetric(1, 1)
}
/// Betza K: the eight unit steps.
pub fn king_steps() -> Vec<(i8, i8)> {
    [wazir(), ferz()].concat()
}

impl Atom {
    /// A leap to every offset in `offsets`.
    pub fn leap(offsets: Vec<(i8, i8)>, mode: Mode) -> Atom {
        Atom {
            path: Path::Leap,
            offsets,
            mode,
            relative: false,
        }
    }

    /// An unlimited ride along each direction.
    pub fn ride(dirs: Vec<(i8, i8)>, mode: Mode) -> Atom {
        Atom::ride_range(dirs, 1, UNLIMITED, mode)
    }

    /// A ride of `min` to `max` steps along each direction.
    pub fn ride_range(dirs: Vec<(i8, i8)>, min: u8, max: u8, mode: Mode) -> Atom {
        Atom {
            path: Path::Ride { min, max },
            offsets: dirs,
            mode,
            relative: false,
        }
    }

    /// The same atom with offsets relative to the mover (forward = towards the enemy).
    pub fn relative(mut self) -> Atom {
        self.relative = true;
        self
    }

    /// The same atom with a different path rule.
    pub fn with_path(mut self, path: Path) -> Atom {
        self.path = path;
        self
    }

    /// The offsets as they apply to `color`.
    pub fn offsets_for(&self, color: Color) -> impl Iterator<Item = (i8, i8)> + '_ {
        let flip = self.relative && color == Color::Black;
        self.offsets
            .iter()
            .map(move |&(df, dr)| if flip { (df, -dr) } else { (df, dr) })
    }

    /// True if the atom can capture (by displacement or by shooting).
    pub fn attacks(&self) -> bool {
        self.mode.intersects(Mode::CAPTURE | Mode::SHOOT)
    }

    /// Every square this atom reaches from `from` with what it may do there, for a piece of
    /// `color`, given what stands on each square. Ignores check and `Mode::INITIAL`.
    /// This is the reference reading of the atom: simple, slow, used to build tables and
    /// to check them.
    pub fn reach(
        &self,
        color: Color,
        geometry: Geometry,
        from: Square,
        occupant: &dyn Fn(Square) -> Occupant,
    ) -> Vec<(Square, Action)> {
        let mut out = Vec::new();
        let land = |sq: Square, out: &mut Vec<(Square, Action)>| match occupant(sq) {
            Occupant::Empty if self.mode.contains(Mode::MOVE) => out.push((sq, Action::Move)),
            Occupant::Enemy => {
                if self.mode.contains(Mode::CAPTURE) {
                    out.push((sq, Action::Capture));
                }
                if self.mode.contains(Mode::SHOOT) {
                    out.push((sq, Action::Shoot));
                }
            }
            _ => {}
        };
        for (df, dr) in self.offsets_for(color) {
            match self.path {
                Path::Leap => {
                    if let Some(to) = geometry.offset(from, df, dr) {
                        land(to, &mut out);
                    }
                }
                Path::Lame => {
                    let (sf, sr) = lame_first_step(df, dr);
                    let first = geometry.offset(from, sf, sr);
                    let to = geometry.offset(from, df, dr);
                    if let (Some(first), Some(to)) = (first, to) {
                        if occupant(first) == Occupant::Empty {
                            land(to, &mut out);
                        }
                    }
                }
                Path::Ride { min, max } | Path::RideThroughOwn { min, max } => {
                    let through_own = matches!(self.path, Path::RideThroughOwn { .. });
                    let mut sq = from;
                    let mut step = 0u8;
                    while let Some(next) = geometry.offset(sq, df, dr) {
                        sq = next;
                        step += 1;
                        if step > max {
                            break;
                        }
                        let occ = occupant(sq);
                        if step >= min {
                            land(sq, &mut out);
                        }
                        match occ {
                            Occupant::Empty => {}
                            Occupant::Own if through_own => {}
                            _ => break,
                        }
                    }
                }
                Path::Hop { max } => {
                    let mut sq = from;
                    let mut screen = false;
                    let mut beyond = 0u8;
                    while let Some(next) = geometry.offset(sq, df, dr) {
                        sq = next;
                        let occupied = occupant(sq) != Occupant::Empty;
                        if !screen {
                            screen = occupied;
                            continue;
                        }
                        beyond += 1;
                        land(sq, &mut out);
                        if occupied || (max != UNLIMITED && beyond >= max) {
                            break;
                        }
                    }
                }
                Path::Bent { outward } => {
                    let Some(first) = geometry.offset(from, df, dr) else {
                        continue;
                    };
                    land(first, &mut out);
                    if occupant(first) != Occupant::Empty {
                        continue;
                    }
                    let dirs: Vec<(i8, i8)> = match outward {
                        Outward::Orthogonal => wazir(),
                        Outward::Diagonal => ferz(),
                    };
                    for (of, or) in dirs {
                        if of * df + or * dr <= 0 {
                            continue;
                        }
                        let mut sq = first;
                        while let Some(next) = geometry.offset(sq, of, or) {
                            sq = next;
                            land(sq, &mut out);
                            if occupant(sq) != Occupant::Empty {
                                break;
                            }
                        }
                    }
                }
                Path::LionDouble => {}
            }
        }
        if self.path == Path::LionDouble {
            for (af, ar) in king_steps() {
                let Some(mid) = geometry.offset(from, af, ar) else {
                    continue;
                };
                if occupant(mid) != Occupant::Enemy {
                    continue;
                }
                for (bf, br) in king_steps() {
                    let Some(to) = geometry.offset(mid, bf, br) else {
                        continue;
                    };
                    match occupant(to) {
                        _ if to == from => out.push((to, Action::Capture)),
                        Occupant::Empty => out.push((to, Action::Move)),
                        Occupant::Enemy => out.push((to, Action::Capture)),
                        Occupant::Own => {}
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The squares this atom attacks from `from` (docs/rules/README.md, "Pieces and how
    /// they move"): those where it could capture or shoot an enemy piece placed there,
    /// with the rest of the board as given (a square holding one of its own pieces is
    /// attacked, i.e. defended, the same way).
    pub fn attack_squares(
        &self,
        color: Color,
        geometry: Geometry,
        from: Square,
        occupant: &dyn Fn(Square) -> Occupant,
    ) -> Vec<Square> {
        if !self.attacks() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for target in geometry.squares() {
            if target == from {
                continue;
            }
            let with_enemy = |sq: Square| {
                if sq == target {
                    Occupant::Enemy
                } else {
                    occupant(sq)
                }
            };
            let hit = self
                .reach(color, geometry, from, &with_enemy)
                .iter()
                .any(|&(sq, action)| sq == target && action != Action::Move);
            if hit {
                out.push(target);
            }
        }
        out
    }
}
