//! One piece kind's movement once compiled: its [`Shape`] (which says which generator
//! handles it), its leap tables both ways, for compiled kinds their [`Program`] and for the
//! rest their atoms ([`General`]); and the per-side kind sets ([`KindMasks`]) that let the
//! generators and attack detection visit only the kinds that matter.

use super::bent::{CROCODILE, GRYPHON};
use super::board::bb_of;
use super::general::General;
use super::program::{compile, Program};
use joust_core::atom::{ferz, king_steps, wazir, Atom, Mode, Occupant, Outward, Path, UNLIMITED};
use joust_core::{Bits, Color, Direction, Geometry, PieceKind, Square};

/// How a piece kind moves, once its atoms are compiled: the shape decides which generator
/// and which attack test serve it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Leaps (a relative leap, such as the Khon's forward step, read per colour) plus
    /// orthogonal and/or diagonal rides with a range, moving and capturing
    /// alike (the FIDE pieces and their kin): the pin-based generator handles a game made
    /// of these and FIDE pawns.
    LeapsAndRides {
        /// Farthest orthogonal ride (0 = none, [`UNLIMITED`] = to the edge).
        orth: u8,
        /// Farthest diagonal ride.
        diag: u8,
    },
    /// The FIDE pawn: forward step, double step by the game's rule, diagonal captures.
    Pawn,
    /// Leaps and rides as [`Shape::LeapsAndRides`], plus bent rides ([`GRYPHON`],
    /// [`CROCODILE`]), the Royal Lion's double step and pass, and/or Lancer rays through
    /// own pieces: the tested generator (pseudo-legal moves, then tested) handles them.
    BentLionLance {
        /// Farthest orthogonal ride.
        orth: u8,
        /// Farthest diagonal ride.
        diag: u8,
        /// Bent rides: [`GRYPHON`] and/or [`CROCODILE`] bits.
        bent: u8,
        /// Has the Lion's capturing double step and pass.
        lion: bool,
        /// Rides through its own pieces to the first enemy, in each direction whose bit
        /// (index in `Direction::ALL`) is set: the Lancer's facing.
        lance: u8,
    },
    /// Any mix of leaps, lame leaps and rides along unit steps that move, capture or shoot
    /// (Cromwell), compiled into a [`Program`] ([`KindTable::program`]) and evaluated from
    /// it by the tested generator.
    Compiled,
    /// Anything else: rides along other offsets (the nightrider), `Mode::INITIAL` atoms
    /// beyond the FIDE pawn's, bent or Lion atoms mixed with other modes, and paths no
    /// table knows (hoppers). The general generator reads these atoms one by one with
    /// `Atom::reach` ([`General`]): every move, capture and shot the atoms give, and every
    /// square `Atom::attack_squares` gives attacked, for checks, pins and attack queries
    /// alike. Exact and slow; a game with such a kind uses the tested generator. An atom
    /// whose move is more than its destination is read as `reach` gives it: the Lion's
    /// double step, in a kind of this shape, is a move to where it ends.
    General,
}

impl Shape {
    /// Orthogonal and diagonal ride ranges (0 = none).
    pub fn ranges(&self) -> (u8, u8) {
        match *self {
            Shape::LeapsAndRides { orth, diag } | Shape::BentLionLance { orth, diag, .. } => {
                (orth, diag)
            }
            _ => (0, 0),
        }
    }

    /// The bent-ride bits.
    pub fn bent(&self) -> u8 {
        match *self {
            Shape::BentLionLance { bent, .. } => bent,
            _ => 0,
        }
    }

    /// The directions ridden through own pieces (bit per `Direction::ALL` index).
    pub fn lance(&self) -> u8 {
        match *self {
            Shape::BentLionLance { lance, .. } => lance,
            _ => 0,
        }
    }
}

fn is_set(offsets: &[(i8, i8)], set: &[(i8, i8)]) -> bool {
    offsets.len() == set.len() && set.iter().all(|o| offsets.contains(o))
}

/// Reads a kind's atoms as one of the fixed shapes, or [`Shape::General`] for the rest
/// (which [`KindTable::new`] then compiles into a [`Program`] where it can, making it
/// [`Shape::Compiled`]). Only a `facing` kind (one facing of a `facingPiece`) takes the
/// Lancer's shape, whose moves end with a turn; the same rides on any other piece are
/// plain movement, read by the general means.
pub fn shape_of(atoms: &[Atom], pawn: bool, facing: bool) -> Shape {
    if pawn {
        return if atoms == joust_core::pieces::pawn().atoms.as_slice() {
            Shape::Pawn
        } else {
            Shape::General
        };
    }
    let (mut orth, mut diag, mut bent, mut lion, mut lance) = (0u8, 0u8, 0u8, false, 0u8);
    for atom in atoms {
        // A relative leap (the Khon's forward step) needs no more than a leap table per
        // colour, which every kind has; relative rides need the general means.
        if atom.mode != Mode::MOVE_CAPTURE || (atom.relative && atom.path != Path::Leap) {
            return Shape::General;
        }
        match atom.path {
            Path::Leap => {}
            Path::Ride { min: 1, max } => {
                if is_set(&atom.offsets, &wazir()) {
                    orth = orth.max(max);
                } else if is_set(&atom.offsets, &ferz()) {
                    diag = diag.max(max);
                } else if is_set(&atom.offsets, &king_steps()) {
                    orth = orth.max(max);
                    diag = diag.max(max);
                } else {
                    return Shape::General;
                }
            }
            Path::Bent {
                outward: Outward::Orthogonal,
            } if is_set(&atom.offsets, &ferz()) => bent |= GRYPHON,
            Path::Bent {
                outward: Outward::Diagonal,
            } if is_set(&atom.offsets, &wazir()) => bent |= CROCODILE,
            Path::LionDouble => lion = true,
            Path::RideThroughOwn {
                min: 1,
                max: UNLIMITED,
            } if facing && atom.offsets.len() == 1 => {
                let (df, dr) = atom.offsets[0];
                match Direction::from_delta(df, dr) {
                    Some(d) => lance |= 1 << d as u8,
                    None => return Shape::General,
                }
            }
            _ => return Shape::General,
        }
    }
    if bent == 0 && !lion && lance == 0 {
        Shape::LeapsAndRides { orth, diag }
    } else {
        Shape::BentLionLance {
            orth,
            diag,
            bent,
            lion,
            lance,
        }
    }
}

