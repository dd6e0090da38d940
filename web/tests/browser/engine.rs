//! Playing the engine: Black against it, its score on the graph, the evaluation bar.

use crate::page::*;
use fantoccini::Client;
use serde_json::Value;
use std::path::Path;

/// Black against the engine at level 2: the board turns round, the engine moves first,
/// its score goes on the graph; analysis shows the evaluation bar.
pub async fn black_against_the_engine(c: &Client, base: &str, out: &Path) {
    // Playing Black against the engine: the board turns round and the engine, White,
    // moves first.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    open_position(c, base, "chess", fen).await;
    click(c, "#think option[value='300']").await;
    click(c, "#level option[value='2']").await;
    click(c, "#mode option[value='black']").await;
    wait_ply(c, 1).await;
    // The engine's score of the start goes on the score graph; analysis adds the
    // position after its move and shows the evaluation bar.
    wait_until(
        c,
        "the score graph",
        "const g = document.getElementById('graph'); return !g.hidden && g.dataset.points === '1'",
    )
    .await;
    click(c, "#analyse").await;
    wait_until(
        c,
        "the evaluation bar and a second point",
        "const bar = document.getElementById('eval-bar');
         return !bar.hidden && bar.querySelector('.eval-text').textContent !== ''
             && document.getElementById('graph').dataset.points === '2'",
    )
    .await;
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-analysis.png"));
    click(c, "#analyse").await;
    let flipped = eval(
        c,
        "const y = (s) => document.querySelector(`rect[data-square='${s}']`).getBoundingClientRect().y;
         return y('a1') < y('a8');",
    )
    .await;
    assert_eq!(
        flipped,
        Value::Bool(true),
        "the board is not turned for Black"
    );
    let state = server_state(c).await;
    assert_eq!(state["side"], "black", "{state}");
}

/// Starts a new game of chess from the dialog with `minutes` and `inc` on the clock.
async fn new_game_on_clock(c: &Client, minutes: &str, inc: &str) {
    click(c, "#new-game").await;
    click(c, "#variant-list option[value='chess']").await;
    set_value(c, "clock-minutes", minutes).await;
    set_value(c, "clock-inc", inc).await;
    let before = eval(c, "return sessionStorage.getItem('joust-game')").await;
    click(c, "#start-game").await;
    wait_until(
        c,
        "a new game on the clock",
        &format!(
            "return sessionStorage.getItem('joust-game') !== {before} && document.body.dataset.ply === '0'
                 && !document.getElementById('clock-bottom').hidden"
        ),
    )
    .await;
}

/// The milliseconds the clock of `color` shows.
async fn clock_ms(c: &Client, color: &str) -> f64 {
    let script = format!(
        "return Number(document.querySelector(\".clock[data-color='{color}']\").dataset.ms)"
    );
    eval(c, &script).await.as_f64().unwrap()
}

