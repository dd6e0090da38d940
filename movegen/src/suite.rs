//! Perft suites in the reference format: `epd <FEN>` lines, each followed by
//! `perft <depth> <nodes>` lines; `#` starts a comment.

use std::fmt;

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitePosition {
    /// The FEN.
    pub fen: String,
    /// The line the `epd` stands on (1-based).
    pub line: usize,
    /// The comment lines just above it, joined (a name for reports).
    pub comment: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// A suite file that does not follow the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SuiteError {}

/// The game id a suite declares in a `# Game id: <id>` comment, if any.
pub fn declared_game(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l.trim().strip_prefix('#')?.trim();
        let rest = rest.strip_prefix("Game id:")?.trim();
        let id = rest.split(|c: char| c.is_whitespace() || c == '.').next()?;
        (!id.is_empty()).then(|| id.to_string())
    })
}

/// The game file a suite's game is defined in, from a `# Variants file: <path>` comment
/// line: a path relative to the suite's own folder (`user-games.ini`). Suites of
/// built-in games have none; those of games from a user's game file
/// (`cargo xtask fsf-verify --variants FILE --write ...`) name it, and whoever checks
/// the counts loads the file first.
pub fn declared_variants_file(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l.trim().strip_prefix('#')?.trim();
        let rest = rest.strip_prefix("Variants file:")?.trim();
        let path = rest.split_whitespace().next()?;
        (!path.is_empty()).then(|| path.to_string())
    })
}

/// Parses a suite.
pub fn parse_suite(text: &str) -> Result<Vec<SuitePosition>, SuiteError> {
    let mut out: Vec<SuitePosition> = Vec::new();
    let mut comment = String::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() {
            comment.clear();
            continue;
        }
        if let Some(c) = l.strip_prefix('#') {
            if !comment.is_empty() {
                comment.push(' ');
            }
            comment.push_str(c.trim());
            continue;
        }
        if let Some(fen) = l.strip_prefix("epd ") {
            out.push(SuitePosition {
                fen: fen.trim().to_string(),
                line,
                comment: std::mem::take(&mut comment),
                counts: Vec::new(),
            });
            continue;
        }
        if let Some(rest) = l.strip_prefix("perft ") {
            let err = |m: &str| SuiteError {
                line,
                message: m.to_string(),
            };
            let mut parts = rest.split_whitespace();
            let depth = parts
                .next()
                .and_then(|d| d.parse::<u32>().ok())
                .ok_or_else(|| err("perft depth is not a number"))?;
            let nodes = parts
                .next()
                .and_then(|d| d.parse::<u64>().ok())
                .ok_or_else(|| err("perft node count is not a number"))?;
            if parts.next().is_some() {
                return Err(err("extra text after the node count"));
            }
            let pos = out
                .last_mut()
                .ok_or_else(|| err("perft line before any epd line"))?;
            pos.counts.push((depth, nodes));
            continue;
        }
        return Err(SuiteError {
            line,
            message: format!("unrecognised line '{l}'"),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positions_counts_and_comments() {
        let text = "# Game id: chess. Six positions.\n\n# start\nepd 8/8 w - - 0 1\nperft 1 20\nperft 2 400\n";
        assert_eq!(declared_game(text).as_deref(), Some("chess"));
        let suite = parse_suite(text).unwrap();
        assert_eq!(suite.len(), 1);
        assert_eq!(suite[0].fen, "8/8 w - - 0 1");
        assert_eq!(suite[0].comment, "start");
        assert_eq!(suite[0].counts, vec![(1, 20), (2, 400)]);
        assert_eq!(suite[0].line, 4);
    }

    #[test]
    fn a_suite_may_name_the_game_file_of_its_game() {
        let text = "# Game id: mine. Two positions.\n# Variants file: games/mine.ini (the game's\n#  definition)\nepd 8/8 w - - 0 1\nperft 1 2\n";
        assert_eq!(declared_game(text).as_deref(), Some("mine"));
        assert_eq!(
            declared_variants_file(text).as_deref(),
            Some("games/mine.ini")
        );
        assert_eq!(
            declared_variants_file("# Game id: chess.\nepd 8/8 w - - 0 1\n"),
            None
        );
        assert_eq!(parse_suite(text).unwrap()[0].counts, [(1, 2)]);
    }

    #[test]
    fn rejects_malformed_lines_with_their_number() {
        assert_eq!(parse_suite("perft 1 2").unwrap_err().line, 1);
        assert_eq!(parse_suite("epd x\nperft one 2").unwrap_err().line, 2);
        assert_eq!(parse_suite("epd x\nperft 1 2 3").unwrap_err().line, 2);
        assert_eq!(parse_suite("\nbogus").unwrap_err().line, 2);
    }
}
