//! The syntax of a game file: Fairy-Stockfish's `variants.ini` dialect of INI.
//!
//! A file is a list of sections. A section starts with `[id]`, or `[id:parent]` to inherit
//! every key of an earlier game, and holds `key = value` lines. `#` and `;` start a comment
//! when they begin a line (after spaces); blank lines are ignored. Keys are case-sensitive,
//! as in Fairy-Stockfish. Every section and entry remembers its line and column, so that
//! the game builder can point at the exact place of a mistake.
//!
//! This module only reads the text; what the keys mean is the game builder's business
//! ([`super::load`]).

use super::error::{GameFileError, GameFileErrorKind};

/// Where something is in the file: 1-based line and character column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// Line, from 1.
    pub line: usize,
    /// Column of the first character, from 1, counted in characters.
    pub column: usize,
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, trimmed.
    pub key: String,
    /// Where the key starts.
    pub key_span: Span,
    /// The value, trimmed (may be empty).
    pub value: String,
    /// Where the value starts (just after `=` when the value is empty).
    pub value_span: Span,
}

/// One `[id]` or `[id:parent]` section and its entries, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The game id it defines.
    pub id: String,
    /// Where the id starts.
    pub id_span: Span,
    /// The game it inherits from, if any, and where that name starts.
    pub parent: Option<(String, Span)>,
    /// Its entries, in file order.
    pub entries: Vec<Entry>,
}

/// Reads the sections of a game file.
///
/// Errors: a line that is neither a section header, an entry, a comment nor blank; a
/// header that is not closed or names no game; an entry before the first section. A key
/// given twice in one section keeps its later value, as in Fairy-Stockfish.
///
/// ```
/// use joust_core::gamefile::ini::parse;
///
/// let sections = parse("# my games\n[tiny:chess]\nmaxFile = 6\n").unwrap();
/// assert_eq!(sections[0].id, "tiny");
/// assert_eq!(sections[0].parent.as_ref().unwrap().0, "chess");
/// assert_eq!(sections[0].entries[0].key, "maxFile");
/// assert_eq!(sections[0].entries[0].value, "6");
/// assert!(parse("maxFile = 6").is_err()); // no section yet
/// ```
pub fn parse(text: &str) -> Result<Vec<Section>, GameFileError> {
    let mut sections: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let indent = raw.chars().take_while(|c| c.is_whitespace()).count();
        let body: &str = raw.trim();
        if body.is_empty() || body.starts_with('#') || body.starts_with(';') {
            continue;
        }
        let at = |offset_chars: usize| Span {
            line,
            column: offset_chars + 1,
        };
        if let Some(rest) = body.strip_prefix('[') {
            sections.push(header(rest, indent, at)?);
            continue;
        }
        let Some(eq) = body.find('=') else {
            return Err(GameFileError::at(
                at(indent),
                GameFileErrorKind::Syntax(format!(
                    "expected `key = value` or a `[game]` header, found `{}`",
                    shorten(body)
                )),
            ));
        };
        let key_text = &body[..eq];
        let key = key_text.trim_end();
        if key.is_empty() {
            return Err(GameFileError::at(
                at(indent),
                GameFileErrorKind::Syntax("a key is missing before `=`".into()),
            ));
        }
        let value_raw = &body[eq + 1..];
        let value_lead = value_raw.chars().take_while(|c| c.is_whitespace()).count();
        let value_col = indent + body[..eq + 1].chars().count() + value_lead;
        let Some(section) = sections.last_mut() else {
            return Err(GameFileError::at(
                at(indent),
                GameFileErrorKind::Syntax(format!("`{key}` comes before any `[game]` header")),
            ));
        };
        // A key given twice: the later value counts, as in Fairy-Stockfish (whose own
        // variants.ini has such a section).
        section.entries.retain(|e| e.key != key);
        section.entries.push(Entry {
            key: key.to_string(),
            key_span: at(indent),
            value: value_raw.trim().to_string(),
            value_span: at(value_col),
        });
    }
    Ok(sections)
}

