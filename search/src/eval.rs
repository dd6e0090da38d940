//! Evaluation derived from a game's data: material (the game's values, or values
//! estimated from each piece's mobility on an empty board), piece-square terms from
//! mobility, mobility on the actual board (weighted less per square for long-range
//! pieces), the royal piece's safety (a pawn shield, enemy pieces nearby, and attack units
//! of the enemy pieces hitting its zone), threats (pieces attacked by pawns, pieces
//! attacked and undefended), pawn structure (doubled, isolated and passed pawns) and a
//! tempo for the side to move; tapered between middlegame and endgame by the material left.

use joust_core::atom::Occupant;
use joust_core::{Color, KindId, Position, Square, Variant, MAX_KINDS};
use joust_movegen::sliders::Sliders;
use joust_movegen::tables::Shape;
use joust_movegen::{tables, TableCache, Tables};

use crate::tuned;
use crate::weights::Weights;

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
}

/// The groups of weights [`Evaluator::breakdown`] reports, by name.
const TERM_GROUPS: &[(&str, &[&str])] = &[
    (
        "placement",
        &[
            "royal_rank_mg",
            "royal_centre_file_mg",
            "royal_centre_eg",
            "pawn_advance_mg",
            "pawn_advance_eg",
            "placement_mg",
            "placement_eg",
        ],
    ),
    ("mobility", &["mobility_mg", "mobility_eg"]),
    (
        "royal safety",
        &[
            "zone_attack",
            "attack_light",
            "attack_medium",
            "attack_heavy",
            "shield",
            "attacker_near_royal",
            "shelter_near",
            "shelter_mid",
            "shelter_far",
            "storm",
            "safe_check_mg",
            "safe_check_eg",
            "danger_safe_check",
            "danger_weak",
            "danger_eg",
            "castling_right_mg",
            "royal_castled_mg",
            "danger_check_light",
            "danger_check_medium",
            "danger_check_heavy",
            "danger_unsafe_check",
            "danger_mobility",
            "danger_no_heavy",
        ],
    ),
    (
        "threats",
        &["pawn_threat", "hanging", "hanging_share", "lesser_threat"],
    ),
    (
        "pawn structure",
        &[
            "doubled_mg",
            "doubled_eg",
            "isolated_mg",
            "isolated_eg",
            "passed_mg",
            "passed_eg",
            "connected_mg",
            "connected_eg",
            "backward_mg",
            "backward_eg",
        ],
    ),
    (
        "pieces and pawns",
        &[
            "colour_pawns_mg",
            "colour_pawns_eg",
            "outpost_mg",
            "outpost_eg",
        ],
    ),
    ("space", &["space"]),
    ("colour pairs", &["colour_pair_mg", "colour_pair_eg"]),
    (
        "open files",
        &[
            "open_file_mg",
            "open_file_eg",
            "half_open_file_mg",
            "half_open_file_eg",
            "trapped_rook_mg",
            "trapped_rook_eg",
        ],
    ),
    ("tempo", &["tempo"]),
];

/// How many squares a kind reaches from `sq` on an empty board (moves, captures, shots).
fn mobility(variant: &Variant, kind: KindId, color: Color, sq: Square) -> usize {
    empty_board_reach(variant, kind, color, sq).len()
}

/// The squares a kind moves, captures or shoots to from `sq` on an empty board, once each.
fn empty_board_reach(variant: &Variant, kind: KindId, color: Color, sq: Square) -> Vec<Square> {
    let g = variant.geometry;
    let empty = |_: Square| Occupant::Empty;
    let mut reach: Vec<Square> = variant
        .kind(kind)
        .atoms
        .iter()
        .flat_map(|a| {
            let mut v: Vec<Square> = a
                .reach(color, g, sq, &empty)
                .into_iter()
                .map(|r| r.0)
                .collect();
            v.extend(a.attack_squares(color, g, sq, &empty));
            v
        })
        .collect();
    reach.sort();
    reach.dedup();
    reach
}

/// True if `kind` reaches three or more squares along the file from the board's centre
/// and no square diagonally next to it (a rook, not a queen): open files suit it.
fn rides_files_only(variant: &Variant, kind: KindId) -> bool {
    let g = variant.geometry;
    let empty = |_: Square| Occupant::Empty;
    let Some(centre) = g.square(g.files() as i8 / 2, g.ranks() as i8 / 2) else {
        return false;
    };
    let (cf, cr) = g.coords(centre);
    let mut along_file = 0;
    for atom in &variant.kind(kind).atoms {
        for (sq, _) in atom.reach(Color::White, g, centre, &empty) {
            let (f, r) = g.coords(sq);
            if (f - cf).abs() == 1 && (r - cr).abs() == 1 {
                return false;
            }
            along_file += (f == cf) as i32;
        }
    }
    along_file >= 3
}

/// True if `kind` moves (and attacks) only to squares of the colour it stands on, from
/// every square of the board: a bishop, an alfil, a ferz-and-alfil.
fn is_colour_bound(variant: &Variant, kind: KindId) -> bool {
    let g = variant.geometry;
    let colour = |sq: Square| {
        let (f, r) = g.coords(sq);
        (f + r).rem_euclid(2)
    };
    let mut moves_somewhere = false;
    for from in g.squares() {
        for to in empty_board_reach(variant, kind, Color::White, from) {
            moves_somewhere = true;
            if colour(to) != colour(from) {
                return false;
            }
        }
    }
    moves_somewhere
}

/// True if `sq` is where one of `color`'s castlings puts its royal piece, or beyond it on
/// the same rank towards that castling's rook: the royal piece has (or as good as) castled.
fn castled_square(variant: &Variant, color: Color, sq: Square) -> bool {
    let g = variant.geometry;
    let (f, r) = g.coords(sq);
    variant
        .castling
        .iter()
        .filter(|rule| rule.color == color)
        .any(|rule| {
            let (tf, tr) = g.coords(rule.royal_to);
            let (rf, _) = g.coords(rule.rook_from);
            let beyond = if rf > tf { f >= tf } else { f <= tf };
            r == tr && beyond
        })
}

