//! A game of every game the server lists, played through the page as a user plays it:
//! the game chosen in the New game dialog, the user's moves by clicks on the board (one
//! in four dragged), the chooser, the setup buttons, the reserve cells and the hand; the
//! engine replying at level 2; then the analysis of the game's positions, and the final
//! position and move list checked against the server's.
//!
//! By default each game goes to 8 plies (every game covered in a short game); with
//! `JOUST_WEB_ALL=1` each is played to its end (or 300 plies), the user following the
//! analysis for every other move (entered by clicks) so that games last to promotions.

use crate::page::*;
use fantoccini::Client;
use serde_json::{json, Value};

/// True for the long run: every game to its end.
fn all() -> bool {
    std::env::var("JOUST_WEB_ALL").as_deref() == Ok("1")
}

/// How many plies each game goes to at most.
fn cap() -> usize {
    if all() {
        300
    } else {
        8
    }
}

/// A small deterministic generator (the games are the same run to run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The user's move: any legal move, special ones (promotions, shots, Lion moves,
/// castling, gating, setup) and captures more often than the rest, so that a game
/// shows its own moves and comes to an end.
fn choose<'a>(state: &'a Value, rng: &mut Lcg) -> &'a Value {
    let moves = state["moves"].as_array().unwrap();
    let occupied = |sq: &Value| {
        state["board"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| sq.is_string() && p["sq"] == *sq)
    };
    let weight = |m: &Value| -> usize {
        let special = m["flag"] != "normal" && m["flag"] != "double-step"
            || !m["gate"].is_null()
            || (!m["kind"].is_null() && m["from"].is_string());
        let promotion = !m["kind"].is_null() && m["from"].is_string() && m["from"] != m["to"];
        if promotion {
            30
        } else if special {
            6
        } else if occupied(&m["to"]) && m["from"] != m["to"] {
            4
        } else {
            1
        }
    };
    let total: usize = moves.iter().map(weight).sum();
    let mut pick = rng.next(total);
    for m in moves {
        let w = weight(m);
        if pick < w {
            return m;
        }
        pick -= w;
    }
    unreachable!("the pick is below the total weight")
}

/// Counts the kind of move `m` is in `entered`.
fn count(entered: &mut std::collections::BTreeMap<String, usize>, m: &Value) {
    let flag = if !m["gate"].is_null() {
        "gate"
    } else if !m["kind"].is_null() && m["from"].is_string() && m["from"] != m["to"] {
        "promotion or facing"
    } else {
        m["flag"].as_str().unwrap()
    };
    *entered.entry(flag.to_string()).or_default() += 1;
}

/// The move the page's analysis puts first in `state`'s position (the Analyse box is
/// ticked), once it has searched three plies (or ended sooner, on a mate it found).
async fn best_of_analysis(c: &Client, state: &Value) -> Value {
    let ply = state["ply"].as_u64().unwrap();
    wait_until(
        c,
        &format!("{} ply {ply}: the analysis at depth 3", state["variant"]),
        &format!(
            "const head = document.querySelector('#analysis .pv-head');
             return document.body.dataset.ply === '{ply}' && document.body.dataset.busy === '0'
                 && !!head && (Number(head.textContent.match(/Depth (\\d+)/)[1]) >= 3
                     || document.getElementById('analysis').dataset.done === '1')"
        ),
    )
    .await;
    let san = eval(
        c,
        "return document.querySelector('#analysis .pv .san').textContent",
    )
    .await;
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == san)
        .unwrap_or_else(|| panic!("the analysis's {san} is not a legal move: {state}"))
        .clone()
}

/// Ticks or unticks the Analyse box.
async fn set_analyse(c: &Client, on: bool) {
    let checked = eval(c, "return document.getElementById('analyse').checked").await;
    if checked != Value::Bool(on) {
        click(c, "#analyse").await;
    }
}

/// Starts a game of `id` from the New game dialog, with no clock.
async fn new_game(c: &Client, id: &str) {
    click(c, "#new-game").await;
    click(c, &format!("#variant-list option[value='{id}']")).await;
    set_value(c, "clock-minutes", "0").await;
    let before = eval(c, "return sessionStorage.getItem('joust-game')").await;
    click(c, "#start-game").await;
    wait_until(
        c,
        &format!("a new game of {id}"),
        &format!(
            "return sessionStorage.getItem('joust-game') !== {before}
                 && document.body.dataset.ready === '1' && document.body.dataset.busy === '0'"
        ),
    )
    .await;
}

