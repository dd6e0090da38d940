//! The ways a game ends beyond chess's checkmate, stalemate and draws, as data: losing (or
//! winning) by running out of pieces (extinction), compulsory capture, and checkmate that
//! wins for the mated side. They are Fairy-Stockfish's `extinction*`, `mustCapture` and
//! `checkmateValue` keys (docs/game-files.md, "How the game ends").

use crate::bitboard::Bits;
use crate::check_series::ShatarMate;
use crate::color::Color;
use crate::piece::KindId;
use crate::position::Position;

/// What an end is worth to the side it concerns: the side mated, stalemated or extinct.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndValue {
    /// That side loses (chess's checkmate).
    Loss,
    /// That side wins (Losers' checkmate, Antichess's stalemate and extinction).
    Win,
    /// Neither side wins.
    Draw,
}

impl EndValue {
    /// The winner when this end concerns `side`, or `None` for a draw.
    pub fn winner(self, side: Color) -> Option<Color> {
        match self {
            EndValue::Loss => Some(!side),
            EndValue::Win => Some(side),
            EndValue::Draw => None,
        }
    }
}

/// Which pieces an extinction rule counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtinctionKinds {
    /// Every piece of the side, whatever its kind (Fairy-Stockfish's `*`).
    All,
    /// Each of these kinds on its own: the rule applies when any one of them runs short.
    Kinds(Vec<KindId>),
}

/// The extinction rule: a side with at most `count` pieces of a counted kind (or of all
/// its pieces, [`ExtinctionKinds::All`]) while the other side has at least
/// `opponent_count` of them has reached the end worth `value` to it, at once, before any
/// move is looked at.
///
/// With `claim` (Shatranj's bare king), the opponent needs one piece more when the short
/// side is to move: it may still bare the other side in return.
///
/// ```
/// use joust_core::end_rules::{EndValue, Extinction, ExtinctionKinds};
/// use joust_core::{Color, Position};
///
/// // Antichess: a side with no pieces left wins.
/// let rule = Extinction {
///     value: EndValue::Win,
///     kinds: ExtinctionKinds::All,
///     count: 0,
///     opponent_count: 0,
///     claim: false,
/// };
/// let chess = joust_core::variants::chess();
/// let pos: Position<u64> = Position::from_fen(chess, "8/8/8/8/8/8/8/k6K w - - 0 1").unwrap();
/// assert_eq!(rule.reached(&pos), None);
/// assert_eq!(rule.counted(&pos, Color::White), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// What the end is worth to the side that ran short.
    pub value: EndValue,
    /// The pieces counted.
    pub kinds: ExtinctionKinds,
    /// A side with at most this many has run short (`extinctionPieceCount`).
    pub count: u32,
    /// ... while the other side has at least this many (`extinctionOpponentPieceCount`).
    pub opponent_count: u32,
    /// The other side needs one more when the short side is to move (`extinctionClaim`).
    pub claim: bool,
}

/// An extinction reached: who ran short of what, and who wins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionEnd {
    /// The side that ran short.
    pub side: Color,
    /// The kind counted, or `None` for all its pieces.
    pub kind: Option<KindId>,
    /// How many of them it has left.
    pub left: u32,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Extinction {
    /// The extinction `pos` has reached, if any: White's is looked for first, then
    /// Black's, and for each side the kinds in the order given (Fairy-Stockfish's order).
    pub fn reached<B: Bits>(&self, pos: &Position<B>) -> Option<ExtinctionEnd> {
        let stm = pos.side_to_move();
        for side in Color::ALL {
            let needed = self.opponent_count + u32::from(self.claim && side == stm);
            // Most positions are far from any extinction: the counts are compared without
            // counting every piece where the limits are small.
            let check = |kind: Option<KindId>| {
                let own = self.pieces_counted(pos, side, kind);
                if !at_most(own, self.count)
                    || (needed > 0 && at_most(self.pieces_counted(pos, !side, kind), needed - 1))
                {
                    return None;
                }
                Some(ExtinctionEnd {
                    side,
                    kind,
                    left: own.count(),
                    winner: self.value.winner(side),
                })
            };
            match &self.kinds {
                ExtinctionKinds::All => {
                    if let Some(end) = check(None) {
                        return Some(end);
                    }
                }
                ExtinctionKinds::Kinds(kinds) => {
                    for &k in kinds {
                        if let Some(end) = check(Some(k)) {
                            return Some(end);
                        }
                    }
                }
            }
        }
        None
    }

    /// How many of the counted pieces `side` has: all of them, or with
    /// [`ExtinctionKinds::Kinds`] the fewest of any one counted kind.
    pub fn counted<B: Bits>(&self, pos: &Position<B>, side: Color) -> u32 {
        match &self.kinds {
            ExtinctionKinds::All => self.count_of(pos, side, None),
            ExtinctionKinds::Kinds(kinds) => kinds
                .iter()
                .map(|&k| self.count_of(pos, side, Some(k)))
                .min()
                .unwrap_or(0),
        }
    }

    fn count_of<B: Bits>(&self, pos: &Position<B>, side: Color, kind: Option<KindId>) -> u32 {
        self.pieces_counted(pos, side, kind).count()
    }

    /// The pieces of `side` counted: all of them, or those of `kind`.
    #[inline(always)]
    fn pieces_counted<B: Bits>(&self, pos: &Position<B>, side: Color, kind: Option<KindId>) -> B {
        match kind {
            None => pos.pieces(side),
            Some(k) => pos.pieces_of(side, k),
        }
    }
}

