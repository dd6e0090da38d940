//! `royal-lion` (docs/rules/royal-lion.md): 10x10, bent riders (Gryphon, Crocodile,
//! Dragon), the Royal Lion's single moves, capture double moves and pass with the
//! step-safety rule (docs/rules/royal-lion.md, "The Royal Lion"), and pawns
//! (docs/rules/royal-lion.md, "Pawns": double step from any rank unless the first square
//! is attacked by an enemy pawn, no en passant, promotion only to lost types).
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine: every candidate is played on a copy of the board and
//! checked directly.

use crate::board::{parse_placement, split_fen, Child, Color, Piece, Position, DIRS};
use crate::pieces::{attacked, crocodile, gryphon, leaps, rides, targets, Comp, Table};

/// Starting count of each promotable type (docs/rules/royal-lion.md, "Pawns").
pub const START_COUNTS: [(char, usize); 10] = [
    ('Q', 2),
    ('R', 2),
    ('B', 2),
    ('N', 2),
    ('M', 2),
    ('H', 2),
    ('A', 1),
    ('G', 2),
    ('C', 2),
    ('D', 2),
];

/// The patterns of every piece; the Lion's entry is its 24 single-move squares, the
/// pawns' entries their diagonal attacks.
pub fn table() -> Table {
    let mut t = Table::new();
    let mut lion = Vec::new();
    for dx in -2..=2 {
        for dy in -2..=2 {
            if (dx, dy) != (0, 0) {
                lion.push(Comp::Leap(dx, dy));
            }
        }
    }
    t.set_both('L', lion);
    let orth = rides(1, 0, 0);
    let diag = rides(1, 1, 0);
    let knight = leaps(2, 1);
    let cat = |parts: &[&Vec<Comp>]| -> Vec<Comp> {
        parts.iter().flat_map(|p| p.iter().copied()).collect()
    };
    t.set_both('Q', cat(&[&orth, &diag]));
    t.set_both('R', orth.clone());
    t.set_both('B', diag.clone());
    t.set_both('N', knight.clone());
    t.set_both('M', cat(&[&orth, &knight]));
    t.set_both('H', cat(&[&diag, &knight]));
    t.set_both('A', cat(&[&orth, &diag, &knight]));
    t.set_both('G', gryphon());
    t.set_both('C', crocodile());
    t.set_both('D', cat(&[&gryphon(), &crocodile()]));
    t.set(Color::White, 'P', vec![Comp::Leap(1, 1), Comp::Leap(-1, 1)]);
    t.set(
        Color::Black,
        'P',
        vec![Comp::Leap(1, -1), Comp::Leap(-1, -1)],
    );
    t
}

const LETTERS: &str = "LQRBNMHAGCDP";

