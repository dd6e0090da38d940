//! The goal keys of a game file (`flagPiece`, `flagRegion` and their side forms,
//! `flagMove`, `checking`, `checkCounting`) read with Fairy-Stockfish's meanings, their
//! mistakes reported at their place, and the FEN's check counter.

mod common;

use common::{read, rejection};
use joust_core::{variants, Color, FenError, Position};

#[test]
fn flags_per_side_and_the_other_goal_keys() {
    let loaded = read(
        "[race:chess]\n\
         flagPiece = k\n\
         flagRegionWhite = *8\n\
         flagRegionBlack = a1 b*\n\
         flagPieceBlack = nk\n\
         flagMove = true\n\
         checking = false\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let g = &v.goals;
    assert!(g.flag_move && g.no_checks && !g.check_counting);
    let sq = |s: &str| v.geometry.parse_square(s).unwrap();
    let white = g.flag[0].unwrap();
    let black = g.flag[1].unwrap();
    let letter = |set: u16| -> String {
        v.kind_ids()
            .filter(|k| set >> k.0 & 1 != 0)
            .map(|k| v.kind(k).letter)
            .collect()
    };
    assert_eq!(letter(white.kinds), "K");
    assert_eq!(letter(black.kinds), "NK");
    assert_eq!(white.region.squares().count(), 8);
    assert!(white.region.has(sq("a8")) && !white.region.has(sq("a1")));
    assert_eq!(black.region.squares().count(), 9);
    assert!(black.region.has(sq("a1")) && black.region.has(sq("b8")));
    // A region without a piece given means every piece (Fairy-Stockfish's `*`).
    let loaded = read("[any:chess]\nflagRegion = d4\n");
    let v = loaded.games[0];
    let kinds = v.goals.flag[1].unwrap().kinds;
    assert_eq!(kinds.count_ones() as usize, v.kinds.len());
    // A piece without a region is no goal; the defaults leave every goal off.
    let loaded = read("[none:chess]\nflagPiece = k\ncheckCounting = false\ncheckint = true\n");
    assert!(loaded.games.is_empty());
    let loaded = read("[none:chess]\nflagPiece = k\ncheckCounting = false\n");
    assert!(!loaded.games[0].goals.active());
}

#[test]
fn goal_mistakes_are_reported_at_their_place() {
    let e = rejection("[bad:chess]\nflagRegion = d4 z9\n");
    assert!(e.starts_with("2:14:"), "{e}");
    assert!(e.contains("flagRegion"), "{e}");
    let e = rejection("[bad:chess]\nflagRegion = *8\nflagPiece = x\n");
    assert!(e.starts_with("3:13:") && e.contains("`x`"), "{e}");
    let e = rejection("[bad:chess]\ncheckCounting = yes\n");
    assert!(e.contains("`true` or `false`"), "{e}");
    // What Joust does not play of the flag rules is still refused unless at its default.
    let e = rejection("[bad:chess]\nflagRegion = *8\nflagPieceCount = 2\n");
    assert!(
        e.contains("flagPieceCount") && e.contains("not supported"),
        "{e}"
    );
    assert_eq!(
        read("[ok:chess]\nflagPieceCount = 1\nflagPieceSafe = false\n")
            .games
            .len(),
        1
    );
}

#[test]
fn the_check_counter_is_read_and_refused_as_fairy_stockfish_writes_it() {
    let v = variants::by_id("3check").unwrap();
    let read = |fen: &str| Position::<u64>::from_fen(v, fen);
    let p = read("4k3/8/8/8/8/8/8/4K3 b - - 2+0 7 30").unwrap();
    assert_eq!(p.checks_remaining(Color::White), 2);
    assert_eq!(p.checks_remaining(Color::Black), 0);
    assert_eq!(p.halfmove_clock(), 7);
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 2+0 7 30");
    for bad in ["a+3", "3+", "+3", "10+3", "3+3+3", "3-3"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {bad} 0 1");
        let e = read(&fen).unwrap_err();
        assert!(
            matches!(e, FenError::BadCheckCount(_) | FenError::TooManyFields(7)),
            "{bad}: {e:?}"
        );
        assert!(!e.to_string().is_empty());
    }
    assert_eq!(
        read("4k3/8/8/8/8/8/8/4K3 w - - 10+3 0 1").unwrap_err(),
        FenError::BadCheckCount("10+3".into())
    );
    // A game that does not count checks has no counter: the field is one too many.
    let chess = variants::chess();
    assert_eq!(
        Position::<u64>::from_fen(chess, "4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1").unwrap_err(),
        FenError::TooManyFields(7)
    );
    assert!(!variants::chess().start_fen.contains('+'));
}
