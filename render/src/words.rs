//! A piece's movement in words, for people reading about a game (`joust variants ID`):
//! Betza notation is exact but few players read it, so each piece is also described as
//! "moves and captures as a knight, or up to 2 squares diagonally".
//!
//! The words are written from the piece's atoms, the same data the move generator uses,
//! so they say what the engine plays, for built-in games and users' game files alike.

use joust_core::atom::{symmetric, Atom, Mode, Outward, Path, UNLIMITED};
use joust_core::square::Direction;
use joust_core::{Color, PieceKind, Variant};

/// The distinct piece names of `v`'s armies, in kind order.
pub fn piece_names(v: &Variant) -> Vec<&'static str> {
    let mut names = Vec::new();
    for k in v.kind_ids() {
        let name = v.kind(k).name;
        if v.armies.iter().any(|a| a.contains(&k)) && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// How each of `v`'s pieces moves: `(label, words)` pairs, one per piece name in kind
/// order (a Lancer's eight facings, Cromwell's two Horsemen: one line), or one per side
/// where the sides' pieces of that name move differently (labels `Pawn (White's)`,
/// `Pawn (Black's)`).
///
/// ```
/// use joust_core::variants;
/// use joust_render::words::pieces_in_words;
///
/// let chess = variants::by_id("chess").unwrap();
/// let lines = pieces_in_words(chess);
/// assert_eq!(lines[1], ("Knight".to_string(), "Moves and captures as a knight.".to_string()));
/// ```
pub fn pieces_in_words(v: &Variant) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in piece_names(v) {
        let mut lines: Vec<(Option<Color>, String)> = Vec::new();
        for k in v.kind_ids().filter(|&k| v.kind(k).name == name) {
            let text = movement(v.kind(k));
            let side = Color::ALL
                .into_iter()
                .find(|c| v.armies[c.index()].contains(&k));
            if !lines.iter().any(|(_, t)| *t == text) {
                lines.push((side, text));
            }
        }
        let by_side = lines.len() > 1;
        for (side, text) in lines {
            let label = match side.filter(|_| by_side) {
                Some(Color::White) => format!("{name} (White's)"),
                Some(Color::Black) => format!("{name} (Black's)"),
                None => name.to_string(),
            };
            out.push((label, text));
        }
    }
    out
}

/// The movement of `kind` in words: one sentence per way of acting (moving and capturing,
/// moving only, capturing only, shooting), each listing its moves.
///
/// ```
/// use joust_core::{variants, Color};
/// use joust_render::words::movement;
///
/// let chess = variants::by_id("chess").unwrap();
/// let knight = chess.kind_by_letter(Color::White, 'N').unwrap();
/// assert_eq!(movement(chess.kind(knight)), "Moves and captures as a knight.");
/// ```
pub fn movement(kind: &PieceKind) -> String {
    if kind.atoms.is_empty() {
        return "Never moves.".to_string();
    }
    let mut sentences: Vec<(String, Vec<String>)> = Vec::new();
    for group in merged(&kind.atoms) {
        let verb = verb(group.mode);
        let what = phrases(&group, kind.facing);
        match sentences.iter_mut().find(|(v, _)| *v == verb) {
            Some((_, list)) => list.extend(what),
            None => sentences.push((verb, what)),
        }
    }
    let mut text: Vec<String> = sentences
        .into_iter()
        .map(|(verb, list)| format!("{verb} {}.", join_or(&list)))
        .collect();
    if kind.facing.is_some() {
        text.push("After moving it may turn to face any of the eight directions.".into());
    }
    text.join(" ")
}

/// Atoms of one mode, path and orientation, their offsets put together (so that `R` and
/// `B` read as a queen).
struct Group {
    mode: Mode,
    path: Path,
    relative: bool,
    offsets: Vec<(i8, i8)>,
}

