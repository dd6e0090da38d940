//! Gating as a move request says it: `"gate": null` declines a hand piece (S-Chess), a
//! letter gates that piece in, a compulsory reserve gate (Musketeer) cannot be declined,
//! and the editor's FEN tokens of each kind read back as that kind.

mod common;

use axum::http::{Method, StatusCode};
use common::{json, new_game, test_app};
use joust_core::variants;
use serde_json::{json, Value};

async fn play(app: &axum::Router, id: &str, body: Value) -> (StatusCode, Value) {
    json(app, Method::POST, &format!("/api/games/{id}/move"), body).await
}

fn hand_total(state: &Value) -> usize {
    state["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_array().unwrap().len())
        .sum()
}

#[tokio::test]
async fn a_hand_gate_is_declined_with_null_and_taken_by_its_letter() {
    let v = variants::all()
        .iter()
        .find(|v| v.hand_gating)
        .expect("a game with pieces in hand to gate");
    let app = test_app();
    let state = new_game(&app, v.id).await;
    let id = state["id"].as_str().unwrap();
    let (_, detail) = json(
        &app,
        Method::GET,
        &format!("/api/variants/{}", v.id),
        Value::Null,
    )
    .await;
    let gated = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["gate"].is_u64())
        .expect("a gating move")
        .clone();
    let (from, to) = (
        gated["from"].as_str().unwrap(),
        gated["to"].as_str().unwrap(),
    );
    let plain = format!("{from}{to}");
    let letter = detail["kinds"][gated["gate"].as_u64().unwrap() as usize]["letter"]
        .as_str()
        .unwrap()
        .to_string();
    let before = hand_total(&state);

    // Gated by its letter: the same move as the gated text.
    let (status, after) = play(&app, id, json!({"move": plain, "gate": letter})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["last_move"]["text"], gated["text"]);
    assert_eq!(hand_total(&after), before - 1);
    let (status, _) = json(
        &app,
        Method::POST,
        &format!("/api/games/{id}/takeback"),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Declined: `null`, even with the gated text, plays the move alone.
    let (status, after) = play(&app, id, json!({"move": gated["text"], "gate": null})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["last_move"]["gate"], Value::Null);
    assert_eq!(after["last_move"]["from"], from);
    assert_eq!(hand_total(&after), before);

    // A letter no hand piece has is refused with a message.
    let fresh = new_game(&app, v.id).await;
    let fid = fresh["id"].as_str().unwrap();
    let (status, err) = play(&app, fid, json!({"move": plain, "gate": "Z"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert_eq!(
        err["error"], "no piece 'Z' can be gated in with this move",
        "{err}"
    );
    let (status, err) = play(&app, fid, json!({"move": plain, "gate": 3})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
}

#[tokio::test]
async fn a_compulsory_reserve_gate_cannot_be_declined() {
    let v = variants::all()
        .iter()
        .find(|v| !v.gating_types.is_empty())
        .expect("a game with reserve cells");
    let app = test_app();
    let state = new_game(&app, v.id).await;
    let id = state["id"].as_str().unwrap().to_string();
    let id = id.as_str();
    // The setup: each side selects a kind, then every placement on the first cell
    // offered, until the game proper begins.
    let mut state = state;
    while let Some(m) = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["from"].is_null())
        .cloned()
    {
        let (status, next) = play(&app, id, json!({"move": m["text"]})).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    let reserve = state["reserve"].as_array().unwrap().len();
    assert!(reserve > 0, "{state}");
    // A first move off a file with a reserve piece behind it gates that piece.
    let files: Vec<String> = state["reserve"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["color"] == "white")
        .map(|p| ((b'a' + p["file"].as_u64().unwrap() as u8) as char).to_string())
        .collect();
    let gating = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| {
            let from = m["from"].as_str().unwrap_or("");
            from.ends_with('1') && files.iter().any(|f| from.starts_with(f.as_str()))
        })
        .expect("a move off a back-rank square with a reserve piece behind it")
        .clone();
    let (status, err) = play(&app, id, json!({"move": gating["text"], "gate": null})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert_eq!(
        err["error"],
        "this move must gate its reserve piece in: here gating is compulsory"
    );
    let (status, after) = play(&app, id, json!({"move": gating["text"]})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["reserve"].as_array().unwrap().len(), reserve - 1);
}

#[tokio::test]
async fn every_kinds_fen_token_reads_back_as_that_kind() {
    let app = test_app();
    for id in ["lancers", "lancerchess", "chess"] {
        let (_, detail) = json(
            &app,
            Method::GET,
            &format!("/api/variants/{id}"),
            Value::Null,
        )
        .await;
        let kinds = detail["kinds"].as_array().unwrap();
        let royal = kinds.iter().position(|k| k["royal"] == true).unwrap();
        let king = |c: usize| kinds[royal]["fen"][c].as_str().unwrap().to_string();
        for (i, k) in kinds.iter().enumerate() {
            if i == royal {
                continue;
            }
            let token = k["fen"][0].as_str().unwrap();
            let fen = format!("7{}/8/8/3{token}4/8/8/8/{}7 w - - 0 1", king(1), king(0));
            let (status, state) = json(
                &app,
                Method::POST,
                "/api/games",
                json!({"variant": id, "fen": fen}),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{id} {fen}: {state}");
            let on = state["board"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["sq"] == "d5")
                .cloned();
            assert_eq!(on.unwrap()["kind"], i, "{id} {token}");
        }
    }
}
