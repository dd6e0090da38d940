//! One game between two UCI engines with Joust as referee: the opening is played out,
//! then each engine is asked for its move with its own limits and clock; every move is
//! checked against Joust's rules, and the game ends by Joust's outcomes (RULES.md §1.4),
//! an illegal move, a crash, a time forfeit, or adjudication as a draw at a ply limit.

use crate::match_spec::Limits;
use crate::openings::Opening;
use crate::referee::{engine_move, text_for_engine};
use crate::uci_client::{score_comment, GoError, Player};
use joust_core::{Color, Position};
use joust_movegen::{position_from_fen, Game, TableCache};
use joust_notation::{parse_move, PgnGame, PgnMove};
use std::time::Duration;

/// How games are refereed.
#[derive(Clone, Copy, Debug)]
pub struct Referee {
    /// How far past its clock (or its `movetime`) an engine may go before it loses on
    /// time.
    pub margin: Duration,
    /// How long an engine limited only by depth or nodes may think before it counts as
    /// stalled (a fault, like a crash).
    pub stall_timeout: Duration,
    /// Plies (opening included) after which an unfinished game is adjudicated a draw.
    pub max_plies: usize,
}

/// Something an engine did wrong that no correct engine does: it makes the match fail.
#[derive(Clone, Debug)]
pub struct Fault {
    /// The side that erred.
    pub side: Color,
    /// What happened, with the move text and the position.
    pub what: String,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game for the PGN file (tags White, Black, Result and Termination set).
    pub pgn: PgnGame,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// A short reason: `checkmate`, `time forfeit`, `illegal move`, ...
    pub reason: String,
    /// An illegal move, crash or stall, if that ended the game.
    pub fault: Option<Fault>,
}

/// The two players of a game and their limits, White first.
pub struct Sides<'a> {
    /// White's and Black's engines.
    pub players: [&'a mut Player; 2],
    /// White's and Black's limits.
    pub limits: [Limits; 2],
}

/// Plays one game from `opening`.
pub fn play_game(opening: &Opening, sides: Sides<'_>, referee: &Referee) -> Finished {
    if opening.variant.geometry.len() <= 64 {
        play_with::<u64>(opening, sides, referee)
    } else {
        play_with::<u128>(opening, sides, referee)
    }
}

/// The index of a colour in White-first arrays.
fn index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// `White` or `Black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How a game ended, before the PGN is made.
struct End {
    winner: Option<Color>,
    termination: &'static str,
    reason: String,
    comment: String,
    fault: Option<Fault>,
}

impl End {
    /// `side` lost by its own doing.
    fn loss(side: Color, termination: &'static str, reason: &str, comment: String) -> End {
        End {
            winner: Some(!side),
            termination,
            reason: reason.to_string(),
            comment,
            fault: None,
        }
    }
}

