//! The page's files, embedded in the binary: hand-written HTML, CSS and ES modules, with
//! no build step, so a clone without node serves exactly what is in `web/assets/`.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Every file of the page: its name under `/assets/`, its media type and its content.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "book.css",
        "text/css; charset=utf-8",
        include_str!("../assets/book.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/api.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/analysis.js"),
    ),
    (
        "setup.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/setup.js"),
    ),
    (
        "tour.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/tour.js"),
    ),
    (
        "pgn.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/pgn.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/clock.js"),
    ),
    (
        "editor.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/editor.js"),
    ),
    (
        "chooser.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/chooser.js"),
    ),
];

/// The page itself.
pub const INDEX: &str = include_str!("../assets/index.html");

/// The King's Lancer tour puzzle's page.
pub const TOUR: &str = include_str!("../assets/tour.html");

fn file(media: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, media),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// `GET /tour`.
pub async fn tour_page() -> Response {
    file("text/html; charset=utf-8", TOUR)
}

/// `GET /assets/{name}`.
pub async fn asset(
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Response {
    let found = name
        .ok()
        .and_then(|Path(n)| ASSETS.iter().find(|(f, _, _)| *f == n));
    match found {
        Some((_, media, body)) => file(media, body),
        None => ApiError::NotFound("no such file".into()).into_response(),
    }
}
