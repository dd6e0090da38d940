//! One game between two UCI engines with Joust as referee: the opening is played out,
//! then each engine is asked for its move with its own limits and clock; every move is
//! checked against Joust's rules, and the game ends by Joust's outcomes (see the rules
//! book), an illegal move, a crash, a time forfeit, or adjudication as a draw at a ply
//! limit.

use crate::engine::GoError;
use crate::limits::Limits;
use crate::move_text::{engine_move, text_for_engine};
use crate::openings::{Opening, OpeningError};
use crate::player::Player;
use joust_core::Color;
use joust_movegen::with_board_bits;
use joust_movegen::{Game, TableCache};
use joust_notation::{PgnGame, PgnMove};
use std::time::Duration;

/// How games are refereed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The side that erred.
    pub side: Color,
    /// What happened, with the move text and the position.
    pub what: String,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The game for the PGN file (tags White, Black, Result, Termination and PlyCount
    /// set).
    pub pgn: PgnGame,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// A short reason: `checkmate`, `time forfeit`, `illegal move`, ...
    pub reason: String,
    /// An illegal move, crash or stall, if that ended the game.
    pub fault: Option<Fault>,
    /// White's and Black's most clock-hungry move, for games on a clock (see
    /// [`ClockUse`]); `None` for a side that made no move on a clock.
    pub hungriest: [Option<ClockUse>; 2],
}

/// How much of its clock one move took, against the budget a sound time manager keeps
/// to: a fifth of the time left plus the increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockUse {
    /// The move's ply in the game (from 0, opening included).
    pub ply: usize,
    /// The time the move took.
    pub used: Duration,
    /// The time on the mover's clock when it was asked to move.
    pub left: Duration,
    /// The increment per move.
    pub increment: Duration,
}

impl ClockUse {
    /// The budget: a fifth of the time left plus the increment.
    pub fn budget(&self) -> Duration {
        self.left / 5 + self.increment
    }

    /// The time used as a share of [`budget`](Self::budget): over 1 is over budget.
    pub fn share(&self) -> f64 {
        self.used.as_secs_f64() / self.budget().as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for ClockUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ply {}: {:.3} s used with {:.3} s left + {:.3} s, {:.0}% of a fifth of the clock \
             plus the increment",
            self.ply + 1,
            self.used.as_secs_f64(),
            self.left.as_secs_f64(),
            self.increment.as_secs_f64(),
            self.share() * 100.0
        )
    }
}

/// The two players of a game and their limits, White first.
pub struct Sides<'a> {
    /// White's and Black's engines.
    pub players: [&'a mut Player; 2],
    /// White's and Black's limits.
    pub limits: [Limits; 2],
}

/// Plays one game from `opening`; an error only if the opening cannot be played out,
/// which a checked [`Opening`] always can.
pub fn play_game(
    opening: &Opening,
    sides: Sides<'_>,
    referee: &Referee,
) -> Result<Finished, OpeningError> {
    with_board_bits!(opening.variant(), B => play_with::<B>(opening, sides, referee))
}

/// `White` or `Black`.
fn side_name(c: Color) -> &'static str {
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

    /// `side` lost by a fault: an illegal move, a crash or a stall.
    fn fault(side: Color, reason: &str, termination: &'static str, what: String) -> End {
        let mut end = End::loss(side, termination, reason, what.clone());
        end.fault = Some(Fault { side, what });
        end
    }
}

