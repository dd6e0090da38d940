//! `cromwell`: Cromwell Chess (docs/rules/cromwell.md): pieces that capture by moving and
//! by shooting, War Machines that only shoot, Rupert and Pym who may never face each
//! other, and a stalemate that loses.

use crate::color::Color;
use crate::piece::KindId;
use crate::pieces;
use crate::square::Geometry;
use crate::variant::{DeadPosition, DoubleStep, PawnRules, Promotion, StalemateResult, Variant};
use once_cell::sync::Lazy;

const PAWN: KindId = KindId(0);
const WAR_MACHINE: KindId = KindId(1);
const WHITE_HORSEMAN: KindId = KindId(2);
const BLACK_HORSEMAN: KindId = KindId(3);
const BISHOP: KindId = KindId(4);
const RUPERT: KindId = KindId(5);
const PYM: KindId = KindId(6);
const KING: KindId = KindId(7);

/// The `cromwell` game.
pub static CROMWELL: Lazy<Variant> = Lazy::new(|| Variant {
    id: "cromwell",
    name: "Cromwell Chess",
    summary: "Pieces shoot: they capture without moving; War Machines only shoot",
    geometry: Geometry::CHESS,
    kinds: vec![
        pieces::cromwell_pawn(),
        pieces::cromwell_war_machine(),
        pieces::horseman(Color::White),
        pieces::horseman(Color::Black),
        pieces::shooting_bishop(),
        pieces::rupert(),
        pieces::pym(),
        pieces::cromwell_king(),
    ],
    armies: [
        vec![PAWN, WAR_MACHINE, WHITE_HORSEMAN, BISHOP, RUPERT, KING],
        vec![PAWN, WAR_MACHINE, BLACK_HORSEMAN, BISHOP, PYM, KING],
    ],
    start_fen: "whbykbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW w - - 0 1",
    castling: Vec::new(),
    pawns: PawnRules {
        double_step: DoubleStep::Never,
        en_passant: false,
    },
    promotion: [
        Promotion::to(vec![WAR_MACHINE, WHITE_HORSEMAN, BISHOP]),
        Promotion::to(vec![WAR_MACHINE, BLACK_HORSEMAN, BISHOP]),
    ],
    stalemate: StalemateResult::Loss,
    fifty_move_plies: 100,
    // With stalemate winning, no position is dead (docs/rules/cromwell.md, "How the game
    // ends").
    dead_position: DeadPosition::default(),
    gating_types: Vec::new(),
    gating_rejection: None,
    mutual_immunity: Some([RUPERT, PYM]),
    goals: Default::default(),
    check_freezes_royal: false,
    first_leaps: None,
    end_rules: Default::default(),
});
