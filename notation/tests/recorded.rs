//! Snapshot tests (insta) of SAN and PGN output: one recorded game of every game id,
//! chosen so that each covers its game's special moves (castling both ways, promotions,
//! en passant, Lancer turns, shots, sideways pawn steps, Lion double moves and the pass,
//! Musketeer setup and gating, check and mate). The games were found by a search for
//! random legal games that cover every special move type and end in mate; they are
//! replayed here move by move, so any change in move legality or notation shows up.

use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{make, position_from_fen, tables, Game, TableCache};
use joust_notation::{parse_move, read_pgn, write_pgn, MoveNotation, PgnGame};

/// Every game id with its recorded game (coordinate notation) and SAN forms the game's
/// PGN must contain.
pub const RECORDED: &[(&str, &str, &[&str])] = &[
    (
        "chess",
        "c2c3 f7f6 d2d3 c7c5 g2g4 d7d5 d1a4 b7b5 a2a3 d8b6 c3c4 h7h6 c4b5 a7a5 b5a6 b8c6 a4b4 \
         c6d4 b4d4 c5d4 c1d2 a8a6 a3a4 h6h5 b1c3 g8h6 e1c1 b6b2 c1b2 h6g4 d2e3 a6e6 f2f3 e6e5 \
         c3b1 f6f5 f3g4 g7g5 g4f5 e7e6 b1a3 g5g4 f5e6 e5e6 e3d4 h5h4 d4a7 e6e2 f1e2 g4g3 e2f3 \
         h4h3 a7f2 f8a3 b2a3 e8g8 g1h3 f8f6 d1e1 g3g2 h3g1 g2h1r h2h3 c8h3 f3d5 g8h7 f2b6 h1g1 \
         d5f7 g1e1 d3d4 f6d6 d4d5 h3d7 f7h5 e1b1 a4a5 d6b6 d5d6 b1a1",
        &["O-O-O", "O-O ", "gxh1=R", "bxa6+", "Rdxb6", "#"],
    ),
    (
        "lancerchess",
        "h2h4 e7e5 a2a3 e8e7 b2b4 g8e8 b1a2 e7g5 f2f4 h7h5 d2d4 f8b4 d4e5 a7a6 e1b4 f7f6 b4e7 \
         e8e7 h4g5 f6g5 e2e3 d8f8 e3e4 a6a5 c2c3 g5f4 h1h3 g7g6 g2g4 g6g5 e5e6 b7b6 c1d2 b8d6 \
         d1b1 c7c5 e6d7 h5h4 d7c8j e7d7 h3h4 d7e7 e4e5 d6e5 c3c4 g5h4 g1g2 b6b5 a3a4 b5c4 f1c4 \
         e5c7 c4b5 a8c8 c1c5 f4f3 d2a5 f3f2 g4g5 f2f1l b5f1 c7d8 f1d3 e7g7 a5d8 e8e7 c5c8 h4h3 \
         a4a5 h3h2 g2h2 g7g5 h2f2 g5g4 d3e2 e7e2 f2e2 f8g8 c8c3 g8f8 e2e4 g4e4 a5a6 e4e3 a6a7 \
         e3c3 a7a8k f8e8 a8b7 c3c5 b7e7",
        &["O-O ", "O-O-O", "=J", "=L", "=K", "#"],
    ),
    (
        "clash",
        "b1a3 b7b6 f2f3 b8d6 e1g3 g8g6 h2h3 h7h5 a3b1 a7a6 b2b3 f7f6 g3e1 c7c5 h1h2 d6f4 g2g3 \
         b6b5 e2e3 d7d6 b1c3 e7e6 f1b5 h5h4 b5f1 f6f5 d2d3 f4h2 d3d4 a6a5 f1e2 h2g1 a2a3 e6e5 \
         e1g1 f5f4 b3b4 f4e3 e2a6 e3e2 c3e2 e8b5 c1h6 a5b4 d1b1 b5b8 c2c4 c5d4 b1a2 g7h6 c4c5 \
         b4b3 a2a1 d6c5 c1e1 c5c4 g3h4 c4c3 g1g4 f8b4 e2g1 d8f8 a1b1 e5e4 e1e4 c8g4 a3b4 h6h5 \
         h3g4 b3b2 e4e8 f8e8 f3f4 b8b7 f4f5 g6g4 a6b7 g4g3 b1c2 b2b1k c2b1 a8c8 b7a8 c3c2 b1a1 \
         c2c1j b4b5 e8d8 a1a2 c8a8 a2b1 g3g1 f5f6 a8a5 f6f7 g1g3 f7f8k d8d7 b1c1 d4d3 b5b6 a5f5 \
         f8f5 d7d6 b6b7 d3d2 c1d2 g3g5 f5f8 d6c6 d2e3 c6b7 h4g5 h5h4 g5g6 h4h3 g6g7 h3h2 g7g8k \
         h2h1l f8d8 b7c6 g8d5",
        &["O-O ", "O-O-O", "=K", "=J", "=L", "Nb1", "#"],
    ),
    (
        "lancers",
        "b1h7e b8h2sw g2g3 g7g6 g1d4nw f8h6 a2a3 h6d2 c1d2 h2g1nw c2c3 g8c4n d4a7sw c4c6n f2f4 \
         e8g8 c3c4 d7d5 d1c2 g1e3ne g3g4 e3f4se c2d3 b7b5 h1h6 f7f6 a1c1 a8a7 d3e4 d8d6 b2b4 \
         a7a3 e4h1 b5c4 d2f4 g6g5 h6g6 g8f7 e2e3 c8g4 b4b5 c4c3 f4h2 g4f3 c1b1 e7e5 h1f3 e5e4 \
         b1b2 c6c8e b2b1 c8h8nw f3f6 d6f6 g6g5 f6f1 e1f1 a3a7 b1b2 f8c8 g5d5 c3b2 d5d1 b2b1ls \
         d1b1 c7c6 b5c6 a7a2 h2b8 c8g8 c6c7 g8b8 c7c8lse b8b1",
        &["Lxh7TE", "TNW", "=LTSE", "b1=L ", "O-O", "#"],
    ),
    (
        "single-lancer",
        "b1h7e g8h6 b2b3 g7g6 c2c3 b8h2n d2d4 g6g5 c3c4 h2h7w e2e3 h7g7e g2g4 c7c6 d4d5 a7a6 \
         g1h3 d8a5 c1d2 d7d6 d2a5 f7f5 g4f5 g7h7e a5d8 b7b6 f5f6 a6a5 a2a4 c8f5 b3b4 f5h3 d8b6 \
         c6d5 f6e7 a5b4 e7f8lw e8f8 c4c5 h6f7 f1h3 d6c5 a1a3 b4a3 d1d5 g5g4 e1g1 a3a2 b6c5 f8g8 \
         d5d6 a2a1ls d6g6",
        &["Lxh7TE", "=LTW", "a1=L", "O-O", "Nh6", "#"],
    ),
    (
        "cromwell",
        "a2a3 d7d6 a3b3 c7d7 a1*a7 b7a7 f2f3 d6d5 g1h3 d5d4 h1g1 c8a6 e2e3 d7d6 f1b5 a6b5 b3b4 \
         f7f6 g2g3 b5c6 d2e2 f6f5 b4c4 d4c4 c2d2 c4c3 e3d3 c3*d3 e1f1 e7f7 g3g4 g7g6 b2a2 c6b5 \
         g4g5 g6g5 d1c2 f5e5 f3g3 g5g4 a2a3 f7g7 g1g2 e5d5 c2b2 f8e7 a3a4 b5a4 e2f2 c3c2 g3f3 \
         c2c1w b2c1 e8f7 d2d3 a7a6 f3f4 b8d7 f4f5 d8e8 h3g5 e7g5 g2g1 g5c1 b1d2 c1a3 d3e3 e8e3",
        &["W*a7", "c*d3", "ab3", "ba7", "cxc1=W+", "#"],
    ),
    (
        "musketeer",
        "C C C@f0 C@c9 L@d0 L@a9 e2e4 b7b6 b1a3 c8a6c g2g4 e7e5 f1b5c c7c5 h2h4 d8f6 f2f3 f6h4 \
         e1e2 c5c4 b2b3 c8c7 d2d3 g7g5 b5a6 h4e1 d1e1l b8c6 b3b4 h7h5 d3c4 f7f6 f1h2 b6b5 f3f4 \
         c7a6 e1h4 e8c8l g4h5 c8b8 c2c3 e5f4 h5h6 b5c4 h6h7 f4f3 e2f1 c6e5 h7g8l f8b4 c1g5 a6b6 \
         d1e2 d7d5 e2c4 b6d7 c4a6",
        &["L@", "/C", "O-O-O/L", "=L", "#"],
    ),
    (
        "royal-lion",
        "d3d5 i8i7 d5d7 j8j7 b3b4 f8f7 c2j9 f9h6 j9i10 g9f8 d1c2 e10e10 i10h9 e9f9 e1d1 b9c7 \
         i3i4 f8d7 a3a5 f9b4 h9g8 i9g8 e3e5 h6g4 f3f4 b4e2 d1e2,e2e3 g10a3 c2d7 a3b3 a5a6 b3b2 \
         d7d6 i7i5 e3f3 c7a6 f3g4,g4f3 j7j5 f2e2 d8d7 e2a7 b8a7 d6g4 b2a2 j3j4 f7f6 g4i3 j10i10 \
         e5f6 h10g10 a1a2 f10f6 f4f5 e8e6 c1b2 c8c7 a2a6 f6h5 i3h5 c7c5 h5i9 i5j4 g3g5 a10b8 \
         d2e3 e6e4 f3h5 d9c6 h5i5 d7d6 i5j4,j4j5 c10i4 h3i4 h8h7 a6b8 a7a5 j5j6 h7h6 f1d2 e10g9 \
         h2i3 c6b8 h1h6 a5a4 e3d6 e4e3 i4i5 e3e1m g2e1 g10b5 b1a2 i10i9 a2g8 c5c4 g8h9 i9i5 \
         d6j7 d10b9 h9c4 b8c7 d2d5 b9e8 d5g8",
        &["L--", "Lxe2-e3", "Lxg4-f3", "Lxj4xj5", "=M", "#"],
    ),
];

