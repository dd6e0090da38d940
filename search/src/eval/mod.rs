//! Evaluation derived from a game's data: material (the game's values, or values
//! estimated from each piece's mobility on an empty board), piece-square terms from
//! mobility, mobility on the actual board (weighted less per square for long-range
//! pieces), the royal piece's safety (a pawn shield, enemy pieces nearby, and attack units
//! of the enemy pieces hitting its zone), threats (pieces attacked by pawns, pieces
//! attacked and undefended), pawn structure (doubled, isolated and passed pawns) and a
//! tempo for the side to move; tapered between middlegame and endgame by the material left.
//!
//! One file per concern, as Stockfish splits its evaluation:
//!
//! - this file: [`Evaluator`], its constructors and [`Evaluator::evaluate_with`], a short
//!   driver that walks the pieces once and then adds each side's terms;
//! - `kinds`: what each kind is worth and how it is classed, learnt once per game;
//! - `placement`: the piece-square tables; `material`: values, squares and reserves;
//! - `context`: what one evaluation gathers as it goes (attacks, pawns, royal zones),
//!   shared by the terms;
//! - `mobility`, `pieces` (outposts, colour-bound pieces, open files), `threats`,
//!   `royal_safety`, `pawns` (pawn structure), `space`: the terms;
//! - `breakdown`: what each term adds, as the UCI `eval` command prints it.
//!
//! Adding a term: its weights go in the table of [`crate::weights`] (one line each, with
//! the [`crate::weights::Term`] it is reported under), its code in the file of its
//! concern, called from [`Evaluator::evaluate_with`] (or from the per-piece pass), and a
//! test beside it that measures its contribution with `test_util::contribution`.

mod breakdown;
mod context;
mod kinds;
mod material;
mod mobility;
mod network;
pub(crate) use network::corrected;
mod pawns;
mod pieces;
mod placement;
mod reach;
mod royal_safety;
mod space;
#[cfg(test)]
mod test_util;
mod threats;

use std::ops::{Add, AddAssign};
use std::sync::Arc;

use joust_core::{Color, KindId, Position, Square, Variant, MAX_KINDS};
use joust_movegen::{tables, TableCache, Tables};

use crate::tuned;
use crate::weights::Weights;
use context::Context;
use kinds::Kinds;
use reach::EmptyBoardReach;

/// Largest board, for the piece-square tables.
const SQUARES: usize = joust_core::square::MAX_SQUARES;
/// The value from which a piece counts as heavy (a queen) for the royal danger.
const HEAVY: i32 = 700;
/// Pieces worth less than this are light (they can use outposts).
const LIGHT: i32 = 400;

/// The largest evaluation, either sign: whatever the weights and piece values, a static
/// value stays this far inside the mate scores (`crate::MATE_BOUND`), with room for the
/// margins the search adds to it, so no evaluation ever reads as a mate.
pub const EVAL_MAX: i32 = 20_000;

/// The largest weight [`Evaluator::with_values`] uses, either sign (a larger one counts as
/// this): twice what the engine's options accept, and small enough that no sum of the
/// evaluation overflows.
pub const WEIGHT_LIMIT: i32 = 10_000;

/// The largest piece value [`Evaluator::with_values`] uses (values count from 0 up to this).
pub const VALUE_LIMIT: i32 = 10_000;

/// Bound of the terms whose sums could outgrow an i32 (mobility, royal danger, threats):
/// far beyond any real evaluation, and small enough that the totals stay in range.
const TERM_MAX: i64 = 1 << 24;

/// A term summed in i64, bounded to ±[`TERM_MAX`] to join the i32 totals.
#[inline]
fn term(x: i64) -> i32 {
    x.clamp(-TERM_MAX, TERM_MAX) as i32
}

/// A middlegame and an endgame value in centipawns: every term gives both, and the
/// evaluation blends them by the material left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Score {
    mg: i32,
    eg: i32,
}

impl Score {
    /// Nothing.
    const ZERO: Score = Score { mg: 0, eg: 0 };

    /// The pair `(mg, eg)`.
    #[inline]
    fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }

    /// A score of `color`'s as White's: the same for White, negated for Black (the
    /// evaluation sums White's view).
    #[inline]
    fn for_color(self, color: Color) -> Score {
        match color {
            Color::White => self,
            Color::Black => Score::new(-self.mg, -self.eg),
        }
    }
}

impl Add for Score {
    type Output = Score;
    #[inline]
    fn add(self, other: Score) -> Score {
        Score::new(self.mg + other.mg, self.eg + other.eg)
    }
}

