//! Checking a played session against its script: every line well formed, every `go`
//! answered by exactly one `bestmove` (not before its `stop` when it must wait, and a
//! move the position allows), no failed search, and an end in time.

use super::generate::{Allowed, Script, Wait};
use super::session::{play, Event, Transcript};
use crate::Ending;
use std::collections::VecDeque;
use std::fmt;

/// Something wrong in a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A line that is none of the lines the engine may write.
    Malformed(String),
    /// The search thread failed (its `info string error: ...` line).
    SearchFailed(String),
    /// A `bestmove` with no `go` waiting for one.
    UnaskedBestmove(String),
    /// The `bestmove` of a search that had to wait for `stop` (or `ponderhit`) came
    /// before it (the step of the `go`, the line).
    EarlyBestmove(usize, String),
    /// A `bestmove` the position does not allow (the step of the `go`, the line, the
    /// moves allowed).
    WrongMove(usize, String, Vec<String>),
    /// A `go` never answered (its step).
    Unanswered(usize),
    /// The session did not end within its time limit (the limit in ms).
    Hang(u128),
    /// The session ended another way than expected (how it ended).
    WrongEnding(Ending),
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Malformed(line) => write!(f, "malformed line {line:?}"),
            Finding::SearchFailed(line) => write!(f, "the search failed: {line:?}"),
            Finding::UnaskedBestmove(line) => write!(f, "{line:?} answers no go"),
            Finding::EarlyBestmove(step, line) => {
                write!(f, "{line:?} came before the stop of the go of step {step}")
            }
            Finding::WrongMove(step, line, allowed) => write!(
                f,
                "{line:?} for the go of step {step}; allowed: {}",
                allowed.join(" ")
            ),
            Finding::Unanswered(step) => write!(f, "the go of step {step} got no bestmove"),
            Finding::Hang(ms) => write!(f, "the session did not end within {ms} ms"),
            Finding::WrongEnding(e) => write!(f, "the session ended by {e:?}"),
        }
    }
}

/// Plays `script` and checks it; the transcript, and the first finding if any.
pub fn play_and_check(script: &Script) -> (Transcript, Option<Finding>) {
    let transcript = play(&script.steps, script.settings, script.limit);
    let finding = check(script, &transcript).err();
    (transcript, finding)
}

/// A move's text: coordinate text (`e2e4`, `e7e8q`, `L@b0`, `a1*b2`, `e4e5,e5e4`), or
/// `0000`.
fn is_move(text: &str) -> bool {
    (1..=13).contains(&text.len())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '@' | '*' | ','))
}

fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `info depth ...`: the fields of an iteration, or a depth-0 score.
fn is_info_depth(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    if let ["info", "depth", "0", "score", "cp" | "mate", n] = words[..] {
        return is_number(n);
    }
    let fields = [
        "info", "depth", "#", "seldepth", "#", "multipv", "#", "score", "?", "#", "nodes", "#",
        "nps", "#", "time", "#", "hashfull", "#",
    ];
    if words.len() < fields.len() {
        return false;
    }
    let head_ok = fields.iter().zip(&words).all(|(f, w)| match *f {
        "#" => is_number(w),
        "?" => matches!(*w, "cp" | "mate"),
        _ => f == w,
    });
    let tail = &words[fields.len()..];
    head_ok
        && match tail.split_first() {
            None => true,
            Some((&"pv", moves)) => !moves.is_empty() && moves.iter().all(|m| is_move(m)),
            Some(_) => false,
        }
}

/// A row of `d`'s diagram: the file letters in order (`a b c ...`), or a rank number,
/// short cells and the same rank number again.
fn is_diagram_row(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let files = !words.is_empty()
        && words
            .iter()
            .zip('a'..='z')
            .all(|(w, f)| w.len() == 1 && w.starts_with(f));
    let rank = match (words.first(), words.last()) {
        (Some(first), Some(last)) => {
            words.len() >= 3
                && first == last
                && is_number(first)
                && words[1..words.len() - 1]
                    .iter()
                    .all(|w| w.chars().count() <= 6)
        }
        _ => false,
    };
    (line.starts_with(' ') || line.starts_with(|c: char| c.is_ascii_digit())) && (files || rank)
}

