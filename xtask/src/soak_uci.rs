//! `cargo xtask soak uci`: random UCI sessions from the testkit's generator played
//! against the release binary, one fresh `joust uci` process per session, spread evenly
//! over every game id. Each transcript is checked by the testkit's validator and watched
//! from outside (see [`crate::soak_session`]); a session with a finding is written to the
//! findings file with its script and transcript, and the run goes on.
//!
//! Session `N` of seed `S` is always the same script, so a run can be continued or one
//! session replayed with `--seed S --start N`.

use crate::paths;
use crate::soak_session::{play, Bounds, Engine, Outcome, START_ALLOWANCE};
use clap::Args;
use joust_core::{variants, Variant};
use joust_uci::testkit::{generate, Script, Seeded};
use joust_uci::Settings;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How often progress is printed.
const PROGRESS_EVERY: Duration = Duration::from_secs(15);
/// Sessions whose script and transcript are written in full; later ones get one line.
const FULL_REPORTS: usize = 200;
/// How long the binary may take to end after `quit`: the rest of the session's time,
/// as the generator budgets it. Commands before `quit` may take long (`eval`, which runs
/// in the command loop, takes seconds in some games on a loaded machine), and `quit` is
/// read only after them.
const QUIT_BOUND: Duration = Duration::MAX;

/// Options of `cargo xtask soak uci`.
#[derive(Args, Debug)]
pub struct UciSoakArgs {
    /// Sessions to play.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    sessions: u64,
    /// Seed of the sessions [default: from the clock; printed].
    #[arg(long)]
    seed: Option<u64>,
    /// Number of the first session: `--seed S --start N` continues a run of seed S, or
    /// replays its session N with `--sessions 1`.
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Sessions played at the same time (each is a process that mostly waits).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=64))]
    jobs: u32,
    /// Where sessions with findings are written (appended) [default:
    /// target/soak/uci-findings.txt].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Print every session's script and transcript (to look at a replayed session).
    #[arg(long)]
    show: bool,
    /// Use the existing release binary instead of running cargo build first.
    #[arg(long)]
    no_build: bool,
    /// Soak this binary instead of the workspace's (a copy keeps a long run's binary
    /// fixed while others build).
    #[arg(long, value_name = "FILE")]
    binary: Option<PathBuf>,
}

/// The seed of session `index` of a run seeded `seed` (SplitMix64 of both).
pub fn session_seed(seed: u64, index: u64) -> u64 {
    let mix = |z: u64| joust_core::rng::splitmix64(&mut { z });
    mix(seed ^ mix(index))
}

/// Session `index` of seed `seed`: its game (game ids in turn) and its script.
pub fn session(seed: u64, index: u64) -> (&'static Variant, Script) {
    let games = variants::all();
    let game = games[(index % games.len() as u64) as usize];
    let script = generate(&mut Seeded::new(session_seed(seed, index)), Some(game));
    (game, script)
}

/// What a worker tells the main thread about one session.
struct Done {
    index: u64,
    game: &'static str,
    steps: usize,
    bestmoves: usize,
    elapsed: Duration,
    /// The kinds of the findings (empty for a good session).
    kinds: Vec<&'static str>,
    /// The full report of a session with findings (or of every session with `--show`).
    report: Option<String>,
}

/// The report of one session: what was found, how to replay it, the script, the
/// transcript and the engine's end.
fn report(seed: u64, index: u64, game: &str, script: &Script, outcome: &Outcome) -> String {
    let mut text = format!("=== session {index} of seed {seed} ({game})\n");
    for f in &outcome.findings {
        text += &format!("finding: {f}\n");
    }
    text += &format!(
        "replay: cargo xtask soak uci --seed {seed} --start {index} --sessions 1 --show\n\
         limit: {} ms; exit: {}\n--- script\n{script}--- transcript\n{}",
        outcome.limit.as_millis(),
        outcome
            .exit
            .as_ref()
            .map_or("none (killed)".to_string(), |e| e.to_string()),
        outcome.transcript
    );
    if !outcome.stderr.is_empty() {
        text += &format!("--- stderr\n{}\n", outcome.stderr.trim_end());
    }
    text + "\n"
}

