//! The accumulator brought from position to position by the pieces that changed equals
//! the accumulator summed afresh, in every built-in game, along random walks through
//! the game tree (moves made and taken back, as a search does), with random weights.

use joust_core::rng::SplitMix64;
use joust_core::{variants, Color, Position, Variant};
use joust_movegen::{
    legal_moves, make, position_from_fen, tables, unmake, with_board_bits, TableCache,
};
use joust_nnue::network::feature_count;
use joust_nnue::{Accumulator, Network, Stack};

/// A network for `variant` with random weights of the sizes training gives.
fn random_net(variant: &Variant, rng: &mut SplitMix64) -> Network {
    let g = variant.geometry;
    let kinds = variant.kinds.len();
    let hidden = 32;
    let features = feature_count(kinds, g.files(), g.ranks());
    let mut w = |n: usize, range: usize| -> Vec<i16> {
        (0..n)
            .map(|_| rng.below(2 * range + 1) as i16 - range as i16)
            .collect()
    };
    let ft = w(features * hidden, 200);
    let bias = w(hidden, 100);
    let out = w(2 * hidden, 127);
    Network::new(
        variant.id,
        g.files(),
        g.ranks(),
        kinds,
        hidden,
        ft,
        bias,
        out,
        1234,
    )
    .unwrap()
}

/// Walks randomly through `variant`'s tree from its start: at each node, evaluates with
/// the stack and checks it against a fresh sum; returns the nodes checked.
fn walk<B: TableCache>(variant: &'static Variant, seed: u64, steps: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let net = random_net(variant, &mut rng);
    let t = tables::<B>(variant);
    let mut pos: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut stack: Stack<B> = Stack::new(&net, 64);
    let mut line = Vec::new();
    let mut checked = 0;
    for _ in 0..steps {
        let ply = line.len();
        let incremental = stack.accumulator(&net, &pos, ply).clone();
        let mut fresh = Accumulator::new(&net);
        fresh.refresh(&net, &pos);
        for side in Color::ALL {
            assert_eq!(
                incremental.values(side),
                fresh.values(side),
                "{} at ply {ply}: {}",
                variant.id,
                pos.to_fen()
            );
        }
        assert_eq!(
            stack.evaluate(&net, &pos, ply),
            joust_nnue::evaluate(&net, &pos)
        );
        checked += 1;
        let moves = legal_moves(&pos);
        // Mostly deeper, sometimes back up (to a sibling), as a search goes.
        let back = line.len() >= 60 || moves.is_empty() || (ply > 0 && rng.below(3) == 0);
        if back {
            if let Some((mv, undo)) = line.pop() {
                unmake(t, &mut pos, mv, &undo);
            } else {
                break;
            }
        } else {
            let mv = moves.as_slice()[rng.below(moves.len())];
            let undo = make(t, &mut pos, mv);
            line.push((mv, undo));
        }
    }
    checked
}

#[test]
fn the_incremental_accumulator_equals_a_fresh_sum_in_every_game() {
    for (i, variant) in variants::all().iter().enumerate() {
        let checked = with_board_bits!(variant, B => walk::<B>(variant, 17 + i as u64, 3000));
        assert!(checked > 1000, "{}: {checked} nodes", variant.id);
    }
}

#[test]
fn a_network_reads_back_from_its_bytes_and_refuses_other_games() {
    let mut rng = SplitMix64::new(5);
    let chess = variants::chess();
    let net = random_net(chess, &mut rng);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(net.check_fits(chess).is_ok());
    assert!(net.check_fits(variants::royal_lion()).is_err());
    let mut too_big = net.to_bytes();
    // The first output weight (after the header, feature weights and biases) beyond 127.
    let at = bytes.len() - 4 - 2 * 2 * net.hidden();
    too_big[at..at + 2].copy_from_slice(&1000i16.to_le_bytes());
    assert!(Network::from_bytes(&too_big).is_err());
}

#[test]
fn a_correction_network_says_so_in_its_file() {
    let mut rng = SplitMix64::new(6);
    let net = random_net(variants::chess(), &mut rng);
    assert!(!net.is_correction());
    let correction = net.clone().into_correction();
    let read = Network::from_bytes(&correction.to_bytes()).unwrap();
    assert!(read.is_correction());
    assert_eq!(read, correction);
    assert_ne!(read, net);
    assert_eq!(&correction.to_bytes()[8..], &net.to_bytes()[8..]);
}