impl AddAssign for Score {
    #[inline]
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

/// A static evaluation for one game, built once from its data.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Middlegame and endgame value of each kind, in centipawns.
    value: [(i32, i32); MAX_KINDS],
    /// `pst[color][kind][square]`: (middlegame, endgame) bonus.
    pst: Vec<[(i16, i16); SQUARES]>,
    /// Non-pawn, non-royal material of both sides at the start: the phase scale.
    start_phase: i32,
    pawn: [bool; MAX_KINDS],
    royal: [bool; MAX_KINDS],
    /// Average number of squares each kind reaches on the empty board (mobility's zero).
    avg_mobility: [i32; MAX_KINDS],
    /// Mobility weight of each kind in 1/16 centipawn per square: long-range pieces, whose
    /// mobility swings more, count less per square.
    mobility_weight: [i32; MAX_KINDS],
    /// Royal-attack weight of each kind (by its value bucket).
    attack_weight: [i32; MAX_KINDS],
    /// Royal-attack units when a kind has a safe check (by its value bucket).
    check_weight: [i32; MAX_KINDS],
    /// Whether the royal danger counts safe and unsafe checks by kind (some weight is set).
    kind_checks_count: bool,
    /// The pawn kinds (their attacks are gathered before the other pieces move).
    pawn_kinds: Vec<KindId>,
    /// Kinds that ride orthogonally and not diagonally (rooks): open files suit them.
    file_rider: [bool; MAX_KINDS],
    /// Kinds that never leave the colour of their square (bishops): a pair on both
    /// colours is worth more than the two alone.
    colour_bound: [bool; MAX_KINDS],
    /// Each side's space area: the central files of the ranks behind its fourth.
    space_area: [Vec<Square>; 2],
    /// The weights of every term.
    w: Weights,
    /// Piece values given in place of the game's own ([`Evaluator::with_values`]).
    values_given: Vec<(KindId, i32)>,
    /// What each kind reaches on the empty board: kept so that an evaluation under other
    /// weights (the `eval` breakdown) need not count it again.
    reach: Arc<EmptyBoardReach>,
    /// The game.
    variant: &'static Variant,
    /// The learned evaluation giving the static values, if any (`network`).
    net: Option<Arc<joust_nnue::Network>>,
}

impl Evaluator {
    /// Builds the evaluation `variant` is played with: its fitted weights and piece values
    /// where it has them ([`crate::tuned`]), else the generic ones; and its built-in
    /// network ([`crate::nets`]), if it has one, for the static values.
    pub fn new(variant: &'static Variant) -> Evaluator {
        let mut e =
            Evaluator::with_values(variant, tuned::weights(variant), &tuned::values(variant));
        e.net = crate::nets::built_in(variant);
        e
    }

    /// Builds the generic evaluation of `variant` (default weights, its pieces' own
    /// values), the same whatever a fit found: for what must not move when one does.
    pub fn generic(variant: &'static Variant) -> Evaluator {
        Evaluator::with_weights(variant, Weights::default())
    }

    /// Builds the evaluation of `variant` with the given weights (for tuning).
    pub fn with_weights(variant: &'static Variant, w: Weights) -> Evaluator {
        Evaluator::with_values(variant, w, &[])
    }

    /// Builds the evaluation of `variant` with the given weights and some pieces' values
    /// (in centipawns) in place of the game's own: for trying out other valuations.
    /// Weights beyond ±[`WEIGHT_LIMIT`] and values beyond 0..=[`VALUE_LIMIT`] count as
    /// the nearest limit, within which every sum stays in range.
    pub fn with_values(
        variant: &'static Variant,
        w: Weights,
        values: &[(KindId, i32)],
    ) -> Evaluator {
        Evaluator::build(variant, w, values, EmptyBoardReach::of(variant))
    }

