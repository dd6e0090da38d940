//! Every number the search is tuned by, in one place: the margins and depths of each
//! pruning rule, the reductions and the windows (the time plan is in `time`). Each is
//! named for what it decides; changing one changes the tree searched, so it lands only
//! with a match that measures it (`cargo xtask match`).

/// Reverse futility pruning applies at this remaining depth and below.
pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 7;

/// How far above beta the static value must stand to return it without a search
/// (reverse futility): a margin per ply, one ply less when the position is improving.
pub(super) fn reverse_futility_margin(depth: i32, improving: bool) -> i32 {
    80 * (depth - improving as i32)
}

/// Null-move pruning applies from this remaining depth up.
pub(super) const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// How many plies the null-move search is reduced by, on top of the ply passed: more at
/// depth, and more the further the static value stands above beta.
pub(super) fn null_move_reduction(depth: i32, static_eval: i32, beta: i32) -> i32 {
    3 + depth / 4 + ((static_eval - beta) / 200).min(2)
}

/// Without a table move, a node of this remaining depth or more is searched a ply
/// shallower (internal iterative reduction).
pub(super) const IIR_MIN_DEPTH: i32 = 4;

/// Singular extension is tested from this remaining depth up.
pub(super) const SINGULAR_MIN_DEPTH: i32 = 8;

/// The table entry behind a singular test must be at most this many plies shallower
/// than the node.
pub(super) const SINGULAR_ENTRY_DEPTH_MARGIN: i32 = 3;

/// The window the other moves must fall under for the table move to be singular.
pub(super) fn singular_beta(tt_score: i32, depth: i32) -> i32 {
    tt_score - 2 * depth
}

/// The depth of the singular test search.
pub(super) fn singular_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

/// Futility pruning of quiet moves applies at this remaining depth and below.
pub(super) const FUTILITY_DEPTH: i32 = 4;

/// How far below alpha the static value must stand for quiet moves to be futile.
pub(super) fn futility_margin(depth: i32) -> i32 {
    100 * depth + 60
}

/// Late-move pruning applies at this remaining depth and below.
pub(super) const LATE_MOVE_DEPTH: i32 = 6;

/// How many quiet moves are searched before the rest are pruned (late-move pruning);
/// twice as many when the position is improving.
pub(super) fn late_move_count(depth: i32, improving: bool) -> i32 {
    (3 + depth * depth) / (2 - improving as i32)
}

/// The history reward of a quiet move that cut off at `depth` (and the malus of the
/// quiet moves tried before it): linear in the depth, within 50..=1500, against a
/// history bound of 16,384. About a tenth of the bound at depth 8: large enough that
/// history pruning and the history's share of the reductions (below) come into play.
pub(super) fn history_bonus(depth: i32) -> i32 {
    (200 * depth - 150).clamp(50, 1500)
}

/// Quiet moves with a bad history are pruned below this reduced depth.
pub(super) const HISTORY_PRUNE_DEPTH: i32 = 3;

/// The history under which a quiet move is pruned at low reduced depth.
pub(super) fn history_prune_threshold(depth: i32) -> i32 {
    -3000 * depth
}

/// Futility by reduced depth applies below this reduced depth.
pub(super) const REDUCED_FUTILITY_DEPTH: i32 = 6;

/// How far below alpha the static value must stand for a quiet move to be futile at the
/// depth a late-move reduction would search it to.
pub(super) fn reduced_futility_margin(lmr_depth: i32) -> i32 {
    180 + 135 * lmr_depth
}

/// Moves that lose material by exchange are pruned at this remaining depth and below.
pub(super) const SEE_PRUNE_DEPTH: i32 = 6;

/// The exchange value under which a move is pruned: quiet moves may lose less than
/// captures.
pub(super) fn see_prune_threshold(quiet: bool, depth: i32) -> i32 {
    -(if quiet { 60 } else { 100 }) * depth
}

/// Late-move reductions apply from this remaining depth up.
pub(super) const LMR_MIN_DEPTH: i32 = 3;

/// Extra reduction at a node where a cut-off is expected.
pub(super) const LMR_CUT_NODE: i32 = 2;

/// A quiet move's history changes its reduction by one ply per this much.
pub(super) const LMR_HISTORY_DIVISOR: i32 = 9000;

/// The base late-move reduction of the `i`-th move at `depth`: growing with the
/// logarithms of both (`depth` and `i` from 1).
pub(super) fn lmr_base(depth: usize, i: usize) -> i32 {
    (0.5 + (depth as f64).ln() * (i as f64).ln() * 0.75) as i32
}

/// Quiescence plies within which a check is answered with every evasion.
pub(super) const QS_CHECK_PLIES: u32 = 4;

/// Quiescence plies within which every capture is tried; deeper, only recaptures on the
/// square of the move before. Without this bound, crowded boards whose pieces are
/// valued so that most exchanges look even (a user's `PieceValues`) grew quiescence
/// trees of millions of nodes at depth 2.
pub(super) const QS_ALL_CAPTURES_PLIES: u32 = 8;

/// Delta pruning in quiescence: a capture is skipped if even this margin on top of its
/// victim cannot reach alpha.
pub(super) const QS_DELTA_MARGIN: i32 = 200;

/// Iterations from this depth up search a window around the last score.
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 5;

/// The first aspiration window's half-width; it doubles on each failure.
pub(super) const ASPIRATION_DELTA: i32 = 25;

/// Once the half-width passes this, the window opens fully.
pub(super) const ASPIRATION_WIDEST: i32 = 1000;

/// A score this far below the last iteration's counts as a drop (more time).
pub(super) const SCORE_DROP: i32 = 30;

/// Entries of each thread's cache of static values (a power of two).
pub(super) const EVAL_CACHE_SIZE: usize = 1 << 16;
