//! PGN as other programs write it (ChessBase, lichess, cutechess, python-chess, old
//! Latin-1 databases): what they put in a file loads, games Joust cannot play are
//! reported once each, a broken game ends at the next game whatever it left open, and
//! the streaming reader gives the same games whatever the buffer size.

use joust_movegen::{position_from_fen, Game, Move};
use joust_notation::{
    move_to_san, read_pgn, write_pgn, MoveNotation, PgnError, PgnErrorKind, PgnGame, PgnReader,
};
use std::io::{BufReader, Read};

/// Reads `text`, which must hold only loadable games without issues.
fn clean_games(text: &str) -> Vec<PgnGame> {
    read_pgn(text)
        .into_iter()
        .map(|g| {
            let g = g.unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert!(g.issues.is_empty(), "{:?}\n{text}", g.issues);
            g
        })
        .collect()
}

/// The main line in SAN, null moves as `--`.
fn san_line(g: &PgnGame) -> Vec<String> {
    let mut game = Game::<u64>::new(position_from_fen(g.variant, g.start_fen()).unwrap());
    let mut out = Vec::new();
    for mv in g.moves() {
        out.push(move_to_san(game.position(), mv));
        assert!(if mv.is_null() {
            game.play_null()
        } else {
            game.play(mv)
        });
    }
    out
}

#[test]
fn what_common_tools_write_loads() {
    // Each feature once, as the tools write it; all one game's worth of moves.
    let text = concat!(
        "\u{feff}[Event \"Features\"]\r\n",
        "[Site \"?\"]\r\n",
        "\r\n",
        "[BlackType: \"program\"]\r\n",
        "[Black \"[=0040.34h5a4]\"]\r\n",
        "[Variant \"Standard\"]\r\n",
        "\r\n",
        "% an escape line { ( ; \r\n",
        "{ [%clk 0:01:00] [%eval 0.17] } 1.e2-e4 { [%clk 0:00:59] } 1... e5 $1 2. Nf3 Nc6!? ",
        "; to the end { of the line\r\n",
        "3. Bc4 (3. Bb5 a6 (3... Nf6 4. 0-0) 4. Ba4) 3... Nf6?! 4. 0-0 Bc5 5. d4 exd4 6. e5 d5 ",
        "7. exd6e.p. Qxd6 8. Re1+ Be6 9. Ng5 0-0-0 10. Nxe6 fxe6 11. Rxe6 Qd7\r\n",
    );
    let g = &clean_games(text)[0];
    assert_eq!(g.tag("Event"), Some("Features"));
    assert_eq!(g.tag("BlackType:"), Some("program"));
    assert_eq!(g.tag("Black"), Some("[=0040.34h5a4]"));
    assert_eq!(g.variant.id, "chess");
    assert_eq!(g.result, "*", "no result written");
    let san = san_line(g);
    assert_eq!(san.len(), 22);
    assert_eq!(&san[..4], ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(san[6], "O-O");
    assert_eq!(san[12], "exd6", "the e.p. suffix is read and dropped");
    assert_eq!(san[14], "Re1+");
    assert_eq!(san[17], "O-O-O");
    assert_eq!(g.line.comments, ["[%clk 0:01:00] [%eval 0.17]"]);
    let m = &g.line.moves;
    assert_eq!(m[0].comments, ["[%clk 0:00:59]"]);
    assert_eq!(
        (m[1].nags.as_slice(), m[3].nags.as_slice()),
        (&[1][..], &[5][..])
    );
    assert_eq!(m[3].comments, ["to the end { of the line"]);
    assert_eq!(m[4].variations.len(), 1);
    assert_eq!(m[4].variations[0].moves[1].variations.len(), 1, "nested");
}

#[test]
fn promotions_without_equals_mates_and_separate_e_p() {
    let g = &clean_games("[FEN \"4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1\"]\n1... bxa1Q+ 2. Kf2 *")[0];
    assert_eq!(san_line(g), ["bxa1=Q+", "Kf2"]);
    let g = &clean_games("1. f3 e5 2. g4 Qh4# 0-1")[0];
    assert_eq!(san_line(g)[3], "Qh4#");
    let g = &clean_games("1. e4 a6 2. e5 d5 3. exd6 e.p. *")[0];
    assert_eq!(san_line(g)[4], "exd6");
}

#[test]
fn games_without_tags_results_or_line_breaks() {
    let games = clean_games("1. e4 e5 1-0 1. d4 d5 0-1\n1. c4 1/2-1/2 1. f4 *\n\n1. b3");
    let results: Vec<&str> = games.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["1-0", "0-1", "1/2-1/2", "*", "*"]);
    let first: Vec<String> = games.iter().map(|g| san_line(g)[0].clone()).collect();
    assert_eq!(first, ["e4", "d4", "c4", "f4", "b3"]);
    // Leading white space before the tags, and tags without move text.
    let games = clean_games(" [Event \"A\"]\n[Result \"*\"]\n\n1. d4 *\n[Event \"B\"]\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event"), Some("B"));
    // Comments alone (after the last game) are no game.
    assert_eq!(clean_games("1. e4 *\n{ the end }\n; really\n").len(), 1);
}

