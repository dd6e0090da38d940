//! joust-web: Joust in the browser.
//!
//! [`serve`] runs an HTTP server (axum on tokio) that serves a board page for every game
//! and a JSON API ([`api`]) to play it: each browser tab's game is its own
//! ([`store::Store`], bounded, least recently used evicted), moves come only from the
//! generator (read with `joust-notation`), and the engine is `joust-search`, bounded in
//! think time and in concurrent searches ([`engine::Engine`]). Every file of the page is
//! embedded in the binary ([`assets`]).

#![warn(missing_docs)]

pub mod api;
pub mod assets;
pub mod book;
pub mod catalog;
pub mod engine;
pub mod error;
pub mod session;
pub mod store;
pub mod strength;
pub mod tour;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use error::ApiError;

/// How the server runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Most games kept at once (one per tab); the least recently used goes first.
    pub max_games: usize,
    /// Most engine searches running at once.
    pub max_searches: usize,
    /// Longest think time a request may ask for, in milliseconds.
    pub max_think_ms: u64,
    /// Largest request body accepted, in bytes.
    pub max_body: usize,
    /// How long a request waits for a free search before it is refused.
    pub search_wait: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: 256,
            max_searches: 2,
            max_think_ms: 30_000,
            max_body: 16 * 1024,
            search_wait: Duration::from_secs(10),
        }
    }
}

/// What every request handler shares.
pub struct AppState {
    /// The limits the server runs with.
    pub config: Config,
    /// Every tab's game.
    pub store: store::Store,
    /// The engine.
    pub engine: engine::Engine,
}

/// The application: the page, its files and the API, with `config`'s limits.
pub fn app(config: Config) -> Router {
    let state = Arc::new(AppState {
        store: store::Store::new(config.max_games),
        engine: engine::Engine::new(config.max_searches, config.search_wait),
        config: config.clone(),
    });
    let api = Router::new()
        .route("/variants", get(api::list_variants))
        .route("/tour", get(tour::tour))
        .route("/variants/{id}", get(api::variant))
        .route(
            "/games",
            post(api::new_game).layer(DefaultBodyLimit::max(
                config.max_body.max(api::MAX_PGN + 1024),
            )),
        )
        .route("/games/{id}", get(api::get_game))
        .route("/games/{id}/pgn", get(api::get_pgn))
        .route("/games/{id}/ply/{n}", get(api::get_ply))
        .route("/games/{id}/move", post(api::play_move))
        .route("/games/{id}/takeback", post(api::takeback))
        .route("/games/{id}/engine", post(api::engine_move))
        .route("/games/{id}/analysis", get(api::analysis))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    Router::new()
        .route("/", get(assets::index))
        .route("/tour", get(assets::tour_page))
        .route("/assets/{name}", get(assets::asset))
        .route("/rules/{name}", get(book::rules_page))
        .route("/rules/img/{file}", get(book::rules_image))
        .nest("/api", api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(config.max_body))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::NotFound("no such page".into())
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

/// Why the server could not run.
#[derive(Debug)]
pub enum ServeError {
    /// The address could not be bound (in use, or not this machine's).
    Bind(SocketAddr, std::io::Error),
    /// The server stopped with an I/O error.
    Io(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            ServeError::Io(e) => write!(f, "the server stopped: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Binds `addr` (port 0 picks a free one) and returns the listener with the address it
/// got, so a caller can print or open it before serving.
pub async fn bind(addr: SocketAddr) -> Result<(tokio::net::TcpListener, SocketAddr), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError::Bind(addr, e))?;
    let local = listener.local_addr().map_err(ServeError::Io)?;
    Ok((listener, local))
}

/// Serves the application on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> Result<(), ServeError> {
    axum::serve(listener, app(config))
        .await
        .map_err(ServeError::Io)
}

/// Binds `addr`, calls `ready` with the address bound, and serves until the process ends,
/// on a runtime of its own (for a caller that is not async, such as the `joust` program).
pub fn run_blocking(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Io)?;
    runtime.block_on(async {
        let (listener, local) = bind(addr).await?;
        ready(local);
        serve(listener, config).await
    })
}
