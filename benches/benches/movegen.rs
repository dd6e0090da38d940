//! Criterion benchmarks of move generation (chess) and perft (chess, LancerChess, Clash,
//! Lancers, Cromwell, Musketeer after setup, Royal Lion).
//!
//! Each benchmark checks its count once before it is timed, so a broken generator fails
//! loudly instead of measuring the wrong work.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use joust_benches::{
    chess_positions, CHESS_LEGAL_MOVES_TOTAL, CLASH_PERFT_4, CROMWELL_PERFT_5, KIWIPETE_FEN,
    KIWIPETE_PERFT_3, LANCERCHESS_PERFT_4, LANCERS_PERFT_3, MUSKETEER_LEOPARD_CANNON_FEN,
    MUSKETEER_LEOPARD_CANNON_PERFT_4, ROYAL_LION_PERFT_4, START_FEN, START_PERFT_4,
};
use joust_core::{variants, Position};
use joust_movegen::{generate, perft, position_from_fen, tables, MoveList, Tables};
use std::hint::black_box;
use std::time::Duration;

/// Legal moves of every position, generated into `list`; the total count.
fn generate_all(t: &Tables<u64>, positions: &[Position<u64>], list: &mut MoveList) -> u64 {
    positions
        .iter()
        .map(|pos| {
            list.clear();
            generate(t, pos, list);
            list.len() as u64
        })
        .sum()
}

/// Legal-move generation over the seven reference chess positions; throughput in moves.
fn legal_moves(c: &mut Criterion) {
    let t = tables::<u64>(variants::chess());
    let positions = chess_positions();
    let mut list = MoveList::new();
    assert_eq!(
        generate_all(t, &positions, &mut list),
        CHESS_LEGAL_MOVES_TOTAL
    );
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(CHESS_LEGAL_MOVES_TOTAL));
    group.bench_function("chess_reference_7_positions", |b| {
        b.iter(|| generate_all(t, black_box(&positions), &mut list))
    });
    group.finish();
}

/// Single-threaded perft; throughput in leaf nodes. The games share one group so their
/// speeds can be compared from one run (LancerChess and Clash against chess, issue 3).
fn perft_nodes(c: &mut Criterion) {
    let chess = variants::chess();
    let cases = [
        ("chess_start_depth_4", chess, START_FEN, 4, START_PERFT_4),
        ("kiwipete_depth_3", chess, KIWIPETE_FEN, 3, KIWIPETE_PERFT_3),
        (
            "lancerchess_start_depth_4",
            variants::lancerchess(),
            variants::lancerchess().start_fen,
            4,
            LANCERCHESS_PERFT_4,
        ),
        (
            "musketeer_leopard_cannon_depth_4",
            variants::musketeer(),
            MUSKETEER_LEOPARD_CANNON_FEN,
            4,
            MUSKETEER_LEOPARD_CANNON_PERFT_4,
        ),
        (
            "lancers_start_depth_3",
            variants::lancers(),
            variants::lancers().start_fen,
            3,
            LANCERS_PERFT_3,
        ),
        (
            "cromwell_start_depth_5",
            variants::cromwell(),
            variants::cromwell().start_fen,
            5,
            CROMWELL_PERFT_5,
        ),
        (
            "clash_start_depth_4",
            variants::clash(),
            variants::clash().start_fen,
            4,
            CLASH_PERFT_4,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (name, variant, fen, depth, nodes) in cases {
        let pos: Position<u64> = position_from_fen(variant, fen).expect("bench FEN");
        assert_eq!(perft(&mut pos.clone(), depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| perft(&mut black_box(&pos).clone(), black_box(depth)))
        });
    }
    group.finish();
}

/// Royal Lion Chess on its 10x10 (128-bit) board: the general generator.
fn perft_royal_lion(c: &mut Criterion) {
    let variant = variants::royal_lion();
    let pos: Position<u128> = position_from_fen(variant, variant.start_fen).expect("start FEN");
    assert_eq!(perft(&mut pos.clone(), 4), ROYAL_LION_PERFT_4);
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(ROYAL_LION_PERFT_4));
    group.bench_function("royal_lion_start_depth_4", |b| {
        b.iter(|| perft(&mut black_box(&pos).clone(), black_box(4)))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, perft_nodes, perft_royal_lion);
criterion_main!(benches);
