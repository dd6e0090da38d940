//! `lancerchess`: LancerChess (docs/rules/lancerchess.md): Lancers for Knights, the royal
//! Queen and the queen-moving King, castling mirrored ("Protecting the Queen"), promotion
//! by square colour.

use crate::color::Color;
use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{
    CastlingRule, DeadPosition, DoubleStep, PawnRules, Promotion, StalemateResult, Variant,
};
use once_cell::sync::Lazy;

const PAWN: KindId = KindId(0);
const KINGS_LANCER: KindId = KindId(1);
const QUEENS_LANCER: KindId = KindId(2);
const BISHOP: KindId = KindId(3);
const TOWER: KindId = KindId(4);
const KING: KindId = KindId(5);
const QUEEN: KindId = KindId(6);

/// The `lancerchess` game.
pub static LANCERCHESS: Lazy<Variant> = Lazy::new(|| {
    let army = vec![
        PAWN,
        KINGS_LANCER,
        QUEENS_LANCER,
        BISHOP,
        TOWER,
        KING,
        QUEEN,
    ];
    Variant {
        id: "lancerchess",
        name: "LancerChess",
        summary: "Lancers replace knights; the Queen is royal and the King moves as a queen",
        geometry: Geometry::CHESS,
        kinds: vec![
            pieces::pawn(),
            pieces::kings_lancer(),
            pieces::queens_lancer(),
            pieces::bishop(),
            pieces::rook(),
            pieces::queen_moving_king(),
            pieces::royal_queen(),
        ],
        armies: [army.clone(), army],
        start_fen: "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1",
        castling: protecting_the_queen(Geometry::CHESS),
        pawns: PawnRules {
            double_step: DoubleStep::FromRank(1),
            en_passant: true,
        },
        promotion: lancer_promotions(KING, TOWER, BISHOP, KINGS_LANCER, QUEENS_LANCER),
        stalemate: StalemateResult::Draw,
        fifty_move_plies: 100,
        dead_position: lancer_dead_position(None, QUEENS_LANCER, BISHOP),
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: false,
        first_leaps: None,
        end_rules: Default::default(),
    }
});

/// Promotion of the LancerChess army (docs/rules/lancerchess.md, "Promotion"): K, R, B,
/// and the lancer fixed by the square's colour. White: L on dark, J on light; Black: J on
/// dark, L on light.
pub(crate) fn lancer_promotions(
    king: KindId,
    tower: KindId,
    bishop: KindId,
    kings_lancer: KindId,
    queens_lancer: KindId,
) -> [Promotion; 2] {
    let side = |dark, light| Promotion {
        by_square_colour: Some((dark, light)),
        ..Promotion::to(vec![king, tower, bishop])
    };
    [
        side(kings_lancer, queens_lancer),
        side(queens_lancer, kings_lancer),
    ]
}

/// Castling done by the Queen on d1/d8 (docs/rules/lancerchess.md, "Castling: Protecting
/// the Queen"): `O-O` with the a-file Tower (right `Q`): Queen to b, Tower to c; `O-O-O`
/// with the h-file Tower (right `K`): Queen to f, Tower to e.
pub(crate) fn protecting_the_queen(g: Geometry) -> Vec<CastlingRule> {
    let sq = |name: String| g.parse_square(&name).expect("castling square");
    let mut rules = Vec::new();
    for (color, r) in [(Color::White, '1'), (Color::Black, '8')] {
        let s = |file: char| sq(format!("{file}{r}"));
        rules.push(CastlingRule {
            color,
            fen_char: 'K',
            long: true,
            royal_from: s('d'),
            royal_to: s('f'),
            rook_from: s('h'),
            rook_to: s('e'),
            empty: vec![s('e'), s('f'), s('g')],
            safe: vec![s('d'), s('e'), s('f')],
        });
        rules.push(CastlingRule {
            color,
            fen_char: 'Q',
            long: false,
            royal_from: s('d'),
            royal_to: s('b'),
            rook_from: s('a'),
            rook_to: s('c'),
            empty: vec![s('b'), s('c')],
            safe: vec![s('d'), s('c'), s('b')],
        });
    }
    rules
}

/// Dead positions of LancerChess (docs/rules/lancerchess.md, "How the game ends"; shared
/// by Clash): no pawns, and either every non-royal piece is a Bishop or Queen's Lancer,
/// all on squares of one colour (bare royals included), or the only non-royal piece is a
/// single Knight (Clash's White army).
pub(crate) fn lancer_dead_position(
    knight: Option<KindId>,
    queens_lancer: KindId,
    bishop: KindId,
) -> DeadPosition {
    DeadPosition {
        enabled: true,
        single: knight.into_iter().collect(),
        colour_bound: vec![bishop, queens_lancer],
    }
}