/// The running totals of a soak.
#[derive(Default)]
struct Totals {
    sessions: u64,
    steps: usize,
    bestmoves: usize,
    with_findings: u64,
    kinds: BTreeMap<&'static str, u64>,
    per_game: BTreeMap<&'static str, (u64, u64)>,
    slowest: (Duration, u64),
    /// Every session below this one is done (where a stopped run can be continued).
    done_through: u64,
    finished: std::collections::BTreeSet<u64>,
}

impl Totals {
    fn add(&mut self, done: &Done) {
        self.sessions += 1;
        self.steps += done.steps;
        self.bestmoves += done.bestmoves;
        let game = self.per_game.entry(done.game).or_default();
        game.0 += 1;
        if !done.kinds.is_empty() {
            self.with_findings += 1;
            game.1 += 1;
        }
        for k in &done.kinds {
            *self.kinds.entry(k).or_default() += 1;
        }
        if done.elapsed > self.slowest.0 {
            self.slowest = (done.elapsed, done.index);
        }
        self.finished.insert(done.index);
        while self.finished.remove(&self.done_through) {
            self.done_through += 1;
        }
    }
}

/// The findings file, opened at the first finding.
struct FindingsFile {
    path: PathBuf,
    file: Option<File>,
    written: usize,
}

impl FindingsFile {
    fn write(&mut self, text: &str, done: &Done) -> Result<(), String> {
        if self.file.is_none() {
            if let Some(dir) = self.path.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)
                .map_err(|e| format!("cannot open {}: {e}", self.path.display()))?;
            self.file = Some(file);
        }
        let text = if self.written < FULL_REPORTS {
            text.to_string()
        } else {
            format!(
                "=== session {} ({}): {} (replay it for the transcript)\n",
                done.index,
                done.game,
                done.kinds.join(", ")
            )
        };
        self.written += 1;
        match &mut self.file {
            Some(f) => f
                .write_all(text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", self.path.display())),
            None => Ok(()),
        }
    }
}

/// Plays one session against a fresh process of `binary`.
fn play_one(binary: &Path, bounds: &Bounds, seed: u64, index: u64, show: bool) -> Done {
    let (game, script) = session(seed, index);
    let steps = script.steps.len();
    let outcome = match Engine::spawn(binary, &["uci"]) {
        Ok(engine) => play(&script, engine, bounds),
        Err(e) => {
            return Done {
                index,
                game: game.id,
                steps,
                bestmoves: 0,
                elapsed: Duration::ZERO,
                kinds: vec!["not started"],
                report: Some(format!(
                    "=== session {index} of seed {seed} ({}): cannot start {}: {e}\n\n",
                    game.id,
                    binary.display()
                )),
            }
        }
    };
    let kinds = outcome
        .findings
        .iter()
        .map(|f| f.kind())
        .collect::<Vec<_>>();
    let report =
        (show || !kinds.is_empty()).then(|| report(seed, index, game.id, &script, &outcome));
    Done {
        index,
        game: game.id,
        steps,
        bestmoves: outcome.transcript.lines_starting("bestmove").len(),
        elapsed: outcome.transcript.elapsed,
        kinds,
        report,
    }
}

