//! End to end in a real browser: headless Chromium driven over WebDriver (Debian's
//! `chromium` and `chromium-driver`). Loads the page, plays chess moves by clicks and one
//! by drag and drop, a Lancer move with its facing chosen from the eight arrows, a
//! Cromwell shot, Lion double moves, Black against the engine; the page's link and PGN
//! out and in; checks the position the server reports, and that screenshots are not
//! blank.
//!
//! Without Chromium or chromedriver the test fails and says what to install, unless
//! `JOUST_SKIP_BROWSER_TESTS=1` is set.

#[path = "browser/page.rs"]
mod page;

use fantoccini::actions::MOUSE_BUTTON_RIGHT;
use fantoccini::Client;
use page::*;
use serde_json::Value;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn special_moves_are_played_in_headless_chromium() {
    if std::env::var("JOUST_SKIP_BROWSER_TESTS").as_deref() == Ok("1") {
        eprintln!("JOUST_SKIP_BROWSER_TESTS=1: the browser test is skipped");
        return;
    }
    let (Some(browser), Some(driver)) = (find(BROWSERS), find(DRIVERS)) else {
        panic!(
            "the browser test needs Chromium and chromedriver: apt-get install chromium \
             chromium-driver (or set JOUST_SKIP_BROWSER_TESTS=1 to skip it)"
        );
    };
    let (listener, addr): (_, SocketAddr) = joust_web::bind("127.0.0.1:0".parse().unwrap())
        .await
        .expect("bound");
    tokio::spawn(joust_web::serve(listener, joust_web::Config::default()));
    let (_driver, port) = start_driver(&driver);
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let profile = tmp.join(format!("chromium-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let client = connect(port, &browser, &profile).await;
    let c = &client;

    c.goto(&format!("http://{addr}/"))
        .await
        .expect("the page loads");
    wait_until(c, "the page", "return document.body.dataset.ready === '1'").await;
    wait_ply(c, 0).await;

    let base = format!("http://{addr}/");
    chess_by_clicks_and_drag(c).await;
    link_and_pgn(c).await;
    lancers_facing(c, &tmp).await;
    cromwell_shot(c, &base).await;
    lion_moves(c, &base).await;
    black_against_the_engine(c, &base, &tmp).await;
    musketeer_setup_and_gating(c, &base, &tmp).await;
    hand_gating(c, &base).await;
    lancerchess_castling_and_promotion(c, &base).await;
    every_start_position(c, &base, &tmp).await;
    rules_page(c, &base, &tmp).await;
    phone_width(c, &tmp).await;
    tour_puzzle(c, &base).await;
    client.close().await.expect("the session closes");
    let _ = std::fs::remove_dir_all(&profile);
}

/// Chess, two players: moves by clicks and by drag and drop, the move list.
async fn chess_by_clicks_and_drag(c: &Client) {
    // Chess, two players: moves by clicks, and one by drag and drop.
    click_squares(c, "e2", "e4").await;
    wait_ply(c, 1).await;
    click_squares(c, "e7", "e5").await;
    wait_ply(c, 2).await;
    drag(c, "g1", "f3").await;
    wait_ply(c, 3).await;
    click_squares(c, "b8", "c6").await;
    wait_ply(c, 4).await;
    let state = server_state(c).await;
    assert_eq!(
        state["fen"], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "{state}"
    );
    let sans: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    drawing(c).await;
    // The move list shows them; clicking the first goes back to it.
    click(c, "#moves [data-ply='1']").await;
    wait_until(
        c,
        "the view of move 1",
        "return document.getElementById('fen').value.startsWith('rnbqkbnr/pppppppp/8/8/4P3/')",
    )
    .await;
}

/// Right-drag draws an arrow, a right click a circle, the same again removes it, a left
/// click clears them all; no move is played.
async fn drawing(c: &Client) {
    let count = |css: &str| format!("return document.querySelectorAll(\"#board {css}\").length");
    drag_with(c, "d2", "d4", MOUSE_BUTTON_RIGHT).await;
    drag_with(c, "e5", "e5", MOUSE_BUTTON_RIGHT).await;
    assert_eq!(eval(c, &count("line.user-arrow.green")).await, 1);
    assert_eq!(eval(c, &count(".user-circle[data-shape='e5']")).await, 1);
    drag_with(c, "d2", "d4", MOUSE_BUTTON_RIGHT).await;
    assert_eq!(eval(c, &count("line.user-arrow")).await, 0);
    drag_with(c, "a2", "a4", MOUSE_BUTTON_RIGHT).await;
    click(c, "rect[data-square='h5']").await;
    assert_eq!(eval(c, &count(".user-arrow, .user-circle")).await, 0);
    assert_eq!(eval(c, "return document.body.dataset.ply").await, "4");
}

/// The page's link names the position shown, and a reload goes on with the tab's game;
/// the PGN dialog shows the game's PGN, loads a pasted one as a new game, and says why
/// a bad one does not load.
async fn link_and_pgn(c: &Client) {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    click(c, "#last").await;
    let link = eval(c, "return new URLSearchParams(location.search).get('fen')").await;
    assert_eq!(link, fen);
    c.refresh().await.expect("the page reloads");
    wait_until(
        c,
        "the page again",
        "return document.body.dataset.ready === '1'",
    )
    .await;
    wait_ply(c, 4).await;
    let state = server_state(c).await;
    assert_eq!(
        state["history"].as_array().map(Vec::len),
        Some(4),
        "{state}"
    );

    click(c, "#pgn-open").await;
    wait_until(
        c,
        "the game's PGN",
        "return document.getElementById('pgn-text').value.includes('1. e4 e5 2. Nf3 Nc6 *')",
    )
    .await;
    // A bad PGN: the server's message, and the game stays.
    set_value(c, "pgn-text", "1. e4 e4 *").await;
    click(c, "#pgn-load").await;
    wait_until(
        c,
        "the PGN's error",
        "return document.getElementById('pgn-error').textContent.includes('illegal move 1...e4')",
    )
    .await;
    let pgn = "[Variant \"LancerChess\"]\n\n1. e4 e5 2. d4 *";
    set_value(c, "pgn-text", pgn).await;
    click(c, "#pgn-load").await;
    wait_until(
        c,
        "the pasted game",
        "return document.getElementById('pgn-dialog').hidden && document.body.dataset.ply === '3'",
    )
    .await;
    let state = server_state(c).await;
    assert_eq!(state["variant"], "lancerchess", "{state}");
    let sans: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "d4"]);
    let link = eval(c, "return location.search").await;
    assert!(
        link.as_str()
            .unwrap()
            .starts_with("?variant=lancerchess&fen="),
        "{link}"
    );
}

