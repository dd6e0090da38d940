//! The UCI client against scripted engines (every wait that can stall, every way an
//! engine can fail), Joust's own loop in process, and a few real processes run by `sh`.

use super::*;
use crate::fake::{engine, joust, say, scripted, Act};
use crate::score::Score;

/// Timeouts long enough for an engine that answers, even on a loaded machine; the tests
/// of a stuck engine shorten the one they test.
fn patient() -> Timeouts {
    Timeouts {
        start: Duration::from_secs(20),
        ready: Duration::from_secs(20),
        perft: Duration::from_secs(20),
        eval: Duration::from_secs(20),
        stop: Duration::from_secs(20),
        quit: Duration::from_secs(5),
    }
}

/// A short wait, for the one timeout a test is about.
const SHORT: Duration = Duration::from_millis(300);

fn start(launch: &Launch) -> UciEngine {
    start_with(launch, patient())
}

fn start_with(launch: &Launch, timeouts: Timeouts) -> UciEngine {
    UciEngine::start_with(launch, timeouts).unwrap()
}

fn start_error(launch: &Launch, timeouts: Timeouts) -> UciError {
    match UciEngine::start_with(launch, timeouts) {
        Ok(_) => panic!("the engine started"),
        Err(e) => e,
    }
}

/// An engine with the options and variants Fairy-Stockfish declares, that keeps every
/// `setoption` it is sent and lists them (as `info string` lines, then `listed`) when
/// sent `list`.
fn fairy() -> Launch {
    let options = std::sync::Mutex::new(Vec::<String>::new());
    scripted("fairy", move |line| match line {
        "uci" => say(&[
            "id name Fairy 1.0",
            "option name Threads type spin default 1 min 1 max 512",
            "option name Skill Level type spin default 20 min -20 max 20",
            "option name UCI_Variant type combo default chess var chess var clash var lancerchess",
            "uciok",
        ]),
        "isready" => say(&["readyok"]),
        "list" => {
            let mut said: Vec<String> = options
                .lock()
                .unwrap()
                .iter()
                .map(|o| format!("info string {o}"))
                .collect();
            said.push("listed".into());
            Act::Say(said)
        }
        set if set.starts_with("setoption") => {
            options.lock().unwrap().push(set.to_string());
            say(&[])
        }
        _ => say(&[]),
    })
}

/// What [`fairy`] was sent with `setoption`.
fn sent_options(e: &mut UciEngine) -> Vec<String> {
    e.send("list").unwrap();
    e.read_until("listed", Instant::now() + Duration::from_secs(5))
        .unwrap()
        .iter()
        .map(|l| {
            l.trim_start_matches("info string setoption name ")
                .to_string()
        })
        .collect()
}

#[test]
fn the_handshake_reads_name_options_and_games() {
    let mut e = start(&fairy());
    assert_eq!(e.name, "Fairy 1.0");
    assert_eq!(e.options, ["Threads", "Skill Level", "UCI_Variant"]);
    assert_eq!(e.variants, ["chess", "clash", "lancerchess"]);
    assert!(e.has_option("threads") && e.has_option("SKILL LEVEL"));
    assert!(!e.has_option("Hash"));
    assert!(e.plays("clash") && e.plays("chess") && !e.plays("royal-lion"));
    e.sync().unwrap();
}

#[test]
fn a_game_is_selected_once_and_only_if_offered() {
    let mut e = start(&fairy());
    e.select_variant("clash").unwrap();
    e.select_variant("clash").unwrap();
    e.select_variant("lancerchess").unwrap();
    assert_eq!(
        sent_options(&mut e),
        ["UCI_Variant value clash", "UCI_Variant value lancerchess"]
    );
    match e.select_variant("royal-lion") {
        Err(UciError::DoesNotPlay { engine, game }) => {
            assert_eq!(
                (engine.as_str(), game.as_str()),
                ("Fairy 1.0", "royal-lion")
            )
        }
        other => panic!("{other:?}"),
    }
    // Without UCI_Variant an engine plays chess and nothing else.
    let mut plain = start(&engine("Plain", |_| say(&[])));
    assert!(plain.plays("chess") && !plain.plays("clash"));
    plain.select_variant("chess").unwrap();
    assert_eq!(
        plain.select_variant("clash").unwrap_err().to_string(),
        "Plain does not play clash"
    );
}

#[test]
fn options_are_sent_as_setoption() {
    let mut e = start(&fairy());
    e.set_option("Skill Level", "3").unwrap();
    e.set_option("Threads", "2").unwrap();
    assert_eq!(
        sent_options(&mut e),
        ["Skill Level value 3", "Threads value 2"]
    );
}

#[test]
fn a_silent_engine_times_out_at_start_up() {
    let silent = scripted("silent", |_| say(&[]));
    let e = start_error(
        &silent,
        Timeouts {
            start: SHORT,
            ..patient()
        },
    );
    assert!(
        matches!(&e, UciError::Timeout { waiting_for, .. } if waiting_for == "uciok"),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "silent: no 'uciok' within 0 s");
}

