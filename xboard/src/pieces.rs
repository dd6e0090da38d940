//! Which XBoard piece type and letter each of a game's pieces is, and the FENs and moves
//! of a game with directional pieces (Lancers) as XBoard reads and writes them.
//!
//! XBoard's pieces have no direction, so a directional kind gets one XBoard type (and
//! letter) per facing: in Lancers Chess `F`=N, `E`=NE, `A`=E, `C`=SE, `W`=S, `M`=SW,
//! `O`=W, `H`=NW, taken from XBoard's free types in the order of its table, leaving out
//! the letters of the game's other pieces. Other pieces keep their letters.
//!
//! - FENs carry a facing as that letter: Joust's `L(NE)` is XBoard's `E`, `l(SE)` its `c`
//!   ([`PieceMap::fen_to_xboard`], [`PieceMap::fen_from_xboard`]).
//! - Moves carry the new facing as a promotion letter, the letter of the moved kind with
//!   that facing: Joust's `b1d3nw` is XBoard's `b1d3h`, a promotion to a Lancer facing NE
//!   (`e7e8lne`) is `e7e8e` ([`PieceMap::move_to_xboard`], [`PieceMap::move_from_xboard`]).
//!   XBoard 4.9.1 with legality testing off puts the piece of a move's promotion letter
//!   on its target square, so it shows the new facing.
//! - A move from XBoard with no letter, as a Lancer dragged in its window arrives
//!   (`b1d3`), keeps the facing the piece had: `b1d3ne` for the Lancer facing NE on `b1`
//!   ([`PieceMap::move_from_xboard`]).
//!
//! These convert letters only; [`crate::coords`] shifts the ranks of a 10-rank board.

use crate::support::Limit;
use joust_core::{Direction, Variant};
use joust_movegen::{on_position, AnyPosition};
use joust_uci::board::Board;

/// XBoard's piece types in the order of its `pieceToCharTable`, the King last.
pub(crate) const XBOARD_TYPES: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// One of a game's pieces (a letter, with a facing for a directional kind) as XBoard
/// has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// Joust's letter (uppercase).
    letter: char,
    /// The facing of a directional kind.
    facing: Option<Direction>,
    /// XBoard's letter (uppercase).
    xboard: char,
    /// Its place in [`XBOARD_TYPES`].
    slot: usize,
}

impl Entry {
    /// A piece without facing, under its own letter on XBoard type `slot`.
    fn plain(letter: char, slot: usize) -> Entry {
        Entry {
            letter,
            facing: None,
            xboard: letter,
            slot,
        }
    }
}

/// The XBoard piece type and letter of every (piece letter, facing) of a game. The
/// default map has no pieces and converts nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceMap {
    entries: Vec<Entry>,
}

/// What a piece is to XBoard's types: royal (it takes the King's type), a pawn (it may
/// take the Pawn's type, which XBoard promotes on the last rank), or another piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Royal,
    Pawn,
    Other,
}

/// A piece to place: its letter (uppercase), its role, its facing.
type Wanted = (char, Role, Option<Direction>);

impl PieceMap {
    /// The map of `variant`; [`Limit::TooManyKinds`] if it has more pieces (every facing
    /// of a directional kind counted) than XBoard has types with letters to spare.
    pub fn new(variant: &Variant) -> Result<PieceMap, Limit> {
        let mut wanted: Vec<Wanted> = Vec::new();
        for kind in &variant.kinds {
            if !wanted
                .iter()
                .any(|&(l, _, f)| l == kind.letter && f == kind.facing)
            {
                let role = match (kind.royal, kind.pawn) {
                    (true, _) => Role::Royal,
                    (false, true) => Role::Pawn,
                    (false, false) => Role::Other,
                };
                wanted.push((kind.letter, role, kind.facing));
            }
        }
        PieceMap::place(&wanted)
    }

