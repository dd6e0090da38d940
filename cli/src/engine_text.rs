//! How the terminal commands (`play`, `analyse`) write engine results for people: scores
//! in pawns from White's view, mates as `#n`, and lines in SAN with move numbers.

use joust_core::{Color, Position};
use joust_movegen::{legal_moves, make, tables, Move, TableCache};
use joust_notation::move_to_san;
use joust_search::{MATE, MATE_BOUND};

/// A search score (for the side to move) turned to White's view.
pub fn white_view(score: i32, side_to_move: Color) -> i32 {
    match side_to_move {
        Color::White => score,
        Color::Black => -score,
    }
}

/// A White's-view score as people read it: `+0.35`, `-1.20`, `0.00`, `#3` (White mates
/// in 3), `#-2` (Black mates in 2), `#0`/`#-0` for a position already mated.
pub fn score_text(white_score: i32) -> String {
    if white_score > MATE_BOUND {
        format!("#{}", (MATE - white_score + 1) / 2)
    } else if white_score < -MATE_BOUND {
        format!("#-{}", (MATE + white_score + 1) / 2)
    } else if white_score == 0 {
        "0.00".to_string()
    } else {
        let sign = if white_score > 0 { '+' } else { '-' };
        let a = white_score.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    }
}

/// A score bounded for comparing moves: mates count as ±100 pawns whatever their length,
/// so a slower mate is not a mistake but a missed mate is.
pub fn bounded(score: i32) -> i32 {
    score.clamp(-10_000, 10_000)
}

/// The move number prefix of the move `side` plays at `fullmove`: `12.` or `12...`.
pub fn number_prefix(fullmove: u32, side: Color) -> String {
    match side {
        Color::White => format!("{fullmove}."),
        Color::Black => format!("{fullmove}..."),
    }
}

/// The SAN of `line` played from `pos`, numbered like `12... Nc6 13. Bb5 a6`; stops at the
/// first move that is not legal (a line from the table may end in a stale move).
pub fn san_line<B: TableCache>(pos: &Position<B>, line: &[Move]) -> String {
    let t = tables::<B>(pos.variant());
    let mut p = pos.clone();
    let mut out: Vec<String> = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        if !legal_moves(&p).contains(&mv) {
            break;
        }
        let side = p.side_to_move();
        let san = move_to_san(&p, mv);
        if i == 0 || side == Color::White {
            out.push(format!(
                "{} {san}",
                number_prefix(p.fullmove_number(), side)
            ));
        } else {
            out.push(san);
        }
        make(t, &mut p, mv);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_movegen::position_from_fen;
    use joust_notation::parse_san;

    #[test]
    fn scores_read_in_pawns_and_mates() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "0.00");
        assert_eq!(score_text(-5), "-0.05");
        // Mate in 1 for the side to move is MATE - 1 plies.
        assert_eq!(score_text(MATE - 1), "#1");
        assert_eq!(score_text(MATE - 5), "#3");
        assert_eq!(score_text(-(MATE - 4)), "#-2");
        assert_eq!(score_text(-MATE), "#-0");
        assert_eq!(white_view(50, Color::Black), -50);
        assert_eq!(bounded(MATE - 3), 10_000);
    }

    #[test]
    fn lines_are_numbered_from_either_side() {
        let v = variants::chess();
        let pos: Position<u64> = position_from_fen(v, v.start_fen).unwrap();
        let mut moves = Vec::new();
        let mut p = pos.clone();
        for s in ["e4", "e5", "Nf3"] {
            let m = parse_san(&p, s).unwrap();
            make(tables::<u64>(v), &mut p, m);
            moves.push(m);
        }
        assert_eq!(san_line(&pos, &moves), "1. e4 e5 2. Nf3");
        let mut after = pos.clone();
        make(tables::<u64>(v), &mut after, moves[0]);
        assert_eq!(san_line(&after, &moves[1..]), "1... e5 2. Nf3");
        // A stale move ends the line.
        assert_eq!(san_line(&pos, &[moves[0], moves[0]]), "1. e4");
    }
}
