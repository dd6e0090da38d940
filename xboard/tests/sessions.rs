//! Whole CECP sessions played in-process through `joust_xboard::run_with`: the
//! handshake, moves both ways, refusals, game ends, time controls, analysis, take-backs
//! and the `setup`/`piece` description of a game XBoard does not know.

use joust_core::variants;
use joust_uci::board::Board;
use joust_uci::testkit::{play_with, Step, Transcript};
use joust_uci::Setup;
use joust_xboard::{run_with, Ending, Settings};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

fn session(steps: &[Step]) -> Transcript {
    let settings = Settings {
        fallback_time: Duration::from_secs(10),
    };
    play_with(steps, LIMIT, move |input, output| {
        run_with(input, output, settings)
    })
}

fn lines(texts: &[&str]) -> Vec<Step> {
    texts.iter().map(|t| Step::line(t)).collect()
}

fn await_line(prefix: &str, count: usize) -> Step {
    Step::Await(prefix.to_string(), count, Duration::from_secs(60))
}

/// The move of the `move` lines (legs joined), in order.
fn moves(t: &Transcript) -> Vec<String> {
    let mut out = Vec::new();
    let mut legs = String::new();
    for line in t.lines_starting("move ") {
        legs += &line["move ".len()..];
        if !legs.ends_with(',') {
            out.push(std::mem::take(&mut legs));
        }
    }
    out
}

#[test]
fn the_handshake_lists_every_game_and_ends_with_done() {
    let t = session(&lines(&["xboard", "protover 2", "ping 7"]));
    let features = t.lines_starting("feature ");
    assert_eq!(features.len(), 1, "{t}");
    let f = features[0];
    for v in variants::all() {
        assert!(
            f.contains(&format!(",{},", v.id)) || f.contains(&format!(",{}\"", v.id)),
            "{}",
            v.id
        );
    }
    for word in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "analyze=1",
    ] {
        assert!(f.contains(word), "{word}: {f}");
    }
    assert!(
        f.starts_with("feature myname=\"Joust") && f.ends_with("done=1"),
        "{f}"
    );
    assert_eq!(t.lines_starting("pong 7").len(), 1, "{t}");
    assert_eq!(t.ending, Some(Ending::EndOfInput));
}

#[test]
fn the_engine_answers_a_move_with_a_legal_move_and_pongs_after_it() {
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        "new",
        "sd 3",
        "post",
        "usermove e2e4",
        "ping 1",
    ]));
    let played = moves(&t);
    assert_eq!(played.len(), 1, "{t}");
    let board = Board::set_up(variants::chess(), &Setup::StartPos, &["e2e4".to_string()]).unwrap();
    assert!(board.legal_texts().contains(&played[0]), "{t}");
    let out = t.output();
    let pos_move = out.iter().position(|l| l.starts_with("move ")).unwrap();
    let pos_pong = out.iter().position(|l| *l == "pong 1").unwrap();
    assert!(pos_move < pos_pong, "{t}");
    // Thinking lines: depth score time nodes pv.
    let thinking = out
        .iter()
        .find(|l| l.starts_with("3 "))
        .expect("a depth 3 line");
    let fields: Vec<&str> = thinking.split(' ').collect();
    assert!(
        fields.len() >= 5 && fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
        "{thinking}"
    );
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        "new",
        "force",
        "usermove e2e5",
        "usermove e7e5",
        "usermove e2e4",
        "usermove e7e5",
        "usermove e2e4,",
        "usermove g1f3",
        "ping 1",
    ]));
    // A leg that starts no legal move is refused, and the next move is read alone.
    assert_eq!(
        t.lines_starting("Illegal move: ").to_vec(),
        vec![
            "Illegal move: e2e5",
            "Illegal move: e7e5",
            "Illegal move: e2e4,"
        ],
        "{t}"
    );
    assert!(
        moves(&t).is_empty(),
        "force mode: the engine does not move\n{t}"
    );
}

#[test]
fn bad_commands_variants_and_positions_are_answered_in_cecp_form() {
    let t = session(&lines(&[
        "xboard",
        "frobnicate 3",
        "variant no-such-game",
        "setboard not a fen",
        "level x y z",
        "ping 2",
    ]));
    let out = t.output();
    assert!(
        out.contains(&"Error (unknown command): frobnicate 3"),
        "{t}"
    );
    assert!(
        out.contains(&"Error (unknown variant): no-such-game"),
        "{t}"
    );
    assert!(out.contains(&"tellusererror Illegal position"), "{t}");
    assert!(out.contains(&"Error (bad argument): level x y z"), "{t}");
    assert_eq!(out.last(), Some(&"pong 2"), "{t}");
}

