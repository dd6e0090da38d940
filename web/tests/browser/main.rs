//! End to end in a real browser: headless Chromium driven over WebDriver (Debian's
//! `chromium` and `chromium-driver`). Loads the page, plays chess moves by clicks and one
//! by drag and drop, a Lancer move with its facing chosen from the eight arrows, a
//! Cromwell shot, Lion double moves, Black against the engine; the page's link and PGN
//! out and in; checks the position the server reports, and that screenshots are not
//! blank. A second test plays a game of every game the server lists and analyses it.
//!
//! Without Chromium or chromedriver the test fails and says what to install, unless
//! `JOUST_SKIP_BROWSER_TESTS=1` is set.

mod chess;
mod editor;
mod engine;
mod games;
mod layout;
mod page;
mod reserve;
mod special;
mod tour;

use page::*;
use std::net::SocketAddr;
use std::path::PathBuf;

/// One browser at a time: the tests of this file share two cores with the server.
static BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A server on a free port and Chromium driven over WebDriver, ended when dropped.
struct Session {
    client: fantoccini::Client,
    base: String,
    profile: PathBuf,
    _driver: Driver,
}

/// Starts the server and the browser, or None when the browser tests are skipped.
async fn session(name: &str) -> Option<Session> {
    if std::env::var("JOUST_SKIP_BROWSER_TESTS").as_deref() == Ok("1") {
        eprintln!("JOUST_SKIP_BROWSER_TESTS=1: the browser test is skipped");
        return None;
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
    let (driver, port) = start_driver(&driver);
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let profile = tmp.join(format!("chromium-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let client = connect(port, &browser, &profile).await;
    let base = format!("http://{addr}/");
    client.goto(&base).await.expect("the page loads");
    wait_until(
        &client,
        "the page",
        "return document.body.dataset.ready === '1'",
    )
    .await;
    wait_ply(&client, 0).await;
    Some(Session {
        client,
        base,
        profile,
        _driver: driver,
    })
}

impl Session {
    async fn close(self) {
        self.client.close().await.expect("the session closes");
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn special_moves_are_played_in_headless_chromium() {
    let _one = BROWSER.lock().await;
    let Some(session) = session("special").await else {
        return;
    };
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (c, base) = (&session.client, &session.base);
    chess::chess_by_clicks_and_drag(c).await;
    chess::link_and_pgn(c).await;
    special::lancers_facing(c, &tmp).await;
    special::cromwell_shot(c, base).await;
    special::lion_moves(c, base).await;
    special::lancerchess_castling_and_promotion(c, base).await;
    engine::black_against_the_engine(c, base, &tmp).await;
    engine::analysis_lines_and_arrow(c, base).await;
    engine::clock(c, base).await;
    reserve::musketeer_setup_and_gating(c, base, &tmp).await;
    reserve::hand_gating(c, base).await;
    editor::board_editor(c, base).await;
    layout::every_start_position(c, base, &tmp).await;
    layout::readme_screenshot(c, base).await;
    layout::rules_page(c, base, &tmp).await;
    layout::phone_width(c, base, &tmp).await;
    tour::tour_puzzle(c, base, &tmp).await;
    session.close().await;
}

/// A game of every game, played by clicks against the engine and analysed (see
/// `games.rs`; `JOUST_WEB_ALL=1` plays each to its end, `JOUST_WEB_GAME=ID,ID` only those).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_and_analysed_in_headless_chromium() {
    let _one = BROWSER.lock().await;
    let Some(session) = session("games").await else {
        return;
    };
    games::every_game_played_and_analysed(&session.client).await;
    session.close().await;
}
