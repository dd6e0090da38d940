//! A bounded load test on loopback: 200 clients at once over real TCP (hyper's client),
//! each loading the page and a script, starting a game, playing a move and fetching the
//! game's PGN. Every answer must be a success; the latency percentiles are printed (they
//! are reported, not asserted: this is not a timed test). The whole run is bounded to a
//! minute.

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::time::{Duration, Instant};

const CLIENTS: usize = 200;

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

/// Sends one request; returns its status, body and how long it took.
async fn request(
    http: &Http,
    method: &str,
    url: &str,
    body: &str,
) -> Result<(u16, String, Duration), String> {
    let req = axum::http::Request::builder()
        .method(method)
        .uri(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let res = http.request(req).await.map_err(|e| e.to_string())?;
    let status = res.status().as_u16();
    let bytes = res
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    Ok((
        status,
        String::from_utf8_lossy(&bytes).into_owned(),
        start.elapsed(),
    ))
}

/// One client's visit: the page, a script, a new game, a move, the PGN.
async fn visit(http: Http, base: String) -> Result<Vec<Duration>, String> {
    let mut took = Vec::new();
    let mut ok = |what: &str, r: (u16, String, Duration), want: u16| {
        took.push(r.2);
        if r.0 == want {
            Ok(r.1)
        } else {
            Err(format!("{what}: {} {}", r.0, r.1))
        }
    };
    ok(
        "page",
        request(&http, "GET", &format!("{base}/"), "").await?,
        200,
    )?;
    let script = request(&http, "GET", &format!("{base}/assets/app.js"), "").await?;
    ok("script", script, 200)?;
    let game = request(
        &http,
        "POST",
        &format!("{base}/api/games"),
        r#"{"variant":"chess"}"#,
    )
    .await?;
    let game = ok("new game", game, 201)?;
    let state: serde_json::Value = serde_json::from_str(&game).map_err(|e| e.to_string())?;
    let id = state["id"].as_str().ok_or("no id")?.to_string();
    let moved = request(
        &http,
        "POST",
        &format!("{base}/api/games/{id}/move"),
        r#"{"move":"e4"}"#,
    )
    .await?;
    ok("move", moved, 200)?;
    let pgn = request(&http, "GET", &format!("{base}/api/games/{id}/pgn"), "").await?;
    let pgn = ok("pgn", pgn, 200)?;
    if !pgn.contains("1. e4 *") {
        return Err(format!("the PGN lacks the move: {pgn}"));
    }
    Ok(took)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_clients_are_served_without_error() {
    let (listener, addr) = joust_web::bind("127.0.0.1:0".parse().unwrap())
        .await
        .expect("bound");
    tokio::spawn(joust_web::serve(listener, joust_web::Config::default()));
    let base = format!("http://{addr}");
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            // Each client its own connection pool, as separate browsers would be.
            let http: Http = Client::builder(TokioExecutor::new()).build_http();
            tokio::spawn(visit(http, base.clone()))
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for c in clients {
        match tokio::time::timeout(Duration::from_secs(60), c).await {
            Ok(Ok(Ok(took))) => latencies.extend(took),
            Ok(Ok(Err(e))) => errors.push(e),
            Ok(Err(e)) => errors.push(format!("the client panicked: {e}")),
            Err(_) => errors.push("a client took over a minute".into()),
        }
    }
    let wall = started.elapsed();
    latencies.sort();
    eprintln!(
        "{CLIENTS} clients, {} requests in {:.0} ms: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {} errors",
        latencies.len(),
        wall.as_secs_f64() * 1e3,
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.9).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        errors.len()
    );
    assert!(
        errors.is_empty(),
        "errors: {:?}",
        &errors[..errors.len().min(5)]
    );
    assert_eq!(latencies.len(), CLIENTS * 5);
}