impl Evaluator {
    /// Builds the evaluation `variant` is played with: its fitted weights and piece values
    /// where it has them ([`crate::tuned`]), else the generic ones.
    pub fn new(variant: &'static Variant) -> Evaluator {
        Evaluator::with_values(variant, tuned::weights(variant), &tuned::values(variant))
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
        let mut w = w;
        for (_, weight) in w.fields_mut() {
            *weight = (*weight).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
        let values: Vec<(KindId, i32)> = values
            .iter()
            .map(|&(k, v)| (k, v.clamp(0, VALUE_LIMIT)))
            .collect();
        let g = variant.geometry;
        let n = g.len() as f64;
        let mut value = [(0, 0); MAX_KINDS];
        let mut pawn = [false; MAX_KINDS];
        let mut royal = [false; MAX_KINDS];
        let mut pst = vec![[(0i16, 0i16); SQUARES]; 2 * MAX_KINDS];
        let mut avg_mobility = [0; MAX_KINDS];
        let mut mobility_weight = [16; MAX_KINDS];
        let mut attack_weight = [0; MAX_KINDS];
        let mut check_weight = [0; MAX_KINDS];
        for k in variant.kind_ids() {
            let kind = variant.kind(k);
            pawn[k.index()] = kind.pawn;
            royal[k.index()] = kind.royal;
            let mob: Vec<usize> = g
                .squares()
                .map(|s| mobility(variant, k, Color::White, s))
                .collect();
            let avg = mob.iter().sum::<usize>() as f64 / n;
            avg_mobility[k.index()] = avg.round() as i32;
            let avg_i = (avg.round() as i32).max(1);
            mobility_weight[k.index()] = 16 * w.mobility_full.max(1).min(avg_i) / avg_i;
            let given = values.iter().find(|(vk, _)| *vk == k).map(|&(_, v)| v);
            let v = match given.or(kind.value) {
                Some(v) => v.clamp(0, VALUE_LIMIT),
                None if kind.royal => 0,
                None if kind.pawn => 100,
                // Calibrated on chess: knight 5.25 squares ~ 320, queen 22.75 ~ 900.
                None => (130.0 + 33.0 * avg) as i32,
            };
            value[k.index()] = if kind.pawn {
                (v, v * w.pawn_eg_percent / 100)
            } else {
                (v, v)
            };
            // Stockfish's classical weights: minor pieces 81/52, rooks 44, queens 10; the
            // big pieces' many attacked squares already count through `zone_attack`.
            attack_weight[k.index()] = match v {
                _ if kind.pawn || kind.royal => 0,
                0..=399 => w.attack_light,
                400..=699 => w.attack_medium,
                _ => w.attack_heavy,
            };
            check_weight[k.index()] = match v {
                _ if kind.pawn || kind.royal => 0,
                0..=399 => w.danger_check_light,
                400..=699 => w.danger_check_medium,
                _ => w.danger_check_heavy,
            };
            for color in Color::ALL {
                let table = &mut pst[color.index() * MAX_KINDS + k.index()];
                for sq in g.squares() {
                    let m = mobility(variant, k, color, sq) as f64 - avg;
                    let (f, r) = g.coords(sq);
                    let rel_rank = match color {
                        Color::White => r,
                        Color::Black => g.ranks() as i8 - 1 - r,
                    } as f64;
                    let centre = {
                        let cf = (g.files() as f64 - 1.0) / 2.0;
                        let cr = (g.ranks() as f64 - 1.0) / 2.0;
                        -((f as f64 - cf).abs() + (r as f64 - cr).abs())
                    };
                    // 1 on the central file(s), 0 on the edge files.
                    let cf = (g.files() as f64 - 1.0) / 2.0;
                    let central_file = if cf > 0.0 {
                        1.0 - (f as f64 - cf).abs() / cf
                    } else {
                        1.0
                    };
                    table[sq.index()] = if kind.royal {
                        // Stay home and off the centre files in the middlegame (and, with
                        // `royal_castled_mg`, where castling puts it); come to the centre
                        // in the endgame.
                        let castled = if castled_square(variant, color, sq) {
                            w.royal_castled_mg as f64
                        } else {
                            0.0
                        };
                        (
                            (w.royal_rank_mg as f64 * rel_rank
                                + w.royal_centre_file_mg as f64 * central_file
                                + castled) as i16,
                            (w.royal_centre_eg as f64 * centre) as i16,
                        )
                    } else if kind.pawn {
                        // Central pawns gain by advancing in the middlegame; wing pawns
                        // do not (their push only weakens); all of them in the endgame.
                        let start = 1.0;
                        (
                            (w.pawn_advance_mg as f64
                                * (rel_rank - start).clamp(0.0, 3.0)
                                * (central_file - 0.4)) as i16,
                            (w.pawn_advance_eg as f64 * rel_rank) as i16,
                        )
                    } else {
                        (
                            (w.placement_mg as f64 * m / 4.0) as i16,
                            (w.placement_eg as f64 * m / 4.0) as i16,
                        )
                    };
                }
            }
        }
        let start_phase = start_phase(variant, &value, &pawn, &royal).max(1);
        let pawn_kinds = variant.kind_ids().filter(|k| pawn[k.index()]).collect();
        let mut file_rider = [false; MAX_KINDS];
        for k in variant.kind_ids() {
            file_rider[k.index()] = !royal[k.index()] && rides_files_only(variant, k);
        }
        let mut colour_bound = [false; MAX_KINDS];
        for k in variant.kind_ids() {
            colour_bound[k.index()] =
                !royal[k.index()] && !pawn[k.index()] && is_colour_bound(variant, k);
        }
        let space_area = Color::ALL.map(|color| {
            let (files, ranks) = (g.files() as i8, g.ranks() as i8);
            g.squares()
                .filter(|&sq| {
                    let (f, r) = g.coords(sq);
                    let rel = if color == Color::White {
                        r
                    } else {
                        ranks - 1 - r
                    };
                    f >= files / 4 && f < files - files / 4 && rel >= 1 && rel < ranks / 2
                })
                .collect()
        });
        Evaluator {
            value,
            pst,
            start_phase,
            pawn,
            royal,
            avg_mobility,
            mobility_weight,
            attack_weight,
            check_weight,
            kind_checks_count: w.danger_check_light != 0
                || w.danger_check_medium != 0
                || w.danger_check_heavy != 0
                || w.danger_unsafe_check != 0,
            pawn_kinds,
            file_rider,
            colour_bound,
            space_area,
            w,
            values_given: values,
        }
    }

    /// The weights this evaluation uses.
    pub fn weights(&self) -> &Weights {
        &self.w
    }

    /// What each group of terms adds to the evaluation of `pos`, in centipawns for White,
    /// with the total last: each group's share is the evaluation less the evaluation with
    /// that group's weights set to zero, and material takes what is left (for `eval`).
    pub fn breakdown<B: TableCache>(&self, pos: &Position<B>) -> Vec<(&'static str, i32)> {
        let white = |e: &Evaluator| match pos.side_to_move() {
            Color::White => e.evaluate(pos),
            Color::Black => -e.evaluate(pos),
        };
        let total = white(self);
        let mut rows = vec![("material", 0)];
        for (name, group) in TERM_GROUPS {
            let mut w = self.w.clone();
            for (field, value) in w.fields_mut() {
                if group.contains(&field) {
                    *value = 0;
                }
            }
            rows.push((
                *name,
                total
                    - white(&Evaluator::with_values(
                        pos.variant(),
                        w,
                        &self.values_given,
                    )),
            ));
        }
        rows[0].1 = total - rows.iter().map(|r| r.1).sum::<i32>();
        rows.push(("total", total));
        rows
    }

    /// The middlegame value of a kind (for move ordering and pruning).
    #[inline]
    pub fn value(&self, kind: KindId) -> i32 {
        self.value[kind.index()].0
    }

    /// The position's value for the side to move, in centipawns, within ±[`EVAL_MAX`].
    pub fn evaluate<B: TableCache>(&self, pos: &Position<B>) -> i32 {
        self.evaluate_with(tables::<B>(pos.variant()), pos)
    }

    /// [`Evaluator::evaluate`] with the game's move tables at hand.
    pub fn evaluate_with<B: TableCache>(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        let w = &self.w;
        let g = t.geometry;
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        // Mobility in 1/16 centipawn (middlegame, endgame).
        // (In i64, as are the other terms whose sums could outgrow an i32 under extreme
        // weights; each is bounded by `term` before it joins the i32 totals.)
        let (mut mob_mg, mut mob_eg) = (0i64, 0i64);
        let occ = pos.occupied();
        // Pawns by colour as (file, rank), for the pawn-structure terms.
        let mut pawns: [[(i8, i8); 16]; 2] = [[(0, 0); 16]; 2];
        let mut pawn_count = [0usize; 2];
        let mut near_royal = [0i32; 2];
        let royal_at = Color::ALL.map(|c| pos.royal_square(c));
        let royal_sq = royal_at.map(|s| s.map(|s| g.coords(s)));
        // Each side's royal zone: the royal square and what its royal reaches from there.
        let zone = Color::ALL.map(|c| match royal_at[c.index()] {
            Some(s) => {
                let reach = pos
                    .piece_at(s)
                    .and_then(|p| piece_sets(t, pos, s, c, p.kind, occ))
                    .map_or_else(|| t.within(1, s), |(_, a)| a);
                (reach & t.within(2, s)) | B::from_square(s)
            }
            _ => B::EMPTY,
        });
        // Squares each side attacks by pawns (own pieces there are defended).
        // Squares each side attacks at least twice.
        let mut attacked2 = [B::EMPTY; 2];
        let mut pawn_attacked = [B::EMPTY; 2];
        let mut pawn_bb = [B::EMPTY; 2];
        // Per side whose royal is attacked: attackers, their summed weights, zone hits.
        let mut zone_attackers = [0i32; 2];
        let mut zone_weight = [0i32; 2];
        let mut zone_hits = [0i32; 2];
        for &k in &self.pawn_kinds {
            for color in Color::ALL {
                let ci = color.index();
                for sq in pos.pieces_of(color, k).squares() {
                    let a = t.kinds[k.index()].leap[ci][sq.index()];
                    attacked2[ci] |= pawn_attacked[ci] & a;
                    pawn_attacked[ci] |= a;
                    pawn_bb[ci] |= B::from_square(sq);
                    if pawn_count[ci] < 16 {
                        pawns[ci][pawn_count[ci]] = g.coords(sq);
                        pawn_count[ci] += 1;
                    }
                }
            }
        }
        // Squares each side attacks, pawns first, so that pieces see every pawn attack
        // when they count squares attacked twice.
        let mut attacked = pawn_attacked;
        // Enemy pieces attacked by a piece worth less, per side attacked.
        let mut lesser_threats = [0i32; 2];
        // Squares from which each side's pieces could check the enemy royal, by kind.
        let mut check_from: [[Option<B>; MAX_KINDS]; 2] = [[None; MAX_KINDS]; 2];
        // Squares each side's pieces reach from which they would give check.
        let mut check_reach = [B::EMPTY; 2];
        // The same by kind, for the royal danger's safe and unsafe checks.
        let mut check_by_kind = [[B::EMPTY; MAX_KINDS]; 2];
        // Each side's middlegame mobility in 1/16 centipawn, and whether it has a heavy
        // piece (the royal danger's queen).
        let mut side_mobility = [0i64; 2];
        let mut has_heavy = [false; 2];
        // What each side's pieces other than its royal one attack.
        let mut guarded = [B::EMPTY; 2];
        // Pieces other than pawns, per side (space matters more with more of them).
        let mut pieces = [0i32; 2];
        // Per side and colour-bound kind: bit 0 set by one on a dark square, bit 1 light.
        let mut colours_held = [[0u8; MAX_KINDS]; 2];
        for sq in occ.squares() {
            let p = pos.piece_at(sq).expect("occupied");
            let k = p.kind.index();
            let ci = p.color.index();
            let (vm, ve) = self.value[k];
            let (pm, pe) = self.pst[ci * MAX_KINDS + k][sq.index()];
            let sign = if p.color == Color::White { 1 } else { -1 };
            mg += sign * (vm + pm as i32);
            eg += sign * (ve + pe as i32);
            if self.pawn[k] {
                // Pawns attacking one square twice were counted in the pawn pass.
                attacked[ci] |= t.kinds[k].leap[ci][sq.index()];
                guarded[ci] |= t.kinds[k].leap[ci][sq.index()];
                continue;
            }
            pieces[ci] += 1;
            if self.colour_bound[k] {
                let (f, r) = g.coords(sq);
                colours_held[ci][k] |= 1 << ((f + r) & 1);
            }
            let sets = piece_sets(t, pos, sq, p.color, p.kind, occ);
            if self.royal[k] {
                if let Some((_, a)) = sets {
                    attacked2[ci] |= attacked[ci] & a;
                    attacked[ci] |= a;
                }
                continue;
            }
            phase += vm;
            has_heavy[ci] |= vm >= HEAVY;
            if self.colour_bound[k] && (w.colour_pawns_mg != 0 || w.colour_pawns_eg != 0) {
                let (f, r) = g.coords(sq);
                let same = pawns[ci][..pawn_count[ci]]
                    .iter()
                    .filter(|&&(pf, pr)| (pf + pr) & 1 == (f + r) & 1)
                    .count() as i32;
                mg += sign * w.colour_pawns_mg * same;
                eg += sign * w.colour_pawns_eg * same;
            }
            if vm < LIGHT && (w.outpost_mg != 0 || w.outpost_eg != 0) && pawn_attacked[ci].has(sq) {
                let (f, r) = g.coords(sq);
                let forward: i8 = if p.color == Color::White { 1 } else { -1 };
                let ranks = g.ranks() as i8;
                let advanced = if p.color == Color::White {
                    r
                } else {
                    ranks - 1 - r
                };
                let safe = !pawns[1 - ci][..pawn_count[1 - ci]]
                    .iter()
                    .any(|&(tf, tr)| (tf - f).abs() == 1 && (tr - r) * forward > 0);
                if safe && advanced >= 3 && advanced <= ranks - 3 {
                    mg += sign * w.outpost_mg;
                    eg += sign * w.outpost_eg;
                }
            }
            if let Some((m, a)) = sets {
                // Squares enemy pawns guard are no real mobility.
                let m = if w.mobility_excludes_pawn_guarded != 0 {
                    m & !pawn_attacked[1 - ci]
                } else {
                    m
                };
                let surplus = m.count() as i32 - self.avg_mobility[k] * w.mobility_zero / 100;
                let units = (self.mobility_weight[k] * surplus) as i64;
                mob_mg += (sign * w.mobility_mg) as i64 * units;
                mob_eg += (sign * w.mobility_eg) as i64 * units;
                side_mobility[ci] += w.mobility_mg as i64 * units;
                attacked2[ci] |= attacked[ci] & a;
                attacked[ci] |= a;
                guarded[ci] |= a;
                if w.lesser_threat != 0 {
                    let enemy = pos.pieces(!p.color) & !pawn_bb[1 - ci];
                    for v in (a & enemy).squares() {
                        let victim = pos.piece_at(v).expect("occupied").kind.index();
                        if !self.royal[victim] && self.value[victim].0 > vm {
                            lesser_threats[1 - ci] += 1;
                        }
                    }
                }
                let checks_count = w.safe_check_mg != 0
                    || w.safe_check_eg != 0
                    || w.danger_safe_check != 0
                    || self.kind_checks_count;
                if let Some(r) = royal_at[1 - ci].filter(|_| checks_count) {
                    let from = *check_from[ci][k].get_or_insert_with(|| {
                        piece_sets(t, pos, r, p.color, p.kind, occ).map_or(B::EMPTY, |x| x.1)
                    });
                    let checks = a & from & !pos.pieces(p.color);
                    check_reach[ci] |= checks;
                    check_by_kind[ci][k] |= checks;
                }
                if self.file_rider[k] {
                    let (f, _) = g.coords(sq);
                    let on_file =
                        |c: usize| pawns[c][..pawn_count[c]].iter().any(|&(pf, _)| pf == f);
                    if !on_file(ci) {
                        let open = !on_file(1 - ci);
                        let (bm, be) = if open {
                            (w.open_file_mg, w.open_file_eg)
                        } else {
                            (w.half_open_file_mg, w.half_open_file_eg)
                        };
                        mg += sign * bm;
                        eg += sign * be;
                    }
                    // Shut in beside its own royal piece, as a rook by an uncastled king.
                    let trapped_counts = w.trapped_rook_mg != 0 || w.trapped_rook_eg != 0;
                    if let Some((rf, _)) = royal_sq[ci].filter(|_| trapped_counts && m.count() <= 3)
                    {
                        let centre = (g.files() as i8 - 1) / 2;
                        if (f < rf) == (rf <= centre) && f != rf {
                            let no_castling =
                                !pos.variant().castling.iter().enumerate().any(|(i, rule)| {
                                    rule.color == p.color && pos.castling().has(i)
                                });
                            let times = 1 + no_castling as i32;
                            mg -= sign * w.trapped_rook_mg * times;
                            eg -= sign * w.trapped_rook_eg * times;
                        }
                    }
                }
                let hits = (a & zone[1 - ci]).count() as i32;
                if hits > 0 {
                    zone_attackers[1 - ci] += 1;
                    zone_weight[1 - ci] += self.attack_weight[k];
                    zone_hits[1 - ci] += hits;
                }
            }
            if let Some((rf, rr)) = royal_sq[1 - ci] {
                let (f, r) = g.coords(sq);
                if (f - rf).abs() <= 2 && (r - rr).abs() <= 2 {
                    near_royal[1 - ci] += 1;
                }
            }
        }
        mg += term(mob_mg / 16);
        eg += term(mob_eg / 16);
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let pairs = colours_held[color.index()]
                .iter()
                .filter(|&&held| held == 3)
                .count() as i32;
            mg += sign * w.colour_pair_mg * pairs;
            eg += sign * w.colour_pair_eg * pairs;
        }
        if w.space != 0 {
            for color in Color::ALL {
                let ci = color.index();
                let sign = if color == Color::White { 1 } else { -1 };
                let space = self.space(g, color, pawn_bb[ci], pawn_attacked[1 - ci]);
                mg += sign * w.space * space * pieces[ci] / 16;
            }
        }
        let stm = pos.side_to_move();
        for color in Color::ALL {
            let ci = color.index();
            let sign = if color == Color::White { 1 } else { -1 };
            // Checks the enemy can give from squares this side does not guard.
            let safe_checks = (check_reach[1 - ci] & !attacked[ci]).count() as i32;
            mg -= sign * w.safe_check_mg * safe_checks;
            eg -= sign * w.safe_check_eg * safe_checks;
            // Royal danger: quadratic in the attack units once two attackers (or an
            // attacker and a safe check) join in. Weak squares: zone squares the enemy
            // attacks that only the royal piece guards, or nothing.
            let checking = (w.danger_safe_check != 0 && safe_checks > 0) as i32;
            let by_threshold = w.danger_threshold > 0;
            if by_threshold || zone_attackers[ci] + checking >= 2 {
                let weak = (zone[ci] & attacked[1 - ci] & !guarded[ci]).count() as i32;
                let mut danger = (zone_attackers[ci] * zone_weight[ci]
                    + w.zone_attack * zone_hits[ci]
                    + w.danger_safe_check * safe_checks
                    + w.danger_weak * weak) as i64;
                if self.kind_checks_count {
                    danger += self.kind_check_danger(
                        pos,
                        &check_by_kind[1 - ci],
                        pos.pieces(!color),
                        attacked[ci],
                        attacked2,
                        ci,
                    ) as i64;
                }
                // More enemy mobility than ours feeds an attack (16ths of a centipawn).
                danger += (side_mobility[1 - ci] - side_mobility[ci]) / 16
                    * w.danger_mobility as i64
                    / 100;
                if !has_heavy[1 - ci] {
                    danger -= w.danger_no_heavy as i64;
                }
                // Bounded so that its square stays in range: far beyond any cap.
                let danger = danger.clamp(0, TERM_MAX);
                if !by_threshold || danger > w.danger_threshold as i64 {
                    let quadratic = (danger * danger / 4096).min(w.danger_cap as i64);
                    mg -= sign * term(quadratic);
                    eg -= sign * term(danger * w.danger_eg as i64 / 256);
                }
            }
            // Pieces attacked by enemy pawns, and pieces attacked and not defended:
            // the side to move can save its own, the other side may lose them.
            let not_royal = match royal_at[ci] {
                Some(s) => !B::from_square(s),
                None => B::FULL,
            };
            let mine = pos.pieces(color) & not_royal;
            let mut penalty = 0i64;
            for sq in (mine & pawn_attacked[1 - ci] & !pawn_bb[ci]).squares() {
                let k = pos.piece_at(sq).expect("occupied").kind.index();
                penalty += (self.value[k].0 * w.pawn_threat / 96) as i64;
            }
            for sq in (mine & attacked[1 - ci] & !attacked[ci]).squares() {
                let k = pos.piece_at(sq).expect("occupied").kind.index();
                penalty += (w.hanging + self.value[k].0 * w.hanging_share / 96) as i64;
            }
            penalty += (w.lesser_threat * lesser_threats[ci]) as i64;
            if color == stm {
                penalty /= 2;
            }
            let penalty = term(penalty);
            mg -= sign * penalty;
            eg -= sign * penalty / 2;
        }
        for color in Color::ALL {
            let ci = color.index();
            let sign = if color == Color::White { 1 } else { -1 };
            let forward: i8 = if color == Color::White { 1 } else { -1 };
            let own = &pawns[ci][..pawn_count[ci]];
            let theirs = &pawns[1 - ci][..pawn_count[1 - ci]];
            // Royal safety: own pawns just in front, enemy pieces close by.
            if let Some((rf, rr)) = royal_sq[ci] {
                let shield = own
                    .iter()
                    .filter(|&&(f, r)| {
                        (f - rf).abs() <= 1 && (r - rr) * forward >= 1 && (r - rr) * forward <= 2
                    })
                    .count() as i32;
                mg += sign * (w.shield * shield.min(3) - w.attacker_near_royal * near_royal[ci]);
                if w.shelter_near != 0 || w.shelter_mid != 0 || w.shelter_far != 0 || w.storm != 0 {
                    mg += sign * self.shelter_and_storm(own, theirs, (rf, rr), forward, g.files());
                }
            }
            let ranks = g.ranks() as i32;
            for &(f, r) in own {
                // Ranks from this side's first rank.
                let advanced = if color == Color::White {
                    r as i32
                } else {
                    ranks - 1 - r as i32
                };
                if own
                    .iter()
                    .any(|&(of, or)| of == f && (or - r) * forward > 0)
                {
                    // Another own pawn ahead on this file: this one is doubled.
                    mg += sign * w.doubled_mg;
                    eg += sign * w.doubled_eg;
                }
                if !own.iter().any(|&(of, _)| (of - f).abs() == 1) {
                    mg += sign * w.isolated_mg;
                    eg += sign * w.isolated_eg;
                }
                let beside = |dr: i8| {
                    own.iter()
                        .any(|&(of, or)| (of - f).abs() == 1 && or == r + dr * forward)
                };
                if beside(0) || beside(-1) {
                    let scale = advanced * advanced;
                    mg += sign * w.connected_mg * scale / 4;
                    eg += sign * w.connected_eg * scale / 4;
                }
                // No own pawn beside or behind on a next file, and an enemy pawn guards
                // the square in front: it cannot advance to be defended.
                let held = theirs
                    .iter()
                    .any(|&(tf, tr)| (tf - f).abs() == 1 && tr == r + 2 * forward);
                let supportable = own
                    .iter()
                    .any(|&(of, or)| (of - f).abs() == 1 && (or - r) * forward <= 0);
                if held && !supportable {
                    mg += sign * w.backward_mg;
                    eg += sign * w.backward_eg;
                }
                let passed = !theirs
                    .iter()
                    .any(|&(tf, tr)| (tf - f).abs() <= 1 && (tr - r) * forward > 0);
                if passed {
                    let scale = advanced * advanced;
                    mg += sign * w.passed_mg * scale / 4;
                    eg += sign * w.passed_eg * scale / 4;
                }
            }
        }
        if w.castling_right_mg != 0 {
            let rights = pos.castling();
            for (i, rule) in pos.variant().castling.iter().enumerate() {
                if rights.has(i) {
                    let sign = if rule.color == Color::White { 1 } else { -1 };
                    mg += sign * w.castling_right_mg;
                }
            }
        }
        // Musketeer reserve pieces are worth most of their value before they enter.
        let gating = pos.gating();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            for (i, t) in gating.types.iter().enumerate() {
                // Placed pieces wait to enter; selected but unplaced ones will be placed.
                let waiting = matches!(
                    gating.slots[color.index()][i],
                    joust_core::Slot::File(_) | joust_core::Slot::Unplaced
                );
                if let (Some(k), true) = (t, waiting) {
                    mg += sign * self.value[k.index()].0 * 9 / 10;
                    eg += sign * self.value[k.index()].1 * 9 / 10;
                }
            }
        }
        let phase = phase.min(self.start_phase);
        let (mg, eg, phase, start) = (mg as i64, eg as i64, phase as i64, self.start_phase as i64);
        let score = (mg * phase + eg * (start - phase)) / start;
        let score = match stm {
            Color::White => score,
            Color::Black => -score,
        } + w.tempo as i64;
        score.clamp(-EVAL_MAX as i64, EVAL_MAX as i64) as i32
    }
}