#[test]
fn null_moves_in_every_spelling_pass_the_turn() {
    for null in ["--", "Z0", "0000", "@@@@", "null"] {
        let text = format!("1. e4 {null} 2. d4 e5 *");
        let g = &clean_games(&text)[0];
        assert_eq!(san_line(g), ["e4", "--", "d4", "e5"], "{null}");
        assert!(g.line.moves[1].mv.is_null());
    }
    // In a variation too, and in coordinates.
    let g = &clean_games("1. e2e4 e7e5 (1... 0000 2. d2d4) 2. g1f3 *")[0];
    assert!(g.line.moves[1].variations[0].moves[0].mv.is_null());
}

#[test]
fn null_moves_are_written_back_as_san_and_uci_write_them() {
    let g = &clean_games("[Event \"n\"]\n1. e4 Z0 2. d4 -- 3. c4 {pass} (3. Nf3 --) *")[0];
    let san = write_pgn(g, MoveNotation::San);
    assert!(
        san.contains("1. e4 -- 2. d4 -- 3. c4 {pass} (3. Nf3 --) *"),
        "{san}"
    );
    let coord = write_pgn(g, MoveNotation::Coordinate);
    assert!(
        coord.contains("1. e2e4 0000 2. d2d4 0000 3. c2c4"),
        "{coord}"
    );
    assert!(coord.contains("(3. g1f3 0000)"), "{coord}");
    for text in [san, coord] {
        assert_eq!(&clean_games(&text)[0], g, "{text}");
    }
}

