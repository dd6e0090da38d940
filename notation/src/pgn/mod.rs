//! PGN reading and writing for every game: the seven tag roster plus `[Variant]`,
//! `[SetUp]` and `[FEN]`; comments, NAGs and variations; several games per file.
//!
//! Reading ([`read_pgn`]) replays every game: each move is read as SAN (leniently) or,
//! failing that, as coordinate text, so files written in either notation load. A game
//! with a syntax error, an unknown variant, a bad FEN or an illegal main-line move is an
//! error naming the game, line and column; the other games still load. Problems that do
//! not stop a game from loading (a result that the moves contradict, an illegal move in a
//! variation, which is then dropped) are kept in [`PgnGame::issues`].
//!
//! Writing ([`write_pgn`]) gives the seven tag roster first, then `Variant` (for games
//! other than chess), `SetUp` and `FEN` (for games not from the start position), then the
//! other tags in their original order; move text is wrapped at 80 columns.

mod syntax;
mod write;

use crate::coordinate::{parse_move, MoveTextError};
use crate::names::variant_by_name;
use crate::san::{parse_san, SanError};
use joust_core::{variants, Color, FenError, Position, Variant};
use joust_movegen::{position_from_fen, Game, Move, Outcome, TableCache};
use std::fmt;
use syntax::{RawGame, RawLine};

pub use write::{write_pgn, MoveNotation};

/// A place in a PGN text: line and column, both counted from 1 (columns in characters).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    /// Line number.
    pub line: usize,
    /// Column number.
    pub column: usize,
}

/// What went wrong in one game of a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A tag pair is not `[Name "value"]`.
    BadTag(String),
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `(` variation is never closed.
    UnterminatedVariation,
    /// Variations nested too deeply.
    TooDeep,
    /// A variation before any move it could replace.
    VariationBeforeMove,
    /// A character that has no place in move text.
    Unexpected(char),
    /// A `$` not followed by a number from 0 to 255.
    BadNag,
    /// A symbol that is neither a move, a move number nor a result.
    BadSymbol(String),
    /// The `[Variant]` tag names no game this engine plays.
    UnknownVariant(String),
    /// `[SetUp "1"]` without a `[FEN]` tag.
    SetUpWithoutFen,
    /// The `[FEN]` tag is not a valid position of the game.
    BadFen(FenError),
    /// A move that cannot be read or is not legal.
    IllegalMove {
        /// The move number as PGN writes it: `12.` or `12...`.
        number: String,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// The result says one thing, the final position another.
    ResultContradicted {
        /// The result as written.
        written: String,
        /// How the moves end the game.
        outcome: Outcome,
    },
    /// The `[Result]` tag and the result after the moves differ.
    ResultTagMismatch {
        /// The tag's value.
        tag: String,
        /// The termination marker after the moves.
        terminator: String,
    },
    /// The `[Result]` tag is not `1-0`, `0-1`, `1/2-1/2` or `*` (it is read as `*`).
    BadResult(String),
    /// A move played after the game had already ended.
    MoveAfterEnd {
        /// The move number as PGN writes it.
        number: String,
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::BadTag(why) => write!(f, "bad tag pair: {why}"),
            PgnErrorKind::UnterminatedComment => write!(f, "comment '{{' is never closed"),
            PgnErrorKind::UnterminatedVariation => write!(f, "variation '(' is never closed"),
            PgnErrorKind::TooDeep => write!(f, "variations are nested too deeply"),
            PgnErrorKind::VariationBeforeMove => {
                write!(f, "a variation '(' before any move it could replace")
            }
            PgnErrorKind::Unexpected(c) => write!(f, "unexpected '{c}' in the move text"),
            PgnErrorKind::BadNag => write!(f, "'$' must be followed by a number from 0 to 255"),
            PgnErrorKind::BadSymbol(s) => write!(f, "'{s}' is not a move, move number or result"),
            PgnErrorKind::UnknownVariant(name) => {
                let known: Vec<&str> = variants::all().iter().map(|v| v.name).collect();
                write!(f, "unknown variant '{name}' (known: {})", known.join(", "))
            }
            PgnErrorKind::SetUpWithoutFen => write!(f, "[SetUp \"1\"] needs a [FEN] tag"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::IllegalMove {
                number,
                text,
                reason,
            } => write!(f, "illegal move {number}{text}: {reason}"),
            PgnErrorKind::ResultContradicted { written, outcome } => write!(
                f,
                "the result {written} contradicts the moves, which end in {outcome} ({})",
                outcome.result()
            ),
            PgnErrorKind::ResultTagMismatch { tag, terminator } => write!(
                f,
                "the Result tag says {tag} but the move text ends with {terminator}"
            ),
            PgnErrorKind::BadResult(r) => {
                write!(f, "'{r}' is not a result (1-0, 0-1, 1/2-1/2 or *)")
            }
            PgnErrorKind::MoveAfterEnd {
                number,
                text,
                outcome,
            } => write!(
                f,
                "move {number}{text} is played after the game ended ({outcome})"
            ),
        }
    }
}

