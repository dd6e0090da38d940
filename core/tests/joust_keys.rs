//! Joust's own game-file keys, those its own games need and Fairy-Stockfish has no word
//! for (docs/game-files.md, **Joust** marks): what they build, and the error a user gets
//! for each way of getting them wrong.

mod common;

use common::{read, rejection};
use joust_core::{Color, Direction};

#[test]
fn the_rules_in_short_are_read_in_order_and_not_inherited() {
    let loaded =
        read("[a:chess]\nrulesInShort.2 = Second.\nrulesInShort.1 = First.\n[b:a]\nname = B\n");
    assert_eq!(loaded.games[0].rules_in_short, ["First.", "Second."]);
    assert!(loaded.games[1].rules_in_short.is_empty());
    let gap = rejection("[a:chess]\nrulesInShort.1 = One.\nrulesInShort.3 = Three.\n");
    assert!(gap.contains("expected line 2"), "{gap}");
    let bad = rejection("[a:chess]\nrulesInShort.x = One.\n");
    assert!(bad.contains("expected a line number"), "{bad}");
}

#[test]
fn a_piece_for_one_side_is_in_that_army_only_and_may_share_a_letter() {
    let loaded = read(
        "[a:chess]\nknight = -\nknight.white = n\ncustomPiece1.black = n:WD\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let v = loaded.games[0];
    let white = v.kind_by_letter(Color::White, 'N').unwrap();
    let black = v.kind_by_letter(Color::Black, 'N').unwrap();
    assert_ne!(white, black);
    assert_eq!(v.kind(white).name, "Knight");
    assert!(!v.armies[Color::Black.index()].contains(&white));
    // The default promotion takes each side's own Knight.
    assert!(v.promotion[0].kinds.contains(&white));
    assert!(!v.promotion[1].kinds.contains(&white));
    let twice = rejection("[a:chess]\ncustomPiece1.white = n:WD\n");
    assert!(
        twice.contains("letter `n` is already the Knight"),
        "{twice}"
    );
}

#[test]
fn a_facing_piece_is_eight_kinds_each_moving_along_its_facing() {
    let loaded = read(
        "[a:chess]\nknight = -\nfacingPiece = l:~Q\n\
         startFen = rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBL(NW)R w KQkq - 0 1\n\
         promotionPieceTypes = ql\n",
    );
    let v = loaded.games[0];
    let lancers: Vec<_> = v.kind_ids().filter(|&k| v.kind(k).letter == 'L').collect();
    assert_eq!(lancers.len(), 8);
    for (&k, facing) in lancers.iter().zip(Direction::ALL) {
        assert_eq!(v.kind(k).facing, Some(facing));
        assert_eq!(v.kind(k).atoms.len(), 1);
        assert_eq!(v.kind(k).atoms[0].offsets, [facing.delta()]);
    }
    assert_eq!(v.promotion[0].kinds.len(), 9, "the Queen and every facing");
    let leaper = rejection("[a:chess]\nfacingPiece = l:N\n");
    assert!(
        leaper.contains("a facing piece rides without limit through its own pieces"),
        "{leaper}"
    );
    let orthogonal = rejection("[a:chess]\nfacingPiece = l:~R\n");
    assert!(
        orthogonal.contains("no movement along its NE facing"),
        "{orthogonal}"
    );
    let two = rejection("[a:chess]\nfacingPiece = l:~Q\nfacingPiece.white = x:R\n");
    assert!(two.contains("one facing piece"), "{two}");
}

#[test]
fn rule_keys_of_joust_games_refuse_what_they_cannot_mean() {
    let cases = [
        (
            "promotionBySquareColourWhite = n",
            "expected two piece letters",
        ),
        ("mutualImmunity = qq", "two different pieces"),
        ("mutualImmunity = qz", "`z` is not the letter"),
        ("gatingTypes = nk", "`k` is a royal piece"),
        (
            "gatingTypes = nb\ngatingRejection = nr",
            "two different letters of `gatingTypes`",
        ),
        (
            "doubleStepAnyRankUnlessPawnAttacked = true",
            "enPassant = false",
        ),
        (
            "castlingLongSide = sideways",
            "expected `queenside` or `kingside`",
        ),
    ];
    for (keys, expected) in cases {
        let text = format!("[a:chess]\n{keys}\n");
        let errors = rejection(&text);
        assert!(errors.contains(expected), "{keys}: {errors}");
        assert!(
            errors.starts_with('2') || errors.starts_with('3'),
            "{keys}: {errors}"
        );
    }
}

#[test]
fn the_long_castling_may_be_the_kingside_one() {
    let loaded = read("[a:chess]\ncastlingLongSide = kingside\n");
    let v = loaded.games[0];
    for rule in &v.castling {
        assert_eq!(rule.long, rule.fen_char == 'K', "{rule:?}");
    }
}
