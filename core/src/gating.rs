//! Musketeer gating (docs/rules/musketeer.md): the two selected types and where each
//! side's reserve pieces wait behind the back rank.

use crate::color::Color;
use crate::piece::KindId;

/// Where one side's reserve piece of one selected type is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Slot {
    /// Not placed yet (setup phase), `?` in FEN.
    #[default]
    Unplaced,
    /// Waiting in the reserve cell behind this file (0 = a).
    File(u8),
    /// Gated in, or forfeited: `-` in FEN.
    Gone,
}

impl Slot {
    /// A small number for hashing: 0 unplaced, 1 gone, 2 + file.
    pub fn code(self) -> usize {
        match self {
            Slot::Unplaced => 0,
            Slot::Gone => 1,
            Slot::File(f) => 2 + f as usize,
        }
    }
}

/// The gating field of a Musketeer position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Gating {
    /// The selected types, in selection order (`None` = not selected yet).
    pub types: [Option<KindId>; 2],
    /// `slots[color][i]`: the reserve piece of `color` of type `types[i]`.
    pub slots: [[Slot; 2]; 2],
}

/// What the setup phase expects next (docs/rules/musketeer.md, "The setup").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupStep {
    /// White selects the first type.
    WhiteSelects,
    /// Black selects the second type or rejects White's.
    BlackSelects,
    /// `color` places its reserve piece of type slot `slot`.
    Place {
        /// Who places.
        color: Color,
        /// Which selected type (0 or 1).
        slot: usize,
    },
}

/// The order of placements: White's first type, Black's first, White's second, Black's.
pub const PLACEMENT_ORDER: [(Color, usize); 4] = [
    (Color::White, 0),
    (Color::Black, 0),
    (Color::White, 1),
    (Color::Black, 1),
];

impl Gating {
    /// The next setup step, or `None` once setup is complete.
    pub fn setup_step(&self) -> Option<SetupStep> {
        if self.types[0].is_none() {
            return Some(SetupStep::WhiteSelects);
        }
        if self.types[1].is_none() {
            return Some(SetupStep::BlackSelects);
        }
        PLACEMENT_ORDER
            .iter()
            .find(|&&(c, i)| self.slots[c.index()][i] == Slot::Unplaced)
            .map(|&(color, slot)| SetupStep::Place { color, slot })
    }

    /// The selected type waiting behind `file` for `color`, with its slot index.
    #[inline]
    pub fn reserve_on(&self, color: Color, file: u8) -> Option<(usize, KindId)> {
        let slots = &self.slots[color.index()];
        (0..2).find_map(|i| match (slots[i], self.types[i]) {
            (Slot::File(f), Some(k)) if f == file => Some((i, k)),
            _ => None,
        })
    }

    /// True if `color` still has a reserve piece waiting (placed, not gone).
    pub fn has_reserve(&self, color: Color) -> bool {
        self.slots[color.index()]
            .iter()
            .any(|s| matches!(s, Slot::File(_)))
    }

    /// Number of reserve pieces still waiting, both sides.
    pub fn reserve_count(&self) -> usize {
        self.slots
            .iter()
            .flatten()
            .filter(|s| matches!(s, Slot::File(_)))
            .count()
    }

    /// The selected types that exist so far.
    pub fn selected(&self) -> impl Iterator<Item = KindId> + '_ {
        self.types.iter().flatten().copied()
    }
}
