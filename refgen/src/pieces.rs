//! Movement patterns as data: leaps, (limited) rides, bent rides and the Lancer's facing
//! ride, with a naive generator of destinations and a naive "does this piece attack that
//! square" test (docs/rules/README.md, "Pieces and how they move").
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine; it deliberately walks the board square by square.

use crate::board::{Color, Piece, Position, DIRS};

/// One component of a piece's capturing/moving pattern.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Comp {
    /// Leap by (dx, dy); the squares in between are ignored.
    Leap(i32, i32),
    /// Slide in direction (dx, dy) through empty squares, at most `n` squares (0: no limit).
    Ride(i32, i32, u32),
    /// One step (dx, dy); if that square is empty, continue as an unlimited slider in
    /// direction (ex, ey) (Royal Lion Gryphon/Crocodile, docs/rules/royal-lion.md,
    /// "Gryphon, Crocodile and Dragon").
    Bent(i32, i32, i32, i32),
    /// Lancer: along the piece's own facing, jumping over friendly pieces
    /// (docs/rules/lancers.md, "The Lancer").
    Lancer,
    /// Slide through empty squares in (dx, dy), never capturing (Cromwell War Machine).
    Quiet(i32, i32),
}

/// All distinct offsets (±a, ±b) and (±b, ±a).
pub fn sym(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let o = (x * sx, y * sy);
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
    }
    out
}

/// Leaps to every offset of [`sym`]`(a, b)`.
pub fn leaps(a: i32, b: i32) -> Vec<Comp> {
    sym(a, b)
        .into_iter()
        .map(|(x, y)| Comp::Leap(x, y))
        .collect()
}

/// Rides (limit `n`, 0 = none) in every direction of [`sym`]`(a, b)`.
pub fn rides(a: i32, b: i32, n: u32) -> Vec<Comp> {
    sym(a, b)
        .into_iter()
        .map(|(x, y)| Comp::Ride(x, y, n))
        .collect()
}

/// Gryphon: a diagonal step, then outward along either orthogonal leading away.
pub fn gryphon() -> Vec<Comp> {
    let mut out = Vec::new();
    for dx in [1, -1] {
        for dy in [1, -1] {
            out.push(Comp::Bent(dx, dy, dx, 0));
            out.push(Comp::Bent(dx, dy, 0, dy));
        }
    }
    out
}

/// Crocodile: an orthogonal step, then outward along either diagonal leading away.
pub fn crocodile() -> Vec<Comp> {
    let mut out = Vec::new();
    for d in [1, -1] {
        out.push(Comp::Bent(d, 0, d, 1));
        out.push(Comp::Bent(d, 0, d, -1));
        out.push(Comp::Bent(0, d, 1, d));
        out.push(Comp::Bent(0, d, -1, d));
    }
    out
}

/// Patterns per (side, type letter).
#[derive(Clone, Debug)]
pub struct Table {
    comps: Vec<Vec<Comp>>,
}

impl Default for Table {
    fn default() -> Table {
        Table::new()
    }
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            comps: vec![Vec::new(); 256],
        }
    }

    /// Sets the pattern of `kind` for one side.
    pub fn set(&mut self, color: Color, kind: char, comps: Vec<Comp>) {
        self.comps[color.index() * 128 + kind as usize] = comps;
    }

    /// Sets the pattern of `kind` for both sides.
    pub fn set_both(&mut self, kind: char, comps: Vec<Comp>) {
        self.set(Color::White, kind, comps.clone());
        self.set(Color::Black, kind, comps);
    }

    /// The pattern of `kind` for `color`.
    pub fn get(&self, color: Color, kind: char) -> &[Comp] {
        &self.comps[color.index() * 128 + kind as usize]
    }
}

