//! Inputs built to make a PGN reader slow: many unclosed comments before tag lines, and
//! many variations deep into a long game. Each is read in time linear in its size.

use joust_notation::{read_pgn, PgnErrorKind};
use std::time::{Duration, Instant};

/// Reads `text`; returns the games (loaded or not) and the time taken.
fn timed(
    text: &str,
) -> (
    Vec<Result<joust_notation::PgnGame, joust_notation::PgnError>>,
    Duration,
) {
    let t = Instant::now();
    let games = read_pgn(text);
    (games, t.elapsed())
}

#[test]
fn unclosed_comments_before_tag_lines() {
    // Each `{` is unclosed; the tag line after it starts the next game.
    let text = "{ never closed\n[Event \"x\"]\n".repeat(100_000);
    let (games, took) = timed(&text);
    assert_eq!(games.len(), 100_001);
    let (last, broken) = games.split_last().unwrap();
    assert!(broken
        .iter()
        .all(|g| g.as_ref().unwrap_err().kind == PgnErrorKind::UnterminatedComment));
    assert_eq!(last.as_ref().unwrap().tag("Event"), Some("x"));
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn many_variations_deep_into_a_long_game() {
    // 4,000 plies of knight moves (legal after the repetition; the game is over at its
    // third repetition, which is an issue only), then 100,000 one-move variations.
    let mut text = "Nf3 Nf6 Ng1 Ng8 ".repeat(1_000);
    text += &"(Nh5) ".repeat(100_000);
    text += "*";
    let (games, took) = timed(&text);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.line.moves.len(), 4_000);
    assert_eq!(g.line.moves[3_999].variations.len(), 100_000);
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn a_game_too_long_to_hold_is_reported_and_the_next_one_read() {
    let mut text = String::from("[Event \"1\"]\n1. e4 *\n\n[Event \"huge\"]\n1. e4 {");
    let line = format!("{}\n", "x".repeat(99));
    text += &line.repeat(50_000); // 5 MB
    text += "} e5 *\n\n[Event \"3\"]\n1. d4 *\n";
    let (games, took) = timed(&text);
    assert_eq!(games.len(), 3);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.game, e.loc.line, e.loc.column), (2, 4, 1), "{e}");
    assert!(matches!(e.kind, PgnErrorKind::GameTooLong { limit } if limit == 4 << 20));
    assert_eq!(
        e.to_string(),
        "game 2, line 4, column 1: the game's text is longer than 4 MiB, more than the reader holds for a game"
    );
    assert_eq!(games[2].as_ref().unwrap().tag("Event"), Some("3"));
    assert!(took < Duration::from_secs(20), "{took:?}");
}
