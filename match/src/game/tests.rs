//! Refereed games between scripted engines (each way a game can end) and between two
//! Joust engines run in process.

use super::*;
use crate::engine::Launch;
use crate::fake::{engine, joust, say, scripted, Act};
use crate::spec::EngineSpec;
use joust_core::variants;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn referee() -> Referee {
    Referee {
        margin: Duration::from_millis(50),
        stall_timeout: Duration::from_secs(20),
        max_plies: 600,
    }
}

fn limits(key: &str, value: &str) -> Limits {
    let mut l = Limits::default();
    l.set(key, value).unwrap();
    l
}

/// Plays `opening` between the engines of `white` and `black`, each under its limits.
fn play(
    opening: &Opening,
    white: (&Launch, Limits),
    black: (&Launch, Limits),
    referee: &Referee,
) -> Finished {
    let start = |launch: &Launch| {
        let spec = EngineSpec::parse(&launch.describe()).unwrap();
        Player::start(&spec, launch).unwrap()
    };
    let (mut w, mut b) = (start(white.0), start(black.0));
    let sides = Sides {
        players: [&mut w, &mut b],
        limits: [white.1, black.1],
    };
    play_game(opening, sides, referee).unwrap()
}

fn chess_start() -> Opening {
    Opening::new(variants::chess(), None, &[]).unwrap()
}

#[test]
fn an_illegal_move_loses_by_a_fault() {
    let illegal = engine("illegal", |_| say(&["bestmove e2e5"]));
    let depth = limits("depth", "1");
    let g = play(
        &chess_start(),
        (&illegal, depth),
        (&illegal, depth),
        &referee(),
    );
    assert_eq!(g.pgn.result, "0-1");
    assert_eq!(g.winner, Some(Color::Black));
    assert_eq!(g.reason, "illegal move");
    assert_eq!(g.pgn.tag("Termination"), Some("rules infraction"));
    assert_eq!(g.pgn.tag("White"), Some("illegal"));
    assert_eq!(g.pgn.tag("PlyCount"), Some("0"));
    assert!(g.pgn.line.moves.is_empty());
    let fault = g.fault.unwrap();
    assert_eq!(fault.side, Color::White);
    assert!(
        fault
            .what
            .starts_with("White (illegal) played the illegal move 'e2e5' in "),
        "{}",
        fault.what
    );
    assert!(fault.what.contains(START));
    assert_eq!(g.pgn.line.comments, [fault.what]);
}

#[test]
fn a_silent_engine_loses_on_time_without_a_fault() {
    let talker = engine("talker", |_| {
        say(&["info depth 3 score cp 12", "bestmove e2e4"])
    });
    let silent = engine("silent", |_| say(&[]));
    // The talker's clock is long, so that a loaded machine cannot make it lose.
    let g = play(
        &chess_start(),
        (&talker, limits("tc", "30")),
        (&silent, limits("tc", "0.2")),
        &referee(),
    );
    assert_eq!(g.pgn.result, "1-0");
    assert_eq!(g.reason, "time forfeit");
    assert_eq!(g.pgn.tag("Termination"), Some("time forfeit"));
    assert!(g.fault.is_none());
    assert_eq!(g.pgn.line.moves.len(), 1);
    let comments = &g.pgn.line.moves[0].comments;
    assert!(comments[0].starts_with("+0.12/3 0.0"), "{comments:?}");
    assert!(
        comments[1].starts_with("Black (silent) lost on time: no move 0.2"),
        "{comments:?}"
    );
}

/// Each side's most clock-hungry move is kept, measured against a fifth of its clock
/// plus the increment: a 300 ms move with 1 s left is over that budget (1.5 times it).
#[test]
fn the_hungriest_move_of_each_side_is_kept() {
    let quick = engine("quick", |_| say(&["bestmove e2e4"]));
    let greedy = engine("greedy", |_| {
        Act::Sleep(Duration::from_millis(300), vec!["bestmove e7e5".into()])
    });
    let g = play(
        &chess_start(),
        (&quick, limits("tc", "60")),
        (&greedy, limits("tc", "1")),
        &Referee {
            max_plies: 2,
            ..referee()
        },
    );
    assert_eq!(g.reason, "ply limit");
    let white = g.hungriest[0].expect("White moved on a clock");
    let black = g.hungriest[1].expect("Black moved on a clock");
    assert_eq!((white.ply, black.ply), (0, 1));
    assert_eq!(black.left, Duration::from_secs(1));
    assert_eq!(black.budget(), Duration::from_millis(200));
    assert!(black.used >= Duration::from_millis(300), "{black}");
    assert!(black.share() >= 1.5, "{black}");
    assert!(white.share() < 0.5, "{white}");
    assert!(black.to_string().starts_with("ply 2: 0.3"), "{black}");
}

#[test]
fn a_move_past_its_movetime_loses_on_time() {
    let slow = engine("slow", |_| {
        Act::Sleep(Duration::from_millis(250), vec!["bestmove e2e4".into()])
    });
    let g = play(
        &chess_start(),
        (&slow, limits("movetime", "100")),
        (&slow, limits("movetime", "100")),
        &Referee {
            margin: Duration::from_millis(10),
            ..referee()
        },
    );
    assert_eq!(
        (g.pgn.result.as_str(), g.reason.as_str()),
        ("0-1", "time forfeit")
    );
    assert!(g.fault.is_none());
}

