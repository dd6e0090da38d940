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
