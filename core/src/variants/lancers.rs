//! `lancers` and `single-lancer`: Lancers Chess and Single Lancer chess
//! (docs/rules/lancers.md and docs/rules/single-lancer.md): Lancers that ride only along
//! their facing, through their own pieces, and turn after moving. Each facing is its own
//! piece kind.

use super::chess::{fide_castling, fide_dead_position};
use crate::piece::KindId;
use crate::pieces;
use crate::square::{Direction, Geometry};
use crate::variant::{DoubleStep, PawnRules, Promotion, StalemateResult, Variant};
use once_cell::sync::Lazy;

const PAWN: KindId = KindId(0);
const KNIGHT: KindId = KindId(1);
const BISHOP: KindId = KindId(2);
const ROOK: KindId = KindId(3);
const QUEEN: KindId = KindId(4);
const KING: KindId = KindId(5);
/// Lancer kinds follow, one per facing in `Direction::ALL` order (N first).
const FIRST_LANCER: u8 = 6;

fn lancer_game(
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    start_fen: &'static str,
    with_knight: bool,
) -> Variant {
    let mut kinds = vec![
        pieces::pawn(),
        pieces::knight(),
        pieces::bishop(),
        pieces::rook(),
        pieces::queen(),
        pieces::king(),
    ];
    kinds.extend(Direction::ALL.map(pieces::lancer));
    let lancers: Vec<KindId> = (FIRST_LANCER..FIRST_LANCER + 8).map(KindId).collect();
    let mut army = vec![PAWN, BISHOP, ROOK, QUEEN, KING];
    let mut promote = vec![QUEEN, ROOK, BISHOP];
    if with_knight {
        army.push(KNIGHT);
        promote.push(KNIGHT);
    }
    army.extend(&lancers);
    promote.extend(&lancers);
    Variant {
        id,
        name,
        summary,
        geometry: Geometry::CHESS,
        kinds,
        armies: [army.clone(), army],
        start_fen,
        castling: fide_castling(Geometry::CHESS),
        pawns: PawnRules {
            double_step: DoubleStep::FromRank(1),
            en_passant: true,
        },
        promotion: [Promotion::to(promote.clone()), Promotion::to(promote)],
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        // As chess; never dead while a Lancer is on the board (docs/rules/lancers.md and
        // docs/rules/single-lancer.md, "How the game ends"), as Lancers are in neither set.
        dead_position: fide_dead_position(KNIGHT, BISHOP),
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: false,
        first_leaps: None,
        end_rules: Default::default(),
    }
}

/// The `lancers` game.
pub static LANCERS: Lazy<Variant> = Lazy::new(|| {
    lancer_game(
        "lancers",
        "Lancers Chess",
        "Lancers face one of 8 directions, move only along it, and may turn after moving",
        "rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBL(NW)R w KQkq - 0 1",
        false,
    )
});

/// The `single-lancer` game.
pub static SINGLE_LANCER: Lazy<Variant> = Lazy::new(|| {
    lancer_game(
        "single-lancer",
        "Single Lancer chess",
        "Lancers Chess with a Knight kept on the king's side",
        "rl(SE)bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBNR w KQkq - 0 1",
        true,
    )
});
