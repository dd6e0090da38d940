//! A whole match: workers that each run their own pair of engines, openings dealt by
//! pair so that the same seed gives the same games however many workers play them, PGN
//! tags, and the standings after every game, with an SPRT that can stop the match early.

use crate::engine::{Launch, UciError};
use crate::game::{play_game, Finished, Referee, Sides};
use crate::limits::Limits;
use crate::openings::{random_opening, Opening, OpeningError, RandomOpenings, Rng};
use crate::player::Player;
use crate::spec::EngineSpec;
use crate::sprt::{Sprt, Verdict, Wdl};
use joust_core::{Color, Variant};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// One side of a match: what was asked for, how it is started, and its limits.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The engine spec.
    pub spec: EngineSpec,
    /// How its engine is started.
    pub launch: Launch,
    /// Its limits per move.
    pub limits: Limits,
}

/// Where a match's openings come from.
#[derive(Clone, Debug)]
pub enum Openings {
    /// These positions in order, cycling (each played twice, colours swapped).
    List(Vec<Opening>),
    /// Random balanced openings, made from `seed` and the number of the pair of games.
    Random {
        /// How they are made.
        config: RandomOpenings,
        /// The match's seed.
        seed: u64,
    },
}

/// A match between two engines.
///
/// ```no_run
/// use joust_core::variants;
/// use joust_match::*;
/// use std::time::Duration;
///
/// let entrant = |text: &str| {
///     let spec = EngineSpec::parse(text).unwrap();
///     let launch = Launch::program("/usr/games/stockfish");
///     Entrant { limits: spec.limits, spec, launch }
/// };
/// let entrants = [entrant("stockfish nodes=1000"), entrant("stockfish depth=3")];
/// let names = pair_names(&[entrants[0].spec.clone(), entrants[1].spec.clone()]);
/// let a_match = Match {
///     entrants,
///     names,
///     games: vec![variants::chess()],
///     total: 20,
///     concurrency: 2,
///     openings: Openings::Random {
///         config: RandomOpenings { min_plies: 4, max_plies: 8, max_cp: 100, depth: 4, nodes: 50_000 },
///         seed: 1,
///     },
///     referee: Referee {
///         margin: Duration::from_millis(200),
///         stall_timeout: Duration::from_secs(120),
///         max_plies: 600,
///     },
///     sprt: None,
///     site: "my machine".to_string(),
/// };
/// let standings = a_match
///     .run(|played, standings| println!("game {}: {}", played.index + 1, standings.wdl.score()))
///     .unwrap();
/// println!("{:?}", standings.wdl.elo());
/// ```
#[derive(Clone, Debug)]
pub struct Match {
    /// The first engine (scores are its) and the second.
    pub entrants: [Entrant; 2],
    /// Their names in reports and PGN (see [`pair_names`](crate::pair_names)).
    pub names: [String; 2],
    /// The games, dealt to pairs of games in turn.
    pub games: Vec<&'static Variant>,
    /// Games to play.
    pub total: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Where the openings come from.
    pub openings: Openings,
    /// How games are refereed.
    pub referee: Referee,
    /// A test that may stop the match early.
    pub sprt: Option<Sprt>,
    /// The PGN `Site` tag.
    pub site: String,
}

/// A game of a match, its PGN tags set (Event, Site, Date, Round, White, Black,
/// TimeControl).
#[derive(Clone, Debug)]
pub struct Played {
    /// The game's number from 0 (`Round` is one more).
    pub index: usize,
    /// Whether the first engine had White.
    pub engine1_white: bool,
    /// The game.
    pub game: Finished,
}

/// The standings of a match, from the first engine's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Wins, draws and losses of the first engine.
    pub wdl: Wdl,
    /// The same per game id.
    pub per_game: BTreeMap<&'static str, Wdl>,
    /// How many games ended each way (`checkmate`, `time forfeit`, ...).
    pub endings: BTreeMap<String, u32>,
    /// Each illegal move, crash or stall: `game N: ENGINE: what happened`.
    pub faults: Vec<String>,
    /// Games played.
    pub played: usize,
    /// The SPRT's verdict (`Continue` without one).
    pub verdict: Verdict,
    /// The SPRT's log-likelihood ratio, if the match has one.
    pub llr: Option<f64>,
}

impl Default for Standings {
    fn default() -> Standings {
        Standings {
            wdl: Wdl::default(),
            per_game: BTreeMap::new(),
            endings: BTreeMap::new(),
            faults: Vec::new(),
            played: 0,
            verdict: Verdict::Continue,
            llr: None,
        }
    }
}

