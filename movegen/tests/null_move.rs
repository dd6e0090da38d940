//! The null move that analysis files record: it passes the turn, keeps the board, ends en
//! passant, runs the clocks on, and is refused where passing leaves no legal position.

use joust_core::{variants, Color};
use joust_movegen::{make, position_from_fen, tables, unmake, Game, Move, Outcome};
use joust_notation::parse_move;

fn game(id: &str, fen: Option<&str>) -> Game<u64> {
    let v = variants::by_id(id).unwrap();
    Game::new(position_from_fen(v, fen.unwrap_or(v.start_fen)).unwrap())
}

fn play(g: &mut Game<u64>, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(g.position(), text).unwrap();
        assert!(g.play(mv), "{text}");
    }
}

#[test]
fn a_null_move_passes_the_turn_and_nothing_else() {
    let mut g = game("chess", None);
    play(&mut g, "e2e4 d7d5 e4e5 f7f5");
    let before = g.position().clone();
    assert!(before.en_passant().is_some(), "exf6 e.p. is possible");
    assert!(g.play_null());
    let after = g.position();
    assert_eq!(after.side_to_move(), Color::Black);
    assert_eq!(after.en_passant(), None);
    assert_eq!(after.halfmove_clock(), before.halfmove_clock() + 1);
    assert_eq!(after.fullmove_number(), before.fullmove_number());
    assert_eq!(after.castling(), before.castling());
    for sq in after.geometry().squares() {
        assert_eq!(after.piece_at(sq), before.piece_at(sq));
    }
    assert_eq!(after.key(), after.compute_key());
    assert_ne!(after.key(), before.key());
    // Black passes too: the move number goes on.
    assert!(g.play_null());
    assert_eq!(g.position().fullmove_number(), before.fullmove_number() + 1);
    assert_eq!(g.moves().filter(|m| m.is_null()).count(), 2);
    // Both come back off.
    assert_eq!(g.undo(), Some(Move::null()));
    assert_eq!(g.undo(), Some(Move::null()));
    assert_eq!(g.position().key(), before.key());
    assert_eq!(g.position().en_passant(), before.en_passant());
    assert_eq!(g.position().halfmove_clock(), before.halfmove_clock());
}

#[test]
fn make_and_unmake_restore_every_field() {
    let v = variants::lancerchess();
    let mut pos = position_from_fen::<u64>(v, v.start_fen).unwrap();
    let t = tables::<u64>(v);
    let start = pos.clone();
    let undo = make(t, &mut pos, Move::null());
    assert_eq!(pos.side_to_move(), Color::Black);
    unmake(t, &mut pos, Move::null(), &undo);
    assert_eq!(pos.key(), start.key());
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.to_fen(), start.to_fen());
}

#[test]
fn a_null_move_is_refused_in_check_in_setup_and_after_the_end() {
    // In check: passing would leave the king to be taken.
    let mut g = game("chess", None);
    play(&mut g, "e2e4 f7f6 d2d4 g7g5 d1h5");
    assert!(!g.play_null());
    assert_eq!(g.moves().count(), 5, "nothing changed");
    // Checkmated or stalemated: the game is over.
    let mut mate = game("chess", Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
    assert!(!mate.play_null());
    let mut stalemate = game("chess", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert!(!stalemate.play_null());
    // Musketeer's setup: the moves there are selections and placements only.
    let mut setup = game("musketeer", None);
    assert!(setup.position().in_setup());
    assert!(!setup.play_null());
}

#[test]
fn outcomes_after_a_null_move() {
    // Passing twice repeats the position: the third occurrence is a draw.
    let mut g = game("chess", None);
    for _ in 0..2 {
        assert!(g.play_null());
        assert!(g.play_null());
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
    // A pass counts towards the fifty-move rule like any quiet move.
    let mut quiet = game("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert!(quiet.play_null());
    assert_eq!(quiet.outcome(), Some(Outcome::FiftyMoves));
    // The side that passed can be mated next move.
    let mut fools = game("chess", None);
    play(&mut fools, "f2f3 e7e5 g2g4");
    assert!(fools.play_null());
    assert!(fools.play_null());
    assert_eq!(fools.outcome(), None);
}

#[test]
fn the_null_move_survives_its_bit_packing() {
    let bits = Move::null().to_bits();
    assert_eq!(Move::from_bits(bits), Some(Move::null()));
    assert!(Move::null().is_null());
    assert!(!Move::null().is_setup());
}
