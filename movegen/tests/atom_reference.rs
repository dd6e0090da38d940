//! Every kind of every built-in game, both colours, from every square: the moves the
//! engine generates for the piece are those its atoms give (`Atom::reach`, kept when
//! legal), and the squares `Tables::piece_attacks` says it attacks are those
//! `Atom::attack_squares` gives. First on a board holding only the piece and the two
//! royals, then on random crowded boards (legal: the side not to move is not in check,
//! Rupert and Pym apart). Flags beyond the atoms (castling, en passant, the Lion's double
//! step and pass) are left to the other tests.

mod common;

use common::slow::{attacked_slowly, attacks_slowly, legal_after, piece_moves_by_atoms};
use common::Rng;
use joust_core::end_rules::EndRules;
use joust_core::gamefile::load;
use joust_core::variants::files::parent_entries;
use joust_core::{variants, Color, Gating, KindId, Piece, Position, Slot, Square, Variant};
use joust_movegen::{legal_moves, tables, MoveFlag, TableCache};
use std::collections::BTreeSet;

/// What a move does, as compared here: its destination, and whether it is a shot.
type Reach = BTreeSet<(Square, bool)>;

/// An empty board of `v` with the setup phase over (Musketeer: two types selected, no
/// reserve left) and `side` to move.
fn empty_board<B: TableCache>(v: &'static Variant, side: Color) -> Position<B> {
    let mut pos = Position::<B>::empty(v);
    if let [a, b, ..] = v.gating_types[..] {
        pos.set_gating(Gating {
            types: [Some(a), Some(b)],
            slots: [[Slot::Gone; 2]; 2],
        });
    }
    pos.set_side_to_move(side);
    pos
}

/// The engine's legal moves from `from`, with the flags beyond the atoms left out.
fn generated<B: TableCache>(pos: &Position<B>, from: Square) -> Reach {
    legal_moves(pos)
        .iter()
        .filter(|m| m.from == from)
        .filter(|m| {
            !matches!(
                m.flag,
                MoveFlag::Castle | MoveFlag::EnPassant | MoveFlag::LionDouble | MoveFlag::Pass
            )
        })
        .map(|m| (m.to, m.flag == MoveFlag::Shot))
        .collect()
}

/// The legal moves of the piece on `from` read from its atoms.
fn by_atoms<B: TableCache>(pos: &Position<B>, from: Square) -> Reach {
    piece_moves_by_atoms(pos, from)
        .into_iter()
        .filter(|m| m.flag != MoveFlag::EnPassant && legal_after(pos, *m))
        .map(|m| (m.to, m.flag == MoveFlag::Shot))
        .collect()
}

/// The piece on `sq`, in words.
fn piece_on<B: TableCache>(pos: &Position<B>, sq: Square) -> String {
    let v = pos.variant();
    let p = pos.piece_at(sq).unwrap();
    format!(
        "{:?} {} on {}",
        p.color,
        v.kind(p.kind).letter,
        v.geometry.name(sq)
    )
}

/// Compares the moves of the side to move's piece on `from`.
fn compare_moves<B: TableCache>(pos: &Position<B>, from: Square) {
    assert_eq!(
        generated(pos, from),
        by_atoms(pos, from),
        "{}: moves of the {} in {}",
        pos.variant().id,
        piece_on(pos, from),
        pos.to_fen()
    );
}

/// Compares the attacks of every piece on the board; returns how many were compared.
fn compare_attacks<B: TableCache>(pos: &Position<B>) -> usize {
    let t = tables::<B>(pos.variant());
    let mut compared = 0;
    for sq in pos.occupied().squares() {
        let p = pos.piece_at(sq).unwrap();
        let found = t.piece_attacks(p.color, p.kind, sq, pos.occupied(), pos.pieces(p.color));
        let expected: BTreeSet<Square> = attacks_slowly(pos, sq);
        assert_eq!(
            found.squares().collect::<BTreeSet<_>>(),
            expected,
            "{}: attacks of the {} in {}",
            pos.variant().id,
            piece_on(pos, sq),
            pos.to_fen()
        );
        compared += 1;
    }
    compared
}

