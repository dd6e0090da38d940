//! Ouk Chatrang's first moves (`cambodian`, docs/rules/cambodian.md): hand-counted moves,
//! the rights in the FEN and the key, and random games against the slow generator, which
//! reads the rule by itself (`common::slow`).

mod common;

use common::slow::{assert_agree, compare_on_random_games};
use joust_core::{variants, Color, Position, Variant};
use joust_movegen::{in_check, legal_moves, make, position_from_fen, tables, unmake, Move};

fn cambodian() -> &'static Variant {
    variants::by_id("cambodian").unwrap()
}

fn pos(fen: &str) -> Position<u64> {
    let p = position_from_fen(cambodian(), fen).expect("FEN");
    assert_agree(&p);
    p
}

/// The legal moves in coordinates, sorted.
fn moves(p: &Position<u64>) -> Vec<String> {
    let g = p.geometry();
    let mut out: Vec<String> = legal_moves(p)
        .iter()
        .map(|m| format!("{}{}", g.name(m.from), g.name(m.to)))
        .collect();
    out.sort();
    out
}

fn play(p: &mut Position<u64>, text: &str) {
    let g = p.geometry();
    let mv = *legal_moves(p)
        .iter()
        .find(|m| format!("{}{}", g.name(m.from), g.name(m.to)) == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", p.to_fen()));
    make(tables::<u64>(cambodian()), p, mv);
}

#[test]
fn the_kings_leap_twice_at_the_start() {
    let p = pos(cambodian().start_fen);
    let all = moves(&p);
    assert_eq!(all.len(), 25);
    assert!(all.contains(&"d1b2".into()) && all.contains(&"d1f2".into()));
}

#[test]
fn the_neang_leaps_over_and_captures_and_the_king_not_in_check() {
    // The Neang takes on e3 over its own pawn; the King's leap to f2 would be into the
    // Khon's attack.
    let p = pos("4k3/8/8/8/8/4s3/4P3/3KM3 w DE - 0 1");
    let all = moves(&p);
    assert!(all.contains(&"e1e3".into()), "{all:?}");
    assert!(all.contains(&"d1b2".into()) && !all.contains(&"d1f2".into()));
    // In check the King has no leap; the Neang's leap does not help here.
    let p = pos("4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1");
    assert_eq!(moves(&p), ["d1c2", "d1d2", "d1e2"]);
}

#[test]
fn the_neangs_leap_gives_check() {
    let p = pos("8/8/8/8/8/4k3/8/3KM3 b DE - 0 1");
    assert!(in_check(&p));
    assert_eq!(moves(&p), ["e3d3", "e3d4", "e3e4", "e3f3", "e3f4"]);
    // Without the right the Neang is an ordinary Met: no check.
    let p = pos("8/8/8/8/8/4k3/8/3KM3 b D - 0 1");
    assert!(!in_check(&p));
}

#[test]
fn rights_are_lost_by_moving_away_or_being_captured_on() {
    let mut p = pos(cambodian().start_fen);
    play(&mut p, "d1c2");
    assert_eq!(
        p.to_fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/2K5/RNS1MSNR b Ede - 1 1"
    );
    play(&mut p, "e8d7");
    play(&mut p, "c2d1");
    // Back on d1, the King has lost its leap.
    assert!(!moves(&p).contains(&"d1b2".into()));
    assert_eq!(p.first_move_rights(Color::White), 1 << 4);
    // A Neang captured on its square takes its right with it.
    let mut p = pos("3mk3/8/8/8/8/3n4/8/3KM3 b DEde - 0 1");
    play(&mut p, "d3e1");
    assert_eq!(p.to_fen(), "3mk3/8/8/8/8/8/8/3Kn3 w Dde - 0 2");
}

#[test]
fn the_fen_writes_rights_in_file_order_and_the_key_follows_them() {
    let v = cambodian();
    let a: Position<u64> = position_from_fen(v, "4k3/8/8/8/8/8/8/3KM3 w ED - 0 1").unwrap();
    assert_eq!(a.to_fen(), "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    let b: Position<u64> = position_from_fen(v, "4k3/8/8/8/8/8/8/3KM3 w D - 0 1").unwrap();
    let c: Position<u64> = position_from_fen(v, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1").unwrap();
    assert_ne!(a.key(), b.key());
    assert_ne!(b.key(), c.key());
    assert!(a.is_consistent() && b.is_consistent() && c.is_consistent());
    assert!(position_from_fen::<u64>(v, "4k3/8/8/8/8/8/8/3KM3 w DD - 0 1").is_err());
    // Make and unmake restore rights and key.
    let t = tables::<u64>(v);
    let mut p = a.clone();
    for mv in legal_moves(&a).iter() {
        let undo = make(t, &mut p, *mv);
        assert!(p.is_consistent(), "{}", p.to_fen());
        unmake(t, &mut p, *mv, &undo);
        assert_eq!((p.to_fen(), p.key()), (a.to_fen(), a.key()));
    }
    // A null move keeps the rights, and so does taking it back.
    let undo = make(t, &mut p, Move::null());
    assert_eq!(p.first_move_rights(Color::White), 0b11000);
    unmake(t, &mut p, Move::null(), &undo);
    assert_eq!((p.to_fen(), p.key()), (a.to_fen(), a.key()));
}

#[test]
fn random_games_agree_with_the_slow_generator() {
    assert!(compare_on_random_games::<u64>(cambodian(), 25) > 1000);
}
