//! `joust uci` driven through a pipe: handshake, options, positions, searches, perft, and
//! garbage that must be answered, not crashed on.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::Command;
use std::time::{Duration, Instant};

fn session(input: &str) -> String {
    session_bytes(input.as_bytes())
}

/// Sends `input` and closes the pipe; returns everything written (status 0 checked).
fn session_bytes(input: &[u8]) -> String {
    let mut child = common::spawn_uci();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn handshake_lists_every_game_and_answers_isready() {
    let out = session("uci\nisready\nquit\n");
    assert!(out.contains("id name Joust"));
    for game in [
        "chess",
        "lancerchess",
        "clash",
        "lancers",
        "single-lancer",
        "cromwell",
        "royal-lion",
        "musketeer",
    ] {
        assert!(out.contains(&format!("var {game}")), "{game}");
    }
    assert!(out.contains("uciok"));
    assert!(out.contains("readyok"));
}

#[test]
fn searches_every_game_to_a_legal_bestmove() {
    for game in [
        "chess",
        "lancerchess",
        "clash",
        "lancers",
        "single-lancer",
        "cromwell",
        "royal-lion",
        "musketeer",
    ] {
        let out = common::uci_search(&format!(
            "uci\nsetoption name UCI_Variant value {game}\nposition startpos\ngo depth 3\n"
        ));
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap_or_else(|| panic!("{game}: no bestmove in {out}"));
        assert!(!best.starts_with("(none)"), "{game}");
        assert!(out.contains("info depth 3"), "{game}: {out}");
    }
}

#[test]
fn finds_mate_and_reports_it() {
    let out =
        common::uci_search("uci\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 4\n");
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("bestmove a1a8"), "{out}");
}

#[test]
fn a_loss_at_an_odd_ply_is_reported_in_moves_as_fairy_stockfish_does() {
    // Suicide: every line ends with g4xh5 at the fifth ply and Black stalemated with one
    // piece against two, a win for Black. Fairy-Stockfish 11.1 says `mate -3` here.
    let out = common::uci_search(
        "uci\nsetoption name UCI_Variant value suicide\n\
         position fen 8/7p/8/p7/P7/8/6P1/8 w - - 0 1\ngo depth 6\n",
    );
    let last = out.lines().rfind(|l| l.contains(" score "));
    assert!(last.is_some_and(|l| l.contains("score mate -3")), "{out}");
}

#[test]
fn perft_over_uci_and_moves_after_a_fen() {
    let out = session("position startpos moves e2e4 e7e5\ngo perft 2\nquit\n");
    assert!(out.contains("Nodes searched: 835"), "{out}");
}

