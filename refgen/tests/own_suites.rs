//! Checks the positions the engine's authors made themselves (`<workspace>/suites/*.perft`,
//! counts written by the engine) with the reference generator: the independent second
//! opinion those counts need where no other program plays the game.
//!
//! Part of joust-refgen, which is written from the rules book (docs/rules/) independently
//! of the engine.

use std::path::PathBuf;

/// Largest node count checked per entry (refgen is slow by design).
const NODE_BUDGET: u64 = 800_000;

/// The game a suite declares in its `# Game id: <id>` line.
fn declared_game(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l
            .trim()
            .strip_prefix('#')?
            .trim()
            .strip_prefix("Game id:")?;
        let id = rest
            .trim()
            .split(|c: char| c.is_whitespace() || c == '.')
            .next()?;
        (!id.is_empty()).then(|| id.to_string())
    })
}

#[test]
fn own_suites_agree_with_the_reference_generator() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../suites");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("suites/ beside refgen/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = declared_game(&text).unwrap_or_else(|| panic!("{}: no Game id", path.display()));
        assert!(joust_refgen::supports(&game), "{game}");
        let mut fen = String::new();
        for line in text.lines().map(str::trim) {
            if let Some(f) = line.strip_prefix("epd ") {
                fen = f.to_string();
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let mut parts = rest.split_whitespace();
                let depth: u32 = parts.next().unwrap().parse().unwrap();
                let nodes: u64 = parts.next().unwrap().parse().unwrap();
                if nodes > NODE_BUDGET {
                    continue;
                }
                let got = joust_refgen::perft(&game, &fen, depth).unwrap();
                if got != nodes {
                    failures.push(format!(
                        "{} {game} {fen} depth {depth}: file {nodes}, refgen {got}",
                        path.display()
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 40, "only {checked} counts checked");
}