#[test]
fn a_null_move_where_passing_is_impossible_is_an_illegal_move() {
    let cases = [
        (
            "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ --",
            "3...",
            "cannot answer a check",
        ),
        (
            "[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n1... --",
            "1...",
            "is not possible once the game is over",
        ),
        (
            "[Variant \"Musketeer\"]\n1. --",
            "1.",
            "is not possible during the setup phase",
        ),
    ];
    for (text, number, why) in cases {
        let e = read_pgn(text).remove(0).unwrap_err();
        match &e.kind {
            PgnErrorKind::IllegalMove {
                number: n, reason, ..
            } => {
                assert_eq!(n, number, "{text}");
                assert!(reason.ends_with(why), "{text}: {reason}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // In a variation it drops that variation only.
    let g = read_pgn("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ (3. Bc4 --) 3... Kxf7 *")
        .remove(0)
        .unwrap();
    assert_eq!(g.line.moves.len(), 6);
    assert_eq!(g.issues.len(), 0, "a legal pass in the variation");
    let g = read_pgn("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 (3... --) *")
        .remove(0)
        .unwrap();
    assert_eq!(g.line.moves[5].variations.len(), 0);
    assert!(matches!(g.issues[0].kind, PgnErrorKind::IllegalMove { .. }));
}

#[test]
fn names_other_tools_give_our_games_and_theirs() {
    for name in [
        "Standard",
        "STANDARD",
        "From Position",
        "chess",
        "Chess",
        "",
    ] {
        let text = format!("[Variant \"{name}\"]\n1. e4 *");
        assert_eq!(clean_games(&text)[0].variant.id, "chess", "{name}");
    }
    let from_position =
        "[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *";
    assert_eq!(clean_games(from_position)[0].line.moves.len(), 1);
}

#[test]
fn a_game_joust_cannot_play_is_reported_once_and_the_reader_goes_on() {
    let mut text = String::new();
    let others = [
        ("Crazyhouse", "Crazyhouse"),
        ("Atomic", "Atomic"),
        ("placement", "Placement"),
        ("janggi", "Janggi"),
        ("Bughouse", "Bughouse"),
        ("Shogi", "Shogi"),
    ];
    for (i, (written, _)) in others.iter().enumerate() {
        // Moves Joust could not read (drops, castling) and a syntax error too:
        // the game is still one error, that it cannot be played.
        text += &format!(
            "[Event \"{i}\"]\n[Variant \"{written}\"]\n[FEN \"x\"]\n1. e4 N@f3 2. O-O {{ ( \n\n"
        );
        text += &format!("[Event \"ok {i}\"]\n1. d4 *\n\n");
    }
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2 * others.len());
    for (i, (written, name)) in others.iter().enumerate() {
        let e = games[2 * i].as_ref().unwrap_err();
        assert_eq!(e.game, 2 * i + 1);
        assert_eq!(
            e.kind,
            PgnErrorKind::UnsupportedVariant {
                written: written.to_string(),
                name
            }
        );
        assert!(e.to_string().contains("Joust cannot play"), "{e}");
        let ok = games[2 * i + 1].as_ref().unwrap();
        assert_eq!(ok.tag("Event"), Some(format!("ok {i}").as_str()));
    }
}

/// Game texts with one syntax error each, of every kind.
const BROKEN: &[(&str, &str)] = &[
    ("unclosed variation", "1. e4 (1. d4 d5 2. c4 e5 *"),
    ("unclosed variations", "1. e4 ((1. d4 (1. c4"),
    ("unclosed comment", "1. e4 {no end 1-0"),
    ("comment in a variation", "1. e4 (1. d4 {no end) *"),
    ("stray parenthesis", "1. e4 ) e5 *"),
    ("stray brace", "1. e4 } e5 *"),
    ("bad NAG", "1. e4 $300 *"),
    ("variation before a move", "( 1. e4 *"),
    (
        "tag section broken",
        "[Site \"?\"]\n[White Smith]\n[Black \"B\"]\n1. e4 *",
    ),
    ("tag value unclosed", "[Site \"?\n[Black \"B\"]\n1. e4 *"),
    ("tag bracket unclosed", "[Site \"?\"\n1. e4 *"),
    ("tag in the move text", "1. e4 [Site \"?\"] e5 *"),
    (
        "symbol too long",
        "1. e4 eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee *",
    ),
];

#[test]
fn any_syntax_error_ends_its_game_only() {
    for (what, broken) in BROKEN {
        let text = format!(
            "[Event \"1\"]\n1. e4 e5 *\n\n[Event \"2\"]\n{broken}\n\n\
             [Event \"3\"]\n1. d4 {{ok}} (1. c4) d5 *\n\n[Event \"4\"]\n1. f4\n\n[Event \"5\"]\n1. b3 *\n"
        );
        let games = read_pgn(&text);
        assert_eq!(games.len(), 5, "{what}: {:#?}", summary(&games));
        let e = games[1].as_ref().expect_err(what);
        assert_eq!(e.game, 2, "{what}");
        assert!(e.loc.line >= 4 && e.loc.line <= 6, "{what}: {e}");
        for (i, g) in games.iter().enumerate().filter(|(i, _)| *i != 1) {
            let g = g
                .as_ref()
                .unwrap_or_else(|e| panic!("{what}: game {}: {e}", i + 1));
            assert_eq!(g.tag("Event"), Some((i + 1).to_string().as_str()), "{what}");
            assert!(g.issues.is_empty(), "{what}: {:?}", g.issues);
        }
    }
}

#[test]
fn errors_name_the_files_lines_in_later_games() {
    let text = "[Event \"1\"]\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 d5\n2. c4 Ke6 *\n\n[Event \"3\"]\n1. e4 ( *\n";
    let games = read_pgn(text);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.game, e.loc.line, e.loc.column), (2, 7, 7), "{e}");
    let e = games[2].as_ref().unwrap_err();
    assert_eq!((e.game, e.loc.line, e.loc.column), (3, 10, 7), "{e}");
    assert_eq!(e.kind, PgnErrorKind::UnterminatedVariation);
}

#[test]
fn latin1_bytes_are_read_as_latin1_and_utf8_as_utf8() {
    let mut bytes =
        b"[Event \"Open\"]\n[White \"M\xfcller, J\xf6rg\"]\n[Black \"Ren\xe9\"]\n".to_vec();
    bytes.extend_from_slice(b"1. e4 {Tr\xe8s bien \x93quoted\x94} e5 \xbd-\xbd\n\n");
    bytes.extend_from_slice("[White \"Müller\"]\n1. d4 *\n".as_bytes());
    let games: Vec<PgnGame> = PgnReader::new(&bytes[..]).map(Result::unwrap).collect();
    assert_eq!(games[0].tag("White"), Some("Müller, Jörg"));
    assert_eq!(games[0].tag("Black"), Some("René"));
    assert_eq!(games[0].line.moves[0].comments, ["Très bien “quoted”"]);
    assert_eq!(games[0].result, "1/2-1/2");
    // The next game is UTF-8 and read as such: each game is decoded on its own.
    assert_eq!(games[1].tag("White"), Some("Müller"));
    let written = write_pgn(&games[0], MoveNotation::San);
    assert!(written.contains("[White \"Müller, Jörg\"]"), "{written}");
    assert!(!written.contains('\u{fffd}'));
}

/// A reader that hands out at most `step` bytes per read.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn summary(games: &[Result<PgnGame, PgnError>]) -> Vec<String> {
    games
        .iter()
        .map(|g| match g {
            Ok(g) => format!(
                "{:?} {:?} {}",
                g.tags,
                g.moves().collect::<Vec<Move>>(),
                g.result
            ),
            Err(e) => e.to_string(),
        })
        .collect()
}

