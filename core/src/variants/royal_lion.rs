//! `royal-lion`: Royal Lion Chess (docs/rules/royal-lion.md): 10x10, bent riders, the
//! Royal Lion with its double moves, pawns that double-step from any rank and promote to
//! lost types.

use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{DeadPosition, DoubleStep, PawnRules, Promotion, StalemateResult, Variant};
use once_cell::sync::Lazy;

/// The `royal-lion` game.
pub static ROYAL_LION: Lazy<Variant> = Lazy::new(|| {
    let kinds = vec![
        pieces::pawn(),
        pieces::knight(),
        pieces::bishop(),
        pieces::rook(),
        pieces::queen(),
        pieces::marshal(),
        pieces::paladin(),
        pieces::amazon(),
        pieces::gryphon(),
        pieces::crocodile(),
        pieces::bent_dragon(),
        pieces::royal_lion(),
    ];
    let army: Vec<KindId> = (0..kinds.len() as u8).map(KindId).collect();
    // Every non-pawn, non-Lion kind, offered only while the side has lost one
    // (docs/rules/royal-lion.md, "Pawns").
    let promote = Promotion {
        lost_only: true,
        ..Promotion::to((1..11).map(KindId).collect())
    };
    Variant {
        id: "royal-lion",
        name: "Royal Lion Chess",
        summary: "10x10 with bent riders and a royal Lion that moves twice",
        geometry: Geometry::TEN,
        kinds,
        armies: [army.clone(), army],
        start_fen: "mhqdladqhm/rnbgccgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGCCGBNR/MHQDLADQHM w - - 0 1",
        castling: Vec::new(),
        pawns: PawnRules {
            double_step: DoubleStep::AnyRankUnlessPawnAttacked,
            en_passant: false,
        },
        promotion: [promote.clone(), promote],
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        // No pawns; one side has only its Lion, the other its Lion and at most one piece
        // (docs/rules/royal-lion.md, "How the game ends").
        dead_position: DeadPosition {
            enabled: true,
            single: (1..11).map(KindId).collect(),
            colour_bound: Vec::new(),
        },
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: false,
        first_leaps: None,
        end_rules: Default::default(),
    }
});