impl Evaluator {
    /// Royal-attack units from the checks the enemy can give to the royal piece of side
    /// `ci`: a kind's weight when one of its checking squares is safe (not guarded by the
    /// defender, or attacked twice by the enemy and guarded once), else a penalty per
    /// checking square (Stockfish's safe and unsafe checks).
    fn kind_check_danger<B: TableCache>(
        &self,
        pos: &Position<B>,
        checks: &[B; MAX_KINDS],
        enemy: B,
        defended: B,
        attacked2: [B; 2],
        ci: usize,
    ) -> i32 {
        let safe = !enemy & (!defended | (attacked2[1 - ci] & !attacked2[ci]));
        let mut danger = 0;
        for k in pos.variant().kind_ids() {
            let c = checks[k.index()];
            if c.is_empty() {
                continue;
            }
            if (c & safe).is_empty() {
                danger += self.w.danger_unsafe_check * c.count() as i32;
            } else {
                danger += self.check_weight[k.index()];
            }
        }
        danger
    }

    /// The royal piece's pawn cover on its own file and the files beside it: per file,
    /// the nearest own pawn in front (closer is better), less enemy pawns storming
    /// towards it (closer is worse) unless an own pawn blocks them; middlegame only.
    fn shelter_and_storm(
        &self,
        own: &[(i8, i8)],
        theirs: &[(i8, i8)],
        (rf, rr): (i8, i8),
        forward: i8,
        files: u8,
    ) -> i32 {
        let w = &self.w;
        // Ranks in front of the royal piece to the nearest pawn of `pawns` on `file`.
        let nearest = |pawns: &[(i8, i8)], file: i8| {
            pawns
                .iter()
                .filter(|&&(f, r)| f == file && (r - rr) * forward >= 1)
                .map(|&(_, r)| (r - rr) * forward)
                .min()
        };
        let mut score = 0;
        for file in (rf - 1).max(0)..=(rf + 1).min(files as i8 - 1) {
            let ours = nearest(own, file);
            score += match ours {
                Some(1) => w.shelter_near,
                Some(2) => w.shelter_mid,
                Some(_) => w.shelter_far,
                None => 0,
            };
            if let Some(d) = nearest(theirs, file).filter(|&d| d <= 4) {
                let blocked = ours == Some(d - 1);
                if !blocked {
                    score -= w.storm * (5 - d as i32);
                }
            }
        }
        score
    }