/// The clock: two players on 1 minute + 2 seconds (a move adds the increment and starts
/// the other clock); the engine on 30 seconds thinks for a share of its own time; a
/// flag falls on 1.2 seconds and ends the game.
pub async fn clock(c: &Client, base: &str) {
    open_position(c, base, "chess", joust_core::variants::chess().start_fen).await;
    click(c, "#mode option[value='two']").await;
    new_game_on_clock(c, "1", "2").await;
    let shown = eval(
        c,
        "return document.getElementById('clock-bottom').textContent",
    )
    .await;
    assert!(shown == "1:00" || shown == "0:59", "{shown}");
    click_squares(c, "e2", "e4").await;
    wait_ply(c, 1).await;
    let white = clock_ms(c, "white").await;
    assert!(
        white > 60_000.0 && white <= 62_000.0,
        "White's clock after a move with 2 s added: {white} ms"
    );
    let running = eval(
        c,
        "return document.querySelector('.clock.running').dataset.color",
    )
    .await;
    assert_eq!(running, "black");
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let black = clock_ms(c, "black").await;
    assert!(black < 59_600.0, "Black's clock runs: {black} ms");
    // A takeback gives back the times of the position taken back to.
    click(c, "#takeback").await;
    wait_ply(c, 0).await;
    let white = clock_ms(c, "white").await;
    assert!(white > 58_000.0 && white <= 60_000.0, "{white}");

    // Against the engine at full strength on 30 s: it is asked for a thirtieth of its time.
    click(c, "#level option[value='8']").await;
    new_game_on_clock(c, "0.5", "0").await;
    click(c, "#mode option[value='black']").await;
    wait_ply(c, 1).await;
    let think = eval(c, "return Number(document.body.dataset.thinkMs)").await;
    let think = think.as_f64().unwrap();
    assert!(
        (800.0..=1000.0).contains(&think),
        "the engine's think time on 30 s: {think} ms"
    );
    let engine = clock_ms(c, "white").await;
    assert!(
        engine < 30_000.0 - 0.8 * think && engine > 30_000.0 - 3.0 * think - 1_000.0,
        "the engine's clock after thinking {think} ms: {engine} ms"
    );
    click(c, "#mode option[value='two']").await;

    // A flag falls: two players on 1.2 s; nobody moves.
    new_game_on_clock(c, "0.02", "0").await;
    wait_until(
        c,
        "White's flag to fall",
        "return document.body.dataset.flagged === 'white'
             && document.querySelector(\".clock[data-color='white']\").classList.contains('flagged')
             && document.getElementById('status').textContent.includes(\"White's flag fell, Black wins on time\")",
    )
    .await;
    // The game is over: a click moves nothing.
    click_squares(c, "e2", "e4").await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(server_state(c).await["ply"], 0);
    // A new game without a clock hides it.
    new_game_without_clock(c).await;
}

async fn new_game_without_clock(c: &Client) {
    click(c, "#new-game").await;
    set_value(c, "clock-minutes", "0").await;
    click(c, "#start-game").await;
    wait_until(
        c,
        "no clock",
        "return document.getElementById('clock-bottom').hidden && document.body.dataset.flagged === ''",
    )
    .await;
}

/// What the analysis shows of the position shown: each line's first move is a legal
/// move there, written as the move list writes it, and the arrow on the board is the
/// first line's first move (the page once drew `exd4` beside a first line that seemed to
/// start with `d5`: the depth, written `d5`, read as a move).
async fn analysis_agrees_with_its_arrow(c: &Client, what: &str) {
    wait_until(
        c,
        &format!("{what}: three lines at depth 4 or more, and the arrow"),
        "const head = document.querySelector('#analysis .pv-head');
         return !!head && Number(head.textContent.match(/Depth (\\d+)/)[1]) >= 4
             && document.querySelectorAll('#analysis .pv').length === 3
             && !!document.querySelector('#board line.arrow')",
    )
    .await;
    // Read in one go, so that a deeper line arriving meanwhile changes nothing.
    let seen = eval(
        c,
        "return {
            arrow: document.querySelector('#board line.arrow').dataset.move,
            lines: [...document.querySelectorAll('#analysis .pv')].map((l) => ({
                multipv: l.dataset.multipv,
                sans: [...l.querySelectorAll('.san')].map((s) => s.textContent),
                text: l.querySelector('.pv-moves').textContent,
            })),
            ply: Number(document.body.dataset.ply),
            fen: document.getElementById('fen').value,
        };",
    )
    .await;
    let lines = seen["lines"].as_array().unwrap();
    let order: Vec<&str> = lines
        .iter()
        .map(|l| l["multipv"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["1", "2", "3"], "{what}: {seen}");
    // The legal moves of the position shown, from the server.
    let view = c
        .execute_async(
            "const [fen, done] = arguments;
             fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                 body: JSON.stringify({variant: 'lancerchess', fen})})
               .then((r) => r.json()).then(done);",
            vec![seen["fen"].clone()],
        )
        .await
        .expect("the position's moves");
    let legal = view["moves"].as_array().unwrap();
    let san_of = |text: &str| {
        legal
            .iter()
            .find(|m| m["text"] == text)
            .map(|m| m["san"].as_str().unwrap().to_string())
    };
    let arrow = seen["arrow"].as_str().unwrap();
    let first = lines[0]["sans"][0].as_str().unwrap();
    assert_eq!(
        san_of(arrow).as_deref(),
        Some(first),
        "{what}: the arrow ({arrow}) is not the first line's first move: {seen}"
    );
    for l in lines {
        let san = l["sans"][0].as_str().unwrap();
        assert!(
            legal.iter().any(|m| m["san"] == san),
            "{what}: {san} is not a legal move of the position shown: {seen}"
        );
        // Nothing but move numbers and the moves: no label that reads as a move.
        let words: Vec<&str> = l["text"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !w.ends_with('…'))
            .collect();
        let sans: Vec<&str> = l["sans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(words, sans, "{what}: {seen}");
    }
}

/// Analysis in LancerChess after 1. e4 e5 2. d4 (played by clicks): the lines and the
/// arrow agree; then the move list's 1... e5 is clicked and the position before 2. d4
/// is analysed in turn, White's lines numbered from move 2.
pub async fn analysis_lines_and_arrow(c: &Client, base: &str) {
    let v = joust_core::variants::by_id("lancerchess").expect("LancerChess");
    open_position(c, base, v.id, v.start_fen).await;
    click(c, "#mode option[value='two']").await;
    for (i, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("d2", "d4")]
        .iter()
        .enumerate()
    {
        click_squares(c, from, to).await;
        wait_ply(c, i as u32 + 1).await;
    }
    click(c, "#analyse").await;
    analysis_agrees_with_its_arrow(c, "after 2. d4").await;
    let numbers = eval(
        c,
        "return document.querySelector('#analysis .pv .num').textContent",
    )
    .await;
    assert_eq!(numbers, "2…", "Black's line starts at 2...");
    click(c, "#moves .mv[data-ply='2']").await;
    wait_until(
        c,
        "the position after 1... e5 shown",
        "return document.getElementById('status').textContent.includes('showing move 2 of 3')",
    )
    .await;
    analysis_agrees_with_its_arrow(c, "after 1... e5").await;
    let numbers = eval(
        c,
        "return document.querySelector('#analysis .pv .num').textContent",
    )
    .await;
    assert_eq!(numbers, "2.", "White's line starts at 2.");
    click(c, "#analyse").await;
}
