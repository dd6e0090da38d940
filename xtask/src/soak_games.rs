//! `cargo xtask soak games`: the release binary plays itself at a very fast clock
//! (1 s + 10 ms by default) over every game id, through the `joust-match` runner that
//! `cargo xtask match` uses (random balanced openings, each played with both colours).
//! `match` fails only on illegal moves, crashes and stalls; the soak also fails on any
//! loss on time, and on any move that took more than a fifth of the time left plus the
//! increment (issue 27's rule for time management), since at such clocks that is what it
//! is looking for. It names the most clock-hungry move of all either way.

use crate::game_list::parse_games;
use clap::Args;
use joust_core::{Color, Variant};
use joust_match::{
    pair_names, EngineSpec, Entrant, Launch, Limits, Match, Openings, Played, RandomOpenings,
    Referee,
};
use joust_notation::{write_pgn, MoveNotation};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The ending reason the referee gives a loss on time.
pub const TIME_FORFEIT: &str = "time forfeit";

/// Options of `cargo xtask soak games`.
#[derive(Args, Debug)]
pub struct GamesSoakArgs {
    /// Games to play (each opening twice, colours swapped).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Time control per game, BASE+INC: seconds (1+0.01) or with units (5m+3s).
    #[arg(long, value_name = "BASE+INC", default_value = "1+0.01")]
    tc: String,
    /// Seed of the random openings [default: from the clock; printed].
    #[arg(long)]
    seed: Option<u64>,
    /// Game id, `all` (every game id in turn) or a comma list.
    #[arg(long, value_name = "ID", default_value = "all")]
    variant: String,
    /// Games played at the same time (each by its own two processes); more than one on
    /// a busy machine makes losses on time that are the machine's.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Milliseconds an engine may overrun its clock before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    time_margin: u64,
    /// Write the games here as PGN.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Use the existing release binary instead of running cargo build first.
    #[arg(long)]
    no_build: bool,
    /// Soak this binary instead of the workspace's (a copy keeps a long run's binary
    /// fixed while others build).
    #[arg(long, value_name = "FILE")]
    binary: Option<PathBuf>,
}

/// What the games of a soak came to.
#[derive(Debug, Default)]
pub struct Tally {
    /// Games played.
    pub games: usize,
    /// Plies played in all (openings included).
    pub plies: usize,
    /// How many games ended each way.
    pub endings: BTreeMap<String, u32>,
    /// White wins, Black wins and draws per game id.
    pub per_game: BTreeMap<&'static str, [u32; 3]>,
    /// Each loss on time: `game N (ID): what happened`.
    pub forfeits: Vec<String>,
    /// Each illegal move, crash or stall.
    pub faults: Vec<String>,
    /// Each move that took more than a fifth of its clock plus the increment (the most
    /// clock-hungry of its side in its game): `game N (ID), SIDE: what`.
    pub over_budget: Vec<String>,
    /// The most clock-hungry move of all: its share of the budget and where it was.
    pub hungriest: Option<(f64, String)>,
}

impl Tally {
    /// Adds a game.
    pub fn add(&mut self, played: &Played) {
        let game = &played.game;
        let id = game.pgn.variant.id;
        self.games += 1;
        self.plies += game.pgn.line.moves.len();
        *self.endings.entry(game.reason.clone()).or_default() += 1;
        let slot = match game.winner {
            Some(Color::White) => 0,
            Some(Color::Black) => 1,
            None => 2,
        };
        self.per_game.entry(id).or_default()[slot] += 1;
        let last_comment = game
            .pgn
            .line
            .moves
            .last()
            .map_or(&game.pgn.line.comments, |m| &m.comments)
            .last()
            .cloned()
            .unwrap_or_default();
        let label = format!("game {} ({id})", played.index + 1);
        for (side, used) in ["White", "Black"].into_iter().zip(game.hungriest) {
            let Some(used) = used else { continue };
            let line = format!("{label}, {side} {used}");
            if used.share() > 1.0 {
                self.over_budget.push(line.clone());
            }
            if self
                .hungriest
                .as_ref()
                .is_none_or(|(h, _)| used.share() > *h)
            {
                self.hungriest = Some((used.share(), line));
            }
        }
        if let Some(f) = &game.fault {
            self.faults.push(format!("{label}: {}", f.what));
        } else if game.reason == TIME_FORFEIT {
            self.forfeits.push(format!("{label}: {last_comment}"));
        }
    }

    /// True if no game was lost on time or by an illegal move, a crash or a stall, and
    /// no move took more than a fifth of its clock plus the increment.
    pub fn passed(&self) -> bool {
        self.forfeits.is_empty() && self.faults.is_empty() && self.over_budget.is_empty()
    }

