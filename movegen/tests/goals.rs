//! Goals besides mate (`joust_core::Goals`): a flag piece in its region and the last
//! check end the game with no moves after them (as Fairy-Stockfish's perft counts), the
//! outcome says who won, Racing Kings' extra move and draw, no checks where the game
//! forbids them, and the check counters made, unmade and keyed.

use joust_core::{variants, Color, GoalEnd, Position};
use joust_movegen::{legal_moves, make, position_from_fen, tables, unmake, Game, Outcome};

fn game(id: &str, fen: &str) -> Game<u64> {
    let v = variants::by_id(id).unwrap();
    Game::new(position_from_fen(v, fen).unwrap())
}

/// Plays moves given in coordinates, each of which must be legal.
fn play(g: &mut Game<u64>, moves: &[&str]) {
    for text in moves {
        let mv = g
            .legal_moves()
            .iter()
            .copied()
            .find(|m| joust_notation::move_to_text(g.position(), *m) == *text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", g.position().to_fen()));
        assert!(g.play(mv));
    }
}

#[test]
fn a_king_on_the_hill_wins_and_ends_the_game() {
    let mut g = game("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, &["d3e4"]);
    let won = Outcome::Goal(GoalEnd::Flag {
        winner: Some(Color::White),
    });
    assert_eq!(g.outcome(), Some(won));
    assert_eq!(won.result(), "1-0");
    assert_eq!(won.to_string(), "white reached its flag region, white wins");
    assert!(g.legal_moves().is_empty());
    // A King next to the hill has not won; a Queen on the hill never wins.
    let g = game("kingofthehill", "4k3/8/8/3Q4/8/3K4/8/8 b - - 0 1");
    assert_eq!(g.outcome(), None);
    assert!(!g.legal_moves().is_empty());
    // In chess the same squares mean nothing.
    let g = game("chess", "4k3/8/8/8/4K3/8/8/7R b - - 0 1");
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_third_check_wins_and_the_counter_is_part_of_the_position() {
    let mut g = game(
        "3check",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    );
    play(&mut g, &["e2e4", "e7e5", "f1c4", "b8c6", "c4f7"]);
    assert_eq!(g.position().checks_remaining(Color::White), 2);
    assert!(g.position().to_fen().contains(" - 2+3 0 3"));
    play(&mut g, &["e8f7", "d1h5", "f7e7"]);
    assert_eq!(g.position().checks_remaining(Color::White), 1);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["h5e5"]);
    let won = Outcome::Goal(GoalEnd::Checks {
        winner: Color::White,
    });
    assert_eq!(g.outcome(), Some(won));
    assert_eq!(won.to_string(), "white gave its last check, white wins");
    assert!(g.legal_moves().is_empty());
    // Taking the moves back restores the counters and the key.
    for _ in 0..5 {
        g.undo();
    }
    assert_eq!(g.position().checks_remaining(Color::White), 3);
    assert_eq!(g.position().key(), g.position().compute_key());
}

#[test]
fn counters_tell_positions_apart_and_read_back() {
    let v = variants::by_id("3check").unwrap();
    let read = |fen: &str| position_from_fen::<u64>(v, fen).unwrap();
    let a = read("4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1");
    let b = read("4k3/8/8/8/8/8/8/4K2R w - - 2+3 0 1");
    let c = read("4k3/8/8/8/8/8/8/4K2R w - - 3+2 0 1");
    assert_ne!(a.key(), b.key());
    assert_ne!(a.key(), c.key());
    assert_ne!(b.key(), c.key());
    for p in [&a, &b, &c] {
        assert!(p.is_consistent());
        assert_eq!(read(&p.to_fen()).key(), p.key());
    }
    // Without a counter, each side has one check left, as Fairy-Stockfish reads it.
    let d = read("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(d.to_fen(), "4k3/8/8/8/8/8/8/4K2R w - - 1+1 0 1");
    // A check made and unmade keeps the count and the key.
    let t = tables::<u64>(v);
    let mut p = a.clone();
    let check = legal_moves(&p)
        .iter()
        .copied()
        .find(|m| joust_notation::move_to_text(&a, *m) == "h1h8")
        .unwrap();
    let undo = make(t, &mut p, check);
    assert_eq!(p.checks_remaining(Color::White), 2);
    assert!(p.is_consistent());
    unmake(t, &mut p, check, &undo);
    assert_eq!(p.checks_remaining(Color::White), 3);
    assert_eq!(p.key(), a.key());
    assert_eq!(p.to_fen(), a.to_fen());
}

#[test]
fn racing_kings_gives_black_one_more_move_after_white_arrives() {
    let start = "8/2K3k1/8/8/8/8/8/8 w - - 0 1";
    // White arrives: the game goes on for Black's one move.
    let mut g = game("racingkings", start);
    play(&mut g, &["c7c8"]);
    assert_eq!(g.outcome(), None);
    let mut draw = g.clone();
    // Black arrives too: a draw.
    play(&mut draw, &["g7g8"]);
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Goal(GoalEnd::Flag { winner: None }))
    );
    assert_eq!(draw.outcome().unwrap().result(), "1/2-1/2");
    assert!(draw.legal_moves().is_empty());
    // Black does not: White wins.
    play(&mut g, &["g7f6"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Goal(GoalEnd::Flag {
            winner: Some(Color::White)
        }))
    );
    // Black arrives first: White moves once more, and Black wins however it plays.
    let mut g = game("racingkings", "8/2K3k1/8/8/8/8/8/8 b - - 0 1");
    play(&mut g, &["g7g8"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["c7c8"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Goal(GoalEnd::Flag {
            winner: Some(Color::Black)
        }))
    );
}

#[test]
fn racing_kings_forbids_every_move_that_gives_check() {
    // The Rook could give check from a8; that move is not allowed.
    let v = variants::by_id("racingkings").unwrap();
    let pos: Position<u64> = position_from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let t = tables::<u64>(v);
    let moves = legal_moves(&pos);
    let texts: Vec<String> = moves
        .iter()
        .map(|m| joust_notation::move_to_text(&pos, *m))
        .collect();
    assert!(!texts.iter().any(|t| t == "a1a8"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "a1a7"));
    for &mv in moves.iter() {
        let mut p = pos.clone();
        make(t, &mut p, mv);
        assert!(!t.in_check(&p, Color::Black), "{mv:?} gives check");
    }
    // The same position in chess has the checks.
    let chess = variants::chess();
    let pos: Position<u64> = position_from_fen(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(legal_moves(&pos).len(), texts.len() + 1);
}
