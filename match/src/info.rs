//! UCI `info` lines read into typed values: one line ([`InfoLine`]) and what a whole
//! search said by its `bestmove` ([`SearchInfo`]).

use crate::score::Score;

/// Whether a score is the search's value or only a bound on it (a fail-high or fail-low
/// line, `lowerbound` / `upperbound`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value found.
    #[default]
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

/// One `info` line of an engine, the fields it gives; words it does not know are
/// skipped.
///
/// ```
/// use joust_match::{Bound, InfoLine, Score};
///
/// let info = InfoLine::parse("info depth 7 seldepth 9 score cp -35 nodes 1200 pv e2e4 e7e5")
///     .unwrap();
/// assert_eq!(info.depth, Some(7));
/// assert_eq!(info.score, Some(Score::Cp(-35)));
/// assert_eq!(info.bound, Bound::Exact);
/// assert_eq!(info.pv, ["e2e4", "e7e5"]);
/// assert!(InfoLine::parse("bestmove e2e4").is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// `depth`: the iteration's depth in plies.
    pub depth: Option<u32>,
    /// `seldepth`: the deepest ply reached.
    pub seldepth: Option<u32>,
    /// `multipv`: which of several best lines this is (1 for the best).
    pub multipv: Option<u32>,
    /// `score cp N` or `score mate N`.
    pub score: Option<Score>,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// `nodes` searched so far.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `time` in milliseconds since `go`.
    pub time_ms: Option<u64>,
    /// `hashfull` in permille.
    pub hashfull: Option<u32>,
    /// `pv`: the line of moves, as the engine wrote them.
    pub pv: Vec<String>,
    /// `info string`: the free text after it (nothing else is read from such a line).
    pub string: Option<String>,
}

/// The words of an `info` line that start a field (and so end a `pv`).
const KEYWORDS: &[&str] = &[
    "depth",
    "seldepth",
    "multipv",
    "score",
    "lowerbound",
    "upperbound",
    "nodes",
    "nps",
    "time",
    "hashfull",
    "pv",
    "string",
    "currmove",
    "currmovenumber",
    "tbhits",
    "sbhits",
    "cpuload",
    "refutation",
    "currline",
];

impl InfoLine {
    /// Reads a line that starts with the word `info`; `None` for any other line.
    pub fn parse(line: &str) -> Option<InfoLine> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let words: Vec<&str> = words.collect();
        let mut info = InfoLine::default();
        let mut i = 0;
        let number = |at: usize| words.get(at).and_then(|w| w.parse().ok());
        while i < words.len() {
            let word = words[i];
            i += 1;
            match word {
                "string" => {
                    info.string = Some(words[i..].join(" "));
                    break;
                }
                "depth" => info.depth = number(i).and_then(|n: u64| u32::try_from(n).ok()),
                "seldepth" => info.seldepth = number(i).and_then(|n: u64| u32::try_from(n).ok()),
                "multipv" => info.multipv = number(i).and_then(|n: u64| u32::try_from(n).ok()),
                "hashfull" => info.hashfull = number(i).and_then(|n: u64| u32::try_from(n).ok()),
                "nodes" => info.nodes = number(i),
                "nps" => info.nps = number(i),
                "time" => info.time_ms = number(i),
                "score" => {
                    if let (Some(kind), Some(value)) = (words.get(i), words.get(i + 1)) {
                        info.score = Score::from_words(kind, value);
                    }
                }
                "lowerbound" => info.bound = Bound::Lower,
                "upperbound" => info.bound = Bound::Upper,
                "pv" => {
                    while i < words.len() && !KEYWORDS.contains(&words[i]) {
                        info.pv.push(words[i].to_string());
                        i += 1;
                    }
                }
                _ => {}
            }
        }
        Some(info)
    }
}

