//! How a game ends (docs/rules/README.md, "How a game ends"), and games as a sequence of
//! positions.

use crate::generate::generate;
use crate::make::{checking_kinds, make, unmake, Undo};
use crate::moves::{Move, MoveList};
use crate::tables::{tables, TableCache, Tables};
use joust_core::{Color, GoalEnd, Position};
use std::fmt;

/// The end of a game and its reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` mated it.
    Checkmate {
        /// Who gave mate.
        winner: Color,
    },
    /// The side to move is checkmated under Shatar's mating rule
    /// ([`joust_core::check_series`]), and the mate does not win for the mater: it was
    /// given by Knights alone (the mated side wins) or its series of checks had no shak
    /// (a draw).
    UncountedMate {
        /// Who gave mate.
        mater: Color,
        /// True if Knights alone gave it.
        by_knights: bool,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate {
        /// Who wins it, if anyone (Cromwell: the stalemating side).
        winner: Option<Color>,
    },
    /// No sequence of legal moves can lead to mate.
    DeadPosition,
    /// The same position occurred for the third time.
    Repetition,
    /// A hundred plies without a capture or pawn move.
    FiftyMoves,
    /// A side ran short of the pieces the game's extinction rule counts (Antichess: it
    /// has none left and wins; Three Kings: it has lost a King and loses).
    Extinction {
        /// The side that ran short.
        side: Color,
        /// The name of the kind counted, or `None` for all its pieces.
        kind: Option<&'static str>,
        /// How many it has left.
        left: u32,
        /// Who wins, or `None` for a draw.
        winner: Option<Color>,
    },
    /// A goal of the game besides mate was reached: a flag piece in its region (King of
    /// the Hill, Racing Kings), or the last check given (Three-check).
    Goal(GoalEnd),
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::UncountedMate { mater, by_knights } => by_knights.then_some(!mater),
            Outcome::Stalemate { winner } => winner,
            Outcome::Extinction { winner, .. } => winner,
            Outcome::Goal(goal) => goal.winner(),
            _ => None,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            Outcome::UncountedMate {
                mater,
                by_knights: true,
            } => write!(f, "checkmate by Knights alone, {} wins", !*mater),
            Outcome::UncountedMate {
                by_knights: false, ..
            } => write!(f, "checkmate with no shak among the checks, draw"),
            Outcome::Stalemate { winner: None } => write!(f, "stalemate, draw"),
            Outcome::Stalemate {
                winner: Some(winner),
            } => write!(f, "stalemate, {winner} wins"),
            Outcome::DeadPosition => write!(f, "dead position, draw"),
            Outcome::Repetition => write!(f, "threefold repetition, draw"),
            Outcome::FiftyMoves => write!(f, "fifty-move rule, draw"),
            Outcome::Extinction {
                side,
                kind,
                left,
                winner,
            } => {
                let what = kind.unwrap_or("piece");
                let plural = if *left == 1 { "" } else { "s" };
                match left {
                    0 => write!(f, "{side} has no {what}{plural} left, ")?,
                    n => write!(f, "{side} has {n} {what}{plural} left, ")?,
                }
                match winner {
                    Some(w) => write!(f, "{w} wins"),
                    None => write!(f, "draw"),
                }
            }
            Outcome::Goal(GoalEnd::Flag { winner: Some(w) }) => {
                write!(f, "{w} reached its flag region, {w} wins")
            }
            Outcome::Goal(GoalEnd::Flag { winner: None }) => {
                write!(f, "both sides reached their flag regions, draw")
            }
            Outcome::Goal(GoalEnd::Checks { winner }) => {
                write!(f, "{winner} gave its last check, {winner} wins")
            }
        }
    }
}

/// A game in progress: the current position and the keys of every earlier one.
///
/// It knows how a game ends (a goal such as a flag or the last check, mate, stalemate,
/// the game's dead positions, threefold repetition, the move-count rule):
///
/// ```
/// use joust_core::{variants, Color};
/// use joust_movegen::{position_from_fen, Game, Outcome};
/// use joust_notation::parse_move;
///
/// let chess = variants::chess();
/// let mut game: Game<u64> = Game::new(position_from_fen(chess, chess.start_fen).unwrap());
/// for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     let mv = parse_move(game.position(), text).unwrap();
///     assert!(game.play(mv));
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
/// assert_eq!(game.outcome().unwrap().result(), "0-1");
/// assert!(game.legal_moves().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Game<B: TableCache> {
    position: Position<B>,
    history: Vec<(u64, Move, Undo)>,
}

