use joust_core::variants;
use joust_movegen::{perft, position_from_fen};

#[test]
fn start_position_counts() {
    let v = variants::chess();
    let mut p = position_from_fen::<u64>(v, v.start_fen).unwrap();
    for (d, n) in [(1, 20), (2, 400), (3, 8902), (4, 197281)] {
        assert_eq!(perft(&mut p, d), n, "depth {d}");
    }
    let mut kiwi = position_from_fen::<u64>(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    for (d, n) in [(1, 48), (2, 2039), (3, 97862)] {
        assert_eq!(perft(&mut kiwi, d), n, "kiwi depth {d}");
    }
}
