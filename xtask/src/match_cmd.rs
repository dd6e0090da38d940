//! `cargo xtask match`: a match between two UCI engines in any of Joust's games, with
//! Joust as referee, random balanced openings played with both colours, a PGN file,
//! running and final statistics (W/D/L, Elo ± 95 %, LOS) and an optional SPRT stop.

use crate::engines::EngineArgs;
use crate::game_list::parse_games;
use crate::launch::resolve;
use clap::Args;
use joust_match::{
    pair_names, read_openings, EngineSpec, Entrant, Limits, Match, Openings, Played, Program,
    RandomOpenings, Referee, Sprt, Standings, Verdict, SPEC_SYNTAX,
};
use joust_notation::{write_pgn, MoveNotation};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Games an engine other than Joust may play here: the ones whose rules and move text
/// were checked against Fairy-Stockfish's (`fsf-verify`; docs/rules/lancerchess.md and
/// docs/rules/clash.md). Another program's `UCI_Variant` of the same name may be a
/// different game (FSF's `joust` is).
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
    /// Time control per game, BASE+INC: seconds (10+0.1) or with units (5m+3s).
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

/// Runs the match; false if it could not start, or an engine played an illegal move,
/// crashed or stalled.
pub fn run(args: &MatchArgs) -> bool {
    let a_match = match plan(args) {
        Ok(m) => m,
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
    print_header(&a_match);
    let start = Instant::now();
    let result = a_match.run(|played, standings| {
        if let Some(file) = pgn_file.as_mut() {
            let text = write_pgn(&played.game.pgn, MoveNotation::San);
            if let Err(e) = file.write_all(text.as_bytes()) {
                eprintln!("warning: cannot write the PGN file: {e}");
            }
        }
        println!("{}", game_line(&a_match, played, standings));
        if let Some(f) = &played.game.fault {
            println!("  FAULT: {}", f.what);
        }
    });
    let standings = match result {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    report(&a_match, &standings, start.elapsed(), args);
    if standings.faults.is_empty() {
        true
    } else {
        println!(
            "FAILED: {} games ended by an illegal move, crash or stall:",
            standings.faults.len()
        );
        for f in &standings.faults {
            println!("  {f}");
        }
        false
    }
}

/// Reads the arguments into a [`Match`], resolving (and building) the engines.
fn plan(args: &MatchArgs) -> Result<Match, String> {
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
            shared.set(key, v).map_err(|e| format!("--{key}: {e}"))?;
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
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| e.to_string())?;
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
    let openings = match file_openings {
        Some(list) => Openings::List(list),
        None => Openings::Random {
            config: RandomOpenings {
                min_plies: args.min_plies,
                max_plies: args.max_plies,
                max_cp: args.balance,
                depth: args.balance_depth,
                nodes: args.balance_nodes.max(1),
            },
            seed,
        },
    };
    let names = pair_names(&specs);
    let [spec1, spec2] = specs;
    let mut launches = launches.into_iter();
    let (Some(launch1), Some(launch2)) = (launches.next(), launches.next()) else {
        return Err("two engines are needed".to_string());
    };
    Ok(Match {
        entrants: [
            Entrant {
                spec: spec1,
                launch: launch1,
                limits: limits[0],
            },
            Entrant {
                spec: spec2,
                launch: launch2,
                limits: limits[1],
            },
        ],
        names,
        games,
        total: args.games as usize,
        concurrency: args.concurrency as usize,
        openings,
        referee: Referee {
            margin: Duration::from_millis(args.time_margin),
            stall_timeout: Duration::from_secs(args.stall_timeout.max(1)),
            max_plies: args.max_game_plies.max(1),
        },
        sprt,
        site: "cargo xtask match".to_string(),
    })
}

/// Prints what is about to be played.
fn print_header(m: &Match) {
    let game_ids: Vec<&str> = m.games.iter().map(|v| v.id).collect();
    println!(
        "Match: {} ({}) vs {} ({}), {} games of {}, concurrency {}, {}",
        m.names[0],
        m.entrants[0].limits,
        m.names[1],
        m.entrants[1].limits,
        m.total,
        game_ids.join(", "),
        m.concurrency,
        match &m.openings {
            Openings::List(list) => format!("{} openings from file", list.len()),
            Openings::Random { config, seed } => format!(
                "random openings of {}-{} plies within ±{} cp (seed {seed})",
                config.min_plies, config.max_plies, config.max_cp
            ),
        }
    );
    if let Some(s) = &m.sprt {
        let (lower, upper) = s.bounds();
        println!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}, LLR bounds [{lower:.2}, {upper:.2}]",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
}

/// The line printed when a game ends: who played what, how it ended, the running score.
fn game_line(m: &Match, played: &Played, standings: &Standings) -> String {
    let game = &played.game;
    let (w, b) = if played.engine1_white { (0, 1) } else { (1, 0) };
    let wdl = &standings.wdl;
    let mut line = format!(
        "game {:>4}/{} {:<13} {} vs {}: {:<7} {:<22} | {} - {} - {}  score {:.1}%",
        played.index + 1,
        m.total,
        game.pgn.variant.id,
        m.names[w],
        m.names[b],
        game.pgn.result,
        game.reason,
        wdl.wins,
        wdl.losses,
        wdl.draws,
        100.0 * wdl.score()
    );
    if let Some(llr) = standings.llr {
        line += &format!("  LLR {llr:.2}");
    }
    line
}

/// Prints the final statistics.
fn report(m: &Match, standings: &Standings, elapsed: Duration, args: &MatchArgs) {
    let (names, wdl) = (&m.names, &standings.wdl);
    println!();
    println!(
        "Score of {} vs {}: {} - {} - {} (W - L - D) [{:.3}] {} games in {:.1} s",
        names[0],
        names[1],
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.score(),
        standings.played,
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
    if standings.per_game.len() > 1 {
        for (id, w) in &standings.per_game {
            println!(
                "  {id:<13} {} - {} - {}  score {:.1}%",
                w.wins,
                w.losses,
                w.draws,
                100.0 * w.score()
            );
        }
    }
    let ends: Vec<String> = standings
        .endings
        .iter()
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    println!("Endings: {}", ends.join(", "));
    if let Some(p) = &args.pgn {
        println!("PGN: {}", p.display());
    }
    if let Some(s) = &m.sprt {
        let (lower, upper) = s.bounds();
        let verdict: Verdict = standings.verdict;
        println!(
            "SPRT: LLR {:.3} (bounds {lower:.3}, {upper:.3}): {verdict}",
            s.llr(wdl)
        );
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

    fn args(argv: &[&str]) -> MatchArgs {
        let mut all = vec!["match"];
        all.extend_from_slice(argv);
        Cli::try_parse_from(all).unwrap().args
    }

    /// A scratch file path unique to this test process and `name`.
    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("joust-match-{}-{name}", std::process::id()))
    }

    /// Writes a shell-script UCI engine that answers every `go` with `reply`, and
    /// returns its path.
    #[cfg(unix)]
    fn script_engine(name: &str, reply: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = scratch(name);
        let script = format!(
            "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    \
             uci) echo 'id name Script'; echo uciok;;\n    isready) echo readyok;;\n    \
             go) echo '{reply}';;\n    quit) exit 0;;\n  esac\ndone\n"
        );
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[cfg(unix)]
    #[test]
    fn an_illegal_move_loses_and_fails_the_match() {
        let engine = script_engine("illegal.sh", "bestmove e2e5");
        let pgn = scratch("illegal.pgn");
        let ok = run(&args(&[
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
            "--pgn",
            pgn.to_str().unwrap(),
        ]));
        let text = std::fs::read_to_string(&pgn).unwrap_or_default();
        let _ = std::fs::remove_file(&engine);
        let _ = std::fs::remove_file(&pgn);
        assert!(!ok);
        let games: Vec<_> = read_pgn(&text).into_iter().map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].result, "0-1");
        assert_eq!(games[0].tag("Termination"), Some("rules infraction"));
        assert_eq!(games[0].tag("Site"), Some("cargo xtask match"));
        assert_eq!(games[0].line.moves.len(), 0);
        let comment = &games[0].line.comments[0];
        assert!(comment.contains("illegal move 'e2e5'"), "{comment}");
        assert!(comment.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    }

    #[cfg(unix)]
    #[test]
    fn both_time_control_syntaxes_are_accepted() {
        let engine = script_engine("tc.sh", "bestmove e2e4");
        let path = engine.to_str().unwrap();
        let plan_of = |tc: &str| {
            plan(&args(&[
                "--no-build",
                "--engine1",
                path,
                "--engine2",
                &format!("{path} tc=1m+0.5"),
                "--tc",
                tc,
            ]))
        };
        let human = plan_of("5m+3s").unwrap();
        let tester = plan_of("300+3").unwrap();
        let _ = std::fs::remove_file(&engine);
        assert_eq!(human.entrants[0].limits, tester.entrants[0].limits);
        assert_eq!(human.entrants[0].limits.to_string(), "tc 300+3");
        assert_eq!(human.entrants[1].limits.to_string(), "tc 60+0.5");
    }

    #[test]
    fn bad_arguments_are_refused_before_any_engine_starts() {
        for (argv, why) in [
            (
                &["--tc", "0+1"][..],
                "--tc: time control '0+1' gives no time",
            ),
            (
                &["--tc", "x"],
                "--tc: 'x' is not a duration (expected a number; e.g. 90s, 10m, 1m30s)",
            ),
            (
                &["--nodes", "0"],
                "--nodes: nodes '0' is not a positive whole number",
            ),
            (
                &[],
                "engine 1 has no limit: give --tc, --movetime, --depth or --nodes",
            ),
            (
                &[
                    "--nodes",
                    "5",
                    "--engine2",
                    "fsf-uci",
                    "--variant",
                    "royal-lion",
                ],
                "engine 2 cannot play royal-lion: it plays only chess, lancerchess, clash",
            ),
            (
                &["--nodes", "5", "--sprt", "elo0=1"],
                "SPRT: elo0 and elo1 are required",
            ),
            (
                &["--nodes", "5", "--min-plies", "9"],
                "--min-plies 9 is more than --max-plies 8",
            ),
            (
                &["--nodes", "5", "--engine1", "joust colour=red"],
                "--engine1: engine spec 'joust colour=red': unknown key 'colour'",
            ),
            (
                &[
                    "--nodes",
                    "5",
                    "--variant",
                    "chess,clash",
                    "--openings",
                    "x.epd",
                ],
                "--openings needs a single game id in --variant",
            ),
        ] {
            let Err(e) = plan(&args(argv)) else {
                panic!("{argv:?} planned a match")
            };
            assert!(e.starts_with(why), "{argv:?}: {e}");
        }
    }
}