impl<B: TableCache> Game<B> {
    /// A game starting from `position`.
    pub fn new(position: Position<B>) -> Game<B> {
        Game {
            position,
            history: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position<B> {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|h| h.1)
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(
            tables::<B>(self.position.variant()),
            &self.position,
            &mut list,
        );
        list
    }

    /// Plays `mv` if it is legal; returns false (and changes nothing) otherwise.
    pub fn play(&mut self, mv: Move) -> bool {
        if !self.legal_moves().contains(&mv) {
            return false;
        }
        let t = tables::<B>(self.position.variant());
        let key = self.position.key();
        let undo = make(t, &mut self.position, mv);
        self.history.push((key, mv, undo));
        true
    }

    /// Passes the turn with the null move ([`Move::null`]), as analysis files record
    /// it; returns false (and changes nothing) where passing would leave an illegal
    /// position or make no sense: the side to move in check, a gating game's setup, or
    /// a game already decided by having no legal move. [`Game::undo`] takes it back.
    pub fn play_null(&mut self) -> bool {
        let pos = &self.position;
        let t = tables::<B>(pos.variant());
        if pos.in_setup() || t.in_check(pos, pos.side_to_move()) || self.legal_moves().is_empty() {
            return false;
        }
        let key = pos.key();
        let undo = make(t, &mut self.position, Move::null());
        self.history.push((key, Move::null(), undo));
        true
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let (_, mv, undo) = self.history.pop()?;
        unmake(
            tables::<B>(self.position.variant()),
            &mut self.position,
            mv,
            &undo,
        );
        Some(mv)
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let key = self.position.key();
        1 + self.history.iter().filter(|h| h.0 == key).count()
    }

    /// The outcome, if the game is over, checked in the order of the rules book
    /// (docs/rules/README.md, "How a game ends").
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let variant = pos.variant();
        let t = tables::<B>(variant);
        let us = pos.side_to_move();
        if let Some(goal) = pos.goal_end() {
            return Some(Outcome::Goal(goal));
        }
        let ends = &variant.end_rules;
        if let Some(end) = ends.extinct(pos) {
            return Some(Outcome::Extinction {
                side: end.side,
                kind: end.kind.map(|k| variant.kind(k).name),
                left: end.left,
                winner: end.winner,
            });
        }
        if self.legal_moves().is_empty() {
            return Some(if t.in_check(pos, us) {
                let winner = checkmate_winner(t, pos);
                match winner {
                    // Losers: being mated wins; else the mater won.
                    Some(w) if ends.shatar_mate.is_none() || w == !us => {
                        Outcome::Checkmate { winner: w }
                    }
                    // Shatar: a mate that does not count.
                    _ if ends.shatar_mate.is_some() => Outcome::UncountedMate {
                        mater: !us,
                        by_knights: winner.is_some(),
                    },
                    // Unreached: game files refuse `checkmateValue = draw`.
                    _ => Outcome::Checkmate { winner: !us },
                }
            } else {
                Outcome::Stalemate {
                    winner: variant.stalemate.winner(
                        us,
                        pos.pieces(us).count(),
                        pos.pieces(!us).count(),
                    ),
                }
            });
        }
        // A game with its own ends (extinction, mate that wins) has no dead positions.
        if !ends.has_own_ends() && variant.dead_position.is_dead(variant, &pos.material()) {
            return Some(Outcome::DeadPosition);
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Repetition);
        }
        if pos.halfmove_clock() >= variant.fifty_move_plies {
            return Some(Outcome::FiftyMoves);
        }
        None
    }
}

/// The winner when the side to move in `pos` is checkmated, `None` for a draw: the game's
/// `checkmateValue` (the mater wins, or the mated side in Losers), or under Shatar's
/// mating rule what the mater's series of checks makes of it. The one place where both
/// [`Game::outcome`] and the search read this.
pub fn checkmate_winner<B: TableCache>(t: &Tables<B>, pos: &Position<B>) -> Option<Color> {
    let mated = pos.side_to_move();
    let ends = &t.variant().end_rules;
    match &ends.shatar_mate {
        Some(rule) => {
            let checkers = checking_kinds(t, pos, !mated);
            rule.mate_winner(pos.check_series(!mated), checkers, !mated)
        }
        None => ends.checkmate.winner(mated),
    }
}
