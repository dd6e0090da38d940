//! Calling the application in-process, one request at a time (tower's `oneshot`).

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The application with limits small enough for tests.
pub fn test_app() -> Router {
    joust_web::app(joust_web::Config {
        max_games: 8,
        max_think_ms: 2_000,
        ..joust_web::Config::default()
    })
}

/// Sends one request; returns the status and the body as text.
pub async fn send(app: &Router, method: Method, uri: &str, body: &[u8]) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let res = app.clone().oneshot(req).await.expect("the service answers");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("a body").to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// Sends a request with a JSON body and reads the JSON answer.
pub async fn json(app: &Router, method: Method, uri: &str, body: Value) -> (StatusCode, Value) {
    let text = if body.is_null() {
        Vec::new()
    } else {
        body.to_string().into_bytes()
    };
    let (status, text) = send(app, method, uri, &text).await;
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// Starts a game of `variant` and returns its state.
pub async fn new_game(app: &Router, variant: &str) -> Value {
    let (status, state) = json(
        app,
        Method::POST,
        "/api/games",
        serde_json::json!({ "variant": variant }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}
