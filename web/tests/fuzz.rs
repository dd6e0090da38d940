//! Malformed requests, generated: random paths, methods and bodies (mutated valid
//! requests, random bytes, wrong JSON types) must get a 4xx or a 2xx answer, never a 5xx
//! or a panic, and every refusal is a JSON message.

mod common;

use axum::http::{Method, StatusCode};
use common::{new_game, send, test_app};
use serde_json::Value;

/// A small deterministic generator (xorshift64*), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    ",",
    "null",
    "true",
    "-1",
    "1e999",
    "0",
    "18446744073709551616",
    "\"move\"",
    "\"variant\"",
    "\"fen\"",
    "\"ms\"",
    "\"depth\"",
    "\"plies\"",
    "\"multipv\"",
    "\"level\"",
    "\"pgn\"",
    "\"1. e4 e5 2. Nf3 *\"",
    "\"[Variant \\\"LancerChess\\\"]\\n\\n1. e4 {c} (1. d4) $1 *\"",
    "\"[FEN \\\"8/8 w\\\"]\\n1. --\"",
    "\"e2e4\"",
    "\"chess\"",
    "\"lancers\"",
    "\"Nf3\"",
    "\"b1h7ne\"",
    "\"h1*h7\"",
    "\"e4e5,e5e6\"",
    "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
    "\"\\u0000\"",
    "\"\u{fffd}\"",
    "\"8/8/8/8/8/8/8/8 w - - 0 1\"",
    "\"9999999999\"",
    " ",
    "\n",
];

fn random_body(rng: &mut Rng) -> Vec<u8> {
    match rng.below(4) {
        0 => (0..rng.below(64)).map(|_| rng.next() as u8).collect(),
        1 => Vec::new(),
        _ => (0..rng.below(12))
            .map(|_| rng.pick(PIECES))
            .collect::<String>()
            .into_bytes(),
    }
}

fn random_path(rng: &mut Rng, id: &str) -> String {
    let segments = [
        "api",
        "games",
        id,
        "move",
        "takeback",
        "engine",
        "analysis",
        "ply",
        "pgn",
        "tour",
        "rules",
        "img",
        "chess-start.svg",
        "README.md",
        "variants",
        "chess",
        "assets",
        "app.js",
        "..",
        "%00",
        "%ff",
        "-1",
        "99999999999999999999",
        "",
        "lancers",
        "0000000000000000",
    ];
    let mut path = String::new();
    for _ in 0..1 + rng.below(5) {
        path.push('/');
        path.push_str(rng.pick(&segments));
    }
    if rng.below(3) == 0 {
        let queries = [
            "?ms=1&depth=1",
            "?multipv=99",
            "?ms=-5",
            "?ms=1&depth=1&multipv=2",
            "?x=%ff",
            "?ms",
            "?files=10&ranks=10&kind=journey",
            "?files=0",
            "?start=%ff",
        ];
        path.push_str(rng.pick(&queries));
    }
    path
}

#[tokio::test]
async fn random_requests_get_4xx_or_success_never_5xx() {
    let app = test_app();
    let state = new_game(&app, "cromwell").await;
    let id = state["id"].as_str().unwrap().to_string();
    let methods = [
        Method::GET,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::PATCH,
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut refused = 0;
    for i in 0..1500 {
        let method = methods[rng.below(methods.len())].clone();
        let path = random_path(&mut rng, &id);
        let body = random_body(&mut rng);
        let (status, text) = send(&app, method.clone(), &path, &body).await;
        let shown = String::from_utf8_lossy(&body);
        assert!(
            !status.is_server_error(),
            "request {i}: {method} {path} {shown:?} gave {status}: {text}"
        );
        if status.is_client_error() {
            refused += 1;
            let value: Value = serde_json::from_str(&text)
                .unwrap_or_else(|_| panic!("request {i}: {method} {path}: not JSON: {text}"));
            assert!(value["error"].is_string(), "request {i}: {text}");
        }
    }
    assert!(
        refused > 1000,
        "only {refused} refusals: the requests are not random enough"
    );
    // The game still answers.
    let (status, _) = send(&app, Method::GET, &format!("/api/games/{id}"), b"").await;
    assert!(status == StatusCode::OK || status == StatusCode::NOT_FOUND);
}

/// PGN imports, mutated: real games' PGN with characters deleted, repeated or replaced
/// by PGN's own punctuation get a game (201) or a 4xx message, never a 5xx.
#[tokio::test]
async fn mutated_pgn_imports_get_a_game_or_a_message() {
    let app = test_app();
    let mut sources = Vec::new();
    for v in joust_core::variants::all().iter().step_by(4) {
        let state = new_game(&app, v.id).await;
        let id = state["id"].as_str().unwrap().to_string();
        for ply in 0..4 {
            let (_, state) =
                common::json(&app, Method::GET, &format!("/api/games/{id}"), Value::Null).await;
            let Some(m) = state["moves"].as_array().and_then(|m| m.get(ply % 3)) else {
                break;
            };
            let body = serde_json::json!({ "move": m["text"] }).to_string();
            send(
                &app,
                Method::POST,
                &format!("/api/games/{id}/move"),
                body.as_bytes(),
            )
            .await;
        }
        let (_, pgn) = send(&app, Method::GET, &format!("/api/games/{id}/pgn"), b"").await;
        sources.push(pgn);
    }
    let junk = [
        "[", "]", "\"", "{", "}", "(", ")", ";", "$", "*", "1.", "...", "--", "\n", " ", "=", "@",
        "x", "+", "#", "\u{fffd}", "\\", "%",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut loaded, mut refused) = (0, 0);
    for i in 0..400 {
        let source: Vec<char> = sources[rng.below(sources.len())].chars().collect();
        let mut text = source.clone();
        for _ in 0..1 + rng.below(6) {
            if text.is_empty() {
                break;
            }
            let at = rng.below(text.len());
            match rng.below(3) {
                0 => {
                    text.remove(at);
                }
                1 => text.insert(at, text[rng.below(text.len())]),
                _ => {
                    let j = rng.pick(&junk);
                    text.splice(at..at + 1, j.chars());
                }
            }
        }
        let text: String = text.into_iter().collect();
        let body = serde_json::json!({ "pgn": text }).to_string();
        let (status, answer) = send(&app, Method::POST, "/api/games", body.as_bytes()).await;
        assert!(
            !status.is_server_error(),
            "import {i} gave {status}: {answer}\n{text}"
        );
        if status.is_success() {
            loaded += 1;
        } else {
            refused += 1;
            let value: Value = serde_json::from_str(&answer).expect("a JSON message");
            assert!(value["error"].is_string(), "import {i}: {answer}");
        }
    }
    assert!(
        loaded > 20 && refused > 20,
        "{loaded} loaded, {refused} refused"
    );
}
