//! Kinds of [`Shape::General`](super::Shape::General): atoms that no table compiles (rides
//! along offsets that are not unit steps, such as the nightrider's; `Mode::INITIAL` atoms
//! beyond the FIDE pawn's; bent or Lion atoms mixed with shots; and any path
//! `joust_core::atom::Path` gains later, such as hoppers), read one atom at a time with
//! [`Atom::reach`] against the occupancy. It knows no path: whatever `reach` says an atom
//! does, the piece does, and attacks are `reach` asked with an enemy placed on the target,
//! as [`Atom::attack_squares`] defines them. Exact by construction and slow: the fast
//! shapes serve every kind they can.

use super::program::Sets;
use joust_core::atom::{Action, Atom, Mode, Occupant};
use joust_core::{Bits, Color, Geometry, Square};

/// The movement of one kind of [`Shape::General`](super::Shape::General): its atoms, read
/// one by one on a board of its geometry.
///
/// Every query takes `initial`: whether the piece stands where its `Mode::INITIAL` atoms
/// apply ([`Tables::initial_region`](super::Tables::initial_region)); elsewhere those
/// atoms do nothing, neither move nor attack.
#[derive(Clone, Debug)]
pub struct General {
    /// The kind's atoms.
    atoms: Vec<Atom>,
    /// The board they are read on.
    geometry: Geometry,
}

/// What stands on `sq` for the side whose pieces are `own`, the occupied squares being
/// `occ`.
#[inline]
fn occupant<B: Bits>(occ: B, own: B, sq: Square) -> Occupant {
    if !occ.has(sq) {
        Occupant::Empty
    } else if own.has(sq) {
        Occupant::Own
    } else {
        Occupant::Enemy
    }
}

impl General {
    /// The atoms of a kind, for a board of geometry `geometry`.
    pub fn new(atoms: &[Atom], geometry: Geometry) -> General {
        General {
            atoms: atoms.to_vec(),
            geometry,
        }
    }

    /// True if some atom applies only from the initial region (`Mode::INITIAL`).
    pub fn has_initial(&self) -> bool {
        self.atoms.iter().any(|a| a.mode.contains(Mode::INITIAL))
    }

    /// The atoms in force: the `Mode::INITIAL` ones only if `initial`.
    fn in_force(&self, initial: bool) -> impl Iterator<Item = &Atom> {
        self.atoms
            .iter()
            .filter(move |a| initial || !a.mode.contains(Mode::INITIAL))
    }

    /// What a piece of this kind and `color` on `from` can do, the occupied squares being
    /// `occ` and its side's `own`: the empty squares it moves to, the enemies it captures
    /// by moving onto them, the enemies it shoots.
    pub fn sets<B: Bits>(
        &self,
        color: Color,
        from: Square,
        occ: B,
        own: B,
        initial: bool,
    ) -> Sets<B> {
        self.collect(self.in_force(initial), color, from, occ, own)
    }

    /// [`General::sets`] of the `Mode::INITIAL` atoms alone (for a piece that stands in
    /// its initial region).
    pub fn initial_sets<B: Bits>(&self, color: Color, from: Square, occ: B, own: B) -> Sets<B> {
        let initial = self.atoms.iter().filter(|a| a.mode.contains(Mode::INITIAL));
        self.collect(initial, color, from, occ, own)
    }

    /// The sets of `atoms`, each read with [`Atom::reach`].
    fn collect<'a, B: Bits>(
        &self,
        atoms: impl Iterator<Item = &'a Atom>,
        color: Color,
        from: Square,
        occ: B,
        own: B,
    ) -> Sets<B> {
        let what = |sq: Square| occupant(occ, own, sq);
        let mut sets = Sets::default();
        for atom in atoms {
            for (sq, action) in atom.reach(color, self.geometry, from, &what) {
                let bit = B::from_square(sq);
                match action {
                    Action::Move => sets.moves |= bit,
                    Action::Capture => sets.captures |= bit,
                    Action::Shoot => sets.shots |= bit,
                }
            }
        }
        sets
    }

    /// True if a piece of this kind and `color` on `from` attacks `target`: would capture
    /// or shoot an enemy piece placed there, the rest of the board as given (`occ`, and its
    /// side's pieces `own`).
    pub fn hits<B: Bits>(
        &self,
        color: Color,
        from: Square,
        target: Square,
        occ: B,
        own: B,
        initial: bool,
    ) -> bool {
        if from == target {
            return false;
        }
        let with_enemy = |sq: Square| {
            if sq == target {
                Occupant::Enemy
            } else {
                occupant(occ, own, sq)
            }
        };
        self.in_force(initial).filter(|a| a.attacks()).any(|atom| {
            atom.reach(color, self.geometry, from, &with_enemy)
                .iter()
                .any(|&(sq, action)| sq == target && action != Action::Move)
        })
    }

    /// Every square a piece of this kind and `color` on `from` attacks ([`General::hits`]),
    /// its own pieces' squares included (defended).
    pub fn attacks<B: Bits>(&self, color: Color, from: Square, occ: B, own: B, initial: bool) -> B {
        let what = |sq: Square| occupant(occ, own, sq);
        let mut a = B::EMPTY;
        for atom in self.in_force(initial).filter(|a| a.attacks()) {
            for sq in atom.attack_squares(color, self.geometry, from, &what) {
                a |= B::from_square(sq);
            }
        }
        a
    }
}