fn merged(atoms: &[Atom]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for atom in atoms {
        let same = |g: &&mut Group| {
            g.mode == atom.mode && g.path == atom.path && g.relative == atom.relative
        };
        match out.iter_mut().find(same) {
            Some(g) => {
                for &o in &atom.offsets {
                    if !g.offsets.contains(&o) {
                        g.offsets.push(o);
                    }
                }
            }
            None => out.push(Group {
                mode: atom.mode,
                path: atom.path,
                relative: atom.relative,
                offsets: atom.offsets.clone(),
            }),
        }
    }
    out
}

/// "Moves and captures", "Moves without capturing", "On its first move, moves"...
fn verb(mode: Mode) -> String {
    let acts = mode - Mode::INITIAL;
    let verb = if acts == Mode::MOVE_CAPTURE {
        "moves and captures"
    } else if acts == Mode::MOVE {
        "moves without capturing"
    } else if acts == Mode::CAPTURE {
        "captures"
    } else if acts == Mode::SHOOT {
        "shoots (captures without moving)"
    } else if acts == Mode::MOVE | Mode::SHOOT {
        "moves, or shoots (captures without moving),"
    } else if acts == Mode::CAPTURE | Mode::SHOOT {
        "captures by moving or by shooting"
    } else {
        "moves, captures or shoots"
    };
    if mode.contains(Mode::INITIAL) {
        format!("From its starting rank it also {verb}")
    } else {
        let mut chars = verb.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }
}