/// Runs the soak; false if a session had a finding or the run could not start.
pub fn run(args: &UciSoakArgs) -> bool {
    let (binary, origin) = match crate::soak::binary(args.binary.as_deref(), args.no_build) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
            % 1_000_000_007
    });
    let out = args.out.clone().unwrap_or_else(|| {
        paths::workspace_root()
            .join("target")
            .join("soak")
            .join("uci-findings.txt")
    });
    let bounds = Bounds {
        fallback: Settings::default().fallback_time,
        quit: QUIT_BOUND,
        start: START_ALLOWANCE,
    };
    let (first, end) = (args.start, args.start.saturating_add(args.sessions));
    println!(
        "Soak uci: sessions {first}..{end} of seed {seed} ({} sessions), {} jobs, {} as `joust uci` \
         ({origin}), one process per session; findings to {}",
        end - first,
        args.jobs,
        binary.display(),
        out.display()
    );
    let started = Instant::now();
    let next = AtomicU64::new(first);
    let (tx, rx) = mpsc::channel::<Done>();
    let mut totals = Totals {
        done_through: first,
        ..Totals::default()
    };
    let mut file = FindingsFile {
        path: out.clone(),
        file: None,
        written: 0,
    };
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..args.jobs {
            let tx = tx.clone();
            let (next, binary, bounds) = (&next, &binary, &bounds);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= end {
                    break;
                }
                if tx
                    .send(play_one(binary, bounds, seed, index, args.show))
                    .is_err()
                {
                    break;
                }
            });
        }
        drop(tx);
        let mut last_print = Instant::now();
        for done in rx {
            totals.add(&done);
            if let Some(text) = &done.report {
                if args.show {
                    print!("{text}");
                }
                if !done.kinds.is_empty() {
                    println!(
                        "FINDING in session {} ({}): {}",
                        done.index,
                        done.game,
                        done.kinds.join(", ")
                    );
                    if let Err(e) = file.write(text, &done) {
                        write_error.get_or_insert(e);
                    }
                }
            }
            if last_print.elapsed() >= PROGRESS_EVERY {
                last_print = Instant::now();
                println!("{}", progress(&totals, end - first, started.elapsed()));
            }
        }
    });
    println!("{}", progress(&totals, end - first, started.elapsed()));
    summary(&totals, started.elapsed(), seed, end);
    if let Some(e) = write_error {
        eprintln!("error: {e}");
        return false;
    }
    if totals.with_findings == 0 {
        println!("PASS: no finding in {} sessions", totals.sessions);
        true
    } else {
        println!(
            "FAILED: {} of {} sessions had findings; scripts and transcripts in {}",
            totals.with_findings,
            totals.sessions,
            out.display()
        );
        false
    }
}

/// One progress line.
fn progress(t: &Totals, total: u64, elapsed: Duration) -> String {
    let rate = t.sessions as f64 / elapsed.as_secs_f64().max(1e-9);
    let left = total.saturating_sub(t.sessions) as f64 / rate.max(1e-9);
    format!(
        "[{:>6.0} s] {}/{} sessions ({:.1} %), {:.1}/s, done through {}, findings {}, about {:.0} min left",
        elapsed.as_secs_f64(),
        t.sessions,
        total,
        100.0 * t.sessions as f64 / total.max(1) as f64,
        rate,
        t.done_through,
        t.with_findings,
        left / 60.0
    )
}

