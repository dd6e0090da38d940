//! Openings for a match: random legal first plies that a quick Joust search finds
//! balanced, or positions read from a file of FENs. Every [`Opening`] is checked when it
//! is made: its position reads and its plies are legal.

use joust_core::{Color, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{position_from_fen, Game, TableCache};
use joust_notation::{move_to_text, parse_move};
use joust_search::{search, Evaluator, Limits, Shared};
use std::fmt;

/// Random openings tried per opening before the most balanced one seen is taken.
const ATTEMPTS: usize = 200;

/// Why an opening, or a file of them, could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// A line of the file has too few fields for a FEN.
    NotAFen {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A FEN that is not a position of the game.
    BadFen {
        /// The line number (0 for an opening not read from a file).
        line: usize,
        /// The game.
        game: &'static str,
        /// The FEN.
        fen: String,
        /// Why it does not read.
        why: String,
    },
    /// An opening ply that is not legal where it is played.
    IllegalPly {
        /// The game.
        game: &'static str,
        /// The ply's text.
        ply: String,
        /// Why it is not legal.
        why: String,
    },
    /// The file holds no position.
    Empty,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::NotAFen { line, text } => {
                write!(f, "line {line}: '{text}' is not a FEN")
            }
            OpeningError::BadFen {
                line: 0,
                game,
                fen,
                why,
            } => write!(f, "bad {game} FEN '{fen}': {why}"),
            OpeningError::BadFen {
                line,
                game,
                fen,
                why,
            } => write!(f, "line {line}: bad {game} FEN '{fen}': {why}"),
            OpeningError::IllegalPly { game, ply, why } => {
                write!(f, "opening ply '{ply}' of {game} is not legal: {why}")
            }
            OpeningError::Empty => f.write_str("the openings file has no positions"),
        }
    }
}

impl std::error::Error for OpeningError {}

/// A start for a pair of games: a position and the plies played from it before the
/// engines take over.
///
/// ```
/// use joust_core::variants;
/// use joust_match::Opening;
///
/// let italian = Opening::new(variants::chess(), None, &["e2e4", "e7e5", "g1f3"]).unwrap();
/// assert_eq!(italian.moves().len(), 3);
/// assert!(Opening::new(variants::chess(), None, &["e2e5"]).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Opening {
    variant: &'static Variant,
    fen: Option<String>,
    moves: Vec<String>,
    score: Option<i32>,
}

impl Opening {
    /// The opening of `variant` that plays `moves` (coordinate text, kept as Joust
    /// writes it) from `fen` (`None`: the game's start position); an error if the FEN
    /// does not read or a ply is not legal.
    pub fn new(
        variant: &'static Variant,
        fen: Option<String>,
        moves: &[&str],
    ) -> Result<Opening, OpeningError> {
        let mut opening = Opening {
            variant,
            fen,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            score: None,
        };
        opening.moves = with_board_bits!(variant, B => opening.play_out::<B>()?.1);
        Ok(opening)
    }

    /// The start position of `variant`, with no plies.
    pub fn start(variant: &'static Variant) -> Opening {
        Opening {
            variant,
            fen: None,
            moves: Vec::new(),
            score: None,
        }
    }

    /// The game.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The start FEN, or `None` for the game's own start position.
    pub fn fen(&self) -> Option<&str> {
        self.fen.as_deref()
    }

    /// The opening plies from that start, as coordinate text.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Joust's score of the final position for White, in centipawns, if it was searched.
    pub fn score(&self) -> Option<i32> {
        self.score
    }

    /// The game from the opening's start position with its plies played.
    pub fn replay<B: TableCache>(&self) -> Result<Game<B>, OpeningError> {
        self.play_out().map(|(game, _)| game)
    }