/// "a", "a or b", "a, b or c".
fn join_or(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// An offset's shape: its two distances, larger first.
fn shape(o: (i8, i8)) -> (i8, i8) {
    let (a, b) = (o.0.abs(), o.1.abs());
    (a.max(b), a.min(b))
}

/// An offset `(files, ranks)`.
type Offset = (i8, i8);

/// The offsets of `offsets` by shape, in order of first appearance.
fn by_shape(offsets: &[Offset]) -> Vec<(Offset, Vec<Offset>)> {
    let mut out: Vec<(Offset, Vec<Offset>)> = Vec::new();
    for &o in offsets {
        match out.iter_mut().find(|(s, _)| *s == shape(o)) {
            Some((_, list)) => list.push(o),
            None => out.push((shape(o), vec![o])),
        }
    }
    out
}

/// What one group does, part by part: "as a knight", "up to 2 squares diagonally forward".
fn phrases(group: &Group, facing: Option<Direction>) -> Vec<String> {
    let shapes = by_shape(&group.offsets);
    let complete = |s: (i8, i8)| {
        shapes
            .iter()
            .find(|(x, _)| *x == s)
            .is_some_and(|(_, l)| l.len() == symmetric(s.0, s.1).len())
    };
    if group.path == Path::LionDouble {
        return vec![
            "twice in one turn: first a king step capturing an enemy, then a second \
                     king step (which may return to where it started)"
                .into(),
        ];
    }
    let mut parts = Vec::new();
    let all_round = complete((1, 0))
        && complete((1, 1))
        && !matches!(group.path, Path::Hop { .. } | Path::Bent { .. });
    if all_round {
        let all = match group.path {
            Path::Leap => "as a king".to_string(),
            Path::Ride { min: 1, max } if max == UNLIMITED => "as a queen".into(),
            _ => format!("{} in any direction", distance(group.path, (1, 0))),
        };
        parts.push(all + &through_own(group.path));
    }
    for (s, list) in &shapes {
        if all_round && (*s == (1, 0) || *s == (1, 1)) {
            continue;
        }
        parts.push(one_shape(group, *s, list, facing));
    }
    parts
}

fn through_own(path: Path) -> String {
    match path {
        Path::RideThroughOwn { .. } => ", passing over its own pieces".into(),
        _ => String::new(),
    }
}

/// "one square", "any distance", "up to 3 squares", "2 squares or more".
fn distance(path: Path, shape: (i8, i8)) -> String {
    let unit = shape == (1, 0) || shape == (1, 1);
    let what = if unit { "square" } else { "leap" };
    match path {
        Path::Ride { min, max } | Path::RideThroughOwn { min, max } => {
            let plural = |n: u8| {
                if n == 1 {
                    what.to_string()
                } else {
                    format!("{what}s")
                }
            };
            match (min, max) {
                (1, UNLIMITED) if unit => "any distance".into(),
                (1, UNLIMITED) => "any number of leaps in a line".into(),
                (1, m) => format!("up to {m} {}", plural(m)),
                (n, UNLIMITED) => format!("{n} {} or more", plural(n)),
                (n, m) => format!("{n} to {m} {}", plural(m)),
            }
        }
        _ => format!("one {what}"),
    }
}

/// The words for the offsets `list` of one shape `s` of a group.
fn one_shape(group: &Group, s: (i8, i8), list: &[(i8, i8)], facing: Option<Direction>) -> String {
    let whole = list.len() == symmetric(s.0, s.1).len();
    let dirs = if whole {
        String::new()
    } else {
        format!(" {}", directions(s, list, group.relative, facing))
    };
    let own = through_own(group.path);
    match group.path {
        Path::Hop { max } => {
            let line = match s {
                (1, 0) => "along a file or rank",
                (1, 1) => "along a diagonal",
                _ => "along a line",
            };
            let landing = if max == UNLIMITED {
                "to any square beyond it, as a cannon".to_string()
            } else if max == 1 {
                "to the square just beyond it".to_string()
            } else {
                format!("up to {max} squares beyond it")
            };
            format!("by jumping {line}{dirs} over exactly one piece {landing}")
        }
        Path::Bent { outward } => {
            let (first, then) = match outward {
                Outward::Orthogonal => ("diagonally", "orthogonally"),
                Outward::Diagonal => ("orthogonally", "diagonally"),
            };
            format!(
                "one square {first}{dirs}, then on if it likes any distance {then}, away from \
                 where it started"
            )
        }
        Path::Leap | Path::Lame => {
            let lame = matches!(group.path, Path::Lame);
            let straight = s.1 == 0 || s.0 == s.1;
            let base = match s {
                (1, 0) => format!("one square orthogonally{dirs}"),
                (1, 1) => format!("one square diagonally{dirs}"),
                (2, 1) if whole && !lame => "as a knight".into(),
                (2, 1) => format!("by a knight's leap{dirs}"),
                (2, 0) => format!("two squares orthogonally{dirs}"),
                (2, 2) => format!("two squares diagonally{dirs}"),
                (3, 0) => format!("three squares orthogonally{dirs}"),
                (3, 3) => format!("three squares diagonally{dirs}"),
                (3, 1) => format!("by a camel's leap (3 and 1 squares){dirs}"),
                (3, 2) => format!("by a zebra's leap (3 and 2 squares){dirs}"),
                (a, b) => format!("by a ({a},{b}) leap{dirs}"),
            };
            let how = match (lame, straight) {
                _ if s.0 == 1 => "",
                (false, true) => " (jumping)",
                (false, false) => "",
                (true, true) => " (not over a piece)",
                (true, false) => " (not over a piece on its first, orthogonal step)",
            };
            format!("{base}{how}")
        }
        Path::Ride { .. } | Path::RideThroughOwn { .. } => {
            let far = distance(group.path, s);
            match s {
                (1, 0) if whole && far == "any distance" => format!("as a rook{own}"),
                (1, 1) if whole && far == "any distance" => format!("as a bishop{own}"),
                (1, _) if dirs == " the way it faces" => format!("{far}{dirs}{own}"),
                (1, 0) => format!("{far} orthogonally{dirs}{own}"),
                (1, 1) => format!("{far} diagonally{dirs}{own}"),
                (2, 1) if whole && far.starts_with("any") => format!("as a nightrider{own}"),
                (2, 1) => format!("{far} of a knight{dirs}{own}"),
                (a, b) => format!("{far} of ({a},{b}){dirs}{own}"),
            }
        }
        Path::LionDouble => String::new(),
    }
}

/// The plural ending for `n` things.
fn plural(n: i8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Which of a shape's directions `list` holds, in words: "forward", "sideways",
/// "north-east", "the way it faces".
fn directions(s: (i8, i8), list: &[(i8, i8)], relative: bool, facing: Option<Direction>) -> String {
    if let (Some(f), [one]) = (facing, list) {
        if Direction::from_delta(one.0.signum(), one.1.signum()) == Some(f) {
            return "the way it faces".into();
        }
    }
    let (fwd, back, side) = (
        list.iter().all(|o| o.1 > 0),
        list.iter().all(|o| o.1 < 0),
        list.iter().all(|o| o.1 == 0),
    );
    let oblique = s.0 != s.1 && s.1 != 0;
    // An oblique leap's flat half goes farther along the ranks than the files.
    let flat = oblique && list.iter().all(|o| o.0.abs() > o.1.abs());
    let steep = oblique && list.iter().all(|o| o.0.abs() < o.1.abs());
    let half = match (flat, steep) {
        (true, _) => format!(" ({} files and {} rank{})", s.0, s.1, plural(s.1)),
        (_, true) => format!(" ({} ranks and {} file{})", s.0, s.1, plural(s.1)),
        _ => String::new(),
    };
    let (ahead, behind) = if relative {
        ("forward", "backward")
    } else {
        ("towards the higher ranks", "towards the lower ranks")
    };
    if fwd {
        return format!("{ahead}{half}");
    }
    if back {
        return format!("{behind}{half}");
    }
    if side {
        return "sideways".into();
    }
    if list.iter().all(|o| o.0 == 0) {
        return "forward or backward".into();
    }
    if list.iter().all(|o| o.1 >= 0) {
        return format!("{ahead} or sideways");
    }
    if list.iter().all(|o| o.1 <= 0) {
        return format!("{behind} or sideways");
    }
    if (flat || steep) && list.len() * 2 == symmetric(s.0, s.1).len() {
        let half = half
            .trim_start()
            .trim_start_matches('(')
            .trim_end_matches(')');
        return format!("of {half}");
    }
    // Anything else: the compass directions, for a piece of White.
    let names: Vec<String> = list
        .iter()
        .map(
            |o| match Direction::from_delta(o.0.signum(), o.1.signum()) {
                Some(d) if o.0 == 0 || o.1 == 0 || o.0.abs() == o.1.abs() => {
                    d.name().to_lowercase()
                }
                _ => format!("({},{})", o.0, o.1),
            },
        )
        .collect();
    format!("towards {}", join_or(&names))
}

#[cfg(test)]
mod tests {
    use super::movement;
    use joust_core::{variants, Color};

    /// The words for the piece with `letter` in `game`.
    fn words(game: &str, color: Color, letter: char) -> String {
        let v = variants::by_id(game).unwrap();
        let k = v.kind_by_letter(color, letter).unwrap();
        movement(v.kind(k))
    }

    #[test]
    fn fide_pieces_read_as_players_say_them() {
        let w = |l| words("chess", Color::White, l);
        assert_eq!(w('K'), "Moves and captures as a king.");
        assert_eq!(w('Q'), "Moves and captures as a queen.");
        assert_eq!(w('R'), "Moves and captures as a rook.");
        assert_eq!(w('B'), "Moves and captures as a bishop.");
        assert_eq!(
            w('P'),
            "Moves without capturing one square orthogonally forward. Captures one square \
             diagonally forward. From its starting rank it also moves without capturing two \
             squares orthogonally forward (not over a piece)."
        );
    }

    #[test]
    fn every_piece_of_every_game_has_words() {
        let mut all = String::new();
        for v in variants::all() {
            for k in v.kind_ids() {
                let kind = v.kind(k);
                let text = movement(kind);
                assert!(text.ends_with('.'), "{} {}: {text}", v.id, kind.name);
                assert!(!text.contains("  "), "{} {}: {text}", v.id, kind.name);
                let line = format!("{} {} {}: {text}\n", v.id, kind.letter, kind.name);
                if !all.contains(&line[v.id.len()..]) {
                    all.push_str(&line);
                }
            }
        }
        insta::assert_snapshot!(all);
    }
}
