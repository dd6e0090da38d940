//! Musketeer's setup phase and gating (docs/rules/musketeer.md, "The setup" and "Gating")
//! inside move generation: setup moves are generated instead of board moves until setup
//! is done, and a move's gating effect is worked out from the position before it.

use crate::moves::{Move, MoveFlag, MoveList};
use crate::sliders::Board;
use crate::tables::Tables;
use joust_core::{Color, Gating, KindId, Position, SetupStep, Slot, Square};

/// What a board move does to the reserves.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GateEffect {
    /// A reserve piece of the mover enters: where, which type, from which slot.
    pub gate: Option<(Square, KindId, usize)>,
    /// The mover's reserve of this slot is forfeited (its King moved out of check
    /// without capturing a checker).
    pub forfeit_own: Option<usize>,
    /// The opponent's reserve of this slot is lost (its unmoved piece was captured).
    pub forfeit_enemy: Option<usize>,
}

/// Appends the setup moves if the position is still in the setup phase; returns true if
/// it is (and then it has no other moves).
pub fn setup_moves<B: Board>(t: &Tables<B>, pos: &Position<B>, list: &mut MoveList) -> bool {
    let g = pos.gating();
    let Some(step) = g.setup_step() else {
        return false;
    };
    match step {
        SetupStep::WhiteSelects | SetupStep::BlackSelects => {
            for &k in &t.variant.gating_types {
                list.push(Move::select(k));
            }
        }
        SetupStep::Place { color, slot } => {
            let kind = g.types[slot].expect("placement follows selection");
            for file in 0..t.geometry.files() {
                if placement_allowed(t, pos, color, slot, file) {
                    list.push(Move::place(kind, file));
                }
            }
        }
    }
    true
}

/// The square behind which `color`'s reserve cell of `file` lies: its back-rank square.
pub fn back_rank_square<B: Board>(t: &Tables<B>, color: Color, file: u8) -> Square {
    let rank = match color {
        Color::White => 0,
        Color::Black => t.geometry.ranks() as i8 - 1,
    };
    t.geometry
        .square(file as i8, rank)
        .expect("file on the board")
}

/// The cell must be free, have a piece of the same side in front of it, and the two
/// pieces of one side may not stand behind both the King and a castling Rook
/// (docs/rules/musketeer.md, "The setup").
fn placement_allowed<B: Board>(
    t: &Tables<B>,
    pos: &Position<B>,
    color: Color,
    slot: usize,
    file: u8,
) -> bool {
    let g = pos.gating();
    let front = back_rank_square(t, color, file);
    if pos.piece_at(front).is_none_or(|p| p.color != color) {
        return false;
    }
    let other = g.slots[color.index()][1 - slot];
    match other {
        Slot::File(o) if o == file => false,
        Slot::File(o) => {
            let geometry = t.geometry;
            !t.variant
                .castling
                .iter()
                .filter(|r| r.color == color)
                .any(|r| {
                    let king = geometry.file(r.royal_from).0;
                    let rook = geometry.file(r.rook_from).0;
                    (o == king && file == rook) || (o == rook && file == king)
                })
        }
        _ => true,
    }
}

/// The gating field after the setup move `mv`.
pub fn after_setup_move(
    gating: &Gating,
    mv: Move,
    side: Color,
    rejection: Option<[KindId; 2]>,
) -> Gating {
    let mut g = *gating;
    let kind = mv.promotion_kind().expect("setup moves name a type");
    match (mv.flag, g.setup_step()) {
        (MoveFlag::Select, Some(SetupStep::WhiteSelects)) => g.types[0] = Some(kind),
        (MoveFlag::Select, Some(SetupStep::BlackSelects)) => {
            if g.types[0] == Some(kind) {
                let [first, second] = rejection.expect("a gating game defines rejection");
                g.types = [Some(first), Some(second)];
            } else {
                g.types[1] = Some(kind);
            }
        }
        (MoveFlag::Place, Some(SetupStep::Place { color, slot })) if color == side => {
            g.slots[color.index()][slot] = Slot::File(mv.aux);
        }
        _ => {}
    }
    g
}

/// What the board move `mv` does to the reserves, judged in the position before it.
#[inline]
pub fn gate_effect<B: Board>(t: &Tables<B>, pos: &Position<B>, mv: Move) -> GateEffect {
    let g = pos.gating();
    let us = pos.side_to_move();
    let them = !us;
    let mut effect = GateEffect::default();
    if !g.has_reserve(us) && !g.has_reserve(them) {
        return effect;
    }
    let geometry = t.geometry;
    if g.has_reserve(us) {
        if mv.flag == MoveFlag::Castle {
            let rule = &pos.castling_rules()[mv.aux as usize];
            for sq in [rule.royal_from, rule.rook_from] {
                if let Some((slot, kind)) = g.reserve_on(us, geometry.file(sq).0) {
                    effect.gate = Some((sq, kind, slot));
                    break;
                }
            }
        } else if back_rank_square(t, us, geometry.file(mv.from).0) == mv.from {
            if let Some((slot, kind)) = g.reserve_on(us, geometry.file(mv.from).0) {
                let mover = pos.piece_at(mv.from).expect("a piece moves");
                let in_check_without_capturing_a_checker = t.kinds[mover.kind.index()].royal && {
                    let checkers = t.attackers(pos, mv.from, pos.occupied(), them);
                    checkers.any() && !checkers.has(mv.to)
                };
                if in_check_without_capturing_a_checker {
                    effect.forfeit_own = Some(slot);
                } else {
                    effect.gate = Some((mv.from, kind, slot));
                }
            }
        }
    }
    if g.has_reserve(them)
        && matches!(mv.flag, MoveFlag::Normal)
        && pos.piece_at(mv.to).is_some()
        && back_rank_square(t, them, geometry.file(mv.to).0) == mv.to
    {
        if let Some((slot, _)) = g.reserve_on(them, geometry.file(mv.to).0) {
            effect.forfeit_enemy = Some(slot);
        }
    }
    effect
}