/// Why a match could not be played to its end.
#[derive(Debug)]
pub enum MatchError {
    /// An engine could not be started or set up.
    Engine(UciError),
    /// An opening could not be played out.
    Opening(OpeningError),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Engine(e) => e.fmt(f),
            MatchError::Opening(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatchError {}

/// A message from a worker.
enum Report {
    /// Game `index` is over.
    Done(Box<Played>),
    /// The worker stopped on an error.
    Failed(MatchError),
}

impl Match {
    /// The opening of pair `pair` (games `2 pair` and `2 pair + 1`): from the list, or
    /// random from a generator seeded by the match seed and the pair, so that it does not
    /// depend on which worker plays it.
    pub fn opening(&self, pair: usize) -> Opening {
        match &self.openings {
            Openings::List(list) if !list.is_empty() => list[pair % list.len()].clone(),
            Openings::List(_) => Opening::start(self.games[pair % self.games.len()]),
            Openings::Random { config, seed } => {
                let variant = self.games[pair % self.games.len()];
                let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
                random_opening(variant, config, &mut rng)
            }
        }
    }

    /// Plays the match: `on_game` is told of each game as it ends (in the order games
    /// end) with the standings after it. The standings at the end, or the first error
    /// that stopped a worker (the games already played were reported).
    pub fn run(
        &self,
        mut on_game: impl FnMut(&Played, &Standings),
    ) -> Result<Standings, MatchError> {
        if self.total == 0 || self.games.is_empty() {
            return Ok(Standings::default());
        }
        let date = pgn_date();
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (tx, rx) = mpsc::channel();
        let mut standings = Standings::default();
        let mut failure = None;
        std::thread::scope(|scope| {
            for _ in 0..self.concurrency.clamp(1, self.total) {
                let tx = tx.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    if let Err(e) = self.worker(next, stop, &tx) {
                        let _ = tx.send(Report::Failed(e));
                    }
                });
            }
            drop(tx);
            for report in rx {
                match report {
                    Report::Failed(e) => {
                        failure.get_or_insert(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                    Report::Done(mut played) => {
                        self.tag(&mut played, &date);
                        self.count(&played, &mut standings);
                        if standings.verdict != Verdict::Continue {
                            stop.store(true, Ordering::Relaxed);
                        }
                        on_game(&played, &standings);
                    }
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(standings),
        }
    }

    /// One worker: its own two engines, playing games until none are left or `stop` is
    /// set.
    fn worker(
        &self,
        next: &AtomicUsize,
        stop: &AtomicBool,
        tx: &mpsc::Sender<Report>,
    ) -> Result<(), MatchError> {
        let start = |e: &Entrant| Player::start(&e.spec, &e.launch).map_err(MatchError::Engine);
        let mut p1 = start(&self.entrants[0])?;
        let mut p2 = start(&self.entrants[1])?;
        for p in [&p1, &p2] {
            if let Some(v) = self.games.iter().find(|v| !p.plays(v)) {
                return Err(MatchError::Engine(UciError::DoesNotPlay {
                    engine: p.label(),
                    game: v.id.to_string(),
                }));
            }
        }
        let limits = [self.entrants[0].limits, self.entrants[1].limits];
        while !stop.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= self.total {
                break;
            }
            let opening = self.opening(index / 2);
            let engine1_white = index & 1 == 0;
            let sides = if engine1_white {
                Sides {
                    players: [&mut p1, &mut p2],
                    limits,
                }
            } else {
                Sides {
                    players: [&mut p2, &mut p1],
                    limits: [limits[1], limits[0]],
                }
            };
            let game = play_game(&opening, sides, &self.referee).map_err(MatchError::Opening)?;
            let played = Played {
                index,
                engine1_white,
                game,
            };
            if tx.send(Report::Done(Box::new(played))).is_err() {
                break;
            }
        }
        Ok(())
    }

    /// Sets the match's PGN tags on a game.
    fn tag(&self, played: &mut Played, date: &str) {
        let names = &self.names;
        let (white, black) = if played.engine1_white {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        let limits = [self.entrants[0].limits, self.entrants[1].limits];
        let time_control = match limits[0].tc.or(limits[1].tc) {
            Some(tc) => tc.to_string(),
            None => "-".to_string(),
        };
        let pgn = &mut played.game.pgn;
        pgn.set_tag("Event", &format!("{} vs {}", names[0], names[1]));
        pgn.set_tag("Site", &self.site);
        pgn.set_tag("Date", date);
        pgn.set_tag("Round", &(played.index + 1).to_string());
        pgn.set_tag("White", white);
        pgn.set_tag("Black", black);
        pgn.set_tag("TimeControl", &time_control);
    }

    /// Adds a game to the standings.
    fn count(&self, played: &Played, standings: &mut Standings) {
        let game = &played.game;
        let engine1 = if played.engine1_white {
            Color::White
        } else {
            Color::Black
        };
        standings.played += 1;
        let per_game = standings.per_game.entry(game.pgn.variant.id).or_default();
        for w in [&mut standings.wdl, per_game] {
            match game.winner {
                None => w.draws += 1,
                Some(c) if c == engine1 => w.wins += 1,
                Some(_) => w.losses += 1,
            }
        }
        *standings.endings.entry(game.reason.clone()).or_default() += 1;
        if let Some(f) = &game.fault {
            let who = if f.side == engine1 {
                &self.names[0]
            } else {
                &self.names[1]
            };
            standings
                .faults
                .push(format!("game {}: {who}: {}", played.index + 1, f.what));
        }
        if let Some(s) = &self.sprt {
            standings.verdict = s.verdict(&standings.wdl);
            standings.llr = Some(s.llr(&standings.wdl));
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), for the PGN Date tag.
pub fn pgn_date() -> String {
    let t = time::OffsetDateTime::now_utc();
    format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day())
}

#[cfg(test)]
mod tests;
