//! Making and unmaking moves.

use crate::gating::{after_setup_move, gate_effect, GateEffect};
use crate::moves::{Move, MoveFlag};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::check_series::CheckSeries;
use joust_core::{CastlingRights, Color, Gating, Piece, Position, Slot, Square};

/// What unmaking a move needs to restore.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    moved: Option<Piece>,
    captured: Option<Piece>,
    captured2: Option<Piece>,
    gating: Gating,
    gated: Option<Square>,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    checks: [u8; 2],
    series: [CheckSeries; 2],
    leaps: [u16; 2],
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// Where a Musketeer reserve piece or a piece from the hand entered the board with
    /// this move, if one did.
    pub fn gated(&self) -> Option<Square> {
        self.gated
    }
}

/// Plays `mv` (which must be legal in `pos`) and returns what is needed to take it back.
pub fn make<B: Board>(t: &Tables<B>, pos: &mut Position<B>, mv: Move) -> Undo {
    let us = pos.side_to_move();
    let undo = Undo {
        moved: pos.piece_at(mv.from),
        captured: None,
        captured2: None,
        gating: *pos.gating(),
        gated: None,
        castling: pos.castling(),
        ep: pos.en_passant(),
        halfmove: pos.halfmove_clock(),
        fullmove: pos.fullmove_number(),
        key: pos.key(),
        checks: [
            pos.checks_remaining(Color::White),
            pos.checks_remaining(Color::Black),
        ],
        series: [
            pos.check_series(Color::White),
            pos.check_series(Color::Black),
        ],
        leaps: [0; 2],
    };
    if mv.is_setup() {
        let g = after_setup_move(pos.gating(), mv, us, t.variant.gating_rejection);
        pos.set_gating(g);
        pos.set_en_passant(None);
        if us == Color::Black {
            pos.set_fullmove_number(undo.fullmove + 1);
        }
        pos.flip_side();
        return undo;
    }
    if mv.is_null() {
        // Passing: the board stays, en passant lapses, the clock runs on.
        pos.set_en_passant(None);
        pos.set_halfmove_clock(undo.halfmove + 1);
        if us == Color::Black {
            pos.set_fullmove_number(undo.fullmove + 1);
        }
        pos.flip_side();
        if t.variant.end_rules.shatar_mate.is_some() {
            // A pass gives no check: it ends the passer's series.
            pos.set_check_series(us, CheckSeries::None);
        }
        return Undo {
            leaps: [
                pos.first_move_rights(Color::White),
                pos.first_move_rights(Color::Black),
            ],
            ..undo
        };
    }
    let effect = if t.gating {
        gate_effect(t, pos, mv)
    } else {
        GateEffect::default()
    };
    let mut captured = None;
    let mut captured2 = None;
    let mut reset_clock = false;
    let mut new_ep = None;
    match mv.flag {
        MoveFlag::Normal | MoveFlag::DoubleStep => {
            if pos.piece_at(mv.to).is_some() {
                captured = Some(pos.remove(mv.to));
                reset_clock = true;
            }
            let mover = pos.piece_at(mv.from).expect("a piece on the from square");
            // A pawn move resets the clock, except a sideways step (Cromwell,
            // docs/rules/cromwell.md, "How the game ends").
            let g = t.geometry;
            reset_clock |= t.kinds[mover.kind.index()].pawn && g.rank(mv.from) != g.rank(mv.to);
            pos.relocate(mv.from, mv.to);
            if let Some(k) = mv.promotion_kind() {
                pos.remove(mv.to);
                pos.put(mv.to, Piece::new(us, k));
            }
            if mv.flag == MoveFlag::DoubleStep {
                new_ep = en_passant_after_double_step(t, pos, mv);
            }
        }
        MoveFlag::EnPassant => {
            let capsq = pawn_passed_square(t, us, mv.to);
            captured = Some(pos.remove(capsq));
            pos.relocate(mv.from, mv.to);
            reset_clock = true;
        }
        MoveFlag::Castle => {
            let rule = &pos.castling_rules()[mv.aux as usize];
            let royal = pos.remove(rule.royal_from);
            let rook = pos.remove(rule.rook_from);
            pos.put(rule.royal_to, royal);
            pos.put(rule.rook_to, rook);
        }
        MoveFlag::LionDouble => {
            captured = Some(pos.remove(Square(mv.aux)));
            if mv.to != mv.from {
                if pos.piece_at(mv.to).is_some() {
                    captured2 = Some(pos.remove(mv.to));
                }
                pos.relocate(mv.from, mv.to);
            }
            reset_clock = true;
        }
        MoveFlag::Pass => {}
        MoveFlag::Shot => {
            captured = Some(pos.remove(mv.to));
            reset_clock = true;
        }
        MoveFlag::Select | MoveFlag::Place | MoveFlag::Null => {
            unreachable!("setup and null moves are made above")
        }
    }
    let mut gated = None;
    if let Some((kind, sq)) = mv.hand_gate(pos) {
        pos.take_from_hand(us, kind);
        pos.put(sq, Piece::new(us, kind));
        gated = Some(sq);
    }
    if effect != GateEffect::default() {
        let mut g = *pos.gating();
        if let Some((sq, kind, slot)) = effect.gate {
            pos.put(sq, Piece::new(us, kind));
            g.slots[us.index()][slot] = Slot::Gone;
            gated = Some(sq);
        }
        if let Some(slot) = effect.forfeit_own {
            g.slots[us.index()][slot] = Slot::Gone;
        }
        if let Some(slot) = effect.forfeit_enemy {
            g.slots[(!us).index()][slot] = Slot::Gone;
        }
        pos.set_gating(g);
    }
    let loss = if t.variant.chess960.is_some() {
        chess960_loss(pos, mv)
    } else {
        t.castle_loss[mv.from.index()] | t.castle_loss[mv.to.index()]
    };
    if loss & pos.castling().0 != 0 {
        pos.set_castling(CastlingRights(pos.castling().0 & !loss));
    }
    // Read here, not with the rest of the state: the rights change only below.
    let leaps = if t.first_move_rights {
        lose_first_move_rights(t, pos, us, mv)
    } else {
        [0; 2]
    };
    pos.set_en_passant(new_ep);
    pos.set_halfmove_clock(if reset_clock { 0 } else { undo.halfmove + 1 });
    if us == Color::Black {
        pos.set_fullmove_number(undo.fullmove + 1);
    }
    pos.flip_side();
    if t.variant.goals.check_counting {
        count_check(t, pos, us);
    }
    if let Some(rule) = &t.variant.end_rules.shatar_mate {
        let series = rule.after_move(pos.check_series(us), checking_kinds(t, pos, us));
        pos.set_check_series(us, series);
    }
    Undo {
        captured,
        captured2,
        gated,
        leaps,
        ..undo
    }
}

