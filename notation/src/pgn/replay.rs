//! Replaying a game as written: its `[Variant]`, `[SetUp]` and `[FEN]` tags, each move
//! of the main line and its variations (SAN, coordinates or a null move), and its result
//! against the moves.

use super::syntax::{self, RawGame, RawLine};
use super::variant_tag::variant_of_tag;
use super::{number_prefix, Line, Loc, PgnError, PgnErrorKind, PgnGame, PgnMove};
use crate::coordinate::{parse_move, MoveTextError};
use crate::san::{parse_san, SanError};
use joust_core::{variants, Position};
use joust_movegen::{
    in_check, position_from_fen, with_board_bits, Game, Move, Outcome, TableCache,
};

/// Game `number` of a file from its syntax: the game it plays, its start, its moves
/// replayed, its result checked.
pub(crate) fn build_game(number: usize, raw: RawGame) -> Result<PgnGame, PgnError> {
    let err = |loc: Loc, kind: PgnErrorKind| PgnError {
        game: number,
        loc,
        kind,
    };
    let tag = |name: &str| {
        raw.tags
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v, loc)| (v.as_str(), *loc))
    };
    // The game first: one Joust cannot play is reported as that, and only that.
    let variant = match tag("Variant") {
        None => variants::chess(),
        Some((name, loc)) => variant_of_tag(name).map_err(|kind| err(loc, kind))?,
    };
    if let Some((loc, kind)) = raw.error.clone() {
        return Err(err(loc, kind));
    }
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
    let fen_loc = fen.map(|(_, loc)| loc);
    let outcome = with_board_bits!(variant, B => replay::<B>(number, &raw, &mut game, fen_loc)?);
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
        let mv = match read_move(&game, &rm.text) {
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
            // A variation starts from this position without the game's history, which
            // only decides repetitions, and a variation's outcome is not used: copying
            // the history for each one would make a game with many variations slow.
            let from = Game::new(game.position().clone());
            match replay_line(number, v, from, false, issues) {
                Ok((l, _)) => variations.push(l),
                Err(e) => issues.push(e),
            }
        }
        play(&mut game, mv);
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

/// The ways programs write a null move: `--` (SAN, python-chess), `Z0` (ChessBase),
/// `0000` (UCI coordinates), `@@@@` (python-chess's UCI form), `null`.
const NULL_MOVES: [&str; 5] = ["--", "Z0", "0000", "@@@@", "null"];

/// A move as written in a PGN: a null move, SAN, then coordinate text.
fn read_move<B: TableCache>(game: &Game<B>, text: &str) -> Result<Move, String> {
    let pos = game.position();
    if NULL_MOVES.iter().any(|n| n.eq_ignore_ascii_case(text)) {
        return match null_refusal(game) {
            None => Ok(Move::null()),
            Some(why) => Err(format!("a null move ('{text}') {why}")),
        };
    }
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

/// Why the side to move cannot pass here, if it cannot (see [`Game::play_null`]).
fn null_refusal<B: TableCache>(game: &Game<B>) -> Option<&'static str> {
    let pos = game.position();
    if pos.in_setup() {
        Some("is not possible during the setup phase")
    } else if in_check(pos) {
        Some("cannot answer a check")
    } else if game.legal_moves().is_empty() {
        Some("is not possible once the game is over")
    } else {
        None
    }
}

/// Plays a move [`read_move`] accepted: a null move passes, any other is legal.
pub(crate) fn play<B: TableCache>(game: &mut Game<B>, mv: Move) -> bool {
    if mv.is_null() {
        game.play_null()
    } else {
        game.play(mv)
    }
}
