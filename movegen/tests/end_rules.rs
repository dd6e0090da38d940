//! The end rules played: extinction (at once, with no move left, in every game that has
//! it), compulsory capture, checkmate and stalemate that win, sides without a royal piece,
//! and Horde's first-rank double step; each through `Game::outcome` and its text.

use joust_core::{variants, Color};
use joust_movegen::{legal_moves, position_from_fen, Game, Outcome};
use joust_notation::{move_to_text, parse_move};

fn game(id: &str, fen: &str) -> Game<u64> {
    let v = variants::by_id(id).unwrap();
    Game::new(position_from_fen(v, fen).unwrap())
}

fn moves(g: &Game<u64>) -> Vec<String> {
    let mut m: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|&mv| move_to_text(g.position(), mv))
        .collect();
    m.sort();
    m
}

fn play(g: &mut Game<u64>, text: &str) {
    let mv = parse_move(g.position(), text).unwrap();
    assert!(g.play(mv), "{text}");
}

#[test]
fn antichess_a_side_that_loses_its_last_piece_wins_at_once() {
    let mut g = game("antichess", "8/8/8/8/8/8/1p6/K7 w - - 0 1");
    // The king must take the pawn: a capture is compulsory.
    assert_eq!(moves(&g), ["a1b2"]);
    play(&mut g, "a1b2");
    assert!(g.legal_moves().is_empty());
    let end = g.outcome().unwrap();
    assert_eq!(
        end,
        Outcome::Extinction {
            side: Color::Black,
            kind: None,
            left: 0,
            winner: Some(Color::Black)
        }
    );
    assert_eq!(end.to_string(), "black has no pieces left, black wins");
    assert_eq!(end.result(), "0-1");
}

#[test]
fn compulsory_capture_keeps_only_captures_and_en_passant_counts() {
    let g = game("antichess", "4k3/8/8/3pP3/8/8/8/R7 w - d6 0 2");
    assert_eq!(moves(&g), ["e5d6"]);
    // With no capture on the board every move is allowed.
    let g = game("antichess", "4k3/8/8/8/8/8/8/R7 w - - 0 1");
    assert_eq!(g.legal_moves().len(), 14);
}

#[test]
fn antichess_stalemate_wins_and_the_king_is_no_royal_piece() {
    // White's pawn is blocked: White cannot move and wins.
    let g = game("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Stalemate {
            winner: Some(Color::White)
        })
    );
    // A king may step into attack and be taken.
    let g = game("antichess", "8/8/8/8/8/8/r7/1K6 w - - 0 1");
    assert!(moves(&g).contains(&"b1a2".to_string()));
    let g = game("antichess", "8/8/8/8/8/8/8/r1K5 w - - 0 1");
    assert!(moves(&g).contains(&"c1b1".to_string()));
}

