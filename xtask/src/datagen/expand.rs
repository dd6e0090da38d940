//! `cargo xtask expand`: more training positions from datagen's. Each kept position of a
//! data file is followed one ply along some of its legal moves, and each position reached
//! that is quiet (not in check, its best move not a capture, no mate in sight) is scored
//! by a short Joust search and written, in the same format, in a block of the same game
//! (same number and result: the trainer's held-out games stay held out).
//!
//! Self-play at thousands of nodes a move yields about a hundred positions a second on
//! this machine; a search of depth 1 or 2 scores thousands. The scores are shallower,
//! but they are of positions the games nearly reached, and a network learns from them
//! what the evaluation and a short search see before it is trained on the deep scores.

use super::format::{self, GameBlock, Record};
use super::play::{is_capture, record};
use crate::network_file::EvalChoice;
use clap::Args;
use joust_core::{rng::SplitMix64, variants, Color, KindId, Piece, Position, Square, Variant};
use joust_movegen::{in_check, legal_moves, with_board_bits, Game, TableCache};
use joust_search::{search, Evaluator, Limits, Shared, MATE_BOUND};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// `cargo xtask expand` arguments.
#[derive(Args, Debug)]
pub struct ExpandArgs {
    /// A data file written by `cargo xtask datagen`.
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// Where to write the new positions (a new file; an existing one is refused).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Depth of the search that scores each new position.
    #[arg(long, default_value_t = 2)]
    depth: u32,
    /// Moves followed from each position (chosen at random; all if it has fewer).
    #[arg(long, default_value_t = 8)]
    per_position: usize,
    /// Seed of the choice of moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The evaluation of the scoring search: `none` (the game's evaluation from data),
    /// `builtin` (with the game's built-in network, if it has one) or a network file.
    #[arg(
        long = "eval-file",
        alias = "eval",
        value_name = "none|builtin|NET",
        default_value = "none"
    )]
    eval: EvalChoice,
}

/// Runs `cargo xtask expand`; false on an error (printed).
pub fn run(args: &ExpandArgs) -> bool {
    match expand(args) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("expand: {e}");
            false
        }
    }
}