/// Where the two royals stand on a board with one piece on `sq`: the first pair of
/// squares, in a fixed order, off `sq`, three steps apart, with the side not to move's
/// royal unattacked.
fn place_royals<B: TableCache>(pos: &mut Position<B>, sq: Square) {
    let v = pos.variant();
    let g = v.geometry;
    let us = pos.side_to_move();
    let mut order: Vec<Square> = g.squares().collect();
    // Edges first, then the rest: out of most pieces' way.
    order.sort_by_key(|&s| {
        let (f, r) = g.coords(s);
        let edge = f
            .min(r)
            .min(g.files() as i8 - 1 - f)
            .min(g.ranks() as i8 - 1 - r);
        (edge, s.0)
    });
    let royal_here = pos.piece_at(sq).is_some_and(|p| v.kind(p.kind).royal);
    for &theirs in &order {
        for &ours in &order {
            if theirs == sq || ours == sq || g.distance(ours, theirs) < 3 {
                continue;
            }
            let mut p = pos.clone();
            // A side without a royal piece (Antichess, Horde's White) gets none.
            if let Some(royal) = v.royal(!us) {
                p.put(theirs, Piece::new(!us, royal));
            }
            if let (false, Some(royal)) = (royal_here, v.royal(us)) {
                p.put(ours, Piece::new(us, royal));
            }
            if v.royal(!us).is_none() || !attacked_slowly(&p, theirs, us) {
                *pos = p;
                return;
            }
        }
    }
    panic!(
        "{}: no place for the royals with a piece on {}",
        v.id,
        g.name(sq)
    );
}

/// Every kind of `v`'s armies, both colours, on every square of an otherwise empty board
/// (the royals aside); returns how many pieces were compared.
fn every_kind_on_an_empty_board<B: TableCache>(v: &'static Variant) -> usize {
    let mut compared = 0;
    for color in Color::ALL {
        for &kind in &v.armies[color.index()] {
            for sq in v.geometry.squares() {
                let mut pos = empty_board::<B>(v, color);
                pos.put(sq, Piece::new(color, kind));
                place_royals(&mut pos, sq);
                compare_moves(&pos, sq);
                compared += compare_attacks(&pos);
            }
        }
    }
    compared
}

/// A random crowded board of `v`: both royals and up to `count` pieces of the armies'
/// kinds (pawns off the first and last ranks, Rupert and Pym once at most), a random side
/// to move; `None` if it is not a legal position.
fn crowded_board<B: TableCache>(
    v: &'static Variant,
    rng: &mut Rng,
    count: usize,
) -> Option<Position<B>> {
    let g = v.geometry;
    let side = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut pos = empty_board::<B>(v, side);
    let mut free: Vec<Square> = g.squares().collect();
    let mut take = |rng: &mut Rng, pawn: bool| loop {
        let s = free[rng.below(free.len())];
        let rank = g.rank(s).0;
        if !pawn || (rank > 0 && rank < g.ranks() - 1) {
            free.retain(|&x| x != s);
            return s;
        }
    };
    for color in Color::ALL {
        if let Some(royal) = v.royal(color) {
            pos.put(take(rng, false), Piece::new(color, royal));
        }
    }
    for _ in 0..count {
        let color = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let army: Vec<KindId> = v.armies[color.index()]
            .iter()
            .copied()
            .filter(|&k| !v.kind(k).royal)
            .collect();
        let kind = army[rng.below(army.len())];
        let unique = v.mutual_immunity.is_some_and(|pair| pair.contains(&kind));
        if unique && pos.kind_squares(kind).any() {
            // Rupert and Pym are one piece each.
            continue;
        }
        pos.put(take(rng, v.kind(kind).pawn), Piece::new(color, kind));
    }
    let them = !side;
    let their_royal_safe = pos
        .royal_square(them)
        .is_none_or(|r| !attacked_slowly(&pos, r, side));
    let immune_apart = v.mutual_immunity.is_none_or(|[a, b]| {
        let at = |k: KindId| {
            g.squares()
                .find(|&s| pos.piece_at(s).is_some_and(|p| p.kind == k))
        };
        match (at(a), at(b)) {
            (Some(x), Some(y)) => {
                !attacks_slowly(&pos, x).contains(&y) && !attacks_slowly(&pos, y).contains(&x)
            }
            _ => true,
        }
    });
    (their_royal_safe && immune_apart).then_some(pos)
}

