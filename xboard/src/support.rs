//! What XBoard cannot know of a game, found from the game's data: the rules that XBoard's
//! own move generator (its legality test, on by default) and its test of win claims
//! cannot follow. With any of the [`Limit`]s of [`limits`], XBoard must run with
//! `-testLegality false` (else it forfeits the engine for a legal move); with
//! [`wins_xboard_cannot_see`], with `-testClaims false` (else it calls a won game a false
//! claim). The engine says them in `#` lines after `variant`.

use crate::pieces::{PieceMap, XBOARD_TYPES};
use crate::setup::{is_fide, xboard_betza};
use joust_core::end_rules::EndRules;
use joust_core::variant::StalemateResult;
use joust_core::{Color, PieceKind, Variant};
use std::fmt;

/// One rule of a game that XBoard cannot follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Pieces that face a direction (Lancers): XBoard's pieces have no orientation, so
    /// each facing is a piece type of its own and a move's new facing its promotion
    /// letter ([`crate::pieces`]); XBoard has no Betza for such pieces and cannot test
    /// their moves.
    Facings,
    /// More pieces (each facing of a directional kind counted) than XBoard has piece
    /// types with letters to spare (the number the game needs): the `setup` and FENs
    /// cannot name them all.
    TooManyKinds(usize),
    /// Pieces that capture without moving (Cromwell's shots, Betza `!`): a shot is no
    /// XBoard move.
    Shots(Vec<char>),
    /// Pieces whose moves XBoard cannot be told (no Betza text XBoard reads).
    UnknownMoves(Vec<char>),
    /// Musketeer's setup phase: the piece types chosen before the first move.
    SetupPhase,
    /// Promotion before the last rank (XBoard's fairy games promote on the last only).
    EarlyPromotion,
    /// Ouk Chatrang's first leaps of the King and the Neang.
    FirstLeaps,
    /// A side without a royal piece: XBoard's move generator assumes a King.
    NoRoyal,
    /// Castling rights of a side without a royal piece: XBoard's FEN drops them.
    NoRoyalCastling,
    /// A game XBoard knows by this name, on its board size, but from another start
    /// position than XBoard's own: with legality testing on, XBoard ignores the engine's
    /// `setup` for such a game and shows (and tests moves from) its own start.
    OwnStart,
}

impl Limit {
    /// False if XBoard cannot play the game at all, even with `-testLegality false`:
    /// it cannot read the engine's moves (shots `e4*e2`, setup moves `L`) or its
    /// `setboard` to the second engine loses part of the position (pieces it has no type
    /// for, first-move rights, castling rights without a King).
    pub fn playable(&self) -> bool {
        !matches!(
            self,
            Limit::TooManyKinds(_)
                | Limit::Shots(_)
                | Limit::SetupPhase
                | Limit::FirstLeaps
                | Limit::NoRoyalCastling
        )
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = |l: &[char]| l.iter().collect::<String>();
        match self {
            Limit::Facings => write!(
                f,
                "Lancer facings: XBoard cannot test a Lancer's moves (each facing is a piece \
                 letter of its own, b1d3nw is b1d3h)"
            ),
            Limit::TooManyKinds(n) => write!(
                f,
                "{n} piece types (each facing of a Lancer counted): XBoard has {} besides \
                 the King's",
                XBOARD_TYPES.len() - 1
            ),
            Limit::Shots(l) => write!(
                f,
                "shots ({}): a capture without moving is no XBoard move",
                letters(l)
            ),
            Limit::UnknownMoves(l) => write!(
                f,
                "XBoard's Betza cannot describe the moves of {}",
                letters(l)
            ),
            Limit::SetupPhase => write!(
                f,
                "the setup phase (choosing the gated piece types before the first move) \
                 has no XBoard command"
            ),
            Limit::EarlyPromotion => write!(
                f,
                "promotion before the last rank: XBoard promotes only on the last rank"
            ),
            Limit::FirstLeaps => write!(f, "the first leaps of the King and the Neang"),
            Limit::NoRoyalCastling => write!(
                f,
                "castling rights of a side without a royal piece: XBoard's FEN drops them"
            ),
            Limit::NoRoyal => write!(
                f,
                "a side without a royal piece: XBoard's move generator assumes a King"
            ),
            Limit::OwnStart => write!(
                f,
                "another start than XBoard's own game of this name, which XBoard keeps \
                 while it tests legality"
            ),
        }
    }
}

/// XBoard 4.9's own start placement (its `backend.c` arrays) of each variant it knows
/// whose game of that name Joust plays on the same board from another start. XBoard reads
/// an engine's `setup` position only with legality testing off, for `fairy`, or for a board
/// size not its own (`setup` in its `HandleMachineMove`). Joust's Courier is
/// Fairy-Stockfish's, whose a, g and l pawns and Ferz start advanced.
const XBOARD_OWN_STARTS: [(&str, &str); 1] = [(
    "courier",
    "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR",
)];

/// Letters of the kinds of `variant` that pass `test`, each once.
fn letters(variant: &Variant, test: impl Fn(&PieceKind) -> bool) -> Vec<char> {
    let mut out = Vec::new();
    for kind in variant.kinds.iter().filter(|k| test(k)) {
        if !out.contains(&kind.letter) {
            out.push(kind.letter);
        }
    }
    out
}

