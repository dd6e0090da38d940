//! Speed of the server on loopback, engine thinking excluded (issue 28 asks for a page
//! load under 300 ms and a move's round trip under 30 ms): `cargo bench -p joust-web`
//! first prints the median of 200 timed runs of each, then criterion's estimates (its
//! `time:` line is the mean with its confidence interval).
//!
//! - `page load`: the page and every embedded file, one after another on one kept-alive
//!   connection (a browser fetches them several at a time, so this is the slow case).
//! - `move round trip`: `POST /api/games/ID/move` with its JSON answer (the new state with
//!   every legal move); the move is taken back between samples, outside the timing.

use axum::body::Bytes;
use criterion::{criterion_group, criterion_main, Criterion};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::time::{Duration, Instant};

type Http = Client<HttpConnector, Full<Bytes>>;

async fn call(http: &Http, method: &str, url: &str, body: &str) -> (u16, Bytes) {
    let req = axum::http::Request::builder()
        .method(method)
        .uri(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("a request");
    let res = http.request(req).await.expect("an answer");
    let status = res.status().as_u16();
    let body = res.into_body().collect().await.expect("a body").to_bytes();
    (status, body)
}

/// Times `run` 200 times and prints the median.
fn print_median(label: &str, mut run: impl FnMut() -> Duration) {
    let mut took: Vec<Duration> = (0..200).map(|_| run()).collect();
    took.sort();
    let median = took[took.len() / 2];
    println!(
        "{label}: median {:.3} ms of 200 runs",
        median.as_secs_f64() * 1e3
    );
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let (base, http) = rt.block_on(async {
        let (listener, addr) = joust_web::bind("127.0.0.1:0".parse().unwrap())
            .await
            .expect("bound");
        tokio::spawn(joust_web::serve(listener, joust_web::Config::default()));
        let http: Http = Client::builder(TokioExecutor::new()).build_http();
        (format!("http://{addr}"), http)
    });
    let mut urls = vec![format!("{base}/")];
    urls.extend(
        joust_web::assets::ASSETS
            .iter()
            .map(|(name, _, _)| format!("{base}/assets/{name}")),
    );
    urls.push(format!("{base}/api/variants"));
    urls.push(format!("{base}/api/variants/chess"));
    let load = || {
        rt.block_on(async {
            for url in &urls {
                let (status, _) = call(&http, "GET", url, "").await;
                assert_eq!(status, 200, "{url}");
            }
        })
    };
    print_median("page load", || {
        let start = Instant::now();
        load();
        start.elapsed()
    });
    c.bench_function("page load (page, files, games list, board)", |b| {
        b.iter(load)
    });
    let id = rt.block_on(async {
        let (status, body) = call(&http, "POST", &format!("{base}/api/games"), "{}").await;
        assert_eq!(status, 201);
        let state: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        state["id"].as_str().expect("an id").to_string()
    });
    let play = format!("{base}/api/games/{id}/move");
    let back = format!("{base}/api/games/{id}/takeback");
    let moves = |iters: u64| {
        rt.block_on(async {
            let mut took = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let (status, _) = call(&http, "POST", &play, r#"{"move":"e4"}"#).await;
                took += start.elapsed();
                assert_eq!(status, 200);
                let (status, _) = call(&http, "POST", &back, "{}").await;
                assert_eq!(status, 200);
            }
            took
        })
    };
    print_median("move round trip", || moves(1));
    c.bench_function("move round trip (e4, chess)", |b| b.iter_custom(moves));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