/// Enters `m` (a legal move of `state`) as a user does, and waits until the page has
/// played it.
async fn enter(c: &Client, state: &Value, m: &Value, drag_it: bool) -> bool {
    let mut chose = false;
    let ply = state["ply"].as_u64().unwrap();
    let text = m["text"].as_str().unwrap();
    let what = format!("{} ply {ply}: {text}", state["variant"]);
    match (m["from"].as_str(), m["to"].as_str()) {
        (None, _) if m["flag"] == "select" => {
            click(c, &format!("#setup button[data-text='{text}']")).await;
        }
        (None, _) if m["flag"] == "place" => {
            let cell = format!("{}-{}", state["side"].as_str().unwrap(), m["cell"]);
            click(c, &format!("rect[data-reserve='{cell}']")).await;
        }
        (Some(from), Some(to)) => {
            // A piece from the hand to gate in is clicked first, where the hand has it.
            if let Some(kind) = m["gate"].as_u64() {
                let css = format!(".hand-piece[data-hand-kind='{kind}']");
                let there = eval(c, &format!("return !!document.querySelector(\"{css}\")")).await;
                if there == Value::Bool(true) {
                    click(c, &css).await;
                }
            }
            if drag_it && from != to {
                drag(c, from, to).await;
            } else {
                click_squares(c, from, to).await;
            }
            // Several moves on these squares: the chooser says which.
            let script = format!(
                "return Number(document.body.dataset.ply) > {ply}
                     || !document.getElementById('chooser').hidden"
            );
            wait_until(c, &format!("{what} played or the chooser"), &script).await;
            let open = eval(c, "return !document.getElementById('chooser').hidden").await;
            if open == Value::Bool(true) {
                pick(c, text).await;
                chose = true;
            }
        }
        _ => panic!("{what}: no way to enter {m}"),
    }
    let script = format!("return Number(document.body.dataset.ply) > {ply}");
    wait_until(c, &format!("{what} played"), &script).await;
    chose
}

/// The legal moves of `fen` in `variant`, from a game the server starts there (the
/// page's own link does the same).
async fn legal_moves(c: &Client, variant: &str, fen: &str) -> Vec<Value> {
    let state = c
        .execute_async(
            "const [variant, fen, done] = arguments;
             fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                 body: JSON.stringify({variant, fen})})
               .then((r) => r.json()).then(done);",
            vec![json!(variant), json!(fen)],
        )
        .await
        .expect("a game from the FEN");
    state["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{variant}: the FEN {fen} starts no game: {state}"))
        .clone()
}

/// The analysis of the position shown: lines whose first moves are legal there, the
/// first of them the arrow's (when it has squares), and the evaluation bar showing a
/// score.
async fn check_analysis(c: &Client, variant: &str, what: &str) {
    wait_until(
        c,
        &format!("{variant}: the engine's lines and the evaluation bar {what}"),
        "const bar = document.getElementById('eval-bar');
         return document.querySelectorAll('#analysis .pv').length >= 1
             && !bar.hidden && bar.querySelector('.eval-text').textContent !== ''",
    )
    .await;
    let seen = eval(
        c,
        "const arrow = document.querySelector('#board line.arrow');
         return {
            arrow: arrow ? arrow.dataset.move : null,
            firsts: [...document.querySelectorAll('#analysis .pv')]
                .map((l) => l.querySelector('.san').textContent),
            fen: document.getElementById('fen').value,
        };",
    )
    .await;
    let legal = legal_moves(c, variant, seen["fen"].as_str().unwrap()).await;
    for san in seen["firsts"].as_array().unwrap() {
        assert!(
            legal.iter().any(|m| m["san"] == *san),
            "{variant} {what}: the line's first move {san} is not legal there: {seen}"
        );
    }
    if let Some(arrow) = seen["arrow"].as_str() {
        let m = legal.iter().find(|m| m["text"] == arrow);
        assert_eq!(
            m.map(|m| &m["san"]),
            Some(&seen["firsts"][0]),
            "{variant} {what}: the arrow is not the first line's move: {seen}"
        );
    }
}

