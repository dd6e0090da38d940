//! Property test on stable Rust (CI runs it): random and mutated strings fed to every
//! parser — FEN, SAN, coordinate moves, PGN and game names — never panic and never hang.
//! The cargo-fuzz targets in `fuzz/` do the same with coverage guidance.

mod common;

use common::{random_game, Rng};
use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{position_from_fen, TableCache};
use joust_notation::{
    legal_moves_san, move_to_text, parse_move, parse_san, read_pgn, variant_by_name, write_pgn,
    MoveNotation, PgnError, PgnErrorKind, PgnGame, PgnReader,
};
use std::io::BufReader;
use std::time::{Duration, Instant};

/// Characters that mean something to one of the parsers.
const ALPHABET: &[u8] =
    b"abcdefghijxyzKQRBNPLJWHYMCAGDUEFSTO0123456789-=+#*@/()[]{};$%!?.,:\"\\ \t\n~^";

/// Random bytes over the alphabet, and now and then any byte.
fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let len = rng.below(max + 1);
    let mut bytes = Vec::with_capacity(len);
    for _ in 0..len {
        if rng.below(16) == 0 {
            bytes.push(rng.below(256) as u8);
        } else {
            bytes.push(ALPHABET[rng.below(ALPHABET.len())]);
        }
    }
    bytes
}

/// A random string over the alphabet (and now and then any byte, made UTF-8).
fn random_text(rng: &mut Rng, max: usize) -> String {
    String::from_utf8_lossy(&random_bytes(rng, max)).into_owned()
}

/// `seed` changed in one to four places: bytes replaced, inserted, deleted or
/// duplicated, or spliced with `other`.
fn mutate(rng: &mut Rng, seed: &str, other: &str) -> String {
    String::from_utf8_lossy(&mutate_bytes(rng, seed.as_bytes(), other.as_bytes())).into_owned()
}

/// [`mutate`] on bytes, which need not be UTF-8.
fn mutate_bytes(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut b: Vec<u8> = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = if b.is_empty() {
            0
        } else {
            rng.below(b.len() + 1)
        };
        match rng.below(6) {
            0 if at < b.len() => b[at] = ALPHABET[rng.below(ALPHABET.len())],
            1 => b.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 if at < b.len() => {
                let end = (at + 1 + rng.below(8)).min(b.len());
                b.drain(at..end);
            }
            3 if at < b.len() => {
                let end = (at + 1 + rng.below(12)).min(b.len());
                let piece: Vec<u8> = b[at..end].to_vec();
                let to = rng.below(b.len() + 1);
                b.splice(to..to, piece);
            }
            4 => {
                let o = other;
                let from = rng.below(o.len() + 1);
                let end = (from + rng.below(24)).min(o.len());
                b.splice(at..at, o[from..end].iter().copied());
            }
            _ => b.truncate(at),
        }
    }
    b
}

/// Positions to try move text on: the start and a few from random games.
fn positions<B: TableCache>(v: &'static Variant) -> Vec<Position<B>> {
    let mut out = Vec::new();
    for seed in 0..3 {
        let mut ply = 0;
        random_game::<B>(v, seed + 11, 80, |p: &Position<B>| {
            if ply % 20 == 0 {
                out.push(p.clone());
            }
            ply += 1;
        });
    }
    out
}

fn moves_on<B: TableCache>(v: &'static Variant, rng: &mut Rng, rounds: usize) {
    let positions = positions::<B>(v);
    let mut seeds: Vec<String> = Vec::new();
    for p in &positions {
        for (m, san) in legal_moves_san(p) {
            seeds.push(san);
            seeds.push(move_to_text(p, m));
        }
    }
    for _ in 0..rounds {
        let p = &positions[rng.below(positions.len())];
        let text = if rng.below(4) == 0 {
            random_text(rng, 16)
        } else {
            let a = &seeds[rng.below(seeds.len())];
            let b = &seeds[rng.below(seeds.len())];
            mutate(rng, a, b)
        };
        let _ = parse_san(p, &text);
        let _ = parse_move(p, &text);
    }
}

fn fen_on<B: TableCache>(v: &'static Variant, rng: &mut Rng, rounds: usize) {
    let seeds: Vec<String> = positions::<B>(v).iter().map(|p| p.to_fen()).collect();
    let others: Vec<String> = variants::all()
        .iter()
        .map(|v| v.start_fen.to_string())
        .collect();
    for _ in 0..rounds {
        let text = if rng.below(5) == 0 {
            random_text(rng, 80)
        } else {
            let a = &seeds[rng.below(seeds.len())];
            let b = &others[rng.below(others.len())];
            mutate(rng, a, b)
        };
        if let Ok(p) = position_from_fen::<B>(v, &text) {
            // Whatever is accepted can be written and read again.
            let again = p.to_fen();
            assert!(
                position_from_fen::<B>(v, &again).is_ok(),
                "{text} -> {again}"
            );
            let _ = legal_moves_san(&p);
        }
    }
}

