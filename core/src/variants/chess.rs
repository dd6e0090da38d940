//! Rules of FIDE chess shared by games still defined in code (Lancers, Musketeer): its
//! castling and its dead positions. Chess itself is a game file, `core/games/chess.ini`.

use crate::color::Color;
use crate::piece::KindId;
use crate::square::Geometry;
use crate::variant::{CastlingRule, DeadPosition};

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
