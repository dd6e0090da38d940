//! The syntax of PGN files, without knowing any game's rules: tag pairs, move text with
//! move numbers, comments, NAGs, variations and the result; several games per file.
//! Errors are located by line and column, and reading goes on with the next game. The
//! text given is usually one game's ([`super::split`] cuts the stream), placed where it
//! starts in the file so that errors name the file's lines.

use super::{Loc, PgnErrorKind};

/// One game as written: its tags and move text, not yet replayed.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawGame {
    /// Where the game starts.
    pub start: Loc,
    /// Tag pairs in file order, with where each one is.
    pub tags: Vec<(String, String, Loc)>,
    /// The main line.
    pub line: RawLine,
    /// The game termination marker and where it is.
    pub result: Option<(String, Loc)>,
    /// The first syntax error, if any.
    pub error: Option<(Loc, PgnErrorKind)>,
}

impl RawGame {
    /// True if nothing but comments was read: no tags, moves, result or error (such as
    /// a comment after a file's last game); no game at all.
    pub fn is_blank(&self) -> bool {
        self.tags.is_empty()
            && self.line.moves.is_empty()
            && self.result.is_none()
            && self.error.is_none()
    }
}

/// A line of moves: the main line or a variation.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawLine {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<RawMove>,
}

/// One move as written, with what follows it.
#[derive(Clone, Debug)]
pub(crate) struct RawMove {
    pub text: String,
    pub loc: Loc,
    pub nags: Vec<u16>,
    pub comments: Vec<String>,
    pub variations: Vec<RawLine>,
}

/// Deepest nesting of variations accepted (deeper input is refused, not overflowed).
const MAX_DEPTH: usize = 64;

/// The longest symbol (move or number) accepted.
const MAX_SYMBOL: usize = 64;

/// A cursor over the text that knows its line and column.
struct Reader {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    /// Something other than white space came before the cursor on its line.
    line_has_text: bool,
}

impl Reader {
    /// A cursor over `text`, whose first character is at `start` in the file.
    fn new(text: &str, start: Loc) -> Reader {
        Reader {
            chars: text.chars().collect(),
            i: 0,
            line: start.line,
            col: start.column,
            line_has_text: false,
        }
    }

    fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            column: self.col,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
            self.line_has_text = false;
        } else {
            self.col += 1;
            self.line_has_text |= !(c.is_whitespace() || c == '\u{feff}');
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.col == 1
    }

    /// True if only white space comes before the cursor on its line.
    fn first_on_line(&self) -> bool {
        !self.line_has_text
    }

    /// Skips white space and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && self.at_line_start() {
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// True if a tag pair `[Name "` starts here.
    fn tag_starts_here(&self) -> bool {
        if self.peek() != Some('[') {
            return false;
        }
        let mut k = 1;
        while self.peek_at(k).is_some_and(|c| c == ' ' || c == '\t') {
            k += 1;
        }
        let name_start = k;
        while self
            .peek_at(k)
            .is_some_and(|c| is_name_char(c, k == name_start))
        {
            k += 1;
        }
        if k == name_start {
            return false;
        }
        while self.peek_at(k).is_some_and(|c| c == ' ' || c == '\t') {
            k += 1;
        }
        self.peek_at(k) == Some('"')
    }
}

/// A character of a tag name: a PGN symbol starts with a letter, digit or `_` and goes on
/// with those or `+ # = : -` (`[BlackType: "program"]` is read as written).
fn is_name_char(c: char, first: bool) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || (!first && matches!(c, '+' | '#' | '=' | ':' | '-'))
}

fn is_symbol_char(c: char) -> bool {
    !(c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']' | '$' | '"'))
}

/// Reads every game of a PGN text that starts at `start` in its file (blank games, with
/// only comments, are left out).
pub(crate) fn read_games(text: &str, start: Loc) -> Vec<RawGame> {
    let mut r = Reader::new(text, start);
    let mut games = Vec::new();
    loop {
        r.skip_space();
        if r.peek().is_none() {
            break;
        }
        let before = r.i;
        let game = read_game(&mut r);
        if r.i == before {
            // Nothing could be read here: skip the character so reading always advances.
            r.bump();
        }
        if !game.is_blank() {
            games.push(game);
        }
    }
    games
}

fn read_game(r: &mut Reader) -> RawGame {
    let mut g = RawGame {
        start: r.loc(),
        ..RawGame::default()
    };
    // Tag section.
    loop {
        r.skip_space();
        if r.peek() != Some('[') {
            break;
        }
        let loc = r.loc();
        match read_tag(r) {
            Ok((name, value)) => g.tags.push((name, value, loc)),
            Err(kind) => {
                g.error.get_or_insert((loc, kind));
                r.skip_line();
            }
        }
    }
    // Move text.
    let mut line = RawLine::default();
    let start = g.start;
    read_line(r, &mut g, &mut line, 0, start);
    g.line = line;
    g
}