/// Lancers Chess from the game chooser: a Lancer's move, then its facing.
async fn lancers_facing(c: &Client, out: &Path) {
    // Lancers Chess from the game chooser: a Lancer's move, then its facing.
    click(c, "#new-game").await;
    click(c, "#variant-list option[value='lancers']").await;
    let href = eval(
        c,
        "return document.querySelector(\"#variant-rules a[data-book='lancers']\").getAttribute('href')",
    )
    .await;
    assert_eq!(href, "/rules/lancers");
    click(c, "#start-game").await;
    wait_until(
        c,
        "a Lancers Chess game",
        "return document.getElementById('game-name').textContent === 'Lancers Chess' && document.body.dataset.ply === '0'",
    )
    .await;
    let state = server_state(c).await;
    let moves = state["moves"].as_array().unwrap();
    let lancer = moves
        .iter()
        .find(|m| {
            moves
                .iter()
                .filter(|o| o["from"] == m["from"] && o["to"] == m["to"])
                .count()
                == 8
        })
        .expect("a Lancer move with eight facings");
    let (from, to) = (
        lancer["from"].as_str().unwrap(),
        lancer["to"].as_str().unwrap(),
    );
    click_squares(c, from, to).await;
    wait_until(
        c,
        "the facing chooser",
        "return !document.getElementById('chooser').hidden && !!document.querySelector('#chooser .preselected')",
    )
    .await;
    // East: facing 2.
    click(c, "#chooser button[data-facing='2']").await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    let last = &state["last_move"];
    assert_eq!(
        (last["from"].as_str(), last["to"].as_str()),
        (Some(from), Some(to))
    );
    let detail = c.execute_async(
            "const done = arguments[0]; fetch('/api/variants/lancers').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the game's detail");
    let piece = state["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sq"] == to)
        .expect("the Lancer on its square");
    let kind = &detail["kinds"][piece["kind"].as_u64().unwrap() as usize];
    assert_eq!(kind["facing"], 2, "{kind}");

    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-lancers.png"));
}