/// What a search said by its end: the score of its last `info` line with an exact score,
/// and that line's depth (or the last depth given with an exact score). Bounds and
/// `info string` lines leave it as it was.
///
/// ```
/// use joust_match::{Score, SearchInfo};
///
/// let mut said = SearchInfo::default();
/// said.read("info depth 7 score cp -35 nodes 100 pv e2e4");
/// said.read("info depth 8 score cp 80 lowerbound nodes 200");
/// said.read("info string score cp 999");
/// assert_eq!((said.score, said.depth), (Some(Score::Cp(-35)), Some(7)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// The last exact score, if any line gave one.
    pub score: Option<Score>,
    /// The depth given with it.
    pub depth: Option<u32>,
}

impl SearchInfo {
    /// Takes in one parsed `info` line.
    pub fn update(&mut self, info: &InfoLine) {
        if info.string.is_some() || info.bound != Bound::Exact {
            return;
        }
        if let Some(score) = info.score {
            self.score = Some(score);
            if info.depth.is_some() {
                self.depth = info.depth;
            }
        }
    }

    /// Takes in one line of the engine's output (lines other than `info` are ignored).
    pub fn read(&mut self, line: &str) {
        if let Some(info) = InfoLine::parse(line) {
            self.update(&info);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_field() {
        let info = InfoLine::parse(
            "info depth 12 seldepth 17 multipv 2 score mate -3 upperbound nodes 123456 \
             nps 987654 time 125 hashfull 42 tbhits 0 pv d1h5 g7g6 h5e5",
        )
        .unwrap();
        assert_eq!(
            info,
            InfoLine {
                depth: Some(12),
                seldepth: Some(17),
                multipv: Some(2),
                score: Some(Score::Mate(-3)),
                bound: Bound::Upper,
                nodes: Some(123_456),
                nps: Some(987_654),
                time_ms: Some(125),
                hashfull: Some(42),
                pv: vec!["d1h5".into(), "g7g6".into(), "h5e5".into()],
                string: None,
            }
        );
    }

    #[test]
    fn a_pv_ends_at_the_next_field_and_strings_take_the_rest() {
        let info = InfoLine::parse("info pv e2e4 e7e5 score cp 10 lowerbound").unwrap();
        assert_eq!(info.pv, ["e2e4", "e7e5"]);
        assert_eq!(
            (info.score, info.bound),
            (Some(Score::Cp(10)), Bound::Lower)
        );
        let info = InfoLine::parse("info string score cp 999  depth 3").unwrap();
        assert_eq!(info.string.as_deref(), Some("score cp 999 depth 3"));
        assert_eq!((info.score, info.depth), (None, None));
        assert_eq!(
            InfoLine::parse("info string").unwrap().string.as_deref(),
            Some("")
        );
    }

    #[test]
    fn broken_lines_read_what_they_can() {
        let info = InfoLine::parse("info depth x score cp nodes 5 score").unwrap();
        assert_eq!((info.depth, info.score, info.nodes), (None, None, Some(5)));
        let info = InfoLine::parse("info depth 99999999999 score wdl 1 2").unwrap();
        assert_eq!((info.depth, info.score), (None, None));
        assert_eq!(InfoLine::parse("info"), Some(InfoLine::default()));
        for other in ["", "information", "bestmove e2e4", "  readyok"] {
            assert_eq!(InfoLine::parse(other), None, "{other}");
        }
        assert!(InfoLine::parse("  info depth 1").is_some());
    }

    #[test]
    fn a_search_keeps_its_last_exact_score() {
        let mut said = SearchInfo::default();
        said.read("info depth 7 seldepth 9 score cp -35 nodes 100 pv e2e4");
        assert_eq!((said.score, said.depth), (Some(Score::Cp(-35)), Some(7)));
        said.read("info depth 8 score cp 80 lowerbound nodes 200");
        said.read("info depth 8 score cp -80 upperbound nodes 200");
        said.read("info string score cp 999");
        said.read("info depth 8 currmove e2e4 currmovenumber 1");
        said.read("bestmove e2e4");
        assert_eq!((said.score, said.depth), (Some(Score::Cp(-35)), Some(7)));
        said.read("info score cp 12 nodes 300");
        assert_eq!((said.score, said.depth), (Some(Score::Cp(12)), Some(7)));
        said.read("info depth 9 score mate 3 pv a1a8");
        assert_eq!((said.score, said.depth), (Some(Score::Mate(3)), Some(9)));
    }
}
