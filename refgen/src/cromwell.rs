//! `cromwell` (docs/rules/cromwell.md): melee plus shooting. Shots remove an enemy piece
//! without moving the shooter; the War Machine never captures by displacement; pawns step
//! forward or sideways; the Rupert–Pym mutual-immunity rule (docs/rules/cromwell.md,
//! "Prince Rupert and Pym") is a position rule.
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine: shots are enumerated piece by piece and every move is
//! checked on a copy.

use crate::board::{parse_placement, split_fen, Child, Color, Piece, Position, DIRS};
use crate::pieces::{attacks, leaps, rides, targets, Comp, Table};

/// Displacement patterns (moves and displacement captures) of every piece.
pub fn table() -> Table {
    let mut t = Table::new();
    let mut k = leaps(1, 0);
    k.extend(leaps(1, 1));
    t.set_both('K', k);
    let mut q = rides(1, 0, 0);
    q.extend(rides(1, 1, 0));
    t.set(Color::White, 'R', q);
    let mut y = rides(1, 0, 0);
    y.extend(leaps(2, 1));
    t.set(Color::Black, 'Y', y);
    t.set_both('B', rides(1, 1, 0));
    t.set_both('H', leaps(2, 1));
    t.set_both(
        'W',
        vec![
            Comp::Quiet(1, 0),
            Comp::Quiet(-1, 0),
            Comp::Quiet(0, 1),
            Comp::Quiet(0, -1),
        ],
    );
    for c in [Color::White, Color::Black] {
        let f = c.forward();
        t.set(
            c,
            'P',
            vec![Comp::Leap(0, f), Comp::Leap(1, 0), Comp::Leap(-1, 0)],
        );
    }
    t
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares holding enemy pieces that the piece on `from` can shoot
/// (docs/rules/cromwell.md, "The pieces").
pub fn shots(pos: &Position, from: usize, piece: Piece) -> Vec<usize> {
    let enemy = |sq: usize| matches!(pos.at(sq), Some(q) if q.color != piece.color);
    let mut out = Vec::new();
    // Distance 1, or distance 2 when the square between is empty (or, for the King,
    // holds an own piece).
    let near = |dirs: &[(i32, i32)], through_own: bool, out: &mut Vec<usize>| {
        for &(dx, dy) in dirs {
            let Some(s1) = pos.step(from, dx, dy) else {
                continue;
            };
            if enemy(s1) {
                out.push(s1);
                continue;
            }
            let passable = match pos.at(s1) {
                None => true,
                Some(q) => through_own && q.color == piece.color,
            };
            if passable {
                if let Some(s2) = pos.step(s1, dx, dy) {
                    if enemy(s2) {
                        out.push(s2);
                    }
                }
            }
        }
    };
    match piece.kind {
        'K' => near(&DIRS, true, &mut out),
        'R' => near(&ORTH, false, &mut out),
        'Y' => {
            near(&ORTH, false, &mut out);
            // Mao: the orthogonal first step toward the long leg must be empty.
            for (dx, dy) in crate::pieces::sym(2, 1) {
                let first = if dy.abs() == 2 {
                    (0, dy / 2)
                } else {
                    (dx / 2, 0)
                };
                let (Some(t), Some(m)) = (pos.step(from, dx, dy), pos.step(from, first.0, first.1))
                else {
                    continue;
                };
                if pos.at(m).is_none() && enemy(t) {
                    out.push(t);
                }
            }
        }
        'B' => near(&DIAG, false, &mut out),
        'H' => {
            let dirs = if piece.color == Color::White {
                ORTH
            } else {
                DIAG
            };
            for (dx, dy) in dirs {
                if let Some(t) = pos.step(from, dx, dy) {
                    if enemy(t) {
                        out.push(t);
                    }
                }
            }
        }
        'W' => {
            for (dx, dy) in ORTH {
                let mut cur = from;
                let mut dist = 0;
                while let Some(t) = pos.step(cur, dx, dy) {
                    dist += 1;
                    if pos.at(t).is_some() {
                        if dist >= 2 && enemy(t) {
                            out.push(t);
                        }
                        break;
                    }
                    cur = t;
                }
            }
        }
        'P' => {
            for (dx, dy) in [(0, piece.color.forward()), (1, 0), (-1, 0)] {
                if let Some(t) = pos.step(from, dx, dy) {
                    if enemy(t) {
                        out.push(t);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// True if the piece on `from` attacks `x` by displacement capture or by a shot. The
/// target square is treated as holding an enemy of that piece.
fn piece_attacks(table: &Table, pos: &Position, from: usize, x: usize) -> bool {
    let Some(p) = pos.at(from) else { return false };
    if attacks(pos, from, p, table.get(p.color, p.kind), x) {
        return true;
    }
    // Shots only hit enemies; put a stand-in enemy on x if it is empty.
    if pos.at(x).is_none() {
        let mut q = pos.clone();
        q.board[x] = Some(Piece::new(p.color.other(), 'P'));
        return shots(&q, from, p).contains(&x);
    }
    shots(pos, from, p).contains(&x)
}

/// True if some piece of `by` attacks `x`.
pub fn attacked(table: &Table, pos: &Position, x: usize, by: Color) -> bool {
    (0..pos.len()).any(|sq| {
        matches!(pos.at(sq), Some(p) if p.color == by) && piece_attacks(table, pos, sq, x)
    })
}

/// Own King safe (docs/rules/README.md, "Pieces and how they move"), and Rupert and Pym
/// not attacking each other (docs/rules/cromwell.md, "Prince Rupert and Pym").
fn legal_after(table: &Table, after: &Position, us: Color) -> bool {
    let king = after.find(us, 'K').expect("one king");
    if attacked(table, after, king, us.other()) {
        return false;
    }
    if let (Some(r), Some(y)) = (after.find(Color::White, 'R'), after.find(Color::Black, 'Y')) {
        if piece_attacks(table, after, r, y) || piece_attacks(table, after, y, r) {
            return false;
        }
    }
    true
}

/// Reads a Cromwell FEN (`R` is White-only, `Y` Black-only; castling/ep ignored).
pub fn parse_fen(table: &Table, fen: &str) -> Result<Position, String> {
    let (placement, tail) = split_fen(fen)?;
    let board = parse_placement(placement, 8, 8, ["KRBHWP", "KYBHWP"], "")?;
    let pos = Position {
        files: 8,
        ranks: 8,
        board,
        side: tail.side,
        castling: [false; 4],
        ep: None,
        gating: Default::default(),
    };
    for c in [Color::White, Color::Black] {
        if pos.count(c, 'K') != 1 {
            return Err(format!("{c:?} must have exactly one King"));
        }
    }
    let them = pos.side.other();
    let their_king = pos.find(them, 'K').expect("one king");
    if attacked(table, &pos, their_king, pos.side) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

/// Legal moves: displacement moves (with promotion) and shots.
pub fn children(table: &Table, pos: &Position) -> Vec<Child> {
    let us = pos.side;
    let last = if us == Color::White { 7 } else { 0 };
    let mut out = Vec::new();
    let mut push = |text: String, mut after: Position| {
        if legal_after(table, &after, us) {
            after.side = us.other();
            out.push(Child { text, pos: after });
        }
    };
    for (s, p) in pos.pieces(us) {
        for (t, _) in targets(pos, s, p, table.get(us, p.kind)) {
            let base = format!("{}{}", pos.name(s), pos.name(t));
            let forward = pos.coords(t).0 == pos.coords(s).0;
            if p.kind == 'P' && forward && pos.coords(t).1 == last {
                for k in ['W', 'H', 'B'] {
                    let mut after = pos.clone();
                    after.board[s] = None;
                    after.board[t] = Some(Piece::new(us, k));
                    push(format!("{base}{}", k.to_ascii_lowercase()), after);
                }
            } else {
                let mut after = pos.clone();
                after.board[s] = None;
                after.board[t] = Some(p);
                push(base, after);
            }
        }
        for t in shots(pos, s, p) {
            let mut after = pos.clone();
            after.board[t] = None;
            push(format!("{}*{}", pos.name(s), pos.name(t)), after);
        }
    }
    out
}
