//! `cargo xtask record-game`: finds a legal game of a given game id that shows its special
//! moves (each castling side, a promotion, an en-passant capture, a check) and ends in
//! mate, and prints it as an entry of `notation/tests/recorded.rs`'s `RECORDED` list.
//!
//! The games come from seeded random play that prefers a special move not seen yet, and
//! plays a mate in one whenever one is on the board. Which special moves a game needs is
//! read from the game's data (its castling rules, promotion kinds, en-passant rule), so a
//! game defined in a file gets its recorded game the same way as a built-in one.

use clap::Args;
use joust_core::rng::SplitMix64;
use joust_core::variant::StalemateResult;
use joust_core::variants;
use joust_core::Variant;
use joust_movegen::{
    legal_moves, position_from_fen, with_board_bits, Game, Move, MoveFlag, Outcome, TableCache,
};
use joust_notation::coordinate::move_to_text;
use joust_notation::{move_to_san, write_pgn, MoveNotation, PgnGame};

/// Options of `cargo xtask record-game`.
#[derive(Args, Debug)]
pub struct RecordArgs {
    /// The game id (built-in, or from `--variants FILE`).
    #[arg(long)]
    variant: String,
    /// A game file whose games are added to the built-in ones.
    #[arg(long)]
    variants: Option<std::path::PathBuf>,
    /// The first seed tried; seeds count up from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many seeds to try before giving up.
    #[arg(long, default_value_t = 20_000)]
    tries: u64,
    /// The longest game accepted, in plies.
    #[arg(long, default_value_t = 240)]
    max_plies: usize,
}

/// A special move a recorded game must show.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Special {
    /// Castling on the long (`true`) or short side.
    Castle(bool),
    Promotion,
    EnPassant,
}

/// The special moves the rules of `v` allow.
fn wanted(v: &Variant) -> Vec<Special> {
    let mut out = Vec::new();
    // One side castles once: where only one side may castle (Horde's Black), one way.
    let one_side = v
        .castling
        .iter()
        .all(|r| Some(r.color) == v.castling.first().map(|f| f.color));
    for long in [false, true] {
        if v.castling.iter().any(|r| r.long == long) && !(one_side && long && !out.is_empty()) {
            out.push(Special::Castle(long));
        }
    }
    // Pawn moves only where the start position has pawns (Racing Kings has none).
    let pawns = joust_core::fen::placement_letters(v.start_fen, v.geometry)
        .into_iter()
        .flatten()
        .any(|c| {
            v.any_kind_by_letter(c.to_ascii_uppercase())
                .is_some_and(|k| v.kind(k).pawn)
        });
    if pawns && v.promotion.iter().any(|p| !p.kinds.is_empty()) {
        out.push(Special::Promotion);
    }
    if pawns && v.pawns.en_passant && v.pawns.double_step != joust_core::variant::DoubleStep::Never
    {
        out.push(Special::EnPassant);
    }
    out
}

fn special_of(mv: Move) -> Option<Special> {
    match mv.flag {
        MoveFlag::Castle => None, // decided by the rule, see `special`
        MoveFlag::EnPassant => Some(Special::EnPassant),
        _ if mv.promotion_kind().is_some() && !mv.is_setup() => Some(Special::Promotion),
        _ => None,
    }
}

fn special(v: &Variant, mv: Move) -> Option<Special> {
    if mv.flag == MoveFlag::Castle {
        return v
            .castling
            .get(mv.aux as usize)
            .map(|r| Special::Castle(r.long));
    }
    special_of(mv)
}