/// [`play_game`] at width `B`.
fn play_with<B: TableCache>(opening: &Opening, sides: Sides<'_>, referee: &Referee) -> Finished {
    let variant = opening.variant;
    let start_fen = opening.fen.as_deref().unwrap_or(variant.start_fen);
    let Sides {
        players: [white, black],
        limits,
    } = sides;
    let players = [white, black];
    let names = [players[0].label(), players[1].label()];
    let start: Position<B> = position_from_fen(variant, start_fen).expect("openings are checked");
    let mut game = Game::new(start);
    let mut texts: Vec<String> = Vec::new();
    let mut moves: Vec<PgnMove> = Vec::new();
    for text in &opening.moves {
        let mv = parse_move(game.position(), text).expect("opening moves are legal");
        texts.push(text_for_engine(game.position(), mv));
        game.play(mv);
        moves.push(PgnMove::new(mv));
    }
    let mut opening_comment = None;
    match moves.last_mut() {
        Some(last) => last.comments.push("end of opening".to_string()),
        None if opening.fen.is_some() => opening_comment = Some("opening position".to_string()),
        None => {}
    }
    let clock_of = |l: &Limits| l.tc.map_or(Duration::ZERO, |tc| tc.base);
    let mut clocks = [clock_of(&limits[0]), clock_of(&limits[1])];
    let mut end = None;
    for side in [Color::White, Color::Black] {
        if let Err(e) = players[index(side)].new_game(variant) {
            end = Some(crash(side, &names, &e.0, players[index(side)]));
            break;
        }
    }
    while end.is_none() {
        if let Some(outcome) = game.outcome() {
            let reason = outcome.to_string();
            end = Some(End {
                winner: outcome.winner(),
                termination: "normal",
                reason: reason.split(',').next().unwrap_or("").to_string(),
                comment: reason,
                fault: None,
            });
            break;
        }
        if moves.len() >= referee.max_plies {
            end = Some(End {
                winner: None,
                termination: "adjudication",
                reason: "ply limit".to_string(),
                comment: format!("draw by adjudication after {} plies", referee.max_plies),
                fault: None,
            });
            break;
        }
        let side = game.position().side_to_move();
        let me = index(side);
        let lim = limits[me];
        let position = match &opening.fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        let position = if texts.is_empty() {
            position
        } else {
            format!("{position} moves {}", texts.join(" "))
        };
        let go = lim.go_command(clocks);
        // A clock or a movetime bounds the wait (past it the engine loses on time);
        // without either only the stall timeout does.
        let by_clock = lim.tc.map(|_| clocks[me] + referee.margin);
        let by_movetime = lim
            .movetime
            .map(|ms| Duration::from_millis(ms) + referee.margin);
        let timed = by_clock.is_some() || by_movetime.is_some();
        let allowed = match (by_clock, by_movetime) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => referee.stall_timeout,
        };
        let fen = game.position().to_fen();
        match players[me].go(&position, &go, allowed) {
            Err(GoError::Timeout { elapsed, hung }) => {
                let hung_note = if hung {
                    ", ignored stop and was restarted"
                } else {
                    ""
                };
                if timed {
                    end = Some(End::loss(
                        side,
                        "time forfeit",
                        "time forfeit",
                        format!(
                            "{} ({}) lost on time: no move {:.3} s after go{hung_note}",
                            side_name(side),
                            names[me],
                            elapsed.as_secs_f64()
                        ),
                    ));
                } else {
                    let what = format!(
                        "{} ({}) gave no move within {} s{hung_note}, in {fen}",
                        side_name(side),
                        names[me],
                        elapsed.as_secs()
                    );
                    let mut e = End::loss(side, "abandoned", "stalled", what.clone());
                    e.fault = Some(Fault { side, what });
                    end = Some(e);
                }
            }
            Err(GoError::Crash(msg)) => end = Some(crash(side, &names, &msg, players[me])),
            Ok(reply) => {
                let mut late = None;
                if let Some(tc) = lim.tc {
                    if reply.elapsed > clocks[me] + referee.margin {
                        late = Some(clocks[me]);
                    }
                    clocks[me] = clocks[me].saturating_sub(reply.elapsed) + tc.increment;
                }
                if let Some(ms) = lim.movetime {
                    if reply.elapsed > Duration::from_millis(ms) + referee.margin {
                        late = Some(Duration::from_millis(ms));
                    }
                }
                if let Some(had) = late {
                    end = Some(End::loss(
                        side,
                        "time forfeit",
                        "time forfeit",
                        format!(
                            "{} ({}) lost on time: {:.3} s used, {:.3} s allowed",
                            side_name(side),
                            names[me],
                            reply.elapsed.as_secs_f64(),
                            had.as_secs_f64()
                        ),
                    ));
                    continue;
                }
                match engine_move(game.position(), &reply.text) {
                    Ok(mv) => {
                        texts.push(text_for_engine(game.position(), mv));
                        game.play(mv);
                        let mut m = PgnMove::new(mv);
                        let mut note = Vec::new();
                        if let Some(s) = reply.score.as_deref().and_then(score_comment) {
                            note.push(match reply.depth {
                                Some(d) => format!("{s}/{d}"),
                                None => s,
                            });
                        }
                        note.push(format!("{:.3}s", reply.elapsed.as_secs_f64()));
                        m.comments.push(note.join(" "));
                        moves.push(m);
                    }
                    Err(why) => {
                        let what = format!(
                            "{} ({}) played the illegal move '{}' in {fen}: {why}",
                            side_name(side),
                            names[me],
                            reply.text
                        );
                        let mut e =
                            End::loss(side, "rules infraction", "illegal move", what.clone());
                        e.fault = Some(Fault { side, what });
                        end = Some(e);
                    }
                }
            }
        }
    }
    let end = end.expect("the loop ends with an end");
    let mut pgn = PgnGame::new(variant, opening.fen.clone(), &[]);
    pgn.line.moves = moves;
    if let Some(c) = opening_comment {
        pgn.line.comments.push(c);
    }
    match pgn.line.moves.last_mut() {
        Some(last) => last.comments.push(end.comment.clone()),
        None => pgn.line.comments.push(end.comment.clone()),
    }
    pgn.result = match end.winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
    .to_string();
    pgn.set_tag("White", &names[0]);
    pgn.set_tag("Black", &names[1]);
    pgn.set_tag("Termination", end.termination);
    pgn.set_tag("PlyCount", &pgn.line.moves.len().to_string());
    Finished {
        pgn,
        winner: end.winner,
        reason: end.reason,
        fault: end.fault,
    }
}

/// `side`'s engine crashed: it loses, and it is restarted for the next game.
fn crash(side: Color, names: &[String; 2], msg: &str, player: &mut Player) -> End {
    let restarted = match player.restart() {
        Ok(()) => "restarted".to_string(),
        Err(e) => format!("restart failed: {e}"),
    };
    let what = format!(
        "{} ({}) failed: {msg} ({restarted})",
        side_name(side),
        names[index(side)]
    );
    let mut e = End::loss(side, "abandoned", "crash", what.clone());
    e.fault = Some(Fault { side, what });
    e
}