/// The closing figures.
fn summary(t: &Totals, elapsed: Duration, seed: u64, end: u64) {
    println!();
    println!(
        "Sessions: {} in {:.1} s ({:.1}/s); {} steps, {} bestmoves; slowest session {} ({:.2} s)",
        t.sessions,
        elapsed.as_secs_f64(),
        t.sessions as f64 / elapsed.as_secs_f64().max(1e-9),
        t.steps,
        t.bestmoves,
        t.slowest.1,
        t.slowest.0.as_secs_f64()
    );
    let games: Vec<String> = t
        .per_game
        .iter()
        .map(|(id, (n, bad))| format!("{id} {n} ({bad} with findings)"))
        .collect();
    println!("Games: {}", games.join(", "));
    if !t.kinds.is_empty() {
        let kinds: Vec<String> = t.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        println!("Findings by kind: {}", kinds.join(", "));
    }
    if t.done_through < end {
        println!(
            "Not finished: continue with --seed {seed} --start {} --sessions {}",
            t.done_through,
            end - t.done_through
        );
    } else {
        println!("Next sessions of this seed: --seed {seed} --start {end}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: UciSoakArgs,
    }

    fn parse(argv: &[&str]) -> Result<UciSoakArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("uci").chain(argv.iter().copied())).map(|c| c.args)
    }

    #[test]
    fn arguments_and_their_defaults() {
        let a = parse(&[]).unwrap();
        assert_eq!((a.sessions, a.seed, a.start, a.jobs), (100_000, None, 0, 6));
        assert!(!a.show && !a.no_build && a.out.is_none() && a.binary.is_none());
        let a = parse(&[
            "--sessions",
            "5",
            "--seed",
            "9",
            "--start",
            "70",
            "--jobs",
            "2",
            "--out",
            "f.txt",
        ])
        .unwrap();
        assert_eq!((a.sessions, a.seed, a.start, a.jobs), (5, Some(9), 70, 2));
        assert_eq!(a.out, Some(PathBuf::from("f.txt")));
        for bad in [
            &["--sessions", "0"][..],
            &["--jobs", "0"],
            &["--jobs", "65"],
            &["--seed", "x"],
            &["--start", "-1"],
            &["--games", "3"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sessions_are_fixed_by_seed_and_number_and_cover_every_game() {
        let (game, a) = session(7, 12);
        let (_, b) = session(7, 12);
        assert_eq!(a.to_string(), b.to_string());
        assert_eq!(a.expects, b.expects);
        let (_, other) = session(8, 12);
        assert_ne!(session_seed(7, 12), session_seed(8, 12));
        assert_ne!(session_seed(7, 12), session_seed(7, 13));
        assert_ne!(a.to_string(), other.to_string());
        let n = variants::all().len() as u64;
        assert_eq!(session(7, 12 + n).0.id, game.id);
        let ids: std::collections::BTreeSet<&str> = (0..n).map(|i| session(1, i).0.id).collect();
        assert_eq!(ids.len(), variants::all().len());
        // The script starts by choosing its game.
        assert!(a
            .to_string()
            .starts_with(&format!("setoption name UCI_Variant value {}\n", game.id)));
    }

    #[test]
    fn totals_know_where_a_run_can_be_continued() {
        let mut t = Totals {
            done_through: 10,
            ..Totals::default()
        };
        let done = |index, kinds: Vec<&'static str>| Done {
            index,
            game: "chess",
            steps: 3,
            bestmoves: 1,
            elapsed: Duration::from_millis(index),
            kinds,
            report: None,
        };
        t.add(&done(11, vec![]));
        assert_eq!(t.done_through, 10);
        t.add(&done(10, vec!["hang", "panic"]));
        assert_eq!(t.done_through, 12);
        t.add(&done(13, vec![]));
        assert_eq!(t.done_through, 12);
        assert_eq!((t.sessions, t.with_findings, t.steps), (3, 1, 9));
        assert_eq!(t.kinds.get("panic"), Some(&1));
        assert_eq!(t.per_game.get("chess"), Some(&(3, 1)));
        assert_eq!(t.slowest, (Duration::from_millis(13), 13));
        let line = progress(&t, 4, Duration::from_secs(3));
        assert!(
            line.contains("3/4 sessions (75.0 %), 1.0/s, done through 12, findings 1"),
            "{line}"
        );
    }

    #[test]
    fn findings_are_appended_in_full_then_in_one_line_each() {
        let dir = std::env::temp_dir().join(format!("joust-soak-{}", std::process::id()));
        let path = dir.join("new").join("findings.txt");
        let mut file = FindingsFile {
            path: path.clone(),
            file: None,
            written: 0,
        };
        assert!(!path.exists(), "created only at the first finding");
        let done = |index| Done {
            index,
            game: "clash",
            steps: 1,
            bestmoves: 0,
            elapsed: Duration::ZERO,
            kinds: vec!["hang"],
            report: None,
        };
        for i in 0..=FULL_REPORTS as u64 {
            file.write(&format!("=== session {i} in full\nscript\n"), &done(i))
                .unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(text.matches(" in full\nscript\n").count(), FULL_REPORTS);
        assert!(text.ends_with(&format!(
            "=== session {FULL_REPORTS} (clash): hang (replay it for the transcript)\n"
        )));
    }

    #[test]
    fn a_missing_binary_is_a_finding_not_a_crash() {
        let bounds = Bounds {
            fallback: Duration::from_secs(10),
            quit: QUIT_BOUND,
            start: START_ALLOWANCE,
        };
        let done = play_one(Path::new("/nonexistent/joust"), &bounds, 1, 0, false);
        assert_eq!(done.kinds, ["not started"]);
        assert!(done
            .report
            .unwrap()
            .contains("cannot start /nonexistent/joust"));
    }
}