#[test]
fn an_engine_that_dies_at_start_up_is_reported() {
    let dead = scripted("dead", |_| Act::Exit);
    let e = start_error(&dead, patient());
    assert_eq!(
        e.to_string(),
        "dead: exited (returned) while waiting for 'uciok'"
    );
}

#[test]
fn an_engine_that_never_gets_ready_times_out() {
    let lazy = scripted("lazy", |line| match line {
        "uci" => say(&["uciok"]),
        _ => say(&[]),
    });
    let mut e = start_with(
        &lazy,
        Timeouts {
            ready: SHORT,
            ..patient()
        },
    );
    assert_eq!(e.name, "lazy");
    let error = e.sync().unwrap_err();
    assert!(
        matches!(&error, UciError::Timeout { waiting_for, .. } if waiting_for == "readyok"),
        "{error:?}"
    );
    assert!(matches!(
        e.set_option("Hash", "16"),
        Err(UciError::Timeout { .. })
    ));
}

#[test]
fn perft_reads_the_total_or_says_why_not() {
    let counter = engine("counter", |go| match go {
        "go perft 2" => say(&["a2a3: 20", "b2b3: 20", "", "Nodes searched: 400"]),
        "go perft 3" => say(&["Nodes searched: many"]),
        _ => say(&[]),
    });
    let mut e = start_with(
        &counter,
        Timeouts {
            perft: SHORT,
            ..patient()
        },
    );
    assert_eq!(e.perft(2).unwrap().0, 400);
    assert_eq!(
        e.perft(3).unwrap_err().to_string(),
        "counter: unreadable count in 'Nodes searched: many'"
    );
    assert!(matches!(
        e.perft(4),
        Err(UciError::Timeout { waiting_for, .. }) if waiting_for == "Nodes searched"
    ));
}

#[test]
fn legal_moves_come_from_the_divide_lines() {
    let divider = engine("divider", |go| match go {
        "go perft 1" => say(&[
            "info string counting",
            "e2e4: 1",
            "L@b0: 1",
            "e7e8 q: 1",
            "",
            "Nodes searched: 2",
        ]),
        _ => say(&[]),
    });
    let mut e = start(&divider);
    let moves = e.legal_moves("8/8/8/8/8/8/8/8 w - - 0 1", &[]).unwrap();
    assert_eq!(moves, ["e2e4", "L@b0"]);
    let moves = e
        .legal_moves("8/8/8/8/8/8/8/8 w - - 0 1", &["e2e4".to_string()])
        .unwrap();
    assert_eq!(moves.len(), 2);
}

#[test]
fn eval_reads_the_trace_up_to_readyok() {
    let tracer = scripted("tracer", |line| match line {
        "uci" => say(&["uciok"]),
        "eval" => say(&[
            "| Material | 0.10 |",
            "Final evaluation  +0.10 (white side)",
        ]),
        "isready" => say(&["readyok"]),
        _ => say(&[]),
    });
    let mut e = start(&tracer);
    assert_eq!(
        e.eval().unwrap(),
        [
            "| Material | 0.10 |",
            "Final evaluation  +0.10 (white side)"
        ]
    );
    // An engine that never finishes its trace.
    let stuck = scripted("stuck", |line| match line {
        "uci" => say(&["uciok"]),
        "eval" => say(&["| Material | 0.10 |"]),
        _ => say(&[]),
    });
    let timeouts = Timeouts {
        eval: SHORT,
        ..patient()
    };
    let error = start_with(&stuck, timeouts).eval().unwrap_err();
    assert!(
        matches!(&error, UciError::Timeout { waiting_for, .. } if waiting_for == "readyok"),
        "{error:?}"
    );
}

#[test]
fn go_reads_the_search_and_its_move() {
    let searcher = engine("searcher", |_| {
        say(&[
            "info depth 1 score cp 20 pv e2e4",
            "info depth 2 score cp 35 nodes 90 pv d2d4",
            "info depth 3 score cp 80 lowerbound",
            "bestmove d2d4 ponder d7d5",
        ])
    });
    let mut e = start(&searcher);
    let reply = e
        .go("position startpos", "go depth 3", Duration::from_secs(5))
        .unwrap();
    assert_eq!(reply.best_move, "d2d4");
    assert_eq!(reply.info.score, Some(Score::Cp(35)));
    assert_eq!(reply.info.depth, Some(2));
    assert!(reply.elapsed < Duration::from_secs(5));
}

#[test]
fn a_search_past_its_deadline_is_stopped() {
    // Answers `stop` with its move: a timeout, not a hang.
    let stoppable = scripted("stoppable", |line| match line {
        "uci" => say(&["uciok"]),
        "stop" => say(&["bestmove e2e4"]),
        _ => say(&[]),
    });
    let mut e = start(&stoppable);
    match e.go(
        "position startpos",
        "go infinite",
        Duration::from_millis(50),
    ) {
        Err(GoError::Timeout { elapsed, hung }) => {
            assert!(!hung);
            assert!(elapsed >= Duration::from_millis(50));
        }
        other => panic!("{other:?}"),
    }
    // Ignores `stop` as well: hung.
    let deaf = scripted("deaf", |line| match line {
        "uci" => say(&["uciok"]),
        _ => say(&[]),
    });
    let mut e = start_with(
        &deaf,
        Timeouts {
            stop: SHORT,
            ..patient()
        },
    );
    assert!(matches!(
        e.go(
            "position startpos",
            "go infinite",
            Duration::from_millis(50)
        ),
        Err(GoError::Timeout { hung: true, .. })
    ));
}

