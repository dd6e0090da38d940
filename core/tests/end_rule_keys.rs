//! The end-rule keys of game files (extinction, compulsory capture, checkmate and
//! stalemate values, games without a royal piece, Horde's first-rank double step), read
//! from files as a user writes them and from the built-in games that use them.

mod common;

use common::{read, rejection};
use joust_core::end_rules::{EndValue, ExtinctionKinds};
use joust_core::variant::{DoubleStep, StalemateResult};
use joust_core::{variants, Color, FenError, Position};

#[test]
fn extinction_keys_are_read_with_fairy_stockfish_meanings() {
    let loaded = read(
        "[bare:chess]\n\
         extinctionValue = loss\n\
         extinctionPieceTypes = *\n\
         extinctionPieceCount = 1\n\
         extinctionOpponentPieceCount = 2\n\
         extinctionClaim = true\n\
         mustCapture = true\n\
         checkmateValue = win\n\
         stalemateValue = win\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let e = v.end_rules.extinction.as_ref().expect("an extinction rule");
    assert_eq!(e.value, EndValue::Loss);
    assert_eq!(e.kinds, ExtinctionKinds::All);
    assert_eq!((e.count, e.opponent_count, e.claim), (1, 2, true));
    assert!(v.end_rules.must_capture);
    assert_eq!(v.end_rules.checkmate, EndValue::Win);
    assert_eq!(v.stalemate, StalemateResult::Win);
}

#[test]
fn extinction_piece_letters_name_kinds_and_none_turns_the_rule_off() {
    let loaded = read(
        "[letters:chess]\nextinctionValue = win\nextinctionPieceTypes = qr\n\
         [off:chess]\nextinctionValue = none\nextinctionPieceTypes = q\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let q = v.kind_by_letter(Color::White, 'Q').unwrap();
    let r = v.kind_by_letter(Color::White, 'R').unwrap();
    let e = v.end_rules.extinction.as_ref().unwrap();
    assert_eq!(e.kinds, ExtinctionKinds::Kinds(vec![q, r]));
    assert_eq!(loaded.games[1].end_rules.extinction, None);
}

#[test]
fn bad_end_rule_values_are_reported_at_their_line() {
    let text = rejection("[x:chess]\nextinctionValue = maybe\n");
    assert!(text.contains("2:"), "{text}");
    assert!(text.contains("`win`, `loss`, `draw` or `none`"), "{text}");
    let text = rejection("[x:chess]\nextinctionValue = win\nextinctionPieceTypes = z\n");
    assert!(text.contains("`z` is not the letter of a piece"), "{text}");
    let text = rejection("[x:chess]\ncheckmateValue = draw\n");
    assert!(text.contains("checkmateValue"), "{text}");
    let text = rejection("[x:chess]\nextinctionPseudoRoyal = true\n");
    assert!(text.contains("pseudo-royal"), "{text}");
}

#[test]
fn a_game_without_a_royal_piece_has_none_in_either_army() {
    let v = variants::by_id("antichess").unwrap();
    assert_eq!(v.royal(Color::White), None);
    assert_eq!(v.royal(Color::Black), None);
    let k = v
        .kind_by_letter(Color::White, 'K')
        .expect("the king is a commoner");
    assert!(!v.kind(k).royal);
    assert!(v
        .promotions(Color::White, v.geometry.square(0, 7).unwrap())
        .contains(&k));
    // Any number of kings, or none, is a position of the game.
    for fen in ["8/8/8/8/8/8/8/KK5k w - - 0 1", "8/8/8/8/8/8/8/7k w - - 0 1"] {
        assert!(Position::<u64>::from_fen(v, fen).is_ok(), "{fen}");
    }
}

#[test]
fn horde_white_has_no_king_and_pawns_on_its_first_rank() {
    let v = variants::by_id("horde").unwrap();
    assert_eq!(v.royal(Color::White), None);
    assert!(v.royal(Color::Black).is_some());
    assert_eq!(v.pawns.double_step, DoubleStep::FromRankAndFirst(1));
    assert!(Position::<u64>::from_fen(v, v.start_fen).is_ok());
    // A White king is no piece of White's army; Black still needs its king, and a
    // Black pawn on White's first rank is still misplaced.
    assert!(Position::<u64>::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
    assert_eq!(
        Position::<u64>::from_fen(v, "8/8/8/8/8/8/8/P7 w - - 0 1").unwrap_err(),
        FenError::MissingRoyal(Color::Black)
    );
    assert!(Position::<u64>::from_fen(v, "4k3/8/8/8/8/8/8/p7 w - - 0 1").is_err());
    // Chess keeps refusing pawns on the first rank.
    let chess = variants::chess();
    assert!(Position::<u64>::from_fen(chess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1").is_err());
}

#[test]
fn a_double_step_region_of_two_ranks_must_include_the_first() {
    let text = rejection("[x:chess]\ndoubleStepRegionWhite = *2 *3\n");
    assert!(text.contains("more than one rank"), "{text}");
    let loaded = read("[x:chess]\ndoubleStepRegionWhite = *1 *2\ndoubleStepRegionBlack = *7 *8\n");
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
}

#[test]
fn the_built_in_games_say_their_ends() {
    let loss_all = |id: &str, count: u32, opponent: u32, claim: bool| {
        let v = variants::by_id(id).unwrap();
        let e = v.end_rules.extinction.as_ref().unwrap();
        assert_eq!(e.kinds, ExtinctionKinds::All, "{id}");
        assert_eq!(
            (e.count, e.opponent_count, e.claim),
            (count, opponent, claim),
            "{id}"
        );
        e.value
    };
    assert_eq!(loss_all("antichess", 0, 0, false), EndValue::Win);
    assert_eq!(loss_all("giveaway", 0, 0, false), EndValue::Win);
    assert_eq!(loss_all("losers", 1, 0, false), EndValue::Win);
    assert_eq!(loss_all("horde", 0, 0, false), EndValue::Loss);
    assert_eq!(loss_all("shatranj", 1, 2, true), EndValue::Loss);
    assert_eq!(variants::by_id("shatranj").unwrap().fifty_move_plies, 140);
    assert_eq!(
        variants::by_id("losers").unwrap().end_rules.checkmate,
        EndValue::Win
    );
    let three = variants::by_id("threekings").unwrap();
    let k = three.kind_by_letter(Color::White, 'K').unwrap();
    let e = three.end_rules.extinction.as_ref().unwrap();
    assert_eq!(
        (e.kinds.clone(), e.count),
        (ExtinctionKinds::Kinds(vec![k]), 2)
    );
    let ext = variants::by_id("extinction").unwrap();
    let e = ext.end_rules.extinction.as_ref().unwrap();
    assert!(matches!(&e.kinds, ExtinctionKinds::Kinds(k) if k.len() == 6));
    // Giveaway's king castles though it is not royal, and may castle through attack.
    let give = variants::by_id("giveaway").unwrap();
    assert_eq!(give.castling.len(), 4);
    assert!(give.castling.iter().all(|r| r.safe.is_empty()));
}
