//! Tests of the session capture: Joust's own UCI loop on a thread passes generated
//! sessions, and small scripted engines (and one shell process) that misbehave in each
//! way are caught.

use super::*;
use joust_core::variants;
use joust_uci::testkit::generate::{Allowed, Expect, Wait};
use joust_uci::testkit::{generate, Seeded};
use joust_uci::Settings;

/// Bounds for engines run here: the generator's fallback time, quick quits, no start-up
/// allowance.
const BOUNDS: Bounds = Bounds {
    fallback: FALLBACK,
    quit: Duration::from_millis(300),
    start: Duration::ZERO,
};

/// Joust's UCI loop on a thread, with `settings`.
fn joust(settings: Settings) -> Engine {
    Engine::in_process(move |input, output, _errors| {
        joust_uci::run_with(input, joust_uci::Output::new(output), settings);
        0
    })
    .unwrap()
}

/// A scripted engine: each command line (trimmed) is answered with `answer`'s lines, and
/// `None` ends the engine with status 0. At the end of its input it waits `linger`,
/// writes `tail` to its output and `stderr` to its standard error, and returns `code`.
struct Fake {
    answer: fn(&str) -> Option<Vec<&'static str>>,
    linger: Duration,
    tail: &'static str,
    stderr: &'static str,
    code: i32,
}

impl Fake {
    fn new(answer: fn(&str) -> Option<Vec<&'static str>>) -> Fake {
        Fake {
            answer,
            linger: Duration::ZERO,
            tail: "",
            stderr: "",
            code: 0,
        }
    }

    fn start(self) -> Engine {
        Engine::in_process(move |input, mut output, mut errors| {
            for line in input.lines() {
                let Ok(line) = line else { break };
                match (self.answer)(line.trim()) {
                    Some(lines) => {
                        for l in lines {
                            let _ = writeln!(output, "{l}");
                        }
                    }
                    None => return 0,
                }
            }
            std::thread::sleep(self.linger);
            let _ = output.write_all(self.tail.as_bytes());
            let _ = errors.write_all(self.stderr.as_bytes());
            self.code
        })
        .unwrap()
    }
}

/// The usual answers: the handshake, and `quit` ends.
fn polite(line: &str) -> Option<Vec<&'static str>> {
    match line {
        "uci" => Some(vec!["id name Fake", "uciok"]),
        "isready" => Some(vec!["readyok"]),
        "quit" => None,
        _ => Some(vec![]),
    }
}

/// A script of `lines`, each a `go` that must be answered (with the wait given) or a
/// plain command, limited to `limit_ms`.
fn script(lines: &[(&str, Option<Wait>)], quits: bool, limit_ms: u64) -> Script {
    let stopping = ["go", "stop", "quit", "position", "setoption", "ucinewgame"];
    Script {
        steps: lines.iter().map(|(l, _)| Step::line(l)).collect(),
        expects: lines
            .iter()
            .map(|(l, wait)| Expect {
                search: wait.map(|w| (w, Allowed::Any)),
                stops: stopping.iter().any(|s| l.split(' ').next() == Some(*s)),
                ponderhit: *l == "ponderhit",
            })
            .collect(),
        settings: Settings {
            fallback_time: FALLBACK,
        },
        limit: Duration::from_millis(limit_ms),
        quits,
    }
}

fn kinds(outcome: &Outcome) -> Vec<&'static str> {
    outcome.findings.iter().map(Finding::kind).collect()
}

#[test]
fn generated_sessions_against_the_real_loop_pass() {
    let games = variants::all();
    for seed in 0..4u64 {
        let game = games[(seed as usize * 3) % games.len()];
        let script = generate(&mut Seeded::new(seed), Some(game));
        let outcome = play(&script, joust(script.settings), &BOUNDS);
        assert!(
            outcome.findings.is_empty(),
            "seed {seed} ({}): {:?}\n--- script\n{script}--- transcript\n{}",
            game.id,
            outcome.findings,
            outcome.transcript
        );
        assert_eq!(outcome.exit, Some(Exit::Returned(0)));
        let sent = outcome
            .transcript
            .events
            .iter()
            .filter(|(_, e)| matches!(e, Event::In(..)))
            .count();
        let lines = script
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Line(_)))
            .count();
        assert_eq!(sent, lines, "seed {seed}: every line is logged once");
    }
}