/// True for a line the engine may write.
pub fn well_formed(line: &str) -> bool {
    if line.chars().any(char::is_control) {
        return false;
    }
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        ["uciok"] | ["readyok"] | [""] => true,
        ["id", "name" | "author", ..] => words.len() > 2,
        ["option", "name", ..] => line.contains(" type "),
        ["info", "string", ..] => {
            line.chars().count() <= "info string ".len() + crate::MAX_INFO_STRING
        }
        ["info", "depth", ..] => is_info_depth(line),
        ["bestmove", m] => is_move(m),
        ["bestmove", m, "ponder", p] => is_move(m) && is_move(p),
        ["Nodes", "searched:", n] => is_number(n),
        // `d`: the board's FEN and key, after its diagram.
        ["Fen:", ..] => words.len() > 1,
        ["Key:", k] => !k.is_empty() && k.chars().all(|c| c.is_ascii_hexdigit()),
        // `d` in a game with a hand (Seirawan): what each side may still gate in.
        ["In", "hand:", ..] => line.contains("White ") && line.contains("; Black "),
        // `d`: the diagram's rows (a rank number, short cells) and the file letters.
        _ if is_diagram_row(line) => true,
        [m, n] if m.ends_with(':') => is_move(&m[..m.len() - 1]) && is_number(n),
        _ => {
            // The `eval` table: a heading and rows of a name and pawns.
            (line.starts_with("Static evaluation (")
                && line.ends_with("in pawns from White's side:"))
                || line.strip_prefix("  ").is_some_and(|row| {
                    // The value is the last word: wider than its column from 100 pawns on.
                    let (name, pawns) = row.trim_end().rsplit_once(' ').unwrap_or(("", row));
                    !name.trim().is_empty()
                        && name.chars().all(|c| c.is_ascii_lowercase() || c == ' ')
                        && pawns.starts_with(['+', '-'])
                        && pawns[1..]
                            .split_once('.')
                            .is_some_and(|(a, b)| is_number(a) && b.len() == 2 && is_number(b))
                })
        }
    }
}

/// A `go` waiting for its `bestmove`.
struct Pending {
    step: usize,
    wait: Wait,
    allowed: Allowed,
}

