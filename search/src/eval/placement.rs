//! The piece-square tables, built once per game from its geometry and pieces: the royal
//! piece stays home (or where castling puts it) in the middlegame and comes to the centre
//! in the endgame; central pawns gain by advancing; every other piece gains on squares
//! where it reaches more than its average on the empty board.

use joust_core::{Color, KindId, Square, Variant, MAX_KINDS};

use super::reach::EmptyBoardReach;
use super::SQUARES;
use crate::weights::Weights;

/// `tables[color * MAX_KINDS + kind][square]`: the (middlegame, endgame) bonus of each
/// kind of `variant` on each square, under the weights `w`; `avg` is each kind's average
/// empty-board mobility.
pub(super) fn tables(
    variant: &Variant,
    w: &Weights,
    avg: &[f64; MAX_KINDS],
    reach: &EmptyBoardReach,
) -> Vec<[(i16, i16); SQUARES]> {
    let g = variant.geometry;
    let mut pst = vec![[(0i16, 0i16); SQUARES]; 2 * MAX_KINDS];
    for k in variant.kind_ids() {
        for color in Color::ALL {
            let table = &mut pst[color.index() * MAX_KINDS + k.index()];
            for sq in g.squares() {
                table[sq.index()] = bonus(variant, w, k, avg[k.index()], color, sq, reach);
            }
        }
    }
    pst
}

/// The (middlegame, endgame) bonus of a `kind` of `color` on `sq`.
fn bonus(
    variant: &Variant,
    w: &Weights,
    k: KindId,
    avg: f64,
    color: Color,
    sq: Square,
    reach: &EmptyBoardReach,
) -> (i16, i16) {
    let g = variant.geometry;
    let kind = variant.kind(k);
    let (f, r) = g.coords(sq);
    let rel_rank = match color {
        Color::White => r,
        Color::Black => g.ranks() as i8 - 1 - r,
    } as f64;
    let centre = {
        let cf = (g.files() as f64 - 1.0) / 2.0;
        let cr = (g.ranks() as f64 - 1.0) / 2.0;
        -((f as f64 - cf).abs() + (r as f64 - cr).abs())
    };
    // 1 on the central file(s), 0 on the edge files.
    let cf = (g.files() as f64 - 1.0) / 2.0;
    let central_file = if cf > 0.0 {
        1.0 - (f as f64 - cf).abs() / cf
    } else {
        1.0
    };
    if kind.royal {
        // Stay home and off the centre files in the middlegame (and, with
        // `royal_castled_mg`, where castling puts it); come to the centre in the endgame.
        let castled = if castled_square(variant, color, sq) {
            w.royal_castled_mg as f64
        } else {
            0.0
        };
        (
            (w.royal_rank_mg as f64 * rel_rank
                + w.royal_centre_file_mg as f64 * central_file
                + castled) as i16,
            (w.royal_centre_eg as f64 * centre) as i16,
        )
    } else if kind.pawn {
        // Central pawns gain by advancing in the middlegame; wing pawns do not (their
        // push only weakens); all of them in the endgame.
        let start = 1.0;
        (
            (w.pawn_advance_mg as f64 * (rel_rank - start).clamp(0.0, 3.0) * (central_file - 0.4))
                as i16,
            (w.pawn_advance_eg as f64 * rel_rank) as i16,
        )
    } else {
        let m = reach.count(k, color, sq) as f64 - avg;
        (
            (w.placement_mg as f64 * m / 4.0) as i16,
            (w.placement_eg as f64 * m / 4.0) as i16,
        )
    }
}

/// True if `sq` is where one of `color`'s castlings puts its royal piece, or beyond it on
/// the same rank towards that castling's rook: the royal piece has (or as good as) castled.
pub(super) fn castled_square(variant: &Variant, color: Color, sq: Square) -> bool {
    let g = variant.geometry;
    let (f, r) = g.coords(sq);
    variant
        .castling
        .iter()
        .filter(|rule| rule.color == color)
        .any(|rule| {
            let (tf, tr) = g.coords(rule.royal_to);
            let (rf, _) = g.coords(rule.rook_from);
            let beyond = if rf > tf { f >= tf } else { f <= tf };
            r == tr && beyond
        })
}

#[cfg(test)]
mod tests {
    use crate::eval::test_util::chess_eval;

    #[test]
    fn central_pawns_gain_by_advancing_and_wing_pawns_do_not() {
        let start = chess_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let e4 = chess_eval("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let h4 = chess_eval("rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq - 0 1");
        assert!(e4 > start, "e4 {e4}, start {start}");
        assert!(h4 < e4, "h4 {h4}, e4 {e4}");
    }
}
