//! The built-in games, one module each, and lookup by id.

mod chess;
mod clash;
mod cromwell;
mod lancerchess;
mod lancers;
pub mod musketeer;
mod royal_lion;

use crate::variant::Variant;
use once_cell::sync::Lazy;
use std::fmt;

/// Every built-in game, in listing order.
pub fn all() -> &'static [&'static Variant] {
    static ALL: Lazy<Vec<&'static Variant>> = Lazy::new(|| {
        vec![
            &*chess::CHESS,
            &*lancerchess::LANCERCHESS,
            &*clash::CLASH,
            &*lancers::LANCERS,
            &*lancers::SINGLE_LANCER,
            &*cromwell::CROMWELL,
            &*musketeer::MUSKETEER,
            &*royal_lion::ROYAL_LION,
        ]
    });
    &ALL
}

/// The game with this id (case-insensitive).
pub fn by_id(id: &str) -> Result<&'static Variant, UnknownVariant> {
    all()
        .iter()
        .copied()
        .find(|v| v.id.eq_ignore_ascii_case(id))
        .ok_or_else(|| UnknownVariant(id.to_string()))
}

/// FIDE chess.
pub fn chess() -> &'static Variant {
    &chess::CHESS
}

/// LancerChess.
pub fn lancerchess() -> &'static Variant {
    &lancerchess::LANCERCHESS
}

/// Clash.
pub fn clash() -> &'static Variant {
    &clash::CLASH
}

/// Lancers Chess.
pub fn lancers() -> &'static Variant {
    &lancers::LANCERS
}

/// Single Lancer chess.
pub fn single_lancer() -> &'static Variant {
    &lancers::SINGLE_LANCER
}

/// Cromwell Chess.
pub fn cromwell() -> &'static Variant {
    &cromwell::CROMWELL
}

/// Musketeer Chess.
pub fn musketeer() -> &'static Variant {
    &musketeer::MUSKETEER
}

/// Royal Lion Chess.
pub fn royal_lion() -> &'static Variant {
    &royal_lion::ROYAL_LION
}

/// A game id that no built-in game has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = all().iter().map(|v| v.id).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}
