//! The JSON API, under `/api`:
//!
//! | method and path | what it does |
//! | --- | --- |
//! | `GET /api/variants` | every game, with its rules in short |
//! | `GET /api/variants/{id}` | one game's squares and piece pictures |
//! | `POST /api/games` `{"variant": ID, "fen": FEN?}` | a new game (201), its state |
//! | `POST /api/games` `{"pgn": TEXT}` | a new game replaying a PGN's first game (201) |
//! | `GET /api/games/{id}` | the game's state |
//! | `GET /api/games/{id}/pgn` | the game as PGN (`[Variant]` tag, moves in SAN) |
//! | `GET /api/games/{id}/ply/{n}` | the position after `n` moves |
//! | `POST /api/games/{id}/move` `{"move": TEXT, "gate": G?}` | plays a move (coordinates or SAN); `gate` `null` declines gating a hand piece in, a letter gates that piece |
//! | `POST /api/games/{id}/takeback` `{"plies": N?}` | takes back 1 (or N) moves |
//! | `POST /api/games/{id}/engine` `{"ms": T?, "depth": D?, "level": L?}` | the engine plays a move (level 1-8: [`crate::strength`]) |
//! | `GET /api/games/{id}/analysis?ms=T&multipv=K&ply=N` | live analysis of the current position (or of the one after `N` moves), server-sent events |
//!
//! Every refusal is a 4xx with `{"error": MESSAGE}`.

use crate::engine::{Budget, Choice};
use crate::error::ApiError;
use crate::session::{GateChoice, Session, State};
use crate::{catalog, AppState};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State as Ctx};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use joust_core::variants;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// The longest text accepted for a FEN or a move.
const MAX_TEXT: usize = 1000;

/// The longest PGN text accepted (the body of a PGN import may be this plus its JSON).
pub const MAX_PGN: usize = 64 * 1024;

type Api<T> = Result<T, ApiError>;

/// Reads a JSON body into `T`; any failure is a 4xx with a message.
fn body<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>) -> Api<T> {
    let bytes = bytes.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(e.body_text()),
        _ => ApiError::BadRequest(e.body_text()),
    })?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("bad JSON: {e}")))
}

fn path<T>(p: Result<Path<T>, PathRejection>) -> Api<T> {
    p.map(|Path(t)| t)
        .map_err(|e| ApiError::BadRequest(e.body_text()))
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Api<T> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::BadRequest(e.body_text()))
}

fn text_field<'a>(name: &str, text: &'a str) -> Api<&'a str> {
    if text.len() > MAX_TEXT {
        return Err(ApiError::BadRequest(format!(
            "{name} is longer than {MAX_TEXT} bytes"
        )));
    }
    Ok(text)
}

/// `GET /api/variants`.
pub async fn list_variants() -> Json<Vec<catalog::VariantSummary>> {
    Json(catalog::list())
}

/// `GET /api/variants/{id}`.
pub async fn variant(id: Result<Path<String>, PathRejection>) -> Api<Json<catalog::VariantDetail>> {
    let id = path(id)?;
    let v = variants::by_id(&id).map_err(|e| ApiError::NotFound(e.to_string()))?;
    Ok(Json(catalog::detail(v)))
}

/// The body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    variant: Option<String>,
    fen: Option<String>,
    pgn: Option<String>,
}

/// A game replaying the first game of the PGN text `text`.
fn session_from_pgn(text: &str) -> Api<Session> {
    if text.len() > MAX_PGN {
        return Err(ApiError::TooLarge(format!(
            "the PGN is longer than {MAX_PGN} bytes"
        )));
    }
    let games = joust_notation::read_pgn(text);
    let game = games
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::Unprocessable("the PGN holds no game".into()))?;
    let game = game.map_err(|e| ApiError::Unprocessable(format!("bad PGN: {e}")))?;
    Session::from_pgn(&game)
}

