//! PGN reading and writing for every game: the seven tag roster plus `[Variant]`,
//! `[SetUp]` and `[FEN]`; comments, NAGs and variations; several games per file.
//!
//! Reading ([`PgnReader`], or [`read_pgn`] for a text in memory) takes a stream one game
//! at a time and replays every game: each move is read as SAN (leniently) or, failing
//! that, as coordinate text, so files written in either notation load; null moves (`--`,
//! `Z0`, `0000`) pass the turn. A game with a syntax error, a game Joust cannot play, a
//! bad FEN or an illegal main-line move is an error naming the game, line and column; the
//! other games still load, since a game's text ends at the next tag pair that starts a
//! line whatever it left open. Problems that do not stop a game from loading (a result
//! that the moves contradict, an illegal move in a variation, which is then dropped) are
//! kept in [`PgnGame::issues`]. Each game's bytes are UTF-8, or else Latin-1.
//!
//! Writing ([`write_pgn`]) gives the seven tag roster first, then `Variant` (for games
//! other than chess), `SetUp` and `FEN` (for games not from the start position), then the
//! other tags in their original order; move text is wrapped at 80 columns.

mod decode;
mod error;
mod reader;
mod replay;
mod split;
mod syntax;
mod variant_tag;
mod write;

use crate::names::variant_by_name;
use joust_core::{variants, Color, Position, Variant};
use joust_movegen::{position_from_fen, with_board_bits, Game, Move, Outcome, TableCache};

pub use error::{Loc, PgnError, PgnErrorKind};
pub use reader::PgnReader;
pub use write::{write_pgn, MoveNotation};

/// A game read from PGN (or built to be written): tags, the start, the moves with their
/// annotations, and the result. Two games are equal if everything but the issues is.
///
/// Read, then written back in SAN or in coordinates:
///
/// ```
/// use joust_notation::{read_pgn, write_pgn, MoveNotation};
///
/// let text = "[White \"Ann\"]\n\n1. e4 e5 2. Nf3 *\n";
/// let games = read_pgn(text);
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.variant.id, "chess"); // no Variant tag: chess
/// assert_eq!(game.tag("White"), Some("Ann"));
/// assert_eq!(game.moves().count(), 3);
/// let written = write_pgn(game, MoveNotation::Coordinate);
/// assert!(written.contains("1. e2e4 e7e5"));
///
/// // A game that does not load says which move and why; the others still load.
/// let games = read_pgn("1. e4 e4 *\n\n1. d4 *\n");
/// assert!(games[0].as_ref().unwrap_err().to_string().contains("e4"));
/// assert!(games[1].is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Every tag pair in file order (the writer puts the roster first).
    pub tags: Vec<(String, String)>,
    /// The game played.
    pub variant: &'static Variant,
    /// The start position's FEN if the game does not start from the variant's start.
    pub fen: Option<String>,
    /// The main line.
    pub line: Line,
    /// The game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Problems that did not stop the game from loading (empty for a clean game).
    pub issues: Vec<PgnError>,
}

/// A sequence of moves (the main line or a variation) with the comments before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves, each legal in the position the previous ones lead to (a null move,
    /// [`Move::null`], passes the turn).
    pub moves: Vec<PgnMove>,
}

/// One move of a line with its annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// Numeric annotation glyphs (`$1` = `!`, …).
    pub nags: Vec<u16>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<Line>,
}

impl PgnMove {
    /// A move without annotations.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove {
            mv,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

impl PartialEq for PgnGame {
    /// Same game, moves, annotations and result, and the same tag pairs as written
    /// ([`PgnGame::header`]); the issues found while reading are not compared.
    fn eq(&self, other: &PgnGame) -> bool {
        self.variant.id == other.variant.id
            && self.header() == other.header()
            && self.fen == other.fen
            && self.line == other.line
            && self.result == other.result
    }
}

impl Eq for PgnGame {}

impl PgnGame {
    /// A game of `variant` from its start position (or from `fen`) with the given moves,
    /// no tags, result `*`. The moves are not checked here; [`PgnGame::check`] does.
    pub fn new(variant: &'static Variant, fen: Option<String>, moves: &[Move]) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            variant,
            fen,
            line: Line {
                comments: Vec::new(),
                moves: moves.iter().map(|&m| PgnMove::new(m)).collect(),
            },
            result: "*".to_string(),
            issues: Vec::new(),
        }
    }

