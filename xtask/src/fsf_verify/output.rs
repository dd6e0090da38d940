//! Reading Fairy-Stockfish's text: the `Fen:` line of its `d` (display) command, and the
//! divide lines (`e2e4: 20`) and `Nodes searched: N` total of its `go perft N`. Pure
//! functions over captured lines, so they are tested without an engine.

/// One `go perft N` answer: each root move with the leaf count below it, in the engine's
/// order, and the total it printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Divide {
    /// `(move, leaf count)` per legal move.
    pub moves: Vec<(String, u64)>,
    /// The `Nodes searched` total.
    pub total: u64,
}

impl Divide {
    /// The count below `mv`, if the engine plays it.
    pub fn count_of(&self, mv: &str) -> Option<u64> {
        self.moves.iter().find(|(m, _)| m == mv).map(|&(_, n)| n)
    }
}

/// The FEN of a `d` output: the rest of its first line that starts with `Fen:` (not
/// `Sfen:`), trimmed; `None` if there is no such line.
pub fn fen_line<S: AsRef<str>>(lines: &[S]) -> Option<String> {
    lines.iter().find_map(|l| {
        let rest = l.as_ref().trim().strip_prefix("Fen:")?;
        let fen = rest.trim();
        (!fen.is_empty()).then(|| fen.to_string())
    })
}

/// The total of a `Nodes searched: N` line, if `line` is one.
pub fn nodes_searched(line: &str) -> Option<u64> {
    line.trim()
        .strip_prefix("Nodes searched:")?
        .trim()
        .parse()
        .ok()
}

/// A divide line, `move: count`: one word, a colon and a space, a decimal count.
/// Anything else (`info string ...`, blank lines) is `None`.
pub fn divide_line(line: &str) -> Option<(String, u64)> {
    let (mv, count) = line.trim().split_once(": ")?;
    if mv.is_empty() || mv.contains(char::is_whitespace) || mv.contains(':') {
        return None;
    }
    let count = count.trim();
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((mv.to_string(), count.parse().ok()?))
}

/// The divide lines of a `go perft` answer (the lines before its `Nodes searched`) and
/// the total; the total must be the sum of the lines' counts, else the answer is `Err`
/// with a description.
pub fn parse_divide<S: AsRef<str>>(lines: &[S], total: u64) -> Result<Divide, String> {
    let moves: Vec<(String, u64)> = lines
        .iter()
        .filter_map(|l| divide_line(l.as_ref()))
        .collect();
    let sum: u64 = moves.iter().map(|&(_, n)| n).sum();
    if sum != total {
        return Err(format!(
            "its divide lines add up to {sum}, its total says {total}"
        ));
    }
    Ok(Divide { moves, total })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Debian's Fairy-Stockfish 11.1 after `setoption name UCI_Variant value knightmate`,
    /// `position startpos moves e2e4`, `d` (the board rows shortened).
    const D_NATIVE: &str = "
 +---+---+---+---+---+---+---+---+
 | r | m | b | q | k | b | m | r | *
 +---+---+---+---+---+---+---+---+
 | R | M | B | Q | K | B | M | R |  
 +---+---+---+---+---+---+---+---+

Fen: rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1
Sfen: rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR w - 2
Key: C3445FFB59F187EB
Checkers: ";

    /// fsf-uci (Fairy-Stockfish in WebAssembly) in lancerchess: file letters under the
    /// board, and a `Chased:` line.
    const D_WASM: &str = "
 | R | J | B | Q | K | B | L | R |1  
 +---+---+---+---+---+---+---+---+
   a   b   c   d   e   f   g   h

Fen: rjbqkblr/pppppppp/8/8/4P3/8/PPPP1PPP/RJBQKBLR b KQkq - 0 1
Sfen: rjbqkblr/pppppppp/8/8/4P3/8/PPPP1PPP/RJBQKBLR w - 2
Key: 9EA7631267039EC4
Checkers: 
Chased: ";

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn the_fen_line_of_d_and_not_the_sfen_line() {
        assert_eq!(
            fen_line(&lines(D_NATIVE)).as_deref(),
            Some("rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1")
        );
        assert_eq!(
            fen_line(&lines(D_WASM)).as_deref(),
            Some("rjbqkblr/pppppppp/8/8/4P3/8/PPPP1PPP/RJBQKBLR b KQkq - 0 1")
        );
        let sfen_only = ["Sfen: rmbqkbmr/8/8/8/8/8/8/RMBQKBMR w - 2", "Fen:   "];
        assert_eq!(fen_line(&sfen_only), None);
        assert_eq!(fen_line::<&str>(&[]), None);
    }

    /// Debian's Fairy-Stockfish 11.1, capablanca, `go perft 2` from
    /// `r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1` (three moves kept), and an
    /// `info string` line an engine may write in between.
    const PERFT: &str = "a1b1: 24
info string variant capablanca files 10 ranks 8
j1j8: 3
e1i1: 25

";

    #[test]
    fn divide_lines_and_their_total() {
        let d = parse_divide(&lines(PERFT), 52).unwrap();
        assert_eq!(
            d.moves,
            [
                ("a1b1".to_string(), 24),
                ("j1j8".to_string(), 3),
                ("e1i1".to_string(), 25)
            ]
        );
        assert_eq!(d.total, 52);
        assert_eq!(d.count_of("e1i1"), Some(25));
        assert_eq!(d.count_of("e1c1"), None);
        let e = parse_divide(&lines(PERFT), 53).unwrap_err();
        assert_eq!(e, "its divide lines add up to 52, its total says 53");
    }

    #[test]
    fn only_move_colon_count_is_a_divide_line() {
        assert_eq!(divide_line("  e7e8q: 1 "), Some(("e7e8q".into(), 1)));
        assert_eq!(divide_line("P@e4: 30"), Some(("P@e4".into(), 30)));
        assert_eq!(divide_line("Key: C3445FFB59F187EB"), None);
        assert_eq!(divide_line("Nodes searched: 468"), None);
        assert_eq!(divide_line("info string a: 1"), None);
        assert_eq!(divide_line("e2e4: -1"), None);
        assert_eq!(divide_line("e2e4:"), None);
        assert_eq!(divide_line(": 5"), None);
        assert_eq!(divide_line(""), None);
    }

    #[test]
    fn the_total_line() {
        assert_eq!(nodes_searched("Nodes searched: 468"), Some(468));
        assert_eq!(nodes_searched("  Nodes searched:  8902 "), Some(8902));
        assert_eq!(nodes_searched("Nodes searched: many"), None);
        assert_eq!(nodes_searched("Nodes/second: 5"), None);
    }
}