#[test]
fn an_engine_that_dies_in_a_search_fails_at_once() {
    let fragile = scripted("fragile", |line| match line {
        "uci" => say(&["uciok"]),
        go if go.starts_with("go") => Act::Exit,
        _ => say(&[]),
    });
    let mut e = start(&fragile);
    let begun = Instant::now();
    match e.go("position startpos", "go depth 1", Duration::from_secs(60)) {
        Err(GoError::Failed(UciError::Exited { waiting_for, .. })) => {
            assert_eq!(waiting_for, "bestmove")
        }
        other => panic!("{other:?}"),
    }
    assert!(begun.elapsed() < Duration::from_secs(10));
    // Its input is gone too.
    assert!(e.send("isready").is_err() || e.sync().is_err());
}

#[test]
fn joust_in_process_plays_and_counts() {
    let mut e = UciEngine::start(&joust()).unwrap();
    assert!(e.name.starts_with("Joust"), "{}", e.name);
    assert!(e.plays("lancerchess") && e.plays("royal-lion"));
    e.select_variant("lancerchess").unwrap();
    e.set_start_position().unwrap();
    assert_eq!(e.perft(2).unwrap().0, 324);
    let reply = e
        .go("position startpos", "go nodes 500", Duration::from_secs(60))
        .unwrap();
    assert_eq!(reply.best_move.len(), 4, "{reply:?}");
    assert!(reply.info.score.is_some() && reply.info.depth.is_some());
    let moves = e
        .legal_moves(
            "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1",
            &["e2e4".to_string()],
        )
        .unwrap();
    assert_eq!(moves.len(), 18, "{moves:?}");
}

/// A real process: `sh -c script`.
#[cfg(unix)]
fn shell(script: &str) -> Launch {
    Launch::program("/bin/sh").with_args(vec!["-c".into(), script.into()])
}

#[cfg(unix)]
#[test]
fn programs_are_spoken_to_over_pipes() {
    let script = "while read -r cmd rest; do case \"$cmd\" in \
                  uci) echo 'id name Shell'; echo uciok;; \
                  isready) echo readyok;; \
                  go) echo 'info depth 1 score mate 2'; echo 'bestmove a2a3';; \
                  quit) exit 0;; esac; done";
    let mut e = start(&shell(script));
    assert_eq!(e.name, "Shell");
    e.sync().unwrap();
    let reply = e
        .go("position startpos", "go depth 1", Duration::from_secs(10))
        .unwrap();
    assert_eq!(
        (reply.best_move.as_str(), reply.info.score),
        ("a2a3", Some(Score::Mate(2)))
    );
}

#[cfg(unix)]
#[test]
fn a_program_gets_the_environment_variables_of_its_launch() {
    let script = "while read -r cmd rest; do case \"$cmd\" in \
                  uci) echo \"id name $JOUST_TEST_NAME\"; echo uciok;; \
                  isready) echo readyok;; quit) exit 0;; esac; done";
    let launch = shell(script).with_env("JOUST_TEST_NAME", "Named by env");
    assert!(format!("{launch:?}").contains("JOUST_TEST_NAME"));
    let e = start(&launch);
    assert_eq!(e.name, "Named by env");
}

#[cfg(unix)]
#[test]
fn a_program_that_exits_is_reported_with_its_status() {
    let e = start_error(&shell("read -r cmd; exit 3"), patient());
    assert_eq!(
        e.to_string(),
        "/bin/sh: exited (exit status: 3) while waiting for 'uciok'"
    );
}

#[cfg(unix)]
#[test]
fn a_program_that_ignores_quit_is_killed() {
    let stubborn = shell(
        "trap '' TERM; while read -r cmd rest; do case \"$cmd\" in \
         uci) echo uciok;; quit) exec sleep 60;; esac; done",
    );
    let e = start_with(
        &stubborn,
        Timeouts {
            quit: SHORT,
            ..patient()
        },
    );
    let begun = Instant::now();
    drop(e);
    assert!(begun.elapsed() < Duration::from_secs(5));
}

#[test]
fn option_and_combo_lines() {
    assert_eq!(
        option_name("option name Skill Level type spin default 20 min 0 max 20").as_deref(),
        Some("Skill Level")
    );
    assert_eq!(option_name("id name Joust"), None);
    let line =
        "option name UCI_Variant type combo default chess var chess var clash var lancerchess";
    assert_eq!(
        combo_values(line, "UCI_Variant").unwrap(),
        ["chess", "clash", "lancerchess"]
    );
    assert!(combo_values("option name Hash type spin default 16", "UCI_Variant").is_none());
}