    /// The value of a tag, if present: the first one with that name in any case, as the
    /// reader matches names (`[white "A"]` is White's).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first one with that name (in any case) or adding it at
    /// the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The tag pairs as the writer puts them: the seven tag roster (defaults `?` and
    /// `????.??.??`, `Result` from [`PgnGame::result`]), then `Variant` for a game other
    /// than chess (or if the game had one), `SetUp` and `FEN` if the game has its own
    /// start, then every other tag in its original order (a second tag of one of those
    /// names, in any case, is left out: the first is the one the game was read with).
    pub fn header(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for name in SEVEN_TAG_ROSTER {
            let value = match name {
                "Result" => self.result.clone(),
                _ => self.tag(name).map_or_else(
                    || if name == "Date" { "????.??.??" } else { "?" }.to_string(),
                    str::to_string,
                ),
            };
            out.push((name.to_string(), value));
        }
        let original_variant = self
            .tag("Variant")
            .filter(|name| variant_by_name(name).is_some_and(|v| std::ptr::eq(v, self.variant)));
        match original_variant {
            Some(name) => out.push(("Variant".to_string(), name.to_string())),
            None if !std::ptr::eq(self.variant, variants::chess()) => {
                out.push(("Variant".to_string(), self.variant.name.to_string()))
            }
            None => {}
        }
        if let Some(fen) = &self.fen {
            out.push(("SetUp".to_string(), "1".to_string()));
            out.push(("FEN".to_string(), fen.clone()));
        }
        for (name, value) in &self.tags {
            let special = SEVEN_TAG_ROSTER
                .iter()
                .chain(&["Variant", "SetUp", "FEN"])
                .any(|s| s.eq_ignore_ascii_case(name));
            if !special {
                out.push((name.clone(), value.clone()));
            }
        }
        out
    }

    /// The main line's moves (null moves included: see [`Move::is_null`]).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.line.moves.iter().map(|m| m.mv)
    }

    /// The start position's FEN (the variant's start if the game has none of its own).
    pub fn start_fen(&self) -> &str {
        self.fen.as_deref().unwrap_or(self.variant.start_fen)
    }

    /// Replays the main line; returns how the game ends after it (`None`: not over), or
    /// an error if the FEN is bad or a move is illegal.
    pub fn check(&self) -> Result<Option<Outcome>, String> {
        with_board_bits!(self.variant, B => self.check_on::<B>())
    }

    fn check_on<B: TableCache>(&self) -> Result<Option<Outcome>, String> {
        let pos: Position<B> =
            position_from_fen(self.variant, self.start_fen()).map_err(|e| e.to_string())?;
        let mut game = Game::new(pos);
        for (i, m) in self.line.moves.iter().enumerate() {
            if !replay::play(&mut game, m.mv) {
                return Err(format!("move {} ({:?}) is not legal", i + 1, m.mv));
            }
        }
        Ok(game.outcome())
    }
}

/// The move number prefix PGN writes before a move of `side` at `fullmove`.
pub(crate) fn number_prefix(fullmove: u32, side: Color) -> String {
    match side {
        Color::White => format!("{fullmove}."),
        Color::Black => format!("{fullmove}..."),
    }
}

/// Reads every game of a PGN text held in memory (a file is better streamed with
/// [`PgnReader`]). Each game is either loaded or an error saying which game, where and
/// why; a bad game never stops the others from loading.
pub fn read_pgn(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

/// The seven tag roster, in order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
