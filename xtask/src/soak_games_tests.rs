//! Tests of the games soak: its arguments, its verdict, and short matches of in-process
//! engines (Joust's own UCI loop, and one too slow for its clock).

use super::*;
use clap::Parser;
use joust_core::variants;
use joust_match::{ClockUse, Fault, Finished};
use joust_notation::PgnGame;
use std::io::BufRead;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: GamesSoakArgs,
}

fn parse(argv: &[&str]) -> Result<GamesSoakArgs, clap::Error> {
    Cli::try_parse_from(std::iter::once("games").chain(argv.iter().copied())).map(|c| c.args)
}

#[test]
fn arguments_and_their_defaults() {
    let a = parse(&[]).unwrap();
    assert_eq!((a.games, a.tc.as_str(), a.seed), (1000, "1+0.01", None));
    assert_eq!(
        (a.variant.as_str(), a.concurrency, a.time_margin),
        ("all", 1, 200)
    );
    assert!(!a.no_build && a.pgn.is_none());
    let a = parse(&[
        "--games",
        "40",
        "--tc",
        "5m+3s",
        "--seed",
        "4",
        "--variant",
        "clash",
    ])
    .unwrap();
    assert_eq!((a.games, a.tc.as_str(), a.seed), (40, "5m+3s", Some(4)));
    for bad in [
        &["--games", "0"][..],
        &["--concurrency", "0"],
        &["--sessions", "3"],
    ] {
        assert!(parse(bad).is_err(), "{bad:?}");
    }
}

/// A finished game of chess that ended for `reason`, with a `fault` if given.
fn played(index: usize, winner: Option<Color>, reason: &str, fault: Option<&str>) -> Played {
    let mut pgn = PgnGame::new(variants::chess(), None, &[]);
    pgn.line.comments.push(format!("the end: {reason}"));
    Played {
        index,
        engine1_white: true,
        game: Finished {
            pgn,
            winner,
            reason: reason.to_string(),
            fault: fault.map(|what| Fault {
                side: Color::White,
                what: what.to_string(),
            }),
            hungriest: [None, None],
        },
    }
}

#[test]
fn any_loss_on_time_or_fault_fails_the_soak() {
    let mut t = Tally::default();
    t.add(&played(0, Some(Color::White), "checkmate", None));
    t.add(&played(1, None, "ply limit", None));
    assert!(t.passed());
    let text = t.summary(Duration::from_secs(2));
    assert!(text.ends_with(
        "PASS: no loss on time, illegal move, crash or stall, and no move over a fifth of its \
         clock plus the increment, in 2 games"
    ));
    assert!(text.contains("Endings: checkmate 1, ply limit 1"), "{text}");
    assert!(
        text.contains("chess         White wins 1, Black wins 0, draws 1"),
        "{text}"
    );

    let mut slow = Tally::default();
    slow.add(&played(4, Some(Color::Black), TIME_FORFEIT, None));
    assert!(!slow.passed());
    assert_eq!(slow.forfeits, ["game 5 (chess): the end: time forfeit"]);
    assert!(slow.summary(Duration::ZERO).ends_with(
        "FAILED: 1 losses on time, 0 illegal moves, crashes or stalls, 0 moves over a \
             fifth of the clock plus the increment, in 1 games"
    ));

    let mut bad = Tally::default();
    bad.add(&played(
        0,
        Some(Color::Black),
        "illegal move",
        Some("played e2e5"),
    ));
    assert!(!bad.passed());
    assert_eq!(bad.faults, ["game 1 (chess): played e2e5"]);
    assert!(bad.forfeits.is_empty());
}

/// A move over a fifth of its clock plus the increment fails the soak and is named; the
/// hungriest move of all is reported either way.
#[test]
fn a_move_over_its_budget_fails_the_soak() {
    let clock = |ply, used_ms, left_ms| ClockUse {
        ply,
        used: Duration::from_millis(used_ms),
        left: Duration::from_millis(left_ms),
        increment: Duration::from_millis(10),
    };
    let mut t = Tally::default();
    let mut fine = played(0, None, "ply limit", None);
    fine.game.hungriest = [Some(clock(4, 100, 1000)), Some(clock(7, 150, 1000))];
    t.add(&fine);
    assert!(t.passed());
    let text = t.summary(Duration::ZERO);
    assert!(
        text.contains("Hungriest move: game 1 (chess), Black ply 8: 0.150 s used with 1.000 s"),
        "{text}"
    );
    let mut greedy = played(1, None, "ply limit", None);
    greedy.game.hungriest = [Some(clock(30, 300, 900)), None];
    t.add(&greedy);
    assert!(!t.passed());
    assert_eq!(t.over_budget.len(), 1);
    let text = t.summary(Duration::ZERO);
    assert!(
        text.contains("Over budget: game 2 (chess), White ply 31: 0.300 s used with 0.900 s"),
        "{text}"
    );
    assert!(text.contains("1 moves over a fifth"), "{text}");
}

/// A soak match of `launch` against itself with small openings.
fn small_match(launch: Launch, ids: &[&str], total: usize, tc: &str, margin_ms: u64) -> Match {
    let games = ids.iter().map(|id| variants::by_id(id).unwrap()).collect();
    let referee = Referee {
        margin: Duration::from_millis(margin_ms),
        stall_timeout: Duration::from_secs(30),
        max_plies: 8,
    };
    let mut m = soak_match(launch, games, total, tc, 3, referee, 1).unwrap();
    m.openings = Openings::Random {
        config: RandomOpenings {
            min_plies: 2,
            max_plies: 4,
            max_cp: 10_000,
            depth: 1,
            nodes: 200,
        },
        seed: 3,
    };
    m
}

#[test]
fn joust_against_itself_passes_a_short_soak() {
    let joust = Launch::in_process("joust", |input, output| {
        joust_uci::run(input, joust_uci::Output::new(output));
    });
    // A margin that no loaded test machine reaches: this is about the runner.
    let m = small_match(joust, &["chess", "royal-lion"], 4, "1+0.01", 5_000);
    assert_eq!(m.names, ["joust #1", "joust #2"]);
    let tally = play(&m, None).unwrap();
    assert!(tally.passed(), "{}", tally.summary(Duration::ZERO));
    assert_eq!(tally.games, 4);
    assert_eq!(tally.per_game.len(), 2);
    assert!(tally.plies > 0);
}

#[test]
fn a_loss_on_time_is_named_as_the_soak_expects() {
    let slow = Launch::in_process("slow", |input, mut output| {
        for line in input.lines() {
            let Ok(line) = line else { return };
            let answer = match line.trim() {
                "uci" => "id name Slow\nuciok",
                "isready" => "readyok",
                "quit" => return,
                go if go.starts_with("go") => {
                    std::thread::sleep(Duration::from_millis(300));
                    "bestmove e2e4"
                }
                _ => continue,
            };
            if writeln!(output, "{answer}").is_err() {
                return;
            }
        }
    });
    let m = small_match(slow, &["chess"], 1, "0.05+0", 10);
    let tally = play(&m, None).unwrap();
    assert_eq!(tally.endings.get(TIME_FORFEIT), Some(&1), "{tally:?}");
    assert!(!tally.passed());
    assert!(
        tally.forfeits[0].contains("lost on time"),
        "{:?}",
        tally.forfeits
    );
    assert!(soak_match(Launch::program("/x"), vec![], 1, "0+0", 1, m.referee, 1).is_err());
}