#[test]
fn an_engine_without_a_clock_that_never_answers_has_stalled() {
    let silent = engine("silent", |_| say(&[]));
    let depth = limits("depth", "5");
    let quick = Referee {
        stall_timeout: Duration::from_millis(300),
        ..referee()
    };
    let g = play(&chess_start(), (&silent, depth), (&silent, depth), &quick);
    assert_eq!(
        (g.pgn.result.as_str(), g.reason.as_str()),
        ("0-1", "stalled")
    );
    assert_eq!(g.pgn.tag("Termination"), Some("abandoned"));
    let fault = g.fault.unwrap();
    assert!(
        fault.what.starts_with(
            "White (silent) gave no move within 0 s, ignored stop and was restarted, in "
        ),
        "{}",
        fault.what
    );
}

#[test]
fn an_engine_that_dies_loses_and_is_restarted() {
    let fragile = engine("fragile", |_| Act::Exit);
    let depth = limits("depth", "1");
    let g = play(
        &chess_start(),
        (&fragile, depth),
        (&fragile, depth),
        &referee(),
    );
    assert_eq!((g.pgn.result.as_str(), g.reason.as_str()), ("0-1", "crash"));
    let fault = g.fault.unwrap();
    assert!(
        fault
            .what
            .starts_with("White (fragile) failed: fragile: exited"),
        "{}",
        fault.what
    );
    assert!(fault.what.ends_with("(restarted)"), "{}", fault.what);
}

#[test]
fn an_engine_that_lacks_the_game_loses_before_the_first_move() {
    let plain = engine("plain", |_| say(&["bestmove a2a3"]));
    let clash = Opening::new(variants::clash(), None, &[]).unwrap();
    let depth = limits("depth", "1");
    let g = play(&clash, (&joust(), depth), (&plain, depth), &referee());
    assert_eq!((g.pgn.result.as_str(), g.reason.as_str()), ("1-0", "crash"));
    assert!(
        g.fault.unwrap().what.contains("plain does not play clash"),
        "{:?}",
        g.pgn.line.comments
    );
}

#[test]
fn joust_against_joust_in_process() {
    let opening = Opening::new(variants::lancerchess(), None, &["e2e4", "e7e5"]).unwrap();
    let nodes = limits("nodes", "300");
    let g = play(
        &opening,
        (&joust(), nodes),
        (&joust(), nodes),
        &Referee {
            max_plies: 40,
            ..referee()
        },
    );
    assert!(g.fault.is_none(), "{:?}", g.fault);
    assert!(g.pgn.tag("White").unwrap().starts_with("Joust"));
    // Every move is legal, and the result is Joust's outcome or the ply limit.
    match g.pgn.check().unwrap() {
        Some(outcome) => {
            assert_eq!(g.pgn.result, outcome.result());
            assert_eq!(g.pgn.tag("Termination"), Some("normal"));
        }
        None => {
            assert_eq!(g.pgn.tag("Termination"), Some("adjudication"));
            assert_eq!(g.pgn.line.moves.len(), 40);
        }
    }
    let moves = &g.pgn.line.moves;
    assert_eq!(moves[1].comments, ["end of opening"]);
    // Engine moves carry the score, depth and time.
    let note = &moves[2].comments[0];
    assert!(
        note.contains('/') && note.ends_with('s') && note.starts_with(['+', '-']),
        "{note}"
    );
}

#[test]
fn a_position_opening_is_marked_and_sent_as_a_fen_with_the_moves() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let opening = Opening::new(variants::chess(), Some(fen.into()), &[]).unwrap();
    // Plays e2e4, then e4e5, only if sent the FEN and then the FEN with the moves.
    let position = std::sync::Mutex::new(String::new());
    let first = format!("position fen {fen}");
    let checker = scripted("checker", move |line| {
        if line.starts_with("position") {
            *position.lock().unwrap() = line.to_string();
            return say(&[]);
        }
        let said = position.lock().unwrap().clone();
        match line {
            "uci" => say(&["uciok"]),
            "isready" => say(&["readyok"]),
            go if go.starts_with("go") && said == first => say(&["bestmove e2e4"]),
            go if go.starts_with("go") && said.starts_with(&format!("{first} moves e2e4 ")) => {
                say(&["bestmove e4e5"])
            }
            go if go.starts_with("go") => say(&["bestmove 0000"]),
            _ => say(&[]),
        }
    });
    let nodes = limits("nodes", "100");
    let g = play(
        &opening,
        (&checker, nodes),
        (&joust(), nodes),
        &Referee {
            max_plies: 3,
            ..referee()
        },
    );
    assert_eq!(g.pgn.fen.as_deref(), Some(fen));
    assert_eq!(g.pgn.line.comments, ["opening position"]);
    assert_eq!(g.reason, "ply limit", "{:?}", g.pgn.line.moves);
    assert_eq!(g.pgn.tag("Termination"), Some("adjudication"));
    assert_eq!(
        g.pgn.line.moves[2].comments.last().map(String::as_str),
        Some("draw by adjudication after 3 plies")
    );
}
