//! The lines a search writes: `info` after each iteration, and `bestmove`.

use joust_core::Position;
use joust_movegen::{legal_moves, make, tables, Move, TableCache};
use joust_notation::move_to_text;
use joust_search::{Info, SearchResult, MATE, MATE_BOUND};

/// The text of "no move": the null move of UCI, for a position without a legal move or
/// a `go` without a position.
pub const NO_MOVE: &str = "0000";

/// The UCI score of a search score: `cp N`, or `mate N` in moves (negative when mated).
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        // Plies to the loss, rounded up to moves as for a win: a loss is at an odd ply
        // where the side to move loses by the other's end (stalemating an opponent with
        // fewer pieces in Suicide).
        match (MATE + score + 1) / 2 {
            0 => "mate 0".to_string(),
            n => format!("mate -{n}"),
        }
    } else {
        format!("cp {score}")
    }
}

/// The moves of a line as coordinate text, played out from `pos`; stops at the first
/// move that is not legal (a line from the table can be stale).
pub fn line_text<B: TableCache>(pos: &Position<B>, line: &[Move]) -> Vec<String> {
    let t = tables::<B>(pos.variant());
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in line {
        if !legal_moves(&p).contains(&mv) {
            break;
        }
        out.push(move_to_text(&p, mv));
        make(t, &mut p, mv);
    }
    out
}

/// The `info` line of one completed iteration.
pub fn info_line<B: TableCache>(pos: &Position<B>, info: &Info) -> String {
    let nps = info.nodes as f64 / info.elapsed.as_secs_f64().max(1e-3);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score),
        info.nodes,
        nps as u64,
        info.elapsed.as_millis(),
        info.hashfull,
    );
    let pv = line_text(pos, &info.pv);
    if !pv.is_empty() {
        line += " pv ";
        line += &pv.join(" ");
    }
    line
}

/// The lines that end a search: for a position without a legal move, its score at
/// depth 0 and `bestmove 0000`; else `bestmove` with the expected reply to ponder on.
pub fn final_lines<B: TableCache>(pos: &Position<B>, result: &SearchResult) -> Vec<String> {
    let Some(best) = result.best else {
        return vec![
            format!("info depth 0 score {}", score_text(result.score)),
            format!("bestmove {NO_MOVE}"),
        ];
    };
    let best_text = move_to_text(pos, best);
    let line = line_text(pos, &result.pv);
    let mut text = format!("bestmove {best_text}");
    if line.first() == Some(&best_text) {
        if let Some(ponder) = line.get(1) {
            text += &format!(" ponder {ponder}");
        }
    }
    vec![text]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_centipawns_or_moves_to_mate() {
        assert_eq!(score_text(35), "cp 35");
        assert_eq!(score_text(-35), "cp -35");
        assert_eq!(score_text(MATE - 1), "mate 1");
        assert_eq!(score_text(MATE - 3), "mate 2");
        assert_eq!(score_text(-MATE + 2), "mate -1");
        assert_eq!(score_text(-MATE), "mate 0");
        // Lost at an odd ply (Suicide: the opponent stalemated with fewer pieces), as
        // Fairy-Stockfish counts it.
        assert_eq!(score_text(-MATE + 1), "mate -1");
        assert_eq!(score_text(-MATE + 5), "mate -3");
    }
}
