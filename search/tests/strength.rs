//! A limited strength ([`Limits::strength`]) through the search as callers use it: the
//! weakest setting varies among near-equal moves but keeps to legal ones, the strongest
//! limited setting still takes a hanging queen, no setting walks into a mate in one, and
//! without a strength the search is the full one.

use joust_core::{variants, Position};
use joust_movegen::{generate, position_from_fen, tables, MoveList};
use joust_notation::move_to_text;
use joust_search::{search, Evaluator, Info, Limits, Shared, Strength};
use std::collections::BTreeSet;

fn chess(fen: &str) -> Position<u64> {
    position_from_fen(variants::chess(), fen).unwrap()
}

/// The move chosen in `pos` at `elo` (full strength for `None`) with `seed`, and the
/// number of info lines reported.
fn play(pos: &Position<u64>, elo: Option<u32>, seed: u64, depth: u32) -> (String, usize) {
    let limits = Limits {
        depth: Some(depth),
        strength: elo.map(|e| Strength::from_elo(e, seed).unwrap()),
        ..Limits::default()
    };
    let shared = Shared::new(4);
    let mut infos = 0;
    let r = search(
        pos,
        &[],
        &limits,
        &shared,
        1,
        &Evaluator::new(pos.variant()),
        |i: &Info| {
            assert_eq!(i.multipv, 1, "only the asked-for line is reported");
            infos += 1;
        },
    );
    (move_to_text(pos, r.best.expect("a move")), infos)
}

fn legal(pos: &Position<u64>) -> BTreeSet<String> {
    let mut list = MoveList::new();
    generate(tables::<u64>(pos.variant()), pos, &mut list);
    list.iter().map(|&m| move_to_text(pos, m)).collect()
}

#[test]
fn the_weakest_setting_plays_legal_moves_and_varies_among_equal_ones() {
    let v = variants::chess();
    let start = chess(v.start_fen);
    let legal_moves = legal(&start);
    let mut chosen = BTreeSet::new();
    for seed in 0..12 {
        let (mv, infos) = play(&start, Some(Strength::MIN_ELO), seed, 6);
        assert!(legal_moves.contains(&mv), "{mv}");
        assert!(infos >= 1);
        chosen.insert(mv);
    }
    // Twenty opening moves lie within a quarter of a pawn of each other.
    assert!(chosen.len() >= 3, "{chosen:?}");
    // Full strength is deterministic: one move, whatever the seed.
    let full: BTreeSet<String> = (0..3).map(|s| play(&start, None, s, 4).0).collect();
    assert_eq!(full.len(), 1, "{full:?}");
}

#[test]
fn the_strongest_limited_setting_takes_a_hanging_queen() {
    // Black's queen on d5 is en prise to the knight on c3; nothing else comes close.
    let pos = chess("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1");
    for seed in 0..6 {
        assert_eq!(play(&pos, Some(Strength::MAX_ELO), seed, 6).0, "c3d5");
    }
    assert_eq!(play(&pos, None, 0, 6).0, "c3d5");
}

#[test]
fn no_setting_allows_a_mate_in_one() {
    // White to move; the Rook must stay on the first rank or leave the King a square,
    // else Ra8-a1 mates. Only the moves that keep guard are acceptable at any strength.
    let pos = chess("r5k1/8/8/8/8/8/5PPP/1R4K1 w - - 0 1");
    for seed in 0..10 {
        let (mv, _) = play(&pos, Some(Strength::MIN_ELO), seed, 4);
        let mut after = pos.clone();
        let list = {
            let mut l = MoveList::new();
            generate(tables::<u64>(pos.variant()), &pos, &mut l);
            l
        };
        let m = *list.iter().find(|&&m| move_to_text(&pos, m) == mv).unwrap();
        joust_movegen::make(tables::<u64>(pos.variant()), &mut after, m);
        // Black has no mate in one after the chosen move.
        let replies = {
            let mut l = MoveList::new();
            generate(tables::<u64>(after.variant()), &after, &mut l);
            l
        };
        for &r in replies.iter() {
            let mut next = after.clone();
            joust_movegen::make(tables::<u64>(next.variant()), &mut next, r);
            let mut answers = MoveList::new();
            generate(tables::<u64>(next.variant()), &next, &mut answers);
            let in_check = joust_movegen::in_check(&next);
            assert!(
                !(answers.is_empty() && in_check),
                "seed {seed}: {mv} allows mate by {}",
                move_to_text(&after, r)
            );
        }
    }
}
