//! joust-refgen: a deliberately simple, independent reference move generator.
//!
//! Written straight from the rules (the book in `docs/rules/`), independently of the
//! engine: it shares no code or data with joust-core, joust-movegen or joust-notation,
//! so that one misreading of the rules cannot hide in both. It favours obviousness over
//! speed: a mailbox board, explicit loops, every candidate move played on a copy of the
//! board and then checked.
//! Used only by tests, which compare its move lists and perft counts with the engine's
//! and with the reference counts in `suites/reference/`.
//!
//! Games: `chess`, `lancerchess`, `clash`, `musketeer`, `royal-lion`, `lancers`,
//! `single-lancer`, `cromwell`. Moves are written in the coordinate notation of the rules
//! book (docs/rules/README.md, "Moves in coordinates") and its extensions.

#![warn(missing_docs)]

pub mod board;
pub mod chesslike;
pub mod cromwell;
pub mod lancers;
pub mod musketeer;
pub mod pieces;
pub mod royal_lion;

use board::{Child, Position};

/// The game ids this generator knows.
pub const GAMES: [&str; 8] = [
    "chess",
    "lancerchess",
    "clash",
    "musketeer",
    "royal-lion",
    "lancers",
    "single-lancer",
    "cromwell",
];

/// True if `game` is one of [`GAMES`].
pub fn supports(game: &str) -> bool {
    GAMES.contains(&game)
}

/// A game's rules, ready to generate moves.
pub enum Game {
    /// `chess`, `lancerchess`, `clash`, `lancers`, `single-lancer`.
    ChessLike(chesslike::Rules),
    /// `musketeer`.
    Musketeer(chesslike::Rules),
    /// `royal-lion`.
    RoyalLion(pieces::Table),
    /// `cromwell`.
    Cromwell(pieces::Table),
}

impl Game {
    /// The rules of `game`, or an error for an unknown id.
    pub fn new(game: &str) -> Result<Game, String> {
        Ok(match game {
            "chess" => Game::ChessLike(chesslike::chess()),
            "lancerchess" => Game::ChessLike(chesslike::lancerchess()),
            "clash" => Game::ChessLike(chesslike::clash()),
            "lancers" => Game::ChessLike(lancers::rules(false)),
            "single-lancer" => Game::ChessLike(lancers::rules(true)),
            "musketeer" => Game::Musketeer(musketeer::rules()),
            "royal-lion" => Game::RoyalLion(royal_lion::table()),
            "cromwell" => Game::Cromwell(cromwell::table()),
            _ => return Err(format!("refgen does not know the game '{game}'")),
        })
    }

    /// Reads a FEN of this game.
    pub fn parse_fen(&self, fen: &str) -> Result<Position, String> {
        match self {
            Game::ChessLike(r) => chesslike::parse_fen(r, fen),
            Game::Musketeer(r) => musketeer::parse_fen(r, fen),
            Game::RoyalLion(t) => royal_lion::parse_fen(t, fen),
            Game::Cromwell(t) => cromwell::parse_fen(t, fen),
        }
    }

    /// Every legal move with the position it leads to.
    pub fn children(&self, pos: &Position) -> Vec<Child> {
        match self {
            Game::ChessLike(r) => chesslike::children(r, pos),
            Game::Musketeer(r) => musketeer::children(r, pos),
            Game::RoyalLion(t) => royal_lion::children(t, pos),
            Game::Cromwell(t) => cromwell::children(t, pos),
        }
    }

    /// Number of legal move sequences of length `depth` from `pos`.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.children(pos);
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|c| self.perft(&c.pos, depth - 1)).sum()
    }
}

/// Every legal move of the position `fen` of `game`, in coordinate notation: `e2e4`,
/// `e7e8q`, castling as the royal's move, Musketeer `L`, `L@b0`, `b1c3l`, Royal Lion
/// `e4e5,e5e6` and `e4e4`, Lancers `b1h7ne`, Cromwell `h1*h7`.
pub fn legal_moves(game: &str, fen: &str) -> Result<Vec<String>, String> {
    let g = Game::new(game)?;
    let pos = g.parse_fen(fen)?;
    Ok(g.children(&pos).into_iter().map(|c| c.text).collect())
}

/// Number of legal move sequences of length `depth` from `fen` (plain recursion).
pub fn perft(game: &str, fen: &str, depth: u32) -> Result<u64, String> {
    let g = Game::new(game)?;
    let pos = g.parse_fen(fen)?;
    Ok(g.perft(&pos, depth))
}

/// Perft of each legal move from `fen`, by move text (for finding where counts differ).
pub fn divide(game: &str, fen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    let g = Game::new(game)?;
    let pos = g.parse_fen(fen)?;
    let d = depth.max(1) - 1;
    Ok(g.children(&pos)
        .into_iter()
        .map(|c| {
            let n = g.perft(&c.pos, d);
            (c.text, n)
        })
        .collect())
}