/// Reads a header after its `[`: `id]` or `id:parent]`, nothing but a comment after.
fn header(rest: &str, indent: usize, at: impl Fn(usize) -> Span) -> Result<Section, GameFileError> {
    let Some(close) = rest.find(']') else {
        return Err(GameFileError::at(
            at(indent),
            GameFileErrorKind::Syntax("a `[` header is not closed by `]`".into()),
        ));
    };
    let inside = &rest[..close];
    let tail = &rest[close + 1..];
    let after = tail.trim();
    if !(after.is_empty() || after.starts_with('#') || after.starts_with(';')) {
        let lead = tail.chars().take_while(|c| c.is_whitespace()).count();
        return Err(GameFileError::at(
            at(indent + 2 + inside.chars().count() + lead),
            GameFileErrorKind::Syntax(format!("unexpected `{}` after the header", shorten(after))),
        ));
    }
    let (id_part, parent_part) = match inside.find(':') {
        Some(colon) => (&inside[..colon], Some((&inside[colon + 1..], colon + 1))),
        None => (inside, None),
    };
    let name_at = |part: &str, offset: usize| {
        let lead = part.chars().take_while(|c| c.is_whitespace()).count();
        at(indent + 1 + inside[..offset].chars().count() + lead)
    };
    let id = id_part.trim();
    check_id(id, name_at(id_part, 0), "game")?;
    let parent = match parent_part {
        Some((p, offset)) => {
            let span = name_at(p, offset);
            check_id(p.trim(), span, "parent game")?;
            Some((p.trim().to_string(), span))
        }
        None => None,
    };
    Ok(Section {
        id: id.to_string(),
        id_span: name_at(id_part, 0),
        parent,
        entries: Vec::new(),
    })
}

/// A game id: letters, digits, `-`, `_` and `.`, at most 40 characters.
fn check_id(id: &str, span: Span, what: &str) -> Result<(), GameFileError> {
    let ok = !id.is_empty()
        && id.chars().count() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(GameFileError::at(
            span,
            GameFileErrorKind::Syntax(format!(
                "`{}` is not a {what} id (letters, digits, `-`, `_` and `.`, at most 40)",
                shorten(id)
            )),
        ))
    }
}

/// The text, cut to 40 characters for a message.
pub(crate) fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        let cut: String = text.chars().take(37).collect();
        format!("{cut}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn sections_entries_and_their_places_are_read() {
        let text = "# comment\n\n[a]\n  key = some value  \n; another\n[b : a]\nempty =\n";
        let s = parse(text).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].id, "a");
        assert_eq!(s[0].id_span, Span { line: 3, column: 2 });
        assert_eq!(s[0].entries[0].key, "key");
        assert_eq!(s[0].entries[0].key_span, Span { line: 4, column: 3 });
        assert_eq!(s[0].entries[0].value, "some value");
        assert_eq!(s[0].entries[0].value_span, Span { line: 4, column: 9 });
        assert_eq!(s[1].id, "b");
        assert_eq!(s[1].parent, Some(("a".into(), Span { line: 6, column: 6 })));
        assert_eq!(s[1].entries[0].value, "");
        assert_eq!(s[1].entries[0].value_span, Span { line: 7, column: 8 });
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let s = parse("[g]\npieceName = é:Élan\n").unwrap();
        assert_eq!(s[0].entries[0].value_span.column, 13);
        let e = parse("[g]\nkéy value\n").unwrap_err();
        assert_eq!(e.span().map(|s| s.line), Some(2));
    }

    #[test]
    fn mistakes_are_reported_with_their_place() {
        assert_eq!(
            error("maxFile = 6"),
            "1:1: `maxFile` comes before any `[game]` header"
        );
        assert_eq!(error("[a\n"), "1:1: a `[` header is not closed by `]`");
        assert_eq!(error("[a] b\n"), "1:5: unexpected `b` after the header");
        assert_eq!(
            error("[]\n"),
            "1:2: `` is not a game id (letters, digits, `-`, `_` and `.`, at most 40)"
        );
        assert_eq!(
            error("[a:]\n"),
            "1:4: `` is not a parent game id (letters, digits, `-`, `_` and `.`, at most 40)"
        );
        assert_eq!(
            error("[a]\n  what is this\n"),
            "2:3: expected `key = value` or a `[game]` header, found `what is this`"
        );
        assert_eq!(error("[a]\n= 3\n"), "2:1: a key is missing before `=`");
    }

    #[test]
    fn a_repeated_key_takes_its_later_value() {
        let s = parse("[a]\nx = 1\ny = 2\nx = 3\n").unwrap();
        let x: Vec<&Entry> = s[0].entries.iter().filter(|e| e.key == "x").collect();
        assert_eq!(x.len(), 1);
        assert_eq!((x[0].value.as_str(), x[0].key_span.line), ("3", 4));
    }

    #[test]
    fn a_header_may_carry_a_comment() {
        let s = parse("[a:b] # inherits b\n").unwrap();
        assert_eq!(s[0].parent.as_ref().unwrap().0, "b");
    }

    #[test]
    fn arbitrary_text_never_panics() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let alphabet: Vec<char> = "[]:=#; \n\tabcé9-_.\r\u{0}".chars().collect();
        for _ in 0..20_000 {
            let len = (rng.next_u64() % 40) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize])
                .collect();
            let _ = parse(&text);
        }
    }
}