    /// [`Opening::replay`], with each ply as Joust writes it.
    pub(crate) fn play_out<B: TableCache>(&self) -> Result<(Game<B>, Vec<String>), OpeningError> {
        let fen = self.fen.as_deref().unwrap_or(self.variant.start_fen);
        let start = position_from_fen(self.variant, fen).map_err(|e| OpeningError::BadFen {
            line: 0,
            game: self.variant.id,
            fen: fen.to_string(),
            why: e.to_string(),
        })?;
        let mut game = Game::new(start);
        let mut texts = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let illegal = |why: String| OpeningError::IllegalPly {
                game: self.variant.id,
                ply: text.clone(),
                why,
            };
            let mv = parse_move(game.position(), text).map_err(|e| illegal(e.to_string()))?;
            texts.push(move_to_text(game.position(), mv));
            if !game.play(mv) {
                return Err(illegal("the game is over".to_string()));
            }
        }
        Ok((game, texts))
    }
}

/// Two openings are the same when their game (by id), start and plies are, and so is
/// the score they were found with.
impl PartialEq for Opening {
    fn eq(&self, other: &Opening) -> bool {
        (self.variant.id, &self.fen, &self.moves, self.score)
            == (other.variant.id, &other.fen, &other.moves, other.score)
    }
}

impl Eq for Opening {}

/// How random openings are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomOpenings {
    /// Fewest random plies.
    pub min_plies: usize,
    /// Most random plies.
    pub max_plies: usize,
    /// Largest |score| in centipawns an opening may have.
    pub max_cp: i32,
    /// Depth of the search that scores an opening.
    pub depth: u32,
    /// Most nodes of that search (some positions explode even at low depth).
    pub nodes: u64,
}

/// The seeded generator of random openings (SplitMix64): the same seed gives the same
/// openings on every machine.
pub use joust_core::rng::SplitMix64 as Rng;

/// A random balanced opening of `variant` from its start position: `min_plies` to
/// `max_plies` random legal plies (Musketeer's setup choices included) after which the
/// game is not over and a Joust search of `depth` plies (at most `nodes` nodes) scores
/// it within ±`max_cp`. After 200 tries without one, the most balanced opening
/// seen is returned.
pub fn random_opening(
    variant: &'static Variant,
    config: &RandomOpenings,
    rng: &mut Rng,
) -> Opening {
    with_board_bits!(variant, B => random_opening_with::<B>(variant, config, rng))
}

/// [`random_opening`] at width `B`.
fn random_opening_with<B: TableCache>(
    variant: &'static Variant,
    config: &RandomOpenings,
    rng: &mut Rng,
) -> Opening {
    let Ok(start) = position_from_fen::<B>(variant, variant.start_fen) else {
        return Opening::start(variant);
    };
    // The generic evaluation, so that a seed gives the same openings as a game's fitted
    // evaluation changes (runs before and after a change compare on the same openings).
    let evaluator = Evaluator::generic(variant);
    let shared = Shared::new(1);
    let mut best: Option<Opening> = None;
    for _ in 0..ATTEMPTS {
        let span = config.max_plies.saturating_sub(config.min_plies) + 1;
        let plies = config.min_plies + rng.below(span);
        let mut game = Game::new(start.clone());
        let mut moves = Vec::new();
        let mut keys = Vec::new();
        while moves.len() < plies && game.outcome().is_none() {
            let legal = game.legal_moves();
            let mv = legal.as_slice()[rng.below(legal.len())];
            moves.push(move_to_text(game.position(), mv));
            keys.push(game.position().key());
            game.play(mv);
        }
        if game.outcome().is_some() {
            continue;
        }
        let pos = game.position();
        shared.clear();
        shared.arm();
        let limits = Limits {
            depth: Some(config.depth),
            nodes: Some(config.nodes),
            ..Limits::default()
        };
        let result = search(pos, &keys, &limits, &shared, 1, &evaluator, |_| {});
        let white_score = match pos.side_to_move() {
            Color::White => result.score,
            Color::Black => -result.score,
        };
        let opening = Opening {
            variant,
            fen: None,
            moves,
            score: Some(white_score),
        };
        if white_score.abs() <= config.max_cp {
            return opening;
        }
        let better = match best.as_ref().and_then(|b| b.score) {
            Some(s) => s.abs() > white_score.abs(),
            None => true,
        };
        if better {
            best = Some(opening);
        }
    }
    best.unwrap_or_else(|| Opening::start(variant))
}