/// `POST /api/games`.
pub async fn new_game(
    Ctx(app): Ctx<Arc<AppState>>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api<Response> {
    let req: NewGame = body(bytes)?;
    if let Some(pgn) = &req.pgn {
        if req.variant.is_some() || req.fen.is_some() {
            return Err(ApiError::BadRequest(
                "a PGN says its own game and start: give pgn alone".into(),
            ));
        }
        return Ok(created(&app, session_from_pgn(pgn)?));
    }
    let v = match &req.variant {
        Some(id) => variants::by_id(text_field("variant", id)?)
            .map_err(|e| ApiError::Unprocessable(e.to_string()))?,
        None => variants::chess(),
    };
    let fen = match &req.fen {
        Some(f) if !f.trim().is_empty() => Some(text_field("fen", f)?),
        _ => None,
    };
    Ok(created(&app, Session::new(v, fen)?))
}

/// Stores `session` and answers 201 with its state.
fn created(app: &AppState, session: Session) -> Response {
    let state_of = session.clone();
    let id = app.store.insert(session);
    (StatusCode::CREATED, Json(state_of.state(&id))).into_response()
}

/// `GET /api/games/{id}/pgn`.
pub async fn get_pgn(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
) -> Api<Response> {
    let id = path(id)?;
    let text = app.store.with(&id, |s| s.pgn())?;
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

fn state(app: &AppState, id: &str) -> Api<Json<State>> {
    app.store.with(id, |s| Json(s.state(id)))
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
) -> Api<Json<State>> {
    state(&app, &path(id)?)
}

/// `GET /api/games/{id}/ply/{n}`.
pub async fn get_ply(
    Ctx(app): Ctx<Arc<AppState>>,
    p: Result<Path<(String, usize)>, PathRejection>,
) -> Api<Json<crate::session::View>> {
    let (id, ply) = path(p)?;
    app.store.with(&id, |s| s.view_at(ply))?.map(Json)
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    text: String,
    /// Absent: the text says; `null`: no piece gated in; a letter: that hand piece.
    #[serde(default, deserialize_with = "present")]
    gate: Option<Option<String>>,
}

/// Reads a field that is present (`null` included) as `Some`, so an absent field (the
/// default, `None`) differs from `null` (`Some(None)`).
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// `POST /api/games/{id}/move`.
pub async fn play_move(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api<Json<State>> {
    let id = path(id)?;
    let req: PlayMove = body(bytes)?;
    let text = text_field("move", req.text.trim())?;
    let gate = match &req.gate {
        None => GateChoice::AsWritten,
        Some(None) => GateChoice::Decline,
        Some(Some(letter)) => GateChoice::Kind(text_field("gate", letter.trim())?),
    };
    app.store.with(&id, |s| s.play_text(text, gate))??;
    state(&app, &id)
}

/// The body of `POST /api/games/{id}/takeback`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Takeback {
    plies: Option<usize>,
}

/// `POST /api/games/{id}/takeback`.
pub async fn takeback(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api<Json<State>> {
    let id = path(id)?;
    let req: Takeback = body(bytes)?;
    app.store
        .with(&id, |s| s.takeback(req.plies.unwrap_or(1)))??;
    state(&app, &id)
}

/// The body of `POST /api/games/{id}/engine`, and the query of the analysis.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Think {
    ms: Option<u64>,
    depth: Option<u32>,
    multipv: Option<usize>,
    level: Option<u8>,
    /// Analysis only: the position after this many moves (default: the current one).
    ply: Option<usize>,
}

impl Think {
    /// The budget asked for, checked against the server's bounds.
    fn budget(&self, app: &AppState, default_ms: u64) -> Api<Budget> {
        let max = app.config.max_think_ms;
        let ms = self.ms.unwrap_or(default_ms.min(max));
        if ms == 0 || ms > max {
            return Err(ApiError::BadRequest(format!(
                "ms must be from 1 to {max}, not {ms}"
            )));
        }
        if let Some(d) = self.depth.filter(|d| *d == 0 || *d > 64) {
            return Err(ApiError::BadRequest(format!(
                "depth must be from 1 to 64, not {d}"
            )));
        }
        let (mut ms, mut depth) = (ms, self.depth);
        if let Some(n) = self.level {
            if depth.is_some() {
                return Err(ApiError::BadRequest(
                    "give a level or a depth, not both".into(),
                ));
            }
            let level = crate::strength::level(n)?;
            depth = level.depth;
            ms = level.ms.map_or(ms, |cap| ms.min(cap));
        }
        let multipv = self.multipv.unwrap_or(1);
        if multipv == 0 || multipv > 8 {
            return Err(ApiError::BadRequest(format!(
                "multipv must be from 1 to 8, not {multipv}"
            )));
        }
        Ok(Budget {
            time: Duration::from_millis(ms),
            depth,
            multipv,
        })
    }
}

/// The answer to `POST /api/games/{id}/engine`.
#[derive(Serialize)]
pub struct EngineReply {
    /// The game after the engine's move.
    #[serde(flatten)]
    state: State,
    /// What the engine chose and thought.
    engine: Choice,
}

/// `POST /api/games/{id}/engine`.
pub async fn engine_move(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api<Json<EngineReply>> {
    let id = path(id)?;
    let req: Think = body(bytes)?;
    if req.ply.is_some() {
        return Err(ApiError::BadRequest(
            "the engine moves in the current position: ply is for analysis".into(),
        ));
    }
    let budget = req.budget(&app, 1000)?;
    let snap = app
        .store
        .with(&id, |s| (!s.is_over()).then(|| s.snapshot()))?;
    let snap = snap.ok_or_else(|| ApiError::Unprocessable("the game is over".into()))?;
    let ply = snap.ply;
    let choice = app.engine.choose(snap, budget).await?;
    if let Some(mv) = choice.mv {
        app.store.with(&id, |s| s.play_searched(ply, mv))??;
    }
    let state = state(&app, &id)?.0;
    Ok(Json(EngineReply {
        state,
        engine: choice,
    }))
}

/// `GET /api/games/{id}/analysis`: events `line` (a [`crate::engine::Line`]) as the
/// search deepens, then one `done` (a [`Choice`]).
pub async fn analysis(
    Ctx(app): Ctx<Arc<AppState>>,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<Think>, QueryRejection>,
) -> Api<impl IntoResponse> {
    let id = path(id)?;
    let think = query(q)?;
    let budget = think.budget(&app, app.config.max_think_ms)?;
    let snap = app.store.with(&id, |s| match think.ply {
        Some(ply) if ply != s.ply() => s.snapshot_at(ply).map(Some),
        _ => Ok((!s.is_over()).then(|| s.snapshot())),
    })??;
    let snap = snap.ok_or_else(|| {
        ApiError::Unprocessable(
            "the game is over: analyse one of its earlier positions (ply=N)".into(),
        )
    })?;
    let rx = app.engine.analyse(snap, budget).await?;
    let events = ReceiverStream::new(rx).map(|item| {
        let event = match item {
            Ok(line) => Event::default().event("line").json_data(line),
            Err(choice) => Event::default().event("done").json_data(choice),
        };
        Ok::<Event, Infallible>(event.unwrap_or_else(|_| Event::default().event("error")))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
