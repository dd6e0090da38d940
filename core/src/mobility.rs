//! Limits on where pieces may move, as data: mobility regions (a piece of a side may only
//! move to squares of its region: Xiangqi's palace and its own half of the board), the
//! soldier's sideways steps that come only past a rank (Xiangqi's river), and the
//! flying-general rule (the two royal pieces may never face each other on an open file).
//!
//! They are Fairy-Stockfish's `mobilityRegion...`, `soldierPromotionRank` and
//! `flyingGeneral` (docs/game-files.md, "Where pieces may move"). All three limit moves
//! only; what a piece attacks is unchanged (in Xiangqi a palace piece never reaches the
//! enemy general, so the difference never shows).

use crate::color::Color;
use crate::goal::Region;
use crate::piece::KindId;

/// Where pieces may move beyond what their atoms say; nothing limited by default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovementLimits {
    /// Per side and kind, the squares its moves may end on; a kind not listed is free.
    pub regions: Vec<MobilityRegion>,
    /// The soldier whose sideways steps count only from a rank on, if the game has one.
    pub soldier: Option<SoldierRule>,
    /// The flying-general rule: a move after which the two royal pieces stand on one file
    /// with no piece between them is illegal (Xiangqi's generals may not face each other).
    pub flying_general: bool,
}

/// One side's piece kind confined to a region (Fairy-Stockfish's
/// `mobilityRegionWhiteKing = d1 e1 f1 ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MobilityRegion {
    /// The side whose pieces are confined.
    pub color: Color,
    /// The confined kind.
    pub kind: KindId,
    /// Where its moves may end.
    pub squares: Region,
}

/// A kind whose moves along its rank (sideways) are allowed only from a rank on, counted
/// from its owner's side (Fairy-Stockfish's `soldierPromotionRank`: Xiangqi's soldier steps
/// sideways only once it has crossed the river).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SoldierRule {
    /// The soldier kind.
    pub kind: KindId,
    /// The first rank (0-based, from the owner's side) where sideways steps are allowed.
    pub rank: u8,
}

impl MovementLimits {
    /// True if any limit is set: move generation then bounds each piece's targets by them.
    pub fn any(&self) -> bool {
        !self.regions.is_empty() || self.soldier.is_some() || self.flying_general
    }

    /// The region `color`'s pieces of `kind` are confined to, if any.
    pub fn region(&self, color: Color, kind: KindId) -> Option<Region> {
        self.regions
            .iter()
            .find(|r| r.color == color && r.kind == kind)
            .map(|r| r.squares)
    }
}