#[test]
fn a_game_with_new_pieces_is_described_with_setup_and_piece() {
    // Every game whose pieces are not all FIDE pieces gets a setup line with its start
    // position and board size; chess gets none.
    let t = session(&lines(&["xboard", "protover 2", "variant chess"]));
    assert!(t.lines_starting("setup").is_empty(), "{t}");
    let fairy = variants::all()
        .iter()
        .find(|v| {
            v.kinds
                .iter()
                .any(|k| k.betza.is_some() && !"PNBRQK".contains(k.letter))
        })
        .expect("a game with a fairy piece");
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        &format!("variant {}", fairy.id),
    ]));
    let setup = t.lines_starting("setup (");
    assert_eq!(setup.len(), 1, "{t}");
    let g = fairy.geometry;
    assert!(
        setup[0].ends_with(&format!(
            "{}x{}+0_fairy {}",
            g.files(),
            g.ranks(),
            fairy.start_fen
        )),
        "{t}"
    );
    assert!(!t.lines_starting("piece ").is_empty(), "{t}");
}

#[test]
fn mate_is_found_played_and_claimed() {
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        "new",
        "force",
        "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "sd 4",
        "go",
        "ping 1",
    ]));
    assert_eq!(moves(&t), vec!["a1a8"], "{t}");
    assert!(t.output().contains(&"1-0 {White mates}"), "{t}");
}

#[test]
fn a_user_move_that_mates_is_claimed_and_the_engine_does_not_move() {
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        "new",
        "usermove f2f3",
        "force",
        "usermove e7e5",
        "usermove g2g4",
        "playother",
        "usermove d8h4",
        "ping 1",
    ]));
    let out = t.output();
    assert!(out.contains(&"0-1 {Black mates}"), "{t}");
    // Only the engine's answer to f2f3 (it plays Black, so not after g2g4: force, then
    // playother made it White, which is mated).
    assert!(moves(&t).len() <= 1, "{t}");
}

#[test]
fn take_backs_restore_the_position() {
    let t = session(&lines(&[
        "xboard",
        "new",
        "force",
        "usermove e2e4",
        "usermove e7e5",
        "remove",
        "usermove d2d4",
        "undo",
        "usermove e7e5",
        "usermove c2c4",
        "ping 1",
    ]));
    // After remove White moves again; after undo of d2d4 e7e5 is White's and illegal.
    assert_eq!(
        t.lines_starting("Illegal move").to_vec(),
        vec!["Illegal move: e7e5"],
        "{t}"
    );
}

#[test]
fn move_now_and_time_controls_bound_the_search() {
    let t = session(&[
        Step::line("xboard"),
        Step::line("new"),
        Step::line("st 60"),
        Step::line("go"),
        Step::Pause(Duration::from_millis(300)),
        Step::line("?"),
        await_line("move ", 1),
        Step::line("force"),
        Step::line("level 40 0:02 0"),
        Step::line("time 200"),
        Step::line("otim 200"),
        Step::line("go"),
        await_line("move ", 2),
        Step::line("ping 1"),
    ]);
    assert_eq!(moves(&t).len(), 2, "{t}");
    assert!(t.elapsed < Duration::from_secs(20), "{t}");
}

#[test]
fn analysis_follows_the_game_and_never_moves() {
    let t = session(&[
        Step::line("xboard"),
        Step::line("new"),
        Step::line("force"),
        Step::line("analyze"),
        await_line("2 ", 1),
        Step::line("usermove e2e4"),
        Step::Pause(Duration::from_millis(200)),
        Step::line("."),
        Step::line("undo"),
        Step::line("exit"),
        Step::line("ping 1"),
    ]);
    assert!(moves(&t).is_empty(), "{t}");
    assert!(t.output().contains(&"pong 1"), "{t}");
}

#[test]
fn the_lion_double_move_is_read_and_written_as_multi_leg() {
    // A game whose coordinate text has multi-leg moves: a Lion that captures on e5 and
    // goes on. Found by its moves, not its id.
    let fen = "l9/10/10/10/10/4p5/4L5/10/10/10 w - - 0 1";
    let game = variants::all()
        .iter()
        .find(|v| {
            Board::set_up(v, &Setup::Fen(fen.into()), &[])
                .is_ok_and(|b| b.legal_texts().iter().any(|m| m == "e4e5,e5e6"))
        })
        .expect("a game with the Lion");
    // In XBoard's coordinates: on a board of 10 ranks they count from 0.
    let ranks = game.geometry.ranks();
    let xb = |text: &str| joust_xboard::coords::move_to_xboard(text, ranks);
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        &format!("variant {}", game.id),
        "force",
        &format!("setboard {fen}"),
        &format!("usermove {}", xb("e4e5,")),
        &format!("usermove {}", xb("e5e6")),
        "undo",
        &format!("usermove {}", xb("e4e5,e5e6")),
        "undo",
        "sd 2",
        "go",
        "ping 1",
    ]));
    assert!(t.lines_starting("Illegal").is_empty(), "{t}");
    // The engine's move is written leg by leg, one `move` line per leg.
    let legs = t.lines_starting("move ");
    let played = moves(&t);
    assert_eq!(played.len(), 1, "{t}");
    assert_eq!(legs.len(), played[0].split(',').count(), "{t}");
    let board = Board::set_up(game, &Setup::Fen(fen.into()), &[]).unwrap();
    let ours = joust_xboard::coords::move_from_xboard(&played[0], ranks);
    assert!(board.legal_texts().contains(&ours), "{t}");
}

