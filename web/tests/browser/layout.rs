//! The page at large: every game's start position drawn, the rules book, phone width.

use crate::page::*;
use fantoccini::Client;
use std::path::Path;

/// Every built-in game's start position is drawn: a screenshot of each is not blank and
/// the board has a square for each of the game's squares.
pub async fn every_start_position(c: &Client, base: &str, out: &Path) {
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

/// A game's page of the rules book: its heading, and its start diagram drawn.
pub async fn rules_page(c: &Client, base: &str, out: &Path) {
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

/// At phone width (390 by 844) the board of every kind of game fits the screen, with
/// its reserve rows and the editor's palette, and nothing scrolls sideways.
pub async fn phone_width(c: &Client, base: &str, out: &Path) {
    c.set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    let inner = eval(c, "return window.innerWidth").await.as_f64().unwrap();
    assert!(inner <= 390.0, "the window is {inner} px wide inside");
    let reserve = joust_core::variants::all()
        .iter()
        .find(|v| !v.gating_types.is_empty())
        .expect("a game with reserve cells");
    let games = ["chess", "royal-lion", "lancerchess", reserve.id];
    for id in games {
        let v = joust_core::variants::by_id(id).expect("a built-in game");
        open_position(c, base, id, v.start_fen).await;
        fits(c, "board", id, inner).await;
    }
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-phone.png"));
    // Moves played on the board leave the page where it is (the move list, below the
    // board here, scrolls alone): the board does not jump away under the finger.
    let chess = joust_core::variants::chess();
    open_position(c, base, chess.id, chess.start_fen).await;
    click(c, "#mode option[value='two']").await;
    eval(c, "window.scrollTo(0, 0); return true;").await;
    for (i, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")]
        .iter()
        .enumerate()
    {
        click_squares(c, from, to).await;
        wait_ply(c, i as u32 + 1).await;
    }
    let scrolled = eval(c, "return window.scrollY").await;
    assert_eq!(
        scrolled.as_f64(),
        Some(0.0),
        "the page scrolled as moves were played"
    );
    click(c, "#edit-board").await;
    fits(c, "board", "the editor", inner).await;
    click(c, "#editor-cancel").await;
}

/// The board (the SVG with the id `board`) is drawn at least 300 px wide, inside the
/// window's `inner` width, and the page does not scroll sideways.
pub async fn fits(c: &Client, board: &str, what: &str, inner: f64) {
    let m = c
        .execute(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();
             const d = document.documentElement;
             return [r.left, r.right, r.width, d.scrollWidth, document.body.scrollWidth, d.clientWidth];",
            vec![serde_json::json!(board)],
        )
        .await
        .expect("the sizes");
    let n = |i: usize| m[i].as_f64().unwrap();
    let (left, right, width, doc, body) = (n(0), n(1), n(2), n(3), n(4));
    // The width inside any vertical scroll bar.
    let inner = inner.min(n(5));
    assert!(
        width > 300.0 && left >= 0.0 && right <= inner,
        "{what}: the board spans {left}..{right} px in a {inner} px window"
    );
    assert!(
        doc <= inner && body <= inner,
        "{what}: the page is {doc} px wide (body {body}) in a {inner} px window: it scrolls sideways"
    );
}

/// The picture of the page in the README: LancerChess after 1. e4 e5 2. d4 played by
/// clicks, analysed (lines, the best move's arrow, the evaluation bar). Checked not blank
/// always; written to docs/img/serve.png when JOUST_UPDATE_SCREENSHOT=1.
pub async fn readme_screenshot(c: &Client, base: &str) {
    let v = joust_core::variants::by_id("lancerchess").expect("LancerChess");
    open_position(c, base, v.id, v.start_fen).await;
    c.set_window_size(1100, 760).await.expect("a wide window");
    for (i, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("d2", "d4")]
        .iter()
        .enumerate()
    {
        click_squares(c, from, to).await;
        wait_ply(c, i as u32 + 1).await;
    }
    click(c, "#analyse").await;
    wait_until(
        c,
        "analysis lines and the best move's arrow",
        "return document.querySelectorAll('#analysis .pv').length >= 2
             && !!document.querySelector('#board line.arrow')",
    )
    .await;
    let shot = c.screenshot().await.expect("a screenshot");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-readme.png");
    check_screenshot(&shot, &tmp);
    if std::env::var("JOUST_UPDATE_SCREENSHOT").as_deref() == Ok("1") {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/img/serve.png");
        std::fs::create_dir_all(docs.parent().unwrap()).expect("docs/img made");
        std::fs::write(&docs, &shot).expect("docs/img/serve.png written");
        eprintln!("wrote {}", docs.display());
    }
    click(c, "#analyse").await;
    c.set_window_size(1000, 900)
        .await
        .expect("the usual window");
}