/// The page shows the game the server has: its position, its moves in the list, the
/// outcome in the status; the game's PGN brings back the same position.
async fn check_final(c: &Client, state: &Value) {
    let variant = state["variant"].as_str().unwrap();
    let page = eval(
        c,
        "return {
            fen: document.body.dataset.fen,
            moves: [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent),
            status: document.getElementById('status').textContent,
        };",
    )
    .await;
    assert_eq!(page["fen"], state["fen"], "{variant}: {page}");
    let sans: Vec<&Value> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["san"])
        .collect();
    let shown: Vec<&Value> = page["moves"].as_array().unwrap().iter().collect();
    assert_eq!(shown, sans, "{variant}: the move list");
    if let Some(text) = state["outcome"]["text"].as_str() {
        let status = page["status"].as_str().unwrap();
        assert!(
            status.contains(text),
            "{variant}: the status {status:?} does not say {text:?}"
        );
    }
    let replay = c
        .execute_async(
            "const [id, done] = arguments;
             fetch('/api/games/' + id + '/pgn').then((r) => r.text())
               .then((pgn) => fetch('/api/games', {method: 'POST',
                   headers: {'Content-Type': 'application/json'}, body: JSON.stringify({pgn})}))
               .then((r) => r.json()).then(done);",
            vec![state["id"].clone()],
        )
        .await
        .expect("the PGN read back");
    assert_eq!(
        replay["fen"], state["fen"],
        "{variant}: the game's PGN does not bring back its position: {replay}"
    );
}

/// Plays a game of `id` as `side` against the engine, to `cap` plies or the end, then
/// analyses it.
async fn play_and_analyse(c: &Client, id: &str, side: &str, seed: u64) {
    new_game(c, id).await;
    click(c, "#think option[value='300']").await;
    click(c, "#level option[value='2']").await;
    click(c, &format!("#mode option[value='{side}']")).await;
    set_analyse(c, all()).await;
    let mut rng = Lcg(seed);
    let cap = cap();
    let mut n = 0;
    // What the user entered: each move flag's count, and the chooser's.
    let mut entered = std::collections::BTreeMap::<String, usize>::new();
    loop {
        let state = server_state(c).await;
        let ply = state["ply"].as_u64().unwrap() as usize;
        if !state["outcome"].is_null() || ply >= cap {
            break;
        }
        if state["side"] == side && all() && n % 2 == 1 {
            // Every other move the user plays the analysis's best move, by clicks: the
            // games last long enough to see promotions.
            let m = best_of_analysis(c, &state).await;
            if enter(c, &state, &m, false).await {
                *entered.entry("chooser".into()).or_default() += 1;
            }
            *entered.entry("analysis's move".into()).or_default() += 1;
            count(&mut entered, &m);
            n += 1;
        } else if state["side"] == side {
            let m = choose(&state, &mut rng).clone();
            if enter(c, &state, &m, n % 4 == 3).await {
                *entered.entry("chooser".into()).or_default() += 1;
            }
            count(&mut entered, &m);
            n += 1;
            let after = server_state(c).await;
            assert_eq!(
                after["history"][ply]["text"], m["text"],
                "{id}: the page played another move than {m}"
            );
        } else {
            wait_until(
                c,
                &format!("{id}: the engine's reply at ply {ply}"),
                &format!(
                    "return Number(document.body.dataset.ply) > {ply} && document.body.dataset.busy === '0'"
                ),
            )
            .await;
        }
    }
    // Let an engine reply under way finish before the checks.
    wait_until(
        c,
        &format!("{id}: the engine idle"),
        "return document.body.dataset.busy === '0'",
    )
    .await;
    let state = server_state(c).await;
    eprintln!(
        "{id}: {} plies, {}; the user entered {entered:?}",
        state["ply"],
        state["outcome"]["text"].as_str().unwrap_or("not over")
    );
    check_final(c, &state).await;
    click(c, "#mode option[value='two']").await;
    set_analyse(c, true).await;
    if !state["outcome"].is_null() {
        wait_until(
            c,
            &format!("{id}: the note that a finished game is analysed move by move"),
            "return !!document.querySelector('#analysis .pv-note')",
        )
        .await;
        click(c, "#prev").await;
        check_analysis(c, id, "a move before the end").await;
    } else {
        check_analysis(c, id, "at the last move").await;
        click(c, "#prev").await;
        check_analysis(c, id, "a move back").await;
    }
    set_analyse(c, false).await;
    click(c, "#last").await;
}

/// Every game the server lists, played and analysed; White in one, Black in the next.
pub async fn every_game_played_and_analysed(c: &Client) {
    let list = c
        .execute_async(
            "const done = arguments[0]; fetch('/api/variants').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the list of games");
    let only = std::env::var("JOUST_WEB_GAME").ok();
    for (i, v) in list.as_array().unwrap().iter().enumerate() {
        let id = v["id"].as_str().unwrap();
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|o| o == id))
        {
            continue;
        }
        let side = if i % 2 == 0 { "white" } else { "black" };
        let start = std::time::Instant::now();
        play_and_analyse(c, id, side, i as u64 + 1).await;
        eprintln!("{id}: played and analysed in {:?}", start.elapsed());
    }
}
