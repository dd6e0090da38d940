//! The FIDE-like family: `chess` (docs/rules/chess.md), `lancerchess`
//! (docs/rules/lancerchess.md), `clash` (docs/rules/clash.md), and the shared machinery
//! (pawns with double step and en passant, castling, promotion, royal safety) that
//! `lancers`/`single-lancer` (docs/rules/lancers.md and docs/rules/single-lancer.md) and
//! `musketeer` (docs/rules/musketeer.md) build on.
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine: moves are generated naively, each one is played on a copy
//! of the board, and it is kept iff the mover's royal piece is not attacked afterwards.

use crate::board::{parse_placement, parse_square, split_fen, Child, Color, Piece, Position};
use crate::pieces::{attacked, attacks, leaps, rides, targets, Comp, Table};

/// One castling move for White, on rank 1; Black mirrors it on the last rank.
#[derive(Clone, Debug)]
pub struct Castle {
    /// Index of White's right in `K, Q` order (0 = K, h-file; 1 = Q, a-file).
    pub right: usize,
    /// File of the royal piece before.
    pub royal_from: i32,
    /// File of the royal piece after.
    pub royal_to: i32,
    /// File of the rook (Tower) before.
    pub rook_from: i32,
    /// File of the rook after.
    pub rook_to: i32,
    /// Files that must be empty.
    pub empty: Vec<i32>,
    /// Files that must not be attacked, tested before the move (docs/rules/chess.md,
    /// "Special moves").
    pub safe: Vec<i32>,
}

/// Promotion choices for a pawn of `color` arriving on `to` in `pos`.
pub type PromotionFn = fn(&Position, Color, usize) -> Vec<char>;

/// Everything that differs between the games of this family.
pub struct Rules {
    /// Game id.
    pub id: &'static str,
    /// Letter of the royal piece.
    pub royal: char,
    /// FEN letters allowed for White and for Black (uppercase).
    pub letters: [&'static str; 2],
    /// Moving/capturing patterns of every non-pawn piece, and the pawns' capture
    /// patterns (used for attacks only).
    pub table: Table,
    /// White's castling moves (Black mirrors them).
    pub castles: Vec<Castle>,
    /// Promotion choices.
    pub promotions: PromotionFn,
    /// True in `lancers`/`single-lancer`: `L` has a facing and picks a new one on moving.
    pub lancer: bool,
}

/// A move before any Musketeer gating: what moves where.
#[derive(Clone, Debug)]
pub struct BaseMove {
    /// Origin.
    pub from: usize,
    /// Destination.
    pub to: usize,
    /// The piece that stands on `to` afterwards (promotion and new facing applied).
    pub piece: Piece,
    /// Square of the pawn captured en passant.
    pub ep_victim: Option<usize>,
    /// Castling: the rook's (from, to).
    pub rook: Option<(usize, usize)>,
    /// Double step: the square passed over.
    pub passed: Option<usize>,
    /// Text after `<from><to>`: promotion letter and/or facing.
    pub suffix: String,
}

impl BaseMove {
    fn plain(from: usize, to: usize, piece: Piece) -> BaseMove {
        BaseMove {
            from,
            to,
            piece,
            ep_victim: None,
            rook: None,
            passed: None,
            suffix: String::new(),
        }
    }