/// The recorded game of `id` as a PGN game, with a few tags and the result its moves reach.
fn recorded_on<B: TableCache>(variant: &'static Variant, moves: &str) -> PgnGame {
    let start: Position<B> = position_from_fen(variant, variant.start_fen).unwrap();
    let mut pos = start.clone();
    let mut played = Vec::new();
    for text in moves.split_whitespace() {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{}: {text}: {e}", variant.id));
        make(tables::<B>(variant), &mut pos, mv);
        played.push(mv);
    }
    let mut game = PgnGame::new(variant, None, &played);
    game.set_tag("Event", &format!("{} recorded game", variant.name));
    game.set_tag("Site", "Joust test suite");
    game.set_tag("White", "Random mover");
    game.set_tag("Black", "Random mover");
    let mut replay = Game::new(start);
    for &mv in &played {
        assert!(replay.play(mv));
    }
    game.result = replay.outcome().map_or("*", |o| o.result()).to_string();
    game
}

fn recorded(id: &str, moves: &str) -> PgnGame {
    let v = variants::by_id(id).unwrap();
    with_board_bits!(v, B => recorded_on::<B>(v, moves))
}

#[test]
fn every_game_id_has_a_recorded_game() {
    for v in variants::all() {
        assert!(RECORDED.iter().any(|r| r.0 == v.id), "{}", v.id);
    }
}

#[test]
fn recorded_games_in_san_and_coordinates() {
    for &(id, moves, covers) in RECORDED {
        let game = recorded(id, moves);
        assert_ne!(game.result, "*", "{id}: the recorded game ends in mate");
        let san = write_pgn(&game, MoveNotation::San);
        let flat = san.replace('\n', " ");
        for want in covers {
            assert!(flat.contains(want), "{id}: {want} missing in\n{san}");
        }
        let coord = write_pgn(&game, MoveNotation::Coordinate);
        insta::assert_snapshot!(format!("{id}_san"), san);
        insta::assert_snapshot!(format!("{id}_coord"), coord);
        // Both read back as the same game, with no issue.
        for text in [&san, &coord] {
            let back = read_pgn(text).remove(0).unwrap();
            assert_eq!(back, game, "{id}");
            assert!(back.issues.is_empty(), "{id}: {:?}", back.issues);
        }
    }
}
