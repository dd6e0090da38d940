//! The moves of pieces that do more than move: a Lancer's facing, a Cromwell shot, the Royal Lion's double moves and pass, castling and a colour-bound promotion in LancerChess.

use crate::page::*;
use fantoccini::Client;
use serde_json::Value;
use std::path::Path;

/// Lancers Chess from the game chooser: a Lancer's move, then its facing.
pub async fn lancers_facing(c: &Client, out: &Path) {
    // Lancers Chess from the game chooser: a Lancer's move, then its facing.
    click(c, "#new-game").await;
    click(c, "#variant-list option[value='lancers']").await;
    let href = eval(
        c,
        "return document.querySelector(\"#variant-rules a[data-book='lancers']\").getAttribute('href')",
    )
    .await;
    assert_eq!(href, "/rules/lancers");
    // The chooser says how each piece moves, in words.
    let pieces = eval(
        c,
        "return document.querySelector('#variant-rules ul.pieces').textContent",
    )
    .await;
    let pieces = pieces.as_str().unwrap_or_default();
    assert!(
        pieces.contains("Lancer: Moves and captures any distance the way it faces"),
        "{pieces}"
    );
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
pub async fn cromwell_shot(c: &Client, base: &str) {
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
pub async fn lion_moves(c: &Client, base: &str) {
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
    lion_double_capture_and_pass(c, base, fen).await;
}

/// The black pieces of a game's state, by square.
fn black_squares(state: &Value) -> Vec<String> {
    state["board"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["color"] == "black")
        .map(|p| p["sq"].as_str().unwrap().to_string())
        .collect()
}

/// Royal Lion from `fen` (a Lion on e4 beside two pawns): a double capture taking both
/// pawns, clicked from the Lion to the second pawn; then the pass, a second click on the
/// Lion: the board stays, the turn goes.
async fn lion_double_capture_and_pass(c: &Client, base: &str, fen: &str) {
    open_position(c, base, "royal-lion", fen).await;
    let state = server_state(c).await;
    let blacks = black_squares(&state);
    let taken = |sq: &Value| sq.as_str().is_some_and(|s| blacks.iter().any(|b| b == s));
    let double = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["flag"] == "lion-double" && taken(&m["via"]) && taken(&m["to"]))
        .expect("a Lion double capture")
        .clone();
    let to = double["to"].as_str().unwrap();
    click_squares(c, "e4", to).await;
    let shared = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e4" && m["to"] == to)
        .count();
    if shared > 1 {
        pick(c, double["text"].as_str().unwrap()).await;
    }
    wait_ply(c, 1).await;
    let after = server_state(c).await;
    assert_eq!(after["last_move"]["text"], double["text"], "{after}");
    assert_eq!(
        black_squares(&after).len(),
        blacks.len() - 2,
        "both pawns taken: {after}"
    );

    // The pass, where the Lion is not in check (beside the pawns above, it was), with a
    // pawn each so that the position is not dead.
    let quiet = "l9/p9/10/10/10/10/4L5/10/P9/10 w - - 0 1";
    open_position(c, base, "royal-lion", quiet).await;
    let state = server_state(c).await;
    let stays: Vec<&Value> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"].is_string() && m["from"] == m["to"])
        .collect();
    assert_eq!(
        stays.len(),
        1,
        "one pass, however many empty squares: {stays:?}"
    );
    let pass = stays[0].clone();
    let lion = pass["from"].as_str().unwrap();
    click_squares(c, lion, lion).await;
    wait_ply(c, 1).await;
    let after = server_state(c).await;
    assert_eq!(after["last_move"]["text"], pass["text"], "{after}");
    assert_eq!(after["side"], "black", "{after}");
    assert_eq!(after["board"], state["board"], "the pass moves nothing");
}

/// LancerChess: the royal Queen castles by a two-square click (d1 to b1, the Tower to
/// c1); a Pikeman promotes on e8 (a light square): the chooser offers the four kinds,
/// the Lancer among them the one that square's colour gives, and it is picked.
pub async fn lancerchess_castling_and_promotion(c: &Client, base: &str) {
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
