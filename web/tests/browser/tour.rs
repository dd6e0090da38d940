//! The King's Lancer tour puzzle end to end, at phone width: a 3x3 circuit solved by
//! clicks after a hint, the last square taken back, a path that leaves the known tour
//! (the hint says where), the solution shown and hidden, a 4x3 journey from b2, a
//! board with no tour, and a start square the server refuses.

use crate::layout::fits;
use crate::page::*;
use fantoccini::Client;
use serde_json::{json, Value};
use std::path::Path;

/// The puzzle the server gives for `query`, and its tour as square names.
async fn puzzle(c: &Client, query: &str) -> (Value, Vec<String>) {
    let p = c
        .execute_async(
            "const [q, done] = arguments; fetch('/api/tour?' + q).then((r) => r.json()).then(done);",
            vec![json!(query)],
        )
        .await
        .expect("the puzzle");
    let names = p["squares"].as_array().unwrap();
    let tour = p["solution"]
        .as_array()
        .unwrap_or_else(|| panic!("a tour for {query}: {p}"))
        .iter()
        .map(|i| {
            names[i.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    (p, tour)
}

/// The New puzzle form with these fields, submitted; waits for a board of `squares`.
async fn new_puzzle(c: &Client, files: &str, ranks: &str, start: &str, kind: &str) {
    set_value(c, "tour-files", files).await;
    set_value(c, "tour-ranks", ranks).await;
    set_value(c, "tour-start", start).await;
    click(c, &format!("#tour-kind option[value='{kind}']")).await;
    click(c, "#tour-form button[type='submit']").await;
    let squares: u32 = files.parse::<u32>().unwrap() * ranks.parse::<u32>().unwrap();
    wait_until(
        c,
        &format!("a {files}x{ranks} board"),
        &format!(
            "return document.querySelectorAll('#tour-board rect').length === {squares}
                 && document.body.dataset.tourMoves === '0'"
        ),
    )
    .await;
}

async fn tour_status(c: &Client) -> String {
    eval(
        c,
        "return document.getElementById('tour-status').textContent",
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

async fn moves_made(c: &Client) -> u64 {
    eval(c, "return Number(document.body.dataset.tourMoves)")
        .await
        .as_u64()
        .unwrap()
}

async fn click_square(c: &Client, sq: &str) {
    click(c, &format!("#tour-board rect[data-square='{sq}']")).await;
}

/// The tour puzzle as a user plays it (the window is phone-sized when this runs after
/// the phone-width test; the board is checked to fit it).
pub async fn tour_puzzle(c: &Client, base: &str, out: &Path) {
    c.goto(&format!("{base}tour")).await.expect("the tour page");
    wait_until(
        c,
        "the tour page",
        "return document.body.dataset.ready === '1'",
    )
    .await;
    let inner = eval(c, "return window.innerWidth").await.as_f64().unwrap();
    fits(c, "tour-board", "the tour", inner).await;

    // 3x3: a hint marks the tour's next square, then clicking every square solves it.
    new_puzzle(c, "3", "3", "a1", "circuit").await;
    let (_, tour) = puzzle(c, "files=3&ranks=3&start=a1&kind=circuit").await;
    click(c, "#tour-hint").await;
    let hinted = eval(
        c,
        "const r = document.querySelector('#tour-board rect.selected'); return r && r.dataset.square",
    )
    .await;
    assert_eq!(hinted, tour[1].as_str());
    for sq in &tour[1..] {
        click_square(c, sq).await;
    }
    wait_until(
        c,
        "the tour solved",
        "return document.body.dataset.tourSolved === '1'",
    )
    .await;
    assert_eq!(tour_status(c).await, "Solved!");
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &out.join("browser-tour.png"));

    // The last square clicked again is taken back; a square that is not a move away
    // does nothing.
    click_square(c, &tour[tour.len() - 1]).await;
    assert_eq!(moves_made(c).await, tour.len() as u64 - 2);
    assert_eq!(
        eval(c, "return document.body.dataset.tourSolved").await,
        "0"
    );
    click(c, "#tour-reset").await;
    assert_eq!(moves_made(c).await, 0);
    // On 3x3 every square is a move from a1 but b2 (a1's moves: one or two squares
    // along its rank and file).
    click_square(c, "b2").await;
    assert_eq!(moves_made(c).await, 0, "b2 is not a move from a1");

    // A path that leaves the known tour: the hint says where, and nothing is marked.
    let (p, _) = puzzle(c, "files=3&ranks=3&start=a1&kind=circuit").await;
    let names: Vec<&str> = p["squares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let from_a1: Vec<&str> = p["neighbours"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| names[i.as_u64().unwrap() as usize])
        .collect();
    let other = from_a1
        .iter()
        .find(|sq| **sq != tour[1])
        .expect("a second move from a1");
    click_square(c, other).await;
    assert_eq!(moves_made(c).await, 1);
    click(c, "#tour-hint").await;
    let status = tour_status(c).await;
    assert!(
        status.contains("leaves your path at move 1"),
        "the hint after leaving the tour: {status}"
    );
    let marked = eval(
        c,
        "return document.querySelectorAll('#tour-board rect.selected').length",
    )
    .await;
    assert_eq!(marked, 0);

    // The solution shown: every square numbered along it; hidden again, the user's path
    // is back.
    click(c, "#tour-solution").await;
    assert_eq!(tour_status(c).await, "A solution.");
    let numbers = eval(
        c,
        "return document.querySelectorAll('#tour-board .tour-num').length",
    )
    .await;
    assert_eq!(numbers.as_u64(), Some(names.len() as u64));
    let label = eval(
        c,
        "return document.getElementById('tour-solution').textContent",
    )
    .await;
    assert_eq!(label, "Hide solution");
    click(c, "#tour-solution").await;
    assert_eq!(moves_made(c).await, 1);

    // Another size and kind: a 4x3 journey from b2, solved along the server's tour.
    new_puzzle(c, "4", "3", "b2", "journey").await;
    let (p, tour) = puzzle(c, "files=4&ranks=3&start=b2&kind=journey").await;
    assert_eq!(p["kind"], "journey");
    assert_eq!(tour.len(), 12, "a journey visits each square once");
    assert_eq!(tour[0], "b2");
    fits(c, "tour-board", "the 4x3 tour", inner).await;
    for sq in &tour[1..] {
        click_square(c, sq).await;
    }
    wait_until(
        c,
        "the journey solved",
        "return document.body.dataset.tourSolved === '1'",
    )
    .await;

    // A board with no tour: the status says so, and so does the hint.
    new_puzzle(c, "1", "1", "a1", "circuit").await;
    assert!(
        tour_status(c).await.contains("This puzzle has no tour."),
        "{}",
        tour_status(c).await
    );
    click(c, "#tour-hint").await;
    assert_eq!(
        tour_status(c).await,
        "This puzzle has no tour: no hint to give."
    );

    // A start square off the board: the server's refusal is shown.
    set_value(c, "tour-start", "z9").await;
    click(c, "#tour-form button[type='submit']").await;
    wait_until(
        c,
        "the refusal of z9",
        "const e = document.getElementById('error'); return !e.hidden && e.textContent.includes('z9')",
    )
    .await;
}