    /// Space: the squares of `color`'s area free of its pawns and safe from enemy pawns,
    /// those up to three squares behind one of its pawns counted twice.
    fn space<B: TableCache>(
        &self,
        g: joust_core::square::Geometry,
        color: Color,
        own_pawns: B,
        enemy_pawn_attacks: B,
    ) -> i32 {
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let mut n = 0;
        for &sq in &self.space_area[color.index()] {
            if own_pawns.has(sq) || enemy_pawn_attacks.has(sq) {
                continue;
            }
            let behind = (1..=3).any(|k| {
                g.offset(sq, 0, k * forward)
                    .is_some_and(|s| own_pawns.has(s))
            });
            n += 1 + behind as i32;
        }
        n
    }
}

/// What a piece reaches on the actual board: the squares it moves, captures or shoots to
/// (its mobility, own pieces left out) and the squares it attacks (own pieces included,
/// as defended, except for generic pieces); `None` for shapes it does not measure.
#[inline]
fn piece_sets<B: TableCache>(
    t: &Tables<B>,
    pos: &Position<B>,
    sq: Square,
    color: Color,
    kind: KindId,
    occ: B,
) -> Option<(B, B)> {
    let own = pos.pieces(color);
    let kt = &t.kinds[kind.index()];
    let attacks = match kt.shape {
        Shape::Simple { .. } => t.simple_attacks(color, kind, sq, occ),
        Shape::Extended { bent, lance, .. } => {
            if lance != 0 {
                let theirs = occ & !own;
                let mut r = B::EMPTY;
                let mut d = lance;
                while d != 0 {
                    let dir = d.trailing_zeros() as usize;
                    d &= d - 1;
                    r |= t.lance_reach(sq, dir, theirs);
                }
                r
            } else {
                let (orth, diag) = kt.shape.ranges();
                let mut r = kt.leap[color.index()][sq.index()];
                if orth != 0 {
                    r |= t.sliders.orth(sq, occ) & t.within(orth, sq);
                }
                if diag != 0 {
                    r |= t.sliders.diag(sq, occ) & t.within(diag, sq);
                }
                if bent != 0 {
                    r |= t.bent_attacks(bent, sq, occ);
                }
                r
            }
        }
        Shape::Generic => {
            let program = kt.program.as_ref()?;
            let sets = t.generic_sets(program, color, sq, occ, own);
            return Some((
                sets.moves | sets.captures | sets.shots,
                sets.captures | sets.shots,
            ));
        }
        Shape::Pawn | Shape::Unsupported => return None,
    };
    Some((attacks & !own, attacks))
}