/// Reads a 10x10 FEN (castling and ep fields are ignored: the game has neither).
pub fn parse_fen(table: &Table, fen: &str) -> Result<Position, String> {
    let (placement, tail) = split_fen(fen)?;
    let board = parse_placement(placement, 10, 10, [LETTERS, LETTERS], "")?;
    let pos = Position {
        files: 10,
        ranks: 10,
        board,
        side: tail.side,
        castling: [false; 4],
        ep: None,
        gating: Default::default(),
    };
    for c in [Color::White, Color::Black] {
        if pos.count(c, 'L') != 1 {
            return Err(format!("{c:?} must have exactly one Royal Lion"));
        }
        let last = if c == Color::White { 9 } else { 0 };
        for f in 0..10 {
            let sq = pos.square(f, last).expect("on board");
            if pos.at(sq) == Some(Piece::new(c, 'P')) {
                return Err("a pawn stands on its last rank".into());
            }
        }
    }
    if lion_attacked(table, &pos, pos.side.other()) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

fn lion_attacked(table: &Table, pos: &Position, color: Color) -> bool {
    let sq = pos.find(color, 'L').expect("one lion");
    attacked(pos, sq, color.other(), table)
}

/// True if a pawn of `by` attacks `x` (one of its two diagonal-forward squares).
fn pawn_attacked(pos: &Position, x: usize, by: Color) -> bool {
    for dx in [-1, 1] {
        if let Some(s) = pos.step(x, dx, -by.forward()) {
            if pos.at(s) == Some(Piece::new(by, 'P')) {
                return true;
            }
        }
    }
    false
}

/// Types a pawn of `color` may promote to: those below their starting count.
fn lost_types(pos: &Position, color: Color) -> Vec<char> {
    START_COUNTS
        .iter()
        .filter(|&&(k, n)| pos.count(color, k) < n)
        .map(|&(k, _)| k)
        .collect()
}

fn moved(pos: &Position, from: usize, to: usize, piece: Piece) -> Position {
    let mut p = pos.clone();
    p.board[from] = None;
    p.board[to] = Some(piece);
    p
}

/// Legal moves.
pub fn children(table: &Table, pos: &Position) -> Vec<Child> {
    let us = pos.side;
    let them = us.other();
    let mut out: Vec<Child> = Vec::new();
    let mut push_if_legal = |text: String, mut after: Position| {
        if !lion_attacked(table, &after, us) {
            after.side = them;
            out.push(Child { text, pos: after });
        }
    };
    for (s, p) in pos.pieces(us) {
        match p.kind {
            'L' => {
                // 1. Single moves: any square of the 5x5 block, empty or enemy.
                for (t, _) in targets(pos, s, p, table.get(us, 'L')) {
                    push_if_legal(
                        format!("{}{}", pos.name(s), pos.name(t)),
                        moved(pos, s, t, p),
                    );
                }
                // 2. Double king moves whose first step captures.
                for (dx, dy) in DIRS {
                    let Some(m) = pos.step(s, dx, dy) else {
                        continue;
                    };
                    if !matches!(pos.at(m), Some(q) if q.color == them) {
                        continue;
                    }
                    let p1 = moved(pos, s, m, p);
                    if lion_attacked(table, &p1, us) {
                        // The first step must be safe (docs/rules/royal-lion.md,
                        // "The Royal Lion").
                        continue;
                    }
                    for (ex, ey) in DIRS {
                        let Some(t) = p1.step(m, ex, ey) else {
                            continue;
                        };
                        if matches!(p1.at(t), Some(q) if q.color == us) {
                            continue;
                        }
                        let text = format!(
                            "{}{},{}{}",
                            pos.name(s),
                            pos.name(m),
                            pos.name(m),
                            pos.name(t)
                        );
                        push_if_legal(text, moved(&p1, m, t, p));
                    }
                }
                // 3. Pass: not in check, and some empty adjacent square is safe.
                if !attacked(pos, s, them, table) {
                    let safe_step = DIRS.iter().any(|&(dx, dy)| match pos.step(s, dx, dy) {
                        Some(m) if pos.at(m).is_none() => {
                            !lion_attacked(table, &moved(pos, s, m, p), us)
                        }
                        _ => false,
                    });
                    if safe_step {
                        push_if_legal(format!("{}{}", pos.name(s), pos.name(s)), pos.clone());
                    }
                }
            }
            'P' => {
                let fwd = us.forward();
                let last = if us == Color::White { 9 } else { 0 };
                let mut dests = Vec::new();
                if let Some(one) = pos.step(s, 0, fwd) {
                    if pos.at(one).is_none() {
                        dests.push(one);
                        if let Some(two) = pos.step(one, 0, fwd) {
                            if pos.at(two).is_none() && !pawn_attacked(pos, one, them) {
                                dests.push(two);
                            }
                        }
                    }
                }
                for dx in [-1, 1] {
                    if let Some(t) = pos.step(s, dx, fwd) {
                        if matches!(pos.at(t), Some(q) if q.color == them) {
                            dests.push(t);
                        }
                    }
                }
                for t in dests {
                    let base = format!("{}{}", pos.name(s), pos.name(t));
                    if pos.coords(t).1 == last {
                        for k in lost_types(pos, us) {
                            push_if_legal(
                                format!("{base}{}", k.to_ascii_lowercase()),
                                moved(pos, s, t, Piece::new(us, k)),
                            );
                        }
                    } else {
                        push_if_legal(base, moved(pos, s, t, p));
                    }
                }
            }
            _ => {
                for (t, _) in targets(pos, s, p, table.get(us, p.kind)) {
                    push_if_legal(
                        format!("{}{}", pos.name(s), pos.name(t)),
                        moved(pos, s, t, p),
                    );
                }
            }
        }
    }
    out
}