/// Every piece of the side to move on `boards` random crowded boards of `v`; returns how
/// many pieces were compared.
fn every_piece_on_crowded_boards<B: TableCache>(v: &'static Variant, boards: usize) -> usize {
    let mut rng = Rng(0xA70B_5EED ^ v.id.len() as u64);
    let mut compared = 0;
    let mut made = 0;
    while made < boards {
        let count = 8 + rng.below(v.geometry.len() / 3);
        let Some(pos) = crowded_board::<B>(v, &mut rng, count) else {
            continue;
        };
        made += 1;
        for from in pos.pieces(pos.side_to_move()).squares() {
            compare_moves(&pos, from);
        }
        compared += compare_attacks(&pos);
    }
    compared
}

/// The games whose legal moves are their pieces' movement: not those with end rules
/// (extinction, compulsory capture), which end or cut short the sparse boards compared
/// here (their pieces are chess's; `tests/end_rules.rs` and their reference counts check
/// them), nor those with goals besides mate (a goal reached on a random board, or a check
/// Racing Kings forbids, removes moves the atoms alone do not know about; `tests/goals.rs`
/// and their reference counts check them).
fn movement_games() -> impl Iterator<Item = &'static Variant> {
    variants::all()
        .iter()
        .copied()
        .filter(|v| v.end_rules == EndRules::default() && !v.goals.active())
        .chain(zoo())
}

/// Game files whose custom pieces use what no built-in game's pieces do, or use it on a
/// piece of another kind: Joust's extensions on plain custom pieces (compass directions,
/// riding through own pieces, ranges, shots, bent riders) and XBetza's modifiers mixed.
/// A piece its fast paths misread (`@~fR` once taken for a Lancer's facing and left with
/// no moves) disagrees with its atoms here.
const ZOO: &str = "\
[zoo-compass:chess]
customPiece1 = a:@~fR
customPiece2 = c:K@~frB
customPiece3 = d:@frN@rW
customPiece4 = e:~NN
customPiece5 = f:@b~R2..4
customPiece6 = g:fsR~bB
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[zoo-mixed:chess]
customPiece1 = a:mR!R2..
customPiece2 = c:ft[FR]bW
customPiece3 = d:t[WB]nN
customPiece4 = e:N!nN
customPiece5 = f:mQ3cpR
customPiece6 = g:K~!Q2
customPiece7 = h:fmWfcFifmW
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
";

/// The games of [`ZOO`].
fn zoo() -> Vec<&'static Variant> {
    let loaded = load(ZOO, &parent_entries).expect("the zoo's syntax");
    assert!(loaded.rejected.is_empty(), "{:?}", loaded.rejected);
    assert_eq!(loaded.games.len(), 2);
    loaded.games
}

#[test]
fn every_kind_moves_and_attacks_as_its_atoms_on_an_empty_board() {
    for v in movement_games() {
        let compared = if v.geometry.len() <= 64 {
            every_kind_on_an_empty_board::<u64>(v)
        } else {
            every_kind_on_an_empty_board::<u128>(v)
        };
        eprintln!("{}: {compared}", v.id);
        // Every kind of both armies was put on every square (and the royals beside it).
        let kinds = v.armies.iter().map(Vec::len).sum::<usize>();
        assert!(compared >= kinds * v.geometry.len(), "{}: {compared}", v.id);
    }
}

#[test]
fn every_piece_moves_and_attacks_as_its_atoms_on_crowded_boards() {
    for v in movement_games() {
        let compared = if v.geometry.len() <= 64 {
            every_piece_on_crowded_boards::<u64>(v, 100)
        } else {
            every_piece_on_crowded_boards::<u128>(v, 100)
        };
        eprintln!("{}: {compared}", v.id);
        assert!(compared > 500, "{}: {compared}", v.id);
    }
}