/// Takes back `mv`, which was the last move made with [`make`] and returned `undo`.
pub fn unmake<B: Board>(t: &Tables<B>, pos: &mut Position<B>, mv: Move, undo: &Undo) {
    let us = !pos.side_to_move();
    if let Some(sq) = undo.gated {
        let piece = pos.remove(sq);
        if mv.gate_kind().is_some() {
            pos.add_to_hand(us, piece.kind);
        }
    }
    if t.gating && *pos.gating() != undo.gating {
        pos.set_gating(undo.gating);
    }
    match mv.flag {
        MoveFlag::Normal | MoveFlag::DoubleStep => {
            if mv.promotion_kind().is_some() {
                // A promotion or a Lancer's turn: the piece was of another kind before.
                pos.remove(mv.to);
                pos.put(mv.from, undo.moved.expect("a piece moved"));
            } else {
                pos.relocate(mv.to, mv.from);
            }
            if let Some(c) = undo.captured {
                pos.put(mv.to, c);
            }
        }
        MoveFlag::EnPassant => {
            pos.relocate(mv.to, mv.from);
            let capsq = pawn_passed_square(t, us, mv.to);
            pos.put(capsq, undo.captured.expect("en passant captures"));
        }
        MoveFlag::Castle => {
            let rule = &pos.castling_rules()[mv.aux as usize];
            let royal = pos.remove(rule.royal_to);
            let rook = pos.remove(rule.rook_to);
            pos.put(rule.royal_from, royal);
            pos.put(rule.rook_from, rook);
        }
        MoveFlag::LionDouble => {
            if mv.to != mv.from {
                pos.relocate(mv.to, mv.from);
                if let Some(c) = undo.captured2 {
                    pos.put(mv.to, c);
                }
            }
            pos.put(
                Square(mv.aux),
                undo.captured.expect("a double move captures"),
            );
        }
        MoveFlag::Pass => {}
        MoveFlag::Shot => pos.put(mv.to, undo.captured.expect("a shot hits a piece")),
        MoveFlag::Select | MoveFlag::Place | MoveFlag::Null => {}
    }
    if pos.side_to_move() != us {
        pos.flip_side();
    }
    pos.restore_checks(undo.checks);
    if t.variant.end_rules.shatar_mate.is_some() {
        for c in Color::ALL {
            pos.set_check_series(c, undo.series[c.index()]);
        }
    }
    if t.first_move_rights {
        pos.restore_first_move_rights(undo.leaps);
    }
    pos.restore_state(
        undo.castling,
        undo.ep,
        undo.halfmove,
        undo.fullmove,
        undo.key,
    );
}

