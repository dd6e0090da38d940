//! Openings for a match: random legal first plies that a quick Joust search finds
//! balanced, or positions read from a file of FENs.

use joust_core::{Position, Variant};
use joust_movegen::{position_from_fen, Game, TableCache};
use joust_notation::move_to_text;
use joust_search::{search, Evaluator, Limits, Shared};

/// Random openings tried per opening before the most balanced one seen is taken.
const ATTEMPTS: usize = 200;

/// A start for a pair of games: a position and the plies played from it before the
/// engines take over.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The game.
    pub variant: &'static Variant,
    /// The start FEN, or `None` for the game's own start position.
    pub fen: Option<String>,
    /// The opening plies from that start, as coordinate text.
    pub moves: Vec<String>,
    /// Joust's score of the final position for White, in centipawns, if it was searched.
    pub score: Option<i32>,
}

/// How random openings are made.
#[derive(Clone, Copy, Debug)]
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

/// A small seeded random number generator (SplitMix64): the same seed gives the same
/// openings on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random balanced opening of `variant` from its start position: `min_plies` to
/// `max_plies` random legal plies (Musketeer's setup choices included) after which the
/// game is not over and a Joust search of `depth` plies (at most `nodes` nodes) scores
/// it within ±`max_cp`. After
/// [`ATTEMPTS`] tries without one, the most balanced opening seen is returned.
pub fn random_opening(
    variant: &'static Variant,
    config: &RandomOpenings,
    rng: &mut Rng,
) -> Opening {
    if variant.geometry.len() <= 64 {
        random_opening_with::<u64>(variant, config, rng)
    } else {
        random_opening_with::<u128>(variant, config, rng)
    }
}

/// [`random_opening`] at width `B`.
fn random_opening_with<B: TableCache>(
    variant: &'static Variant,
    config: &RandomOpenings,
    rng: &mut Rng,
) -> Opening {
    let start: Position<B> =
        position_from_fen(variant, variant.start_fen).expect("a built-in start FEN is valid");
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
            joust_core::Color::White => result.score,
            joust_core::Color::Black => -result.score,
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
    best.unwrap_or(Opening {
        variant,
        fen: None,
        moves: Vec::new(),
        score: None,
    })
}

/// Reads a file of start positions for `variant`: one FEN (or four-field EPD, whose
/// clocks are taken as `0 1`; EPD operations after them are ignored) per line; blank
/// lines and lines starting with `#` are skipped.
pub fn read_openings(variant: &'static Variant, text: &str) -> Result<Vec<Opening>, String> {
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
            return Err(format!("line {}: '{line}' is not a FEN", i + 1));
        };
        let valid = if variant.geometry.len() <= 64 {
            position_from_fen::<u64>(variant, &fen).map(|_| ())
        } else {
            position_from_fen::<u128>(variant, &fen).map(|_| ())
        };
        valid.map_err(|e| format!("line {}: bad {} FEN '{fen}': {e}", i + 1, variant.id))?;
        out.push(Opening {
            variant,
            fen: Some(fen),
            moves: Vec::new(),
            score: None,
        });
    }
    if out.is_empty() {
        return Err("the openings file has no positions".to_string());
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
            assert_eq!(
                (a.variant.id, &a.moves, a.score),
                (variant.id, &b.moves, b.score)
            );
            assert!(
                (4..=8).contains(&a.moves.len()),
                "{}: {:?}",
                variant.id,
                a.moves
            );
            assert!(a.score.is_some());
            // Every ply is legal from the start, and the game is still on.
            let mut game =
                Game::new(position_from_fen::<u128>(variant, variant.start_fen).unwrap());
            for text in &a.moves {
                let mv = joust_notation::parse_move(game.position(), text).unwrap();
                assert!(game.play(mv));
            }
            assert!(game.outcome().is_none());
        }
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
            openings[1].fen.as_deref(),
            Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
        );
        assert!(read_openings(chess, "").is_err());
        assert!(read_openings(chess, "8/8/8 w\n").is_err());
        assert!(read_openings(chess, "8/8/8/8/8/8/8/8 w - - 0 1\n").is_err());
    }
}