/// Lancers facing SE (a8, XBoard's `c`), NE (a1, `E`) and NW (h1, `H`), in XBoard's FEN
/// and in Joust's.
const LANCERS_XBOARD: &str = "c3k3/8/8/8/8/8/8/E3K2H w - - 0 1";
const LANCERS_JOUST: &str = "l(SE)3k3/8/8/8/8/8/8/L(NE)3K2L(NW) w - - 0 1";

/// A Lancers session from [`LANCERS_XBOARD`] in force mode: `usermoves`, then the engine
/// searches to depth 2 and answers a ping.
fn lancers_session(usermoves: &[&str]) -> Transcript {
    let setboard = format!("setboard {LANCERS_XBOARD}");
    let mut texts = vec![
        "xboard",
        "protover 2",
        "variant lancers",
        "force",
        setboard.as_str(),
    ];
    texts.extend_from_slice(usermoves);
    texts.extend(["sd 2", "go", "ping 1"]);
    session(&lines(&texts))
}

#[test]
fn lancer_facings_are_xboard_letters_in_fens_and_moves() {
    let t = lancers_session(&[
        // The Lancer on h1 faces NW: it cannot go north.
        "usermove h1h2f",
        // a1 to c3, turning NW: Joust's a1c3nw.
        "usermove a1c3h",
    ]);
    let setup = t.lines_starting("setup (");
    assert_eq!(setup.len(), 1, "{t}");
    assert!(
        setup[0].ends_with(" rcbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/REBQKBHR w KQkq - 0 1"),
        "{t}"
    );
    assert!(t.lines_starting("tellusererror").is_empty(), "{t}");
    assert_eq!(t.lines_starting("Illegal"), ["Illegal move: h1h2f"], "{t}");
    let played = moves(&t);
    assert_eq!(played.len(), 1, "{t}");
    // Joust's FEN of that position, and the engine's move read back from XBoard's form.
    let game = variants::lancers();
    let board = Board::set_up(game, &Setup::Fen(LANCERS_JOUST.into()), &["a1c3nw".into()]).unwrap();
    let pieces = joust_xboard::pieces::PieceMap::new(game).unwrap();
    let reply = pieces.move_from_xboard(&board, &played[0]);
    assert!(board.legal_texts().contains(&reply), "{reply}: {t}");
    assert_eq!(pieces.move_to_xboard(&board, &reply), played[0], "{t}");
    assert!(played[0].len() <= 5, "a facing is one letter: {t}");
}

#[test]
fn a_lancer_move_with_no_facing_keeps_the_facing_it_had() {
    // As XBoard sends a Lancer dragged in its window: no promotion letter.
    let t = lancers_session(&[
        "usermove a1c3",
        "usermove a8b7",
        // Not along h1's facing (NW): no move keeps it.
        "usermove h1h2",
        // Legal only if the Lancers kept their facings: c3 NE (`e`), b7 SE (`c`).
        "usermove c3d4e",
        "usermove b7c6c",
    ]);
    assert!(t.lines_starting("tellusererror").is_empty(), "{t}");
    assert_eq!(t.lines_starting("Illegal"), ["Illegal move: h1h2"], "{t}");
    let played = moves(&t);
    assert_eq!(played.len(), 1, "{t}");
    // The engine's reply is legal in the position with the facings kept.
    let game = variants::lancers();
    let kept = ["a1c3ne", "a8b7se", "c3d4ne", "b7c6se"].map(String::from);
    let board = Board::set_up(game, &Setup::Fen(LANCERS_JOUST.into()), &kept).unwrap();
    let pieces = joust_xboard::pieces::PieceMap::new(game).unwrap();
    let reply = pieces.move_from_xboard(&board, &played[0]);
    assert!(board.legal_texts().contains(&reply), "{reply}: {t}");
}

#[test]
fn seirawan_gating_is_read_and_written_as_a_promotion_letter() {
    let t = session(&lines(&[
        "xboard",
        "protover 2",
        "variant seirawan",
        "force",
        "usermove e2e4",
        "usermove e7e5",
        // The Knight leaves g1 and the Hawk enters behind it.
        "usermove g1f3h",
        "usermove b8c6e",
        // White's Hawk is on the board now: it cannot gate a second time.
        "usermove f1c4h",
        // The Bishop leaves without gating; the Elephant stays in hand.
        "usermove f1c4",
        "sd 2",
        "go",
        "ping 1",
    ]));
    assert!(t.lines_starting("tellusererror").is_empty(), "{t}");
    assert_eq!(t.lines_starting("Illegal"), ["Illegal move: f1c4h"], "{t}");
    let played = moves(&t);
    assert_eq!(played.len(), 1, "{t}");
    let game = variants::by_id("seirawan").unwrap();
    let kept = ["e2e4", "e7e5", "g1f3h", "b8c6e", "f1c4"].map(String::from);
    let board = Board::set_up(game, &Setup::StartPos, &kept).unwrap();
    assert!(board.legal_texts().contains(&played[0]), "{played:?}: {t}");
    // The position the moves reached has the gated pieces where they entered.
    let fen = board.fen();
    assert!(
        fen.starts_with("rebqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK1HR"),
        "{fen}"
    );
}