#[test]
fn answers_are_logged_in_order_with_the_lines_that_asked_for_them() {
    let s = script(
        &[
            ("uci", None),
            ("isready", None),
            ("go depth 1", Some(Wait::No)),
        ],
        false,
        5_000,
    );
    let outcome = play(&s, joust(s.settings), &BOUNDS);
    assert!(outcome.findings.is_empty(), "{:?}", outcome.findings);
    let t = &outcome.transcript;
    assert!(t.time_of("uciok").unwrap() >= t.time_sent(0).unwrap());
    assert!(t.time_of("readyok").unwrap() >= t.time_sent(1).unwrap());
    assert!(t.time_of("bestmove").unwrap() >= t.time_sent(2).unwrap());
    assert!(matches!(t.events.last(), Some((_, Event::Out(l))) if l.starts_with("bestmove")));
    assert_eq!(t.ending, Some(Ending::EndOfInput));
}

#[test]
fn a_second_bestmove_is_found() {
    let s = script(&[("go depth 1", Some(Wait::No))], false, 2_000);
    let engine = Fake::new(|line| match line {
        "go depth 1" => Some(vec!["bestmove e2e4", "bestmove e2e4"]),
        other => polite(other),
    });
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(
        outcome.findings,
        [Finding::Session(SessionFinding::UnaskedBestmove(
            "bestmove e2e4".into()
        ))]
    );
}

#[test]
fn a_bestmove_before_stop_is_found() {
    // The pause gives the engine the time to answer before its input ends: from outside,
    // the end of input is known only when it is sent, not when the engine reads it.
    let mut s = script(
        &[("go infinite", Some(Wait::ForStop)), ("isready", None)],
        false,
        2_000,
    );
    s.steps.push(Step::Pause(Duration::from_millis(100)));
    s.expects.push(s.expects[1].clone());
    let engine = Fake::new(|line| match line {
        "isready" => Some(vec!["bestmove e2e4", "readyok"]),
        other => polite(other),
    });
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(kinds(&outcome), ["bestmove before stop"]);
}

#[test]
fn an_engine_that_ends_by_itself_is_found() {
    let lines = [("isready", None), ("hello \u{fc}", None), ("isready", None)];
    let ends_on_junk = |line: &str| match line {
        "isready" => Some(vec!["readyok"]),
        _ => None,
    };
    // Lines sent at once: the second isready is not answered.
    let s = script(&lines, false, 2_000);
    let outcome = play(&s, Fake::new(ends_on_junk).start(), &BOUNDS);
    assert!(
        outcome
            .findings
            .contains(&Finding::Answers("isready", 2, "readyok", 1)),
        "{:?}",
        outcome.findings
    );
    assert_eq!(outcome.exit, Some(Exit::Returned(0)));
    // With a pause, the end is seen before the next line is sent.
    let mut s = script(&lines, false, 2_000);
    s.steps.insert(2, Step::Pause(Duration::from_millis(100)));
    s.expects.insert(2, s.expects[0].clone());
    let outcome = play(&s, Fake::new(ends_on_junk).start(), &BOUNDS);
    assert_eq!(outcome.findings[0], Finding::EndedEarly(3));
    assert_eq!(kinds(&outcome), ["ended early"]);
}

