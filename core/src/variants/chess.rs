//! `chess`: FIDE chess (docs/rules/chess.md), the baseline every other game is checked
//! against.

use crate::color::Color;
use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{
    CastlingRule, DeadPosition, DoubleStep, PawnRules, Promotion, StalemateResult, Variant,
};
use once_cell::sync::Lazy;

const PAWN: KindId = KindId(0);
const KNIGHT: KindId = KindId(1);
const BISHOP: KindId = KindId(2);
const ROOK: KindId = KindId(3);
const QUEEN: KindId = KindId(4);
const KING: KindId = KindId(5);

/// The `chess` game.
pub static CHESS: Lazy<Variant> = Lazy::new(|| {
    let army = vec![PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
    let promote = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    Variant {
        id: "chess",
        name: "Chess",
        summary: "FIDE chess: the baseline every other game is checked against",
        geometry: Geometry::CHESS,
        kinds: vec![
            pieces::pawn(),
            pieces::knight(),
            pieces::bishop(),
            pieces::rook(),
            pieces::queen(),
            pieces::king(),
        ],
        armies: [army.clone(), army],
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        castling: fide_castling(Geometry::CHESS),
        pawns: PawnRules {
            double_step: DoubleStep::FromRank(1),
            en_passant: true,
        },
        promotion: [Promotion::to(promote.clone()), Promotion::to(promote)],
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        dead_position: fide_dead_position(KNIGHT, BISHOP),
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
    }
});

/// FIDE castling on ranks 1 and 8: K e→g with h-rook to f, Q e→c with a-rook to d.
pub(crate) fn fide_castling(g: Geometry) -> Vec<CastlingRule> {
    let sq = |name: &str| g.parse_square(name).expect("castling square");
    let mut rules = Vec::new();
    for (color, r) in [(Color::White, '1'), (Color::Black, '8')] {
        let s = |file: char| sq(&format!("{file}{r}"));
        rules.push(CastlingRule {
            color,
            fen_char: 'K',
            long: false,
            royal_from: s('e'),
            royal_to: s('g'),
            rook_from: s('h'),
            rook_to: s('f'),
            empty: vec![s('f'), s('g')],
            safe: vec![s('e'), s('f'), s('g')],
        });
        rules.push(CastlingRule {
            color,
            fen_char: 'Q',
            long: true,
            royal_from: s('e'),
            royal_to: s('c'),
            rook_from: s('a'),
            rook_to: s('d'),
            empty: vec![s('b'), s('c'), s('d')],
            safe: vec![s('e'), s('d'), s('c')],
        });
    }
    rules
}

/// Dead positions of chess (docs/rules/chess.md, "How the game ends"): no pawns, queens
/// or rooks, and at most one minor piece, or only bishops all on squares of one colour.
pub(crate) fn fide_dead_position(knight: KindId, bishop: KindId) -> DeadPosition {
    DeadPosition {
        enabled: true,
        single: vec![knight],
        colour_bound: vec![bishop],
    }
}
