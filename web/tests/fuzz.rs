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