/// Non-pawn, non-royal material of both sides in the start position.
fn start_phase(
    variant: &Variant,
    value: &[(i32, i32); MAX_KINDS],
    pawn: &[bool; MAX_KINDS],
    royal: &[bool; MAX_KINDS],
) -> i32 {
    let placement = variant.start_fen.split([' ', '[']).next().unwrap_or("");
    let mut total = 0;
    for c in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if let Some(k) = variant.kind_by_letter(color, c.to_ascii_uppercase()) {
            if !pawn[k.index()] && !royal[k.index()] {
                total += value[k.index()].0;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn start_positions_are_level_and_material_counts() {
        for v in variants::all() {
            let e = Evaluator::new(v);
            if v.geometry.len() <= 64 {
                let pos: Position<u64> = Position::from_fen(v, v.start_fen).unwrap();
                // Symmetric armies evaluate to (nearly) zero; Clash's differ a little.
                assert!(
                    e.evaluate(&pos).abs() < 120,
                    "{}: {}",
                    v.id,
                    e.evaluate(&pos)
                );
            }
        }
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let up_a_queen: Position<u64> = Position::from_fen(
            chess,
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&up_a_queen) > 700);
    }

    /// The evaluation of a chess FEN for White, with the generic weights whose terms these
    /// tests check (chess plays with borrowed fitted weights).
    fn chess_eval(fen: &str) -> i32 {
        let chess = variants::chess();
        let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
        let e = Evaluator::generic(chess);
        match pos.side_to_move() {
            Color::White => e.evaluate(&pos),
            Color::Black => -e.evaluate(&pos),
        }
    }

    #[test]
    fn central_pawns_gain_by_advancing_and_wing_pawns_do_not() {
        let start = chess_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let e4 = chess_eval("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let h4 = chess_eval("rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR b KQkq - 0 1");
        assert!(e4 > start, "e4 {e4}, start {start}");
        assert!(h4 < e4, "h4 {h4}, e4 {e4}");
    }

    #[test]
    fn pawn_structure_counts() {
        // The same material: a passed d-pawn beats one blocked by an enemy c-pawn's reach.
        let passed = chess_eval("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let blocked = chess_eval("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1") + 100;
        assert!(passed > blocked, "passed {passed}, not passed {blocked}");
        // Doubled and isolated pawns are worse than two pawns side by side.
        let side_by_side = chess_eval("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
        let doubled = chess_eval("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
        assert!(side_by_side > doubled + 20, "{side_by_side} vs {doubled}");
    }

    #[test]
    fn royal_safety_and_mobility_count() {
        // In a middlegame, a king behind its pawns is safer than one away from them.
        let sheltered = chess_eval("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/5PPP/R1BQ1RK1 w kq - 0 1");
        let bare = chess_eval("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/5PPP/RKBQ1R2 w kq - 0 1");
        assert!(sheltered > bare, "{sheltered} vs {bare}");
        // A rook on an open board outscores the same rook shut in by its own pawns.
        let free = chess_eval("4k3/8/8/8/3R4/8/PPP5/K7 w - - 0 1");
        let shut = chess_eval("4k3/8/8/8/8/8/PPP5/KR6 w - - 0 1");
        assert!(free > shut, "{free} vs {shut}");
    }

    #[test]
    fn long_range_pieces_count_less_mobility_per_square() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let w = |c: char| e.mobility_weight[chess.any_kind_by_letter(c).unwrap().index()];
        assert_eq!(w('N'), 16);
        assert!(
            w('Q') < w('R') && w('R') <= w('B'),
            "{} {} {}",
            w('Q'),
            w('R'),
            w('B')
        );
        // A free queen still beats one shut in by its own pawns.
        let free = chess_eval("4k3/8/8/8/3Q4/8/PPP5/K7 w - - 0 1");
        let shut = chess_eval("4k3/8/8/8/8/8/PPP5/KQ6 w - - 0 1");
        assert!(free > shut, "{free} vs {shut}");
    }

    /// What a term adds to a chess FEN's evaluation, for White: the evaluation with the
    /// term's weights `set` to 50 less the evaluation with them set to 0.
    fn contribution(fen: &str, set: impl Fn(&mut Weights, i32)) -> i32 {
        let chess = variants::chess();
        let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
        let eval = |value: i32| {
            let mut w = Weights::default();
            set(&mut w, value);
            Evaluator::with_weights(chess, w).evaluate(&pos)
        };
        let diff = eval(50) - eval(0);
        match pos.side_to_move() {
            Color::White => diff,
            Color::Black => -diff,
        }
    }

    #[test]
    fn rooks_gain_on_open_files() {
        let set = |w: &mut Weights, v: i32| {
            w.open_file_mg = v;
            w.open_file_eg = v;
            w.half_open_file_mg = v;
            w.half_open_file_eg = v;
        };
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        // No d-pawns: White's rook on d1 has the open file.
        let open = contribution("rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(open, 50);
        // Only Black's d-pawn is gone: the file is half open for White alone.
        let half = contribution("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(half, 0);
        let half = contribution("rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBRKBNQ w - - 0 1", set);
        assert_eq!(half, 50);
    }

    #[test]
    fn connected_and_backward_pawns_count() {
        let connected = |w: &mut Weights, v: i32| {
            w.connected_mg = v;
            w.connected_eg = v;
        };
        // Side by side on the fourth rank: both count, 50 * 3 * 3 / 4 each.
        assert_eq!(
            contribution("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", connected),
            224
        );
        // Defended from behind: only the defended pawn counts.
        assert_eq!(
            contribution("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", connected),
            112
        );
        // Black's pawns count for Black.
        assert_eq!(
            contribution("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1", connected),
            -224
        );
        // Apart: neither counts.
        assert_eq!(
            contribution("4k3/8/8/8/3P1P2/8/8/4K3 w - - 0 1", connected),
            0
        );
        let backward = |w: &mut Weights, v: i32| {
            w.backward_mg = v;
            w.backward_eg = v;
        };
        // d3 cannot be defended by the c4 pawn and e5 guards d4; Black's e5 has f6 behind.
        assert_eq!(
            contribution("4k3/8/5p2/4p3/2P5/3P4/8/4K3 w - - 0 1", backward),
            50
        );
        // Without f6, Black's e5 is backward too (d3 guards e4).
        assert_eq!(
            contribution("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", backward),
            0
        );
        // A c2 pawn can still come to defend d3.
        assert_eq!(
            contribution("4k3/8/5p2/4p3/8/3P4/2P5/4K3 w - - 0 1", backward),
            0
        );
    }

    #[test]
    fn pawns_on_a_bishops_colour_and_outposts_count() {
        let colour = |w: &mut Weights, v: i32| {
            w.colour_pawns_mg = v;
            w.colour_pawns_eg = v;
        };
        // The c1 bishop is on a dark square, as are b2, d2, f2 and h2.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/2B1K3 w - - 0 1", colour),
            200
        );
        // A knight is not colour-bound.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/2N1K3 w - - 0 1", colour),
            0
        );
        let outpost = |w: &mut Weights, v: i32| {
            w.outpost_mg = v;
            w.outpost_eg = v;
        };
        // A knight on d5, guarded by e4, that no black pawn can drive away.
        assert_eq!(
            contribution("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost),
            50
        );
        // ... until a c-pawn can.
        assert_eq!(
            contribution("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", outpost),
            0
        );
        // In its own half it is no outpost; unguarded neither; a rook is not light.
        assert_eq!(
            contribution("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", outpost),
            0
        );
        assert_eq!(contribution("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", outpost), 0);
        assert_eq!(
            contribution("4k3/8/8/3R4/4P3/8/8/4K3 w - - 0 1", outpost),
            0
        );
        // Black's outpost on d4, guarded by e5.
        assert_eq!(
            contribution("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", outpost),
            -50
        );
    }

    #[test]
    fn a_colour_bound_pair_on_both_colours_counts() {
        let set = |w: &mut Weights, v: i32| {
            w.colour_pair_mg = v;
            w.colour_pair_eg = v;
        };
        // Both sides keep their bishop pairs: they cancel.
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        // Black has lost its dark-squared bishop.
        let pair = contribution(
            "rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            set,
        );
        assert_eq!(pair, 50);
        // Two white bishops on light squares are no pair.
        let same = contribution(
            "rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKB1B w KQkq - 0 1",
            set,
        );
        assert_eq!(same, 0);
        // Colour-bound kinds: the bishop and the Queen's Lancer (FA), not the King's
        // Lancer (WD) nor the knight.
        let lc = variants::lancerchess();
        let e = Evaluator::new(lc);
        let bound = |c: char| e.colour_bound[lc.any_kind_by_letter(c).unwrap().index()];
        assert!(bound('B') && bound('J') && !bound('L') && !bound('R') && !bound('P'));
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        assert!(!e.colour_bound[chess.any_kind_by_letter('N').unwrap().index()]);
    }

    #[test]
    fn pawn_shelter_and_storms_count() {
        let shelter = |w: &mut Weights, v: i32| {
            w.shelter_near = v;
            w.shelter_mid = v / 2;
        };
        // Both kings behind three unmoved pawns: even. (Queens and rooks keep it a
        // middlegame, where the term counts.)
        let both = "rq4k1/5ppp/8/8/8/8/5PPP/RQ4K1 w - - 0 1";
        assert_eq!(contribution(both, shelter), 0);
        // White's g-pawn has gone two squares: that file's cover counts half.
        let pushed = contribution("rq4k1/5ppp/8/8/6P1/8/5P1P/RQ4K1 w - - 0 1", shelter);
        assert!(pushed < 0, "{pushed}");
        let moved = contribution("rq4k1/5ppp/8/8/8/6P1/5P1P/RQ4K1 w - - 0 1", shelter);
        // The term is tapered: the exact share depends on the material left.
        assert!(
            moved < 0 && (pushed - 2 * moved).abs() <= 1,
            "{pushed} vs {moved}"
        );
        // A black pawn on g4, three ranks in front of White's king, storms; blocked by a
        // white pawn just in front of it, it does not.
        let storm = |w: &mut Weights, v: i32| w.storm = v;
        let storming = contribution("rq4k1/5p1p/8/8/6p1/8/5P1P/RQ4K1 w - - 0 1", storm);
        assert!(storming < pushed, "{storming}");
        let blocked = contribution("rq4k1/5p1p/8/8/6p1/6P1/5P1P/RQ4K1 w - - 0 1", storm);
        assert_eq!(blocked, 0);
    }

    #[test]
    fn castling_rights_and_a_castled_royal_piece_count() {
        let rights = |w: &mut Weights, v: i32| w.castling_right_mg = v;
        // Both sides keep both rights: even. White alone keeping them: ahead.
        let both = "r3k2r/pppqpppp/8/8/8/8/PPPQPPPP/R3K2R w KQkq - 0 1";
        assert_eq!(contribution(both, rights), 0);
        let white_only = contribution("r3k2r/pppqpppp/8/8/8/8/PPPQPPPP/R3K2R w KQ - 0 1", rights);
        assert!(white_only > 0, "{white_only}");
        // A king on g1 or c1 has castled; one stepped to f1 or d1 has not.
        let castled = |w: &mut Weights, v: i32| w.royal_castled_mg = v;
        let g1 = contribution("r3k2r/pppqpppp/8/8/8/8/PPPQPPPP/R4RK1 w - - 0 1", castled);
        let c1 = contribution("r3k2r/pppqpppp/8/8/8/8/PPPQPPPP/2KR3R w - - 0 1", castled);
        let f1 = contribution("r3k2r/pppqpppp/8/8/8/8/PPPQPPPP/R4K1R w - - 0 1", castled);
        // (Equal up to the rounding of the taper.)
        assert!(g1 > 0 && (g1 - c1).abs() <= 2, "{g1} {c1}");
        assert_eq!(f1, 0);
        // LancerChess castles from the d-file to b1 or f1 (RULES.md 3.4).
        let lc = variants::lancerchess();
        let sq = |name: &str| lc.geometry.parse_square(name).unwrap();
        let home = |name: &str| castled_square(lc, Color::White, sq(name));
        assert!(home("a1") && home("b1") && home("f1") && home("g1") && home("h1"));
        assert!(!home("c1") && !home("d1") && !home("e1") && !home("f2"));
        assert!(castled_square(lc, Color::Black, sq("g8")));
    }

    #[test]
    fn a_piece_attacked_by_a_lesser_one_counts() {
        let set = |w: &mut Weights, v: i32| w.lesser_threat = v;
        // White's knight hits Black's rook, which a pawn defends (so it is not hanging).
        let hit = contribution("4k3/1p6/2r5/8/3N4/8/8/4K3 w - - 0 1", set);
        assert!(hit > 0, "{hit}");
        let apart = contribution("r3k3/1p6/8/8/3N4/8/8/4K3 w - - 0 1", set);
        assert_eq!(apart, 0);
    }

    #[test]
    fn safe_checking_squares_count() {
        let set = |w: &mut Weights, v: i32| {
            w.safe_check_mg = v;
            w.safe_check_eg = v;
        };
        // White's queen can check from a8, e5 and others that Black does not guard.
        let checks = contribution("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", set);
        assert!(checks >= 100, "{checks}");
        let none = contribution("4k3/8/8/8/8/8/8/4K2N w - - 0 1", set);
        assert_eq!(none, 0);
    }

    #[test]
    fn safe_checks_weak_squares_and_the_endgame_add_to_royal_danger() {
        // Queen, knight and bishop aimed at the black king's zone.
        let attack = "3qr1k1/5ppp/8/6NQ/8/3B4/5PPP/QR4K1 w - - 0 1";
        let weak = contribution(attack, |w: &mut Weights, v: i32| w.danger_weak = 4 * v);
        assert!(weak > 0, "{weak}");
        let endgame = contribution(attack, |w: &mut Weights, v: i32| w.danger_eg = 4 * v);
        assert!(endgame > 0, "{endgame}");
        // The queen hits h7, and the rook can check from e8, which Black does not guard.
        let check = "6k1/5ppp/8/8/8/3Q4/r4PPP/4R1K1 w - - 0 1";
        let checks = contribution(check, |w: &mut Weights, v: i32| w.danger_safe_check = 4 * v);
        assert!(checks > 0, "{checks}");
    }

    #[test]
    fn checks_by_kind_mobility_and_a_missing_queen_feed_royal_danger() {
        // White's evaluation of a chess position with the danger counted past a threshold.
        let eval = |fen: &str, set: &dyn Fn(&mut Weights)| {
            let chess = variants::chess();
            let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
            let mut w = Weights {
                danger_threshold: 1,
                ..Weights::default()
            };
            set(&mut w);
            Evaluator::with_weights(chess, w).evaluate(&pos)
        };
        let medium = |w: &mut Weights| w.danger_check_medium = 900;
        let unsafe_checks = |w: &mut Weights| w.danger_unsafe_check = 300;
        // The rook checks safely from e8; a black rook on a8 makes that check unsafe.
        let safe = "6k1/5ppp/8/8/8/3Q4/5PPP/4R1K1 w - - 0 1";
        let guarded = "r5k1/5ppp/8/8/8/3Q4/5PPP/4R1K1 w - - 0 1";
        assert!(eval(safe, &medium) > eval(safe, &|_| ()));
        assert_eq!(eval(safe, &unsafe_checks), eval(safe, &|_| ()));
        assert_eq!(eval(guarded, &medium), eval(guarded, &|_| ()));
        assert!(eval(guarded, &unsafe_checks) > eval(guarded, &|_| ()));
        // White's pieces move more: that adds to Black's danger.
        let mobile = |w: &mut Weights| w.danger_mobility = 400;
        assert!(eval(safe, &mobile) > eval(safe, &|_| ()));
        // Without a queen the same attack counts less; with one, nothing changes.
        let no_heavy = |w: &mut Weights| {
            medium(w);
            w.danger_no_heavy = 200;
        };
        let rooks = "6k1/5ppp/8/8/8/7R/5PP1/4R1K1 w - - 0 1";
        assert!(eval(rooks, &no_heavy) < eval(rooks, &medium));
        assert_eq!(eval(safe, &no_heavy), eval(safe, &medium));
    }

    #[test]
    fn a_rook_shut_in_by_its_own_royal_piece_counts_double_without_castling() {
        let set = |w: &mut Weights, v: i32| w.trapped_rook_mg = v;
        // The h1 rook, boxed in by its knight and pawn on the king's side of the board.
        let with_right = contribution("4k3/8/8/8/8/8/PPPPPPPP/4K1NR w K - 0 1", set);
        let without = contribution("4k3/8/8/8/8/8/PPPPPPPP/4K1NR w - - 0 1", set);
        assert!(with_right < 0, "{with_right}");
        assert!(without < with_right, "{without} {with_right}");
        // The same rook on the other side of its king is not shut in by it.
        assert_eq!(
            contribution("4k3/8/8/8/8/8/PPPPPPPP/RN2K3 w - - 0 1", set),
            0
        );
    }

    #[test]
    fn the_breakdown_adds_up_and_names_every_weight_once() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        let pos: Position<u64> = Position::from_fen(
            chess,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        )
        .unwrap();
        let rows = e.breakdown(&pos);
        let (total, parts) = rows.split_last().unwrap();
        assert_eq!(total.1, -e.evaluate(&pos));
        assert_eq!(parts.iter().map(|r| r.1).sum::<i32>(), total.1);
        assert!(parts.iter().any(|r| r.0 == "mobility" && r.1 != 0));
        let mut w = Weights::default();
        let mut grouped: Vec<&str> = TERM_GROUPS
            .iter()
            .flat_map(|g| g.1.iter().copied())
            .collect();
        grouped.sort();
        let mut names: Vec<&str> = w.fields_mut().into_iter().map(|f| f.0).collect();
        names.retain(|n| {
            ![
                "mobility_full",
                "danger_cap",
                "danger_threshold",
                "mobility_excludes_pawn_guarded",
                "pawn_eg_percent",
                "mobility_zero",
            ]
            .contains(n)
        });
        names.sort();
        assert_eq!(grouped, names);
    }

    #[test]
    fn space_behind_advanced_central_pawns_counts() {
        let set = |w: &mut Weights, v: i32| w.space = v;
        assert_eq!(contribution(variants::chess().start_fen, set), 0);
        let ahead = contribution(
            "rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR b KQkq - 0 1",
            set,
        );
        assert!(ahead > 0, "{ahead}");
    }

    #[test]
    fn pieces_attacking_the_royal_zone_count() {
        // Queen, knight and bishop aimed at the black king, or at the empty corner it left.
        // Queens and rooks on both sides keep it a middlegame.
        let attacked = chess_eval("3qr1k1/5ppp/8/6NQ/8/3B4/5PPP/QR4K1 w - - 0 1");
        let elsewhere = chess_eval("1k1qr3/ppp5/8/6NQ/8/3B4/5PPP/QR4K1 w - - 0 1");
        assert!(
            attacked > elsewhere + 60,
            "attacked {attacked}, elsewhere {elsewhere}"
        );
    }

    #[test]
    fn threatened_and_hanging_pieces_count() {
        // A knight attacked by a pawn, or on the square beside it.
        let hit = chess_eval("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        let safe = chess_eval("4k3/8/8/2n5/4P3/8/8/4K3 w - - 0 1");
        assert!(hit > safe + 40, "attacked by a pawn {hit}, not {safe}");
        // A rook attacked and undefended, or defended by a pawn.
        let hanging = chess_eval("4k3/2p5/r7/8/8/8/8/R3K3 w - - 0 1");
        let defended = chess_eval("4k3/1p6/r7/8/8/8/8/R3K3 w - - 0 1");
        assert!(
            hanging > defended + 25,
            "hanging {hanging}, defended {defended}"
        );
    }

    #[test]
    fn the_side_to_move_gets_a_tempo() {
        let chess = variants::chess();
        let e = Evaluator::new(chess);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ] {
            let pos: Position<u64> = Position::from_fen(chess, fen).unwrap();
            assert_eq!(e.evaluate(&pos), e.weights().tempo, "{fen}");
        }
    }

    #[test]
    fn estimated_values_are_sensible() {
        let rl = variants::royal_lion();
        let e = Evaluator::new(rl);
        let by_letter = |c: char| e.value(rl.any_kind_by_letter(c).unwrap());
        // The Amazon outvalues the Queen, which outvalues the Rook and the Knight.
        assert!(by_letter('A') > by_letter('Q'));
        assert!(by_letter('Q') > by_letter('R'));
        assert!(by_letter('R') > by_letter('N'));
        // Estimated: the Dragon (Gryphon + Crocodile) above either alone.
        assert!(by_letter('D') > by_letter('G'));
        assert!(by_letter('G') > by_letter('N'));
    }
}
