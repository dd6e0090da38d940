//! The fuzz target's check on stable Rust: a few hundred random sessions from fixed
//! seeds, spread over every game, each played in-process and checked (no panic, every
//! `go` answered once and in time, every line well formed, an end within its limit).
//! `JOUST_UCI_SEED=N` plays session N alone and prints its transcript.

use joust_core::variants;
use joust_uci::testkit::{generate, play_and_check, Seeded};
use std::time::Instant;

/// Sessions per game (fewer in a debug build, which searches several times slower).
const SESSIONS_PER_GAME: u64 = if cfg!(debug_assertions) { 6 } else { 20 };

#[test]
fn random_sessions_of_every_game_pass_the_check() {
    let start = Instant::now();
    let games = variants::all();
    let seeds: Vec<u64> = match std::env::var("JOUST_UCI_SEED") {
        Ok(seed) => vec![seed.parse().expect("JOUST_UCI_SEED is a number")],
        Err(_) => (0..SESSIONS_PER_GAME * games.len() as u64).collect(),
    };
    let mut failures = Vec::new();
    let mut first_failure = None;
    let mut steps = 0;
    for &seed in &seeds {
        let game = games[(seed % games.len() as u64) as usize];
        let script = generate(&mut Seeded::new(seed), Some(game));
        steps += script.steps.len();
        let (transcript, finding) = play_and_check(&script);
        if seeds.len() == 1 {
            eprintln!("--- script\n{script}--- transcript\n{transcript}");
        }
        if let Some(finding) = finding {
            failures.push(format!("seed {seed} ({}): {finding}", game.id));
            first_failure
                .get_or_insert(format!("--- script\n{script}--- transcript\n{transcript}"));
        }
    }
    eprintln!(
        "{} sessions, {steps} steps in {:.1} s",
        seeds.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {} sessions failed:\n{}\nthe first:\n{}",
        failures.len(),
        seeds.len(),
        failures.join("\n"),
        first_failure.unwrap_or_default()
    );
}
