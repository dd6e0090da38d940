//! Writing what was proven as a reference perft file (the format of
//! `suites/reference/*.perft`, read by `joust_movegen::suite`): a header naming the game
//! and where the counts come from, then each position with a comment saying where it came
//! from and the counts kept under a node budget, so that `cargo test` can check them all.

use super::fsf::Fsf;
use super::user_file::UserFile;
use super::{FsfVerifyArgs, GameReport};
use crate::engines::{debian_version, DEBIAN_FAIRY_STOCKFISH};
use crate::paths;
use joust_core::Variant;
use std::path::Path;

/// Columns a comment line is wrapped at.
const WIDTH: usize = 92;

/// One position of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Where it came from, as comment text (wrapped when written).
    pub comment: Vec<String>,
    /// Its FEN.
    pub fen: String,
    /// The `(depth, nodes)` counts to write, shallowest first.
    pub counts: Vec<(u32, u64)>,
}

/// The shallowest counts of `agreed` (sorted by depth) whose sum stays within `budget`
/// nodes; depth 1 is always kept.
pub fn select_counts(agreed: &[(u32, u64)], budget: u64) -> Vec<(u32, u64)> {
    let mut kept = Vec::new();
    let mut sum = 0u64;
    for &(depth, nodes) in agreed {
        sum = sum.saturating_add(nodes);
        if !kept.is_empty() && sum > budget {
            break;
        }
        kept.push((depth, nodes));
    }
    kept
}

/// The file: `header` paragraphs as the opening comment (the first starts with
/// `Game id: <game>.`), then every entry.
pub fn render(game: &str, header: &[String], entries: &[Entry]) -> String {
    let mut out = String::new();
    for (i, paragraph) in header.iter().enumerate() {
        let text = if i == 0 {
            format!("Game id: {game}. {paragraph}")
        } else {
            paragraph.clone()
        };
        push_comment(&mut out, &text);
    }
    push_comment(
        &mut out,
        "Format: `epd <FEN>`, then `perft <depth> <leaf nodes>`; `#` starts a comment.",
    );
    for entry in entries {
        out.push('\n');
        for paragraph in &entry.comment {
            push_comment(&mut out, paragraph);
        }
        out += &format!("epd {}\n", entry.fen);
        for (depth, nodes) in &entry.counts {
            out += &format!("perft {depth} {nodes}\n");
        }
    }
    out
}