fn budget<F: FnMut()>(what: &str, limit: Duration, mut f: F) {
    let t = Instant::now();
    f();
    let spent = t.elapsed();
    assert!(spent < limit, "{what} took {spent:?}: a parser is too slow");
}

#[test]
fn fen_parsers_never_panic() {
    let mut rng = Rng(1);
    budget("FEN", Duration::from_secs(60), || {
        for &v in variants::all() {
            with_board_bits!(v, B => fen_on::<B>(v, &mut rng, 10_000))
        }
    });
}

#[test]
fn san_and_coordinate_parsers_never_panic() {
    let mut rng = Rng(2);
    budget("SAN", Duration::from_secs(60), || {
        for &v in variants::all() {
            // Fewer on the big boards, where each move costs more.
            let count = 1_280_000 / v.geometry.len().max(64);
            with_board_bits!(v, B => moves_on::<B>(v, &mut rng, count))
        }
    });
}

/// Games of every id, and the things other programs write: null moves, Latin-1 tags, a
/// byte order mark, CRLF line ends, a game Joust cannot play, unclosed parentheses.
fn sample_pgn() -> Vec<u8> {
    let mut text = b"\xef\xbb\xbf[Event \"x\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\r\n{c} 1. O-O $1 (1. Kd2 {v} Kd7) 1... Ke7 ; end\r\n% esc\n2. Rf7+ 1-0\n\n".to_vec();
    text.extend_from_slice(b"[White \"M\xfcller\"]\n[Variant \"From Position\"]\n1. e4 -- 2. d4 Z0 3. c4 (3. Nf3 0000) e5 \xbd-\xbd\n\n");
    text.extend_from_slice(
        b"[Variant \"crazyhouse\"]\n1. e4 *\n[Event \"open\"]\n1. e4 (1. d4 {\n\n",
    );
    for &v in variants::all() {
        let seed_game = |moves: &[joust_movegen::Move]| {
            write_pgn(&PgnGame::new(v, None, moves), MoveNotation::San)
        };
        let moves = with_board_bits!(v, B => random_game::<B>(v, 5, 30, |_| {}).1);
        text.extend_from_slice(seed_game(&moves).as_bytes());
    }
    text
}

/// Every game of `bytes`, streamed through a buffer of `capacity` bytes.
fn stream(bytes: &[u8], capacity: usize) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(BufReader::with_capacity(capacity, bytes)).collect()
}

#[test]
fn pgn_reader_never_panics() {
    let mut rng = Rng(3);
    let seed = sample_pgn();
    let games = stream(&seed, 8192);
    let failed: Vec<&PgnError> = games.iter().filter_map(|g| g.as_ref().err()).collect();
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(matches!(
        failed[0].kind,
        PgnErrorKind::UnsupportedVariant { .. }
    ));
    assert_eq!(failed[1].kind, PgnErrorKind::UnterminatedComment);
    budget("PGN", Duration::from_secs(90), || {
        for round in 0..20_000 {
            let bytes = match round % 4 {
                0 => random_bytes(&mut rng, 200),
                _ => {
                    // Mutate a window of the sample (any bytes, not only UTF-8).
                    let start = rng.below(seed.len());
                    let end = (start + 400).min(seed.len());
                    let window = &seed[start..end];
                    let other = random_bytes(&mut rng, 30);
                    let mut m = mutate_bytes(&mut rng, window, &other);
                    for _ in 0..rng.below(4) {
                        m = mutate_bytes(&mut rng, &m, &other);
                    }
                    m
                }
            };
            // The same games whatever the buffer size.
            let games = stream(&bytes, 4096);
            assert_eq!(stream(&bytes, 1 + rng.below(16)), games, "{bytes:?}");
            for g in games.into_iter().flatten() {
                // Whatever loads can be written in both notations and read back.
                for n in [MoveNotation::San, MoveNotation::Coordinate] {
                    let w = write_pgn(&g, n);
                    let back = read_pgn(&w);
                    assert_eq!(back.len(), 1, "{bytes:?}\n{w}");
                    assert_eq!(back[0].as_ref().ok(), Some(&g), "{bytes:?}\n{w}");
                }
            }
        }
    });
}

#[test]
fn variant_names_never_panic() {
    let mut rng = Rng(4);
    for _ in 0..5000 {
        let _ = variant_by_name(&random_text(&mut rng, 24));
    }
}