/// The first-move rights after `us` played `mv` (Ouk Chatrang's first leaps, S-Chess's
/// gating squares; both Fairy-Stockfish's gates): `us` loses the right of the square it
/// moved from (and of its Rook's when castling), the other side that of the square it
/// moved to; a side whose hand is empty after gating can gate nowhere. Returns both
/// sides' rights before the move, White's first.
#[cold]
#[inline(never)]
fn lose_first_move_rights<B: Board>(
    t: &Tables<B>,
    pos: &mut Position<B>,
    us: Color,
    mv: Move,
) -> [u16; 2] {
    let before = [
        pos.first_move_rights(Color::White),
        pos.first_move_rights(Color::Black),
    ];
    let g = t.geometry;
    let first_rank = |c: Color| match c {
        Color::White => 0,
        Color::Black => g.ranks() - 1,
    };
    let rook_from =
        (mv.flag == MoveFlag::Castle).then(|| pos.castling_rules()[mv.aux as usize].rook_from);
    let lost = [(us, mv.from), (!us, mv.to)]
        .into_iter()
        .chain(rook_from.map(|sq| (us, sq)));
    for (color, sq) in lost {
        let rights = pos.first_move_rights(color);
        if g.rank(sq).0 == first_rank(color) && rights >> g.file(sq).0 & 1 != 0 {
            pos.set_first_move_rights(color, rights & !(1 << g.file(sq).0));
        }
    }
    // With nothing left in hand, nothing can gate any more.
    if t.hand_gating && pos.hand_size(us) == 0 {
        pos.set_first_move_rights(us, 0);
    }
    before
}

/// In a game that counts checks: `us` has just moved; a check it gave uses up one of the
/// checks it still had to give (none left: it has won, `Position::goal_end`).
#[cold]
fn count_check<B: Board>(t: &Tables<B>, pos: &mut Position<B>, us: Color) {
    let left = pos.checks_remaining(us);
    if left > 0 && t.in_check(pos, !us) {
        pos.set_checks_remaining(us, left - 1);
    }
}

/// The kinds (a bit per kind) of `by`'s pieces that give check to the other side's royal
/// piece, 0 if none do.
pub fn checking_kinds<B: Board>(t: &Tables<B>, pos: &Position<B>, by: Color) -> u32 {
    let Some(royal) = pos.royal_square(!by) else {
        return 0;
    };
    t.attackers(pos, royal, pos.occupied(), by)
        .squares()
        .filter_map(|sq| pos.piece_at(sq))
        .fold(0, |kinds, p| kinds | 1 << p.kind.0)
}

/// The square of the pawn captured en passant: one step back from `ep` for the capturer.
#[inline(always)]
fn pawn_passed_square<B: Board>(t: &Tables<B>, capturer: Color, ep: Square) -> Square {
    let files = t.geometry.files();
    match capturer {
        Color::White => Square(ep.0 - files),
        Color::Black => Square(ep.0 + files),
    }
}

/// After a double step, the passed square if the opponent can legally capture there
/// (docs/rules/README.md, "How a game ends" and "Open questions settled for every game":
/// only a legal en-passant capture is part of the position).
fn en_passant_after_double_step<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    mv: Move,
) -> Option<Square> {
    let us = pos.side_to_move();
    let them = !us;
    let their_pawn = t.pawn[them.index()]?;
    let files = t.geometry.files();
    let ep = Square((mv.from.0 + mv.to.0) / 2);
    debug_assert_eq!(
        ep.0.abs_diff(mv.from.0),
        files,
        "double step passes one square"
    );
    let capturers = t.kinds[their_pawn.index()].reverse_leap[them.index()][ep.index()]
        & pos.pieces_of(them, their_pawn);
    if capturers.is_empty() || !t.variant.pawns.en_passant {
        return None;
    }
    // Without a royal piece (Horde's White) every capture en passant is legal.
    let Some(ksq) = pos.royal_square(them) else {
        return Some(ep);
    };
    let occ = pos.occupied();
    for from in capturers.squares() {
        let occ2 = (occ ^ B::from_square(from) ^ B::from_square(mv.to)) | B::from_square(ep);
        let att = t.attackers(pos, ksq, occ2, us) & !B::from_square(mv.to);
        if att.is_empty() {
            return Some(ep);
        }
    }
    None
}

/// The castling rights a move takes away in a Chess960 game, whose rules are the
/// position's own: every right whose king or rook square the move leaves or lands on.
#[inline(never)]
fn chess960_loss<B: Board>(pos: &Position<B>, mv: Move) -> u8 {
    let mut loss = 0;
    for (i, rule) in pos.castling_rules().iter().enumerate() {
        let squares = [rule.royal_from, rule.rook_from];
        if squares.contains(&mv.from) || squares.contains(&mv.to) {
            loss |= 1 << i;
        }
    }
    loss
}
