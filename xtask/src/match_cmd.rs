//! `cargo xtask match`: a match between two UCI engines in any of Joust's games, with
//! Joust as referee, random balanced openings played with both colours, a PGN file,
//! running and final statistics (W/D/L, Elo ± 95 %, LOS) and an optional SPRT stop.

use crate::engines::EngineArgs;
use crate::match_game::{play_game, Finished, Referee, Sides};
use crate::match_spec::{EngineSpec, Limits, Program, SPEC_SYNTAX};
use crate::openings::{random_opening, read_openings, Opening, RandomOpenings, Rng};
use crate::sprt::{Sprt, Verdict, Wdl};
use crate::uci_client::{resolve, Launch, Player};
use clap::Args;
use joust_core::{variants, Color, Variant};
use joust_notation::{write_pgn, MoveNotation};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Games an engine other than Joust may play here: the ones whose rules and move text
/// were checked against Fairy-Stockfish's (`fsf-verify`, RULES.md §3–4). Another
/// program's `UCI_Variant` of the same name may be a different game (FSF's `joust` is).
const EXTERNAL_GAMES: &[&str] = &["chess", "lancerchess", "clash"];

/// Options of `cargo xtask match`.
#[derive(Args, Debug)]
#[command(after_help = format!(
    "ENGINE SPECS: {SPEC_SYNTAX}.\n\n\
     EXAMPLES:\n  \
     cargo xtask match --variant lancerchess --engine1 joust --engine2 fsf-uci --tc 10+0.1 --games 200 --pgn lancerchess.pgn\n  \
     cargo xtask match --variant clash --engine1 joust --engine2 \"joust depth=1\" --movetime 1000 --games 200 --sprt elo0=0,elo1=200\n  \
     cargo xtask match --variant all --nodes 2000 --games 1000\n\n\
     Exit status: 0 when no engine played an illegal move, crashed or stalled; 1 otherwise \
     (or when the match could not start)."
))]
pub struct MatchArgs {
    /// The first engine (scores are its): an engine spec, see below.
    #[arg(long, value_name = "SPEC", default_value = "joust")]
    engine1: String,
    /// The second engine: an engine spec, see below.
    #[arg(long, value_name = "SPEC", default_value = "joust")]
    engine2: String,
    /// Game id, `all` (games spread evenly over every game id) or a comma list.
    #[arg(long, value_name = "ID", default_value = "chess")]
    variant: String,
    /// Games to play (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Games played at the same time (each pair of engines runs its own games).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Time control per game in seconds, BASE+INC (e.g. 10+0.1).
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<String>,
    /// Milliseconds per move.
    #[arg(long, value_name = "MS")]
    movetime: Option<String>,
    /// Depth per move.
    #[arg(long, value_name = "N")]
    depth: Option<String>,
    /// Nodes per move.
    #[arg(long, value_name = "N")]
    nodes: Option<String>,
    /// Seed of the random openings [default: from the clock; printed].
    #[arg(long)]
    seed: Option<u64>,
    /// Start positions instead of random openings: one FEN or EPD a line (single game
    /// id only); each is played twice, colours swapped, in file order, cycling.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Fewest random opening plies (Musketeer's setup moves count).
    #[arg(long, default_value_t = 4)]
    min_plies: usize,
    /// Most random opening plies.
    #[arg(long, default_value_t = 8)]
    max_plies: usize,
    /// Largest |score| (centipawns, Joust's search) a random opening may have.
    #[arg(long, value_name = "CP", default_value_t = 100)]
    balance: i32,
    /// Depth of the Joust search that scores random openings.
    #[arg(long, value_name = "N", default_value_t = 4)]
    balance_depth: u32,
    /// Most nodes of the Joust search that scores random openings.
    #[arg(long, value_name = "N", default_value_t = 50_000)]
    balance_nodes: u64,
    /// Write the games here as PGN (SAN, with score/depth and time comments).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Stop early by SPRT: elo0=A,elo1=B[,alpha=0.05,beta=0.05] (logistic Elo).
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<String>,
    /// Plies (opening included) after which a game is adjudicated a draw.
    #[arg(long, value_name = "N", default_value_t = 600)]
    max_game_plies: usize,
    /// Milliseconds an engine may overrun its clock or movetime before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    time_margin: u64,
    /// Seconds an engine limited only by depth or nodes may think before it counts as
    /// stalled.
    #[arg(long, value_name = "S", default_value_t = 120)]
    stall_timeout: u64,
    /// Use the existing joust binary instead of running cargo build first.
    #[arg(long)]
    no_build: bool,
    /// Where the external engines are.
    #[command(flatten)]
    engines: EngineArgs,
}