/// The rules of `variant` that XBoard cannot follow (none for a game it plays whole).
pub fn limits(variant: &Variant) -> Vec<Limit> {
    let mut out = Vec::new();
    if variant.kinds.iter().any(|k| k.facing.is_some()) {
        out.push(Limit::Facings);
    }
    if let Err(limit) = PieceMap::new(variant) {
        out.push(limit);
    }
    let shots = letters(variant, |k| k.betza.is_some_and(|b| b.contains('!')));
    if !shots.is_empty() {
        out.push(Limit::Shots(shots.clone()));
    }
    let unknown = letters(variant, |k| {
        k.facing.is_none()
            && !shots.contains(&k.letter)
            && !is_fide(k)
            && k.betza.and_then(xboard_betza).is_none()
    });
    if !unknown.is_empty() {
        out.push(Limit::UnknownMoves(unknown));
    }
    if !variant.gating_types.is_empty() {
        out.push(Limit::SetupPhase);
    }
    if variant
        .promotion
        .iter()
        .any(|p| p.zone_ranks > 1 && !p.kinds.is_empty())
    {
        out.push(Limit::EarlyPromotion);
    }
    if variant.first_leaps.is_some() {
        out.push(Limit::FirstLeaps);
    }
    let placement = variant.start_placement();
    let own_start = XBOARD_OWN_STARTS.iter().find(|(id, _)| *id == variant.id);
    if own_start.is_some_and(|(_, start)| *start != placement) {
        out.push(Limit::OwnStart);
    }
    let royal = |c: Color| {
        variant.armies[c.index()]
            .iter()
            .any(|&k| variant.kind(k).royal)
    };
    if !(royal(Color::White) && royal(Color::Black)) {
        out.push(Limit::NoRoyal);
        // Only rights a side without a royal piece has at the start are lost (Horde's
        // White has none; its Black castles with its King, and XBoard keeps that).
        let rights = variant.start_fen.split_whitespace().nth(2).unwrap_or("-");
        let lost = variant.castling.iter().any(|rule| {
            let letter = match rule.color {
                Color::White => rule.fen_char.to_ascii_uppercase(),
                Color::Black => rule.fen_char.to_ascii_lowercase(),
            };
            !royal(rule.color) && rights.contains(letter)
        });
        if lost {
            out.push(Limit::NoRoyalCastling);
        }
    }
    out
}

/// True if `variant` is won other than by checkmate (flags, checks, extinction, losing
/// all pieces, ...): XBoard's test of claims knows only checkmate and would call such a
/// win false.
pub fn wins_xboard_cannot_see(variant: &Variant) -> bool {
    variant.goals.active()
        || variant.end_rules != EndRules::default()
        || variant.stalemate != StalemateResult::Draw
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    fn limits_of(id: &str) -> Vec<Limit> {
        limits(variants::by_id(id).unwrap())
    }

    #[test]
    fn only_castling_rights_of_a_side_without_royal_are_beyond_xboard() {
        // Horde's White has no King and no rights; its Black castles with its King.
        assert_eq!(limits_of("horde"), vec![Limit::NoRoyal]);
        assert!(limits_of("horde").iter().all(Limit::playable));
        // Extinction's Kings are not royal and castle.
        let extinction = limits_of("extinction");
        assert!(
            extinction.contains(&Limit::NoRoyalCastling),
            "{extinction:?}"
        );
        assert!(!extinction.iter().all(Limit::playable));
    }

    #[test]
    fn a_start_that_xboard_would_replace_by_its_own_is_played_without_its_test() {
        assert_eq!(limits_of("courier"), vec![Limit::OwnStart]);
        assert!(Limit::OwnStart.playable());
        // XBoard's own start of a game it knows is not a limit.
        assert!(limits_of("chess").is_empty());
        assert!(limits_of("shatranj").is_empty());
    }

    #[test]
    fn early_promotion_and_facings_are_playable_and_too_many_kinds_is_not() {
        assert_eq!(limits_of("makruk"), vec![Limit::EarlyPromotion]);
        assert!(Limit::EarlyPromotion.playable());
        for id in ["lancers", "single-lancer"] {
            assert_eq!(limits_of(id), vec![Limit::Facings], "{id}");
        }
        assert!(Limit::Facings.playable());
        assert!(!Limit::TooManyKinds(23).playable());
        assert!(limits_of("chess").is_empty());
    }

    #[test]
    fn every_limit_note_fits_in_an_echo_with_its_remedy() {
        // The engine's `#` line is cut to MAX_ECHO characters; the remedy comes last.
        let remedy = "(XBoard 4.9 cannot play this game)";
        for v in variants::all() {
            for limit in limits(v) {
                let note = format!("XBoard cannot check {}: {limit} {remedy}", v.id);
                let len = note.chars().count();
                assert!(len <= crate::command::MAX_ECHO, "{len}: {note}");
            }
        }
        let note = Limit::TooManyKinds(23).to_string();
        assert!(note.len() < 100, "{note}");
    }
}
