//! `musketeer` (docs/rules/musketeer.md): FIDE chess plus two selected types, a setup
//! phase played as moves (selection, rejection, placement), compulsory gating, the
//! king-in-check forfeit, and the bracket and 10-row FEN forms.
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine. Board moves come from [`crate::chesslike`]; their
//! legality is judged without the gated piece (docs/rules/musketeer.md, "Gating") and the
//! gating is applied afterwards.

use crate::board::{
    parse_placement, parse_square, split_fen, Child, Color, Gating, Piece, Position, Slot,
};
use crate::chesslike::{self, fide_castles, fide_table, Rules};
use crate::pieces::{attacked, leaps, rides, Comp};

/// The ten selectable types (docs/rules/musketeer.md, "The pieces").
pub const TYPES: [char; 10] = ['L', 'C', 'U', 'D', 'M', 'A', 'E', 'H', 'F', 'S'];

fn promotions(pos: &Position, _: Color, _: usize) -> Vec<char> {
    let mut v = vec!['Q', 'R', 'B', 'N'];
    v.extend_from_slice(&pos.gating.types[..pos.gating.count]);
    v
}

fn cat(parts: Vec<Vec<Comp>>) -> Vec<Comp> {
    parts.into_iter().flatten().collect()
}

/// Musketeer rules: FIDE pieces plus the ten types (docs/rules/musketeer.md, "The
/// pieces").
pub fn rules() -> Rules {
    let mut t = fide_table('K', 'Q');
    let wide_knight = vec![
        Comp::Leap(2, 1),
        Comp::Leap(2, -1),
        Comp::Leap(-2, 1),
        Comp::Leap(-2, -1),
    ];
    let narrow_knight = vec![
        Comp::Leap(1, 2),
        Comp::Leap(1, -2),
        Comp::Leap(-1, 2),
        Comp::Leap(-1, -2),
    ];
    t.set_both('L', cat(vec![leaps(2, 1), rides(1, 1, 2)]));
    t.set_both(
        'C',
        cat(vec![leaps(1, 0), leaps(1, 1), leaps(2, 0), wide_knight]),
    );
    t.set_both('U', cat(vec![leaps(2, 1), leaps(3, 1)]));
    t.set_both('D', cat(vec![rides(1, 0, 0), rides(1, 1, 0), leaps(2, 1)]));
    t.set_both('M', cat(vec![rides(1, 0, 0), leaps(2, 1)]));
    t.set_both('A', cat(vec![rides(1, 1, 0), leaps(2, 1)]));
    t.set_both(
        'E',
        cat(vec![leaps(1, 0), leaps(1, 1), leaps(2, 2), leaps(2, 0)]),
    );
    t.set_both(
        'H',
        cat(vec![leaps(2, 0), leaps(2, 2), leaps(3, 0), leaps(3, 3)]),
    );
    t.set_both('F', cat(vec![rides(1, 1, 3), leaps(2, 0), narrow_knight]));
    t.set_both('S', cat(vec![rides(1, 1, 2), leaps(2, 1), leaps(2, 0)]));
    Rules {
        id: "musketeer",
        royal: 'K',
        letters: ["KQRBNPLCUDMAEHFS", "KQRBNPLCUDMAEHFS"],
        table: t,
        castles: fide_castles(),
        promotions,
        lancer: false,
    }
}

/// Reads a Musketeer FEN: bracket form `<8 ranks>[<gating>] …`, plain 8 ranks (read as
/// `[]`), or the 10-row form with reserve rows (docs/rules/musketeer.md, "Writing
/// moves").
pub fn parse_fen(rules: &Rules, fen: &str) -> Result<Position, String> {
    let (first, tail) = split_fen(fen)?;
    let (placement, gating) = if let Some(open) = first.find('[') {
        let rest = &first[open + 1..];
        let inner = rest
            .strip_suffix(']')
            .ok_or_else(|| format!("bad gating field in '{first}'"))?;
        (&first[..open], parse_bracket(inner)?)
    } else if first.split('/').count() == 10 {
        let rows: Vec<&str> = first.split('/').collect();
        let board_part = first[rows[0].len() + 1..first.len() - rows[9].len() - 1].to_string();
        let g = parse_reserve_rows(rows[9], rows[0])?;
        let mut pos = board_position(rules, &board_part, &tail, g)?;
        finish(rules, &mut pos, &tail)?;
        return Ok(pos);
    } else {
        (first, Gating::default())
    };
    let mut pos = board_position(rules, placement, &tail, gating)?;
    finish(rules, &mut pos, &tail)?;
    Ok(pos)
}