/// The compiled movement of one piece kind.
#[derive(Clone, Debug)]
pub struct KindTable<B> {
    /// How it moves.
    pub(crate) shape: Shape,
    /// `leap[color][square]`: squares its leaps attack (for pawns, their captures).
    pub(crate) leap: [Vec<B>; 2],
    /// `reverse_leap[color][square]`: squares from which its leaps attack `square`.
    pub(crate) reverse_leap: [Vec<B>; 2],
    /// True if it is royal.
    pub(crate) royal: bool,
    /// True if it follows pawn rules.
    pub(crate) pawn: bool,
    /// The compiled atoms of a [`Shape::Compiled`] kind.
    pub(crate) program: Option<Program<B>>,
    /// The atoms of a [`Shape::General`] kind, read one by one.
    pub(crate) general: Option<General>,
}

impl<B: Bits> KindTable<B> {
    /// Compiles `kind` for a board of geometry `g`.
    pub fn new(kind: &PieceKind, g: Geometry) -> KindTable<B> {
        let n = g.len();
        let mut shape = shape_of(&kind.atoms, kind.pawn, kind.facing.is_some());
        let mut program = None;
        let mut general = None;
        if shape == Shape::General {
            program = compile::<B>(&kind.atoms, g);
            if program.is_some() {
                shape = Shape::Compiled;
            } else {
                general = Some(General::new(&kind.atoms, g));
            }
        }
        let empty = |_: Square| Occupant::Empty;
        let mut leap: [Vec<B>; 2] = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        let mut reverse_leap: [Vec<B>; 2] = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        for color in Color::ALL {
            for sq in g.squares() {
                let mut att = B::EMPTY;
                // Leaps that attack from every square (not only from the initial region).
                for atom in &kind.atoms {
                    if atom.path == Path::Leap
                        && atom.attacks()
                        && !atom.mode.contains(Mode::INITIAL)
                    {
                        att |= bb_of(atom.attack_squares(color, g, sq, &empty));
                    }
                }
                leap[color.index()][sq.index()] = att;
                for t in att.squares() {
                    reverse_leap[color.index()][t.index()] |= B::from_square(sq);
                }
            }
        }
        KindTable {
            program,
            general,
            shape,
            leap,
            reverse_leap,
            royal: kind.royal,
            pawn: kind.pawn,
        }
    }

    /// True if it is royal (losing it loses the game).
    #[inline(always)]
    pub fn is_royal(&self) -> bool {
        self.royal
    }

    /// True if it follows the game's pawn rules.
    #[inline(always)]
    pub fn is_pawn(&self) -> bool {
        self.pawn
    }

    /// How it moves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Its [`Program`], for a [`Shape::Compiled`] kind.
    pub fn program(&self) -> Option<&Program<B>> {
        self.program.as_ref()
    }

    /// The squares its leaps from `sq` attack for `color` (for pawns, their captures).
    #[inline(always)]
    pub fn leaps(&self, color: Color, sq: Square) -> B {
        self.leap[color.index()][sq.index()]
    }
}

/// Kind sets of one side, as bit sets over kind ids.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KindMasks {
    /// Kinds with leaps (their leap tables are non-empty).
    pub(crate) leapers: u16,
    /// Kinds that ride orthogonally.
    pub(crate) orth: u16,
    /// Kinds that ride diagonally.
    pub(crate) diag: u16,
    /// Non-royal kinds of [`Shape::LeapsAndRides`].
    pub(crate) leaps_and_rides: u16,
    /// Kinds with bent rides.
    pub(crate) bent: u16,
    /// Kinds that ride through their own pieces (Lancers).
    pub(crate) lance: u16,
    /// Kinds of [`Shape::Compiled`] (all of Cromwell's), royal included.
    pub(crate) compiled: u16,
    /// Kinds of [`Shape::General`], royal included.
    pub(crate) general: u16,
    /// Non-royal kinds of [`Shape::BentLionLance`].
    pub(crate) bent_lion_lance: u16,
}
