//! Whole matches between engines run in process: Joust against itself, and scripted
//! engines that break the rules.

use super::*;
use crate::fake::{engine, joust, say};
use crate::spec::pair_names;
use joust_core::variants;
use joust_notation::PgnGame;
use std::time::Duration;

fn entrant(spec: &str, launch: Launch) -> Entrant {
    let spec = EngineSpec::parse(spec).unwrap();
    Entrant {
        limits: spec.limits,
        spec,
        launch,
    }
}

fn a_match(entrants: [Entrant; 2], games: &[&str], total: usize) -> Match {
    let names = pair_names(&[entrants[0].spec.clone(), entrants[1].spec.clone()]);
    Match {
        entrants,
        names,
        games: games
            .iter()
            .map(|id| variants::by_id(id).unwrap())
            .collect(),
        total,
        concurrency: 1,
        openings: Openings::Random {
            config: RandomOpenings {
                min_plies: 4,
                max_plies: 8,
                max_cp: 100,
                depth: 2,
                nodes: 2_000,
            },
            seed: 11,
        },
        referee: Referee {
            margin: Duration::from_millis(200),
            stall_timeout: Duration::from_secs(60),
            max_plies: 40,
        },
        sprt: None,
        site: "tests".to_string(),
    }
}

/// Runs `m`, and returns its standings and its games in the order of their rounds.
fn run(m: &Match) -> (Standings, Vec<PgnGame>) {
    let mut games = Vec::new();
    let mut seen = 0;
    let standings = m
        .run(|played, standings| {
            seen += 1;
            assert_eq!(standings.played, seen);
            games.push((played.index, played.game.pgn.clone()));
        })
        .unwrap();
    games.sort_by_key(|(i, _)| *i);
    (standings, games.into_iter().map(|(_, g)| g).collect())
}

/// A game's moves as coordinate text with their PGN comments but the times.
fn moves_of(g: &PgnGame) -> Vec<String> {
    g.line
        .moves
        .iter()
        .map(|m| {
            let note: Vec<&str> = m
                .comments
                .iter()
                .flat_map(|c| c.split(' '))
                .filter(|w| !w.ends_with('s') || w.contains('/'))
                .collect();
            format!("{:?} {}", m.mv, note.join(" "))
        })
        .collect()
}

#[test]
fn joust_plays_joust_with_openings_by_pair() {
    let nodes = |name: &str| entrant(&format!("{name} nodes=300"), joust());
    let m = a_match(
        [nodes("joust"), nodes("joust")],
        &["lancerchess", "chess"],
        4,
    );
    let (standings, games) = run(&m);
    assert_eq!(standings.played, 4);
    assert_eq!(standings.wdl.games(), 4);
    assert_eq!(standings.per_game.values().map(Wdl::games).sum::<u32>(), 4);
    assert_eq!(standings.endings.values().sum::<u32>(), 4);
    assert!(standings.faults.is_empty(), "{:?}", standings.faults);
    assert_eq!(standings.llr, None);
    for (i, g) in games.iter().enumerate() {
        // Each pair of games has one opening and one game id, colours swapped.
        let id = if i < 2 { "lancerchess" } else { "chess" };
        assert_eq!(g.variant.id, id);
        assert_eq!(g.tag("Round"), Some((i + 1).to_string().as_str()));
        let (white, black) = if i % 2 == 0 {
            ("joust #1", "joust #2")
        } else {
            ("joust #2", "joust #1")
        };
        assert_eq!((g.tag("White"), g.tag("Black")), (Some(white), Some(black)));
        assert_eq!(g.tag("Event"), Some("joust #1 vs joust #2"));
        assert_eq!(g.tag("Site"), Some("tests"));
        assert_eq!(g.tag("TimeControl"), Some("-"));
        assert_eq!(g.tag("Date").map(str::len), Some(10));
        // Every move is legal, and the result is Joust's outcome (or the ply limit).
        match g.check().unwrap() {
            Some(o) => assert_eq!(g.result, o.result()),
            None => assert_eq!(g.tag("Termination"), Some("adjudication")),
        }
    }
    let opening = |g: &PgnGame| -> Vec<String> {
        let n = g
            .line
            .moves
            .iter()
            .position(|m| m.comments.iter().any(|c| c == "end of opening"))
            .unwrap();
        moves_of(g)[..=n].to_vec()
    };
    assert_eq!(opening(&games[0]), opening(&games[1]));
    assert_eq!(opening(&games[2]), opening(&games[3]));
    assert_ne!(opening(&games[0]), opening(&games[2]));
}