/// Destinations of `piece` on `from` under `comps`: (square, captures?). Friendly squares
/// are never destinations. Sorted, without duplicates (a Dragon may reach a square by
/// two paths; it is one move).
pub fn targets(pos: &Position, from: usize, piece: Piece, comps: &[Comp]) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for &c in comps {
        match c {
            Comp::Leap(dx, dy) => {
                if let Some(t) = pos.step(from, dx, dy) {
                    match pos.at(t) {
                        None => out.push((t, false)),
                        Some(p) if p.color != piece.color => out.push((t, true)),
                        Some(_) => {}
                    }
                }
            }
            Comp::Ride(dx, dy, n) => slide(pos, from, piece, dx, dy, n, true, &mut out),
            Comp::Quiet(dx, dy) => slide(pos, from, piece, dx, dy, 0, false, &mut out),
            Comp::Bent(dx, dy, ex, ey) => {
                if let Some(s1) = pos.step(from, dx, dy) {
                    match pos.at(s1) {
                        None => {
                            out.push((s1, false));
                            slide(pos, s1, piece, ex, ey, 0, true, &mut out);
                        }
                        Some(p) if p.color != piece.color => out.push((s1, true)),
                        Some(_) => {}
                    }
                }
            }
            Comp::Lancer => {
                let Some(f) = piece.facing else { continue };
                let (dx, dy) = DIRS[f];
                let mut cur = from;
                while let Some(t) = pos.step(cur, dx, dy) {
                    match pos.at(t) {
                        None => out.push((t, false)),
                        Some(p) if p.color != piece.color => {
                            out.push((t, true));
                            break;
                        }
                        Some(_) => {} // friendly: jumped over
                    }
                    cur = t;
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[allow(clippy::too_many_arguments)]
fn slide(
    pos: &Position,
    from: usize,
    piece: Piece,
    dx: i32,
    dy: i32,
    limit: u32,
    may_capture: bool,
    out: &mut Vec<(usize, bool)>,
) {
    let mut cur = from;
    let mut n = 0;
    while let Some(t) = pos.step(cur, dx, dy) {
        n += 1;
        if limit > 0 && n > limit {
            break;
        }
        match pos.at(t) {
            None => out.push((t, false)),
            Some(p) => {
                if may_capture && p.color != piece.color {
                    out.push((t, true));
                }
                break;
            }
        }
        cur = t;
    }
}

/// True if `piece` on `from` could capture an enemy piece standing on `x` with one of
/// `comps` (docs/rules/README.md, "Pieces and how they move"): the occupant of `x` itself
/// does not matter.
pub fn attacks(pos: &Position, from: usize, piece: Piece, comps: &[Comp], x: usize) -> bool {
    for &c in comps {
        let hit = match c {
            Comp::Leap(dx, dy) => pos.step(from, dx, dy) == Some(x),
            Comp::Ride(dx, dy, n) => ray_hits(pos, from, dx, dy, n, x),
            Comp::Quiet(..) => false,
            Comp::Bent(dx, dy, ex, ey) => match pos.step(from, dx, dy) {
                None => false,
                Some(s1) if s1 == x => true,
                Some(s1) => pos.at(s1).is_none() && ray_hits(pos, s1, ex, ey, 0, x),
            },
            Comp::Lancer => match piece.facing {
                None => false,
                Some(f) => {
                    let (dx, dy) = DIRS[f];
                    let mut cur = from;
                    let mut hit = false;
                    while let Some(t) = pos.step(cur, dx, dy) {
                        if t == x {
                            hit = true;
                            break;
                        }
                        if matches!(pos.at(t), Some(p) if p.color != piece.color) {
                            break;
                        }
                        cur = t;
                    }
                    hit
                }
            },
        };
        if hit {
            return true;
        }
    }
    false
}

fn ray_hits(pos: &Position, from: usize, dx: i32, dy: i32, limit: u32, x: usize) -> bool {
    let mut cur = from;
    let mut n = 0;
    while let Some(t) = pos.step(cur, dx, dy) {
        n += 1;
        if limit > 0 && n > limit {
            return false;
        }
        if t == x {
            return true;
        }
        if pos.at(t).is_some() {
            return false;
        }
        cur = t;
    }
    false
}

/// True if some piece of `by` attacks `x` using the patterns of `table`.
pub fn attacked(pos: &Position, x: usize, by: Color, table: &Table) -> bool {
    for sq in 0..pos.len() {
        if let Some(p) = pos.at(sq) {
            if p.color == by && attacks(pos, sq, p, table.get(by, p.kind), x) {
                return true;
            }
        }
    }
    false
}
