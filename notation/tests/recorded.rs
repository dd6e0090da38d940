//! Snapshot tests (insta) of SAN and PGN output: one recorded game of every game id,
//! chosen so that each covers its game's special moves (castling both ways, promotions,
//! en passant, Lancer turns, shots, sideways pawn steps, Lion double moves and the pass,
//! Musketeer setup and gating, check and mate). The games were found by a search for
//! random legal games that cover every special move type and end in mate (`cargo xtask
//! record-game --variant ID` finds one for any game); they are replayed here move by
//! move, so any change in move legality or notation shows up.

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
    (
        "nocastle",
        "g2g4 a7a6 a2a3 d7d5 g1f3 c7c6 b1c3 c8f5 d2d3 a6a5 h2h4 d5d4 f1g2 f7f6 e2e3 d8c7 d1e2 \
         c7d6 e3d4 a5a4 e1d2 f5d7 e2e3 d6h2 e3f4 h2h4 f3g1 f6f5 b2b4 a4b3 f4g5 b3c2 c3a4 h4g5 \
         d2c2 g5f6 c2c3 d7e6 c3d2 f6g6 f2f4 b8a6 d2c3 a8b8 g2f3 a6c5 g1e2 g6f6 h1h5 g7g6 h5h3 \
         f6g7 g4g5 g7f6 e2g3 b7b6 a1b1 h7h6 g3e4 f6g7 c1d2 b8c8 b1a1 e8d7 e4d6 c5b3 a4b2 b3c1 \
         d6c8 d7e8 c3b4 g7f6 h3h4 c1d3 b4c3 f6d4 c3c2 g8f6 d2e1 e6f7 c8d6 e8d7 f3e4 d3f4 e4f5 \
         g6f5 d6c8 d7e6 e1g3 f8g7 g5h6 f4g2 h4e4 e6d5 e4e1 g2f4 e1e6 f7e8 h6h7 d4d1 c2d1 c6c5 \
         d1d2 f4h3 a3a4 h8f8 d2e3 e8f7 h7h8r f7e6 c8e7",
        &["axb3", "h8=R", "Qxg5+", "#"],
    ),
    (
        "knightmate",
        "h2h4 e7e6 g2g3 f8e7 c2c4 e7c5 b1c2 c5a3 d2d4 a7a5 f2f3 a3e7 g1g2 f7f6 e2e3 a8a7 d4d5 \
         e7f8 c2b1 g8f7 d1d2 f8b4 g2h3 e8g8 h3g2 f7e7 d2b4 a5b4 e3e4 d8e8 d5e6 e8g6 h1h2 g6h6 \
         c1d2 e7d6 a2a4 b4a3 b1a2 f8f7 e1c1 f7e7 c4c5 g7g6 d2e3 f6f5 f1a6 a7a6 c5d6 h6f4 g2h1 \
         f4e3 h2d2 e3c5 c1d3 a6b6 b2a3 c5c3 d3e1 c3b2 d2d4 b2b3 e4f5 b3b1 f5f6 b1d3 d1d2 e7e8 \
         e1d3 e8f8 h1h2 b6b3 d3e5 b3b2 h2g1 b2b6 a2b2 b6b3 b2c2 g6g5 a3a4 b7b5 g1f1 f8f6 f3f4 \
         c8a6 d2h2 f6f7 f1e2 h7h6 e2f2 g8f6 c2c1 f6e8 f2g1 f7h7 g1g2 a6c8 d6c7 h6h5 c7b8m b3c3 \
         c1b1 b5b4 e5g6 c3f3 f4g5 f3e3 g2f2 e3d3 a4a5 d7d5 b8a8 d3c3 f2e2 h7d7 e6e7 c3g3 d4d3 \
         g3e3 b1b2 b4b3 d3d4 d7d8 e2e3 c8d7 b2c2 d7g4 c2b2 g4d1 d4d3 d5d4 e3e2 e8c7 h2g2 d1e2 \
         d3d1 d8b8 a8a7 e2d3 d1d3 b8a8 b2a1 a8e8 g2a2 c7e6 a2a4 e8f8 a7b7 f8e8 a4a3 e6g7 b7b8 \
         g7e6 b8b7 e8h8 d3c3 h8h6 g5h6 b3b2 c3c6",
        &["O-O ", "bxa3", "O-O-O", "cxb8=M", "Qxe3+", "#"],
    ),
    (
        "amazon",
        "c2c3 d8e6 b1a3 d7d5 g2g4 g7g6 f1g2 f7f5 g2f1 e6d8 g1h3 g6g5 h3f4 d8c6 d1a4 c8d7 f2f3 \
         c6h6 f4h3 h6e6 a4c6 e6e3 c6a4 f5g4 d2e3 b7b5 a4f4 g4h3 b2b3 f8g7 f4e6 b8c6 e6c6 d7c6 \
         a1b1 g7f8 c1b2 e8c8 b2a1 h7h6 b1c1 c8b7 c1d1 b7c8 d1b1 c8d7 a1b2 d7e6 a3c4 b5b4 b1c1 \
         d5c4 e3e4 g8f6 f1h3 e6f7 e1g1 d8a8 h3c8 f7g8 c8a6 c6b5 g1h1 f6d5 c1d1 e7e5 d1e1 a8b8 \
         a2a3 b5c6 a6b5 b8e8 h2h3 b4c3 b2c1 h8h7 b3c4 c6a8 a3a4 f8g7 c1e3 c3c2 f3f4 c2c1a f4e5 \
         g7e5 e3f2 h7h8 c4d5 c1d1 e2e3 c7c5 d5c6 d1f3",
        &["O-O-O", "O-O ", "c1=A", "dxc6", "Bxh3+", "#"],
    ),
    (
        "hoppelpoppel",
        "a2a4 h7h5 b2b3 c7c6 c1b2 c6c5 b2f6 g7f6 h2h4 c5c4 g1h3 e7e6 c2c3 f8a3 d2d4 c4d3 h3e6 \
         a7a5 b1d2 b8c6 d1c2 a3d6 e1c1 d6e7 h1h2 c6b8 e6g5 b8a6 d2b1 e7a3 g5h3 b7b6 d1e1 a6c5 \
         c2d2 g8e7 d2c2 c5e4 c3c4 e8g8 c2b2 d7d6 b2e5 a3b1 g2g4 e7f5 h3f4 h5g4 c1d1 c8a6 f1g2 \
         d8e7 f4h5 e7d7 e5e7 d7e6 e1g1 b6b5 g1h1 a8e8 h1e1 e4g2 e7f8 g8h7 h5g7 g2e3 e2d3 e8b8 \
         f8d6 h7g8 e1f1 f5d4 d6e6 d4f5 f1h1 e3d5 e6a6 d5c4 d1c1 c4d6 a4b5 b8a8 h4h5 a8c8 a6c8 \
         g8h7 c1b2 b1c2 h1g1 g4g3 c8f8 f5d3 f2f4 c2d1 b2a2 d6c4 f8a8 d1c2 a8f3 c4b3 a2b3 h7g8 \
         f3e2 c2d1 g1f1 d3e5 f4e5 g3g2 f1e1 g2g1q e2f3 d1c2 f3d1 g1g4 b3c2 a5a4 e1e3 g4c4 c2d2 \
         c4c6 e3f3 c6b5 f3c3 b5e8 d1a4 f6f5 a4e4 g8g7 e4h4 e8e5 h4b4 e5e2 h2e2 g7f6 d2c1 f5f4 \
         e2e1 f6g5 b4f4 g5h5 f4g4 h5h6 e1h1",
        &["cxd3", "O-O-O", "O-O ", "g1=Q", "Bf6+", "#"],
    ),
    (
        "newzealand",
        "b1c3 a7a6 c3d5 g8h6 d2d3 g7g6 d3d4 h6g4 d5c3 d7d5 c3a4 g4e5 h2h3 b8d7 d1d3 c7c5 d4e5 \
         b7b6 e2e4 b6b5 a4a6 d5d4 f1e2 b5b4 g2g4 c8b7 c2c4 d8b8 d3d1 b7c8 c1f4 b8b5 f4e3 d4d3 \
         d1c2 b5a5 e1c1 a5d8 c1b1 d3e2 a6g6 e2e1n g1f3 a8a6 e3g5 a6b6 g5c1 b6e6 c2e2 f7g6 d1d3 \
         e1e2 c1g5 e2d4 f3g1 e6c6 g5h4 e7e6 h4g3 d8f6 h1h2 c8b7 d3d1 d4e4 h2h1 f8d6 g3f4 e8g8 \
         h3h4 f6h8 d1f1 c6b6 a2a4 b4a3 b1c2 b7c6 g1f3 d7b8 f4g3 h8f6 c2d3 c6b5 f3g5 b8c6 f1b1 \
         b6b8 g5g6 f6g7 f2f3 b8e8 d3d2 h7h5 e5d6 e4g4 b1g1 c6a7 g6f4 f8f7 f3g4 e8e7 f4h3 b5e8 \
         b2b3 g7g5 d2c2 f7f5 d6e7 g5f4 g1f1 f5f6 c2c3 e8f7 f1f3 f4g4 f3f2 a3a2 h1h2 g4f3 c3b2 \
         f3b3 b2a1 b3b1",
        &["O-O-O", "e1=N", "O-O ", "bxa3", "Nxg6+", "#"],
    ),
    (
        "almost",
        "g1h3 e7e6 f2f3 d7d5 b2b4 b7b5 h3f4 f8d6 f4g6 h7g6 c1a3 a7a6 g2g4 d8c6 d1e3 g8h6 e3c4 \
         e8g8 c4e4 c6e7 b1c3 d6e5 f1g2 f8e8 e1c1 e5f4 e4f6 g7f6 c3b1 f4d2 c1b2 e7d7 h2h3 g8f8 \
         c2c4 f8g7 d1e1 e8g8 h1h2 d7d6 g2f1 d6d7 c4b5 g8d8 e1d1 c7c5 g4g5 d2c1 b2a1 c5b4 a3b2 \
         c1b2 a1b2 d7c7 f3f4 c7e7 b5b6 b4b3 b1d2 e7e8 h2h1 d8d7 a2a4 h6g8 h1g1 a8a7 d2e4 c8b7 \
         d1b1 e6e5 g5f6 g7f8 b1c1 d7d6 g1g5 a6a5 f4e5 b7a8 b2b3 d5d4 c1c3 a7e7 f1g2 e7c7 b6c7 \
         b8d7 g2f1 g8f6 c7c8n d6e6 e4f2 f6e4 f2d3 e8d6 b3a3 a8b7 g5g6 d6c4 c3c4 e4f2 c4c2 f7f5 \
         h3h4 e6f6 e2e4 d4e3 c2c1 f5f4 d3b4 d7b8 a3b3 f6c6 g6g7 c6h6 c1c5 h6b6 g7f7 f8e8 b3a2 \
         e8f7 c8a7 a5b4 a2b2 f7f8 a7c6 b7c8 c5b5 f8f7 b2c1 f7e6 c1c2 b6c6 c2b1 c6b6 b5b4 f2e4 \
         f1c4 e6f5 h4h5 b6d6 a4a5 c8e6 c4f1 d6b6 f1g2 e6c8 b4b2 e4d6 g2h1 f5g5 b2b5 d6f7 b5b3 \
         f4f3 h1g2 g5f5 b1c1 f5e6 b3b4 e6f5 c1d1 c8d7 b4a4 b8c6 e5e6 b6b8 a4a3 c6b4 h5h6 b8b7 \
         e6f7 d7e8 g2f1 b7f7 d1e1 b4a2 a3e3 f7f8 f1b5 f5f4 b5d3 e8f7 d3g6 f8b8 e3c3 f4g5 c3c4 \
         a2b4 g6h5 b8d8 c4c7 f7c4 c7b7 g5f4 b7g7 d8e8 e1d1 f3f2 g7h7 f2f1c",
        &["O-O ", "O-O-O", "c8=N", "dxe3", "Cf6+", "#"],
    ),
    (
        "chigorin",
        "d1e3 b7b5 e3f5 h7h5 f5h4 c7c6 h4b4 c8a6 h2h4 f7f6 b4g4 h5g4 g1f3 a6b7 b2b4 b8e5 d2d4 \
         g4g3 d4d5 g8f7 f1h2 g7g6 e1g1 h8h6 c1d3 d8c8 f3d4 c8b8 f1e1 b8c8 d4c6 e5d6 c6a5 c8b8 \
         c2c4 b8d8 f2f4 d6c7 d3c1 e7e5 d5e6 b7c6 e6d7 d8d7 h4h5 e8c8 f4f5 d7f5 h2f1 h6h7 e2e4 \
         c7e5 e4f5 g6h5 e1e4 c6d5 e4e3 d5b7 c4b5 d8d2 e3b3 c8d8 f1g3 b7a6 b3c3 f7b3 g3e4 d2e2 \
         b5a6 e5b8 c3e3 b8d6 e4c3 e2g2 g1h1 b3a2 e3e4 g2g8 e4d4 d8c7 c3b5 c7b8 a5b3 f8g7 b5d6 \
         g7f8 d4f4 h7b7 f4g4 f8d6 b3d4 a2f7 h1g2 g8g5 d4b5 f7g8 c1a2 d6f4 b5c3 f4e5 g4g5 e5g3 \
         c3d1 b8a8 g2g1 g3f4 b1d2 f4c7 d1e3 g8c4 e3d1 c4b5 a2c3 b5d7 g1f2 f6g5 f2g1 b7b8 b4b5 \
         c7f4 f5f6 f4h2 g1f2 d7b5 c3d5 b8h8 d5b4 h8d8 d2f1 b5e2 d1e3 d8f8 b4a2 f8e8 a1c1 h2g3 \
         f2g2 g3c7 c1e1 c7d8 e3c2 g5g4 g2g1 e2f3 e1e4 f3h1 e4e1 e8e5 e1b1 e5a5 b1b6 a5a4 b6b2 \
         a4b4 f6f7 d8a5 f7f8r a5d8 f1e3 b4b8 f8f3 h5h4 c2a1 b8b4 b2b3 b4b7 f3f1 d8e7 g1h1 e7b4 \
         f1b1 b7f7 a2c1 f7f5 b3c3 f5f2 c3c8",
        &["O-O ", "dxe6", "O-O-O", "f8=R+", "exd7+", "#"],
    ),
    (
        "capablanca",
        "b1c3 h7h5 g2g3 i8j6 d2d4 h8g6 g3g4 g6h8 h1i3 c7c6 j2j4 h5h4 i1g2 d8b6 a2a3 b6d8 e1d2 \
         g8j5 d4d5 i7i6 i3h1 h8h6 d2d3 h6h5 d3g3 f8i8 c1g5 e7e5 d5e6 d8c7 g3h4 h5g3 h2g3 e8g8 \
         e2e4 b8a6 g5f6 c8d6 h4h6 g7h6 e6d7 c7a5 d7d8b a5b6 d8b6 d6c5 c3b5 c5e3 f2e3 g8e8 j1i1 \
         a6b8 f6g5 e8g8 d1e2 g8d8 b5a7 d8e7 f1c1 e7a3 g5i6 a8a7 g2f4 a3d3 f4d5 a7a1",
        &["O-O ", "dxe6", "d8=B", "O-O-O", "Cg3+", "#"],
    ),
    (
        "centaur",
        "a2a3 e7e5 b2b3 e8e6 h1g3 e6g4 a1a2 b7b5 b1b2 d8g5 b2b1 g4g3 i2i4 i7i5 h2g3 c8e7 b1a1 \
         j7j5 i1h3 e5e4 c2c4 b8c8 f2f4 e4f3 g1j4 h8g6 f1i1 g6e5 a1b2 g5f6 h3f2 j8j6 h1g1 e7g6 \
         b2a4 g6e7 g1h1 b5a4 c4c5 f3g2 h1h2 g2g1c h2h3 g1h3 i1h1 h3f2 e1f2 e7g6 j4i5 c8d6 h1g2 \
         f8c8 b3b4 d6e6 b4b5 d8e8 g3g4 e5d3 j2j3 a7a5 f2e1 j5i4 a2b2 g6e5 b5b6 d3f2 d1b3 f2h3 \
         b3a4 e5c4 g2h1 e8d8 g4g5 e6f5 i5h4 f5h4 h1h2 j6j3 b6b7 c8b8 a4b3 g7g6 e1g3 h4i3",
        &["exf3", "O-O ", "g1=C", "O-O-O", "Cxh3+", "#"],
    ),
    (
        "gothic",
        "e2e4 e7e5 g1f3 d8g5 f3e2 d7d6 c2c4 j7j5 i2i4 g5f5 g2g3 e8f6 e2i6 c8e6 i1j3 f5g4 i6g4 \
         a7a5 f2f3 f6d7 h1g2 h7h5 f1i1 b7b6 e1g1 g8h6 g4i2 h6f5 d2d3 f5e7 d1f1 e6c4 i2d7 b8d7 \
         d3c4 f8c8 h2h3 a5a4 b2b4 a4b3 f1d1 c7c5 c1f4 d6d5 b1a3 e5f4 e4e5 j8j7 d1d2 b6b5 h1h2 \
         d7e5 g1i2 e7g5 i4h5 f7f6 h2h1 d8d6 d2d5 i7i5 a1b1 g5e4 j3h4 d6d5 h4j3 b5b4 b1b2 c8c7 \
         j3h4 d5d3 h1d1 d3d6 b2c2 g7g6 g2h1 h8i7 h4i6 d6d1 c2b2 d1d8 i2g2 i8g7 g2c2 b4a3 h3h4 \
         d8a8 c2e3 e4d6 e3e5 a8c8 e5e4 g7i6 e4e6 c7c6 h5h6 i7j8 e6f4 c6b6 h6h7 d6f5 h7h8a i6h8 \
         i1h2 f5e7 j2j3 j7j6 a2b3 b6c6 b2e2 c6c7 f4d5 c7c6 f3f4 h8i6 e2e5 c8h8 d5d4 c6b6 e5i5 \
         j5j4 i5i6 e7g8 h2i2 j8f4 i6i8 g8e7 d4d2 e7d6 d2e2 d6b5 h1g2 g6g5 i8j8 f4e5 e2c2 b5c6 \
         g2f1 c6a4 g3g4 h8e8 f1h3 e5b2 i2h2 a4c6 h3f1 c6d8 h4h5 j6h6 j8j4 e8e7 j4h4 e7h7 f1d3 \
         d8b7 h4i4 h7h8 c2c3 b6c6 d3g6 b7c8 c3d3 c8e6 g6e4 c6b6 e4f5 a3a2 j3j4 h8i8 d3f2 h6j6 \
         f2e2 e6d8 e2f4 b2e5 i4i3 a2a1r h2g2 j6j7 f5b1 e5b2 i3g3 i8i3 g2h1 a1a8 b1g6 b6a5 f4d3 \
         j7f7 g3g1 f6f5 g1e1 b2c3 g6i8 i3g3 e1e6 f7f8 i8f5 c3g7 j4j5 a8b8 e6e5 d8f7 h1i1 f7g8 \
         f5i8 f8f5 e5e3 g7h8 d3f4 b8c8 f4d4 c8c7 d4d6 g8e7 d6f6 f5d5 i8g6 d5d4 h5h6 c7a7 e3e7 \
         g3f3 f6c6",
        &["O-O ", "O-O-O", "axb3", "h8=A", "Axd7+", "#"],
    ),
    (
        "embassy",
        "i2i4 b8c6 b1c3 c6d4 g1i2 d4c6 i2g1 j7j5 c3d5 f8e6 c2c4 e6j6 d5b4 f7f5 b4c6 h7h6 h2h4 \
         g7g6 f1h2 j6j7 g1h3 h8c3 h3j4 c3b2 i4j5 i8j6 h2j3 g8d5 f2f4 d5c4 d1a4 e8h8 j4i6 h8i8 \
         i6j8 i8j8 a4a5 j6h7 c1b2 c4a6 e1b1 g6g5 j3f3 a6c4 d2d4 b7b6 f3h3 i7i6 h3b3 b6b5 e2e4 \
         d7d5 j5j6 j8i8 b3b4 j7h8 c1e1 c4b2 j6j7 i8j8 i1h3 e7e6 b4a4 g8g7 c6e5 d8e7 b1b2 g5h4 \
         a4c5 e7e8 c5c3 e8g6 e1b1 b5b4 a5a4 h7f6 h3f2 f6d7 c3c4 c8b7 c4d6 g6i4 f2h3 i4j5 b1c1 \
         a7a5 c1a1 i6i5 h3g1 g7e7 d6e8 b7c6 e8a8 h8b8 g1h3 e7j7 a4b4 a5b4 b2c2 d7e5 a8a3 e5d7 \
         e4d5 j5g8 d5d6 g8i8 c2d1 c6e4 a3f3 i8d8 f3f2 b8c8 d1d2 j7j5 f2f3 c8b8 f3g3 j8j7 d2e2 \
         j7j8 h1j3 c7c5 h3g1 d7b6 g3f5 j5j4 f5h5 e4g2 e2d3 g2j5 a1f1 b6c8 h5c5 d8d7 c5c4 i5i4 \
         c4b6 c8a7 d4d5 e6d5 f4f5 j8j7 b6b5 b8g8 a2a4 b4a3 f1e1 a7c8 b5b3 d7e8 e1e3 c8d6 j3i2 \
         h6h5 i2h3 e8b5 d3d4 j7i6 h3i2 b5e8 e3e8 j4j2 b3b6 j2j1 b6b3 j1j3 b3c1 i6j7 c1e1 j7i6 \
         g1h3 d6e4 d4e5 i4h3 e5d4 g8f6 e1d1 f6g8 e8a8 h3i2 d1f1 i2i1r f1f2 i6i5 f2g4 g8g4 f5f6 \
         i1d1",
        &["O-O ", "O-O-O", "bxa3", "i1=R", "Ai6+", "#"],
    ),
    (
        "janus",
        "h1g3 h7h5 i1j3 d7d5 b2b3 b7b5 j3i5 g7g6 i5j3 h8i6 b1c3 c7c6 g3i4 f7f6 c3b2 c6c5 b2a3 \
         b8f4 a3b2 c5c4 b3b4 f4e2 i4g3 g6g5 b2e5 f8i5 f2f3 j7j5 e5b8 g8e6 b8a7 f6f5 c1b3 c8a7 \
         a2a4 i8j6 d1e2 e8i8 e1b1 a7c6 c2c3 i6h4 d2d4 c4d3 h2h3 e6d7 e2d3 i5g7 b1b2 i7i5 f3f4 \
         h4g2 d3e2 d7e6 j3i4 i8j8 h3h4 g7g8 i4j6 e6f7 c1a1 j5j4 j2j3 g5h4 g1j4 g2i1 f1h1 g8i6 \
         a1c1 i1g2 g3f5 h4h3 h1g1 h8h6 e2d3 h3i2 j1h1 i2h1n f5d6 j8j7 b3a1 g2e3 f4f5 c6a5 g1g5 \
         a8b8 d6f7 h5h4 g5e7 h1j2 d3f1 i6h7 e7e3 d8b6 f7e5 b6d8 e3h6 d5d4 c1c2 i5j4 j6i5 j7i8 \
         f5f6 a5b7 c2c1 h7f7 a1c2 b7a5 b4a5 b5a4 b2a3 f7b3",
        &["O-O ", "O-O-O", "cxd3", "ixh1=N", "Ji5+", "#"],
    ),
    (
        "chancellor",
        "d2d4 f8f7 b2b3 f7f6 c2c4 i8i6 b3b4 i6i5 c1d2 c8c6 d4d5 g8g6 g1f3 f9g7 f3g5 b9a7 f1e3 \
         d9a6 e3a3 a7c8 i2i3 h9d5 h1i2 e8e7 d1c1 g7i6 e1g1 a8a7 c1b2 a6a5 e2e3 b8b7 h2h3 e7e6 \
         f1d1 d5f3 g5e6 f6f5 b1c3 i9h9 b2c2 g9e8 g2g4 i6i7 a1b1 c9b8 b4a5 e9c9 e6c7 i7g7 c2f5 \
         i5i4 g1h2 g7g8 b1b5 f3g4 f5e5 g4h5 c4c5 c8b6 h2g2 h5e2 a5a6 e2g4 c7e6 h9i9 a3b3 i9e9 \
         e5h8 b6a8 b3a5 b8f4 a5a4 e9i9 e3f4 b7b6 b5b3 g8h6 g2g3 b6b5 d2e1 e8d6 a4a5 i4h3 a5c6 \
         a8c7 b3a3 h6h5 g3g4 i9f9 c6a5 c7a6 d1c1 b5b4 e6g7 d6b7 a5a6 d8d7 a3b3 d7d6 b3b2 b7a9 \
         h8h6 h5g7 i3i4 g7i6 b2b1 d9e9 h6h7 e9e5 h7e7 e5e7 b1b2 d6d5 i2h3 e7e1 c1a1 e1g1 g4f3 \
         g1g5 h3d7 c9d9 f3e2 i6i9 e2d1 a9c8 c3d5 f9f6 d7e6 g5h5 e6g4 h5e5 a6a5 e5e3 a5a7 f6f8 \
         a7g7 e3e2 g7g9 c8e9 b2c2 e2e1 d1d2 e1e7 g4e6 e7c7 e6h9 c7f7 d5c7 d9c9 a1b1 f8d8 d2e3 \
         f7e7 h9e6 i9i7 a2a4 b4a3 e3e2 d8b8 b1b3 i7g7 b3d3 g7e6 e2f3 b8h8 c2e2 e6f6 e2c2 f6f9 \
         d3d9 c9b8 c7a6 b8c8 d9b9 a3a2 g9i9 e7e1 c2b2 a2a1q b9b8 c8d7 b8c8 h8h9 b2b6 a1a6 c8c6 \
         a6a5 b6b7 d7c6 b7f7 e1e7 i9h9 e7c7 h9h5 c7c8 h5g7 f9h9 f7b7 a5a8 g7f9 h9h7 f9g9 h7h1 \
         f3g2 h1a1 b7c7 c8c7 g9h7 a8a2 h7e7 c6b7 e7f5 c7f7 f5h5 a1i1 g2f3 a2a6 h5e5 f7i7 e5f5 \
         a6c4 c5c6 b7b6 f5g3 b6a5 f3g4 c4b5 c6c7 i7i6 g3e2 b5b3 e2g1 i1i4",
        &["O-O ", "O-O-O", "bxa3", "a1=Q", "Cxc6+", "#"],
    ),
    (
        "modern",
        "b2b3 c8c7 d1c3 d9a6 c3b5 f8f7 b5d6 i8i7 g2g3 a6d9 b1c3 e8e7 i2i4 i7i6 i4i5 d9c8 i1i4 \
         c8g4 b3b4 g4h4 d6b5 h9g7 c3e4 h4f4 g3f4 g7e6 e4c5 g9f8 c5d3 f9d7 c1a3 e9g9 e1c1 f7f6 \
         f1g2 g9h9 g2c6 d7c8 h1g3 d8d6 c2c4 b8b7 g3h1 c8e9 c6c5 b9a7 f2f3 d6c5 g1d4 e6g5 d4c3 \
         c9d8 b5c6 b7c6 f4f5 g5h7 d3c5 f8g9 c3e5 d8c9 c5a4 e9i5 i4f4 h7g5 c1c2 e7e6 d2d4 i5g6 \
         d1f1 c6c5 f1c1 g5h3 h1i3 h3i1 e5c7 h9i8 c1d1 i1g2 f4i4 g6h4 d4d5 g9f8 d1d3 h4i5 c2c3 \
         c5b4 c3d4 f9g9 d3e3 g8g6 h2h3 e6e5 e3e5 g9d9 i4h4 d9d7 a4b6 i5h7 c7e9 g2f4 e9c7 f4g2 \
         b6c8 d7e7 c8d6 f8g9 c7a5 i8i9 c4c5 c9b8 a5c7 g2e3 f5g6 a7b5 d4e4 i6i5 c7e9 h7g8 d6c8 \
         b4a3 h4f4 e7i7 e5i5 e3g4 c8e7 i7i8 e2e3 g8h6 h3g4 b8f4 e7f9 a8a6 g4g5 a9e9 f9e7 e9d9 \
         i3h5 h6f8 h5i7 d9a9 d5d6 b5c3 e4d3 f8e7 d3c2 f4e5 i7h9 e7d8 i5i1 d8c7 i1c1 i8i1 d6d7 \
         c7b6 c2d3 a9d9 c1h1 e5h2 h9g7 f6f5 h1d1 h8h6 g6h7 h2i3 d1g1 c3a2 g7e8 b6d5 c5c6 d9d8 \
         e8d6 d5c4 d3d4 c4a5 d4d5 d8e8 d6e4 a5e1 e4c5 a2c1 d7d8 e1c3 d5c4 i3h4 d8d9b e8e3 g1h1 \
         e3e4 c5e4 i1i7 h1h4 c3e2 c4d5 e2d4 e4c3 d4e6 d5e6 c1d3 c3b1 i7i3 d9i4 g9f8 h4a4 f8g9 \
         i4f7 f5f4 f7g8 g9h8 e6f7 i3i2 a4a3 d3f2 a3a5 i2i4 a5a6 i4i2 g5g6 i2i7 a6b6 h8g9 c6c7 \
         f2h3 b6e6 i7i6 c7c8 h3g5 f7g7 i6i4 c8c9q i4i5 c9g9",
        &["O-O ", "O-O-O", "gxh7", "d9=B", "cxb4+", "#"],
    ),
    (
        "gardner",
        "a2a3 b5a3 a1a3 b4a3 e2e3 a3a2 c2c3 a2a1q e1e2 a4a3 d1a4 a5a4 b1a3 a1b2 a3b5 a4a5 e3d4 \
         c5d4 e2d1 b2c2 d1e1 d5b5 c1b2 c2d3 c3d4 d3d4 b2c1 d4d3 c1a3 e5d4 a3b2 b5b2 e1d1 a5a1",
        &["a1=Q", "exd4+", "#"],
    ),
    (
        "losalamos",
        "e1f3 b6c4 c2c3 a6b6 f1e1 a5a4 f3d4 c4b2 d1c2 f5f4 e1f1 c5c4 d4c6 d6c6 f2f3 b6a6 c1b2 \
         c6b6 b2a3 a6a5 a3b2 b6c5 f1f2 b5b4 a2a3 d5d4 b2a2 a5b5 d2d3 c5d6 e2e3 d6c5 a3b4 c5d6 \
         c2c1 d4c3 e3e4 b5a5 a2a3 a5c5 f2b2 c5a5 b4b5 e6c5 a3b3 a4a3 b5b6r",
        &["b6=R#", "Nxb2+", "#"],
    ),
    (
        "asean",
        "f1e2 h6h5 c1c2 g8e7 b1d2 c8c7 c2b1 e7f5 h3h4 f5g3 e2f1 g3h1 d3d4 h8g8 b3b4 e8e7 d4d5 \
         c6d5 f3f4 g8g7 d2e4 h1f2 f1f2 g7h7 b1b2 b8c6 e4c5 a8b8 e3e4 c6e5 b2b3 d5d4 c5b7 d6d5 \
         d1c2 d5e4 f2g3 e5f7 e1e2 f7h8 e2f1 h7g7 b3a4 e7d7 g1e2 c7d6 b7a5 b8b7 g3f2 b7b8 f1e1 \
         b6b5 f4f5 b8a8 f2g1 g7f7 c3d4 d7e7 e1f1 e7d7 a4b5 a8c8 g1g2 f8g7 e2f4 e6e5 d4e5 d7c7 \
         g2g3 e4e3 f4e2 g6f5 a5c6 f7e7 a1c1 h8g6 f1e1 g7f8 c6d8 f8f7 g3h2 f7e6 c1a1 f6e5 e1f1 \
         g6f4 b5a6 f4d3 c2b1 e6f7 e2g1 d3b2 f1e1 e7d7 g1h3 b2d1 h2g3 d1f2 g3g4 c8d8 e1f1 d6c5 \
         b1c2 f7f6 h3f2 c7b8 a1a2 f5g4 c2d3 d7e7 b4b5 c5d6 d3e2 e7e8 f1e1 b8a8 a6b7 a8a7 f2d3 \
         d8a8 e2f3 e8g8 e1d1 d6c5 d3b4 a8d8 b4d5 g8g6 b7c6 e3e2 d1e2 e5e4 f3e4 f6f5 a2c2 g6c6 \
         a3a4 c6a6 d5f4 d8h8 c2c5 a6d6 e2f1 d6b6 a4a5 f5f4 e4d3 b6b8 f1g2 b8b6 g2h2 h8d8 d3c4 \
         d8d3 c5c7 b6b7 c7f7 a7a8 f7h7 b7e7 h7g7 d3d5 c4d3 a8b8 g7h7 e7d7 a5a6 d7e7 d3c2 f4f3 \
         c2b3 e7e1 h7h6 d5d7 h6b6 b8c8 b6e6 d7d8 b3a2 e1g1 e6c6 c8d7 c6d6 d7d6 b5b6 g1b1 a2b3 \
         d8e8 h2g3 d6d7 a6a7 e8a8 b3c2 a8c8 a7a8n b1h1 c2b1 c8f8 b6b7 h1h3",
        &["a8=N", "Bb7+", "#"],
    ),
    (
        "makruk",
        "f1e2 h6h5 c1d2 g8e7 a1a2 c8c7 a2c2 e7f5 h3h4 f5g3 h1h3 g3h1 d2c1 h8g8 h3h1 e6e5 h1h2 \
         b8d7 c1d2 c7b8 f3f4 b8b7 c2c1 g8h8 e1f2 b7c8 d2e1 e8e7 e3e4 d8c7 e2f1 f8g7 a3a4 d7c5 \
         d1d2 c5e6 c1c2 h8h6 f4f5 e6d4 c2c1 d4e6 f2e3 c8b7 f5e6m a8c8 a4a5 c7d8 g1h3 h6h8 h2g2 \
         h8h6 d2e2 f6f5 g2f2 f5e4 c3c4 c6c5 f2f7 e7e6 h3g5",
        &["fxe6=M", "Rf7+", "#"],
    ),
    (
        "makpong",
        "c1b2 e8f7 d1c1 f8g7 c1c2 f7f8 c2c1 b6b5 c1d1 d8c7 b2c1 c8d7 c1d2 b5b4 e3e4 c7d8 f1g2 \
         b4a3m g2f1 d7c8 g3g4 a6a5 d1c1 d8e7 f1g2 a3b4 e4e5 b8d7 h1h2 d6d5 g2h1 f6f5 b1a3 c8c7 \
         d2e3 g8f6 a3c2 a8a7 c1b2 h6h5 b2b1 d7e5 h3h4 b4c5 g4f5 c5b4 c2b4 c7b6 h2d2 f6e8 d2h2 \
         e5f3 h1g2 e8f6 e3f4 f6d7 f4g3 d7f6 e1d2 f3d2",
        &["bxa3=M", "#"],
    ),
    (
        "ai-wok",
        "b3b4 b6b5 e1e2 g8e7 c1d2 g6g5 f1g2 b8d7 c3c4 d8c7 e2f1 h8h7 d2e1 e7f5 a3a4 g5g4 c4b5 \
         g4f3a f1f3 d7b8 a1a2 c7d7 d1e2 d7g7 h3h4 e8d7 e2f1 f8f7 f3f5 d6d5 a2b2 g7g5 g1h3 a6b5 \
         b2f2 c6c5 f5g6 g5h3 h1h3 f7g8 f2a2 c8b7 a4a5 h7g7 g6g5 b7a6 a2e2 a6a5 f1f2 g8f7 g5h5 \
         g7g8 h5h6 f7e8 b1d2 g8g6 f2f3 g6g8 g3g4 g8g7 h4h5 d7c7 g2h1 c5b4 h6f7 e8d7 f7e5 g7e7 \
         d2e4 a5b6 e2g2 c7c8 e4f6 d7d6 e5d6",
        &["gxf3=A", "Af7+", "#"],
    ),
    // seed 426
    (
        "seirawan",
        "c2c3 g8h6 d1a4e f7f5 d2d4 e7e5 f2f3 f8b4 e2e4 h8e8h f3f4 h6f7 d1d3 c7c5 g1h3h d8g5e \
         c1d2 g7g6 a4a6 f7d6 b1a3 b4a3 d3b4 d6e4 e1c1 h8g7 b2a3 d7d6 b4b5 e4d2 b5b4 g5g2 f1b5 \
         g2f3 b4b2 g7f6 d4e5 f3c3 b2c2 h7h6 g1e3 c8e6 e3g1 e6a2 g1d4 f6e7 d4f3 c3c2 c1c2 e7f6 \
         a6c6 d8f7 b5d3 d2f3 d3e4 g8h8 d1d3 d6d5 c6f6 f7g7 c2c1 h8g8 h1g1 f8f6 d3d5 f6f8 g1g6 \
         f8c8 g6b6 g8h8 a3a4 g7h7 a4a5 c5c4 h3f2 f3h4 d5d2 c4c3 e4h1 h4f3 d2d4 a2d5 b6e6 d5c6 \
         f2e4 h6h5 e4c3 f3h4 e6d6 c8c7 c1c2 b8a6 d4e4 h7e7 c2d1 h8g7 e4e3 e7d7 c3a4 c6e4 e3e2 \
         e4c6 h1d5 a8b8 e2e4 b8d8 d6g6 g7h7 g6g3 d8b8 d1c1 d7d5 g3g8 b7b5 a5b6 h4f3 b6a7 f3e1 \
         a7b8r c7b7 e5e6 d5d3",
        &["O-O/Hh8", "O-O-O", "axb6", "axb8=R", "Qxc3+", "#"],
    ),
    (
        "cambodian",
        "g1e2 e8e7 d3d4 e6e5 c3c4 a6a5 h1h2 a8a6 h2h1 a6a8 g3g4 f8f7 e2f4 c8c7 e1f2 e7e8 d1b2 \
         f7e6 b1c3 b8a6 h1h2 e8e7 h2g2 d6d5 a3a4 e5f4 f2g3 e7d6 a1a3 f4g3m c3d5 g3h4 b2b1 a8a7 \
         e3e4 c6d5 c1d2 g8e7 b1a2 h8e8 d2c1 c7b8 c4c5 d6c6 f1f2 c6b7 f2e1 d8d6 c1d2 e7c8 c5d6m \
         h4g3 e4e5 e6f7 d6e7 g3f4 a2b1 c8e7 e5e6m e7c6 d2d3 f7g8 h3h4 c6e5 b1a2 f4e3 d3c2 g8h7 \
         e6f5 e8e6 e1d2 e3d4 c2b1 b7c7 g2h2 h7g8 b3b4 g8h7 a3e3 e6e8 e3e5 c7b7 d2d3 e8e7 e5d5 \
         d4c5 d5d4 h7g8 b4a5 e7g7 b1b2 b7c8 b2c1 a7c7 d3e4 g7f7 d4c4 b6b5 c1c2 c7c6 f3f4 c8d7 \
         a2a3 f7g7 h2e2 g8h7 e2e1 g7g8 g4g5 g8h8 c2d3 h8c8 g5h6m c8e8 e1f1 e8e7 f1h1 e7e4 c4b4 \
         b8b7 a3b2 g6g5 h4h5 e4e3 b4b3 e3e6 b2a1 a6c7 h1h3 c7a6 f5e6 d7e8 b3b2 h7g6 b2b5 c6c8 \
         b5b3 c5d4 d3c4 c8c4 a1a2 c4c8 h3h2 a6b8 h6g5 c8c3 b3c3 e8f8 c3c6 d4c3 e6f7 b7b6 a2b3 \
         f6f5 c6f6 b6c5 h5g6m c5d4 g6f5 b8a6 f5g4 d4c5 h2h5 a6c7 f6a6 c7a8 a6a7 c5d6 h5h8 f8g7 \
         f4f5 a8c7 h8h2 c7a6 a7a6 c3b2 h2h5 d6d5 f7e8 b2c3 a6b6 c3b4 g5f6 g7f8 h5h8",
        &["fxg3=M", "Kb2", "c5+", "#"],
    ),
    (
        "antichess",
        "g1f3 f7f5 e2e3 g8f6 f3h4 d7d5 h4f5 c8f5 b2b4 f5c2 d1c2 c7c5 c2h7 h8h7 b4c5 h7h2 h1h2 \
         f6h7 h2h7 b7b5 c5b6 d8b6 h7g7 b6e3 d2e3 f8g7 c1a3 g7a1 a3e7 e8e7 a2a4 a1h8 f1c4 d5c4 \
         g2g4 e7e6 a4a5 e6f5 g4f5 h8b2 b1c3 b2c3 e1e2 c3a5 e2e1 a5e1 f2f4 b8a6 e3e4 c4c3 f5f6 \
         a8b8 e4e5 b8b1 f4f5 b1b7 f6f7 b7f7 e5e6 f7f5 e6e7 f5b5 e7e8k b5c5 e8f8 c5c7 f8g7 c7g7",
        &["cxb6", "e8=K"],
    ),
    (
        "giveaway",
        "b2b3 g7g6 c2c4 c7c6 b1c3 g8h6 b3b4 d8c7 c3b5 c6b5 c4b5 c7h2 h1h2 f7f5 h2h6 f8h6 d2d3 \
         h6c1 d1c1 f5f4 c1f4 e8g8 f4f8 g8f8 e1c1 f8g8 g1f3 g8f7 d1e1 f7g8 a2a4 g6g5 f3g5 a7a5 \
         b5a6 b7a6 g5h7 g8h7 c1b1 a8a7 f2f4 e7e5 f4e5 a7a8 e2e4 d7d6 e5d6 a8a7 e4e5 h7g8 e1e4 \
         a7c7 d6c7 g8h8 c7b8r c8b7 b8b7 h8h7 b7h7 a6a5 b4a5",
        &["O-O ", "O-O-O", "bxa6", "cxb8=R"],
    ),
    // seed 61
    (
        "suicide",
        "c2c4 d7d5 c4d5 d8d5 b2b4 d5a2 a1a2 h7h5 a2a7 a8a7 g2g4 c8g4 g1h3 g4e2 f1e2 g7g6 e2h5 \
         h8h5 d1h5 g6h5 b1c3 f8g7 h1f1 g7c3 d2c3 b8c6 h3g1 c6b4 c3b4 a7a5 b4a5 b7b5 a5b6 c7b6 \
         c1f4 e8d7 e1d1 d7e6 f4e5 e6e5 g1h3 e5d6 f2f3 d6e5 h3f2 g8h6 d1e1 h6g4 f2g4 h5g4 f3g4 \
         e5d5 f1f7 d5e6 f7e7 e6e7 e1d2 e7d8 d2e1 d8d7 e1e2 d7c8 h2h3 c8d7 g4g5 d7d6 e2e3 d6e7 \
         e3d2 e7e6 g5g6 e6d5 d2e3 d5c4 e3f2 c4c5 f2f1 c5d6 f1g2 d6d5 g2f2 d5e5 f2f3 e5d4 g6g7 \
         d4c5 g7g8q c5d5 g8d5 b6b5 d5b5",
        &["axb6", "g8=Q"],
    ),
    (
        "extinction",
        "f2f4 e7e5 a2a3 d8f6 f4e5 b7b5 g2g4 c8b7 b2b3 b7g2 f1g2 f6h4 d2d4 b8c6 g2e4 e8c8 c1f4 \
         h4g5 a1a2 f8e7 g1h3 g5f5 e1g1 e7c5 d1d2 g7g6 d2a5 f5g4 e4f3 c5a3 g1g2 c6b8 b1d2 g4f3 \
         a5b4 f3e3 f1a1 f7f5 e5f6 c7c6 b4a5 e3d4 d2e4 g8h6 b3b4 d4e3 a2b2 h8e8 h3g1 c8b7 f4h6 \
         e3b6 a1a2 b6d4 g2g3 e8e7 e4c3 d4c5 a5b6 d7d6 g3g4 b8d7 h6d2 c5f5 c3b1 f5f4 b2b3 b7a6 \
         f6e7 c6c5 e7e8k d7b6",
        &["O-O-O", "O-O ", "exf6", "e8=K"],
    ),
    (
        "kinglet",
        "f2f4 b8c6 g2g4 c6e5 g4g5 e5f3 a2a3 f7f5 g5f6 a7a5 b2b3 f3h2 d2d4 e7e6 g1f3 g7g5 f1h3 \
         g8h6 e1g1 b7b5 f4f5 h2g4 d1d2 g4f6 h3g4 h6g4 g1f2 e6e5 c2c3 f6e4 f3h4 e4c5 c3c4 b5c4 \
         f1h1 g4f6 f2e1 c5a4 d2f4 f6g8 f4g4 f8a3 e2e4 a3f8 b1a3 e5d4 g4h3 d8e7 a3b5 e7f6 b5a3 \
         f6a6 h3f1 c8b7 a3c2 e8c8 c1g5 a4b2 f1g1 d4d3 g5e7 c7c6 e7g5 h7h5 a1d1 a6b5 g5d8 f8h6 \
         g1g5 h6g5 b3c4 b2c4 c2d4 b5b6 e1e2 d7d5 d4c6 b7a6 f5f6 d3d2 c6b4 a6b7 b4a6 b7a8 d1f1 \
         d2d1k f1f3 a8b7 e2d3 b6a7 f3e3 c4d6 h1e1 c8d7 h4f3 d7d8 f3d4 d6b5 e3e2 h8h7 a6c7 g5h6 \
         d4c6 b5a3 d3e3 b7a6 c7d5 a3c4 c6a5 g8f6 a5b7 f6e4",
        &["gxf6", "O-O ", "O-O-O", "d1=K"],
    ),
    (
        "codrus",
        "b2b3 g7g6 c2c4 c7c6 b1c3 g8h6 b3b4 d8c7 c3b5 c6b5 c4b5 c7h2 h1h2 f7f5 h2h6 f8h6 d2d3 \
         h6c1 d1c1 f5f4 c1f4 e8g8 f4f8 g8f8 e1c1 f8g8 g1f3 g8f7 d1e1 f7g8 a2a4 g6g5 f3g5 a7a5 \
         b5a6 b7a6 g5h7 g8h7 c1b1 a8a7 f2f4 e7e5 f4e5 a7a8 e2e4 d7d6 e5d6 a8a7 e4e5 h7g8 e1e4 \
         a7c7 d6c7 g8h8 c7b8b c8b7 e4e3 b7g2 f1g2 h8h7 g2h3 h7g8 h3g4 g8h8 g4d7 a6a5 b4a5 h8g7 \
         e5e6 g7h6 b8e5 h6h7 e3e2 h7g8 e2e4 g8g7 e5g7",
        &["O-O ", "O-O-O", "bxa6", "cxb8=B"],
    ),
    (
        "threekings",
        "a2a4 h7h5 d2d4 e7e5 h2h3 b8c6 f2f4 h5h4 a4a5 g8e7 b2b3 a8b8 b1c3 e5f4 g2g3 e7g8 a1b1 \
         h8h7 c1a3 a7a6 f1g2 e8e7 d1d2 c6b4 h1h2 h4g3 g2f3 d8e8 d2d3 h7h8 f3g2 g8h6 g2d5 b4c6 \
         d5f3 c6a5 h2g2 e8d8 g2h2 a5c6 c3a4 e7e8 d3d1 e8e7 e1f2 d8e8 h3h4 e8d8 h4h5 e7e6 g1h3 \
         f7f5 a4b6 f8e7 d4d5 e6d5 d1e1 d5d4 f2f1 c6a5 e1f2 g7g5 h5g6 c7c6 h3g1 d4e4 f2d4 a5c4 \
         d4a1 e7f6 b3b4 h8h7 h2h1 c4b2 b6d7 f6h4 c2c4 d8b6 f1e1 h6g8 f3g4 h7h8 d7f8 h4e7 b4b5 \
         e7d8 e1d2 b6e3 b5b6 b8a8 a1a2 e4d3 g4h3 e3e2 d2d1 d8f6 a2a1 g3g2 b1b2 g2h1n",
        &["hxg6", "gxh1=N"],
    ),
    (
        "losers",
        "g2g4 b8c6 c2c4 d7d5 c4d5 c8g4 d5c6 g4e2 f1e2 d8d2 c1d2 b7c6 g1f3 e8c8 e1g1 d8d2 b1d2 \
         g7g6 a1c1 c6c5 c1c5 a7a6 e2a6 c8b8 c5c7 b8c7 d1c2 c7b6 c2g6 h7g6 f1d1 b6a6 g1f1 h8h2 \
         f3h2 a6b6 f1g1 b6a7 h2g4 a7a8 g1f1 g6g5 g4f6 g8f6 d1c1 f6g8 d2b1 a8b7 c1c8 b7c8 b2b4 \
         f8h6 b1a3 c8b8 a3b1 b8a8 b4b5 e7e6 f1e1 a8b8 e1d2 b8a8 a2a3 e6e5 d2c3 g5g4 f2f4 g4f3 \
         c3b3 f7f5 b3c4 f5f4 c4b4 h6f8 b4a5 f8a3 b1a3 f3f2 a5a4 e5e4 a3c4 f2f1q c4a5 f1b5 a4b5 \
         a8b8 b5c5 b8c7 a5b3 c7b7 b3a5 b7c7 c5b4 c7d6 b4b5 d6e6 a5c6 e6f5 b5c4 f5g5 c6e5 f4f3 \
         e5f3 e4f3",
        &["O-O-O", "O-O ", "gxf3", "f1=Q", "Qxd2+"],
    ),
    (
        "shatranj",
        "b1a3 b7b6 c1e3 b8a6 a3b1 a6b4 d2d3 g8f6 g2g3 g7g6 b1a3 f6h5 e3g5 e7e6 g1h3 c8a6 e1d2 \
         a6c4 h3g1 h5f4 b2b3 c7c6 d2e1 a8c8 d1d2 h7h6 g1f3 f4h3 a1d1 h6g5 f3g1 h8h5 d1c1 c4e2 \
         a3b1 c8a8 b1c3 a8c8 a2a3 b4a2 c1d1 d7d6 f1h3 c6c5 h3f1 d8c7 a3a4 e8d7 g1e2 d7c6 e2f4 \
         c7b7 g3g4 d6d5 b3b4 h5h8 d1b1 b6b5 f1h3 a2c1 d2c1 d5d4 b1b3 h8h5 g4h5 c6d5 b3a3 d5c4 \
         f4d5 c4b3 c3e2 c8c7 a4b5 e6d5 f2f3 b7c8 h1g1 c7c6 c2b3 a7a6 a3a2 c8b8 g1g4 a6a5 g4h4 \
         g5g4 h5g6 c6a6 e2g1 f7g6 c1b2 c5b4 f3g4 a6d6 g1e2 f8h6 e2c1 d6f6 e1f2 b8c8 a2a5 c8b8 \
         a5a4 f6b6 f2g1 b6e6 g1f2 e6e3 h3f5 e3g3 h4h3 g3d3 a4a8 b8c7 a8a5 g6f5 a5a4 c7d7 a4a1 \
         d3g3 g4f5 g3e3 h3f3 d7d8 f3h3 e3e5 c1e2 e5e2 b2c1 e2b2 h3f3 h6f4 h2h3 d8c8 f3d3 c8d8 \
         a1a8 d8d7 f2e3 f4d2 e3d2 d7c7 a8b8 b2b1 c1b1 c7d6 b1a2 d6c7 d2c1 c7b8 d3d4 b8a8 f5f6 \
         a8b8 c1b2 b8c7 d4d3 c7d8 d3e3 d8c7 b2a1 c7b6 e3c3 b6b5 a2b1 b4c3 b1c2 b5a5 c2c3 a5a6 \
         c3d4 a6a5 b3b4 a5b6 f6f7 b6b7 f7f8q b7b6 d4d5",
        &["f8=Q", "Ra8+"],
    ),
    (
        "shatar",
        "g2g3 g8f6 b1d2 c8f5 d2e4 f6d7 e4g5 g7g6 a2a3 f5d3 a3a4 d7c5 g3g4 b8d7 g5e4 c7c6 a4a5 \
         e7e6 d4c5 g6g5 e1d2 d3c4 b2b3 d5d4 d1e1 f8d6 a1a2 d7b6 f1h3 c4d3 c2c3 d3e4 a2a3 d4d3 \
         c5b6 e4f5 c3c4 d8d7 b3b4 d6b4 d2d1 e8f8 c1e3 a8d8 g1f3 a7a6 a3a1 b4d6 e1f1 d6e5 a1b1 \
         c6c5 f3g5 e5f4 h1g1 d7c8 b1b3 d3d2 f2f3 h7h6 g5h7 f8e7 e3f2 c8c6 f2e3 h8e8 b3c3 d8d5 \
         e3f4 d5e5 h7f8 f5g4 h3g4 e7f8 e2e3 e5f5 c3c1 d2c1j d1e2 c1a1 f1c1 a1a4 f4b8 f5f3 b8d6 \
         e8e7 d6g3 c6c7 g3d6 h6h5 b6c7 f7f6 c1e1 a4a2 e1d2 a2d2 e2f3 f8g7 d6e5 g7h6 e5c3 e7d7 \
         c3a1 h6g5 c7c8j g5h4 c8a8 d2f2 f3e4 d7d2 g1b1 d2d1 g4d1 f2f4 e4f4 b7b6 a8a7 b6a5 a1f6 \
         h4h3 f6g5 e6e5 f4f5 h3g2 d1g4 e5e4 a7b7 a5a4 b7b2",
        &["dxc1=J+", "Bxb4+", "#"],
    ),
    (
        "courier",
        "h1g1 b8a6 c1e3 j8h6 g3h4 g6h5 b1a3 g5h4 j1h3 h6j8 f2f3 l8l7 k1l3 j7j6 g1g2 b7b6 b2b3 \
         a6b4 e3c1 b4d5 i2i3 j8l6 i3i4 f7f6 e1f2 e7e6 l1k1 h5g6 f2e1 i7i6 f1f2 k8i7 l3j4 d5f4 \
         e2e3 i7h5 e1f1 h5g7 f1e2 i6i5 k2k3 e8f7 j4i6 f7e7 i6j4 g6f7 a3b5 f7g6 b5d6 g6f5 d6f7 \
         a8a6 j4h5 f4g2 b3b4 g7i6 f7h6 g2e3 d2e3 h8g8 f3f4 e7f7 h3f5 i6g7 e2f1 g8h8 h5i7 a6a7 \
         f5d7 i8k6 d1e2 l7l8 h6i8 l6j4 f2e1 l8l7 i8j6 k7j6 k1k2 k6j7 k2l2 f7e7 i7h5 h4h3 e2f3 \
         j7i8 g4g5 j4h2 f4f5 g7i6 f3c6 e7f7 h5f6 i6h4 f1g2 j6j5 e1f2 h3g2 f6g8 g2g1f f2g1 d8e7 \
         f5f6 e7d6 c6h1 f7f6 h1f3 f6g5 a1a3 l7k7 l2l3 d6g3 f3g2 h4i6 c2c3 e6e5 g2b7 i6h4 g1h1 \
         h8g8 d7b5 c7c6 k3k4 g5g4 k4k5 c6b5 b7c8 f8g7 k5k6 g7f6 i4j5 g4h3 j2j3 h3g2",
        &["g1=F+", "#"],
    ),
    (
        "horde",
        "c5c6 a7a5 b5a6 d7c6 f5f6 e7e6 a6b7 c8d7 b7a8b h7h5 g4h5 g7g6 h5g6 f8c5 d4c5 g8e7 b4b5 \
         e8g8 e4e5 f7g6 b5b6 f8f6 b3b4 d7c8 e5f6 g8h7 a8c6 d8d7 d3d4 h7h8 f6f7 d7d4 f4f5 h8h7 \
         b6c7 d4c5 f5f6 h7h8 c6b5 c5f5 b2b3 f5c5 c7b8r c5c4 b5e8 c8a6 b8b7 e7f5 f7f8q",
        &["bxa6", "bxa8=B", "O-O ", "#"],
    ),
    (
        "shako",
        "a1i1 e8e6 j3j5 f8f7 e2e1 d8d7 d2c1 g9f10 a2c4 c9e10 e1f1 j9i10 j2h4 a8a7 g3g4 e10d8 \
         b3b4 e9j4 a3a5 j4j1 c4b5 j10j5 b5a6 h8h6 c2e1 b9c9 f2d2 h9j10 h4f6 f9h9 d2d1 j1j2 d3d4 \
         h9h10 f6e7 a9c7 a6c4 c9b9 e2f2 d8e10 a5a6 b8b6 a6b7 g9f9 c1b2 c7a9 d1d2 f9h9 e7f6 \
         a10c10 i1h1 e10g9 b4b5 c10c4 f6g7 f7f6 b5b6 c4c7 g4g5 d9f7 f2e2 b9b10 g5f6 f7j3 d2d3 \
         j5d5 d3e4 j3f7 h2g4 j2j6 g4f2 d5j5 b7c8 h10g10 e2c2 h9h10 g7e5 b10b7 e4f4 h10h8 c8c9 \
         f7h5 c9c10n i8i6 f2d3 g9e8 i3i4 h8h10 c2c1 f10h8 d4d5 a7a6 h1g1 j6h4",
        &["O-O-O", "O-O ", "axb7", "c10=N", "Cd5+", "#"],
    ),
    (
        "grand",
        "a3a4 a10g10 j1j2 f9h10 f2d1 g10f10 g3g4 h10j9 g2i1 a8a7 d3d5 g9f7 c2i8 f7d6 d1h1 j9i7 \
         e2e1 h9i10 i8b1 b8b7 c3c4 h8h6 i2g3 c8c7 b1j9 f10c10 f3f4 d6e5 d2d1 c10b10 e1d2 i7j7 \
         j9b1 e5d6 c4c5 b9d10 h1e1 j7j6 g3h1 d6f7 e1e2 j6j4 e2e1 b10a10 a1a3 i10j9 e1e2 j10g10 \
         j2i2 j4h3 b1c2 h3i5 i2j2 j8j6 f4f5 g8g6 e2e1 j9i8 e3e4 a10c10 i1g2 i5g5 d2c3 g5f5 d1f3 \
         e8e7 f3f1 d8d7 a3a1 f5e3 f1d3 f7g9 g2i1 i8j9 c2d1 d9f7 i1h3 i9j7 a4a5 g10j10 h3i4 c7c6 \
         j2j1 e3g3 i4j6 d10b9 e4e5 j10e10 e1e2 j7i9 d3g3 c9d8 g3e1 d8a5 a1a5 f7f5 c3b4 c10c7 \
         e2e3 d7d6 h1j2 h6h5 e3g2 g9h7 g2c2 e9e8 j6i5 e10f10 h2g1 h7f9 j1i1 f5f6 i3i4 b7b6 i5h3 \
         f10g10 c2a1 f6h4 e5e6 h4g3 i4i5 g6g5 h3f2 f9g8 a1a3 d6c5 b4c4 j9d3 b2d3 g3e3 a3c2 e8d8 \
         e1d2 e3d3 c4d3 f8f6 e6f7 c7d7 f7f8n d7d6 a5b5 g10g9 b5c5 g8h9 d3e4 e7e6 d2a5 c6d5 e4e3 \
         h9f7 a5d2 d8e7 d2d3 h5h4 f2e4 a7a6 d3e2 g9g6 c5b5 a6a5 c2c8",
        &["exf7", "f8=N", "Ce3+", "#"],
    ),
    (
        "kingofthehill",
        "g1f3 a7a5 b1a3 g8h6 h2h3 b8c6 b2b4 h6g4 a3c4 b7b6 c4a3 h7h5 c2c4 g4h6 f3e5 a8b8 a3b5 \
         d7d6 e5c6 h6g8 h3h4 g7g6 d2d4 g6g5 c1g5 c8f5 h1h3 d6d5 b5a3 e7e6 d1b3 f8c5 c6d8 g8e7 \
         e1c1 e8g8 g5e7 a5a4 b3d3 e6e5 c1b1 f5h3 d8f7 c5d6 a3c2 f8c8 f7g5 h3f5 f2f3 f5g4 d3e3 \
         g8h8 b4b5 g4e6 e3d2 d6a3 g2g3 h8g7 e7f6 g7f6 d2b4 e5e4 c2a1 c8d8 d1d2 f6f5 b4c3 e6d7 \
         g5f7 e4e3 c3c2 f5f6 g3g4 a3c5 f3f4 d7g4 d2d3 d8e8 a2a3 g4h3 c2c3 f6f7 f1g2 e8f8 d3d2 \
         b8b7 d2a2 c5d6 b1c2 c7c5 b5c6 b6b5 c3b2 h3c8 g2f1 b5c4 f1g2 b7d7 b2b8 f8h8 b8a7 d6b8 \
         g2f1 f7g6 a1b3 g6g7 c2b1 d7f7 b1c1 h8h7 a7e7 c8h3 e7a7 h7h6 a7a5 h3g4 a5d8 f7b7 b3d2 \
         b7d7 c6c7 d7d6 c7c8n d6c6 c8e7 c6e6 a2c2 h6h8 d8b8 g4e2 c1b1 e6a6 c2a2 h8e8 b8a8 g7h6 \
         b1b2 e3d2 a8b8 a6a7 b8c8 e2g4 c8c5 h6g7 e7c6 g4h3 c6d8 h3f1 d8c6 e8c8 a2a1 a7d7 c6d8 \
         d2d1q b2a2 d1c2",
        &["O-O-O", "O-O ", "bxc6", "c8=N", "Bf6+", "#"],
    ),
    (
        "3check",
        "g1f3 a7a5 b1a3 g8h6 h2h3 b8c6 b2b4 h6g4 a3c4 b7b6 c4a3 h7h5 c2c4 g4h6 f3e5 a8b8 a3b5 \
         d7d6 e5c6 h6g8 h3h4 g7g6 d2d4 g6g5 c1g5 c8f5 h1h3 d6d5 b5a3 e7e6 d1b3 f8c5 c6d8 g8e7 \
         e1c1 e8g8 g5e7 a5a4 b3d3 e6e5 c1b1 f5h3 d8f7 c5d6 a3c2 f8c8 f7g5 h3f5 f2f3 f5g4 d3e3 \
         g8h8 b4b5 g4e6 e3d2 d6a3 g2g3 h8g7 e7f6 g7f6 d2b4 e5e4 c2a1 c8d8 d1d2 f6f5 b4c3 e6d7 \
         g5f7 e4e3 c3c2 f5f6 g3g4 a3c5 f3f4 d7g4 d2d3 d8e8 a2a3 g4h3 c2c3 f6f7 f1g2 e8f8 d3d2 \
         b8b7 d2a2 c5d6 b1c2 c7c5 b5c6 b6b5 c3b2 h3c8 g2f1 b5c4 f1g2 b7d7 b2b8 f8h8 b8a7 d6b8 \
         g2f1 f7g6 a1b3 g6g7 c2b1 d7f7 b1c1 h8h7 a7e7 c8h3 e7a7 h7h6 a7a5 h3g4 a5d8 f7b7 b3d2 \
         b7d7 c6c7 d7d6 c7c8n d6c6 c8e7 c6e6 a2c2 h6h8 d8b8 g4e2 c1b1 e6a6 c2a2 h8e8 b8a8 g7h6 \
         b1b2 e3d2 a8b8 a6a7 b8c8 e2g4 c8c5 h6g7 e7c6 g4h3 c6d8 h3f1 d8c6 e8c8 a2a1 a7d7 c6d8 \
         d2d1q b2a2 d1c2",
        &["O-O-O", "O-O ", "bxc6", "c8=N", "Bf6+", "#"],
    ),
    (
        "5check",
        "g1f3 a7a5 b1a3 g8h6 h2h3 b8c6 b2b4 h6g4 a3c4 b7b6 c4a3 h7h5 c2c4 g4h6 f3e5 a8b8 a3b5 \
         d7d6 e5c6 h6g8 h3h4 g7g6 d2d4 g6g5 c1g5 c8f5 h1h3 d6d5 b5a3 e7e6 d1b3 f8c5 c6d8 g8e7 \
         e1c1 e8g8 g5e7 a5a4 b3d3 e6e5 c1b1 f5h3 d8f7 c5d6 a3c2 f8c8 f7g5 h3f5 f2f3 f5g4 d3e3 \
         g8h8 b4b5 g4e6 e3d2 d6a3 g2g3 h8g7 e7f6 g7f6 d2b4 e5e4 c2a1 c8d8 d1d2 f6f5 b4c3 e6d7 \
         g5f7 e4e3 c3c2 f5f6 g3g4 a3c5 f3f4 d7g4 d2d3 d8e8 a2a3 g4h3 c2c3 f6f7 f1g2 e8f8 d3d2 \
         b8b7 d2a2 c5d6 b1c2 c7c5 b5c6 b6b5 c3b2 h3c8 g2f1 b5c4 f1g2 b7d7 b2b8 f8h8 b8a7 d6b8 \
         g2f1 f7g6 a1b3 g6g7 c2b1 d7f7 b1c1 h8h7 a7e7 c8h3 e7a7 h7h6 a7a5 h3g4 a5d8 f7b7 b3d2 \
         b7d7 c6c7 d7d6 c7c8n d6c6 c8e7 c6e6 a2c2 h6h8 d8b8 g4e2 c1b1 e6a6 c2a2 h8e8 b8a8 g7h6 \
         b1b2 e3d2 a8b8 a6a7 b8c8 e2g4 c8c5 h6g7 e7c6 g4h3 c6d8 h3f1 d8c6 e8c8 a2a1 a7d7 c6d8 \
         d2d1q b2a2 d1c2",
        &["O-O-O", "O-O ", "bxc6", "c8=N", "Bf6+", "#"],
    ),
    (
        "breakthrough",
        "d2d3 g7h6 d3e4 f8g7 e2d3 d7e6 g2g3 e7f6 c1d2 e8d7 a2b3 d7c6 d1e2 d8e7 d2c3 c8d7 c3b4 \
         c6c5 f2e3 c7c6 f1f2 c5c4 b1a2 f7g6 g3h4 f6e5 f2g3 g6g5 b2c3 g5f4 c3d4 e5d4 b4b5 d4e3 \
         a1b2 c4b3 g1g2 c6c5 e2f3 g7g6 g3f4 e6f5 b2a3 c5d4 e1e2 b3b2 e4e5 b2a1",
        &[],
    ),
    (
        "racingkings",
        "f2g3 d1c3 g2f2 b2b6 f2f6 a2a3 g3f4 a3b4 h2h3 c2b3 f6f8 b3c2 f8h8 b1b2 h8h6 a1a6 h6e6 \
         d2b1 h1g2 a6c4 e2d4 c2h7 f4h2 b2f2 g2e4 c4a2 e1f3 a2a7 g1g4 c1e3 h2f4 a7a1 f3e5 a1a2 \
         e4e3 c3a4 f4g3 a2c4 e6c6 b1d2 g4g5 f2f5 d4f5 c4f4 g3e1 f4d4 c6c8 b6b7 e5c4 d4f6 f5g7 \
         f6e5 g5h5 b7b5 c8a8 e5d5 g7e6 d5c5 e3f4 a4b6 h5g5 c5c7 e6c7 b4c3 g5g6 b6d5 a8e8 b5b2 \
         f4e4 c3b4 g6d6 d5e7 e4d4 b4b3 d6d7 e7c8 c4b6 h7c2 d7f7 d2c4 e1b4 c4e5 b4f8 e5f3 f8h6 \
         b2b1 h6f4 b1a1 d4f2 f3d4 f4h2 d4e6 f1a6 c8d6 e8b8 a1h1 a6c8 d6b7 f7e7 h1g1 b6d7 g1b1 \
         e7g7 b1d1 h3g3 e6g7 f2f5 d1c1 d7f8 b3a3 f5c2 b7c5 c2b1 c1c2 c8h3 c5e6 b1b5 c2d2 h2g1 \
         e6f4 b5c4 f4h3 c4c6 h3f2 g1h2 d2a2 b8d8 a2d2 c6f6 d2d8 c7e8 d8c8 g3g2 f2d1 e8c7 g7h5 \
         f6g5 c8d8 f8h7 d8d3 g5g3 a3b2 h7g5 b2b1 g5f3 d3d8 f3e1 d8g8 h2g1 g8f8 e1d3 f8f3 g3f3 \
         d1f2 f3c6 f2d1 c6f3 d1f2 f3e4 b1c2 e4d4 c2d2 c7d5 h5g3 d5c3 g3f5 d4c4 d2c2 g2f3 f5e3 \
         c4b5 f2e4 d3c1 c2c3 f3f4 e4d2 b5f1 e3d1 g1c5 d1f2 c1b3 d2c4 f4g5 c4d6 f1e2 f2g4 c5b6 \
         g4e5 g5f6 e5c4 b6a7 d6f7 b3d2 f7e5 e2d1 c3d3 f6e7 c4b2 e7f8 d3c3",
        &[],
    ),
    // seed 1
    (
        "xiangqi",
        "b3b2 a10a8 h3h5 a7a6 h5h3 a6a5 e1e2 h10i8 e2e1 g7g6 h3h4 b8b9 b2f2 b9g9 a4a5 a8a5 f1e2 \
         a5a3 i4i5 h8h5 f2h2 b10a8 h2h5 a8b10 i1i3 f10e9 e2f3 e9f8 h5h7 g9c9 d1e2 a3d3 h4h5 \
         e7e6 i5i6 c10a8 c1e3 b10d9 h5c5 f8e9 a1a2 e9f8 a2c2 d3e3 g4g5 i10i9 b1d2 i9f9 h7h9 \
         c9c5 h9g9 e3c3 e1f1 c3c2 i3i4 g6g5 i6h6 a8c6 h6i6 e6e5 f1e1 c2b2 c4c5 b2b6 g1i3 b6b3 \
         e1f1 b3b2 i4f4 b2b6 g9g6 f9e9 e2d3 e9h9 d2b3 h9i9 f4g4 i9h9 g4g3 h9h4 b3d2 e10f10 d2b3 \
         h4h7 h1f2 e5e4 g6h6 g10e8 g3g4 h7h8 h6b6 h8h6 f2h1 d9e7 b6h6 g5g4 i3g5 g4g3 h6f6 f8e9 \
         f6f8 f10e10 b3a1 e10f10 f1f2 g3g2 f2e2 c6a8 e2e1 c7c6 f8f9 e9d8 f9d9 g2g1 i6h6 e7d5 \
         h1g3 f10e10 d9a9 d5e3 a9i9 e8c10 d3e2 e3c2 e1d1 d8e9 g3i2 e9f10 i9e9 e4d4 e9e4 i8g7 \
         e4e8 g7f5 d1d2 e10e9 g5e3 f5g7 d2d1 c2a1 e2f1 a1b3 i2h4 c10e8 e3g5 b3c1 h6g6 e9f9 h4i2 \
         d10e9 g5i3 i7i6 i2g1 e9d10 g1i2 c1a2 i3g5 d10e9 d1d2 e9d10 d2d1 g7i8 f3e2 f10e9 g6f6 \
         i8g9 f6g6 i6i5 g6f6 e9f10 i2g3 a2b4 g3f5 f9e9 f5e3 g9e10 c5c6 e9d9 e3c4 a8c6 g5e3 d9e9 \
         f6f7 e9f9 c4d6 i5i4 d6c4 e8c10 e2d3 c6e8 c4b2 b4c2 e3c1 d4d3 f7e7 c2e1 b2d3 i4h4 d3f4 \
         h4h3 e7f7 e10f8 f4h5 e8c6 f7e7 f8d9 e7e8 c10a8 h5g7",
        &["Cf6+", "#"],
    ),
    // seed 1
    (
        "minixiangqi",
        "f1f6 c6c5 c2c3 a6b6 f6f5 b7b1 c1b3 a7a3 g1f1 f7f1",
        &["Cxb1+", "#"],
    ),
    (
        "fischerandom",
        "f2f4 b7b6 e2e4 b8a6 g1f3 g8f6 h2h3 a6b4 b1c3 a7a6 e4e5 d7d6 c3e2 d6d5 h3h4 c8d7 f3d4 \
         f6g4 a2a3 d7a4 h1h3 c7c5 e2g3 a4d7 d4c6 a6a5 c6a5 f7f5 e5f6 g4f6 d1h5 f6h5 h3h1 h5g3 \
         a5b3 b6b5 b3c5 a8a6 d2d4 a6a5 c5a4 g3e4 g2g3 e4g3 c2c4 g3e4 a4b6 d7g4 c1d2 b4a2 b2b3 \
         g7g5 d2a5 a2c3 f1d3 d8b8 d3b1 f8h6 b6a4 e8h8 f4f5 b8e5 d4e5 f8f7 h4h5 e4g3 b1c2 b5b4 \
         a5b6 c3a4 b6a5 d5c4 h1h2 a4c5 a5b4 g4f3 h2h1 f3g2 e1a1 h6g7 d1d2 f7f8 d2d7 g7f6 d7b7 \
         f8b8 b7b8 g8g7 b8d8 g3h5 h1h4 g2a8 h4c4 g7h6 c2d1 a8b7 c1c2 g5g4 d8c8 f6h8 c2b1 c5a4 \
         c4f4 a4b6 c8c4 h5f6 c4c1 b6d5 c1c2 f6e4 c2f2 d5f6 f2c2 e4c5 e5e6 f6d7 f4c4 d7b6 c2c1 \
         g4g3 c4e4 h6g7 e4e1 b6c4 a3a4 c4a3 b1a2 c5d3 c1c8 d3e1 b4a5 h7h5 c8c7 g7g8 d1g4 h8c3 \
         c7c3 b7g2 c3c7 g8g7 a5b6 h5g4 b6g1 g2h1 c7c8 a3c4 b3c4 h1f3 f5f6 g7h7 a2a1 f3h1 c8b8 \
         e1d3 a1b1 d3e1 b8c8 e1g2 b1c2 h7h6 c8a8 g2h4 g1a7 h1e4 c2b2 h6g6 a8h8 e4c2 b2c2 g6g5 \
         h8b8 g3g2 f6e7 g2g1n b8c8 g4g3 a7e3 g5f5 e3h6 h4f3 c8d8 f3d2 h6d2 g3g2 d8f8 f5g6 f8a8 \
         g1f3 a8a5 f3e5 d2c1 g6f5 c2b3 f5f6 c1b2 g2g1n b3c2 f6g6 b2d4 g1f3 c2c3 f3h4 c3d2 g6h5 \
         d4b6 h5g4 b6g1 e5g6 a5b5 g4f3 g1b6 h4g2 b5b4 f3e4 b6c7 g2h4 d2e2 e4f5 e7e8n f5g4 e6e7 \
         g6e5 e2d1 g4f3 e8g7 f3e3 e7e8q e3f4 e8e5 f4g4 e5g3",
        &["exf6", "O-O ", "O-O-O", "g1=N", "Qh5+", "#"],
    ),
    (
        "caparandom",
        "b1c3 h7h5 g2g3 i8j6 d2d4 h8g6 g3g4 g6h8 h1i3 c7c6 j2j4 h5h4 i1g2 d8b6 a2a3 b6d8 e1d2 \
         g8j5 d4d5 i7i6 i3h1 h8h6 d2d3 h6h5 d3g3 f8j8 c1g5 e7e5 d5e6 d8c7 g3h4 h5g3 h2g3 e8g8 \
         e2e4 b8a6 g5f6 c8d6 h4h6 g7h6 e6d7 c7a5 d7d8b a5b6 d8b6 d6c5 c3b5 c5e3 f2e3 g8e8 j1i1 \
         a6b8 f6g5 e8g8 d1e2 g8d8 b5a7 d8e7 f1a1 e7a3 g5i6 a8a7 g2f4 a3d3 f4d5 a7a1",
        &["O-O ", "dxe6", "d8=B", "O-O-O", "Cg3+", "#"],
    ),
    (
        "karouk",
        "a3a4 e6e5 f1e2 f8e7 e1d2 e5e4 d1e1 e4d3m f3f4 d3e2 a1a3 c8c7 c3c4 f6f5 e1e2 e7e6 e2f3 \
         e8g7 f3e2 g8e7 b1c3 d6d5 a3a1 d5c4 c3e4 e6d5 e4f6 a6a5 f6h5",
        &["exd3=M"],
    ),
    (
        "jesonmor",
        "c1a2 f9d8 e1g2 a9b7 g2e1 b9a7 h1i3 a7b9 a1c2 c9d7 b1a3 d7e5 d1b2",
        &[],
    ),
    (
        "clobber",
        "b1b2 a1a2 a6b6 c3d3 d5d4 e1d1 c4c5 d2e2 b2a2 a5b5 c2c1 a3b3 e4e5 d6e6 e5e6 b5b6 c6b6 \
         b4a4 c1d1 d3d4",
        &[],
    ),
    (
        "clobber10",
        "d1d2 g5g6 a2b2 b8b9 g8g7 g1f1 d9e9 g6g7 g2h2 j4i4 b3b4 a7a8 f3f2 a9a10 j7j6 d8d7 f2f1 \
         f6f7 a6b6 d4c4 j3j2 h10g10 h9h8 a3a4 j9i9 i7h7 f1e1 h4h3 d5c5 a1b1 c2c3 f8e8 i2i1 \
         d10e10 i10j10 e5e6 b7c7 h7h8 e4f4 e3d3 c3c4 a5b5 e9e10 d7c7 d2d3 b5b4 c10b10 f10f9 \
         c8c9 c7c6 c5c6 h3h2 b10b9 b1b2 g4g3 j8i8 h1h2 d6c6 h5h6 i5j5 c4b4 i8i9 j6j5 c6b6 b4a4",
        &[],
    ),
    (
        "manchu",
        "a1b1 a10a8 i4i5 b8b2 b1b2 h10g8 f1e2 a8a10 a4a5 g10e8 b2d2 g7g6 d2d3 g8f6 d3d6 a10a8 \
         d6d5 f6d7 i5i6 a8a9 d5f6 b10c8 g1e3 h8h6 e2f1 i7i6 f6e8 c10e8 g4g5 f10e9 c4c5 a9b9 \
         c1a3 e8g10 f1e2 g10i8 e4e5 d7c5 e2f3 i10f10 a3c1 h6h7 d1e2 h7h10 a5a6 c5d3 e1d1 h10h8 \
         a6a7 h8d8",
        &["Mxe8+", "#"],
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