#[test]
fn garbage_is_answered_with_info_strings() {
    let out = session(
        "hello\nposition\nposition fen not a fen\nposition startpos moves e2e5\nsetoption name Hash value lots\nsetoption name UCI_Variant value nosuchgame\ngo depth\n\u{0}\u{7f}\ngo depth 1\nisready\nquit\n",
    );
    assert!(out.contains("info string unknown command 'hello'"));
    assert!(out.contains("info string position refused: position needs"));
    assert!(out.contains("info string position refused: bad FEN"));
    assert!(out.contains("'e2e5' is not a legal move"));
    assert!(out.contains("info string Hash 'lots'"));
    assert!(out.contains("unknown variant 'nosuchgame'"));
    assert!(out.contains("bestmove"));
    assert!(out.contains("readyok"));
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let out = session("position startpos\ngo infinite\nisready\nstop\nquit\n");
    assert!(out.contains("bestmove"), "{out}");
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    // White can take a queen, a rook or a knight; taking the queen is best.
    let out = common::uci_search(
        "setoption name MultiPV value 3\n\
         position fen 4k3/8/8/1q1r1n2/2P1P1P1/8/8/4K3 w - - 0 1\n\
         go depth 3\n",
    );
    let last_depth: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(last_depth.len(), 3, "{out}");
    let first_moves: Vec<&str> = last_depth
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(first_moves[0], "c4b5", "{out}");
    assert!(
        first_moves[1] != first_moves[0]
            && first_moves[2] != first_moves[0]
            && first_moves[2] != first_moves[1],
        "{out}"
    );
    let mut scores = Vec::new();
    for (rank, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", rank + 1)), "{line}");
        let cp = line
            .split(" score cp ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        scores.push(cp.parse::<i32>().unwrap());
    }
    assert!(scores[0] >= scores[1] && scores[1] >= scores[2], "{out}");
    assert!(out.contains("bestmove c4b5"), "{out}");
}

#[test]
fn multipv_out_of_range_is_refused() {
    let out = session("setoption name MultiPV value 0\nsetoption name MultiPV value x\nquit\n");
    assert_eq!(out.matches("info string MultiPV").count(), 2, "{out}");
}

#[test]
fn eval_prints_the_static_evaluation_by_term() {
    let out = session(
        "setoption name UCI_Variant value lancerchess\nposition startpos moves e2e4\neval\nquit\n",
    );
    insta::assert_snapshot!(out);
}

#[test]
fn piece_values_and_weights_change_the_evaluation_and_bad_ones_are_refused() {
    let out = session(
        "setoption name PieceValues value L=250,J=200\nsetoption name UCI_Variant value lancerchess\nposition fen rjbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1\neval\nsetoption name PieceValues value <empty>\nsetoption name EvalWeights value tempo=0\neval\nsetoption name PieceValues value L300\nsetoption name EvalWeights value no_such=3\nquit\n",
    );
    insta::assert_snapshot!(out);
}

#[test]
fn a_byte_that_is_not_utf8_does_not_end_the_session() {
    // Issue 24, item 1: this line used to end the session silently.
    let out = session_bytes(
        b"setoption name UCI_Opponent value none 2800 computer M\xfcller\nisready\nquit\n",
    );
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn the_readmes_pipe_gets_a_searched_bestmove() {
    // Issue 24, item 3: the input ends right after `go depth 5`; the search finishes.
    let out = session(
        "uci\nsetoption name UCI_Variant value lancerchess\nposition startpos\ngo depth 5\n",
    );
    assert!(out.contains("\ninfo depth 5 "), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

#[test]
fn go_infinite_is_stopped_and_answered_at_the_end_of_input() {
    let out = session("position startpos\ngo infinite\n");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

#[test]
fn a_refused_position_is_not_searched() {
    // Issue 24, item 6: the position before the refused one is not searched.
    let out =
        session("position startpos moves e2e4\nposition startpos moves e2e4 e2e5\ngo depth 3\n");
    assert!(
        out.contains("info string no position: move 2 of the list"),
        "{out}"
    );
    assert!(out.ends_with("bestmove 0000\n"), "{out}");
    assert!(!out.contains("info depth"), "{out}");
}

#[test]
fn isready_and_quit_are_answered_during_a_long_perft() {
    // Issue 24, item 7: perft used to run inside the command loop.
    let mut child = common::spawn_uci();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    stdin.write_all(b"go perft 9\nisready\n").unwrap();
    stdin.flush().unwrap();
    let start = Instant::now();
    assert_eq!(lines.next().unwrap().unwrap(), "readyok");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    let start = Instant::now();
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    assert!(child.wait().unwrap().success());
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(
        rest.last()
            .unwrap()
            .starts_with("info string perft 9 stopped after"),
        "{rest:?}"
    );
}

#[test]
fn d_draws_the_board_with_its_fen() {
    let out = session(
        "setoption name UCI_Variant value lancers\nposition startpos moves e2e4 e7e5\nd\nposition startpos moves e2e5\nd\nquit\n",
    );
    assert!(
        out.contains(
            "Fen: rl(SE)bqkbl(SW)r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RL(NE)BQKBL(NW)R w KQkq - 0 2\n"
        ),
        "{out}"
    );
    // After a refused position there is none to draw, and the engine says why.
    assert!(
        out.ends_with(
            "info string no position: move 1 of the list: 'e2e5' is not a legal move here\n"
        ),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn bench_in_the_loop_counts_what_joust_bench_counts() {
    let out = session("bench 3\nd\nbench zero\nisready\nquit\n");
    let nodes = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched  : "))
            .unwrap_or_else(|| panic!("no count in {text}"))
            .to_string()
    };
    let cli = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(["bench", "3"])
        .output()
        .unwrap();
    assert!(cli.status.success());
    assert_eq!(nodes(&out), nodes(&String::from_utf8_lossy(&cli.stdout)));
    assert!(out.contains("Total time (ms) : "), "{out}");
    // The session's position is kept (chess's start), and a bad depth is refused.
    assert!(
        out.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "info string bench depth 'zero' is not a whole number from 1 to 30\nreadyok\n"
        ),
        "{out}"
    );
}

/// A client that GUIs and bots use: python-chess drives `joust uci` through a game on a
/// clock with pondering (`go ponder`, then `ponderhit` when the expected move comes),
/// `Move Overhead` set, and an analysis.
const PYTHON_CHESS_CLIENT: &str = r#"
import sys, chess, chess.engine
engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"], timeout=60)
assert engine.id["name"].startswith("Joust"), engine.id
for name in ("Move Overhead", "Ponder", "Hash", "Threads"):
    assert name in engine.options, name
engine.configure({"Move Overhead": 30, "Hash": 8})
board = chess.Board()
clock = chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05)
ponderhits = 0
while not board.is_game_over() and board.ply() < 12:
    result = engine.play(board, clock, ponder=True)
    assert result.move in board.legal_moves, (board.fen(), result.move)
    board.push(result.move)
    if result.ponder is not None and result.ponder in board.legal_moves:
        board.push(result.ponder)
        ponderhits += 1
    else:
        board.push(next(iter(board.legal_moves)))
assert ponderhits > 0, "no move was pondered"
info = engine.analyse(board, chess.engine.Limit(depth=5))
assert info["depth"] >= 5 and info["pv"][0] in board.legal_moves, info
assert isinstance(info["score"].white(), (chess.engine.Cp, chess.engine.Mate)), info
engine.quit()
print("ok", board.ply(), "plies,", ponderhits, "ponderhits")
"#;

#[test]
fn python_chess_plays_a_game_with_pondering() {
    let has_client = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_client {
        println!("skipped: python3 with python-chess is not installed (pip install chess)");
        return;
    }
    let out = Command::new("python3")
        .args(["-c", PYTHON_CHESS_CLIENT, env!("CARGO_BIN_EXE_joust")])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("ok 12 plies"), "{stdout}\n{stderr}");
}