/// An error in a PGN text: which game (counted from 1), where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Where the problem is.
    pub loc: Loc,
    /// What the problem is.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.loc.line, self.loc.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

/// A game read from PGN (or built to be written): tags, the start, the moves with their
/// annotations, and the result. Two games are equal if everything but the issues is.
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
    /// The moves, each legal in the position the previous ones lead to.
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

    /// The value of a tag, if present (the first one with that name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first one with that name or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The tag pairs as the writer puts them: the seven tag roster (defaults `?` and
    /// `????.??.??`, `Result` from [`PgnGame::result`]), then `Variant` for a game other
    /// than chess (or if the game had one), `SetUp` and `FEN` if the game has its own
    /// start, then every other tag in its original order.
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
            let special = SEVEN_TAG_ROSTER.contains(&name.as_str())
                || ["Variant", "SetUp", "FEN"].contains(&name.as_str());
            if !special {
                out.push((name.clone(), value.clone()));
            }
        }
        out
    }

    /// The main line's moves.
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
        if self.variant.geometry.len() <= 64 {
            self.check_on::<u64>()
        } else {
            self.check_on::<u128>()
        }
    }

    fn check_on<B: TableCache>(&self) -> Result<Option<Outcome>, String> {
        let pos: Position<B> =
            position_from_fen(self.variant, self.start_fen()).map_err(|e| e.to_string())?;
        let mut game = Game::new(pos);
        for (i, m) in self.line.moves.iter().enumerate() {
            if !game.play(m.mv) {
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

/// Reads every game of a PGN text. Each game is either loaded or an error saying which
/// game, where and why; a bad game never stops the others from loading.
pub fn read_pgn(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    syntax::read_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, raw)| build_game(i + 1, raw))
        .collect()
}

/// The seven tag roster, in order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn build_game(number: usize, raw: RawGame) -> Result<PgnGame, PgnError> {
    let err = |loc: Loc, kind: PgnErrorKind| PgnError {
        game: number,
        loc,
        kind,
    };
    if let Some((loc, kind)) = raw.error.clone() {
        return Err(err(loc, kind));
    }
    let tag = |name: &str| {
        raw.tags
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v, loc)| (v.as_str(), *loc))
    };
    let variant = match tag("Variant") {
        None => variants::chess(),
        Some((name, loc)) => variant_by_name(name)
            .ok_or_else(|| err(loc, PgnErrorKind::UnknownVariant(name.to_string())))?,
    };
    let fen = match (tag("FEN"), tag("SetUp")) {
        (Some((fen, loc)), _) => Some((fen.trim().to_string(), loc)),
        (None, Some(("1", loc))) => return Err(err(loc, PgnErrorKind::SetUpWithoutFen)),
        (None, _) => None,
    };
    let mut game = PgnGame {
        tags: raw
            .tags
            .iter()
            .map(|(n, v, _)| (n.clone(), v.clone()))
            .collect(),
        variant,
        fen: fen.as_ref().map(|(f, _)| f.clone()),
        line: Line::default(),
        result: "*".to_string(),
        issues: Vec::new(),
    };
    let outcome = if variant.geometry.len() <= 64 {
        replay::<u64>(number, &raw, &mut game, fen.map(|(_, loc)| loc))?
    } else {
        replay::<u128>(number, &raw, &mut game, fen.map(|(_, loc)| loc))?
    };
    // The result: the terminator, else the Result tag, else unknown.
    let mut tag_result = tag("Result").map(|(v, loc)| (v.trim().to_string(), loc));
    if let Some((r, loc)) = &tag_result {
        match syntax::result_token(r) {
            Some(valid) => tag_result = Some((valid.to_string(), *loc)),
            None => {
                game.issues
                    .push(err(*loc, PgnErrorKind::BadResult(r.clone())));
                tag_result = None;
            }
        }
    }
    let (result, result_loc) = match (&raw.result, &tag_result) {
        (Some((r, loc)), _) => (r.clone(), *loc),
        (None, Some((r, loc))) => (r.clone(), *loc),
        (None, None) => ("*".to_string(), raw.start),
    };
    if let (Some((terminator, loc)), Some((tag, _))) = (&raw.result, &tag_result) {
        if terminator != tag {
            game.issues.push(err(
                *loc,
                PgnErrorKind::ResultTagMismatch {
                    tag: tag.clone(),
                    terminator: terminator.clone(),
                },
            ));
        }
    }
    if let Some(o) = outcome {
        if result != "*" && result != o.result() {
            game.issues.push(err(
                result_loc,
                PgnErrorKind::ResultContradicted {
                    written: result.clone(),
                    outcome: o,
                },
            ));
        }
    }
    game.result = result;
    Ok(game)
}

