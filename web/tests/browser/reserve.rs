//! Pieces off the board: Musketeer's setup (selection, placement) and gating, S-Chess's gating from the hand, taken or declined.

use crate::page::*;
use fantoccini::Client;
use serde_json::Value;
use std::path::Path;

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
pub async fn musketeer_setup_and_gating(c: &Client, base: &str, out: &Path) {
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

/// S-Chess: a hand piece clicked first is the one the next move gates in (no chooser);
/// with none clicked, the chooser offers the move without a gate, and it is played so.
pub async fn hand_gating(c: &Client, base: &str) {
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

    // Declining: with no hand piece clicked, the same squares open the chooser, which
    // offers the move alone beside each gate; the move alone is picked.
    open_position(c, base, v.id, v.start_fen).await;
    let start = server_state(c).await;
    let alone = start["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["from"] == from && m["to"] == to && m["gate"].is_null())
        .expect("the move without a gate")
        .clone();
    click_squares(c, from, to).await;
    let offered = eval(
        c,
        "return document.querySelectorAll('#chooser button[data-text]').length",
    )
    .await;
    let same = start["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == from && m["to"] == to)
        .count();
    assert_eq!(offered.as_u64(), Some(same as u64));
    pick(c, alone["text"].as_str().unwrap()).await;
    wait_ply(c, 1).await;
    let state = server_state(c).await;
    assert_eq!(state["last_move"]["gate"], Value::Null, "{state}");
    assert_eq!(state["hands"], start["hands"], "no piece left the hand");
}