/// Cromwell: a pawn takes by moving or by shooting; the chooser tells them apart.
async fn cromwell_shot(c: &Client, base: &str) {
    // Cromwell: a pawn may take e5 by moving or by shooting; the chooser tells them apart.
    open_position(c, base, "cromwell", "4k3/8/8/3ppp2/4P3/8/8/4K3 w - - 0 1").await;
    click_squares(c, "e4", "e5").await;
    pick(c, "e4*e5").await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["flag"], "shot", "{state}");
    assert_eq!(state["fen"], "4k3/8/8/3p1p2/4P3/8/8/4K3 b - - 0 1");
    wait_until(
        c,
        "the shot drawn",
        "return !!document.querySelector('#board .shot')",
    )
    .await;
}

/// Royal Lion: take and return, and a move picked among several on the same squares.
async fn lion_moves(c: &Client, base: &str) {
    // Royal Lion: a second click on the Lion plays its move that ends where it began
    // (take and return), through the chooser when there are several.
    let fen = "l9/10/10/10/10/4pp4/4L5/10/10/10 w - - 0 1";
    open_position(c, base, "royal-lion", fen).await;
    let state = server_state(c).await;
    let stays: Vec<&Value> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e4" && m["to"] == "e4")
        .collect();
    let wanted = stays
        .iter()
        .find(|m| m["text"] == "e4f5,f5e4")
        .expect("the Lion takes f5 and returns");
    click_squares(c, "e4", "e4").await;
    if stays.len() > 1 {
        pick(c, "e4f5,f5e4").await;
    }
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["san"], wanted["san"], "{state}");
    assert_eq!(state["last_move"]["via"], "f5", "{state}");
    // With two pawns to take, some squares are reached by more than one legal move (a
    // step, a double move through either pawn): the chooser lists them, one is picked.
    let fen = "l9/10/10/10/10/3pp5/4L5/10/10/10 w - - 0 1";
    open_position(c, base, "royal-lion", fen).await;
    let state = server_state(c).await;
    let moves = state["moves"].as_array().unwrap();
    let shared = moves
        .iter()
        .find(|m| {
            m["from"] == "e4"
                && moves
                    .iter()
                    .filter(|o| o["from"] == "e4" && o["to"] == m["to"])
                    .count()
                    > 1
        })
        .expect("two Lion moves with the same squares");
    let to = shared["to"].as_str().unwrap();
    click_squares(c, "e4", to).await;
    pick(c, shared["text"].as_str().unwrap()).await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["text"], shared["text"], "{state}");
}

/// Black against the engine at level 2: the board turns round, the engine moves first,
/// its score goes on the graph; analysis shows the evaluation bar.
async fn black_against_the_engine(c: &Client, base: &str, out: &Path) {
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

/// The legal moves of the page's game with the flag `flag`.
fn moves_flagged<'a>(state: &'a Value, flag: &str) -> Vec<&'a Value> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["flag"] == flag)
        .collect()
}

