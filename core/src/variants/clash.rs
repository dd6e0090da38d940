//! `clash`: Clash (docs/rules/clash.md): White has the Western army, Black the
//! LancerChess army; both with the Queen royal, castling and results as in LancerChess.

use super::lancerchess::{lancer_dead_position, lancer_promotions, protecting_the_queen};
use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{DoubleStep, PawnRules, Promotion, StalemateResult, Variant};
use once_cell::sync::Lazy;

const PAWN: KindId = KindId(0);
const KNIGHT: KindId = KindId(1);
const KINGS_LANCER: KindId = KindId(2);
const QUEENS_LANCER: KindId = KindId(3);
const BISHOP: KindId = KindId(4);
const TOWER: KindId = KindId(5);
const KING: KindId = KindId(6);
const QUEEN: KindId = KindId(7);

/// The `clash` game.
pub static CLASH: Lazy<Variant> = Lazy::new(|| {
    let [_, black_promotion] = lancer_promotions(KING, TOWER, BISHOP, KINGS_LANCER, QUEENS_LANCER);
    Variant {
        id: "clash",
        name: "Clash",
        summary: "White plays the chess army, Black the LancerChess army",
        geometry: Geometry::CHESS,
        kinds: vec![
            pieces::pawn(),
            pieces::knight(),
            pieces::kings_lancer(),
            pieces::queens_lancer(),
            pieces::bishop(),
            pieces::rook(),
            pieces::queen_moving_king(),
            pieces::royal_queen(),
        ],
        armies: [
            vec![PAWN, KNIGHT, BISHOP, TOWER, KING, QUEEN],
            vec![
                PAWN,
                KINGS_LANCER,
                QUEENS_LANCER,
                BISHOP,
                TOWER,
                KING,
                QUEEN,
            ],
        ],
        start_fen: "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        castling: protecting_the_queen(Geometry::CHESS),
        pawns: PawnRules {
            double_step: DoubleStep::FromRank(1),
            en_passant: true,
        },
        promotion: [
            Promotion::to(vec![KING, TOWER, BISHOP, KNIGHT]),
            black_promotion,
        ],
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        dead_position: lancer_dead_position(Some(KNIGHT), QUEENS_LANCER, BISHOP),
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: false,
        first_leaps: None,
        end_rules: Default::default(),
    }
});