fn board_position(
    rules: &Rules,
    placement: &str,
    tail: &crate::board::FenTail,
    gating: Gating,
) -> Result<Position, String> {
    let board = parse_placement(placement, 8, 8, rules.letters, "")?;
    Ok(Position {
        files: 8,
        ranks: 8,
        board,
        side: tail.side,
        castling: tail.castling,
        ep: None,
        gating,
    })
}

fn finish(rules: &Rules, pos: &mut Position, tail: &crate::board::FenTail) -> Result<(), String> {
    if let Some(ep) = &tail.ep {
        pos.ep = Some(parse_square(ep, 8, 8).ok_or_else(|| format!("bad ep square '{ep}'"))?);
    }
    // Validity (docs/rules/musketeer.md, "The setup", "Gating" and "Writing moves"): an
    // occupied reserve cell needs an own piece in front of it; no side has reserve pieces
    // on both the e-file and the a- or h-file.
    for c in [Color::White, Color::Black] {
        let back = if c == Color::White { 0 } else { 7 };
        let files: Vec<i32> = pos.gating.slots[c.index()][..pos.gating.count]
            .iter()
            .filter_map(|s| match s {
                Slot::File(f) => Some(*f),
                _ => None,
            })
            .collect();
        for &f in &files {
            let sq = pos.square(f, back).expect("on board");
            if !matches!(pos.at(sq), Some(p) if p.color == c) {
                return Err("a reserve piece has no piece of its side in front of it".into());
            }
        }
        if files.len() == 2 && files[0] == files[1] {
            return Err("two reserve pieces in one cell".into());
        }
        if files.contains(&4) && (files.contains(&0) || files.contains(&7)) {
            return Err("reserve pieces on the e-file and on a rook's file".into());
        }
    }
    chesslike::check_position(rules, pos)
}

fn parse_bracket(inner: &str) -> Result<Gating, String> {
    let chars: Vec<char> = inner.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err(format!("bad gating field '[{inner}]'"));
    }
    let mut lists: [Vec<(char, Slot)>; 2] = [Vec::new(), Vec::new()];
    for pair in chars.chunks(2) {
        let (letter, state) = (pair[0], pair[1]);
        let kind = letter.to_ascii_uppercase();
        if !TYPES.contains(&kind) {
            return Err(format!("'{letter}' is not a Musketeer type"));
        }
        let slot = match state {
            '?' => Slot::Unplaced,
            '-' => Slot::Gone,
            'a'..='h' => Slot::File((state as u8 - b'a') as i32),
            _ => return Err(format!("bad gating state '{state}'")),
        };
        let side = if letter.is_ascii_uppercase() { 0 } else { 1 };
        lists[side].push((kind, slot));
    }
    let n = lists[0].len();
    if n > 2 || lists[1].len() != n {
        return Err(format!("bad gating field '[{inner}]'"));
    }
    let mut g = Gating {
        count: n,
        ..Gating::default()
    };
    for (i, (&(white, ws), &(black, bs))) in lists[0].iter().zip(&lists[1]).enumerate() {
        if white != black {
            return Err(format!("gating field types differ: '[{inner}]'"));
        }
        g.types[i] = white;
        g.slots[0][i] = ws;
        g.slots[1][i] = bs;
    }
    if n == 2 && g.types[0] == g.types[1] {
        return Err("the two selected types must differ".into());
    }
    Ok(g)
}

fn parse_reserve_rows(white: &str, black: &str) -> Result<Gating, String> {
    let rows = [white, black];
    let mut order: Vec<char> = Vec::new();
    for row in rows {
        if row.chars().count() != 8 {
            return Err(format!("reserve row '{row}' must have 8 cells"));
        }
        for c in row.chars() {
            if c == '*' {
                continue;
            }
            let k = c.to_ascii_uppercase();
            if !TYPES.contains(&k) {
                return Err(format!("'{c}' is not a Musketeer type"));
            }
            if !order.contains(&k) {
                order.push(k);
            }
        }
    }
    if order.len() != 2 {
        return Err(format!(
            "the reserve rows must show exactly two types, found {}",
            order.len()
        ));
    }
    let mut g = Gating {
        count: 2,
        types: [order[0], order[1]],
        ..Gating::default()
    };
    for (side, row) in rows.iter().enumerate() {
        for i in 0..2 {
            let cells: Vec<i32> = row
                .chars()
                .enumerate()
                .filter(|(_, c)| c.to_ascii_uppercase() == g.types[i])
                .map(|(f, _)| f as i32)
                .collect();
            g.slots[side][i] = match cells.len() {
                0 => Slot::Gone,
                1 => Slot::File(cells[0]),
                _ => return Err("two reserve pieces of one type for one side".into()),
            };
        }
    }
    Ok(g)
}