    /// Places `wanted` on XBoard's types: a piece without facing on the type of its own
    /// letter where that is free (a royal one on the King's; a `P` that is no pawn, as
    /// Clobber's stones, never on the Pawn's, which XBoard would promote), else on the
    /// first free type, fairy types first, keeping its letter; then each facing of a
    /// directional kind on the next free type whose letter no other piece has, with that
    /// letter.
    fn place(wanted: &[Wanted]) -> Result<PieceMap, Limit> {
        let types: Vec<char> = XBOARD_TYPES.chars().collect();
        let king = types.len() - 1;
        let mut taken = vec![false; types.len()];
        let mut entries = Vec::new();
        let plain: Vec<&Wanted> = wanted.iter().filter(|w| w.2.is_none()).collect();
        let mut left = Vec::new();
        for &&(letter, role, _) in &plain {
            let own = match role {
                Role::Royal => Some(king),
                Role::Other if letter == types[0] => None,
                _ => types[..king].iter().position(|&t| t == letter),
            };
            match own {
                Some(slot) if !taken[slot] => {
                    taken[slot] = true;
                    entries.push(Entry::plain(letter, slot));
                }
                _ => left.push(letter),
            }
        }
        // Fairy types first, so that a FIDE type stays free for its own letter.
        let order: Vec<usize> = (5..king).chain(0..5).collect();
        let too_many = || Limit::TooManyKinds(wanted.len());
        for letter in left {
            let slot = *order.iter().find(|&&i| !taken[i]).ok_or_else(too_many)?;
            taken[slot] = true;
            entries.push(Entry::plain(letter, slot));
        }
        for &(letter, _, facing) in wanted.iter().filter(|w| w.2.is_some()) {
            let slot = *order
                .iter()
                .find(|&&i| !taken[i] && !plain.iter().any(|p| p.0 == types[i]))
                .ok_or_else(too_many)?;
            taken[slot] = true;
            entries.push(Entry {
                letter,
                facing,
                xboard: types[slot],
                slot,
            });
        }
        Ok(PieceMap { entries })
    }

    /// True if the game has directional pieces (then moves and FENs are converted).
    pub fn has_facings(&self) -> bool {
        self.entries.iter().any(|e| e.facing.is_some())
    }

    /// XBoard's `pieceToCharTable`: each XBoard letter at its type, `.` at the types not
    /// used; White's half, then Black's.
    pub fn table(&self) -> String {
        let mut table = vec!['.'; XBOARD_TYPES.len()];
        for e in &self.entries {
            table[e.slot] = e.xboard;
        }
        let white: String = table.iter().collect();
        format!("{white}{}", white.to_ascii_lowercase())
    }

    /// XBoard's letter (uppercase) for Joust's piece `letter` with `facing`.
    pub fn xboard_letter(&self, letter: char, facing: Option<Direction>) -> Option<char> {
        let letter = letter.to_ascii_uppercase();
        self.entries
            .iter()
            .find(|e| e.letter == letter && e.facing == facing)
            .map(|e| e.xboard)
    }

    /// Joust's letter (uppercase) and facing for XBoard's letter `xboard`.
    pub fn joust_piece(&self, xboard: char) -> Option<(char, Option<Direction>)> {
        let xboard = xboard.to_ascii_uppercase();
        self.entries
            .iter()
            .find(|e| e.xboard == xboard)
            .map(|e| (e.letter, e.facing))
    }

    /// A Joust FEN as XBoard reads it: each piece of the placement by its XBoard letter
    /// (`L(NE)` as `E`). A piece the map does not know is left as it is.
    pub fn fen_to_xboard(&self, fen: &str) -> String {
        let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let chars: Vec<char> = placement.chars().collect();
        let mut out = String::with_capacity(fen.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            if !c.is_ascii_alphabetic() {
                out.push(c);
                continue;
            }
            // A facing in brackets: `L(NE)`; a bracket that is no facing is copied.
            let mut facing = None;
            let mut end = i;
            if chars.get(i) == Some(&'(') {
                if let Some(close) = chars[i..].iter().position(|&x| x == ')') {
                    let name: String = chars[i + 1..i + close].iter().collect();
                    end = i + close + 1;
                    facing = Direction::parse(&name);
                    if facing.is_none() {
                        out.extend(&chars[i - 1..end]);
                        i = end;
                        continue;
                    }
                }
            }
            match self.xboard_letter(c, facing) {
                Some(x) => out.push(same_case(x, c)),
                None => out.extend(&chars[i - 1..end]),
            }
            i = end;
        }
        if !rest.is_empty() {
            out.push(' ');
            out.push_str(rest);
        }
        out
    }