/// True if `b` has at most `n` squares: for small `n` by clearing its lowest squares,
/// cheaper than counting them all.
#[inline(always)]
fn at_most<B: Bits>(b: B, n: u32) -> bool {
    if n > 3 {
        return b.count() <= n;
    }
    let mut b = b;
    for _ in 0..n {
        b = b.without_lowest();
    }
    b.is_empty()
}

/// The end rules of a game beyond chess's: see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// The extinction rule, if the game has one (`extinctionValue`).
    pub extinction: Option<Extinction>,
    /// A side that can capture must capture (`mustCapture`): when any legal move captures,
    /// only capturing moves are legal.
    pub must_capture: bool,
    /// What checkmate is worth to the mated side (`checkmateValue`; chess: a loss).
    pub checkmate: EndValue,
    /// Shatar's mating rule (`shatarMateRule`), which decides a checkmate by the series
    /// of checks that led to it, in place of `checkmate`.
    pub shatar_mate: Option<ShatarMate>,
}

impl Default for EndRules {
    /// Chess's: no extinction, captures optional, checkmate loses.
    fn default() -> EndRules {
        EndRules {
            extinction: None,
            must_capture: false,
            checkmate: EndValue::Loss,
            shatar_mate: None,
        }
    }
}

impl EndRules {
    /// True if the game ends in other ways than chess's: an extinction rule, or a
    /// checkmate that does not simply lose for the mated side (Losers, Shatar). Such a
    /// game has no dead positions, and a reply may end it at once without giving check.
    ///
    /// ```
    /// use joust_core::end_rules::{EndRules, EndValue};
    /// assert!(!EndRules::default().has_own_ends());
    /// let losers = EndRules { checkmate: EndValue::Win, ..EndRules::default() };
    /// assert!(losers.has_own_ends());
    /// ```
    pub fn has_own_ends(&self) -> bool {
        self.extinction.is_some() || self.checkmate != EndValue::Loss || self.shatar_mate.is_some()
    }

    /// The extinction `pos` has reached, if the game has such a rule and it applies.
    #[inline]
    pub fn extinct<B: Bits>(&self, pos: &Position<B>) -> Option<ExtinctionEnd> {
        self.extinction.as_ref().and_then(|e| e.reached(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn rule(kinds: ExtinctionKinds, count: u32, opponent_count: u32, claim: bool) -> Extinction {
        Extinction {
            value: EndValue::Loss,
            kinds,
            count,
            opponent_count,
            claim,
        }
    }

    fn pos(fen: &str) -> Position<u64> {
        Position::from_fen(variants::chess(), fen).unwrap()
    }

    #[test]
    fn all_pieces_counts_every_piece() {
        let r = rule(ExtinctionKinds::All, 1, 2, false);
        // White bare, Black with two: White has run short and loses.
        let end = r.reached(&pos("k7/p7/8/8/8/8/8/7K w - - 0 1")).unwrap();
        assert_eq!(end.side, Color::White);
        assert_eq!(end.left, 1);
        assert_eq!(end.winner, Some(Color::Black));
        // Black with one only: nobody.
        assert_eq!(r.reached(&pos("k7/8/8/8/8/8/8/7K w - - 0 1")), None);
    }

    #[test]
    fn claim_needs_one_more_when_the_short_side_moves() {
        let r = rule(ExtinctionKinds::All, 1, 2, true);
        let two = "k7/p7/8/8/8/8/8/7K";
        assert!(r.reached(&pos(&format!("{two} b - - 0 1"))).is_some());
        assert_eq!(r.reached(&pos(&format!("{two} w - - 0 1"))), None);
        let three = "k7/pp6/8/8/8/8/8/7K w - - 0 1";
        assert_eq!(r.reached(&pos(three)).unwrap().side, Color::White);
    }

    #[test]
    fn each_kind_counts_on_its_own() {
        let chess = variants::chess();
        let queen = chess.kind_by_letter(Color::White, 'Q').unwrap();
        let rook = chess.kind_by_letter(Color::White, 'R').unwrap();
        let r = rule(ExtinctionKinds::Kinds(vec![queen, rook]), 0, 0, false);
        let p = pos("kqr5/8/8/8/8/8/8/QR5K w - - 0 1");
        assert_eq!(r.reached(&p), None);
        let p = pos("kqr5/8/8/8/8/8/8/R6K w - - 0 1");
        let end = r.reached(&p).unwrap();
        assert_eq!(
            (end.side, end.kind, end.left),
            (Color::White, Some(queen), 0)
        );
        assert_eq!(r.counted(&p, Color::White), 0);
        assert_eq!(r.counted(&p, Color::Black), 1);
    }
}
