//! The keys of where pieces may move (`mobilityRegionWhiteKing`, ... for any piece,
//! `soldierPromotionRank`, `flyingGeneral`) read with Fairy-Stockfish's meanings, and
//! their mistakes reported at their place.

mod common;

use common::{read, rejection};
use joust_core::{variants, Color};

#[test]
fn regions_soldier_rank_and_flying_general_are_read_for_any_piece() {
    let loaded = read(
        "[boxed:chess]\n\
         mobilityRegionWhiteKing = d1 e1 f1 *2\n\
         mobilityRegionBlackKnight = a* h*\n\
         mobilityRegionBlackQueen = -\n\
         customPiece1 = s:fsW\n\
         mobilityRegionWhiteCustomPiece1 = *3 *4\n\
         soldier = p\n\
         pawn = -\n\
         soldierPromotionRank = 5\n\
         flyingGeneral = true\n\
         startFen = rnbqkbnr/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n\
         castling = false\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let m = &v.movement_limits;
    let sq = |s: &str| v.geometry.parse_square(s).unwrap();
    let king = v.royal_kind(Color::White);
    let palace = m.region(Color::White, king).unwrap();
    assert_eq!(palace.squares().count(), 3 + 8);
    assert!(palace.has(sq("e1")) && palace.has(sq("a2")) && !palace.has(sq("a1")));
    let knight = v.kind_by_letter(Color::Black, 'N').unwrap();
    assert_eq!(
        m.region(Color::Black, knight).unwrap().squares().count(),
        16
    );
    // The empty region leaves the piece free; so does no key at all.
    let queen = v.kind_by_letter(Color::Black, 'Q').unwrap();
    assert_eq!(m.region(Color::Black, queen), None);
    assert_eq!(m.region(Color::White, knight), None);
    let custom = v.kind_by_letter(Color::White, 'S').unwrap();
    assert_eq!(
        m.region(Color::White, custom).unwrap().squares().count(),
        16
    );
    let soldier = m.soldier.unwrap();
    assert_eq!(v.kind(soldier.kind).letter, 'P');
    assert_eq!(soldier.rank, 4);
    assert!(m.flying_general && m.any());
    // Chess has none of them.
    assert!(!variants::chess().movement_limits.any());
}

#[test]
fn xiangqi_is_built_from_its_file() {
    let x = variants::by_id("xiangqi").unwrap();
    let m = &x.movement_limits;
    assert_eq!(
        m.regions.len(),
        6,
        "General, Advisor and Elephant of each side"
    );
    assert!(m.flying_general);
    assert_eq!(m.soldier.unwrap().rank, 5);
    // Mini Xiangqi inherits it without Advisors and Elephants, and its Soldiers step
    // sideways from the start.
    let mini = variants::by_id("minixiangqi").unwrap();
    assert_eq!(mini.movement_limits.regions.len(), 2);
    assert_eq!(mini.movement_limits.soldier, None);
    assert!(mini.movement_limits.flying_general);
}

#[test]
fn mobility_mistakes_are_reported_at_their_place() {
    let e = rejection("[bad:chess]\nmobilityRegionWhiteKing = d1 z9\n");
    assert!(e.starts_with("2:27:") && e.contains("squares"), "{e}");
    let e = rejection("[bad:chess]\nmobilityRegionWhiteDragon = d1\n");
    assert!(e.contains("`Dragon` is not a piece key"), "{e}");
    let e = rejection("[bad:chess]\nmobilityRegionKing = d1\n");
    assert!(e.contains("names a side and a piece"), "{e}");
    let e = rejection("[bad:chess]\nsoldierPromotionRank = 6\n");
    assert!(e.contains("no soldier"), "{e}");
    let e = rejection("[bad:chess]\nsoldier = s\nsoldierPromotionRank = 0\n");
    assert!(e.contains("a rank of the board"), "{e}");
    let e = rejection("[bad:chess]\nflyingGeneral = yes\n");
    assert!(e.contains("`true` or `false`"), "{e}");
}
