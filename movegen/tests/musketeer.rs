//! Musketeer gating rules (docs/rules/musketeer.md, "Gating" and "How the game ends") on
//! hand-made positions.

use joust_core::{variants, Gating, Position, Slot};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Game, Outcome};
use joust_notation::{move_to_text, parse_move};

fn pos(fen: &str) -> Position<u64> {
    position_from_fen(variants::musketeer(), fen).unwrap()
}

fn play(p: &mut Position<u64>, text: &str) {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    make(tables::<u64>(p.variant()), p, mv);
}

fn texts(p: &Position<u64>) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(p).iter().map(|&m| move_to_text(p, m)).collect();
    v.sort();
    v
}

#[test]
fn setup_phase_moves_and_fen() {
    let v = variants::musketeer();
    let mut p = pos(v.start_fen);
    assert_eq!(
        texts(&p),
        ["A", "C", "D", "E", "F", "H", "L", "M", "S", "U"]
    );
    play(&mut p, "L");
    assert!(p.to_fen().contains("[L?l?] b"));
    // Black may pick any other type, or L again to reject: Cannon first, then Leopard.
    assert_eq!(legal_moves(&p).len(), 10);
    play(&mut p, "L");
    assert!(p.to_fen().contains("[C?L?c?l?] w"), "{}", p.to_fen());
    play(&mut p, "C@e0");
    play(&mut p, "C@d9");
    // White's Leopard may not go behind a Rook (a, h) now that the Cannon is behind e.
    let places = texts(&p);
    assert_eq!(places, ["L@b0", "L@c0", "L@d0", "L@f0", "L@g0"]);
    play(&mut p, "L@b0");
    play(&mut p, "L@h9");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CeLbcdlh] w KQkq - 0 4"
    );
    assert_eq!(legal_moves(&p).len(), 20);
}

#[test]
fn gating_on_first_move_with_suffix_and_without() {
    let mut p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCgldcg] w KQkq - 0 4");
    assert!(texts(&p).contains(&"b1c3l".to_string()));
    // The suffix may be left out: gating is compulsory.
    play(&mut p, "b1c3");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RLBQKBNR[L-Cgldcg] b KQkq - 1 4"
    );
}

#[test]
fn castling_gates_on_the_king_or_rook_square() {
    // White's Cannon waits behind e1: castling gates it on e1.
    let mut p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[L-Cel-c-] w KQkq - 0 10");
    assert!(texts(&p).contains(&"e1g1c".to_string()));
    play(&mut p, "e1g1");
    assert!(
        p.to_fen()
            .starts_with("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3CRK1[L-C-"),
        "{}",
        p.to_fen()
    );
    // Behind the h-rook instead: it enters h1.
    let mut p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[L-Chl-c-] w KQkq - 0 10");
    play(&mut p, "e1g1c");
    assert!(
        p.to_fen()
            .starts_with("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKC[L-C-"),
        "{}",
        p.to_fen()
    );
}

#[test]
fn king_leaving_check_gates_only_when_capturing_a_checker() {
    // White King e1 in check from the Black rook on e2; White's Cannon waits behind e1.
    let fen = "4k3/8/8/8/8/8/4r3/4K3[L-Cel-c-] w - - 0 20";
    let mut p = pos(fen);
    play(&mut p, "e1e2c");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/4K3/4C3[L-C-l-c-] b - - 0 20");
    let mut p = pos(fen);
    assert!(texts(&p).contains(&"e1d1".to_string()));
    play(&mut p, "e1d1");
    // Forfeited: no Cannon on e1 and the slot is gone.
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/4r3/3K4[L-C-l-c-] b - - 1 20");
}

#[test]
fn capturing_an_unmoved_piece_forfeits_its_reserve() {
    let mut p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR[LbChl-cg] w KQkq - 0 10");
    play(&mut p, "h1h7");
    play(&mut p, "a7a6");
    play(&mut p, "h7g7");
    play(&mut p, "a6a5");
    play(&mut p, "g7g8");
    let g: Gating = *p.gating();
    assert_eq!(g.slots[1][1], Slot::Gone, "{}", p.to_fen());
}

#[test]
fn legality_ignores_the_arriving_piece() {
    // The Queen on d1 is pinned along rank 1 by the rook on a1. Were it to leave the
    // rank, the Leopard gating in on d1 would block the rook, but the rules judge the
    // move without it (docs/rules/musketeer.md, "Gating"): only moves along the rank are
    // legal, and they gate.
    let p = pos("4k3/8/8/8/8/8/8/r2QK3[LdC-l-c-] w - - 0 20");
    let queen: Vec<String> = texts(&p)
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(queen, ["d1a1l", "d1b1l", "d1c1l"]);
}

#[test]
fn dead_positions_only_without_reserves_or_musketeer_pieces() {
    let dead = "8/8/4k3/8/8/3K4/8/8[L-C-l-c-] w - - 0 40";
    assert_eq!(Game::new(pos(dead)).outcome(), Some(Outcome::DeadPosition));
    // A Leopard on the board can still mate-help: not dead.
    let leopard = "8/8/4k3/8/8/3KL3/8/8[L-C-l-c-] w - - 0 40";
    assert_eq!(Game::new(pos(leopard)).outcome(), None);
    // A reserve piece can still enter behind a back-rank piece: not dead.
    let reserve = "8/8/4k3/8/8/8/8/3K4[LdC-l-c-] w - - 0 40";
    assert_eq!(Game::new(pos(reserve)).outcome(), None);
}