    /// Coordinate text.
    pub fn text(&self, pos: &Position) -> String {
        format!(
            "{}{}{}",
            pos.name(self.from),
            pos.name(self.to),
            self.suffix
        )
    }
}

/// FIDE castling (docs/rules/chess.md, "Special moves"): O-O e→g with h→f, O-O-O e→c with
/// a→d.
pub fn fide_castles() -> Vec<Castle> {
    vec![
        Castle {
            right: 0,
            royal_from: 4,
            royal_to: 6,
            rook_from: 7,
            rook_to: 5,
            empty: vec![5, 6],
            safe: vec![5, 6],
        },
        Castle {
            right: 1,
            royal_from: 4,
            royal_to: 2,
            rook_from: 0,
            rook_to: 3,
            empty: vec![1, 2, 3],
            safe: vec![3, 2],
        },
    ]
}

/// LancerChess castling (docs/rules/lancerchess.md, "Castling: Protecting the Queen"):
/// Queen d→b with a→c (right Q), d→f with h→e (right K).
pub fn lancer_castles() -> Vec<Castle> {
    vec![
        Castle {
            right: 1,
            royal_from: 3,
            royal_to: 1,
            rook_from: 0,
            rook_to: 2,
            empty: vec![1, 2],
            safe: vec![2, 1],
        },
        Castle {
            right: 0,
            royal_from: 3,
            royal_to: 5,
            rook_from: 7,
            rook_to: 4,
            empty: vec![4, 5, 6],
            safe: vec![4, 5],
        },
    ]
}

/// Patterns of the FIDE pieces and pawn captures with the given royal/queen letters.
pub fn fide_table(king: char, queen: char) -> Table {
    let mut t = Table::new();
    let mut k = leaps(1, 0);
    k.extend(leaps(1, 1));
    t.set_both(king, k);
    let mut q = rides(1, 0, 0);
    q.extend(rides(1, 1, 0));
    t.set_both(queen, q);
    t.set_both('R', rides(1, 0, 0));
    t.set_both('B', rides(1, 1, 0));
    t.set_both('N', leaps(2, 1));
    t.set(Color::White, 'P', vec![Comp::Leap(1, 1), Comp::Leap(-1, 1)]);
    t.set(
        Color::Black,
        'P',
        vec![Comp::Leap(1, -1), Comp::Leap(-1, -1)],
    );
    t
}

fn chess_promotions(_: &Position, _: Color, _: usize) -> Vec<char> {
    vec!['Q', 'R', 'B', 'N']
}

/// The lancer a pawn may become depends on the colour of the promotion square
/// (docs/rules/lancerchess.md, "Promotion").
fn lancer_by_colour(pos: &Position, color: Color, to: usize) -> char {
    let (f, r) = pos.coords(to);
    let dark = (f + r) % 2 == 0;
    match (color, dark) {
        (Color::White, true) | (Color::Black, false) => 'L',
        (Color::White, false) | (Color::Black, true) => 'J',
    }
}

fn lancerchess_promotions(pos: &Position, color: Color, to: usize) -> Vec<char> {
    vec!['K', 'R', 'B', lancer_by_colour(pos, color, to)]
}

fn clash_promotions(pos: &Position, color: Color, to: usize) -> Vec<char> {
    match color {
        Color::White => vec!['K', 'R', 'B', 'N'],
        Color::Black => lancerchess_promotions(pos, color, to),
    }
}

/// `chess` (docs/rules/chess.md).
pub fn chess() -> Rules {
    Rules {
        id: "chess",
        royal: 'K',
        letters: ["KQRBNP", "KQRBNP"],
        table: fide_table('K', 'Q'),
        castles: fide_castles(),
        promotions: chess_promotions,
        lancer: false,
    }
}

fn lancer_table() -> Table {
    // The royal Queen steps like a FIDE King; the King moves like a FIDE Queen
    // (docs/rules/lancerchess.md, "The pieces").
    let mut t = fide_table('Q', 'K');
    let mut l = leaps(1, 0);
    l.extend(leaps(2, 0));
    t.set_both('L', l);
    let mut j = leaps(1, 1);
    j.extend(leaps(2, 2));
    t.set_both('J', j);
    t
}

/// `lancerchess` (docs/rules/lancerchess.md).
pub fn lancerchess() -> Rules {
    Rules {
        id: "lancerchess",
        royal: 'Q',
        letters: ["QKRBLJP", "QKRBLJP"],
        table: lancer_table(),
        castles: lancer_castles(),
        promotions: lancerchess_promotions,
        lancer: false,
    }
}

/// `clash` (docs/rules/clash.md): White has the Western army (with N), Black the
/// LancerChess army.
pub fn clash() -> Rules {
    Rules {
        id: "clash",
        royal: 'Q',
        letters: ["QKRBNP", "QKRBLJP"],
        table: lancer_table(),
        castles: lancer_castles(),
        promotions: clash_promotions,
        lancer: false,
    }
}

/// Reads an 8x8 FEN of this family (no gating field), with the checks of the conventions
/// all games share (docs/rules/README.md).
pub fn parse_fen(rules: &Rules, fen: &str) -> Result<Position, String> {
    let (placement, tail) = split_fen(fen)?;
    let facing = if rules.lancer { "L" } else { "" };
    let board = parse_placement(placement, 8, 8, rules.letters, facing)?;
    let mut pos = Position {
        files: 8,
        ranks: 8,
        board,
        side: tail.side,
        castling: tail.castling,
        ep: None,
        gating: Default::default(),
    };
    if let Some(ep) = tail.ep {
        pos.ep = Some(parse_square(&ep, 8, 8).ok_or_else(|| format!("bad ep square '{ep}'"))?);
    }
    check_position(rules, &pos)?;
    Ok(pos)
}

/// One royal piece per side, no pawn on a last rank, side not to move not in check.
pub fn check_position(rules: &Rules, pos: &Position) -> Result<(), String> {
    for c in [Color::White, Color::Black] {
        if pos.count(c, rules.royal) != 1 {
            return Err(format!("{c:?} must have exactly one royal piece"));
        }
    }
    for f in 0..pos.files {
        for r in [0, pos.ranks - 1] {
            let sq = pos.square(f, r).expect("on board");
            if matches!(pos.at(sq), Some(p) if p.kind == 'P') {
                return Err("a pawn stands on a first or last rank".into());
            }
        }
    }
    if in_check(rules, pos, pos.side.other()) {
        return Err("the side not to move is in check".into());
    }
    Ok(())
}

/// True if `color`'s royal piece is attacked.
pub fn in_check(rules: &Rules, pos: &Position, color: Color) -> bool {
    match pos.find(color, rules.royal) {
        Some(sq) => attacked(pos, sq, color.other(), &rules.table),
        None => false,
    }
}

/// True if the piece on `from` attacks `x` (for gating: "was it giving check?").
pub fn piece_attacks(rules: &Rules, pos: &Position, from: usize, x: usize) -> bool {
    match pos.at(from) {
        Some(p) => attacks(pos, from, p, rules.table.get(p.color, p.kind), x),
        None => false,
    }
}

fn add_promotions(rules: &Rules, pos: &Position, from: usize, to: usize, out: &mut Vec<BaseMove>) {
    let us = pos.side;
    let last = if us == Color::White { pos.ranks - 1 } else { 0 };
    if pos.coords(to).1 != last {
        out.push(BaseMove::plain(from, to, Piece::new(us, 'P')));
        return;
    }
    for k in (rules.promotions)(pos, us, to) {
        let letter = k.to_ascii_lowercase();
        if rules.lancer && k == 'L' {
            for (f, name) in crate::board::DIR_NAMES.iter().enumerate() {
                let mut m = BaseMove::plain(from, to, Piece::new(us, k));
                m.piece.facing = Some(f);
                m.suffix = format!("{letter}{}", name.to_lowercase());
                out.push(m);
            }
        } else {
            let mut m = BaseMove::plain(from, to, Piece::new(us, k));
            m.suffix = letter.to_string();
            out.push(m);
        }
    }
}

/// Pseudo-legal moves (castling fully checked, other moves not yet tested for royal
/// safety).
pub fn base_moves(rules: &Rules, pos: &Position) -> Vec<BaseMove> {
    let us = pos.side;
    let them = us.other();
    let mut out = Vec::new();
    for (sq, p) in pos.pieces(us) {
        if p.kind == 'P' {
            let fwd = us.forward();
            let (f, r) = pos.coords(sq);
            let start = if us == Color::White { 1 } else { pos.ranks - 2 };
            if let Some(one) = pos.step(sq, 0, fwd) {
                if pos.at(one).is_none() {
                    add_promotions(rules, pos, sq, one, &mut out);
                    if r == start {
                        if let Some(two) = pos.step(one, 0, fwd) {
                            if pos.at(two).is_none() {
                                let mut m = BaseMove::plain(sq, two, p);
                                m.passed = Some(one);
                                out.push(m);
                            }
                        }
                    }
                }
            }
            for dx in [-1, 1] {
                let Some(t) = pos.step(sq, dx, fwd) else {
                    continue;
                };
                match pos.at(t) {
                    Some(q) if q.color == them => add_promotions(rules, pos, sq, t, &mut out),
                    Some(_) => {}
                    None => {
                        // En passant: the enemy pawn that just passed over t stands
                        // beside us, on t's file.
                        let ep_rank = if us == Color::White { pos.ranks - 3 } else { 2 };
                        if pos.ep == Some(t) && pos.coords(t).1 == ep_rank {
                            let victim = pos.square(f + dx, r).expect("on board");
                            if matches!(pos.at(victim), Some(q) if q.color == them && q.kind == 'P')
                            {
                                let mut m = BaseMove::plain(sq, t, p);
                                m.ep_victim = Some(victim);
                                out.push(m);
                            }
                        }
                    }
                }
            }
            continue;
        }
        let comps = rules.table.get(us, p.kind);
        for (t, _) in targets(pos, sq, p, comps) {
            if rules.lancer && p.kind == 'L' {
                for (f, name) in crate::board::DIR_NAMES.iter().enumerate() {
                    let mut m = BaseMove::plain(sq, t, p);
                    m.piece.facing = Some(f);
                    m.suffix = name.to_lowercase();
                    out.push(m);
                }
            } else {
                out.push(BaseMove::plain(sq, t, p));
            }
        }
    }
    // Castling (docs/rules/chess.md, "Special moves" and "Where our reading settles an
    // open question"; docs/rules/lancerchess.md, "Castling: Protecting the Queen").
    let rank = if us == Color::White { 0 } else { pos.ranks - 1 };
    for c in &rules.castles {
        let right = c.right + 2 * us.index();
        if !pos.castling[right] {
            continue;
        }
        let sq = |f: i32| pos.square(f, rank).expect("on board");
        let royal_from = sq(c.royal_from);
        let rook_from = sq(c.rook_from);
        if pos.at(royal_from) != Some(Piece::new(us, rules.royal))
            || pos.at(rook_from) != Some(Piece::new(us, 'R'))
        {
            continue;
        }
        if c.empty.iter().any(|&f| pos.at(sq(f)).is_some()) {
            continue;
        }
        if attacked(pos, royal_from, them, &rules.table)
            || c.safe
                .iter()
                .any(|&f| attacked(pos, sq(f), them, &rules.table))
        {
            continue;
        }
        let mut m = BaseMove::plain(royal_from, sq(c.royal_to), Piece::new(us, rules.royal));
        m.rook = Some((rook_from, sq(c.rook_to)));
        out.push(m);
    }
    out
}

/// Plays a base move on a copy of the position (no gating).
pub fn apply(rules: &Rules, pos: &Position, m: &BaseMove) -> Position {
    let us = pos.side;
    let mut p = pos.clone();
    let moving = p.board[m.from].take().expect("a piece on the origin");
    if let Some(v) = m.ep_victim {
        p.board[v] = None;
    }
    if let Some((rf, rt)) = m.rook {
        let rook = p.board[rf].take();
        p.board[rt] = rook;
    }
    p.board[m.to] = Some(m.piece);
    // Castling rights: lost when the royal piece moves, or when a corner square is left
    // or captured on.
    if moving.kind == rules.royal {
        p.castling[2 * us.index()] = false;
        p.castling[2 * us.index() + 1] = false;
    }
    let top = pos.ranks - 1;
    let corners = [(7, 0, 0), (0, 0, 1), (7, top, 2), (0, top, 3)];
    for (f, r, right) in corners {
        let c = pos.square(f, r).expect("on board");
        if m.from == c || m.to == c {
            p.castling[right] = false;
        }
    }
    p.ep = m.passed;
    p.side = us.other();
    p
}

/// Legal moves of a game of this family (no gating).
pub fn children(rules: &Rules, pos: &Position) -> Vec<Child> {
    let us = pos.side;
    let mut out = Vec::new();
    for m in base_moves(rules, pos) {
        let after = apply(rules, pos, &m);
        if !in_check(rules, &after, us) {
            out.push(Child {
                text: m.text(pos),
                pos: after,
            });
        }
    }
    out
}