#[test]
fn an_engine_that_ignores_quit_is_found() {
    let s = script(&[("uci", None), ("quit", None)], true, 2_000);
    let engine = Fake::new(|line| match line {
        "quit" => Some(vec![]),
        other => polite(other),
    });
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(kinds(&outcome), ["no quit"]);
    let polite_one = play(&s, Fake::new(polite).start(), &BOUNDS);
    assert!(polite_one.findings.is_empty(), "{:?}", polite_one.findings);
    assert_eq!(polite_one.transcript.ending, Some(Ending::Quit));
    // No bound of its own after quit: the rest of the session's time is the bound.
    let unbounded = Bounds {
        quit: Duration::MAX,
        ..BOUNDS
    };
    let polite_one = play(&s, Fake::new(polite).start(), &unbounded);
    assert!(polite_one.findings.is_empty(), "{:?}", polite_one.findings);
}

#[test]
fn a_panic_message_and_a_failed_status_are_found() {
    let s = script(&[("go depth 1", Some(Wait::No))], false, 2_000);
    let engine = Fake {
        stderr: "\nthread 'search' panicked at search/src/search.rs:1:1:\nboom\n",
        code: 101,
        ..Fake::new(polite)
    };
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(kinds(&outcome), ["go unanswered", "exit status", "panic"]);
    assert_eq!(
        outcome.findings[1].to_string(),
        "the engine ended with returned 101"
    );
    assert!(outcome.stderr.contains("boom"));
}

#[test]
fn an_engine_that_does_not_end_in_time_hangs() {
    let s = script(&[("isready", None)], false, 200);
    // It does not answer isready either, but a killed engine's answers may have been on
    // their way: only the hang is reported.
    let engine = Fake {
        linger: Duration::from_millis(600),
        ..Fake::new(|_| Some(vec![]))
    };
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(
        outcome.findings,
        [Finding::Session(SessionFinding::Hang(200))]
    );
    assert_eq!(outcome.exit, None);
}

#[test]
fn a_last_line_without_newline_is_malformed() {
    let s = script(&[("isready", None)], false, 2_000);
    let engine = Fake {
        tail: "readyok",
        ..Fake::new(polite)
    };
    let outcome = play(&s, engine.start(), &BOUNDS);
    assert_eq!(kinds(&outcome), ["malformed line"]);
}

#[cfg(unix)]
#[test]
fn a_process_is_watched_from_outside() {
    let s = script(&[("go depth 1", Some(Wait::No))], false, 5_000);
    let sh = |body: &str| Engine::spawn(Path::new("/bin/sh"), &["-c", body]).unwrap();
    let good = play(
        &s,
        sh("while read -r l; do :; done; echo 'bestmove e2e4'"),
        &BOUNDS,
    );
    assert!(good.findings.is_empty(), "{:?}", good.findings);
    let bad = play(
        &s,
        sh("while read -r l; do :; done; echo 'bestmove e2e4'; echo oops >&2; exit 3"),
        &BOUNDS,
    );
    assert_eq!(
        bad.findings,
        [
            Finding::Exit("exit status: 3".into()),
            Finding::Stderr("oops".into())
        ]
    );
    let missing = Engine::spawn(Path::new("/nonexistent/joust"), &["uci"]);
    assert!(missing.is_err());
}

#[test]
fn the_budget_adds_the_engines_fallback_time_for_each_go_without_limits() {
    let bounds = Bounds {
        fallback: Duration::from_secs(10),
        ..BOUNDS
    };
    let extra = Duration::from_secs(10) - FALLBACK;
    for (line, fallbacks) in [
        ("go mate 2", 1),
        ("go ponder", 1),
        ("go winc 100", 1),
        ("go depth 1", 0),
        ("go ponder movetime 5", 0),
        ("go wtime -100 btime x", 0),
        ("go infinite", 0),
        ("go", 0),
        ("go perft 2", 0),
        ("isready", 0),
    ] {
        let s = script(&[(line, None), (line, None)], false, 1_000);
        assert_eq!(
            budget(&s, &bounds),
            Duration::from_secs(1) + extra * (2 * fallbacks),
            "{line}"
        );
    }
}