/// One seeded random game: its moves and the SAN of the first move of each special kind
/// plus a check, or `None` if it does not end in mate within `max_plies`.
fn play_one<B: TableCache>(
    v: &'static Variant,
    seed: u64,
    max_plies: usize,
) -> Option<(Vec<Move>, Vec<String>)> {
    let mut rng = SplitMix64::new(seed);
    let start = position_from_fen::<B>(v, v.start_fen).ok()?;
    let mut game = Game::new(start);
    let want = wanted(v);
    let mut seen: Vec<(Special, String)> = Vec::new();
    let mut check: Option<String> = None;
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        if let Some(outcome) = game.outcome() {
            let mated = matches!(outcome, Outcome::Checkmate { .. });
            let covered = want.iter().all(|w| seen.iter().any(|(s, _)| s == w));
            if !(mated || decisive_own_end(v, outcome)) || !covered {
                return None;
            }
            let mut covers: Vec<String> = seen.into_iter().map(|(_, san)| san).collect();
            covers.extend(check);
            if mated {
                covers.push("#".to_string());
            }
            return Some((moves, covers));
        }
        let pos = game.position().clone();
        let legal = legal_moves(&pos);
        let all: Vec<Move> = legal.iter().copied().collect();
        let mate = all.iter().copied().find(|&m| {
            let mut g = Game::new(pos.clone());
            g.play(m)
                && g.outcome().is_some_and(|o| {
                    matches!(o, Outcome::Checkmate { .. }) || decisive_own_end(v, o)
                })
        });
        let fresh: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| special(v, m).is_some_and(|s| !seen.iter().any(|(x, _)| *x == s)))
            .collect();
        let mv = match mate {
            // Mate only once the special moves are shown: the game must show them.
            Some(m) if want.iter().all(|w| seen.iter().any(|(s, _)| s == w)) => m,
            _ if !fresh.is_empty() && rng.below(10) < 8 => fresh[rng.below(fresh.len())],
            _ => {
                let quiet: Vec<Move> = all.iter().copied().filter(|&m| Some(m) != mate).collect();
                if quiet.is_empty() {
                    all[rng.below(all.len())]
                } else {
                    quiet[rng.below(quiet.len())]
                }
            }
        };
        let san = move_to_san(&pos, mv);
        if let Some(s) = special(v, mv) {
            if !seen.iter().any(|(x, _)| *x == s) {
                // "O-O" alone also matches inside "O-O-O": a space after it tells them apart.
                let text = if san == "O-O" {
                    "O-O ".to_string()
                } else {
                    san.clone()
                };
                seen.push((s, text));
            }
        }
        if check.is_none() && san.ends_with('+') {
            check = Some(san.clone());
        }
        assert!(game.play(mv), "a generated move is legal");
        moves.push(mv);
    }
    None
}

/// Runs the search; false when no seed gave a game.
pub fn run(args: &RecordArgs) -> bool {
    if let Some(path) = &args.variants {
        if let Err(e) = variants::user::add_file(path) {
            eprintln!("error: {e}");
            return false;
        }
    }
    let v = match variants::by_id(&args.variant) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    for seed in args.seed..args.seed.saturating_add(args.tries) {
        let found = with_board_bits!(v, B => record::<B>(v, seed, args.max_plies));
        if let Some(entry) = found {
            println!("// seed {seed}");
            println!("{entry}");
            return true;
        }
    }
    eprintln!(
        "error: no game of {} in {} seeds ends in mate after showing {:?}",
        v.id,
        args.tries,
        wanted(v)
    );
    false
}

/// The `RECORDED` entry of seed `seed`, if its game qualifies and its covers show in SAN.
fn record<B: TableCache>(v: &'static Variant, seed: u64, max_plies: usize) -> Option<String> {
    let (moves, covers) = play_one::<B>(v, seed, max_plies)?;
    let start = position_from_fen::<B>(v, v.start_fen).ok()?;
    let mut pos = start.clone();
    let mut texts = Vec::new();
    for &mv in &moves {
        texts.push(move_to_text(&pos, mv));
        joust_movegen::make(joust_movegen::tables::<B>(v), &mut pos, mv);
    }
    let pgn = write_pgn(&PgnGame::new(v, None, &moves), MoveNotation::San).replace('\n', " ");
    if !covers.iter().all(|c| pgn.contains(c.as_str())) {
        return None;
    }
    let mut lines = vec![String::new()];
    for t in texts {
        let line = lines.last_mut().expect("one line at least");
        if line.len() + t.len() + 1 > 86 {
            lines.push(t);
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
    }
    let body = lines.join(" \\\n         ");
    let covers: Vec<String> = covers.iter().map(|c| format!("{c:?}")).collect();
    Some(format!(
        "    (\n        {:?},\n        \"{body}\",\n        &[{}],\n    ),",
        v.id,
        covers.join(", ")
    ))
}

/// True if `outcome` is a win by the game's own end rules (an extinction, a stalemate that
/// wins): in games that have them (Antichess, Horde, ...) such an end counts as mate does.
fn decisive_own_end(v: &Variant, outcome: Outcome) -> bool {
    let own = v.end_rules.extinction.is_some() || v.stalemate != StalemateResult::Draw;
    (own || matches!(outcome, Outcome::Goal(_))) && outcome.winner().is_some()
}
