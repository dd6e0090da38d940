//! Game files read as a user writes them: games that build (with inheritance from the
//! built-in files), and every kind of mistake reported at its line and column.

mod common;

use common::{read, rejection};
use joust_core::gamefile::load;
use joust_core::variants::files::parent_entries;
use joust_core::{variants, Color, Position};

#[test]
fn a_game_inheriting_from_a_built_in_one_takes_its_keys_and_changes_some() {
    let loaded = read(
        "# Capablanca chess without the Archbishop\n\
         [mini-capa:capablanca]\n\
         name = Mini Capablanca\n\
         archbishop = -\n\
         startFen = rnbbqkcnrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBBQKCNRR w - - 0 1\n\
         promotionPieceTypes = cqrbn\n\
         castling = false\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    assert_eq!((v.id, v.name), ("mini-capa", "Mini Capablanca"));
    assert_eq!(v.geometry.files(), 10);
    assert!(v.any_kind_by_letter('A').is_none());
    let c = v
        .kind_by_letter(Color::White, 'C')
        .expect("the Chancellor is inherited");
    assert_eq!(v.kind(c).name, "Chancellor");
    assert!(v.castling.is_empty());
    let pos = Position::<u128>::from_fen(v, v.start_fen).expect("the start position reads");
    assert_eq!(pos.to_fen(), v.start_fen);
}

#[test]
fn custom_pieces_take_betza_names_and_values() {
    let loaded = read(
        "[cannons:chess]\n\
         customPiece1 = c:mRcpR\n\
         pieceName.c = Cannon\n\
         pieceValue.c = 450\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         promotionPieceTypes = qrbnc\n",
    );
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    let v = loaded.games[0];
    let c = v.any_kind_by_letter('C').unwrap();
    assert_eq!(v.kind(c).name, "Cannon");
    assert_eq!(v.kind(c).value, Some(450));
    assert_eq!(v.promotion[0].kinds.len(), 5);
}

#[test]
fn the_built_in_games_defined_by_files_are_all_registered() {
    for id in [
        "chess",
        "nocastle",
        "knightmate",
        "capablanca",
        "gothic",
        "embassy",
        "janus",
        "gardner",
    ] {
        assert!(variants::by_id(id).is_ok(), "{id}");
    }
    let km = variants::by_id("knightmate").unwrap();
    let royal = km.royal_kind(Color::White);
    assert_eq!(km.kind(royal).letter, 'K');
    assert_eq!(
        km.kind(royal).atoms[0].offsets.len(),
        8,
        "the royal knight leaps"
    );
}

#[test]
fn a_later_section_inherits_from_an_earlier_one_in_the_same_file() {
    let loaded = read("[a:chess]\nname = A\n[b:a]\nsummary = from a\n");
    assert_eq!(loaded.games.len(), 2);
    // Keys pass on, but the name and summary are each game's own.
    assert_eq!(loaded.games[1].name, "b");
    assert_eq!(loaded.games[1].summary, "from a");
    assert_eq!(loaded.games[0].name, "A");
}

#[test]
fn a_game_that_does_not_build_leaves_the_others() {
    let loaded = read("[good:chess]\n[bad:chess]\npieceDrops = true\n[also-good:chess]\n");
    let ids: Vec<&str> = loaded.games.iter().map(|v| v.id).collect();
    assert_eq!(ids, ["good", "also-good"]);
    assert_eq!(loaded.rejected[0].0, "bad");
}

#[test]
fn every_mistake_is_named_at_its_place() {
    let cases = [
        (
            "[g:chess]\nstartfen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
            "2:1: unknown key `startfen` (did you mean `startFen`?)",
        ),
        (
            "[g:chess]\npieceDrops = true\n",
            "2:1: `pieceDrops` is not supported: Joust plays no drops or pieces in hand",
        ),
        (
            "[g:chess]\npromotionPieceTypes = qx\n",
            "2:23: `promotionPieceTypes`: `x` is not the letter of a piece of this game",
        ),
        (
            "[g:chess]\ncustomPiece1 = n:W\n",
            "2:16: `customPiece1`: letter `n` is already the Knight (`knight`)",
        ),
        (
            "[g:chess]\ncustomPiece1 = a:mRpN\n",
            "2:20: `customPiece1`: column 3: 'p' (hopping) needs a rider such as R or B",
        ),
        (
            "[g:chess]\nking = -\n",
            "1:2: the start position: 'k' is not a piece of this game",
        ),
        (
            "[g:nowhere]\n",
            "1:4: cannot inherit from `nowhere`: no built-in game or earlier section has that id",
        ),
        (
            "[g:chess]\nmaxFile = 13\n",
            "2:11: `maxFile`: a board of 13x8 squares is not supported (files and ranks must be 1 to 12, and at most 128 squares in all)",
        ),
        (
            "[g:chess]\ndoubleStep = yes\n",
            "2:14: `doubleStep`: expected `true` or `false`",
        ),
        (
            "[g:chess]\ncustomPiece1 = a:KcaK\n",
            "2:16: `customPiece1`: `caK`, the Lion's double move, is played only by the royal piece (`king = l:KNADcaK`); Joust does not generate it for other pieces",
        ),
        (
            "[g:chess]\nfacingPiece = a:~QN\n",
            "2:15: `facingPiece`: a facing piece rides without limit through its own pieces, moving and capturing, as `~Q`; other movement is not played for facing pieces",
        ),
        (
            "[g:chess]\nstalemateValue = maybe\n",
            "2:18: `stalemateValue`: expected `draw`, `loss` or `win`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(rejection(text), expected, "for {text:?}");
    }
}

#[test]
fn a_rule_key_at_its_default_is_accepted() {
    let loaded = read("[g:chess]\npieceDrops = false\nchecking = true\npieceToCharTable = -\n");
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
}

#[test]
fn syntax_errors_reject_the_whole_file_with_the_file_name() {
    let err = load("[g:chess]\nthis is not a key\n", &parent_entries).unwrap_err();
    assert_eq!(
        err.in_file("my.ini").to_string(),
        "my.ini:2:1: expected `key = value` or a `[game]` header, found `this is not a key`"
    );
}

#[test]
fn random_files_never_panic() {
    let pieces = [
        "[g:chess]\n",
        "[h]\n",
        "king = k\n",
        "king = k:N\n",
        "customPiece1 = a:mRcpR\n",
        "maxFile = j\n",
        "maxRank = 0\n",
        "startFen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
        "castlingKingsideFile = z\n",
        "castlingRookPieces = q\n",
        "promotionPieceTypes = \n",
        "deadPositionSingle = kp\n",
        "pawnTypes = k\n",
        "queen = -\n",
        "rook = -\n",
        "pieceName.q = \n",
        "= x\n",
        "[x:y]\n",
    ];
    let mut rng = joust_core::rng::SplitMix64::new(11);
    for _ in 0..5_000 {
        let n = rng.below(8);
        let text: String = (0..n).map(|_| pieces[rng.below(pieces.len())]).collect();
        if let Ok(loaded) = load(&text, &parent_entries) {
            for v in loaded.games {
                // A game that builds has a start position that reads or a clear error.
                let _ = Position::<u128>::from_fen(v, v.start_fen);
            }
        }
    }
}

#[test]
fn a_start_position_that_does_not_fit_the_board_is_refused_at_its_value() {
    assert_eq!(
        rejection("[g:chess]\nmaxFile = 9\n"),
        "1:2: the start position: FEN rank 8 has fewer squares than the board is wide"
    );
}

#[test]
fn a_game_that_fails_early_reports_only_real_mistakes() {
    // A board that cannot be stops the build before most keys are read; those keys are
    // known, so only the board is reported.
    assert_eq!(
        rejection("[g]\nmaxRank = 0\npawn = p\nnMoveRule = 40\n"),
        "2:11: `maxRank`: a board of 8x0 squares is not supported (files and ranks must be 1 to 12, and at most 128 squares in all)"
    );
}

/// A pawn whose first move is not straight ahead (the Berolina pawn's `imfnA`) could be
/// taken en passant in Fairy-Stockfish and not in Joust: with en passant on, the game is
/// refused at the pawn's line; with it off (or no double step) both engines play the same
/// game, and it builds.
#[test]
fn a_first_move_that_is_not_straight_ahead_is_refused_while_en_passant_is_played() {
    let berolina = "[b:chess]\npawn = -\ncustomPiece1 = p:mfFcfWimfnA\npawnTypes = p\n";
    assert_eq!(
        rejection(berolina),
        "3:16: `customPiece1`: the Custom piece (p) has a first move other than one or two \
         squares straight ahead, and Joust plays en passant only after the straight double \
         step: say `enPassant = false` (or `doubleStep = false`)"
    );
    for fix in ["enPassant = false", "doubleStep = false"] {
        let loaded = read(&format!("{berolina}{fix}\n"));
        assert_eq!(loaded.games.len(), 1, "{fix}: {:?}", loaded.rejected);
    }
    // A triple step is refused too; the usual double step (`ifmnD`) is not.
    assert!(
        rejection("[t:chess]\npawn = -\ncustomPiece1 = p:fmWfceFifmR3\npawnTypes = p\n")
            .contains("`customPiece1`")
    );
    let fide = read("[f:chess]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\n");
    assert_eq!(fide.games.len(), 1, "{:?}", fide.rejected);
}

/// A child that removes its parent's piece does not inherit the parent's name for it
/// (Makruk names its Met `m`; without the Met the name is dropped), while a name the
/// child gives a missing letter is still an error.
#[test]
fn a_removed_piece_takes_its_inherited_name_with_it() {
    let loaded = read("[w:makruk]\nfers = -\naiwok = a\nstartFen = rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1\npromotionPieceTypes = a\n");
    assert_eq!(loaded.games.len(), 1, "{:?}", loaded.rejected);
    let names: Vec<&str> = loaded.games[0].kinds.iter().map(|k| k.name).collect();
    assert!(
        names.contains(&"Khon") && names.contains(&"Ai-Wok"),
        "{names:?}"
    );
    assert_eq!(
        rejection("[w:makruk]\nfers = -\npieceName.m = Met\n"),
        "3:1: `pieceName.m`: `m` is not the letter of a piece of this game"
    );
}
