//! `tune extract`: the quiet positions of PGN games, where a static evaluation means
//! something: the side to move is not in check and has no capture that wins material.
//! With `--results` each position carries its game's result, so that `tune fit
//! --results` can fit the evaluation to how games ended (Texel's method) rather than to
//! another engine's opinion.

use crate::pgn_files::read_games;
use joust_core::Position;
use joust_movegen::{generate, make, tables, MoveList, TableCache};
use joust_movegen::{position_from_fen, with_board_bits};
use joust_notation::PgnGame;
use joust_search::see::see;
use joust_search::Evaluator;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Reads every game of `pgns` and writes its quiet positions after `skip` plies to `out`;
/// with `results`, each line ends in the game's score for White (unfinished games left out).
pub fn run(pgns: &[PathBuf], out: &Path, skip: usize, results: bool) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let (all, mut unreadable) = read_games(pgns)?;
    let mut games = 0;
    for game in all {
        let score = white_score(&game.result);
        if results && score.is_none() {
            unreadable += 1;
            continue;
        }
        let found = with_board_bits!(game.variant, B => quiet_positions::<B>(&game, skip));
        let Some(fens) = found else {
            unreadable += 1;
            continue;
        };
        games += 1;
        for fen in fens {
            if seen.insert(fen.clone()) {
                match score {
                    Some(score) if results => {
                        lines.push(format!("{};{fen};{score}", game.variant.id))
                    }
                    _ => lines.push(format!("{};{fen}", game.variant.id)),
                }
            }
        }
    }
    let mut file =
        std::fs::File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    for l in &lines {
        writeln!(file, "{l}").map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    println!(
        "{} quiet positions from {games} games ({unreadable} unreadable) written to {}",
        lines.len(),
        out.display()
    );
    Ok(())
}

/// White's score of a finished game from its termination marker (`*` has none).
fn white_score(result: &str) -> Option<&'static str> {
    match result {
        "1-0" => Some("1"),
        "0-1" => Some("0"),
        "1/2-1/2" => Some("0.5"),
        _ => None,
    }
}

/// The FENs of `game`'s quiet positions after `skip` plies; none if its start position
/// does not read.
fn quiet_positions<B: TableCache>(game: &PgnGame, skip: usize) -> Option<Vec<String>> {
    let start = game.fen.as_deref().unwrap_or(game.variant.start_fen);
    let mut pos = position_from_fen::<B>(game.variant, start).ok()?;
    let t = tables::<B>(game.variant);
    let eval = Evaluator::new(game.variant);
    let mut fens = Vec::new();
    for (ply, mv) in game.moves().enumerate() {
        if ply >= skip && quiet(&pos, &eval) {
            fens.push(pos.to_fen());
        }
        make(t, &mut pos, mv);
    }
    Some(fens)
}

/// True if the side to move is not in check, has a move, and none of its moves wins
/// material by exchange.
fn quiet<B: TableCache>(pos: &Position<B>, eval: &Evaluator) -> bool {
    let t = tables::<B>(pos.variant());
    if t.in_check(pos, pos.side_to_move()) {
        return false;
    }
    let mut list = MoveList::new();
    generate(t, pos, &mut list);
    !list.is_empty() && list.iter().all(|&mv| see(t, eval, pos, mv) <= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn results_read_from_white_side_and_unfinished_games_have_none() {
        assert_eq!(white_score("1-0"), Some("1"));
        assert_eq!(white_score("0-1"), Some("0"));
        assert_eq!(white_score("1/2-1/2"), Some("0.5"));
        assert_eq!(white_score("*"), None);
    }

    #[test]
    fn a_hanging_piece_or_a_check_is_not_quiet() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let p = |fen: &str| position_from_fen::<u64>(chess, fen).unwrap();
        assert!(quiet(&p(chess.start_fen), &e));
        // White can take the undefended knight on d5.
        assert!(!quiet(&p("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"), &e));
        // Black is in check.
        assert!(!quiet(&p("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"), &e));
    }
}