/// [`play_game`] at width `B`.
fn play_with<B: TableCache>(
    opening: &Opening,
    sides: Sides<'_>,
    referee: &Referee,
) -> Result<Finished, OpeningError> {
    let variant = opening.variant();
    let Sides {
        players: [white, black],
        limits,
    } = sides;
    let players = [white, black];
    let names = [players[0].label(), players[1].label()];
    let (mut game, mut texts): (Game<B>, _) = opening.play_out()?;
    let mut moves: Vec<PgnMove> = game.moves().map(PgnMove::new).collect();
    let mut opening_comment = None;
    match moves.last_mut() {
        Some(last) => last.comments.push("end of opening".to_string()),
        None if opening.fen().is_some() => opening_comment = Some("opening position".to_string()),
        None => {}
    }
    let position_command = match opening.fen() {
        None => "position startpos".to_string(),
        Some(fen) => format!("position fen {fen}"),
    };
    let clock_of = |l: &Limits| l.tc.map_or(Duration::ZERO, |tc| tc.base);
    let mut clocks = [clock_of(&limits[0]), clock_of(&limits[1])];
    let mut hungriest: [Option<ClockUse>; 2] = [None, None];
    let failed_start = Color::ALL.into_iter().find_map(|side| {
        let e = players[side.index()].new_game(variant).err()?;
        Some((side, e.to_string()))
    });
    let end = match failed_start {
        Some((side, e)) => crash(side, &names, &e, players[side.index()]),
        None => loop {
            if let Some(outcome) = game.outcome() {
                let reason = outcome.to_string();
                break End {
                    winner: outcome.winner(),
                    termination: "normal",
                    reason: reason.split(',').next().unwrap_or("").to_string(),
                    comment: reason,
                    fault: None,
                };
            }
            if moves.len() >= referee.max_plies {
                break End {
                    winner: None,
                    termination: "adjudication",
                    reason: "ply limit".to_string(),
                    comment: format!("draw by adjudication after {} plies", referee.max_plies),
                    fault: None,
                };
            }
            let side = game.position().side_to_move();
            let me = side.index();
            let lim = limits[me];
            let position = if texts.is_empty() {
                position_command.clone()
            } else {
                format!("{position_command} moves {}", texts.join(" "))
            };
            // A clock or a movetime bounds the wait (past it the engine loses on time);
            // without either only the stall timeout does.
            let timed = lim.time_allowed(clocks[me], referee.margin);
            let allowed = timed.unwrap_or(referee.stall_timeout);
            let fen = game.position().to_fen();
            let who = format!("{} ({})", side_name(side), names[me]);
            let reply = match players[me].go(&position, &lim.go_command(clocks), allowed) {
                Ok(reply) => reply,
                Err(GoError::Timeout { elapsed, hung }) => {
                    let hung_note = if hung {
                        ", ignored stop and was restarted"
                    } else {
                        ""
                    };
                    if timed.is_some() {
                        let what = format!(
                            "{who} lost on time: no move {:.3} s after go{hung_note}",
                            elapsed.as_secs_f64()
                        );
                        break End::loss(side, "time forfeit", "time forfeit", what);
                    }
                    let what = format!(
                        "{who} gave no move within {} s{hung_note}, in {fen}",
                        elapsed.as_secs()
                    );
                    break End::fault(side, "stalled", "abandoned", what);
                }
                Err(GoError::Failed(e)) => break crash(side, &names, &e.to_string(), players[me]),
            };
            let mut late = None;
            if let Some(tc) = lim.tc {
                if reply.elapsed > clocks[me] + referee.margin {
                    late = Some(clocks[me]);
                }
                let this = ClockUse {
                    ply: moves.len(),
                    used: reply.elapsed,
                    left: clocks[me],
                    increment: tc.increment,
                };
                if hungriest[me].is_none_or(|h| this.share() > h.share()) {
                    hungriest[me] = Some(this);
                }
                clocks[me] = clocks[me].saturating_sub(reply.elapsed) + tc.increment;
            }
            if let Some(ms) = lim.movetime {
                if reply.elapsed > Duration::from_millis(ms) + referee.margin {
                    late = Some(Duration::from_millis(ms));
                }
            }
            if let Some(had) = late {
                let what = format!(
                    "{who} lost on time: {:.3} s used, {:.3} s allowed",
                    reply.elapsed.as_secs_f64(),
                    had.as_secs_f64()
                );
                break End::loss(side, "time forfeit", "time forfeit", what);
            }
            let mv = match engine_move(game.position(), &reply.best_move) {
                Ok(mv) => mv,
                Err(why) => {
                    let what = format!(
                        "{who} played the illegal move '{}' in {fen}: {why}",
                        reply.best_move
                    );
                    break End::fault(side, "illegal move", "rules infraction", what);
                }
            };
            texts.push(text_for_engine(game.position(), mv));
            game.play(mv);
            let mut m = PgnMove::new(mv);
            let mut note = Vec::new();
            if let Some(s) = reply.info.score.map(|s| s.pgn_text()) {
                note.push(match reply.info.depth {
                    Some(d) => format!("{s}/{d}"),
                    None => s,
                });
            }
            note.push(format!("{:.3}s", reply.elapsed.as_secs_f64()));
            m.comments.push(note.join(" "));
            moves.push(m);
        },
    };
    let mut pgn = PgnGame::new(variant, opening.fen().map(str::to_string), &[]);
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
    Ok(Finished {
        pgn,
        winner: end.winner,
        reason: end.reason,
        fault: end.fault,
        hungriest,
    })
}

/// `side`'s engine failed: it loses, and it is restarted for the next game.
fn crash(side: Color, names: &[String; 2], msg: &str, player: &mut Player) -> End {
    let restarted = match player.restart() {
        Ok(()) => "restarted".to_string(),
        Err(e) => format!("restart failed: {e}"),
    };
    let what = format!(
        "{} ({}) failed: {msg} ({restarted})",
        side_name(side),
        names[side.index()]
    );
    End::fault(side, "crash", "abandoned", what)
}

#[cfg(test)]
mod tests;