fn read_tag(r: &mut Reader) -> Result<(String, String), PgnErrorKind> {
    let bad = |why: &str| PgnErrorKind::BadTag(why.to_string());
    r.bump(); // '['
    while r.peek().is_some_and(|c| c == ' ' || c == '\t') {
        r.bump();
    }
    let mut name = String::new();
    while let Some(c) = r.peek() {
        if is_name_char(c, name.is_empty()) {
            name.push(c);
            r.bump();
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(bad("a tag pair needs a name, e.g. [Event \"...\"]"));
    }
    while r.peek().is_some_and(|c| c == ' ' || c == '\t') {
        r.bump();
    }
    if r.peek() != Some('"') {
        return Err(bad("the tag's value must be in double quotes"));
    }
    r.bump();
    let mut value = String::new();
    loop {
        match r.bump() {
            None | Some('\n') => return Err(bad("the tag's value is not closed by '\"'")),
            Some('\\') => match r.bump() {
                Some(c @ ('"' | '\\')) => value.push(c),
                Some('\n') | None => return Err(bad("the tag's value is not closed by '\"'")),
                Some(c) => {
                    value.push('\\');
                    value.push(c);
                }
            },
            Some('"') => break,
            Some(c) => value.push(c),
        }
    }
    while r.peek().is_some_and(|c| c == ' ' || c == '\t') {
        r.bump();
    }
    if r.peek() != Some(']') {
        return Err(bad("a tag pair ends with ']'"));
    }
    r.bump();
    Ok((name, value))
}

/// Reads moves into `line` until the end of the variation (depth > 0, opened at
/// `opened`), the result, the next game's tags or the end of the text.
fn read_line(r: &mut Reader, g: &mut RawGame, line: &mut RawLine, depth: usize, opened: Loc) {
    loop {
        r.skip_space();
        let loc = r.loc();
        let Some(c) = r.peek() else {
            if depth > 0 {
                g.error
                    .get_or_insert((opened, PgnErrorKind::UnterminatedVariation));
            }
            return;
        };
        match c {
            '{' => {
                let text = read_brace_comment(r, g);
                attach_comment(line, text);
            }
            ';' => {
                r.bump();
                let mut text = String::new();
                while let Some(c) = r.peek() {
                    if c == '\n' {
                        break;
                    }
                    text.push(c);
                    r.bump();
                }
                attach_comment(line, text.trim().to_string());
            }
            '(' => {
                if let Some(gate) = gating_note(r) {
                    if let Some(last) = line.moves.last_mut() {
                        last.text.push(' ');
                        last.text += &gate;
                        continue;
                    }
                }
                r.bump();
                if depth + 1 >= MAX_DEPTH {
                    g.error.get_or_insert((loc, PgnErrorKind::TooDeep));
                    skip_variation(r);
                    continue;
                }
                let mut variation = RawLine::default();
                read_line(r, g, &mut variation, depth + 1, loc);
                match line.moves.last_mut() {
                    Some(last) => last.variations.push(variation),
                    None => {
                        g.error
                            .get_or_insert((loc, PgnErrorKind::VariationBeforeMove));
                    }
                }
            }
            ')' => {
                r.bump();
                if depth > 0 {
                    return;
                }
                g.error.get_or_insert((loc, PgnErrorKind::Unexpected(')')));
            }
            '[' => {
                if r.first_on_line() && r.tag_starts_here() {
                    // The next game (this one has no result, or left something open).
                    if depth > 0 {
                        g.error
                            .get_or_insert((opened, PgnErrorKind::UnterminatedVariation));
                    }
                    return;
                }
                r.bump();
                g.error.get_or_insert((loc, PgnErrorKind::Unexpected('[')));
            }
            '$' => {
                r.bump();
                let mut digits = String::new();
                while let Some(d) = r.peek().filter(char::is_ascii_digit) {
                    digits.push(d);
                    r.bump();
                }
                match digits.parse::<u16>() {
                    Ok(n) if n <= 255 => attach_nag(line, n),
                    _ => {
                        g.error.get_or_insert((loc, PgnErrorKind::BadNag));
                    }
                }
            }
            c if !is_symbol_char(c) => {
                r.bump();
                g.error.get_or_insert((loc, PgnErrorKind::Unexpected(c)));
            }
            _ => {
                let mut sym = String::new();
                while let Some(c) = r.peek().filter(|&c| is_symbol_char(c)) {
                    sym.push(c);
                    r.bump();
                }
                if sym.chars().count() > MAX_SYMBOL {
                    g.error
                        .get_or_insert((loc, PgnErrorKind::BadSymbol(truncate(&sym))));
                    continue;
                }
                if let Some(result) = result_token(&sym) {
                    if depth == 0 {
                        g.result = Some((result.to_string(), loc));
                        return;
                    }
                    continue; // a result inside a variation means nothing
                }
                let (rest, col_shift) = strip_move_number(&sym);
                if rest.is_empty() || rest == "e.p." || rest == "ep" {
                    continue;
                }
                let mv_loc = Loc {
                    line: loc.line,
                    column: loc.column + col_shift,
                };
                if let Some(n) = annotation_nag(rest) {
                    attach_nag(line, n);
                    continue;
                }
                let body = rest.trim_end_matches(['!', '?']);
                let marks = &rest[body.len()..];
                if body.is_empty() {
                    g.error
                        .get_or_insert((mv_loc, PgnErrorKind::BadSymbol(rest.to_string())));
                    continue;
                }
                line.moves.push(RawMove {
                    text: body.to_string(),
                    loc: mv_loc,
                    nags: Vec::new(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                });
                if let Some(n) = annotation_nag(marks) {
                    attach_nag(line, n);
                }
            }
        }
    }
}

fn truncate(s: &str) -> String {
    let mut t: String = s.chars().take(20).collect();
    t.push('…');
    t
}

/// The seed's Musketeer gating note after a move, `(Fo-e8)`: returned (and consumed) if
/// the parenthesis holds exactly that rather than a variation.
fn gating_note(r: &mut Reader) -> Option<String> {
    let mut k = 1;
    let mut inner = String::new();
    while let Some(c) = r.peek_at(k) {
        if c == ')' {
            break;
        }
        if c == '\n' || inner.len() > 8 {
            return None;
        }
        inner.push(c);
        k += 1;
    }
    r.peek_at(k)?;
    let t = inner.trim();
    let b = t.as_bytes();
    let shaped = b.len() >= 3
        && b[0].is_ascii_uppercase()
        && {
            let rest = t[1..].strip_prefix('o').unwrap_or(&t[1..]);
            let rest = rest.strip_prefix('-').unwrap_or(rest);
            let rb = rest.as_bytes();
            (2..=3).contains(&rb.len())
                && rb[0].is_ascii_lowercase()
                && rb[1..].iter().all(u8::is_ascii_digit)
        }
        && t.contains('-');
    if !shaped {
        return None;
    }
    for _ in 0..=k {
        r.bump();
    }
    Some(format!("({t})"))
}

fn skip_variation(r: &mut Reader) {
    let mut depth = 1usize;
    while let Some(c) = r.bump() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// Reads `{...}`. A comment that is never closed ends before the next line that starts a
/// tag pair (so the next game still loads), or at the end of the text.
fn read_brace_comment(r: &mut Reader, g: &mut RawGame) -> String {
    let loc = r.loc();
    r.bump();
    let start = r.i;
    let mut text = String::new();
    let mut resume: Option<(usize, usize, usize, usize)> = None; // (i, line, col, text len)
    loop {
        match r.peek() {
            None => break,
            Some('}') => {
                r.bump();
                return text.trim().to_string();
            }
            Some(c) => {
                if c == '['
                    && r.at_line_start()
                    && r.i > start
                    && resume.is_none()
                    && r.tag_starts_here()
                {
                    resume = Some((r.i, r.line, r.col, text.len()));
                }
                text.push(c);
                r.bump();
            }
        }
    }
    g.error
        .get_or_insert((loc, PgnErrorKind::UnterminatedComment));
    if let Some((i, line, col, len)) = resume {
        r.i = i;
        r.line = line;
        r.col = col;
        text.truncate(len);
    }
    text.trim().to_string()
}

fn attach_comment(line: &mut RawLine, text: String) {
    match line.moves.last_mut() {
        Some(m) => m.comments.push(text),
        None => line.comments.push(text),
    }
}

fn attach_nag(line: &mut RawLine, n: u16) {
    if let Some(m) = line.moves.last_mut() {
        m.nags.push(n);
    }
}

/// `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or `*`.
pub(crate) fn result_token(s: &str) -> Option<&'static str> {
    match s {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// The move suffix annotations `!`, `?`, `!!`, `??`, `!?`, `?!` as NAGs 1 to 6.
fn annotation_nag(s: &str) -> Option<u16> {
    match s {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// Strips a move number (`12.`, `12...`, `12`) from the front of a symbol; returns the
/// rest and how many characters were stripped. `0000`, a null move in coordinates, is no
/// move number.
fn strip_move_number(sym: &str) -> (&str, usize) {
    if sym == "0000" {
        return (sym, 0);
    }
    let digits = sym.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &sym[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if digits > 0 && (dots > 0 || rest.is_empty()) {
        let stripped = &rest[dots..];
        (stripped, digits + dots)
    } else if digits == 0 && dots > 0 && dots == rest.len() {
        ("", dots) // a bare "..."
    } else {
        (sym, 0)
    }
}
