//! The rules book in the browser: every page of `docs/rules/` is embedded (by the build
//! script) and served at `/rules/{name}` as HTML rendered with pulldown-cmark; links
//! between pages work as in the repository (`chess.md#castling` is `/rules/chess.md`),
//! and a game's start diagram (`img/{id}-start.svg`) is drawn by `joust-render`.

use crate::error::ApiError;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use joust_core::variants;
use joust_movegen::AnyPosition;
use joust_render::svg::{board_svg, SvgStyle};
use pulldown_cmark::{html, Options, Parser};

include!(concat!(env!("OUT_DIR"), "/book_pages.rs"));

/// The page named `name` (with or without `.md`), if the book has it.
pub fn page(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".md").unwrap_or(name);
    PAGES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The address of a game's page of the rules book, if it has one.
pub fn link(id: &str) -> Option<String> {
    page(id).map(|_| format!("/rules/{id}"))
}

/// `markdown` as a whole HTML page titled by its first heading.
pub fn render(markdown: &str) -> String {
    let title = markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("Rules")
        .trim();
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH;
    // The book is the repository's own text, embedded at build time: its markdown (and
    // any HTML in it) is trusted.
    let mut body = String::new();
    html::push_html(&mut body, Parser::new_ext(markdown, options));
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} — Joust rules</title>\n<link rel=\"stylesheet\" href=\"/assets/book.css\">\n\
         </head>\n<body>\n<nav><a href=\"/\">Joust</a> · <a href=\"/rules/README\">The rules book</a></nav>\n\
         <main class=\"book\">\n{body}</main>\n</body>\n</html>\n",
        escape(title)
    )
}

fn escape(title: &str) -> String {
    title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `GET /rules/{name}`.
pub async fn rules_page(name: Result<Path<String>, PathRejection>) -> Response {
    let found = name.ok().and_then(|Path(n)| page(&n));
    match found {
        Some(text) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            render(text),
        )
            .into_response(),
        None => ApiError::NotFound("no such page of the rules book".into()).into_response(),
    }
}

/// `GET /rules/img/{file}`: `{id}-start.svg`, the start position of game `id`.
pub async fn rules_image(file: Result<Path<String>, PathRejection>) -> Response {
    let svg = file.ok().and_then(|Path(f)| {
        let id = f.strip_suffix("-start.svg")?;
        let v = variants::by_id(id).ok()?;
        let pos = AnyPosition::start(v).ok()?;
        Some(match &pos {
            AnyPosition::Narrow(p) => board_svg(p, &SvgStyle::default()),
            AnyPosition::Wide(p) => board_svg(p, &SvgStyle::default()),
        })
    });
    match svg {
        Some(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        None => ApiError::NotFound("no such picture".into()).into_response(),
    }
}
