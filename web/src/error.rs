//! What a request can get wrong, as a typed error: each has a status (always 4xx, or 503
//! when the engine is busy) and a message, sent as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::fmt;

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The request was malformed: bad JSON, a missing field, a value out of range.
    BadRequest(String),
    /// No such game id, variant or page.
    NotFound(String),
    /// The request is well formed but does not fit the game: an illegal move, a bad FEN,
    /// a takeback at the start.
    Unprocessable(String),
    /// The game changed while the engine was thinking about it.
    Conflict(String),
    /// The body is larger than the server accepts.
    TooLarge(String),
    /// The method is not one this path answers.
    MethodNotAllowed,
    /// Every engine slot stayed busy for too long.
    Busy,
}

impl ApiError {
    /// The HTTP status this error is sent with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Busy => StatusCode::TOO_MANY_REQUESTS,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Unprocessable(m)
            | ApiError::Conflict(m)
            | ApiError::TooLarge(m) => f.write_str(m),
            ApiError::MethodNotAllowed => f.write_str("this method is not allowed here"),
            ApiError::Busy => f.write_str("the engine is busy; try again in a moment"),
        }
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}