/// Appends `text` as `# ` comment lines of at most [`WIDTH`] columns (a longer word
/// stands alone on its line; continuation lines are indented). A command line (`$ ...`)
/// stays on one line, to be copied whole.
fn push_comment(out: &mut String, text: &str) {
    if text.starts_with("$ ") {
        out.push_str(&format!("#   {text}\n"));
        return;
    }
    let mut line = String::from("#");
    for word in text.split_whitespace() {
        if line.len() > 3 && line.len() + 1 + word.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("#  ");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
}

/// Writes the reference file of one game that agreed everywhere.
pub(super) fn write_file(
    file: &Path,
    variant: &Variant,
    report: &GameReport,
    args: &FsfVerifyArgs,
    fsf: &Fsf,
    engine_path: &Path,
    user_file: Option<&UserFile>,
) -> Result<(), String> {
    let game_file = user_file.map(|f| f.relative_to(file)).transpose()?;
    let per_position = args.write_budget / report.positions.len().max(1) as u64;
    let entries: Vec<Entry> = report
        .positions
        .iter()
        .map(|c| Entry {
            comment: c.comment.clone(),
            fen: c.fen.clone(),
            counts: select_counts(&c.agreed, per_position),
        })
        .collect();
    let nodes: u64 = entries
        .iter()
        .flat_map(|e| e.counts.iter().map(|c| c.1))
        .sum();
    let engine = match debian_version("fairy-stockfish") {
        Some(v) if engine_path == Path::new(DEBIAN_FAIRY_STOCKFISH) => format!(
            "{} (Debian package fairy-stockfish {v}, {DEBIAN_FAIRY_STOCKFISH})",
            fsf.name()
        ),
        _ if engine_path == paths::fsf_uci() => format!(
            "{} (xtask/fsf-uci/fsf-uci: {})",
            fsf.name(),
            fsf_uci_package().unwrap_or_else(|| "the npm package it names".into())
        ),
        _ => format!("{} ({})", fsf.name(), engine_path.display()),
    };
    let rules = Path::new("docs/rules").join(format!("{}.md", variant.id));
    let rules = if paths::workspace_root().join(&rules).is_file() {
        format!(" (rules: {})", rules.display())
    } else {
        String::new()
    };
    let mut options = user_file
        .map(|f| format!(" --variants {}", f.given.display()))
        .unwrap_or_default();
    options += &format!(" --game {}", variant.id);
    if let Some(fen) = &args.fen {
        options += &format!(" --fen \"{fen}\"");
    }
    let first = if args.fen.is_some() {
        "the position given with --fen"
    } else {
        "the start position"
    };
    let mut header = vec![format!(
        "{}{rules}: {first} and {} positions of seeded random play-outs from it.",
        variant.name,
        entries.len().saturating_sub(1)
    )];
    if let Some(game_file) = &game_file {
        header.push(format!(
            "Variants file: {game_file} (relative to this file's folder) defines the game; the tests load it from there, and Fairy-Stockfish read the same file."
        ));
    }
    header.extend([
        format!("Counts agree between Joust and {engine}, found by"),
        format!(
            "$ cargo xtask fsf-verify{options} --playouts {} --seed {} --max-plies {} --tree-depth {} --depth {} --write-budget {} --write {}",
            args.playouts,
            args.seed,
            args.max_plies,
            args.tree_depth,
            args.depth,
            args.write_budget,
            file.display()
        ),
        format!(
            "which also compared the legal moves and the FEN (both ways) at every node of each position's tree to {} plies and perft at depths 1 to {}; this file keeps the depths that stay under {} nodes in all.",
            args.tree_depth, args.depth, args.write_budget
        ),
    ]);
    if report.tally.illegal_ep_squares > 0 {
        header.push(format!(
            "In {} of the FENs compared Fairy-Stockfish wrote an en-passant square whose capture is illegal, where Joust writes `-` (docs/rules/README.md, \"FEN\"); both read them as the same position.",
            report.tally.illegal_ep_squares
        ));
    }
    if report.tally.other_spellings > 0 {
        header.push(format!(
            "In {} of the FENs compared Fairy-Stockfish spelled the castling field or the hand otherwise (S-Chess: 11.1 also writes the gating files a castling letter stands for); each engine read the other's FEN as the same position.",
            report.tally.other_spellings
        ));
    }
    header.extend(args.note.iter().cloned());
    let text = render(variant.id, &header, &entries);
    std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!(
        "wrote {} ({} positions, {nodes} nodes in all)",
        file.display(),
        entries.len()
    );
    Ok(())
}

/// The npm package and version that `xtask/fsf-uci/fsf-uci` installs, from its
/// `package=` and `version=` lines (`npm package fairy-stockfish-nnue.wasm 1.1.12`).
fn fsf_uci_package() -> Option<String> {
    let script = std::fs::read_to_string(paths::fsf_uci()).ok()?;
    let value = |key: &str| {
        script
            .lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .map(|v| v.trim().to_string())
    };
    Some(format!(
        "npm package {} {}",
        value("package=")?,
        value("version=")?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_movegen::suite::{declared_game, parse_suite};

    #[test]
    fn the_fsf_uci_package_is_read_from_its_script() {
        assert_eq!(
            fsf_uci_package().as_deref(),
            Some("npm package fairy-stockfish-nnue.wasm 1.1.12")
        );
    }

    #[test]
    fn counts_are_kept_shallowest_first_within_the_budget() {
        let agreed = [(1, 20), (2, 400), (3, 8_902), (4, 197_281)];
        assert_eq!(
            select_counts(&agreed, 10_000),
            [(1, 20), (2, 400), (3, 8_902)]
        );
        assert_eq!(select_counts(&agreed, 1_000_000), agreed);
        // Depth 1 stays even over the budget; nothing deeper does.
        assert_eq!(select_counts(&agreed, 5), [(1, 20)]);
        assert_eq!(select_counts(&[], 5), []);
    }

    #[test]
    fn the_file_reads_back_with_its_game_comments_and_counts() {
        let moves: Vec<String> = (0..30)
            .map(|i| format!("a{}a{}", i % 8 + 1, i % 7 + 2))
            .collect();
        let entries = [
            Entry {
                comment: vec!["start".into()],
                fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                counts: vec![(1, 20), (2, 400)],
            },
            Entry {
                comment: vec![
                    "play-out 1 of seed 7: 30 random plies from the start".into(),
                    format!("moves: {}", moves.join(" ")),
                ],
                fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
                counts: vec![(1, 5)],
            },
        ];
        let command = format!(
            "$ cargo xtask fsf-verify --game nocastle {}",
            "--seed 7 ".repeat(12).trim_end()
        );
        let header = [
            "The start position and 1 play-out.".to_string(),
            "Counts agree between Joust and an engine, found by".to_string(),
            command.clone(),
        ];
        let text = render("nocastle", &header, &entries);
        assert!(text.starts_with("# Game id: nocastle. The start position"));
        assert!(text.contains(&format!("\n#   {command}\n")), "{text}");
        assert!(
            text.lines()
                .all(|l| l.len() <= WIDTH + 10 || l.contains("$ cargo")),
            "{text}"
        );
        assert_eq!(declared_game(&text).as_deref(), Some("nocastle"));
        let read = parse_suite(&text).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].comment, "start");
        assert_eq!(read[0].counts, [(1, 20), (2, 400)]);
        assert_eq!(read[1].fen, entries[1].fen);
        assert!(read[1]
            .comment
            .starts_with("play-out 1 of seed 7: 30 random plies"));
        // The moves survive the wrapping, in order.
        let words: Vec<&str> = read[1].comment.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "moves:").unwrap();
        assert_eq!(
            words[at + 1..],
            moves.iter().map(String::as_str).collect::<Vec<_>>()[..]
        );
    }
}