    /// A FEN of XBoard's as Joust reads it: each XBoard letter of the placement as
    /// Joust's piece (`E` as `L(NE)`). A letter the map does not know is left as it is
    /// (Joust's FEN reader then refuses it).
    pub fn fen_from_xboard(&self, fen: &str) -> String {
        let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let mut out = String::with_capacity(fen.len() + 16);
        for c in placement.chars() {
            match self.joust_piece(c).filter(|_| c.is_ascii_alphabetic()) {
                Some((letter, facing)) => {
                    out.push(same_case(letter, c));
                    if let Some(f) = facing {
                        out.push('(');
                        out.push_str(f.name());
                        out.push(')');
                    }
                }
                None => out.push(c),
            }
        }
        if !rest.is_empty() {
            out.push(' ');
            out.push_str(rest);
        }
        out
    }

    /// A move of Joust's in `board` (coordinate text, Joust's ranks) as XBoard writes
    /// it: a move that gives a directional piece its facing (a Lancer's move, or a
    /// promotion to a Lancer) ends with the XBoard letter of that piece, lowercase
    /// (`b1d3nw` as `b1d3h`). Any other move, or text that is no legal move, is left as
    /// it is.
    pub fn move_to_xboard(&self, board: &Board, text: &str) -> String {
        if !self.has_facings() {
            return text.to_string();
        }
        let (moves, _) = board.moves_named(&[text.to_string()]);
        let [mv] = moves[..] else {
            return text.to_string();
        };
        let variant = board.variant();
        let Some(kind) = mv.promotion_kind().map(|k| variant.kind(k)) else {
            return text.to_string();
        };
        match kind
            .facing
            .and_then(|f| self.xboard_letter(kind.letter, Some(f)))
        {
            Some(x) => {
                let g = variant.geometry;
                let x = x.to_ascii_lowercase();
                format!("{}{}{x}", g.name(mv.from), g.name(mv.to))
            }
            None => text.to_string(),
        }
    }

    /// A move from XBoard in `board` (Joust's ranks) as Joust writes it: a promotion
    /// letter that is a directional piece's XBoard letter becomes its facing (`b1d3h` as
    /// `b1d3nw`, `e7e8e` as `e7e8lne`), if the move so read is legal. A directional
    /// piece's move with no letter (`b1d3`) keeps the facing the piece had
    /// (the one legal move that keeps it). Other text is left as it is.
    pub fn move_from_xboard(&self, board: &Board, text: &str) -> String {
        let unchanged = || text.to_string();
        if !self.has_facings() {
            return unchanged();
        }
        let mut chars = text.chars().rev();
        let (Some(last), Some(before)) = (chars.next(), chars.next()) else {
            return unchanged();
        };
        if last.is_ascii_digit() {
            return keeping_facing(board, text).unwrap_or_else(unchanged);
        }
        if !last.is_ascii_alphabetic() || !before.is_ascii_digit() {
            return unchanged();
        }
        let Some((letter, Some(facing))) = self.joust_piece(last) else {
            return unchanged();
        };
        let squares = &text[..text.len() - 1];
        let facing = facing.name().to_ascii_lowercase();
        let letter = letter.to_ascii_lowercase();
        // A Lancer's move names its facing only, a promotion the piece too; the one that
        // is legal and reads back as `text` is meant.
        [
            format!("{squares}{facing}"),
            format!("{squares}{letter}{facing}"),
        ]
        .into_iter()
        .find(|ours| {
            board.legal_texts().contains(ours)
                && self.move_to_xboard(board, ours).eq_ignore_ascii_case(text)
        })
        .unwrap_or_else(unchanged)
    }

