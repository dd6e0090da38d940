//! PGN reading and writing: tags, comments, NAGs, variations, several games, errors with
//! game, line and column, results the moves contradict, and round trips for every game.

mod common;

use common::Rng;
use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{legal_moves, make, position_from_fen, tables, Outcome, TableCache};
use joust_notation::{
    move_to_san, read_pgn, write_pgn, Line, MoveNotation, PgnErrorKind, PgnGame, PgnMove,
};

const THREE_GAMES: &str = r#"[Event "Casual"]
[Site "?"]
[Date "2024.01.02"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Annotator "me"]

{Opening comment} 1.e4 e5 2. Nf3 $1 {develops} Nc6 (2... d6 3. d4 {Philidor} (3. Bc4))
3.Bb5 a6!? ; a line comment
4. Ba4 Nf6 5. O-O Be7 1-0

[Event "Second"]
[White "C"]
[Black "D"]
[Result "*"]

1. d4 d5 2. c4 Qxx4 3. Nc3 *

[Event "Third"]
[Variant "LancerChess"]
[Result "*"]

1. e4 e5 2. Lg3 Jd6 3. Bc4 Lg6 4. Ke2 Ke7 5. O-O-O *
"#;

#[test]
fn reads_tags_comments_nags_and_variations_and_goes_on_after_a_bad_game() {
    let games = read_pgn(THREE_GAMES);
    assert_eq!(games.len(), 3);
    let g = games[0].as_ref().expect("game 1 loads");
    assert_eq!(g.tag("Event"), Some("Casual"));
    assert_eq!(g.tag("Annotator"), Some("me"));
    assert_eq!(g.result, "1-0");
    assert_eq!(g.line.comments, ["Opening comment"]);
    assert_eq!(g.line.moves.len(), 10);
    let nf3 = &g.line.moves[2];
    assert_eq!(nf3.nags, [1]);
    assert_eq!(nf3.comments, ["develops"]);
    let nc6 = &g.line.moves[3];
    assert_eq!(nc6.variations.len(), 1);
    let var = &nc6.variations[0];
    assert_eq!(var.moves.len(), 2);
    assert_eq!(var.moves[1].comments, ["Philidor"]);
    assert_eq!(var.moves[1].variations.len(), 1);
    assert_eq!(g.line.moves[5].nags, [5]);
    assert_eq!(g.line.moves[5].comments, ["a line comment"]);
    assert!(g.issues.is_empty(), "{:?}", g.issues);

    let e = games[1].as_ref().expect_err("game 2 has a bad move");
    assert_eq!(e.game, 2);
    assert_eq!((e.loc.line, e.loc.column), (19, 16));
    assert!(
        matches!(&e.kind, PgnErrorKind::IllegalMove { number, text, .. } if number == "2..." && text == "Qxx4"),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("game 2, line 19, column 16: illegal move 2...Qxx4"),
        "{e}"
    );

    let g = games[2].as_ref().expect("game 3 loads");
    assert_eq!(g.variant.id, "lancerchess");
    assert_eq!(g.line.moves.len(), 9);
}

#[test]
fn writes_the_roster_first_and_reads_back_the_same_game() {
    let games = read_pgn(THREE_GAMES);
    let g = games[0].as_ref().unwrap();
    let text = write_pgn(g, MoveNotation::San);
    assert!(text.starts_with(
        "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"me\"]\n\n"
    ), "{text}");
    let flat = text.replace('\n', " ");
    assert!(flat.contains("{Opening comment} 1. e4 e5 2. Nf3 $1 {develops} 2... Nc6 (2... d6 3. d4 {Philidor} (3. Bc4)) 3. Bb5 a6 $5 {a line comment} 4. Ba4"), "{text}");
    let back = read_pgn(&text);
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].as_ref().unwrap(), g);
    let coord = write_pgn(g, MoveNotation::Coordinate);
    let flat = coord.replace('\n', " ");
    assert!(flat.contains("1. e2e4 e7e5 2. g1f3"), "{coord}");
    assert!(flat.contains("5. e1g1"), "{coord}");
    assert_eq!(read_pgn(&coord)[0].as_ref().unwrap(), g);
    let lancer = write_pgn(games[2].as_ref().unwrap(), MoveNotation::San);
    assert!(lancer.contains("[Variant \"LancerChess\"]"), "{lancer}");
    assert!(lancer.contains("5. O-O-O *"), "{lancer}");
}

