//! Chess by clicks and drag and drop, drawn arrows and circles, the move list, the page's link and PGN in and out.

use crate::page::*;
use fantoccini::Client;

use fantoccini::actions::MOUSE_BUTTON_RIGHT;

/// Chess, two players: moves by clicks and by drag and drop, the move list.
pub async fn chess_by_clicks_and_drag(c: &Client) {
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
pub async fn link_and_pgn(c: &Client) {
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
