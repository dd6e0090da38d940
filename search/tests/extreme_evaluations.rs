//! Whatever weights and piece values the engine's options accept (weights within ±5000,
//! values from 0 to 5000), the evaluation stays within ±EVAL_MAX, well inside the mate
//! scores, and the search neither panics nor reports a mate that is not there. Run in a
//! debug build, an overflow anywhere would panic here.

mod common;

use common::{loses_within, moves, playout, wins_within, Rng};
use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::TableCache;
use joust_search::{search, tuned, Evaluator, Limits, Shared, Weights, EVAL_MAX, MATE, MATE_BOUND};

/// The largest weight and piece value the engine's options accept.
const OPTION_MAX: i32 = 5_000;

/// The evaluation of `variant` built as the engine's options build it: the game's own
/// weights and values with the changes on top.
fn with_changes(
    variant: &'static Variant,
    weights: &[(&str, i32)],
    values: &[(char, i32)],
) -> Evaluator {
    let mut w = tuned::weights(variant);
    for &(name, value) in weights {
        assert!(w.set(name, value), "no weight {name}");
    }
    let mut v = tuned::values(variant);
    for &(letter, value) in values {
        if let Some(k) = variant.any_kind_by_letter(letter) {
            v.retain(|&(vk, _)| vk != k);
            v.push((k, value));
        }
    }
    Evaluator::with_values(variant, w, &v)
}

/// Every weight's name.
fn weight_names() -> Vec<&'static str> {
    Weights::default()
        .fields_mut()
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// Every piece letter of `variant`.
fn letters(variant: &Variant) -> Vec<char> {
    variant.kind_ids().map(|k| variant.kind(k).letter).collect()
}

/// Extreme and random evaluations of `variant`: every weight at either end of the range,
/// every value at the top or zero, alternating signs, and random ones.
fn evaluators(variant: &'static Variant, rng: &mut Rng) -> Vec<(String, Evaluator)> {
    let names = weight_names();
    let letters = letters(variant);
    let mut out = Vec::new();
    for (label, sign, value) in [
        ("all weights +max, values max", 1, OPTION_MAX),
        ("all weights -max, values max", -1, OPTION_MAX),
        ("all weights +max, values 0", 1, 0),
        ("all weights -max, values 0", -1, 0),
    ] {
        let w: Vec<(&str, i32)> = names.iter().map(|&n| (n, sign * OPTION_MAX)).collect();
        let v: Vec<(char, i32)> = letters.iter().map(|&c| (c, value)).collect();
        out.push((label.to_string(), with_changes(variant, &w, &v)));
    }
    let w: Vec<(&str, i32)> = names
        .iter()
        .enumerate()
        .map(|(i, &n)| (n, if i % 2 == 0 { OPTION_MAX } else { -OPTION_MAX }))
        .collect();
    out.push(("alternating weights".into(), with_changes(variant, &w, &[])));
    for round in 0..3 {
        let w: Vec<(&str, i32)> = names
            .iter()
            .map(|&n| (n, rng.range(-OPTION_MAX, OPTION_MAX)))
            .collect();
        let v: Vec<(char, i32)> = letters
            .iter()
            .map(|&c| (c, rng.range(0, OPTION_MAX)))
            .collect();
        out.push((format!("random {round}"), with_changes(variant, &w, &v)));
    }
    out
}

/// Checks a search's mate score against an exact search: a mate must be there.
fn assert_mate_is_real<B: TableCache>(pos: &Position<B>, score: i32, context: &str) {
    if score.abs() <= MATE_BOUND {
        return;
    }
    let plies = (MATE - score.abs()) as u32;
    let mut budget = 3_000_000;
    let mut p = pos.clone();
    let real = if score > 0 {
        wins_within(&mut p, plies, &mut budget)
    } else {
        loses_within(&mut p, plies, &mut budget)
    };
    assert_eq!(
        real,
        Some(true),
        "{context}: score {score} claims a mate in {plies} plies that an exact search does \
         not confirm (None: too big to check)\n{}",
        pos.to_fen()
    );
}

/// The positions searched in `variant`: the start and a few random playouts from it.
fn positions<B: TableCache>(variant: &'static Variant, rng: &mut Rng) -> Vec<Position<B>> {
    let start: Position<B> = Position::from_fen(variant, variant.start_fen).unwrap();
    let mut out = vec![start.clone()];
    for plies in [6, 14, 30] {
        let p = playout(&start, plies, rng);
        if !moves(&p).is_empty() {
            out.push(p);
        }
    }
    out
}

