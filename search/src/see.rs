//! Static exchange evaluation: what a move wins or loses on its target square if both
//! sides then keep capturing there with their least valuable piece. The search orders and
//! prunes captures (and hanging quiet moves) by it.

use crate::eval::Evaluator;
use joust_core::{KindId, Position, Square};
use joust_movegen::{Move, MoveFlag, TableCache, Tables};

/// A royal piece's worth in an exchange: it may only take last, so it counts above all.
const ROYAL: i32 = 20_000;
/// Longest exchange followed (every piece of both sides on one square is far fewer).
const MAX_SWAPS: usize = 40;

/// The value of what `mv` captures (both pieces of a Lion's double capture).
pub fn victim_value<B: TableCache>(eval: &Evaluator, pos: &Position<B>, mv: Move) -> i32 {
    let on = |sq: Square| {
        pos.piece_at(sq)
            .filter(|p| p.color != pos.side_to_move())
            .map_or(0, |p| eval.value(p.kind))
    };
    match mv.flag {
        MoveFlag::LionDouble => on(Square(mv.aux)) + on(mv.to),
        MoveFlag::EnPassant => 100,
        MoveFlag::Normal | MoveFlag::DoubleStep | MoveFlag::Shot => on(mv.to),
        _ => 0,
    }
}

/// What `mv` takes before any recapture (with a pawn promotion's gain), and the kind it
/// leaves on the target square if it moves there (none for shots and Lion double
/// captures, whose exchange is not followed).
fn first_step<B: TableCache>(
    t: &Tables<B>,
    eval: &Evaluator,
    pos: &Position<B>,
    mv: Move,
) -> (i32, Option<KindId>) {
    let victim = victim_value(eval, pos, mv);
    let displaces = matches!(
        mv.flag,
        MoveFlag::Normal | MoveFlag::DoubleStep | MoveFlag::EnPassant
    );
    let Some(mover) = pos.piece_at(mv.from).filter(|_| displaces) else {
        return (victim, None);
    };
    // A promotion (or a Lancer's new facing) puts the new kind on the square.
    let arrives = mv.promotion_kind().unwrap_or(mover.kind);
    let promotion = if t.kind(mover.kind).is_pawn() && arrives != mover.kind {
        eval.value(arrives) - eval.value(mover.kind)
    } else {
        0
    };
    (victim + promotion, Some(arrives))
}

/// The material `mv` gains for the side to move, in centipawns, after the exchange on its
/// target square. Shots and Lion double captures count only what they take: the shooter
/// stays out of reach, and the Lion's second step is its own exchange.
pub fn see<B: TableCache>(t: &Tables<B>, eval: &Evaluator, pos: &Position<B>, mv: Move) -> i32 {
    match first_step(t, eval, pos, mv) {
        (first, Some(arrives)) => exchange(t, eval, pos, mv, first, arrives),
        (first, None) => first,
    }
}