/// Replays the main line (errors stop the game) and its variations (errors drop the
/// variation and become issues); returns the outcome after the main line.
fn replay<B: TableCache>(
    number: usize,
    raw: &RawGame,
    game: &mut PgnGame,
    fen_loc: Option<Loc>,
) -> Result<Option<Outcome>, PgnError> {
    let start: Position<B> =
        position_from_fen(game.variant, game.start_fen()).map_err(|e| PgnError {
            game: number,
            loc: fen_loc.unwrap_or(raw.start),
            kind: PgnErrorKind::BadFen(e),
        })?;
    let mut issues = Vec::new();
    let (line, outcome) = replay_line(number, &raw.line, Game::new(start), true, &mut issues)?;
    game.line = line;
    game.issues.extend(issues);
    Ok(outcome)
}

fn replay_line<B: TableCache>(
    number: usize,
    raw: &RawLine,
    mut game: Game<B>,
    main: bool,
    issues: &mut Vec<PgnError>,
) -> Result<(Line, Option<Outcome>), PgnError> {
    let mut line = Line {
        comments: raw.comments.clone(),
        moves: Vec::new(),
    };
    let mut ended: Option<Outcome> = None;
    for rm in &raw.moves {
        let pos = game.position();
        let prefix = number_prefix(pos.fullmove_number(), pos.side_to_move());
        if ended.is_none() {
            ended = game.outcome();
        }
        let mv = match read_move(pos, &rm.text) {
            Ok(mv) => mv,
            Err(reason) => {
                return Err(PgnError {
                    game: number,
                    loc: rm.loc,
                    kind: PgnErrorKind::IllegalMove {
                        number: prefix,
                        text: rm.text.clone(),
                        reason,
                    },
                })
            }
        };
        if let (Some(outcome), true) = (ended, main) {
            if issues
                .iter()
                .all(|i| !matches!(i.kind, PgnErrorKind::MoveAfterEnd { .. }))
            {
                issues.push(PgnError {
                    game: number,
                    loc: rm.loc,
                    kind: PgnErrorKind::MoveAfterEnd {
                        number: prefix.clone(),
                        text: rm.text.clone(),
                        outcome,
                    },
                });
            }
        }
        let mut variations = Vec::new();
        for v in &rm.variations {
            match replay_line(number, v, game.clone(), false, issues) {
                Ok((l, _)) => variations.push(l),
                Err(e) => issues.push(e),
            }
        }
        game.play(mv);
        line.moves.push(PgnMove {
            mv,
            nags: rm.nags.clone(),
            comments: rm.comments.clone(),
            variations,
        });
    }
    let outcome = ended.or_else(|| game.outcome());
    Ok((line, outcome))
}

/// A move as written in a PGN: SAN first, then coordinate text.
fn read_move<B: TableCache>(pos: &Position<B>, text: &str) -> Result<Move, String> {
    let san = parse_san(pos, text);
    let san_err = match san {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    match parse_move(pos, text) {
        Ok(mv) => Ok(mv),
        Err(MoveTextError::Illegal(_)) if matches!(san_err, SanError::Malformed { .. }) => {
            Err(format!("'{text}' is not a legal move here"))
        }
        Err(_) => Err(san_err.to_string()),
    }
}
