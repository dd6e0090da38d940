//! `tune label`: a reference engine's score of each position: its static evaluation, read
//! from its `eval` command (Stockfish's and Fairy-Stockfish's evaluation trace), or the
//! score of a short search.

use crate::piped::Piped;
use std::io::Write;
use std::path::Path;

/// Scores every `variant;FEN` line of `input` with `engine` and writes
/// `variant;FEN;centipawns` (for White) to `out`; positions it does not score are left out.
/// With `search_ms`, each score is that of a search of so many milliseconds; with
/// `as_result`, the label is the win probability of that factor times the score.
pub fn run(
    input: &Path,
    out: &Path,
    engine: &str,
    search_ms: Option<u64>,
    as_result: Option<f64>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let positions: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| l.split_once(';'))
        .map(|(v, f)| (v.to_string(), f.to_string()))
        .collect();
    let mut engine = Piped::start(engine)?;
    let program = engine.program.clone();
    // One position at a time: the next is sent once the engine has answered (an engine
    // answers `isready` at once even while it searches, so searches end at `bestmove`).
    engine.send("uci")?;
    let mut scores = Vec::with_capacity(positions.len());
    for (variant, fen) in &positions {
        engine.select_variant(variant)?;
        let (command, end) = match search_ms {
            Some(ms) => (format!("go movetime {ms}"), "bestmove"),
            None => ("eval\nisready".to_string(), "readyok"),
        };
        engine.send(&format!("position fen {fen}\n{command}"))?;
        let white = fen.split_whitespace().nth(1) == Some("w");
        let lines = engine.read_until(end).map_err(|e| {
            format!(
                "{e} after {} of {} positions",
                scores.len(),
                positions.len()
            )
        })?;
        let mut last = None;
        for line in &lines {
            if let Some(score) = final_evaluation(line) {
                last = Some(score);
            } else if line.starts_with("info") {
                // UCI scores are for the side to move.
                if line.contains(" score mate ") {
                    last = None;
                } else if let Some(s) = search_score(line) {
                    last = Some(if white { s } else { -s });
                }
            }
        }
        scores.push(last);
        if scores.len() % 1000 == 0 {
            eprintln!("{} of {} scored", scores.len(), positions.len());
        }
    }
    engine.finish();
    let mut file =
        std::fs::File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut written = 0;
    for ((variant, fen), score) in positions.iter().zip(&scores) {
        if let Some(cp) = score {
            writeln!(file, "{variant};{fen};{}", label_text(*cp, as_result))
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            written += 1;
        }
    }
    println!(
        "{written} of {} positions scored by {} into {}",
        positions.len(),
        program.display(),
        out.display()
    );
    Ok(())
}

/// A label as written: the centipawns, or the win probability of `as_result` times them
/// (to four places), a soft game result for `fit --results`.
fn label_text(cp: i32, as_result: Option<f64>) -> String {
    match as_result {
        Some(factor) => format!("{:.4}", super::fit::win_probability(cp as f64 * factor)),
        None => cp.to_string(),
    }
}

/// The `score cp` of a UCI `info` line; `None` for mate scores, bounds and other lines.
fn search_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    match (words.get(at + 1), words.get(at + 2)) {
        (Some(&"cp"), Some(v)) => v.parse().ok(),
        _ => None,
    }
}

/// The centipawns of an evaluation trace's last line, `Final evaluation  -1.50 (white
/// side)` (`Total evaluation: ...` in older versions); `None` for other lines or no score.
fn final_evaluation(line: &str) -> Option<i32> {
    let rest = line
        .strip_prefix("Final evaluation")
        .or_else(|| line.strip_prefix("Total evaluation"))?;
    let number = rest
        .trim_start_matches([':', ' '])
        .split_whitespace()
        .next()?;
    let pawns: f64 = number.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_trace_formats() {
        assert_eq!(
            final_evaluation("Final evaluation       -1.50 (white side)"),
            Some(-150)
        );
        assert_eq!(
            final_evaluation("Total evaluation: 0.23 (white side)"),
            Some(23)
        );
        assert_eq!(final_evaluation("Final evaluation: none (in check)"), None);
        assert_eq!(final_evaluation("Classical evaluation   +0.92"), None);
    }

    #[test]
    fn labels_are_centipawns_or_soft_results() {
        assert_eq!(label_text(-35, None), "-35");
        assert_eq!(label_text(0, Some(0.8)), "0.5000");
        // 500 x 0.8 = 400 centipawns: ten to one.
        assert_eq!(label_text(500, Some(0.8)), "0.9091");
        assert_eq!(label_text(-500, Some(0.8)), "0.0909");
    }

    #[test]
    fn reads_search_scores_but_not_mates_or_bounds() {
        let line = "info depth 9 seldepth 12 multipv 1 score cp -35 nodes 9000 pv e2e4";
        assert_eq!(search_score(line), Some(-35));
        assert_eq!(search_score("info depth 20 score mate 3 pv a1a8"), None);
        assert_eq!(search_score("info depth 9 score cp 12 lowerbound"), None);
        assert_eq!(search_score("info string hello"), None);
    }
}