/// The exchange on `mv`'s target square after `mv` gained `first` and left `arrives` there.
fn exchange<B: TableCache>(
    t: &Tables<B>,
    eval: &Evaluator,
    pos: &Position<B>,
    mv: Move,
    first: i32,
    arrives: KindId,
) -> i32 {
    let worth = |kind: KindId| {
        if t.kind(kind).is_royal() {
            ROYAL
        } else {
            eval.value(kind)
        }
    };
    let mut gain = [0i32; MAX_SWAPS];
    gain[0] = first;
    let mut on_square = worth(arrives);
    let mut occ = (pos.occupied() ^ B::from_square(mv.from)) | B::from_square(mv.to);
    let mut side = !pos.side_to_move();
    let mut d = 0;
    while d + 1 < MAX_SWAPS {
        let attackers = t.attackers(pos, mv.to, occ, side) & occ & pos.pieces(side);
        let Some((from, value)) = attackers
            .squares()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, worth(p.kind))))
            .min_by_key(|&(_, v)| v)
        else {
            break;
        };
        let after = occ ^ B::from_square(from);
        if value == ROYAL
            && (t.attackers(pos, mv.to, after, !side) & after & pos.pieces(!side)).any()
        {
            // The royal piece cannot take a defended piece.
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        occ = after;
        on_square = value;
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// True if `mv` gains at least `threshold` centipawns by [`see`]; quicker, as most
/// moves are settled before any exchange is worked out.
pub fn see_ge<B: TableCache>(
    t: &Tables<B>,
    eval: &Evaluator,
    pos: &Position<B>,
    mv: Move,
    threshold: i32,
) -> bool {
    let (first, arrives) = first_step(t, eval, pos, mv);
    // A royal piece only makes moves where it cannot be taken.
    let Some(arrives) = arrives.filter(|k| !t.kind(*k).is_royal()) else {
        return first >= threshold;
    };
    // Below the threshold even if nothing is taken back; above it even if the mover is.
    if first < threshold {
        return false;
    }
    if first - eval.value(arrives) >= threshold {
        return true;
    }
    exchange(t, eval, pos, mv, first, arrives) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::{generate, tables, MoveList};

    /// The SEE of the move `from`-`to` in a chess position.
    fn see_of(fen: &str, from: &str, to: &str) -> i32 {
        let chess = variants::chess();
        let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
        let t = tables::<u64>(chess);
        let eval = Evaluator::new(chess);
        let mut list = MoveList::new();
        generate(t, &pos, &mut list);
        let g = chess.geometry;
        let mv = *list
            .iter()
            .find(|m| {
                g.parse_square(from) == Some(m.from)
                    && g.parse_square(to) == Some(m.to)
                    && m.promotion_kind().is_none()
            })
            .expect("the move is legal");
        see(t, &eval, &pos, mv)
    }

    #[test]
    fn exchanges_count_both_sides() {
        let eval = Evaluator::new(variants::chess());
        let value = |c| eval.value(variants::chess().any_kind_by_letter(c).unwrap());
        let (p, n, r) = (value('P'), value('N'), value('R'));
        // An undefended rook: won outright.
        assert_eq!(see_of("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "e3", "d5"), r);
        // A pawn defended by a pawn, taken by a knight: the knight is lost for it.
        assert_eq!(
            see_of("4k3/4p3/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4", "d6"),
            p - n
        );
        // A rook behind a rook (an x-ray) keeps the defended pawn: Black does not recapture.
        assert_eq!(see_of("3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1", "d2", "d6"), p);
        // A quiet move to a square a pawn attacks hangs the piece; another square does not.
        assert_eq!(see_of("4k3/8/8/8/1p6/8/8/1N2K3 w - - 0 1", "b1", "c3"), -n);
        assert_eq!(see_of("4k3/8/8/8/1p6/8/8/1N2K3 w - - 0 1", "b1", "d2"), 0);
        // The king recaptures only an undefended piece.
        assert_eq!(see_of("4k3/3r4/8/8/8/8/3p4/1N2K3 w - - 0 1", "b1", "d2"), p);
        assert_eq!(
            see_of("3rk3/3r4/8/8/8/8/3p4/1N2K3 w - - 0 1", "b1", "d2"),
            p - n
        );
    }

    #[test]
    fn the_quick_test_agrees_with_the_full_exchange() {
        let chess = variants::chess();
        let t = tables::<u64>(chess);
        let eval = Evaluator::new(chess);
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "3rk3/3r4/8/8/8/8/3p4/1N2K3 w - - 0 1",
        ] {
            let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
            let mut list = MoveList::new();
            generate(t, &pos, &mut list);
            for &mv in list.iter() {
                let full = see(t, &eval, &pos, mv);
                for threshold in [-500, -100, 0, 1, 100, 300] {
                    assert_eq!(
                        see_ge(t, &eval, &pos, mv, threshold),
                        full >= threshold,
                        "{fen} {mv:?} {threshold}"
                    );
                }
            }
        }
    }
}