#[test]
fn the_same_seed_plays_the_same_games_with_more_workers() {
    let nodes = |name: &str| entrant(&format!("{name} nodes=200"), joust());
    let mut m = a_match(
        [nodes("joust name=a"), nodes("joust name=b")],
        &["clash"],
        4,
    );
    let (_, one) = run(&m);
    m.concurrency = 3;
    let (_, three) = run(&m);
    assert_eq!(
        one.iter().map(moves_of).collect::<Vec<_>>(),
        three.iter().map(moves_of).collect::<Vec<_>>()
    );
    assert_eq!(
        (one[0].tag("White"), one[0].tag("Black")),
        (Some("a"), Some("b"))
    );
}

#[test]
fn a_rule_breaker_is_a_fault_and_an_sprt_stops_the_match() {
    let cheat = engine("cheat", |_| say(&["bestmove e2e5"]));
    let mut m = a_match(
        [
            entrant("joust depth=1", joust()),
            entrant("cheat depth=1", cheat),
        ],
        &["chess"],
        100,
    );
    m.sprt = Some(Sprt::parse("elo0=0,elo1=400").unwrap());
    let (standings, games) = run(&m);
    assert_eq!(standings.verdict, Verdict::H1);
    assert!(standings.played < 20, "{}", standings.played);
    assert_eq!(standings.wdl.wins as usize, standings.played);
    assert!(standings.llr.unwrap() >= m.sprt.unwrap().bounds().1);
    assert_eq!(standings.endings["illegal move"] as usize, standings.played);
    assert_eq!(standings.faults.len(), standings.played);
    assert!(
        standings.faults[0].starts_with("game 1: cheat: ")
            && standings.faults[0].contains(" (cheat) played the illegal move 'e2e5' in "),
        "{}",
        standings.faults[0]
    );
    assert_eq!(games.len(), standings.played);
}

#[test]
fn an_engine_that_lacks_a_game_stops_the_match_before_it_starts() {
    let plain = engine("Plain", |_| say(&["bestmove a2a3"]));
    let m = a_match(
        [entrant("joust", joust()), entrant("plain depth=1", plain)],
        &["chess", "clash"],
        2,
    );
    let mut reported = 0;
    let e = m.run(|_, _| reported += 1).unwrap_err();
    assert_eq!(e.to_string(), "Plain does not play clash");
    assert_eq!(reported, 0);
}

#[test]
fn openings_come_from_the_list_in_turn() {
    let chess = variants::chess();
    let list = vec![
        Opening::new(chess, None, &["e2e4"]).unwrap(),
        Opening::new(chess, None, &["d2d4"]).unwrap(),
    ];
    let mut m = a_match(
        [entrant("joust", joust()), entrant("joust", joust())],
        &["chess"],
        6,
    );
    m.openings = Openings::List(list.clone());
    assert_eq!(m.opening(0), list[0]);
    assert_eq!(m.opening(1), list[1]);
    assert_eq!(m.opening(2), list[0]);
    m.openings = Openings::List(Vec::new());
    assert_eq!(m.opening(5), Opening::start(chess));
    // Random openings depend on the pair alone.
    m.openings = a_match(
        [entrant("joust", joust()), entrant("joust", joust())],
        &["chess"],
        6,
    )
    .openings;
    assert_eq!(m.opening(3), m.opening(3));
    assert_ne!(m.opening(3).moves(), m.opening(4).moves());
}

#[test]
fn the_date_tag_is_a_pgn_date() {
    let date = pgn_date();
    let parts: Vec<&str> = date.split('.').collect();
    assert_eq!(
        parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
        [4, 2, 2],
        "{date}"
    );
    assert!(
        date.chars().all(|c| c.is_ascii_digit() || c == '.'),
        "{date}"
    );
}