/// Musketeer: both sides choose a kind from the setup buttons, place their pieces by
/// clicking reserve cells drawn beyond the board (behind b and g), then the Knight's first
/// move gates its reserve piece in (compulsory, so no chooser).
async fn musketeer_setup_and_gating(c: &Client, base: &str, out: &Path) {
    let v = joust_core::variants::all()
        .iter()
        .find(|v| !v.gating_types.is_empty())
        .expect("a game with reserve cells");
    open_position(c, base, v.id, v.start_fen).await;
    let state = server_state(c).await;
    let white = moves_flagged(&state, "select")[0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    click(c, &format!("#setup button[data-text='{white}']")).await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    let black = moves_flagged(&state, "select")
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .find(|t| *t != white)
        .unwrap()
        .to_string();
    click(c, &format!("#setup button[data-text='{black}']")).await;
    wait_ply(c, 2).await;
    for (ply, cell) in [
        (3, "white-1"),
        (4, "black-1"),
        (5, "white-6"),
        (6, "black-6"),
    ] {
        click(c, &format!("rect[data-reserve='{cell}']")).await;
        wait_ply(c, ply).await;
    }
    let state = server_state(c).await;
    let reserve = state["reserve"].as_array().unwrap();
    assert_eq!(reserve.len(), 4, "{state}");
    let drawn = eval(
        c,
        "return document.querySelectorAll('#board [data-reserve-piece]').length",
    )
    .await;
    assert_eq!(drawn, 4);
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-musketeer.png"));
    let behind_b1 = reserve
        .iter()
        .find(|p| p["color"] == "white" && p["file"] == 1)
        .expect("White's piece behind b1")["kind"]
        .clone();
    click_squares(c, "b1", "c3").await;
    wait_ply(c, 7).await;
    let state = server_state(c).await;
    let on_b1 = state["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sq"] == "b1");
    assert_eq!(on_b1.expect("a piece gated onto b1")["kind"], behind_b1);
    assert_eq!(state["reserve"].as_array().unwrap().len(), 3, "{state}");
}

/// S-Chess: a hand piece clicked first is the one the next move gates in (no chooser).
async fn hand_gating(c: &Client, base: &str) {
    let v = joust_core::variants::all()
        .iter()
        .find(|v| v.hand_gating)
        .expect("a game with pieces in hand to gate");
    open_position(c, base, v.id, v.start_fen).await;
    let state = server_state(c).await;
    let gated = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["gate"].is_u64())
        .expect("a gating move")
        .clone();
    let kind = gated["gate"].as_u64().unwrap();
    click(c, &format!("#hand-bottom button[data-hand-kind='{kind}']")).await;
    let (from, to) = (
        gated["from"].as_str().unwrap(),
        gated["to"].as_str().unwrap(),
    );
    click_squares(c, from, to).await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["text"], gated["text"], "{state}");
}

/// LancerChess: the royal Queen castles by a two-square click (d1 to b1, the Tower to
/// c1); a Pikeman promotes on e8 (a light square): the chooser offers the four kinds,
/// the Lancer among them the one that square's colour gives, and it is picked.
async fn lancerchess_castling_and_promotion(c: &Client, base: &str) {
    let fen = "r2qkblr/ppp1pppp/3j4/3p1b2/3P1B2/3J4/PPP1PPPP/R2QKBLR w KQkq - 4 5";
    open_position(c, base, "lancerchess", fen).await;
    click_squares(c, "d1", "b1").await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["flag"], "castle", "{state}");
    assert_eq!(
        state["fen"],
        "r2qkblr/ppp1pppp/3j4/3p1b2/3P1B2/3J4/PPP1PPPP/1QR1KBLR b kq - 5 5"
    );

    open_position(c, base, "lancerchess", "q7/4P3/8/8/8/8/8/3Q4 w - - 0 1").await;
    let state = server_state(c).await;
    let detail = c
        .execute_async(
            "const done = arguments[0]; fetch('/api/variants/lancerchess').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the game's detail");
    let kinds = detail["kinds"].as_array().unwrap();
    let promotions: Vec<&Value> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e7" && m["to"] == "e8")
        .collect();
    let letter = |m: &Value| kinds[m["kind"].as_u64().unwrap() as usize]["letter"].clone();
    let mut letters: Vec<String> = promotions
        .iter()
        .map(|m| letter(m).as_str().unwrap().to_string())
        .collect();
    letters.sort();
    // e8 is light: the Queen's Lancer (b1 is light), not the King's (g1 is dark).
    assert_eq!(letters, ["B", "J", "K", "R"], "the promotions on e8");
    let lancer = promotions.iter().find(|m| letter(m) == "J").unwrap();
    click_squares(c, "e7", "e8").await;
    let offered = eval(
        c,
        "return document.querySelectorAll('#chooser button[data-text]').length",
    )
    .await;
    assert_eq!(offered.as_u64(), Some(promotions.len() as u64));
    pick(c, lancer["text"].as_str().unwrap()).await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["kind"], lancer["kind"], "{state}");
}

