//! Shatar's mating rule (Fairy-Stockfish's `shatarMateRule`): a checkmate counts only as
//! the last of an unbroken series of checks by the mating side that includes a *shak*, a
//! check by a piece of the shak kinds (the Knight, Rook and Bers); a mate given by Knights
//! alone loses for the side that gives it; any other mate is a draw.
//!
//! A side's series is every check it has given in its moves in a row, up to the move
//! just played; one of its moves that gives no check ends it. Positions carry each
//! side's [`CheckSeries`], updated by move generation's `make`; the Zobrist key leaves it
//! out (as Fairy-Stockfish's does), and a FEN does not say it, so a position read from a
//! FEN starts both series afresh.

use crate::color::Color;
use crate::piece::KindId;

/// Where a side stands in its series of checks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum CheckSeries {
    /// Its last move gave no check (or it has not moved since the position was set up).
    #[default]
    None,
    /// Its moves in a row have given check, none of them a shak.
    Checks,
    /// Its moves in a row have given check, and at least one was a shak.
    WithShak,
}

/// Which kinds a Shatar mating rule counts, each a bit per [`KindId`].
///
/// ```
/// use joust_core::check_series::{CheckSeries, ShatarMate};
/// use joust_core::{Color, KindId};
///
/// let rule = ShatarMate { shak: 0b0110, knights: 0b0010 };
/// // A check by kind 1 (a Knight) is a shak; by kind 3 it is not.
/// let series = rule.after_move(CheckSeries::None, 1 << 3);
/// assert_eq!(series, CheckSeries::Checks);
/// assert_eq!(rule.after_move(series, 1 << 1), CheckSeries::WithShak);
/// // A mate by kind 3 after a series without a shak is a draw.
/// assert_eq!(rule.mate_winner(series, 1 << 3, Color::White), None);
/// // A mate by Knights alone wins for the mated side.
/// assert_eq!(rule.mate_winner(CheckSeries::WithShak, 1 << 1, Color::White), Some(Color::Black));
/// assert!(rule.is_shak(KindId(2)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShatarMate {
    /// The kinds whose check is a shak.
    pub shak: u32,
    /// The kinds that may not mate alone: a mate by these only loses.
    pub knights: u32,
}

impl ShatarMate {
    /// True if a check by `kind` is a shak.
    pub fn is_shak(&self, kind: KindId) -> bool {
        self.shak & (1 << kind.0) != 0
    }

    /// A side's series after one of its moves, `before` being its series before it, and
    /// `checkers` the kinds (a bit each) of the pieces giving check after it, 0 for none.
    pub fn after_move(&self, before: CheckSeries, checkers: u32) -> CheckSeries {
        if checkers == 0 {
            CheckSeries::None
        } else if checkers & self.shak != 0 || before == CheckSeries::WithShak {
            CheckSeries::WithShak
        } else {
            CheckSeries::Checks
        }
    }

    /// Who wins a checkmate given by `mater`, whose series up to the mating move (that
    /// move included) is `series`, with checking pieces of the kinds `checkers`: the
    /// mated side if Knights alone give it, the mater if its series has a shak, nobody
    /// otherwise.
    pub fn mate_winner(&self, series: CheckSeries, checkers: u32, mater: Color) -> Option<Color> {
        if checkers & !self.knights == 0 {
            Some(!mater)
        } else if series == CheckSeries::WithShak {
            Some(mater)
        } else {
            None
        }
    }
}