#[test]
fn a_result_the_moves_contradict_is_reported() {
    let text = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 1/2-1/2\n";
    let games = read_pgn(text);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.issues.len(), 1);
    assert_eq!(
        g.issues[0].kind,
        PgnErrorKind::ResultContradicted {
            written: "1-0".into(),
            outcome: Outcome::Checkmate {
                winner: joust_core::Color::Black
            }
        }
    );
    assert_eq!((g.issues[0].loc.line, g.issues[0].loc.column), (3, 21));
    assert!(games[1].as_ref().unwrap().issues.is_empty());
    assert!(
        games[2].as_ref().unwrap().issues.is_empty(),
        "a draw by agreement is fine"
    );
    // A Result tag that differs from the terminator.
    let g = &read_pgn("[Result \"1-0\"]\n1. e4 *")[0];
    assert!(matches!(
        g.as_ref().unwrap().issues[0].kind,
        PgnErrorKind::ResultTagMismatch { .. }
    ));
    // Moves after an automatic threefold repetition.
    let g = &read_pgn("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *")[0];
    let issues = &g.as_ref().unwrap().issues;
    assert!(
        matches!(&issues[0].kind, PgnErrorKind::MoveAfterEnd { number, outcome: Outcome::Repetition, .. } if number == "5."),
        "{issues:?}"
    );
}

#[test]
fn syntax_errors_name_game_line_and_column() {
    let cases: &[(&str, PgnErrorKind, (usize, usize))] = &[
        (
            "[Event \"x\"]\n1. e4 {never closed\n",
            PgnErrorKind::UnterminatedComment,
            (2, 7),
        ),
        (
            "1. e4 (1. d4 d5\n",
            PgnErrorKind::UnterminatedVariation,
            (1, 7),
        ),
        (
            "[Event x]\n1. e4 *",
            PgnErrorKind::BadTag("the tag's value must be in double quotes".into()),
            (1, 1),
        ),
        (
            "[Variant \"Crazyhouse\"]\n1. e4 *",
            PgnErrorKind::UnsupportedVariant {
                written: "Crazyhouse".into(),
                name: "Crazyhouse",
            },
            (1, 1),
        ),
        (
            "[Event \"x\"]\n[Variant \"Made-up Chess\"]\n1. e4 *",
            PgnErrorKind::UnknownVariant("Made-up Chess".into()),
            (2, 1),
        ),
        (
            "[SetUp \"1\"]\n1. e4 *",
            PgnErrorKind::SetUpWithoutFen,
            (1, 1),
        ),
        ("1. e4 ) e5 *", PgnErrorKind::Unexpected(')'), (1, 7)),
        ("(1. e4) e4 *", PgnErrorKind::VariationBeforeMove, (1, 1)),
        ("1. e4 $999 *", PgnErrorKind::BadNag, (1, 7)),
    ];
    for (text, kind, (line, column)) in cases {
        let games = read_pgn(text);
        let e = games[0].as_ref().expect_err(text);
        assert_eq!(&e.kind, kind, "{text}");
        assert_eq!((e.loc.line, e.loc.column), (*line, *column), "{text}: {e}");
        assert_eq!(e.game, 1);
    }
    let games = read_pgn("[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *");
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        PgnErrorKind::BadFen(_)
    ));
}

#[test]
fn an_unclosed_comment_does_not_swallow_the_next_game() {
    let text = "[Event \"1\"]\n\n1. e4 {oops\n\n[Event \"2\"]\n\n1. d4 d5 *\n";
    let games = read_pgn(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].as_ref().unwrap_err().kind,
        PgnErrorKind::UnterminatedComment
    );
    let g = games[1].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("2"));
    assert_eq!(g.line.moves.len(), 2);
}

#[test]
fn games_without_a_result_or_tags_and_with_escapes() {
    let text = "1. e4 e5\n[White \"Say \\\"hi\\\" \\\\o/\"]\n1. d4\n%escaped line\n1... d5 *";
    let games = read_pgn(text);
    assert_eq!(games.len(), 2);
    let g0 = games[0].as_ref().unwrap();
    assert_eq!(g0.result, "*");
    assert_eq!(g0.line.moves.len(), 2);
    let g1 = games[1].as_ref().unwrap();
    assert_eq!(g1.tag("White"), Some("Say \"hi\" \\o/"));
    assert_eq!(g1.line.moves.len(), 2);
    let written = write_pgn(g1, MoveNotation::San);
    assert!(
        written.contains("[White \"Say \\\"hi\\\" \\\\o/\"]"),
        "{written}"
    );
    assert_eq!(read_pgn(&written)[0].as_ref().unwrap(), g1);
}