/// Checks a played session against its script.
pub fn check(script: &Script, transcript: &Transcript) -> Result<(), Finding> {
    let mut pending: VecDeque<Pending> = VecDeque::new();
    for (_, event) in &transcript.events {
        match event {
            Event::In(step, _) => {
                let expect = &script.expects[*step];
                for p in pending.iter_mut() {
                    if expect.stops || (expect.ponderhit && p.wait == Wait::ForPonderhit) {
                        p.wait = Wait::No;
                    }
                }
                if let Some((wait, allowed)) = &expect.search {
                    pending.push_back(Pending {
                        step: *step,
                        wait: *wait,
                        allowed: allowed.clone(),
                    });
                }
            }
            Event::End => pending.iter_mut().for_each(|p| p.wait = Wait::No),
            Event::Out(line) => {
                if !well_formed(line) {
                    return Err(Finding::Malformed(line.clone()));
                }
                if line.starts_with("info string error") {
                    return Err(Finding::SearchFailed(line.clone()));
                }
                let Some(best) = line.strip_prefix("bestmove ") else {
                    continue;
                };
                let best = best.split(' ').next().unwrap_or("");
                let Some(p) = pending.pop_front() else {
                    return Err(Finding::UnaskedBestmove(line.clone()));
                };
                if p.wait != Wait::No {
                    return Err(Finding::EarlyBestmove(p.step, line.clone()));
                }
                let ok = match &p.allowed {
                    Allowed::Any => true,
                    Allowed::NoMove => best == "0000",
                    Allowed::OneOf(moves) => moves.iter().any(|m| m == best),
                };
                if !ok {
                    let allowed = match p.allowed {
                        Allowed::OneOf(moves) => moves,
                        _ => vec!["0000".to_string()],
                    };
                    return Err(Finding::WrongMove(p.step, line.clone(), allowed));
                }
            }
        }
    }
    let Some(ending) = transcript.ending else {
        return Err(Finding::Hang(script.limit.as_millis()));
    };
    if let Some(p) = pending.pop_front() {
        return Err(Finding::Unanswered(p.step));
    }
    let expected = if script.quits {
        Ending::Quit
    } else {
        Ending::EndOfInput
    };
    if ending != expected {
        return Err(Finding::WrongEnding(ending));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_lines_are_well_formed_and_others_are_not() {
        for good in [
            "uciok",
            "readyok",
            "id name Joust 0.1.0",
            "option name Hash type spin default 16 min 1 max 4096",
            "info string anything at all",
            "info depth 3 seldepth 5 multipv 1 score cp -12 nodes 300 nps 1000 time 3 hashfull 0 pv e2e4 e7e5",
            "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 3 nps 1000 time 0 hashfull 0",
            "info depth 0 score mate 0",
            "bestmove e2e4 ponder e7e5",
            "bestmove 0000",
            "bestmove L@b0",
            "e2e4: 20",
            "",
            "Nodes searched: 400",
            "    a   b   c   d   e   f   g   h",
            " 8  r   n   b   q   k   b   n   r   8",
            "10  m   h   ♛   d   l   a   d   ♛   h   m   10",
            "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Key: CCFDC442DE950497",
            "In hand: White Elephant, Hawk; Black nothing",
            "Static evaluation (chess), in pawns from White's side:",
            "  royal safety      -0.15",
            "  total             +0.23",
            // Wider than the column (a Cromwell row with mobility_mg=5000).
            "  mobility         -200.08",
        ] {
            assert!(well_formed(good), "{good:?}");
        }
        for bad in [
            "bestmove",
            "bestmove e2e4 e7e5",
            "bestmove (none)",
            "info depth 3 seldepth 5 multipv 1 score cp x nodes 300 nps 1000 time 3 hashfull 0",
            "info depth 3 seldepth 5 multipv 1 score cp 1 nodes 300 nps 1000 time 3 hashfull 0 pv",
            "info string a\rb",
            "uciok please",
            "e2e4 20",
            "  total +0.2",
            " 8  r   n   b   7",
            "    a   c",
            "Key: xyz",
            "In hand: Elephant",
            "  total +0.2x",
            "  +0.25",
            "hello",
        ] {
            assert!(!well_formed(bad), "{bad:?}");
        }
        assert!(!well_formed(&format!("info string {}", "x".repeat(401))));
    }

    use crate::testkit::generate::Expect;
    use crate::testkit::session::Step;
    use crate::Settings;
    use std::time::Duration;

    /// A script of `go infinite` (allowed: e2e4) then `stop`, and a transcript of
    /// `events` that ended with `ending`.
    fn case(events: Vec<Event>, ending: Option<Ending>) -> Result<(), Finding> {
        let go = Expect {
            search: Some((Wait::ForStop, Allowed::OneOf(vec!["e2e4".into()]))),
            stops: true,
            ponderhit: false,
        };
        let stop = Expect {
            search: None,
            stops: true,
            ponderhit: false,
        };
        let script = Script {
            steps: vec![Step::line("go infinite"), Step::line("stop")],
            expects: vec![go, stop],
            settings: Settings::default(),
            limit: Duration::from_secs(1),
            quits: false,
        };
        let transcript = Transcript {
            events: events.into_iter().map(|e| (Duration::ZERO, e)).collect(),
            ending,
            elapsed: Duration::ZERO,
        };
        check(&script, &transcript)
    }

    fn inn(step: usize) -> Event {
        Event::In(step, String::new())
    }

    fn out(line: &str) -> Event {
        Event::Out(line.to_string())
    }

    #[test]
    fn the_check_finds_each_kind_of_fault() {
        let ok = Some(Ending::EndOfInput);
        let good = vec![
            inn(0),
            out("info string x"),
            inn(1),
            out("bestmove e2e4"),
            Event::End,
        ];
        assert_eq!(case(good.clone(), ok), Ok(()));
        assert_eq!(case(good, None), Err(Finding::Hang(1000)));
        assert_eq!(
            case(vec![inn(0), out("bestmove e2e4"), inn(1)], ok),
            Err(Finding::EarlyBestmove(0, "bestmove e2e4".into()))
        );
        assert_eq!(
            case(vec![inn(0), inn(1), out("bestmove d2d4")], ok),
            Err(Finding::WrongMove(
                0,
                "bestmove d2d4".into(),
                vec!["e2e4".into()]
            ))
        );
        assert_eq!(
            case(vec![inn(0), inn(1), Event::End], ok),
            Err(Finding::Unanswered(0))
        );
        assert_eq!(
            case(vec![out("bestmove e2e4")], ok),
            Err(Finding::UnaskedBestmove("bestmove e2e4".into()))
        );
        assert_eq!(
            case(vec![inn(0), out("bestmove: e2e4")], ok),
            Err(Finding::Malformed("bestmove: e2e4".into()))
        );
        let failed = "info string error: the search failed (boom)";
        assert_eq!(
            case(vec![out(failed)], ok),
            Err(Finding::SearchFailed(failed.into()))
        );
        let answered = vec![inn(0), inn(1), out("bestmove e2e4"), Event::End];
        assert_eq!(
            case(answered, Some(Ending::Quit)),
            Err(Finding::WrongEnding(Ending::Quit))
        );
    }
}
