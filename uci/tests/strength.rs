//! `UCI_LimitStrength` and `UCI_Elo` in whole sessions: declared by `uci`, a limited
//! engine still answers with legal moves and varies among near-equal ones, and turning
//! the limit off gives the full-strength search back.

use joust_uci::testkit::{play, Step, Transcript};
use joust_uci::Settings;
use std::collections::BTreeSet;
use std::time::Duration;

fn session(texts: &[&str]) -> Transcript {
    let steps: Vec<Step> = texts.iter().map(|t| Step::line(t)).collect();
    let settings = Settings {
        fallback_time: Duration::from_secs(10),
    };
    play(&steps, settings, Duration::from_secs(120))
}

/// The moves of every `bestmove` line.
fn bestmoves(t: &Transcript) -> Vec<String> {
    t.lines_starting("bestmove ")
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().to_string())
        .collect()
}

#[test]
fn the_options_are_declared() {
    let t = session(&["uci", "quit"]);
    let out = t.output();
    assert!(out.contains(&"option name UCI_LimitStrength type check default false"));
    assert!(out.contains(&"option name UCI_Elo type spin default 1500 min 800 max 2400"));
}

#[test]
fn a_limited_engine_varies_its_opening_moves_and_the_limit_can_be_lifted() {
    let mut script = vec!["setoption name UCI_LimitStrength value true"];
    script.push("setoption name UCI_Elo value 800");
    // The choice is drawn from the session's seed mixed with the position's key, so one
    // position searched twice gets the same answer: eight opening positions instead.
    let positions = [
        "position startpos",
        "position startpos moves e2e4",
        "position startpos moves d2d4",
        "position startpos moves g1f3",
        "position startpos moves c2c4",
        "position startpos moves b1c3",
        "position startpos moves e2e3",
        "position startpos moves d2d3",
    ];
    for p in positions {
        script.push(p);
        script.push("go depth 5");
        script.push("isready");
    }
    script.push("quit");
    let t = session(&script);
    let moves = bestmoves(&t);
    assert_eq!(moves.len(), positions.len(), "{t}");
    // Only the asked-for line is reported, though five are compared.
    assert!(t.output().iter().all(|l| !l.contains("multipv 2")), "{t}");
    // At 800 many replies lie within the margin (250 centipawns): the answers differ.
    let distinct: BTreeSet<&String> = moves.iter().collect();
    assert!(distinct.len() >= 4, "{moves:?}");
    // UCI_Elo out of range is refused with the reason; the limit can be turned off.
    let t = session(&[
        "setoption name UCI_Elo value 5000",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_LimitStrength value false",
        "position fen 4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1",
        "go depth 4",
        "isready",
        "quit",
    ]);
    assert!(t
        .output()
        .contains(&"info string UCI_Elo '5000' is not 800 to 2400"));
    assert_eq!(bestmoves(&t), ["c3d5"]);
}