/// Every built-in game's start position is drawn: a screenshot of each is not blank and
/// the board has a square for each of the game's squares.
async fn every_start_position(c: &Client, base: &str, out: &Path) {
    for v in joust_core::variants::all() {
        open_position(c, base, v.id, v.start_fen).await;
        let squares = eval(
            c,
            "return document.querySelectorAll('#board rect[data-square]').length",
        )
        .await;
        assert_eq!(squares.as_u64(), Some(v.geometry.len() as u64), "{}", v.id);
        let shot = c.screenshot().await.expect("a screenshot");
        check_screenshot(&shot, &out.join(format!("browser-start-{}.png", v.id)));
    }
}

/// The tour puzzle on 3x3: a hint marks the tour's next square, then clicking every
/// square of the server's tour solves it.
async fn tour_puzzle(c: &Client, base: &str) {
    c.goto(&format!("{base}tour")).await.expect("the tour page");
    wait_until(
        c,
        "the tour page",
        "return document.body.dataset.ready === '1'",
    )
    .await;
    set_value(c, "tour-files", "3").await;
    set_value(c, "tour-ranks", "3").await;
    click(c, "#tour-form button[type='submit']").await;
    wait_until(
        c,
        "a 3x3 board",
        "return document.querySelectorAll('#tour-board rect').length === 9",
    )
    .await;
    let p = c
        .execute_async(
            "const done = arguments[0]; fetch('/api/tour?files=3&ranks=3').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the puzzle");
    let names = p["squares"].as_array().unwrap();
    let tour: Vec<&str> = p["solution"]
        .as_array()
        .expect("a 3x3 circuit")
        .iter()
        .map(|i| names[i.as_u64().unwrap() as usize].as_str().unwrap())
        .collect();
    click(c, "#tour-hint").await;
    let hinted = eval(c, "const r = document.querySelector('#tour-board rect.selected'); return r && r.dataset.square").await;
    assert_eq!(hinted, tour[1]);
    for sq in &tour[1..] {
        click(c, &format!("#tour-board rect[data-square='{sq}']")).await;
    }
    wait_until(
        c,
        "the tour solved",
        "return document.body.dataset.tourSolved === '1'",
    )
    .await;
}

/// A game's page of the rules book: its heading, and its start diagram drawn.
async fn rules_page(c: &Client, base: &str, out: &Path) {
    c.goto(&format!("{base}rules/lancers"))
        .await
        .expect("the rules page loads");
    wait_until(
        c,
        "the rules page and its picture",
        "const img = document.querySelector('main img');
         return document.querySelector('h1') !== null && img !== null && img.complete && img.naturalWidth > 0",
    )
    .await;
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-rules.png"));
    c.back().await.expect("back to the board");
    wait_until(
        c,
        "the board again",
        "return document.body.dataset.ready === '1'",
    )
    .await;
}

/// At phone width the board fits the screen and is drawn.
async fn phone_width(c: &Client, out: &Path) {
    // At phone width the board fits the screen and is drawn.
    c.set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    let width = eval(
        c,
        "return document.getElementById('board').getBoundingClientRect().width",
    )
    .await;
    let width = width.as_f64().unwrap();
    assert!(
        width > 300.0 && width <= 390.0,
        "the board is {width} px wide"
    );
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-phone.png"));
}