    /// [`Evaluator::with_values`] with the game's empty-board reach already counted.
    fn build(
        variant: &'static Variant,
        w: Weights,
        values: &[(KindId, i32)],
        reach: Arc<EmptyBoardReach>,
    ) -> Evaluator {
        let mut w = w;
        for (_, weight) in w.fields_mut() {
            *weight = (*weight).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
        let values: Vec<(KindId, i32)> = values
            .iter()
            .map(|&(k, v)| (k, v.clamp(0, VALUE_LIMIT)))
            .collect();
        let kinds = Kinds::new(variant, &w, &values, &reach);
        let pst = placement::tables(variant, &w, &kinds.avg, &reach);
        let start_phase = kinds::start_phase(variant, &kinds.value, &kinds.pawn, &kinds.royal);
        let pawn_kinds = variant
            .kind_ids()
            .filter(|k| kinds.pawn[k.index()])
            .collect();
        Evaluator {
            value: kinds.value,
            pst,
            start_phase: start_phase.max(1),
            pawn: kinds.pawn,
            royal: kinds.royal,
            avg_mobility: kinds.avg_mobility,
            mobility_weight: kinds.mobility_weight,
            attack_weight: kinds.attack_weight,
            check_weight: kinds.check_weight,
            kind_checks_count: w.danger_check_light != 0
                || w.danger_check_medium != 0
                || w.danger_check_heavy != 0
                || w.danger_unsafe_check != 0,
            pawn_kinds,
            file_rider: kinds::file_riders(variant, &kinds.royal),
            colour_bound: kinds::colour_bound(variant, &kinds.pawn, &kinds.royal, &reach),
            space_area: space::areas(variant.geometry),
            w,
            values_given: values,
            reach,
            variant,
            net: None,
        }
    }

    /// The weights this evaluation uses.
    pub fn weights(&self) -> &Weights {
        &self.w
    }

    /// The middlegame value of a kind (for move ordering and pruning).
    #[inline]
    pub fn value(&self, kind: KindId) -> i32 {
        self.value[kind.index()].0
    }

    /// The position's value for the side to move, in centipawns, within ±[`EVAL_MAX`]:
    /// the network's if this evaluation has one (added to [`Evaluator::evaluate_with`]'s
    /// if it is a correction), else [`Evaluator::evaluate_with`]'s.
    pub fn evaluate<B: TableCache>(&self, pos: &Position<B>) -> i32 {
        let t = tables::<B>(pos.variant());
        match &self.net {
            Some(net) if net.is_correction() => {
                network::corrected(self.evaluate_with(t, pos), joust_nnue::evaluate(net, pos))
            }
            Some(net) => network::fresh(net, pos),
            None => self.evaluate_with(t, pos),
        }
    }

    /// The evaluation from data with the game's move tables at hand: one pass over the
    /// pieces for what each piece scores and attacks, then each side's terms, which read
    /// what the pass gathered.
    pub fn evaluate_with<B: TableCache>(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        let mut cx = Context::new(self, t, pos);
        let mut score = Score::ZERO;
        for sq in cx.occ.squares() {
            score += self.piece_terms(&mut cx, sq);
        }
        score += self.mobility_total(&cx);
        score += self.colour_pairs(&cx);
        score += self.space_total(&cx);
        let stm = pos.side_to_move();
        for color in Color::ALL {
            let side = self.royal_danger(&cx, color) + self.threats(&cx, color, stm);
            score += side.for_color(color);
        }
        for color in Color::ALL {
            let side = self.royal_shelter(&cx, color) + self.pawn_structure(&cx, color);
            score += side.for_color(color);
        }
        score += self.castling_rights(pos);
        score += self.reserve(pos);
        self.taper(score, cx.phase, stm)
    }

    /// What the piece on `sq` scores for White (material, placement, and the terms of a
    /// single piece), noting in `cx` what it attacks for the terms that follow the pass.
    #[inline]
    fn piece_terms<B: TableCache>(&self, cx: &mut Context<'_, B>, sq: Square) -> Score {
        let p = cx.pos.piece_at(sq).expect("occupied");
        let (k, color) = (p.kind.index(), p.color);
        let ci = color.index();
        let mut score = self.material(ci, k, sq);
        if self.pawn[k] {
            // Pawns attacking one square twice were counted in the pawn pass.
            let a = cx.t.kind(p.kind).leaps(color, sq);
            cx.attacked[ci] |= a;
            cx.guarded[ci] |= a;
            return score.for_color(color);
        }
        cx.pieces[ci] += 1;
        self.note_colour(cx, ci, k, sq);
        let sets = cx.piece_sets(sq, color, p.kind);
        if self.royal[k] {
            if let Some((_, a)) = sets {
                cx.add_attacks(ci, a);
            }
            return score.for_color(color);
        }
        let vm = self.value[k].0;
        cx.phase += vm;
        cx.has_heavy[ci] |= vm >= HEAVY;
        score += self.colour_pawns(cx, ci, k, sq);
        score += self.outpost(cx, color, vm, sq);
        if let Some((m, a)) = sets {
            let m = self.mobility(cx, color, k, m);
            cx.add_attacks(ci, a);
            cx.guarded[ci] |= a;
            self.note_lesser_threats(cx, color, vm, a);
            self.note_checks(cx, color, p.kind, a);
            if self.file_rider[k] {
                score += self.open_files(cx, color, sq, m);
            }
            self.note_zone_attack(cx, ci, k, a);
        }
        self.note_near_royal(cx, ci, sq);
        score.for_color(color)
    }

    /// The middlegame and endgame sums blended by the material left (`phase`, non-pawn
    /// non-royal material on the board), for the side to move, with its tempo.
    fn taper(&self, score: Score, phase: i32, stm: Color) -> i32 {
        let phase = phase.min(self.start_phase);
        let (mg, eg, phase, start) = (
            score.mg as i64,
            score.eg as i64,
            phase as i64,
            self.start_phase as i64,
        );
        let score = (mg * phase + eg * (start - phase)) / start;
        let score = match stm {
            Color::White => score,
            Color::Black => -score,
        } + self.w.tempo as i64;
        score.clamp(-EVAL_MAX as i64, EVAL_MAX as i64) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn the_side_to_move_gets_a_tempo() {
        let chess = variants::chess();
        // The evaluation from data alone: a built-in network would add its own value.
        let e = Evaluator::new(chess).with_network(None).unwrap();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ] {
            let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
            assert_eq!(e.evaluate(&pos), e.weights().tempo, "{fen}");
        }
    }
}
