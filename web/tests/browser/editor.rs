//! The board editor: a position set up by clicks (pieces of the game's kinds, a Lancer
//! with a facing, removal, the side to move), the FEN box following each change, an
//! illegal setup refused with the server's own message, then play and analysis from
//! the position set up.

use crate::page::*;
use fantoccini::Client;
use serde_json::{json, Value};

/// The index of the kind of `detail` written `token` in White's FEN.
fn kind_of(detail: &Value, token: &str) -> usize {
    detail["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .position(|k| k["fen"][0] == token)
        .unwrap_or_else(|| panic!("no kind written {token}"))
}

/// Picks the palette's piece of `color` and `kind`, then clicks `squares`.
async fn put(c: &Client, color: &str, kind: usize, squares: &[&str]) {
    click(
        c,
        &format!("#editor-pieces button[data-color='{color}'][data-kind='{kind}']"),
    )
    .await;
    for sq in squares {
        click(c, &format!("rect[data-square='{sq}']")).await;
    }
}

async fn fen_box(c: &Client) -> Value {
    eval(c, "return document.getElementById('fen').value").await
}

pub async fn board_editor(c: &Client, base: &str) {
    let start = joust_core::variants::by_id("lancers")
        .expect("Lancers Chess")
        .start_fen;
    open_position(c, base, "lancers", start).await;
    let detail = c
        .execute_async(
            "const done = arguments[0]; fetch('/api/variants/lancers').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the game's detail");
    click(c, "#edit-board").await;
    wait_until(
        c,
        "the editor",
        "return document.body.dataset.editing === '1' && !document.getElementById('editor').hidden",
    )
    .await;
    assert_eq!(fen_box(c).await, start);
    click(c, "#editor-clear").await;
    assert_eq!(fen_box(c).await, "8/8/8/8/8/8/8/8 w - - 0 1");

    // Kings, a White Lancer facing north-east on d4, a Black Bishop on f6 put there and
    // taken off again with the remove tool, and one on c6; Black to move.
    put(c, "white", kind_of(&detail, "K"), &["e1"]).await;
    put(c, "black", kind_of(&detail, "K"), &["e8"]).await;
    put(c, "white", kind_of(&detail, "L(NE)"), &["d4"]).await;
    put(c, "black", kind_of(&detail, "B"), &["f6", "c6"]).await;
    click(c, "#editor-pieces button[data-tool='remove']").await;
    click(c, "rect[data-square='f6']").await;
    click(c, "#editor-side option[value='black']").await;
    let fen = "4k3/8/2b5/8/3L(NE)4/8/8/4K3 b - - 0 1";
    assert_eq!(fen_box(c).await, fen);
    let drawn = eval(
        c,
        "return document.querySelectorAll('#board [data-piece]').length",
    )
    .await;
    assert_eq!(drawn, 4);

    // A FEN typed in the box redraws the editor's board (here with an added Rook, and
    // the Lancer, written in small letters, turned Black's).
    c.execute(
        "const f = document.getElementById('fen'); f.value = arguments[0];
         f.dispatchEvent(new Event('input')); return true;",
        vec![json!("4k3/8/2b5/8/3l(ne)4/8/8/R3K3 b - - 0 1")],
    )
    .await
    .expect("the FEN typed");
    wait_until(
        c,
        "the typed Rook drawn",
        "return !!document.querySelector(\"#board [data-piece='a1']\")",
    )
    .await;
    assert_eq!(
        eval(c, "return document.body.dataset.editorFen").await,
        "4k3/8/2b5/8/3l(NE)4/8/8/R3K3 b - - 0 1"
    );
    put(c, "white", kind_of(&detail, "R"), &["a1"]).await;
    put(c, "white", kind_of(&detail, "L(NE)"), &["d4"]).await;
    assert_eq!(fen_box(c).await, fen);

    // Without White's King: the server's message, and the editor stays.
    click(c, "#editor-pieces button[data-tool='remove']").await;
    click(c, "rect[data-square='e1']").await;
    let bad = fen_box(c).await;
    let refusal = c
        .execute_async(
            "const done = arguments[1];
             fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                 body: JSON.stringify({variant: 'lancers', fen: arguments[0]})})
               .then((r) => r.json()).then((j) => done(j.error));",
            vec![bad.clone()],
        )
        .await
        .expect("the server's refusal");
    assert!(refusal.as_str().is_some_and(|m| !m.is_empty()), "{refusal}");
    click(c, "#editor-done").await;
    wait_until(
        c,
        "the refusal shown",
        &format!(
            "const e = document.getElementById('editor-error');
             return !e.hidden && e.textContent === {refusal}"
        ),
    )
    .await;
    assert_eq!(eval(c, "return document.body.dataset.editing").await, "1");

    // The King back: play from here, Black to move; the Bishop moves.
    put(c, "white", kind_of(&detail, "K"), &["e1"]).await;
    click(c, "#editor-done").await;
    wait_until(
        c,
        "a game from the edited position",
        &format!(
            "return document.body.dataset.editing === '0' && document.body.dataset.fen === '{fen}'"
        ),
    )
    .await;
    let state = server_state(c).await;
    assert_eq!(state["fen"], fen, "{state}");
    assert_eq!(state["start_fen"], fen, "{state}");
    click_squares(c, "c6", "a4").await;
    wait_ply(c, 1).await;

    // Analyse from an edited position: the engine's lines start.
    click(c, "#edit-board").await;
    click(c, "#editor-analyse").await;
    wait_until(
        c,
        "analysis of the edited position",
        "return document.body.dataset.editing === '0' && document.getElementById('analyse').checked
             && document.querySelectorAll('#analysis div').length > 0",
    )
    .await;
    click(c, "#analyse").await;
}
