//! Round trips on random games of every game id: SAN written then read gives the same
//! move for every legal move of every visited position; FEN written then read gives the
//! same position.

mod common;

use common::random_game;
use joust_core::{variants, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{legal_moves, position_from_fen, Move, MoveFlag, TableCache};
use joust_notation::{legal_moves_san, move_to_text, parse_move, parse_san};
use std::collections::HashSet;

const GAMES: u64 = 12;
const PLIES: usize = 160;

fn san_round_trip<B: TableCache>(variant: &'static Variant) -> usize {
    let mut checked = 0;
    for seed in 0..GAMES {
        random_game::<B>(variant, seed * 7919 + 1, PLIES, |pos: &Position<B>| {
            let all = legal_moves_san(pos);
            let mut seen = HashSet::new();
            for (mv, san) in &all {
                assert!(
                    seen.insert(san.clone()),
                    "{}: duplicate SAN {san} in {}",
                    variant.id,
                    pos.to_fen()
                );
                let back = parse_san(pos, san);
                assert_eq!(back, Ok(*mv), "{}: {san} in {}", variant.id, pos.to_fen());
                for lenient in lenient_forms(pos, *mv, san) {
                    assert_eq!(
                        parse_san(pos, &lenient),
                        Ok(*mv),
                        "{}: {lenient} (for {san}) in {}",
                        variant.id,
                        pos.to_fen()
                    );
                }
                let coord = move_to_text(pos, *mv);
                assert_eq!(
                    parse_move(pos, &coord),
                    Ok(*mv),
                    "{}: {coord} in {}",
                    variant.id,
                    pos.to_fen()
                );
                checked += 1;
            }
        });
    }
    checked
}

/// Other ways the rules book (docs/rules/README.md, "Moves in SAN") lets a player write
/// the move `san`: without or with extra check marks, castling with zeros, a full origin
/// square, no `x`.
fn lenient_forms<B: TableCache>(pos: &Position<B>, mv: Move, san: &str) -> Vec<String> {
    let plain = san.trim_end_matches(['+', '#']);
    let mut out = vec![plain.to_string(), format!("{plain}+"), format!("{san}!?")];
    if plain.starts_with("O-O") {
        out.push(plain.replace('O', "0"));
        return out;
    }
    let board_move = !mv.is_setup() && !matches!(mv.flag, MoveFlag::Pass | MoveFlag::LionDouble);
    if board_move {
        let g = pos.geometry();
        let from = g.name(mv.from).to_string();
        let pawn = plain.starts_with(|c: char| c.is_ascii_lowercase());
        // Letter, then the full origin square, then the rest without the old disambiguator.
        let (letter, rest) = if pawn { ("", plain) } else { plain.split_at(1) };
        let to = g.name(mv.to).to_string();
        if let Some(at) = rest.find(&to) {
            let sep = &rest[..at].trim_start_matches(|c: char| c.is_ascii_alphanumeric());
            out.push(format!("{letter}{from}{sep}{}", &rest[at..]));
        }
        if plain.contains('x') {
            out.push(plain.replacen('x', "", 1));
        }
    }
    out
}

fn fen_round_trip<B: TableCache>(variant: &'static Variant) {
    for seed in 0..GAMES {
        random_game::<B>(variant, seed * 104_729 + 3, PLIES, |pos: &Position<B>| {
            let fen = pos.to_fen();
            let back: Position<B> = position_from_fen(variant, &fen)
                .unwrap_or_else(|e| panic!("{}: {fen}: {e}", variant.id));
            assert_eq!(back.to_fen(), fen, "{}", variant.id);
            assert_eq!(back.key(), pos.key(), "{}: {fen}", variant.id);
            assert_eq!(legal_moves(&back).len(), legal_moves(pos).len(), "{fen}");
        });
    }
}

#[test]
fn san_round_trips_on_random_games_of_every_game() {
    for &v in variants::all() {
        let n = with_board_bits!(v, B => san_round_trip::<B>(v));
        assert!(n > 1000, "{}: only {n} moves checked", v.id);
    }
}

#[test]
fn fen_round_trips_on_random_games_of_every_game() {
    for &v in variants::all() {
        with_board_bits!(v, B => fen_round_trip::<B>(v))
    }
}