    /// A line of Joust's moves from `board` (a principal variation) as XBoard writes
    /// them ([`PieceMap::move_to_xboard`], each in the position before it).
    pub fn line_to_xboard(&self, board: &Board, moves: &[String]) -> Vec<String> {
        if !self.has_facings() {
            return moves.to_vec();
        }
        let mut board = board.clone();
        moves
            .iter()
            .map(|text| {
                let theirs = self.move_to_xboard(&board, text);
                board.play(text);
                theirs
            })
            .collect()
    }
}

/// The legal move `text` (coordinate text with no facing, `b1d3`) of a directional piece
/// that keeps the facing the piece had (`b1d3ne` for a Lancer facing NE), if exactly one
/// legal move reads so; `None` if `text` is legal as it is, or no move or more than one
/// reads so.
fn keeping_facing(board: &Board, text: &str) -> Option<String> {
    let legal = board.legal_texts();
    if legal.iter().any(|m| m == text) {
        return None;
    }
    let variant = board.variant();
    let pos = AnyPosition::from_fen(variant, &board.fen()).ok()?;
    let mut found = Direction::ALL.into_iter().filter_map(|facing| {
        let ours = format!("{text}{}", facing.name().to_ascii_lowercase());
        if !legal.contains(&ours) {
            return None;
        }
        let (moves, _) = board.moves_named(std::slice::from_ref(&ours));
        let mv = *moves.first()?;
        let old = on_position!(&pos, p => p.piece_at(mv.from))?;
        let new = mv.promotion_kind()?;
        let keeps = variant.kind(old.kind).facing == Some(facing)
            && variant.kind(new).facing == Some(facing);
        keeps.then_some(ours)
    });
    match (found.next(), found.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// `letter` in the case of `like` (uppercase for White, lowercase for Black).
fn same_case(letter: char, like: char) -> char {
    if like.is_ascii_lowercase() {
        letter.to_ascii_lowercase()
    } else {
        letter.to_ascii_uppercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;
    use joust_uci::Setup;

    fn map(id: &str) -> PieceMap {
        PieceMap::new(variants::by_id(id).unwrap()).unwrap()
    }

    /// The Lancers' letters the task and docs/xboard.md give, facing by facing.
    const LANCERS: [(char, Direction); 8] = [
        ('F', Direction::N),
        ('E', Direction::NE),
        ('A', Direction::E),
        ('C', Direction::SE),
        ('W', Direction::S),
        ('M', Direction::SW),
        ('O', Direction::W),
        ('H', Direction::NW),
    ];

    #[test]
    fn every_facing_of_a_lancer_has_its_own_letter_both_ways() {
        for id in ["lancers", "single-lancer"] {
            let m = map(id);
            assert!(m.has_facings());
            for (x, facing) in LANCERS {
                assert_eq!(m.xboard_letter('L', Some(facing)), Some(x), "{id} {facing}");
                assert_eq!(m.joust_piece(x), Some(('L', Some(facing))), "{id} {x}");
                assert_eq!(
                    m.joust_piece(x.to_ascii_lowercase()),
                    Some(('L', Some(facing)))
                );
            }
            for letter in ['P', 'B', 'R', 'Q', 'K'] {
                assert_eq!(m.xboard_letter(letter, None), Some(letter), "{id}");
                assert_eq!(m.joust_piece(letter), Some((letter, None)), "{id}");
            }
            assert_eq!(m.xboard_letter('L', None), None);
        }
        assert_eq!(map("single-lancer").xboard_letter('N', None), Some('N'));
        assert_eq!(
            map("lancers").table(),
            "P.BRQFEACWMOH........Kp.brqfeacwmoh........k"
        );
        assert_eq!(
            map("single-lancer").table(),
            "PNBRQFEACWMOH........Kpnbrqfeacwmoh........k"
        );
    }

    #[test]
    fn every_game_maps_its_letters_one_to_one() {
        for v in variants::all() {
            let m = PieceMap::new(v).unwrap_or_else(|e| panic!("{}: {e}", v.id));
            let table = m.table();
            assert_eq!(table.len(), 2 * XBOARD_TYPES.len(), "{}", v.id);
            for k in &v.kinds {
                let x = m.xboard_letter(k.letter, k.facing).expect("mapped");
                assert_eq!(m.joust_piece(x), Some((k.letter, k.facing)), "{}", v.id);
                assert!(table.contains(x), "{}: {x} in {table}", v.id);
                if k.facing.is_none() {
                    assert_eq!(x, k.letter, "{}: kept", v.id);
                }
            }
            let fen = v.start_fen;
            assert_eq!(m.fen_from_xboard(&m.fen_to_xboard(fen)), fen, "{}", v.id);
            if !m.has_facings() {
                assert_eq!(m.fen_to_xboard(fen), fen, "{}", v.id);
            }
        }
    }

    #[test]
    fn fens_carry_facings_as_letters() {
        let m = map("lancers");
        let ours = variants::lancers().start_fen;
        let theirs = "rcbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/REBQKBHR w KQkq - 0 1";
        assert_eq!(m.fen_to_xboard(ours), theirs);
        assert_eq!(m.fen_from_xboard(theirs), ours);
        // Every facing, both colours.
        let row: String = LANCERS.iter().map(|(x, _)| *x).collect();
        let fen = format!("{row}/{}/8/8/8/8/8/K6k w - - 0 1", row.to_lowercase());
        let back = m.fen_from_xboard(&fen);
        assert!(back.starts_with("L(N)L(NE)L(E)L(SE)L(S)L(SW)L(W)L(NW)/l(N)l(NE)"));
        assert_eq!(m.fen_to_xboard(&back), fen);
        // Not a facing, or a letter XBoard has no type for: left alone.
        assert_eq!(m.fen_to_xboard("L(XY)7/8 w"), "L(XY)7/8 w");
        assert_eq!(m.fen_from_xboard("Z7/8 w"), "Z7/8 w");
    }

    #[test]
    fn lancer_moves_carry_the_facing_as_a_promotion_letter() {
        let m = map("lancers");
        let board = Board::start(variants::lancers());
        let mut seen = 0;
        for ours in board.legal_texts() {
            let theirs = m.move_to_xboard(&board, &ours);
            assert_eq!(m.move_from_xboard(&board, &theirs), ours, "{theirs}");
            if ours.starts_with("b1") || ours.starts_with("g1") {
                // The Lancers on b1 and g1 (facing NE, NW): b1c2, b1d3, ... each with a
                // facing.
                let facing = Direction::parse(&ours[4..]).expect("a facing");
                let x = m.xboard_letter('L', Some(facing)).unwrap();
                assert_eq!(theirs, format!("{}{}", &ours[..4], x.to_ascii_lowercase()));
                seen += 1;
            } else {
                assert_eq!(theirs, ours);
            }
        }
        assert!(seen >= 16, "{seen} Lancer moves from b1 and g1");
        assert_eq!(m.move_to_xboard(&board, "b1d3nw"), "b1d3h");
        assert_eq!(m.move_from_xboard(&board, "b1d3h"), "b1d3nw");
        assert_eq!(m.move_from_xboard(&board, "b1d3f"), "b1d3n");
        // Not legal, or no facing letter: unchanged.
        assert_eq!(m.move_from_xboard(&board, "b1b3h"), "b1b3h");
        assert_eq!(m.move_from_xboard(&board, "b1b3"), "b1b3");
        assert_eq!(m.move_from_xboard(&board, "e2e4"), "e2e4");
        assert_eq!(m.move_to_xboard(&board, "e2e5"), "e2e5");
    }

    #[test]
    fn a_promotion_to_a_lancer_names_the_lancer_of_its_facing() {
        let game = variants::lancers();
        let fen = "8/4P3/8/8/8/8/8/K6k w - - 0 1";
        let board = Board::set_up(game, &Setup::Fen(fen.into()), &[]).unwrap();
        let m = map("lancers");
        assert_eq!(m.move_to_xboard(&board, "e7e8lne"), "e7e8e");
        assert_eq!(m.move_from_xboard(&board, "e7e8e"), "e7e8lne");
        assert_eq!(m.move_from_xboard(&board, "e7e8f"), "e7e8ln");
        assert_eq!(m.move_to_xboard(&board, "e7e8q"), "e7e8q");
        assert_eq!(m.move_from_xboard(&board, "e7e8q"), "e7e8q");
        // single-lancer: `n` is the Knight, `f` the Lancer facing N.
        let game = variants::single_lancer();
        let board = Board::set_up(game, &Setup::Fen(fen.into()), &[]).unwrap();
        let m = map("single-lancer");
        assert_eq!(m.move_from_xboard(&board, "e7e8n"), "e7e8n");
        assert_eq!(m.move_from_xboard(&board, "e7e8f"), "e7e8ln");
        let line = ["e7e8ls".to_string(), "h1g1".into(), "e8e2w".into()];
        assert_eq!(m.line_to_xboard(&board, &line), ["e7e8w", "h1g1", "e8e2o"]);
    }

    #[test]
    fn a_move_with_no_facing_keeps_the_facing_the_piece_had() {
        let m = map("lancers");
        let board = Board::start(variants::lancers());
        assert_eq!(m.move_from_xboard(&board, "b1d3"), "b1d3ne");
        assert_eq!(m.move_from_xboard(&board, "g1e3"), "g1e3nw");
        // A move the Lancer cannot make, another piece's move: unchanged.
        assert_eq!(m.move_from_xboard(&board, "b1b3"), "b1b3");
        assert_eq!(m.move_from_xboard(&board, "e2e4"), "e2e4");
        assert_eq!(m.move_from_xboard(&board, "g1h3"), "g1h3");
        // Black's Lancers, one facing SW after a turn to it.
        let fen = "r1bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R b KQkq - 0 1";
        let board = Board::set_up(variants::lancers(), &Setup::Fen(fen.into()), &[]).unwrap();
        assert_eq!(m.move_from_xboard(&board, "g8e6"), "g8e6sw");
        // A promotion with no piece named is no Lancer's move.
        let fen = "8/4P3/8/8/8/8/8/K6k w - - 0 1";
        let board = Board::set_up(variants::lancers(), &Setup::Fen(fen.into()), &[]).unwrap();
        assert_eq!(m.move_from_xboard(&board, "e7e8"), "e7e8");
    }

    #[test]
    fn a_p_that_is_no_pawn_keeps_off_xboards_pawn_type() {
        // Clobber's stones are `P`/`p` but no pawns: on XBoard's Pawn type, XBoard took
        // a stone's sideways move to the last rank for a promotion (`c6b6.`).
        let clobber = variants::by_id("clobber").unwrap();
        let table = PieceMap::new(clobber).unwrap().table();
        assert!(table.starts_with('.'), "{table}");
        assert_eq!(table.matches('P').count(), 1, "{table}");
        // Chess's pawns keep their own type.
        let chess = PieceMap::new(variants::chess()).unwrap().table();
        assert!(chess.starts_with('P'), "{chess}");
    }

    #[test]
    fn a_game_with_more_pieces_than_xboard_types_is_refused() {
        // XBoard has 21 types besides the King's, which only a royal piece takes.
        let plain: Vec<Wanted> = "ABCDEFGHIJLMNOPQRSTUVWXY"
            .chars()
            .map(|l| (l, Role::Other, None))
            .collect();
        assert_eq!(
            PieceMap::place(&plain[..21]).map(|m| m.entries.len()),
            Ok(21)
        );
        assert_eq!(PieceMap::place(&plain[..22]), Err(Limit::TooManyKinds(22)));
        let mut with_king = plain[..21].to_vec();
        with_king.push(('K', Role::Royal, None));
        assert!(PieceMap::place(&with_king).is_ok());
        // Thirteen plain pieces and a Lancer's eight facings fit; one more does not.
        let lancer = Direction::ALL.map(|f| ('Z', Role::Other, Some(f)));
        let mut wanted = plain[..13].to_vec();
        wanted.extend(lancer);
        assert!(PieceMap::place(&wanted).is_ok());
        let mut wanted = plain[..14].to_vec();
        wanted.extend(lancer);
        assert_eq!(PieceMap::place(&wanted), Err(Limit::TooManyKinds(22)));
    }
}