/// Reads, expands every game on every core, writes.
fn expand(args: &ExpandArgs) -> Result<(), String> {
    if args.out.exists() {
        return Err(format!("{} exists: give a new file", args.out.display()));
    }
    let scanned =
        format::read_path(&args.data).map_err(|e| format!("{}: {e}", args.data.display()))?;
    let header = scanned.header;
    let variant = variants::by_id(&header.id).map_err(|e| e.to_string())?;
    let evaluator = args.eval.evaluator(variant)?;
    let sources: usize = scanned.blocks.iter().map(|b| b.records.len()).sum();
    println!(
        "{}: {} games, {sources} positions; following {} moves of each, depth {}, {}",
        header.id,
        scanned.blocks.len(),
        args.per_position,
        args.depth,
        args.eval.describe(&evaluator)
    );
    let written = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let blocks: Vec<GameBlock> = scanned
        .blocks
        .par_iter()
        .map_init(
            || Shared::new(4),
            |shared, block| {
                // Each game from an empty table: the scores do not depend on which games
                // a thread did before, so a run's output is the same every time.
                shared.clear();
                let seed = args.seed ^ (block.game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let records = with_board_bits!(variant, B => children::<B>(
                    variant, &evaluator, shared, &block.records, args, seed
                ));
                let n = written.fetch_add(records.len() as u64, Ordering::Relaxed);
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if d.is_multiple_of(200) {
                    let secs = start.elapsed().as_secs_f64();
                    eprintln!(
                        "{d} of {} games, {n} positions, {:.0} positions/s",
                        scanned.blocks.len(),
                        n as f64 / secs
                    );
                }
                GameBlock {
                    game: block.game,
                    result: block.result,
                    records,
                }
            },
        )
        .collect();
    let mut file =
        std::fs::File::create(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut bytes = Vec::new();
    header.write(&mut bytes).map_err(|e| e.to_string())?;
    for b in &blocks {
        bytes.extend(b.encode(&header));
    }
    file.write_all(&bytes)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    println!(
        "wrote {} positions to {} in {:.0} s",
        written.load(Ordering::Relaxed),
        args.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The quiet, scored positions one ply after `records` (of one game).
fn children<B: TableCache>(
    variant: &'static Variant,
    evaluator: &Evaluator,
    shared: &Shared,
    records: &[Record],
    args: &ExpandArgs,
    seed: u64,
) -> Vec<Record> {
    let mut rng = SplitMix64::new(seed);
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let mut out = Vec::new();
    for r in records {
        let parent = position_of::<B>(variant, r);
        let mut moves: Vec<_> = legal_moves(&parent).iter().copied().collect();
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        for &mv in moves.iter().take(args.per_position) {
            let mut game = Game::new(parent.clone());
            game.play(mv);
            if game.outcome().is_some() {
                continue;
            }
            let pos = game.position();
            if in_check(pos) || pos.in_setup() {
                continue;
            }
            shared.arm();
            let found = search(pos, &[], &limits, shared, 1, evaluator, |_| {});
            let Some(best) = found.best else { continue };
            if found.score.abs() >= MATE_BOUND || is_capture(pos, best.flag, best.to) {
                continue;
            }
            out.push(record(pos, r.ply as usize + 1, found.score));
        }
    }
    out
}

/// The position of a record: its pieces and side to move; no castling or other rights,
/// nothing in hand (what the record keeps).
pub fn position_of<B: TableCache>(variant: &'static Variant, r: &Record) -> Position<B> {
    let mut pos = Position::<B>::empty(variant);
    for &(sq, black, kind) in &r.pieces {
        let color = if black { Color::Black } else { Color::White };
        pos.put(Square(sq), Piece::new(color, KindId(kind)));
    }
    if r.black_to_move {
        pos.set_side_to_move(Color::Black);
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_movegen::position_from_fen;

    /// The record of a FEN of chess.
    fn chess_record(fen: &str, ply: usize) -> Record {
        let pos = position_from_fen::<u64>(variants::chess(), fen).unwrap();
        record(&pos, ply, 0)
    }

    #[test]
    fn a_record_gives_back_its_position() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let r = chess_record(fen, 4);
        let pos = position_of::<u64>(variants::chess(), &r);
        assert_eq!(record(&pos, 4, 0), r);
    }

    #[test]
    fn the_new_positions_are_quiet_positions_one_legal_move_on() {
        let chess = variants::chess();
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let parent = position_from_fen::<u64>(chess, fen).unwrap();
        let args = ExpandArgs {
            data: PathBuf::new(),
            out: PathBuf::new(),
            depth: 1,
            per_position: 40,
            seed: 3,
            eval: EvalChoice::None,
        };
        let eval = Evaluator::new(chess).with_network(None).unwrap();
        let shared = Shared::new(1);
        let parent_record = chess_record(fen, 4);
        let got = children::<u64>(chess, &eval, &shared, &[parent_record], &args, 7);
        // Every reply of White's but those after which the best answer takes a piece
        // (Nxe5 among them: ...Nxe5).
        let replies: Vec<Record> = legal_moves(&parent)
            .iter()
            .map(|&mv| {
                let mut g = Game::new(parent.clone());
                g.play(mv);
                record(g.position(), 5, 0)
            })
            .collect();
        assert!(got.len() > 15 && got.len() < replies.len(), "{}", got.len());
        for r in &got {
            assert!(r.black_to_move && r.ply == 5);
            let pieces_only = Record {
                score: 0,
                ..r.clone()
            };
            assert!(replies.contains(&pieces_only), "{r:?} is not a reply");
        }
        let after_nxe5 = chess_record(
            "r1bqkbnr/pppp1ppp/2n5/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3",
            5,
        );
        assert!(!got.iter().any(|r| r.pieces == after_nxe5.pieces));
    }
}
