//! The built-in games, each defined by a game file in `core/games/` (see [`files`]), the
//! games users add from their own files ([`user`]), and lookup by id.

pub mod files;
pub mod user;

use crate::variant::Variant;
use once_cell::sync::Lazy;
use std::fmt;

/// Every built-in game, in listing order: chess, our own games, then the games of
/// Fairy-Stockfish's family, defined by the game files in `core/games/`.
pub fn all() -> &'static [&'static Variant] {
    static ALL: Lazy<Vec<&'static Variant>> = Lazy::new(|| files::FILE_GAMES.games.clone());
    &ALL
}

/// The game with this id (case-insensitive): a built-in game, or one added from a game
/// file ([`user::add_file`]).
pub fn by_id(id: &str) -> Result<&'static Variant, UnknownVariant> {
    all()
        .iter()
        .copied()
        .chain(user::games())
        .find(|v| v.id.eq_ignore_ascii_case(id))
        .ok_or_else(|| UnknownVariant(id.to_string()))
}

/// Every game: the built-in ones, then those added from game files.
pub fn with_user_games() -> Vec<&'static Variant> {
    let mut v = all().to_vec();
    v.extend(user::games());
    v
}

/// FIDE chess.
pub fn chess() -> &'static Variant {
    files::FILE_GAMES.games[0]
}

/// LancerChess.
pub fn lancerchess() -> &'static Variant {
    by_id("lancerchess").expect("a built-in game")
}

/// Clash.
pub fn clash() -> &'static Variant {
    by_id("clash").expect("a built-in game")
}

/// Lancers Chess.
pub fn lancers() -> &'static Variant {
    by_id("lancers").expect("a built-in game")
}

/// Single Lancer chess.
pub fn single_lancer() -> &'static Variant {
    by_id("single-lancer").expect("a built-in game")
}

/// Cromwell Chess.
pub fn cromwell() -> &'static Variant {
    by_id("cromwell").expect("a built-in game")
}

/// Musketeer Chess.
pub fn musketeer() -> &'static Variant {
    by_id("musketeer").expect("a built-in game")
}

/// Royal Lion Chess.
pub fn royal_lion() -> &'static Variant {
    by_id("royal-lion").expect("a built-in game")
}

/// A game id that no built-in game has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}'", self.0)?;
        let games = with_user_games();
        if let Some(id) = crate::suggest::closest(&self.0, games.iter().map(|v| v.id)) {
            write!(f, "; did you mean '{id}'?")?;
        }
        write!(f, " (`joust variants` lists the known games)")
    }
}

impl std::error::Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_id_names_the_closest_game_and_where_the_list_is() {
        let typo = by_id("lancer-chess").unwrap_err().to_string();
        assert_eq!(
            typo,
            "unknown variant 'lancer-chess'; did you mean 'lancerchess'? \
             (`joust variants` lists the known games)"
        );
        let far = by_id("xiangqi-but-bigger").unwrap_err().to_string();
        assert!(!far.contains("did you mean"), "{far}");
        assert!(by_id("chess").is_ok());
    }
}