    /// The closing figures, and the verdict's line last.
    pub fn summary(&self, elapsed: Duration) -> String {
        let mut s = format!(
            "Games: {} in {:.1} s, {} plies ({:.0} a game)\n",
            self.games,
            elapsed.as_secs_f64(),
            self.plies,
            self.plies as f64 / self.games.max(1) as f64
        );
        let ends: Vec<String> = self
            .endings
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        s += &format!("Endings: {}\n", ends.join(", "));
        for (id, [w, b, d]) in &self.per_game {
            s += &format!("  {id:<13} White wins {w}, Black wins {b}, draws {d}\n");
        }
        if let Some((_, line)) = &self.hungriest {
            s += &format!("Hungriest move: {line}\n");
        }
        for (what, list) in [
            ("Loss on time", &self.forfeits),
            ("FAULT", &self.faults),
            ("Over budget", &self.over_budget),
        ] {
            for line in list {
                s += &format!("{what}: {line}\n");
            }
        }
        s += &if self.passed() {
            format!(
                "PASS: no loss on time, illegal move, crash or stall, and no move over a fifth \
                 of its clock plus the increment, in {} games",
                self.games
            )
        } else {
            format!(
                "FAILED: {} losses on time, {} illegal moves, crashes or stalls, {} moves over \
                 a fifth of the clock plus the increment, in {} games",
                self.forfeits.len(),
                self.faults.len(),
                self.over_budget.len(),
                self.games
            )
        };
        s
    }
}

/// The match of a soak: `launch` against itself with `tc`, random openings as
/// `cargo xtask match` makes them by default.
pub fn soak_match(
    launch: Launch,
    games: Vec<&'static Variant>,
    total: usize,
    tc: &str,
    seed: u64,
    referee: Referee,
    concurrency: usize,
) -> Result<Match, String> {
    let mut limits = Limits::default();
    limits.set("tc", tc).map_err(|e| format!("--tc: {e}"))?;
    let spec = EngineSpec::parse("joust").map_err(|e| e.to_string())?;
    let names = pair_names(&[spec.clone(), spec.clone()]);
    let entrant = || Entrant {
        spec: spec.clone(),
        launch: launch.clone(),
        limits,
    };
    Ok(Match {
        entrants: [entrant(), entrant()],
        names,
        games,
        total,
        concurrency,
        openings: Openings::Random {
            config: RandomOpenings {
                min_plies: 4,
                max_plies: 8,
                max_cp: 100,
                depth: 4,
                nodes: 50_000,
            },
            seed,
        },
        referee,
        sprt: None,
        site: "cargo xtask soak games".to_string(),
    })
}

/// Plays `m`, printing a line per game (and writing it to `pgn`); the tally, or why the
/// match stopped.
pub fn play(m: &Match, mut pgn: Option<&mut File>) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let start = Instant::now();
    m.run(|played, _| {
        tally.add(played);
        let game = &played.game;
        println!(
            "game {:>4}/{} {:<13} {:<7} {:<22} {:>3} plies [{:.0} s]",
            played.index + 1,
            m.total,
            game.pgn.variant.id,
            game.pgn.result,
            game.reason,
            game.pgn.line.moves.len(),
            start.elapsed().as_secs_f64()
        );
        if let Some(line) = tally.faults.last().filter(|_| game.fault.is_some()) {
            println!("  FAULT: {line}");
        } else if game.reason == TIME_FORFEIT {
            println!(
                "  LOSS ON TIME: {}",
                tally.forfeits.last().cloned().unwrap_or_default()
            );
        }
        if let Some(file) = pgn.as_mut() {
            let text = write_pgn(&game.pgn, MoveNotation::San);
            if let Err(e) = file.write_all(text.as_bytes()) {
                eprintln!("warning: cannot write the PGN file: {e}");
            }
        }
    })
    .map_err(|e| e.to_string())?;
    Ok(tally)
}

/// The load averages of `/proc/loadavg` (1, 5 and 15 minutes), if there is one.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

/// Runs the soak; false if a game was lost on time or by a fault, or it could not run.
pub fn run(args: &GamesSoakArgs) -> bool {
    let result = (|| -> Result<(Tally, Duration), String> {
        let games = parse_games(&args.variant)?;
        let (binary, origin) = crate::soak::binary(args.binary.as_deref(), args.no_build)?;
        let seed = args.seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                % 1_000_000_007
        });
        let referee = Referee {
            margin: Duration::from_millis(args.time_margin),
            stall_timeout: Duration::from_secs(120),
            max_plies: 600,
        };
        let launch = Launch::program(&binary).with_args(vec!["uci".to_string()]);
        let m = soak_match(
            launch,
            games,
            args.games as usize,
            &args.tc,
            seed,
            referee,
            args.concurrency as usize,
        )?;
        let mut pgn = match &args.pgn {
            Some(p) => {
                Some(File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?)
            }
            None => None,
        };
        let ids: Vec<&str> = m.games.iter().map(|v| v.id).collect();
        println!(
            "Soak games: {} ({origin}) vs itself, {} games of {} at tc {}, concurrency {}, \
             openings seed {seed}; time margin {} ms; load average {}",
            binary.display(),
            m.total,
            ids.join(", "),
            args.tc,
            m.concurrency,
            args.time_margin,
            load_average()
        );
        let start = Instant::now();
        let tally = play(&m, pgn.as_mut())?;
        Ok((tally, start.elapsed()))
    })();
    match result {
        Ok((tally, elapsed)) => {
            println!();
            println!("Load average at the end: {}", load_average());
            println!("{}", tally.summary(elapsed));
            tally.passed()
        }
        Err(e) => {
            eprintln!("error: {e}");
            false
        }
    }
}

#[cfg(test)]
#[path = "soak_games_tests.rs"]
mod tests;