/// Reads a file of start positions for `variant`: one FEN (or four-field EPD, whose
/// clocks are taken as `0 1`; EPD operations after them are ignored) per line; blank
/// lines and lines starting with `#` are skipped.
pub fn read_openings(variant: &'static Variant, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let numeric = |f: Option<&&str>| f.is_some_and(|f| f.parse::<u32>().is_ok());
        let fen = if fields.len() >= 6 && numeric(fields.get(4)) && numeric(fields.get(5)) {
            fields[..6].join(" ")
        } else if fields.len() >= 4 {
            format!("{} 0 1", fields[..4].join(" "))
        } else {
            return Err(OpeningError::NotAFen {
                line: i + 1,
                text: line.to_string(),
            });
        };
        let opening = Opening::new(variant, Some(fen), &[]).map_err(|e| match e {
            OpeningError::BadFen { game, fen, why, .. } => OpeningError::BadFen {
                line: i + 1,
                game,
                fen,
                why,
            },
            other => other,
        })?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn random_openings_are_legal_balanced_and_repeatable() {
        let config = RandomOpenings {
            min_plies: 4,
            max_plies: 8,
            max_cp: 150,
            depth: 2,
            nodes: 5_000,
        };
        for variant in variants::all().iter().copied() {
            let a = random_opening(variant, &config, &mut Rng::new(7));
            let b = random_opening(variant, &config, &mut Rng::new(7));
            assert_eq!(a, b);
            assert_eq!(a.variant().id, variant.id);
            assert!(
                (4..=8).contains(&a.moves().len()),
                "{}: {:?}",
                variant.id,
                a.moves()
            );
            assert!(a.score().is_some());
            // Every ply is legal from the start, and the game is still on.
            let game = a.replay::<u128>().unwrap();
            assert!(game.outcome().is_none());
        }
    }

    #[test]
    fn openings_are_checked_when_made() {
        let chess = variants::chess();
        let o = Opening::new(chess, None, &["E2E4", "e7e5"]).unwrap();
        assert_eq!((o.fen(), o.score()), (None, None));
        assert_eq!(o.moves(), ["e2e4", "e7e5"]);
        assert_eq!(
            Opening::new(chess, None, &["e2e4", "e2e4"])
                .unwrap_err()
                .to_string()
                .split(':')
                .next(),
            Some("opening ply 'e2e4' of chess is not legal")
        );
        let e = Opening::new(chess, Some("8/8/8 w - - 0 1".into()), &[]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("bad chess FEN '8/8/8 w - - 0 1': "),
            "{e}"
        );
        // After mate no ply is legal.
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert!(Opening::new(chess, Some(mate.into()), &["a2a3"]).is_err());
        // Boards beyond 64 squares replay too.
        let lion = variants::by_id("royal-lion").unwrap();
        let first = Opening::new(lion, None, &[]).unwrap();
        assert!(first.replay::<u128>().unwrap().outcome().is_none());
    }

    #[test]
    fn opening_files() {
        let chess = variants::chess();
        let text = "# two positions\n\
                    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                    \n\
                    rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"e4 e5\";\n";
        let openings = read_openings(chess, text).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(
            openings[1].fen(),
            Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
        );
        assert_eq!(read_openings(chess, ""), Err(OpeningError::Empty));
        assert_eq!(
            read_openings(chess, "\n8/8/8 w\n").unwrap_err().to_string(),
            "line 2: '8/8/8 w' is not a FEN"
        );
        let e = read_openings(chess, "8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1: bad chess FEN '8/8/8/8/8/8/8/8 w - - 0 1': "),
            "{e}"
        );
    }
}