#[test]
fn losers_being_mated_wins_and_a_bare_king_wins() {
    // Black's queen mates White's king: White wins.
    let mut g = game("losers", "kr6/8/8/8/8/8/6PP/7K b - - 0 1");
    play(&mut g, "b8b1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(g.outcome().unwrap().to_string(), "checkmate, white wins");
    // In check with a capture of the checker at hand, the capture is compulsory.
    let g = game("losers", "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1");
    assert_eq!(moves(&g), ["e1d2"]);
    // A side with only its king left wins.
    let g = game("losers", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let end = g.outcome().unwrap();
    assert_eq!(end.winner(), Some(Color::Black));
    assert_eq!(end.to_string(), "black has 1 piece left, black wins");
}

#[test]
fn shatranj_bare_king_loses_unless_it_can_bare_the_other_at_once() {
    // Black is bare and White has two pieces: with White to move Black has lost.
    let g = game("shatranj", "7k/8/8/8/8/8/8/K5R1 w - - 0 1");
    let end = g.outcome().unwrap();
    assert_eq!(end.winner(), Some(Color::White));
    assert_eq!(end.to_string(), "black has 1 piece left, white wins");
    // With Black to move it may still take the rook: play goes on.
    let g = game("shatranj", "8/8/8/8/8/8/6Rk/K7 b - - 0 1");
    assert_eq!(g.outcome(), None);
    // Bare kings: no dead position in a game with its own ends.
    let g = game("shatranj", "7k/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(g.outcome(), None);
    // Stalemate loses.
    let g = game("shatranj", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Stalemate {
            winner: Some(Color::White)
        })
    );
}

#[test]
fn three_kings_losing_one_king_of_three_loses() {
    let mut g = game("threekings", "k3k2k/8/8/8/8/8/8/K3K2K w - - 0 1");
    assert_eq!(g.outcome(), None);
    let g2 = game("threekings", "k3k3/8/8/8/8/8/8/K3K2K w - - 0 1");
    let end = g2.outcome().unwrap();
    assert_eq!(end.winner(), Some(Color::White));
    assert_eq!(end.to_string(), "black has 2 Kings left, white wins");
    // Kings may stand next to each other and be captured.
    play(&mut g, "a1a2");
    assert!(moves(&g).len() > 5);
}

#[test]
fn extinction_chess_losing_the_last_of_a_kind_loses() {
    let mut g = game(
        "extinction",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPqPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(g.outcome(), None);
    play(&mut g, "e1d2");
    let end = g.outcome().unwrap();
    assert_eq!(end.to_string(), "black has no Queens left, white wins");
    assert!(g.legal_moves().is_empty());
}

#[test]
fn horde_first_rank_double_steps_open_no_en_passant_and_the_horde_can_be_wiped_out() {
    let v = variants::by_id("horde").unwrap();
    let mut g: Game<u64> = Game::new(position_from_fen(v, v.start_fen).unwrap());
    let n = legal_moves(g.position()).len();
    assert!(n > 0);
    let mut g2 = game("horde", "4k3/8/8/8/8/3p4/8/2P5 w - - 0 1");
    play(&mut g2, "c1c3");
    assert_eq!(g2.position().en_passant(), None);
    let mut g3 = game("horde", "4k3/8/8/8/3p4/8/2P5/8 w - - 0 1");
    play(&mut g3, "c2c4");
    assert!(g3.position().en_passant().is_some());
    play(&mut g3, "d4c3");
    let end = g3.outcome().unwrap();
    assert_eq!(end.to_string(), "white has no pieces left, black wins");
    play(&mut g, "a4a5");
    assert_eq!(g.outcome(), None);
}

/// Shatar: a mate whose series of checks has a shak (here the mating check itself, by a
/// Rook) wins; a mate by a Knight alone loses for the mater; a mate by a Bishop with no
/// shak before it is a draw.
#[test]
fn shatar_a_mate_counts_only_after_a_shak() {
    let mut rook = game("shatar", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    play(&mut rook, "a1a8");
    assert_eq!(
        rook.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );

    let mut knight = game("shatar", "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1");
    play(&mut knight, "g5f7");
    let end = knight.outcome().unwrap();
    assert_eq!(
        end,
        Outcome::UncountedMate {
            mater: Color::White,
            by_knights: true
        }
    );
    assert_eq!(end.to_string(), "checkmate by Knights alone, black wins");
    assert_eq!(end.result(), "0-1");

    let mut bishop = game("shatar", "3rkb2/3pp3/8/8/8/8/4B3/6K1 w - - 0 1");
    play(&mut bishop, "e2h5");
    let end = bishop.outcome().unwrap();
    assert_eq!(
        end,
        Outcome::UncountedMate {
            mater: Color::White,
            by_knights: false
        }
    );
    assert_eq!(
        end.to_string(),
        "checkmate with no shak among the checks, draw"
    );
    assert_eq!(end.result(), "1/2-1/2");
    // In chess the same moves are plain mates.
    for (fen, mv) in [
        ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7"),
        ("3rkb2/3pp3/8/8/8/8/4B3/6K1 w - - 0 1", "e2h5"),
    ] {
        let mut g = game("chess", fen);
        play(&mut g, mv);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Checkmate {
                winner: Color::White
            })
        );
    }
}

/// Shatar: each side's series of checks runs through its moves in a row that give check,
/// records a shak (a check by Knight, Rook or Bers), ends with a move that gives none,
/// and is taken back with the moves.
#[test]
fn shatar_the_series_of_checks_follows_the_moves() {
    use joust_core::check_series::CheckSeries;
    let mut g = game("shatar", "4k3/p7/8/8/8/8/3B4/4K2R w - - 0 1");
    let series = |g: &Game<u64>| g.position().check_series(Color::White);
    play(&mut g, "d2b4"); // no check
    assert_eq!(series(&g), CheckSeries::None);
    play(&mut g, "e8d8");
    play(&mut g, "b4a5"); // a Bishop's check: no shak
    assert_eq!(series(&g), CheckSeries::Checks);
    play(&mut g, "d8e8");
    play(&mut g, "h1h8"); // a Rook's check: a shak
    assert_eq!(series(&g), CheckSeries::WithShak);
    play(&mut g, "e8f7");
    play(&mut g, "h8b8"); // no check: the series ends
    assert_eq!(series(&g), CheckSeries::None);
    g.undo();
    assert_eq!(series(&g), CheckSeries::WithShak);
    g.undo();
    g.undo();
    assert_eq!(series(&g), CheckSeries::Checks);
    assert_eq!(g.position().check_series(Color::Black), CheckSeries::None);
}

/// Shatar: a side left with its King alone draws at once (Robado).
#[test]
fn shatar_a_bare_king_draws() {
    let mut g = game("shatar", "4k3/8/8/8/8/8/3r4/3RK3 w - - 0 1");
    play(&mut g, "d1d2");
    let end = g.outcome().unwrap();
    assert_eq!(end.winner(), None);
    assert!(
        matches!(
            end,
            Outcome::Extinction {
                side: Color::Black,
                left: 1,
                ..
            }
        ),
        "{end:?}"
    );
}
