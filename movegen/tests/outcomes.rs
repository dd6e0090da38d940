//! The outcomes of the rules book (docs/rules/README.md, "How a game ends") for chess:
//! mate, stalemate, dead positions, threefold repetition and the fifty-move rule.

use joust_core::{variants, Color};
use joust_movegen::{position_from_fen, Game, Outcome};
use joust_notation::parse_move;

fn game(fen: &str) -> Game<u64> {
    Game::new(position_from_fen(variants::chess(), fen).unwrap())
}

fn play(g: &mut Game<u64>, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(g.position(), text).unwrap();
        assert!(g.play(mv), "{text}");
    }
}

#[test]
fn fools_mate_is_checkmate_for_black() {
    let v = variants::chess();
    let mut g = game(v.start_fen);
    play(&mut g, "f2f3 e7e5 g2g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8h4");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(g.outcome().unwrap().result(), "0-1");
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.outcome(), Some(Outcome::Stalemate { winner: None }));
}

#[test]
fn dead_positions() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",    // K v K
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",   // K+B v K
        "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",   // K+N v K
        "8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1", // bishops on c5 and e3, both dark
    ] {
        assert_eq!(game(fen).outcome(), Some(Outcome::DeadPosition), "{fen}");
    }
    for fen in [
        "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", // bishops on c6 (light) and e3 (dark)
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",  // two knights: mate is possible
        "8/8/4k3/8/8/3KBn2/8/8 w - - 0 1",  // bishop v knight
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",  // a pawn
        "8/8/4k3/8/8/3K4/R7/8 w - - 0 1",   // a rook
    ] {
        assert_eq!(game(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let v = variants::chess();
    let mut g = game(v.start_fen);
    play(&mut g, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play(&mut g, "g1f3 g8f6 f3g1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "f6g8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

#[test]
fn fifty_move_rule_after_a_hundred_quiet_plies_but_mate_comes_first() {
    let mut g = game("8/8/4k3/8/8/3K4/R7/8 w - - 99 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a2a1");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.outcome(), Some(Outcome::FiftyMoves));
    // A capture resets the clock.
    let mut g = game("8/8/4k3/8/8/3K4/R7/r7 w - - 99 80");
    play(&mut g, "a2a1");
    assert_eq!(g.position().halfmove_clock(), 0);
    // Mate on the hundredth ply wins (docs/rules/README.md, "How a game ends": step 1
    // first).
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    play(&mut g, "h1h8");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn illegal_moves_are_refused_and_undo_restores() {
    let v = variants::chess();
    let mut g = game(v.start_fen);
    let start = g.position().to_fen();
    play(&mut g, "e2e4");
    let illegal = parse_move(&position_from_fen::<u64>(v, v.start_fen).unwrap(), "d2d4").unwrap();
    // d2d4 is White's move, not legal with Black to move.
    assert!(!g.play(illegal));
    assert!(g.undo().is_some());
    assert_eq!(g.position().to_fen(), start);
    assert_eq!(g.undo(), None);
}

fn game_of(variant: &'static joust_core::Variant, fen: &str) -> Game<u64> {
    Game::new(position_from_fen(variant, fen).unwrap())
}

#[test]
fn lancerchess_and_clash_dead_positions() {
    let lc = variants::lancerchess();
    let clash = variants::clash();
    // The royal piece is the Queen (Q/q); K is an ordinary queen-moving piece.
    for (v, fen) in [
        (lc, "8/8/4q3/8/8/3Q4/8/8 w - - 0 1"),     // bare Queens
        (lc, "8/8/4q3/8/8/3QB3/8/8 w - - 0 1"),    // one Bishop
        (lc, "8/8/4q3/8/8/3QJ3/8/8 w - - 0 1"),    // one Queen's Lancer
        (lc, "8/8/4q3/2j5/8/3QB3/8/8 w - - 0 1"),  // J c5 and B e3: both dark
        (clash, "8/8/4q3/8/8/3QN3/8/8 w - - 0 1"), // a single Knight
    ] {
        assert_eq!(
            game_of(v, fen).outcome(),
            Some(Outcome::DeadPosition),
            "{fen}"
        );
    }
    for (v, fen) in [
        // Q+L v Q is a forced win (docs/rules/lancerchess.md, "How the game ends").
        (lc, "8/8/4q3/8/8/3QL3/8/8 w - - 0 1"),
        (lc, "8/8/4q3/8/8/3Q4/8/7K w - - 0 1"), // the King moves as a queen
        (lc, "8/8/2j1q3/8/8/3QB3/8/8 w - - 0 1"), // J c6 (light), B e3 (dark)
        (lc, "8/8/4q3/8/8/3Q4/4P3/8 w - - 0 1"), // a pawn
        (clash, "8/8/4q3/8/8/3QNN2/8/8 w - - 0 1"), // two Knights
        (clash, "8/8/4q3/8/8/3QNB2/8/8 w - - 0 1"), // Knight and Bishop
    ] {
        assert_eq!(game_of(v, fen).outcome(), None, "{fen}");
    }
}

#[test]
fn lancerchess_mate_is_of_the_queen() {
    let lc = variants::lancerchess();
    // Black's royal Queen on a8 is mated by a Tower on h8 and White's King (queen-mover) b6.
    let g = game_of(lc, "q6R/8/1K6/8/8/8/8/3Q4 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // Black's royal Queen can capture a lone checking King: not mate.
    let g = game_of(lc, "qK6/8/8/8/8/8/8/3Q4 b - - 0 1");
    assert_eq!(g.outcome(), None);
}

fn lion(fen: &str) -> Game<u128> {
    Game::new(position_from_fen(variants::royal_lion(), fen).unwrap())
}

#[test]
fn royal_lion_outcomes() {
    // Lion + one piece v bare Lion, no pawns: dead (docs/rules/royal-lion.md, "How the
    // game ends"); two pieces or a pawn: not.
    let dead = lion("4l5/10/10/10/10/10/10/10/10/G3L5 w - - 0 1");
    assert_eq!(dead.outcome(), Some(Outcome::DeadPosition));
    assert_eq!(
        lion("4l5/10/10/10/10/10/10/10/10/GG2L5 w - - 0 1").outcome(),
        None
    );
    assert_eq!(
        lion("4l5/10/10/10/10/10/10/10/P9/4L5 w - - 0 1").outcome(),
        None
    );
    // Passes repeat positions: four passes bring the start back twice more.
    let mut g = lion("9l/10/10/10/10/10/10/P9/8R1/L9 w - - 0 1");
    for _ in 0..2 {
        for text in ["a1a1", "j10j10"] {
            let mv = parse_lion(&g, text);
            assert!(g.play(mv), "{text}");
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
}

fn parse_lion(g: &Game<u128>, text: &str) -> joust_movegen::Move {
    joust_notation::parse_move(g.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn lion_pass_text_and_its_alias() {
    let g = lion("9l/10/10/10/10/10/10/10/8R1/L9 w - - 0 1");
    let pass = parse_lion(&g, "a1a1");
    assert_eq!(parse_lion(&g, "a1a2,a2a1"), pass);
    assert_eq!(joust_notation::move_to_text(g.position(), pass), "a1a1");
}

#[test]
fn cromwell_stalemate_loses_and_nothing_is_dead() {
    let v = variants::cromwell();
    // Black's King on a8 has no move and no shot, and is not in check
    // (docs/rules/cromwell.md, "How the game ends").
    let g = game_of(v, "k7/2R5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Stalemate {
            winner: Some(Color::White)
        })
    );
    assert_eq!(g.outcome().unwrap().result(), "1-0");
    // Bare Kings: not dead, since a stalemate can still win.
    assert_eq!(game_of(v, "k7/8/8/8/8/8/8/7K w - - 0 1").outcome(), None);
}

#[test]
fn cromwell_sideways_pawn_steps_keep_the_fifty_move_clock() {
    let v = variants::cromwell();
    let mut g = game_of(v, "k7/8/8/8/8/8/3P4/7K w - - 7 30");
    let sideways = parse_move(g.position(), "d2c2").unwrap();
    assert!(g.play(sideways));
    assert_eq!(g.position().halfmove_clock(), 8);
    let mut g = game_of(v, "k7/8/8/8/8/8/3P4/7K w - - 7 30");
    let forward = parse_move(g.position(), "d2d3").unwrap();
    assert!(g.play(forward));
    assert_eq!(g.position().halfmove_clock(), 0);
}

#[test]
fn suicide_stalemate_goes_to_the_side_with_fewer_pieces() {
    let v = variants::by_id("suicide").unwrap();
    // White's pawn a4 is blocked by Black's a5: White cannot move. The same positions
    // scored by Fairy-Stockfish 11.1 (`go depth 5`, UCI_Variant suicide): cp 0, mate 0
    // (won), mate 0 (lost).
    let stalemate = |fen: &str| game_of(v, fen).outcome();
    assert_eq!(
        stalemate("8/8/8/p7/P7/8/8/8 w - - 0 1"),
        Some(Outcome::Stalemate { winner: None })
    );
    assert_eq!(
        stalemate("8/7p/8/p7/P7/8/8/8 w - - 0 1"),
        Some(Outcome::Stalemate {
            winner: Some(Color::White)
        })
    );
    assert_eq!(
        stalemate("8/8/8/p7/P7/P7/8/8 w - - 0 1"),
        Some(Outcome::Stalemate {
            winner: Some(Color::Black)
        })
    );
    // In Antichess, whose rules Suicide otherwise keeps, the stalemated side wins.
    assert_eq!(
        game_of(
            variants::by_id("antichess").unwrap(),
            "8/8/8/p7/P7/P7/8/8 w - - 0 1"
        )
        .outcome(),
        Some(Outcome::Stalemate {
            winner: Some(Color::White)
        })
    );
}
