//! Random CECP sessions from fixed seeds, spread over every game: commands with random
//! arguments, legal and illegal moves, stray words and bytes that are not UTF-8. Each
//! session must end in time (no panic, no hang), answer every `ping` once and in order,
//! and write only well-formed moves. `JOUST_XBOARD_SEED=N` plays session N alone and
//! prints its transcript.

use joust_core::rng::SplitMix64;
use joust_core::variants;
use joust_uci::board::Board;
use joust_uci::testkit::{play_with, Step};
use joust_xboard::{run_with, Settings};
use std::time::Duration;

/// Sessions per game (fewer in a debug build, which searches several times slower).
const SESSIONS_PER_GAME: u64 = if cfg!(debug_assertions) { 1 } else { 3 };
const STEPS: usize = 40;

/// A random session of `STEPS` steps in `game`, ending with `ping 999`.
fn script(seed: u64, game: &'static joust_core::Variant) -> Vec<Step> {
    let mut rng = SplitMix64::new(seed);
    let mut steps = vec![
        Step::line("xboard"),
        Step::line("protover 2"),
        Step::line(&format!("variant {}", game.id)),
    ];
    let board = Board::start(game);
    let mut legal = board.legal_texts();
    legal.truncate(8);
    let n = |rng: &mut SplitMix64, max: usize| rng.below(max + 1);
    for i in 0..STEPS {
        let step = match rng.below(30) {
            0 => "new".to_string(),
            1 => "force".to_string(),
            2 => "go".to_string(),
            3 => "playother".to_string(),
            4 | 5 => format!("usermove {}", legal[rng.below(legal.len())]),
            6 => "usermove e4e5,".to_string(),
            7 => format!(
                "usermove {}",
                ["e2e9", "zz", "a1a1", "e4e5,e5e6", "0000"][rng.below(5)]
            ),
            8 => format!(
                "level {} {}:{:02} {}",
                n(&mut rng, 40),
                n(&mut rng, 0),
                n(&mut rng, 3),
                n(&mut rng, 1)
            ),
            9 => format!("st 0.{}", n(&mut rng, 3)),
            10 => format!("sd {}", n(&mut rng, 3)),
            11 => format!("time {}", n(&mut rng, 300)),
            12 => format!("otim {}", n(&mut rng, 300)),
            13 => "?".to_string(),
            14 => format!("ping {i}"),
            15 => "setboard 8/8/8/8/8/8/8/K6k w - - 0 1".to_string(),
            16 => format!("setboard {}", game.start_fen),
            17 => "setboard garbage".to_string(),
            18 => "undo".to_string(),
            19 => "remove".to_string(),
            20 => "result 1-0 {White mates}".to_string(),
            21 => ["post", "nopost", "hard", "easy", "."][rng.below(5)].to_string(),
            22 => "analyze".to_string(),
            23 => "exit".to_string(),
            24 => format!("memory {}", 1 + n(&mut rng, 16)),
            25 => format!("cores {}", n(&mut rng, 2)),
            26 => format!(
                "variant {}",
                variants::all()[rng.below(variants::all().len())].id
            ),
            27 => [
                "accepted setboard",
                "rejected san",
                "computer",
                "name Bob",
                "bogus",
            ][rng.below(5)]
            .to_string(),
            28 => {
                steps.push(Step::Line(vec![0xff, b'g', b'o', 0x80, 0]));
                continue;
            }
            _ => {
                steps.push(Step::Pause(Duration::from_millis(rng.below(50) as u64)));
                continue;
            }
        };
        steps.push(Step::line(&step));
    }
    steps.push(Step::line("ping 999"));
    steps
}

#[test]
fn random_sessions_of_every_game_end_answer_every_ping_and_write_well_formed_moves() {
    let games = variants::all();
    let seeds: Vec<u64> = match std::env::var("JOUST_XBOARD_SEED") {
        Ok(seed) => vec![seed.parse().expect("JOUST_XBOARD_SEED is a number")],
        Err(_) => (0..SESSIONS_PER_GAME * games.len() as u64).collect(),
    };
    let settings = Settings {
        fallback_time: Duration::from_millis(200),
    };
    let mut failures = Vec::new();
    for &seed in &seeds {
        let game = games[(seed % games.len() as u64) as usize];
        let steps = script(seed, game);
        let pings: Vec<String> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Line(b) if b.starts_with(b"ping ") => {
                    Some(format!("pong {}", String::from_utf8_lossy(&b[5..])))
                }
                _ => None,
            })
            .collect();
        let t = play_with(&steps, Duration::from_secs(60), move |input, output| {
            run_with(input, output, settings)
        });
        if seeds.len() == 1 {
            eprintln!("{t}");
        }
        let pongs: Vec<String> = t
            .lines_starting("pong ")
            .iter()
            .map(|s| s.to_string())
            .collect();
        let bad_moves: Vec<&str> = t
            .lines_starting("move ")
            .into_iter()
            .filter(|l| {
                l.len() < "move a1a2".len() || l.contains(' ') && l.matches(' ').count() > 1
            })
            .collect();
        let why = if t.ending.is_none() {
            Some("did not end (a hang or a panic)".to_string())
        } else if pongs != pings {
            Some(format!("pongs {pongs:?}, pings {pings:?}"))
        } else if !bad_moves.is_empty() {
            Some(format!("bad move lines {bad_moves:?}"))
        } else {
            None
        };
        if let Some(why) = why {
            failures.push(format!("seed {seed} ({}): {why}\n{t}", game.id));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} sessions failed; the first:\n{}",
        failures.len(),
        seeds.len(),
        failures[0]
    );
}
