//! The JSON API handler by handler, in-process: every game starts and plays, moves by
//! SAN and coordinates, takeback, check and outcome, Lancer facings, the engine and
//! analysis, the bounded game store, and the messages a refusal carries.

mod common;

use axum::http::{Method, StatusCode};
use common::{json, new_game, send, test_app};
use joust_core::variants;
use joust_movegen::AnyPosition;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn fen(state: &Value) -> &str {
    state["fen"].as_str().expect("a FEN")
}

async fn play(app: &axum::Router, id: &str, text: &str) -> Value {
    let (status, state) = json(
        app,
        Method::POST,
        &format!("/api/games/{id}/move"),
        json!({ "move": text }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}: {state}");
    state
}

#[tokio::test]
async fn every_game_is_listed_starts_and_takes_its_first_move_both_ways() {
    let app = test_app();
    let (status, list) = json(&app, Method::GET, "/api/variants", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = variants::with_user_games().iter().map(|v| v.id).collect();
    assert_eq!(ids, expected);
    for v in variants::all() {
        let entry = list.as_array().unwrap().iter().find(|e| e["id"] == v.id);
        let rules = entry.unwrap()["rules"].as_array().unwrap();
        assert!(!rules.is_empty(), "{}: no rules in short", v.id);
        // Every piece of its armies is described in words.
        let pieces = entry.unwrap()["pieces"].as_array().unwrap();
        assert!(
            pieces.len() >= joust_render::words::piece_names(v).len(),
            "{}",
            v.id
        );
        for p in pieces {
            let words = p["movement"].as_str().unwrap();
            assert!(
                !p["name"].as_str().unwrap().is_empty() && words.ends_with('.'),
                "{p}"
            );
        }
        let (status, detail) = json(
            &app,
            Method::GET,
            &format!("/api/variants/{}", v.id),
            Value::Null,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            detail["squares"].as_array().unwrap().len(),
            v.geometry.len()
        );
        assert_eq!(detail["kinds"].as_array().unwrap().len(), v.kinds.len());
        let state = new_game(&app, v.id).await;
        let legal = AnyPosition::start(v).unwrap().legal_moves().len();
        let moves = state["moves"].as_array().unwrap();
        assert_eq!(moves.len(), legal, "{}", v.id);
        assert_eq!(fen(&state), v.start_fen);
        // The first legal move, once by its coordinates and once by its SAN.
        let first = &moves[0];
        let by_text = play(
            &app,
            state["id"].as_str().unwrap(),
            first["text"].as_str().unwrap(),
        )
        .await;
        let other = new_game(&app, v.id).await;
        let by_san = play(
            &app,
            other["id"].as_str().unwrap(),
            first["san"].as_str().unwrap(),
        )
        .await;
        assert_eq!(fen(&by_text), fen(&by_san), "{}", v.id);
        assert_eq!(by_text["last_move"], *first, "{}", v.id);
    }
}

#[tokio::test]
async fn moves_are_played_viewed_and_taken_back() {
    let app = test_app();
    let state = new_game(&app, "chess").await;
    let id = state["id"].as_str().unwrap();
    play(&app, id, "e4").await;
    let after = play(&app, id, "e7e5").await;
    assert_eq!(
        fen(&after),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let sans: Vec<&str> = after["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5"]);
    let (status, view) = json(
        &app,
        Method::GET,
        &format!("/api/games/{id}/ply/1"),
        Value::Null,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        fen(&view),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(view["last_move"]["san"], "e4");
    let (status, back) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/takeback"),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back["ply"], 1);
    assert_eq!(fen(&back), fen(&view));
}

#[tokio::test]
async fn check_and_mate_are_reported_and_end_the_game() {
    let app = test_app();
    let state = new_game(&app, "chess").await;
    let id = state["id"].as_str().unwrap();
    for m in ["f3", "e5", "g4"] {
        play(&app, id, m).await;
    }
    let mated = play(&app, id, "Qh4#").await;
    assert_eq!(mated["check"], json!(["e1"]));
    assert_eq!(mated["outcome"]["result"], "0-1");
    assert_eq!(mated["moves"], json!([]));
    let (status, err) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/move"),
        json!({"move": "a3"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(err["error"], "the game is over");
}

#[tokio::test]
async fn a_lancer_move_offers_every_facing_and_plays_the_one_chosen() {
    let app = test_app();
    let state = new_game(&app, "lancers").await;
    let id = state["id"].as_str().unwrap();
    let (_, detail) = json(&app, Method::GET, "/api/variants/lancers", Value::Null).await;
    // Moves grouped by their squares: a Lancer's move comes once per final facing.
    let mut groups: BTreeMap<(String, String), Vec<&Value>> = BTreeMap::new();
    for m in state["moves"].as_array().unwrap() {
        let key = (m["from"].to_string(), m["to"].to_string());
        groups.entry(key).or_default().push(m);
    }
    let lancer = groups
        .values()
        .find(|g| g.len() > 1)
        .expect("a Lancer move");
    assert_eq!(lancer.len(), 8);
    let mut facings: Vec<u64> = lancer
        .iter()
        .map(|m| {
            detail["kinds"][m["kind"].as_u64().unwrap() as usize]["facing"]
                .as_u64()
                .unwrap()
        })
        .collect();
    facings.sort();
    assert_eq!(facings, (0..8).collect::<Vec<_>>());
    let chosen = lancer[3];
    let after = play(&app, id, chosen["text"].as_str().unwrap()).await;
    let to = chosen["to"].as_str().unwrap();
    let on = after["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sq"] == to)
        .unwrap();
    assert_eq!(on["kind"], chosen["kind"]);
}

#[tokio::test]
async fn the_engine_moves_and_analysis_streams_lines_then_its_choice() {
    let app = test_app();
    let state = new_game(&app, "lancerchess").await;
    let id = state["id"].as_str().unwrap();
    let (status, reply) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        json!({"ms": 1000, "depth": 2}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["ply"], 1);
    assert_eq!(reply["engine"]["depth"], 2);
    assert_eq!(reply["last_move"], reply["engine"]["best"]);
    let (status, body) = send(
        &app,
        Method::GET,
        &format!("/api/games/{id}/analysis?ms=300&multipv=2&depth=3"),
        b"",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let events: Vec<&str> = body.lines().filter(|l| l.starts_with("event:")).collect();
    assert!(events.len() >= 3, "{body}");
    assert_eq!(events.last(), Some(&"event: done"));
    assert!(body.contains("\"multipv\":2"), "{body}");
}

/// A finished game is analysed move by move: the analysis of an earlier position (`ply`)
/// streams lines of that position, the final one is refused with a message saying what
/// to do, and a ply past the end is not found.
#[tokio::test]
async fn analysis_of_an_earlier_position_of_a_finished_game() {
    let app = test_app();
    let state = new_game(&app, "chess").await;
    let id = state["id"].as_str().unwrap();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        play(&app, id, m).await;
    }
    let (status, body) = send(
        &app,
        Method::GET,
        &format!("/api/games/{id}/analysis?ms=2000&multipv=2&depth=3&ply=3"),
        b"",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let best = body
        .lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .map(|d| serde_json::from_str::<Value>(d.trim()).unwrap())
        .rfind(|d| d["multipv"] == 1)
        .expect("a line");
    assert_eq!(best["pv"][0]["san"], "Qh4#", "{body}");
    assert_eq!(best["score"]["mate"], -1, "{body}");
    let (status, err) = json(
        &app,
        Method::GET,
        &format!("/api/games/{id}/analysis?ms=100"),
        Value::Null,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        err["error"].as_str().unwrap().contains("earlier positions"),
        "{err}"
    );
    let (status, _) = json(
        &app,
        Method::GET,
        &format!("/api/games/{id}/analysis?ms=100&ply=9"),
        Value::Null,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        json!({"ply": 2}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_store_forgets_the_least_recently_used_game() {
    let app = test_app(); // keeps 8 games
    let first = new_game(&app, "chess").await;
    let id = first["id"].as_str().unwrap();
    for _ in 0..8 {
        new_game(&app, "chess").await;
    }
    let (status, err) = json(&app, Method::GET, &format!("/api/games/{id}"), Value::Null).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(err["error"].as_str().unwrap().contains("expired"));
}

#[tokio::test]
async fn the_page_and_every_asset_are_served_from_the_binary() {
    let app = test_app();
    let (status, html) = send(&app, Method::GET, "/", b"").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("/assets/app.js"));
    for (name, _, content) in joust_web::assets::ASSETS {
        let (status, body) = send(&app, Method::GET, &format!("/assets/{name}"), b"").await;
        assert_eq!(status, StatusCode::OK, "{name}");
        assert_eq!(body, *content);
        // Every module it imports is served too (no CDN, nothing missing).
        for import in body.split("from './").skip(1) {
            let file = import.split('\'').next().unwrap();
            assert!(
                joust_web::assets::ASSETS.iter().any(|(n, _, _)| *n == file),
                "{name} imports {file}"
            );
        }
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{name}"
        );
    }
}

/// What a person reads when a request is refused: each case's status and message.
#[tokio::test]
async fn refusals_say_what_was_wrong() {
    let app = test_app();
    let state = new_game(&app, "chess").await;
    let id = state["id"].as_str().unwrap();
    let cases: Vec<(Method, String, &str)> = vec![
        (Method::POST, "/api/games".into(), r#"{"variant": "nope"}"#),
        (
            Method::POST,
            "/api/games".into(),
            r#"{"variant": "chess", "fen": "8/8/8 w"}"#,
        ),
        (Method::POST, "/api/games".into(), r#"{"variant": 3}"#),
        (Method::POST, "/api/games".into(), r#"{"colour": "white"}"#),
        (Method::POST, "/api/games".into(), "not json"),
        (
            Method::POST,
            format!("/api/games/{id}/move"),
            r#"{"move": "e5"}"#,
        ),
        (
            Method::POST,
            format!("/api/games/{id}/move"),
            r#"{"move": "Nd2"}"#,
        ),
        (
            Method::POST,
            format!("/api/games/{id}/move"),
            r#"{"move": "zz9"}"#,
        ),
        (Method::POST, format!("/api/games/{id}/move"), r#"{}"#),
        (Method::POST, format!("/api/games/{id}/takeback"), r#"{}"#),
        (
            Method::POST,
            format!("/api/games/{id}/engine"),
            r#"{"ms": 0}"#,
        ),
        (
            Method::POST,
            format!("/api/games/{id}/engine"),
            r#"{"ms": 99999999}"#,
        ),
        (
            Method::GET,
            format!("/api/games/{id}/analysis?multipv=0"),
            "",
        ),
        (Method::GET, format!("/api/games/{id}/ply/5"), ""),
        (Method::GET, format!("/api/games/{id}/ply/x"), ""),
        (Method::GET, "/api/games/0000000000000000".into(), ""),
        (Method::GET, "/api/variants/nope".into(), ""),
        (Method::GET, "/api/nothing".into(), ""),
        (Method::DELETE, "/api/games".into(), ""),
        (Method::GET, "/assets/nothing.js".into(), ""),
        (
            Method::POST,
            format!("/api/games/{id}/engine"),
            r#"{"level": 9}"#,
        ),
        (
            Method::POST,
            format!("/api/games/{id}/engine"),
            r#"{"level": 3, "depth": 2}"#,
        ),
        (
            Method::POST,
            "/api/games".into(),
            r#"{"pgn": "1. e4 e4 *"}"#,
        ),
        (Method::POST, "/api/games".into(), r#"{"pgn": ""}"#),
        (
            Method::POST,
            "/api/games".into(),
            r#"{"pgn": "[Variant \"Nope\"]\n\n1. e4 *"}"#,
        ),
        (
            Method::POST,
            "/api/games".into(),
            r#"{"pgn": "1. e4 *", "variant": "chess"}"#,
        ),
        (Method::GET, "/api/games/0000000000000000/pgn".into(), ""),
    ];
    let mut out = String::new();
    for (method, uri, body) in cases {
        let (status, text) = send(&app, method.clone(), &uri, body.as_bytes()).await;
        assert!(status.is_client_error(), "{method} {uri}: {status}");
        let value: Value = serde_json::from_str(&text).expect("a JSON message");
        let uri = uri.replace(id, "ID");
        out += &format!(
            "{method} {uri} {body}\n  {status}: {}\n",
            value["error"].as_str().unwrap()
        );
    }
    // A move's body may be 16 KB, a new game's (a PGN) 64 KB and a little JSON.
    let too_big = [
        ("/api/games".to_string(), vec![b' '; 80 * 1024]),
        (format!("/api/games/{id}/move"), vec![b' '; 20 * 1024]),
        (
            "/api/games".to_string(),
            json!({ "pgn": " ".repeat(64 * 1024 + 1) })
                .to_string()
                .into_bytes(),
        ),
    ];
    for (uri, big) in too_big {
        let (status, text) = send(&app, Method::POST, &uri, &big).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        let value: Value = serde_json::from_str(&text).expect("a JSON message");
        out += &format!(
            "POST {} ({} KB)\n  {status}: {}\n",
            uri.replace(id, "ID"),
            big.len() / 1024,
            value["error"].as_str().unwrap()
        );
    }
    insta::assert_snapshot!(out);
}

/// Every built-in game goes out as PGN with its `[Variant]` tag and comes back in as the
/// same game: same start, same moves, same position.
#[tokio::test]
async fn every_game_goes_out_as_pgn_and_comes_back() {
    let app = test_app();
    for v in variants::all() {
        let state = new_game(&app, v.id).await;
        let id = state["id"].as_str().unwrap().to_string();
        let mut last = state;
        for _ in 0..3 {
            let Some(first) = last["moves"].as_array().and_then(|m| m.first()) else {
                break;
            };
            let text = first["text"].as_str().unwrap().to_string();
            last = play(&app, &id, &text).await;
        }
        let (status, pgn) = send(&app, Method::GET, &format!("/api/games/{id}/pgn"), b"").await;
        assert_eq!(status, StatusCode::OK, "{}: {pgn}", v.id);
        let tagged = pgn.contains(&format!("[Variant \"{}\"]", v.name));
        let chess = std::ptr::eq(*v, variants::chess());
        assert_eq!(tagged, !chess, "{}: {pgn}", v.id);
        let (status, back) = json(&app, Method::POST, "/api/games", json!({ "pgn": pgn })).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {back}\n{pgn}", v.id);
        assert_eq!(back["variant"], v.id);
        assert_eq!(back["fen"], last["fen"], "{}", v.id);
        assert_eq!(back["history"], last["history"], "{}", v.id);
        assert_ne!(back["id"], last["id"]);
    }
}

/// What a person reads: a game of chess that ends in mate, a game of another game (its
/// `[Variant]` tag), and a game from a set-up position (`[SetUp]` and `[FEN]`), as PGN.
#[tokio::test]
async fn games_are_written_as_pgn() {
    let app = test_app();
    let mut out = String::new();
    let games = [
        ("chess", None, vec!["f3", "e5", "g4", "Qh4"]),
        ("lancerchess", None, vec!["e4", "e5"]),
        (
            "chess",
            Some("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            vec!["O-O", "Kd7"],
        ),
    ];
    for (variant, fen, moves) in games {
        let (status, state) = json(
            &app,
            Method::POST,
            "/api/games",
            json!({ "variant": variant, "fen": fen }),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        let id = state["id"].as_str().unwrap();
        for m in moves {
            play(&app, id, m).await;
        }
        let (status, pgn) = send(&app, Method::GET, &format!("/api/games/{id}/pgn"), b"").await;
        assert_eq!(status, StatusCode::OK);
        out += &pgn;
    }
    insta::assert_snapshot!(out);
}

/// A strength level bounds the engine's depth: level 1 completes depth 1 only.
#[tokio::test]
async fn a_strength_level_bounds_the_engines_depth() {
    let app = test_app();
    let state = new_game(&app, "chess").await;
    let id = state["id"].as_str().unwrap();
    let (status, reply) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        json!({ "ms": 2000, "level": 1 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["engine"]["depth"], 1, "{reply}");
    assert_eq!(reply["ply"], 1);
}

/// Every built-in game links its page of the rules book, which is served as HTML; the
/// pictures and the links between pages on it answer too.
#[tokio::test]
async fn every_game_links_its_rules_page_and_the_pages_links_answer() {
    let app = test_app();
    let (_, list) = json(&app, Method::GET, "/api/variants", Value::Null).await;
    let mut followed = std::collections::BTreeSet::new();
    for v in variants::all() {
        let entry = list
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == v.id)
            .unwrap();
        let book = entry["book"]
            .as_str()
            .unwrap_or_else(|| panic!("{}: no book", v.id));
        assert_eq!(book, format!("/rules/{}", v.id));
        let (status, page) = send(&app, Method::GET, book, b"").await;
        assert_eq!(status, StatusCode::OK, "{book}");
        assert!(page.contains("<h1>"), "{book}: no heading");
        // Every relative src or href: a picture, or another page (its #anchor dropped).
        for attr in ["src=\"", "href=\""] {
            for piece in page.split(attr).skip(1) {
                let target = piece.split('"').next().unwrap();
                let target = target.split('#').next().unwrap();
                if target.is_empty() || target.contains(':') || target.starts_with('/') {
                    continue;
                }
                if target.starts_with("..") || !followed.insert(target.to_string()) {
                    continue;
                }
                let (status, _) = send(&app, Method::GET, &format!("/rules/{target}"), b"").await;
                assert_eq!(status, StatusCode::OK, "{book} links {target}");
            }
        }
    }
    assert!(
        followed.iter().any(|t| t.ends_with(".svg")),
        "no picture followed"
    );
    let (status, _) = send(&app, Method::GET, "/rules/nope", b"").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(&app, Method::GET, "/rules/img/nope-start.svg", b"").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The tour puzzle: a board's King's Lancer moves and a tour that uses only them, visits
/// every square once and closes; sizes out of range and unknown squares are refused.
#[tokio::test]
async fn the_tour_puzzle_gives_a_checked_tour_and_refuses_bad_boards() {
    let app = test_app();
    let (status, p) = json(
        &app,
        Method::GET,
        "/api/tour?files=5&ranks=4&kind=circuit",
        Value::Null,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["squares"].as_array().unwrap().len(), 20);
    let solution: Vec<u64> = p["solution"]
        .as_array()
        .expect("a tour")
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(solution.len(), 21);
    assert_eq!(solution.first(), solution.last());
    let mut seen = std::collections::BTreeSet::new();
    for pair in solution.windows(2) {
        let next = p["neighbours"][pair[0] as usize].as_array().unwrap();
        assert!(next.iter().any(|n| n.as_u64() == Some(pair[1])), "{pair:?}");
        assert!(seen.insert(pair[1]), "{} twice", pair[1]);
    }
    for bad in ["files=11", "ranks=0", "start=z9", "kind=loop", "size=3"] {
        let (status, e) = json(&app, Method::GET, &format!("/api/tour?{bad}"), Value::Null).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {e}");
        assert!(e["error"].is_string());
    }
}