fn setup_children(pos: &Position) -> Vec<Child> {
    let g = pos.gating;
    let mut out = Vec::new();
    let flipped = |g: Gating| {
        let mut p = pos.clone();
        p.gating = g;
        p.side = pos.side.other();
        p
    };
    match g.count {
        0 => {
            if pos.side != Color::White {
                return out;
            }
            for t in TYPES {
                let n = Gating {
                    count: 1,
                    types: [t, ' '],
                    ..Gating::default()
                };
                out.push(Child {
                    text: t.to_string(),
                    pos: flipped(n),
                });
            }
        }
        1 => {
            if pos.side != Color::Black {
                return out;
            }
            for t in TYPES {
                // Repeating White's letter rejects it: Cannon first, Leopard second.
                let types = if t == g.types[0] {
                    ['C', 'L']
                } else {
                    [g.types[0], t]
                };
                let n = Gating {
                    count: 2,
                    types,
                    ..Gating::default()
                };
                out.push(Child {
                    text: t.to_string(),
                    pos: flipped(n),
                });
            }
        }
        _ => {
            let s = pos.side.index();
            let Some(i) = (0..2).find(|&i| g.slots[s][i] == Slot::Unplaced) else {
                return out;
            };
            let other = g.slots[s][1 - i];
            for f in 0..8 {
                if other == Slot::File(f) {
                    continue;
                }
                let king_and_rook = (f == 4 && (other == Slot::File(0) || other == Slot::File(7)))
                    || ((f == 0 || f == 7) && other == Slot::File(4));
                if king_and_rook {
                    continue;
                }
                let mut n = g;
                n.slots[s][i] = Slot::File(f);
                let rank = if pos.side == Color::White { 0 } else { 9 };
                out.push(Child {
                    text: format!("{}@{}{}", g.types[i], (b'a' + f as u8) as char, rank),
                    pos: flipped(n),
                });
            }
        }
    }
    out
}

/// True while selections or placements remain (docs/rules/musketeer.md, "The setup").
pub fn in_setup(pos: &Position) -> bool {
    let g = &pos.gating;
    g.count < 2 || g.slots.iter().any(|s| s.contains(&Slot::Unplaced))
}

/// Legal moves: setup moves during the setup phase, else board moves with gating.
pub fn children(rules: &Rules, pos: &Position) -> Vec<Child> {
    if in_setup(pos) {
        return setup_children(pos);
    }
    let us = pos.side;
    let them = us.other();
    let s = us.index();
    let back = if us == Color::White { 0 } else { 7 };
    let their_back = 7 - back;
    let royal = pos.find(us, rules.royal).expect("one royal piece");
    let check = attacked(pos, royal, them, &rules.table);
    let mut out = Vec::new();
    for m in chesslike::base_moves(rules, pos) {
        // Legality as if the gated piece had not arrived (docs/rules/musketeer.md,
        // "Gating").
        let mut after = chesslike::apply(rules, pos, &m);
        if chesslike::in_check(rules, &after, us) {
            continue;
        }
        let mut text = m.text(pos);
        let mut vacated = vec![m.from];
        if let Some((rf, _)) = m.rook {
            vacated.push(rf);
        }
        for v in vacated {
            let (f, r) = pos.coords(v);
            if r != back {
                continue;
            }
            for i in 0..pos.gating.count {
                if pos.gating.slots[s][i] != Slot::File(f) {
                    continue;
                }
                // A King moving out of check gates only if it captures a checker
                // (docs/rules/musketeer.md, "Gating").
                let gate = if v == m.from && m.piece.kind == rules.royal && check {
                    pos.at(m.to).is_some() && chesslike::piece_attacks(rules, pos, m.to, royal)
                } else {
                    true
                };
                if gate {
                    after.board[v] = Some(Piece::new(us, pos.gating.types[i]));
                    text.push(pos.gating.types[i].to_ascii_lowercase());
                }
                after.gating.slots[s][i] = Slot::Gone;
            }
        }
        // An unmoved back-rank piece captured on its square loses its reserve piece.
        if pos.at(m.to).is_some() {
            let (f, r) = pos.coords(m.to);
            if r == their_back {
                for i in 0..pos.gating.count {
                    if pos.gating.slots[them.index()][i] == Slot::File(f) {
                        after.gating.slots[them.index()][i] = Slot::Gone;
                    }
                }
            }
        }
        out.push(Child { text, pos: after });
    }
    out
}