#[test]
fn streaming_gives_the_same_games_at_any_buffer_size() {
    let mut text = String::from("\u{feff}");
    for (what, broken) in BROKEN {
        text += &format!("[Event \"{what}\"]\r\n{broken}\r\n\r\n[Event \"é\"]\n1. e4 -- ½-½ ");
    }
    let whole = read_pgn(&text);
    for step in [1, 2, 3, 5, 64] {
        let input = BufReader::with_capacity(
            step,
            Trickle {
                bytes: text.as_bytes(),
                step,
            },
        );
        let streamed: Vec<_> = PgnReader::new(input).collect();
        assert_eq!(summary(&streamed), summary(&whole), "step {step}");
    }
}

/// A reader that fails after some bytes.
struct Failing(usize);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0 == 0 {
            return Err(std::io::Error::other("disk on fire"));
        }
        let text = b"[Event \"x\"]\n1. e4 *\n";
        let n = text.len().min(buf.len()).min(self.0);
        buf[..n].copy_from_slice(&text[..n]);
        self.0 -= n;
        Ok(n)
    }
}

#[test]
fn a_read_error_is_the_last_item() {
    let games: Vec<_> = PgnReader::new(BufReader::new(Failing(20))).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[0].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Read("disk on fire".to_string()));
    assert_eq!(
        e.to_string(),
        "game 2, line 3, column 1: cannot read the input: disk on fire"
    );
}

#[test]
fn tag_names_in_any_case_are_the_same_tags_when_written_back() {
    // Found by the fuzz target: an empty Variant (chess) followed by a second variant tag
    // spelt `VariAnt` was written back and read as that second one.
    let text = "[Variant \"\"]\n[VariAnt \"Made-up\"]\n[white \"A\"]\n[EVENT \"E\"]\n[Event \"F\"]\n1. e4 *";
    let g = &clean_games(text)[0];
    assert_eq!(g.variant.id, "chess");
    assert_eq!((g.tag("White"), g.tag("Event")), (Some("A"), Some("E")));
    let written = write_pgn(g, MoveNotation::San);
    assert!(
        written.starts_with(
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n"
        ),
        "{written}"
    );
    assert!(
        !written.contains("VariAnt") && !written.contains("Variant"),
        "{written}"
    );
    assert!(
        !written.contains("\"F\"") && !written.contains("white"),
        "{written}"
    );
    assert_eq!(&clean_games(&written)[0], g);
}
