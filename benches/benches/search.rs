//! Criterion benchmarks of the search: a fixed-depth search from the start position of
//! chess, LancerChess and Royal Lion Chess on one thread, each from a cleared table, so
//! that every run searches the same tree. Throughput is in nodes.
//!
//! Each benchmark first searches twice and checks that both searches visit the same
//! number of nodes: the tree timed is the tree counted (`cargo xtask bench` reports the
//! counts per game; a change to them is a change to the search, not to its speed).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use joust_core::{variants, Variant};
use joust_movegen::{on_position, AnyPosition};
use joust_search::{search, Evaluator, Limits, Shared};
use std::hint::black_box;
use std::time::Duration;

/// Searches `pos` to `depth` from a cleared table; the nodes searched.
fn search_once(pos: &AnyPosition, eval: &Evaluator, shared: &Shared, depth: u32) -> u64 {
    shared.clear();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    on_position!(pos, p => search(p, &[], &limits, shared, 1, eval, |_| {}).nodes)
}

/// One game's start position searched to `depth`.
fn bench_game(c: &mut Criterion, group: &str, variant: &'static Variant, depth: u32) {
    let pos = AnyPosition::start(variant).expect("a game's own start position");
    let eval = Evaluator::new(variant);
    let shared = Shared::new(1);
    let nodes = search_once(&pos, &eval, &shared, depth);
    assert_eq!(
        search_once(&pos, &eval, &shared, depth),
        nodes,
        "{}: the same search visited different trees",
        variant.id
    );
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(format!("{}_start_depth_{depth}", variant.id), |b| {
        b.iter(|| search_once(black_box(&pos), &eval, &shared, depth))
    });
    g.finish();
}

fn fixed_depth(c: &mut Criterion) {
    bench_game(c, "search", variants::chess(), 9);
    bench_game(c, "search", variants::lancerchess(), 9);
    bench_game(c, "search", variants::royal_lion(), 6);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    targets = fixed_depth
}
criterion_main!(benches);
