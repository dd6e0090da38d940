//! The King's Lancer tour puzzle (docs/rules/kl-tour.md) in the browser: `GET /api/tour`
//! gives a board, each square's King's Lancer moves and one tour found by `joust-tour`
//! (bounded in search), so the page can check the squares clicked, hint and show it.

use crate::error::ApiError;
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::Json;
use joust_core::{pieces, Geometry, Square};
use joust_tour::{FirstTour, LeaperGraph, Problem, TourKind};
use serde::{Deserialize, Serialize};

/// The most positions the search for a tour visits before it gives up.
const BUDGET: u64 = 5_000_000;

/// The query of `GET /api/tour`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourQuery {
    files: Option<u8>,
    ranks: Option<u8>,
    start: Option<String>,
    kind: Option<String>,
}

/// A tour puzzle: the board, the moves, one solution if there is one.
#[derive(Serialize, Debug)]
pub struct TourPuzzle {
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// `circuit` or `journey`.
    pub kind: String,
    /// The start square's index.
    pub start: u8,
    /// Every square's name, by index (index = rank × files + file).
    pub squares: Vec<String>,
    /// The squares a King's Lancer reaches from each square, by index.
    pub neighbours: Vec<Vec<u8>>,
    /// One tour, start first, as indices: none if there is none or the search gave up.
    pub solution: Option<Vec<u8>>,
    /// `found`, `none` (proven) or `gave-up`.
    pub status: &'static str,
}

fn bad(msg: String) -> ApiError {
    ApiError::BadRequest(msg)
}

/// `GET /api/tour?files=F&ranks=R&start=SQ&kind=circuit|journey` (defaults: 5x5 from
/// a1, a circuit).
pub async fn tour(
    q: Result<Query<TourQuery>, QueryRejection>,
) -> Result<Json<TourPuzzle>, ApiError> {
    let q = q.map(|Query(q)| q).map_err(|e| bad(e.body_text()))?;
    let (files, ranks) = (q.files.unwrap_or(5), q.ranks.unwrap_or(5));
    let geometry = (1..=10)
        .contains(&files)
        .then_some(())
        .filter(|_| (1..=10).contains(&ranks))
        .and_then(|_| Geometry::new(files, ranks).ok())
        .ok_or_else(|| {
            bad(format!(
                "the board must be from 1x1 to 10x10, not {files}x{ranks}"
            ))
        })?;
    let kind = match q.kind.as_deref().unwrap_or("circuit") {
        "circuit" => TourKind::Circuit,
        "journey" => TourKind::Journey,
        other => {
            return Err(bad(format!(
                "kind must be circuit or journey, not '{other}'"
            )))
        }
    };
    let start_name = q.start.unwrap_or_else(|| "a1".into());
    let start = geometry.parse_square(&start_name).ok_or_else(|| {
        bad(format!(
            "no square '{start_name}' on a {files}x{ranks} board"
        ))
    })?;
    let graph = LeaperGraph::new(&pieces::kings_lancer(), geometry)
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    let n = geometry.len() as u8;
    let neighbours = (0..n)
        .map(|sq| {
            (0..n)
                .filter(|t| graph.neighbours(sq) & (1u128 << t) != 0)
                .collect()
        })
        .collect();
    let problem = Problem {
        graph,
        start: start.0,
        kind,
    };
    let found = tokio::task::spawn_blocking(move || problem.first(BUDGET))
        .await
        .map_err(|e| ApiError::Conflict(format!("the search failed: {e}")))?;
    let (solution, status) = match found {
        FirstTour::Found(t) => (Some(t), "found"),
        FirstTour::None => (None, "none"),
        FirstTour::GaveUp(_) => (None, "gave-up"),
    };
    Ok(Json(TourPuzzle {
        files,
        ranks,
        kind: kind.to_string(),
        start: start.0,
        squares: (0..n)
            .map(|i| geometry.name(Square(i)).to_string())
            .collect(),
        neighbours,
        solution,
        status,
    }))
}
