//! `tune label`: a reference engine's score of each position: its static evaluation, read
//! from its `eval` command (Stockfish's and Fairy-Stockfish's evaluation trace), or the
//! score of a short search.

use crate::launch;
use joust_match::{GoError, Score, UciEngine, UciError};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// How long past its `movetime` a search may take to answer before it counts as stuck.
const SEARCH_GRACE: Duration = Duration::from_secs(10);

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
    let program = launch::reference(engine);
    let mut engine = UciEngine::start(&program).map_err(|e| e.to_string())?;
    // One position at a time: the next is sent once the engine has answered.
    let mut scores = Vec::with_capacity(positions.len());
    for (variant, fen) in &positions {
        let after = |e: String| {
            format!(
                "{e} after {} of {} positions",
                scores.len(),
                positions.len()
            )
        };
        engine
            .select_variant(variant)
            .map_err(|e| after(e.to_string()))?;
        let white = fen.split_whitespace().nth(1) == Some("w");
        let position = format!("position fen {fen}");
        let score = match search_ms {
            Some(ms) => {
                let reply = engine
                    .go(
                        &position,
                        &format!("go movetime {ms}"),
                        Duration::from_millis(ms) + SEARCH_GRACE,
                    )
                    .map_err(|e| after(go_error(&engine, e)))?;
                // UCI scores are for the side to move; mates are left out.
                match reply.info.score {
                    Some(Score::Cp(s)) => Some(if white { s } else { -s }),
                    _ => None,
                }
            }
            None => {
                engine
                    .send(&position)
                    .map_err(|e: UciError| after(e.to_string()))?;
                let lines = engine.eval().map_err(|e| after(e.to_string()))?;
                lines.iter().rev().find_map(|l| final_evaluation(l))
            }
        };
        scores.push(score);
        if scores.len() % 1000 == 0 {
            eprintln!("{} of {} scored", scores.len(), positions.len());
        }
    }
    drop(engine);
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
        program.describe(),
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

/// A search that gave no move, said with the engine's name.
fn go_error(engine: &UciEngine, e: GoError) -> String {
    match e {
        GoError::Failed(e) => e.to_string(),
        timeout => format!("{}: {timeout}", engine.name),
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

    /// A shell-script reference engine: its `eval` trace ends in `+0.50 (white side)`,
    /// and each search says `cp 30`, then `mate 2` from the fourth `go` on.
    #[cfg(unix)]
    fn script_reference(dir: &Path) -> std::path::PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("reference.sh");
        let script = "#!/bin/sh\nn=0\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    \
             uci) echo 'id name Ref'; echo 'option name UCI_Variant type combo default chess \
             var chess var clash'; echo uciok;;\n    \
             isready) echo readyok;;\n    \
             eval) echo '| Total |  ----  ---- | 0.40 0.60 |'; \
             echo 'Final evaluation       +0.50 (white side)';;\n    \
             go) n=$((n+1)); if [ $n -ge 4 ]; then echo 'info depth 5 score mate 2'; \
             else echo 'info depth 5 score cp 30'; echo 'info depth 6 score cp 90 lowerbound'; \
             fi; echo 'bestmove e2e4';;\n    \
             quit) exit 0;;\n  esac\ndone\n";
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[cfg(unix)]
    #[test]
    fn labels_by_evaluation_or_by_search_for_white() {
        let dir = std::env::temp_dir().join(format!("joust-label-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let engine = script_reference(&dir);
        let input = dir.join("positions.txt");
        let positions = "chess;rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                         clash;8/8/8/8/8/8/8/K6k w - - 0 1\n\
                         chess;4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\
                         chess;4k3/8/8/8/8/8/8/4K3 b - - 0 1\n";
        std::fs::write(&input, positions).unwrap();
        let out = dir.join("labels.txt");
        let engine = engine.to_str().unwrap();
        run(&input, &out, engine, None, None).unwrap();
        let labels = std::fs::read_to_string(&out).unwrap();
        assert_eq!(labels.lines().count(), 4);
        assert!(labels.lines().all(|l| l.ends_with(";50")), "{labels}");
        // Searches: cp 30 for the side to move (bounds ignored), then a mate, left out.
        run(&input, &out, engine, Some(10), None).unwrap();
        let labels = std::fs::read_to_string(&out).unwrap();
        let scores: Vec<&str> = labels
            .lines()
            .map(|l| l.rsplit(';').next().unwrap())
            .collect();
        assert_eq!(scores, ["-30", "30", "30"]);
        // A game the engine does not play is an error, not a wrong label.
        std::fs::write(&input, "royal-lion;8/8/8/8/8/8/8/8/8/K8k w - - 0 1\n").unwrap();
        let e = run(&input, &out, engine, None, None).unwrap_err();
        assert_eq!(e, "Ref does not play royal-lion after 0 of 1 positions");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