fn check_game<B: TableCache>(variant: &'static Variant, rng: &mut Rng) {
    let evals = evaluators(variant, rng);
    let start: Position<B> = Position::from_fen(variant, variant.start_fen).unwrap();
    // The evaluation itself, over many positions of random games.
    for (label, e) in &evals {
        for game in 0..4 {
            for plies in (0..60).step_by(7) {
                let p = playout(&start, plies + game, rng);
                let v = e.evaluate(&p);
                assert!(
                    v.abs() <= EVAL_MAX,
                    "{} {label}: {v} at {}",
                    variant.id,
                    p.to_fen()
                );
            }
        }
    }
    // Searches with these evaluations.
    let positions = positions::<B>(variant, rng);
    for (label, e) in &evals {
        for pos in &positions {
            let shared = Shared::new(1);
            let limits = Limits {
                depth: Some(4),
                nodes: Some(4_000),
                ..Limits::default()
            };
            let r = search(pos, &[], &limits, &shared, 1, e, |_| {});
            // The first iteration completes even past the node limit, but in haste: an
            // explosive quiescence (3 million nodes in Royal Lion) does not hold it up.
            assert!(
                r.nodes < 20_000,
                "{} {label}: {} nodes",
                variant.id,
                r.nodes
            );
            let best = r.best.expect("a move");
            assert!(
                moves(pos).contains(&best),
                "{} {label}: illegal best",
                variant.id
            );
            let context = format!("{} {label}", variant.id);
            assert_mate_is_real(pos, r.score, &context);
        }
    }
}

#[test]
fn extreme_and_random_evaluations_stay_below_mate_scores_in_every_game() {
    let mut rng = Rng(0x5EED_0024);
    for &v in variants::all() {
        with_board_bits!(v, B => check_game::<B>(v, &mut rng))
    }
}

/// The report of issue 24: Cromwell with `EvalWeights mobility_mg=5000 mobility_zero=5000`
/// killed the search at depth 5 (the evaluation went far beyond the mate scores, so no
/// root move ever rose above -INF and the iteration had no line).
#[test]
fn cromwell_with_huge_mobility_weights_searches_to_depth_5() {
    let v = variants::cromwell();
    let e = with_changes(v, &[("mobility_mg", 5000), ("mobility_zero", 5000)], &[]);
    let pos: Position<u64> = Position::from_fen(v, v.start_fen).unwrap();
    assert!(e.evaluate(&pos).abs() <= EVAL_MAX);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let r = search(&pos, &[], &limits, &Shared::new(1), 1, &e, |_| {});
    assert_eq!(r.depth, 5);
    assert!(r.score.abs() < MATE_BOUND, "score {}", r.score);
    assert!(moves(&pos).contains(&r.best.unwrap()));
}

/// Large piece values gave a false `mate 1`: the material alone went past the mate bound.
#[test]
fn the_largest_piece_values_do_not_read_as_a_mate() {
    let v = variants::chess();
    let e = with_changes(
        v,
        &[],
        &[('Q', 5000), ('R', 5000), ('B', 5000), ('N', 5000)],
    );
    // White is a queen, two rooks, two bishops and two knights up: won, but no mate.
    let pos: Position<u64> =
        Position::from_fen(v, "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1").unwrap();
    assert!(e.evaluate(&pos) <= EVAL_MAX);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = search(&pos, &[], &limits, &Shared::new(1), 1, &e, |_| {});
    assert!(r.score > 1000 && r.score < MATE_BOUND, "score {}", r.score);
}

/// Pawns valued above every piece (`PieceValues P=3661` in Royal Lion Chess, found by
/// the UCI soak) made most exchanges on the crowded 10x10 board look even, and the
/// quiescence search followed every chain of them: depth 2 took millions of nodes and
/// minutes. Deep in quiescence only recaptures are tried now, so shallow depths stay
/// cheap whatever the values.
#[test]
fn valuations_that_make_every_exchange_even_keep_shallow_searches_cheap() {
    let rl = variants::royal_lion();
    let pos: Position<u128> = joust_movegen::position_from_fen(rl, rl.start_fen).unwrap();
    for values in [
        &[('P', 3661)][..],
        &[('P', 5000), ('R', 72), ('L', 4195)][..],
    ] {
        let e = with_changes(rl, &[], values);
        let limits = Limits {
            depth: Some(4),
            nodes: Some(2_000_000),
            ..Limits::default()
        };
        let r = search(&pos, &[], &limits, &Shared::new(1), 1, &e, |_| {});
        assert_eq!(r.depth, 4, "{values:?}: depth 4 not reached in 2M nodes");
        assert!(
            r.nodes < 200_000,
            "{values:?}: {} nodes for depth 4",
            r.nodes
        );
    }
}
