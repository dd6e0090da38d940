//! Game files with the rules of the South-East Asian and large-board chesses: promotion
//! zones of several ranks, optional promotion, limits on promoted pieces, the Makpong
//! rule, and the counting rules Joust accepts without playing them.

mod common;

use common::{read, rejection};
use joust_core::Color;

#[test]
fn counting_rules_are_accepted_by_name_and_anything_else_is_refused() {
    for rule in ["none", "makruk", "cambodian", "asean"] {
        let loaded = read(&format!("[c:chess]\ncountingRule = {rule}\n"));
        assert!(loaded.rejected.is_empty(), "{rule}: {:?}", loaded.rejected);
    }
    let err = rejection("[c:chess]\ncountingRule = thai\n");
    assert!(err.contains("2:16") && err.contains("`asean`"), "{err}");
}

#[test]
fn a_promotion_zone_of_several_ranks_is_read_for_both_sides() {
    let loaded = read(
        "[z:chess]\n\
         promotionRegionWhite = *6 *7 *8\n\
         promotionRegionBlack = *3 *2 *1\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let sq = |name: &str| v.geometry.parse_square(name).unwrap();
    assert!(v.in_promotion_zone(Color::White, sq("a6")));
    assert!(!v.in_promotion_zone(Color::White, sq("a5")));
    assert!(v.in_promotion_zone(Color::Black, sq("h3")));
    assert!(!v.in_promotion_zone(Color::Black, sq("h4")));
    assert!(!v.promotion[0].optional && v.promotion[0].limits.is_empty());
}

#[test]
fn zones_optional_promotion_and_limits_that_joust_cannot_play_are_refused() {
    let cases = [
        // Not up to the last rank.
        (
            "promotionRegionWhite = *6 *7",
            "3:1",
            "whole ranks running up",
        ),
        // A gap.
        (
            "promotionRegionWhite = *6 *8",
            "3:1",
            "whole ranks running up",
        ),
        // Black's not the mirror of White's.
        (
            "promotionRegionWhite = *7 *8\npromotionRegionBlack = *1",
            "4:1",
            "does not mirror",
        ),
        // A pawn free to stay on its last rank forever.
        ("mandatoryPawnPromotion = false", "3:1", "immobilityIllegal"),
        ("promotionLimit = q1", "3:18", "letter:count"),
        ("promotionLimit = x:1", "3:18", "`x` is not the letter"),
        // A Shogi knight can be stuck on the last two ranks.
        (
            "customPiece1 = o:fN\nimmobilityIllegal = true",
            "4:1",
            "can be stuck",
        ),
    ];
    for (keys, at, says) in cases {
        let err = rejection(&format!("[z:chess]\n# a game\n{keys}\n"));
        assert!(err.contains(at) && err.contains(says), "{keys}: {err}");
    }
}

#[test]
fn optional_promotion_with_the_immobility_rule_and_limits_are_read() {
    let loaded = read(
        "[g:chess]\n\
         promotionRegionWhite = *6 *7 *8\n\
         promotionRegionBlack = *1 *2 *3\n\
         mandatoryPawnPromotion = false\n\
         immobilityIllegal = true\n\
         promotionLimit = q:1 r:2\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let q = v.kind_by_letter(Color::White, 'Q').unwrap();
    let n = v.kind_by_letter(Color::White, 'N').unwrap();
    for side in &v.promotion {
        assert!(side.optional);
        assert_eq!((side.limit(q), side.limit(n)), (Some(1), None));
    }
}

#[test]
fn the_makpong_rule_is_read_and_inherited() {
    let makruk = joust_core::variants::by_id("makruk").unwrap();
    let makpong = joust_core::variants::by_id("makpong").unwrap();
    assert!(!makruk.check_freezes_royal && makpong.check_freezes_royal);
    assert_eq!(makpong.promotion, makruk.promotion);
    let err = rejection("[m:makruk]\nmakpongRule = yes\n");
    assert!(
        err.contains("2:15") && err.contains("`true` or `false`"),
        "{err}"
    );
}