/// Everything a match needs, read and checked from the arguments.
struct Plan {
    specs: [EngineSpec; 2],
    launches: [Launch; 2],
    limits: [Limits; 2],
    games: Vec<&'static Variant>,
    total: usize,
    concurrency: usize,
    seed: u64,
    file_openings: Option<Vec<Opening>>,
    random: RandomOpenings,
    referee: Referee,
    sprt: Option<Sprt>,
}

/// Runs the match; false if it could not start, or an engine played an illegal move,
/// crashed or stalled.
pub fn run(args: &MatchArgs) -> bool {
    let plan = match plan(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    let mut pgn_file = match &args.pgn {
        Some(path) => match File::create(path) {
            Ok(f) => Some(f),
            Err(e) => {
                eprintln!("error: cannot create {}: {e}", path.display());
                return false;
            }
        },
        None => None,
    };
    play_match(&plan, args, &mut pgn_file)
}

/// Reads the arguments into a [`Plan`].
fn plan(args: &MatchArgs) -> Result<Plan, String> {
    let specs = [
        EngineSpec::parse(&args.engine1).map_err(|e| format!("--engine1: {e}"))?,
        EngineSpec::parse(&args.engine2).map_err(|e| format!("--engine2: {e}"))?,
    ];
    let mut shared = Limits::default();
    for (key, value) in [
        ("tc", &args.tc),
        ("movetime", &args.movetime),
        ("depth", &args.depth),
        ("nodes", &args.nodes),
    ] {
        if let Some(v) = value {
            if let Some(Err(e)) = shared.set(key, v) {
                return Err(format!("--{key}: {e}"));
            }
        }
    }
    let limits = [0, 1].map(|i| {
        if specs[i].limits.is_empty() {
            shared
        } else {
            specs[i].limits
        }
    });
    for (i, l) in limits.iter().enumerate() {
        if l.is_empty() {
            return Err(format!(
                "engine {} has no limit: give --tc, --movetime, --depth or --nodes, or one in its spec",
                i + 1
            ));
        }
    }
    let games = parse_games(&args.variant)?;
    for (i, spec) in specs.iter().enumerate() {
        if spec.program != Program::Joust && !matches!(spec.program, Program::Path(_)) {
            let known: &[&str] = if spec.program == Program::Stockfish {
                &["chess"]
            } else {
                EXTERNAL_GAMES
            };
            for v in &games {
                if !known.contains(&v.id) {
                    return Err(format!(
                        "engine {} cannot play {}: it plays only {}",
                        i + 1,
                        v.id,
                        known.join(", ")
                    ));
                }
            }
        }
    }
    if args.min_plies > args.max_plies {
        return Err(format!(
            "--min-plies {} is more than --max-plies {}",
            args.min_plies, args.max_plies
        ));
    }
    if args.balance_depth == 0 || args.balance_depth > 20 {
        return Err("--balance-depth must be 1 to 20".to_string());
    }
    let file_openings = match &args.openings {
        None => None,
        Some(path) => {
            if games.len() != 1 {
                return Err("--openings needs a single game id in --variant".to_string());
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Some(read_openings(games[0], &text).map_err(|e| format!("{}: {e}", path.display()))?)
        }
    };
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let mut finder = args.engines.finder();
    let mut built = false;
    let mut launches = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let build = !args.no_build && !built && spec.program == Program::Joust;
        built |= build;
        launches
            .push(resolve(spec, &mut finder, build).map_err(|e| format!("engine {}: {e}", i + 1))?);
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            % 1_000_000_007
    });
    Ok(Plan {
        launches: [launches[0].clone(), launches[1].clone()],
        specs,
        limits,
        games,
        total: args.games as usize,
        concurrency: args.concurrency as usize,
        seed,
        file_openings,
        random: RandomOpenings {
            min_plies: args.min_plies,
            max_plies: args.max_plies,
            max_cp: args.balance,
            depth: args.balance_depth,
            nodes: args.balance_nodes.max(1),
        },
        referee: Referee {
            margin: Duration::from_millis(args.time_margin),
            stall_timeout: Duration::from_secs(args.stall_timeout.max(1)),
            max_plies: args.max_game_plies.max(1),
        },
        sprt,
    })
}

