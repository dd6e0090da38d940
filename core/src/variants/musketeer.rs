//! `musketeer`: Musketeer Chess (docs/rules/musketeer.md): chess plus two types chosen in
//! a setup phase and gated in from behind the back rank.

use super::chess::{fide_castling, fide_dead_position};
use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{DoubleStep, PawnRules, Promotion, StalemateResult, Variant};
use once_cell::sync::Lazy;

/// The kind id of the Cannon, the first default type when Black rejects
/// (docs/rules/musketeer.md, "The setup").
pub const CANNON: KindId = KindId(7);
/// The kind id of the Leopard, the second default type.
pub const LEOPARD: KindId = KindId(6);

/// The `musketeer` game.
pub static MUSKETEER: Lazy<Variant> = Lazy::new(|| {
    let kinds = vec![
        pieces::pawn(),
        pieces::knight(),
        pieces::bishop(),
        pieces::rook(),
        pieces::queen(),
        pieces::king(),
        pieces::leopard(),
        pieces::cannon(),
        pieces::unicorn(),
        pieces::musketeer_dragon(),
        pieces::chancellor(),
        pieces::archbishop(),
        pieces::elephant(),
        pieces::hawk(),
        pieces::fortress(),
        pieces::spider(),
    ];
    let all: Vec<KindId> = (0..kinds.len() as u8).map(KindId).collect();
    let promote = Promotion {
        selected_types: true,
        ..Promotion::to(vec![KindId(4), KindId(3), KindId(2), KindId(1)])
    };
    Variant {
        id: "musketeer",
        name: "Musketeer Chess",
        summary: "Chess plus two extra piece types chosen before the game and gated in",
        geometry: Geometry::CHESS,
        kinds,
        armies: [all.clone(), all],
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        castling: fide_castling(Geometry::CHESS),
        pawns: PawnRules {
            double_step: DoubleStep::FromRank(1),
            en_passant: true,
        },
        promotion: [promote.clone(), promote],
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        // Dead as in chess, but only when no reserve piece remains and no musketeer type
        // stands on the board (docs/rules/musketeer.md, "How the game ends").
        dead_position: fide_dead_position(KindId(1), KindId(2)),
        gating_types: (6..16).map(KindId).collect(),
        gating_rejection: Some([CANNON, LEOPARD]),
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: false,
        first_leaps: None,
        end_rules: Default::default(),
    }
});
