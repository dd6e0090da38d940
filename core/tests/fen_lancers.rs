//! Lancer facings in FEN (docs/rules/lancers.md, "Writing moves"): every Lancer token
//! carries a facing.

use joust_core::{variants, FenError, Position};

fn read(fen: &str) -> Result<Position<u64>, FenError> {
    Position::from_fen(variants::lancers(), fen)
}

#[test]
fn start_position_round_trips_with_facings() {
    let v = variants::lancers();
    let pos = read(v.start_fen).unwrap();
    assert_eq!(pos.to_fen(), v.start_fen);
    let single = variants::single_lancer();
    let pos: Position<u64> = Position::from_fen(single, single.start_fen).unwrap();
    assert_eq!(pos.to_fen(), single.start_fen);
}

#[test]
fn a_lancer_without_facing_or_with_a_bad_one_is_refused() {
    assert_eq!(
        read("rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RLBQKBL(NW)R w KQkq - 0 1").unwrap_err(),
        FenError::MissingFacing { letter: 'L' }
    );
    assert_eq!(
        read("rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NNE)BQKBL(NW)R w KQkq - 0 1")
            .unwrap_err(),
        FenError::UnknownFacing { text: "NNE".into() }
    );
    assert_eq!(
        read("rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQ(N)KBL(NW)R w KQkq - 0 1")
            .unwrap_err(),
        FenError::UnexpectedFacing { letter: 'Q' }
    );
    // Knights do not exist in `lancers`.
    assert_eq!(
        read("rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBL(NW)R w KQkq - 0 1").unwrap_err(),
        FenError::UnknownPiece { letter: 'N' }
    );
}

#[test]
fn facing_is_part_of_the_key() {
    let a = read("4k3/8/8/8/8/8/8/L(NE)3K3 w - - 0 1").unwrap();
    let b = read("4k3/8/8/8/8/8/8/L(N)3K3 w - - 0 1").unwrap();
    assert_ne!(a.key(), b.key());
    assert_eq!(a.key(), a.compute_key());
}