/// The games of `--variant`: one id, `all`, or a comma list.
fn parse_games(text: &str) -> Result<Vec<&'static Variant>, String> {
    if text.trim() == "all" {
        return Ok(variants::all().to_vec());
    }
    let mut out: Vec<&'static Variant> = Vec::new();
    for id in text.split(',').map(str::trim) {
        let v = variants::by_id(id).map_err(|e| format!("--variant: {e}"))?;
        if !out.iter().any(|o| o.id == v.id) {
            out.push(v);
        }
    }
    Ok(out)
}

/// The opening of pair `pair` (games `2 pair` and `2 pair + 1`): from the file, or random
/// from a generator seeded by the match seed and the pair, so it does not depend on
/// which worker plays it.
fn opening_for(plan: &Plan, pair: usize) -> Opening {
    if let Some(list) = &plan.file_openings {
        return list[pair % list.len()].clone();
    }
    let variant = plan.games[pair % plan.games.len()];
    let mut rng = Rng::new(plan.seed ^ (pair as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    random_opening(variant, &plan.random, &mut rng)
}

/// A message from a worker.
enum Report {
    /// Game `index` (0-based) is over; `engine1_white` tells the colours.
    Done {
        index: usize,
        engine1_white: bool,
        game: Box<Finished>,
    },
    /// The worker could not start its engines.
    Failed(String),
}

/// One worker: its own two engines, playing games until none are left or `stop` is set.
fn worker(plan: &Plan, next: &AtomicUsize, stop: &AtomicBool, tx: mpsc::Sender<Report>) {
    let mut players = Vec::new();
    for (spec, launch) in plan.specs.iter().zip(&plan.launches) {
        match Player::start(spec, launch) {
            Ok(p) => players.push(p),
            Err(e) => {
                let _ = tx.send(Report::Failed(e.0));
                return;
            }
        }
    }
    for p in &players {
        if let Some(v) = plan.games.iter().find(|v| !p.plays(v)) {
            let _ = tx.send(Report::Failed(format!(
                "{} does not play {}",
                p.label(),
                v.id
            )));
            return;
        }
    }
    let (first, second) = players.split_at_mut(1);
    let (p1, p2) = (&mut first[0], &mut second[0]);
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= plan.total {
            return;
        }
        let opening = opening_for(plan, index / 2);
        let engine1_white = index & 1 == 0;
        let sides = if engine1_white {
            Sides {
                players: [&mut *p1, &mut *p2],
                limits: [plan.limits[0], plan.limits[1]],
            }
        } else {
            Sides {
                players: [&mut *p2, &mut *p1],
                limits: [plan.limits[1], plan.limits[0]],
            }
        };
        let game = play_game(&opening, sides, &plan.referee);
        if tx
            .send(Report::Done {
                index,
                engine1_white,
                game: Box::new(game),
            })
            .is_err()
        {
            return;
        }
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), for the PGN Date tag.
fn pgn_date() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Runs the workers and the report loop.
fn play_match(plan: &Plan, args: &MatchArgs, pgn_file: &mut Option<File>) -> bool {
    let label = |i: usize| {
        plan.specs[i]
            .name
            .clone()
            .unwrap_or_else(|| match &plan.specs[i].program {
                Program::Joust => "joust".to_string(),
                Program::FsfUci => "fsf-uci".to_string(),
                Program::FairyStockfish => "fairy-stockfish".to_string(),
                Program::Stockfish => "stockfish".to_string(),
                Program::Path(p) => p.clone(),
            })
    };
    // Two engines of one program are told apart by their specs, or else by number.
    let mut names = [label(0), label(1)];
    let specs = [args.engine1.trim(), args.engine2.trim()];
    if names[0] == names[1] {
        names = if specs[0] != specs[1] {
            specs.map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        } else {
            [format!("{} #1", names[0]), format!("{} #2", names[1])]
        };
    }
    let game_ids: Vec<&str> = plan.games.iter().map(|v| v.id).collect();
    println!(
        "Match: {} ({}) vs {} ({}), {} games of {}, concurrency {}, {}",
        names[0],
        plan.limits[0],
        names[1],
        plan.limits[1],
        plan.total,
        game_ids.join(", "),
        plan.concurrency,
        match &plan.file_openings {
            Some(list) => format!("{} openings from file", list.len()),
            None => format!(
                "random openings of {}-{} plies within ±{} cp (seed {})",
                plan.random.min_plies, plan.random.max_plies, plan.random.max_cp, plan.seed
            ),
        }
    );
    if let Some(s) = &plan.sprt {
        let (lower, upper) = s.bounds();
        println!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}, LLR bounds [{lower:.2}, {upper:.2}]",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    let date = pgn_date();
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut wdl = Wdl::default();
    let mut per_game: BTreeMap<&str, Wdl> = BTreeMap::new();
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    let mut faults: Vec<String> = Vec::new();
    let mut failed_start = None;
    let mut verdict = Verdict::Continue;
    let mut played = 0usize;
    std::thread::scope(|scope| {
        for _ in 0..plan.concurrency.min(plan.total) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(plan, next, stop, tx));
        }
        drop(tx);
        for report in rx {
            let (index, engine1_white, game) = match report {
                Report::Failed(e) => {
                    failed_start.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
                Report::Done {
                    index,
                    engine1_white,
                    game,
                } => (index, engine1_white, game),
            };
            played += 1;
            let mut game = *game;
            let engine1 = if engine1_white {
                Color::White
            } else {
                Color::Black
            };
            let entry = per_game.entry(game.pgn.variant.id).or_default();
            for w in [&mut wdl, entry] {
                match game.winner {
                    None => w.draws += 1,
                    Some(c) if c == engine1 => w.wins += 1,
                    Some(_) => w.losses += 1,
                }
            }
            *reasons.entry(game.reason.clone()).or_default() += 1;
            if let Some(f) = &game.fault {
                let who = if f.side == engine1 {
                    &names[0]
                } else {
                    &names[1]
                };
                faults.push(format!("game {}: {who}: {}", index + 1, f.what));
            }
            game.pgn
                .set_tag("Event", &format!("{} vs {}", names[0], names[1]));
            game.pgn.set_tag("Site", "cargo xtask match");
            game.pgn.set_tag("Date", &date);
            game.pgn.set_tag("Round", &(index + 1).to_string());
            let (w, b) = if engine1_white { (0, 1) } else { (1, 0) };
            game.pgn.set_tag("White", &names[w]);
            game.pgn.set_tag("Black", &names[b]);
            game.pgn.set_tag(
                "TimeControl",
                &match plan.limits[0].tc.or(plan.limits[1].tc) {
                    Some(tc) => format!("{}+{}", tc.base.as_secs_f64(), tc.increment.as_secs_f64()),
                    None => "-".to_string(),
                },
            );
            if let Some(file) = pgn_file.as_mut() {
                if let Err(e) = file.write_all(write_pgn(&game.pgn, MoveNotation::San).as_bytes()) {
                    eprintln!("warning: cannot write the PGN file: {e}");
                }
            }
            let mut line = format!(
                "game {:>4}/{} {:<13} {} vs {}: {:<7} {:<22} | {} - {} - {}  score {:.1}%",
                index + 1,
                plan.total,
                game.pgn.variant.id,
                names[w],
                names[b],
                game.pgn.result,
                game.reason,
                wdl.wins,
                wdl.losses,
                wdl.draws,
                100.0 * wdl.score()
            );
            if let Some(s) = &plan.sprt {
                verdict = s.verdict(&wdl);
                line += &format!("  LLR {:.2}", s.llr(&wdl));
                if verdict != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            println!("{line}");
            if let Some(f) = &game.fault {
                println!("  FAULT: {}", f.what);
            }
        }
    });
    if let Some(e) = failed_start {
        eprintln!("error: {e}");
        return false;
    }
    report(
        &names,
        &wdl,
        &per_game,
        &reasons,
        played,
        start.elapsed(),
        args,
    );
    if let Some(s) = &plan.sprt {
        let (lower, upper) = s.bounds();
        println!(
            "SPRT: LLR {:.3} (bounds {lower:.3}, {upper:.3}): {verdict}",
            s.llr(&wdl)
        );
    }
    if faults.is_empty() {
        true
    } else {
        println!(
            "FAILED: {} games ended by an illegal move, crash or stall:",
            faults.len()
        );
        for f in &faults {
            println!("  {f}");
        }
        false
    }
}

/// Prints the final statistics.
#[allow(clippy::too_many_arguments)]
fn report(
    names: &[String; 2],
    wdl: &Wdl,
    per_game: &BTreeMap<&str, Wdl>,
    reasons: &BTreeMap<String, u32>,
    played: usize,
    elapsed: Duration,
    args: &MatchArgs,
) {
    println!();
    println!(
        "Score of {} vs {}: {} - {} - {} (W - L - D) [{:.3}] {played} games in {:.1} s",
        names[0],
        names[1],
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.score(),
        elapsed.as_secs_f64()
    );
    match wdl.elo() {
        Some((elo, margin)) => println!(
            "Elo difference: {elo:+.1} +/- {margin:.1} (95 %), LOS {:.1} %",
            100.0 * wdl.los()
        ),
        None => println!(
            "Elo difference: not finite (no games, or all won or all lost), LOS {:.1} %",
            100.0 * wdl.los()
        ),
    }
    if per_game.len() > 1 {
        for (id, w) in per_game {
            println!(
                "  {id:<13} {} - {} - {}  score {:.1}%",
                w.wins,
                w.losses,
                w.draws,
                100.0 * w.score()
            );
        }
    }
    let ends: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    println!("Endings: {}", ends.join(", "));
    if let Some(p) = &args.pgn {
        println!("PGN: {}", p.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use joust_notation::read_pgn;

    /// `cargo xtask match` arguments as the command line gives them.
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    /// A scratch file path unique to this test process and `name`.
    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("joust-match-{}-{name}", std::process::id()))
    }

    /// Runs a match with these arguments (plus `--pgn`); its success and its PGN games.
    fn run_match(extra: &[&str], name: &str) -> (bool, Vec<joust_notation::PgnGame>) {
        let pgn = scratch(&format!("{name}.pgn"));
        let mut argv = vec!["match", "--seed", "11", "--pgn", pgn.to_str().unwrap()];
        argv.extend_from_slice(extra);
        let cli = Cli::try_parse_from(argv).unwrap();
        let ok = run(&cli.args);
        let text = std::fs::read_to_string(&pgn).unwrap_or_default();
        let _ = std::fs::remove_file(&pgn);
        let games = read_pgn(&text).into_iter().map(|g| g.unwrap()).collect();
        (ok, games)
    }

    #[test]
    fn joust_plays_joust() {
        // Builds joust first if needed (a no-op after `cargo test --workspace --release`).
        // Nodes, not depth: a depth-1 search can take a minute in some royal-lion
        // positions.
        let (ok, games) = run_match(
            &[
                "--variant",
                "lancerchess,royal-lion",
                "--nodes",
                "300",
                "--games",
                "4",
            ],
            "smoke",
        );
        assert!(ok);
        assert_eq!(games.len(), 4);
        for (i, g) in games.iter().enumerate() {
            // Each pair of games has one opening and one game id, colours swapped.
            let id = if i < 2 { "lancerchess" } else { "royal-lion" };
            assert_eq!(g.variant.id, id);
            assert_eq!(g.tag("Round"), Some((i + 1).to_string().as_str()));
            let (white, black) = if i % 2 == 0 {
                ("joust #1", "joust #2")
            } else {
                ("joust #2", "joust #1")
            };
            assert_eq!((g.tag("White"), g.tag("Black")), (Some(white), Some(black)));
            // Every move is legal, and the result is Joust's outcome (or the ply limit).
            let outcome = g.check().unwrap();
            match outcome {
                Some(o) => {
                    assert_eq!(g.result, o.result());
                    assert_eq!(g.tag("Termination"), Some("normal"));
                }
                None => assert_eq!(g.tag("Termination"), Some("adjudication")),
            }
        }
        let opening = |g: &joust_notation::PgnGame| -> Vec<joust_movegen::Move> {
            let n = g
                .line
                .moves
                .iter()
                .position(|m| m.comments.iter().any(|c| c == "end of opening"))
                .unwrap();
            g.moves().take(n + 1).collect()
        };
        assert_eq!(opening(&games[0]), opening(&games[1]));
        assert_eq!(opening(&games[2]), opening(&games[3]));
    }

    /// Writes a shell-script UCI engine that answers every `go` with `reply` (or never,
    /// if `reply` is empty), and returns its path.
    #[cfg(unix)]
    fn script_engine(name: &str, reply: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch(name);
        let go = if reply.is_empty() {
            ":".to_string()
        } else {
            format!("echo '{reply}'")
        };
        let script = format!(
            "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    \
             uci) echo 'id name Script'; echo uciok;;\n    isready) echo readyok;;\n    \
             go) {go};;\n    quit) exit 0;;\n  esac\ndone\n"
        );
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[cfg(unix)]
    #[test]
    fn an_illegal_move_loses_and_fails_the_match() {
        let engine = script_engine("illegal.sh", "bestmove e2e5");
        let (ok, games) = run_match(
            &[
                "--no-build",
                "--engine1",
                engine.to_str().unwrap(),
                "--engine2",
                engine.to_str().unwrap(),
                "--depth",
                "1",
                "--games",
                "1",
                "--min-plies",
                "0",
                "--max-plies",
                "0",
            ],
            "illegal",
        );
        let _ = std::fs::remove_file(&engine);
        assert!(!ok);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].result, "0-1");
        assert_eq!(games[0].tag("Termination"), Some("rules infraction"));
        assert_eq!(games[0].line.moves.len(), 0);
        let comment = &games[0].line.comments[0];
        assert!(comment.contains("illegal move 'e2e5'"), "{comment}");
        assert!(comment.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    }

    #[cfg(unix)]
    #[test]
    fn a_silent_engine_loses_on_time() {
        let silent = script_engine("silent.sh", "");
        let talker = script_engine("talker.sh", "bestmove e2e4");
        // The talker's clock is long, so that a loaded machine cannot make it lose.
        let talker_spec = format!("{} tc=30", talker.display());
        let silent_spec = format!("{} tc=0.2", silent.display());
        let (ok, games) = run_match(
            &[
                "--no-build",
                "--engine1",
                &talker_spec,
                "--engine2",
                &silent_spec,
                "--time-margin",
                "50",
                "--games",
                "1",
                "--min-plies",
                "0",
                "--max-plies",
                "0",
            ],
            "silent",
        );
        let _ = std::fs::remove_file(&silent);
        let _ = std::fs::remove_file(&talker);
        // A time forfeit is a result, not a fault.
        assert!(ok);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[0].tag("Termination"), Some("time forfeit"));
        assert_eq!(games[0].line.moves.len(), 1);
    }

    #[test]
    fn game_lists() {
        assert_eq!(parse_games("all").unwrap().len(), variants::all().len());
        let ids: Vec<&str> = parse_games("clash, chess,clash")
            .unwrap()
            .iter()
            .map(|v| v.id)
            .collect();
        assert_eq!(ids, ["clash", "chess"]);
        assert!(parse_games("chess,shogi").is_err());
        assert!(parse_games("").is_err());
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
    }
}