#[test]
fn variant_tags_setup_and_fen() {
    let text = "[Variant \"Lancers Chess\"]\n[SetUp \"1\"]\n[FEN \"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. exd8=LTN+ Kg7 *";
    let g = read_pgn(text).remove(0).unwrap();
    assert_eq!(g.variant.id, "lancers");
    assert_eq!(g.fen.as_deref(), Some("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1"));
    let w = write_pgn(&g, MoveNotation::San);
    assert!(w.contains("[Variant \"Lancers Chess\"]\n[SetUp \"1\"]\n[FEN \"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n"), "{w}");
    let w = write_pgn(&g, MoveNotation::Coordinate);
    assert!(w.contains("1. e7d8ln h8g7 *"), "{w}");
    // A FEN with Black to move starts at `N...`.
    let text = "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 20\"]\n20... Kd7 21. O-O *";
    let g = read_pgn(text).remove(0).unwrap();
    assert_eq!(g.line.moves.len(), 2);
    assert!(write_pgn(&g, MoveNotation::San).contains("20... Kd7 21. O-O *"));
    for (name, id) in [
        ("Musketeer Chess", "musketeer"),
        ("Royal Lion Chess", "royal-lion"),
        ("Cromwell Chess", "cromwell"),
        ("Clash", "clash"),
        ("Single Lancer chess", "single-lancer"),
        ("LancerChess", "lancerchess"),
    ] {
        let g = read_pgn(&format!("[Variant \"{name}\"]\n*"))
            .remove(0)
            .unwrap();
        assert_eq!(g.variant.id, id, "{name}");
    }
}

#[test]
fn musketeer_seed_gating_form_inside_move_text() {
    let text = "[Variant \"Musketeer Chess\"]\n[FEN \"rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R[LeCblecb] w KQkq - 0 4\"]\n\n4. 0-0 (Lo-e1) 0-0/L 5. Nc3/C (5. Na3 {also gates}) *";
    let g = read_pgn(text).remove(0).unwrap();
    assert_eq!(g.line.moves.len(), 3);
    assert_eq!(g.line.moves[2].variations.len(), 1);
    let w = write_pgn(&g, MoveNotation::San);
    assert!(
        w.contains("4. O-O/L O-O/L 5. Nc3/C (5. Na3/C {also gates}) *"),
        "{w}"
    );
}

#[test]
fn a_bad_move_in_a_variation_is_an_issue_and_the_main_line_survives() {
    let g = read_pgn("1. e4 (1. e5) e5 *").remove(0).unwrap();
    assert_eq!(g.line.moves.len(), 2);
    assert!(g.line.moves[0].variations.is_empty());
    assert_eq!(g.issues.len(), 1);
    assert!(matches!(g.issues[0].kind, PgnErrorKind::IllegalMove { .. }));
}

/// A random game of `variant` with comments, NAGs and variations sprinkled in.
fn annotated_game<B: TableCache>(variant: &'static Variant, seed: u64) -> PgnGame {
    let mut rng = Rng(seed);
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let line = random_line(&mut rng, start, 60 + (seed % 50) as usize, 2);
    let mut game = PgnGame::new(variant, None, &[]);
    game.line = line;
    game.tags.push(("Event".into(), format!("Random {seed}")));
    game.tags
        .push(("Custom_Tag".into(), "x \"quoted\" \\ y".into()));
    if matches!(seed % 3, 0) {
        game.tags.push(("Variant".into(), variant.id.into()));
    }
    game.result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)].to_string();
    game
}

fn random_line<B: TableCache>(
    rng: &mut Rng,
    mut pos: Position<B>,
    plies: usize,
    depth: usize,
) -> Line {
    let mut line = Line::default();
    if rng.below(8) == 0 {
        line.comments.push(format!("before {}", rng.below(100)));
    }
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        let mut m = PgnMove::new(mv);
        if rng.below(6) == 0 {
            m.nags.push(rng.below(256) as u16);
        }
        if rng.below(6) == 0 {
            m.comments.push(format!(
                "note {} on {}",
                rng.below(1000),
                move_to_san(&pos, mv)
            ));
        }
        if depth > 0 && rng.below(10) == 0 {
            let len = 1 + rng.below(6);
            m.variations
                .push(random_line(rng, pos.clone(), len, depth - 1));
        }
        make(tables::<B>(pos.variant()), &mut pos, mv);
        line.moves.push(m);
    }
    line
}

#[test]
fn pgn_round_trips_on_random_annotated_games_of_every_game() {
    let mut file = String::new();
    let mut all = Vec::new();
    for &v in variants::all() {
        for seed in 0..6 {
            let g = with_board_bits!(v, B => annotated_game::<B>(v, seed));
            for notation in [MoveNotation::San, MoveNotation::Coordinate] {
                let text = write_pgn(&g, notation);
                let back = read_pgn(&text);
                assert_eq!(back.len(), 1, "{text}");
                let back = back[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back, &g, "{}: {text}", v.id);
                assert_eq!(back.line, g.line, "{}: {text}", v.id);
                assert_eq!(back.result, g.result);
                assert_eq!(back.variant.id, v.id);
                assert_eq!(back.tag("Custom_Tag"), g.tag("Custom_Tag"));
                // Written again, it is the same text.
                assert_eq!(write_pgn(back, notation), text);
            }
            file += &write_pgn(&g, MoveNotation::San);
            all.push(g);
        }
    }
    // All of them in one file.
    let back = read_pgn(&file);
    assert_eq!(back.len(), all.len());
    for (b, g) in back.iter().zip(&all) {
        assert_eq!(&b.as_ref().unwrap().line, &g.line);
    }
}
