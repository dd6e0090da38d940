//! Everything move generation knows about one game on one bitboard width, precomputed
//! once per game from the pieces' atoms ([`Tables`]), and the per-process cache that
//! builds each game's tables on first use ([`tables`]).
//!
//! The parts each own their queries: [`board`] what the board's shape decides (lines,
//! distances, rays), [`kind`] each kind's [`Shape`] and leap tables, [`bent`] the bent
//! riders' attacks, [`program`] the compiled kinds' [`Program`]s, [`general`] the atoms of
//! every other kind, read one by one. None of them knows [`Tables`]; it only brings them
//! together with the game's rules.

pub mod bent;
pub mod board;
mod cache;
pub mod general;
pub mod kind;
mod limits;
pub mod program;

pub use bent::{BentPaths, CROCODILE, GRYPHON};
pub use board::BoardTables;
pub use cache::Cache;
pub use general::General;
pub use kind::{shape_of, KindMasks, KindTable, Shape};
pub use limits::MoveLimits;
pub use program::{CompiledAttacks, Program, Sets};

use crate::sliders::{Board, Sliders};
use board::bb_of;
use joust_core::atom::UNLIMITED;
use joust_core::end_rules::ExtinctionKinds;
use joust_core::variant::DoubleStep;
use joust_core::{Color, Geometry, KindId, Square, Variant, MAX_KINDS};

/// Everything move generation needs to know about one game on one bitboard width.
///
/// Other crates reach it only through its queries, here and in `attacks.rs` (who
/// attacks a square).
pub struct Tables<B: Board> {
    /// The game.
    pub(crate) variant: &'static Variant,
    /// Board shape.
    pub(crate) geometry: Geometry,
    /// Per kind.
    pub(crate) kinds: Vec<KindTable<B>>,
    /// What the board's shape decides: lines, distances, neighbours, rays.
    pub(crate) board: BoardTables<B>,
    /// Squares inside bent paths, for the tested generator (empty without bent riders).
    pub(crate) bent_paths: BentPaths<B>,
    /// Per colour, as bit sets over kind ids: kinds with leaps, orthogonal rides, diagonal
    /// rides, and the non-royal non-pawn kinds of each shape (intersected with the kinds
    /// present on the board, so games with many kinds pay only for those in play).
    pub(crate) masks: [KindMasks; 2],
    /// Per kind: how far it rides orthogonally and diagonally (0 = not at all).
    pub(crate) ranges: [(u8, u8); MAX_KINDS],
    /// Per colour: the royal kind, if the army has one.
    pub(crate) royal: [Option<KindId>; 2],
    /// Per colour: the pawn kind, if any.
    pub(crate) pawn: [Option<KindId>; 2],
    /// Per colour: squares from which a pawn may double-step, and from which any kind's
    /// `Mode::INITIAL` atoms apply ([`Tables::initial_region`]).
    pub(crate) double_step_from: [B; 2],
    /// Per colour: the promotion zone, where a pawn promotes on arriving (the last rank
    /// in most games).
    pub(crate) promotion_zone: [B; 2],
    /// Per colour: the squares of the zone where a pawn may also stay a pawn (optional
    /// promotion short of the last rank; empty in most games).
    pub(crate) stay_in_zone: [B; 2],
    /// Per colour and kind: the most pieces of the kind the side may have for a pawn to
    /// promote to it, 0 for no limit; `has_limits` says whether any kind has one.
    pub(crate) limits: [[u8; MAX_KINDS]; 2],
    /// Per colour: whether any kind has a promotion limit.
    pub(crate) has_limits: [bool; 2],
    /// Per colour and destination square: what a pawn may promote to there.
    pub(crate) promotions: [Vec<Vec<KindId>>; 2],
    /// Castling rights lost when a move starts or ends on a square.
    pub(crate) castle_loss: Vec<u8>,
    /// Per castling rule: squares that must be empty.
    pub(crate) castle_empty: Vec<B>,
    /// True if every kind is of [`Shape::LeapsAndRides`] or a FIDE pawn, with FIDE-like
    /// pawn rules and no mutual immunity: the pin-based generator applies.
    pub(crate) pinned_generator: bool,
    /// True if the game has Musketeer gating (and so a setup phase).
    pub(crate) gating: bool,
    /// Per colour and kind: how many the side has in the start position (for promotion to
    /// lost types).
    pub(crate) start_counts: [[u8; MAX_KINDS]; 2],
    /// Per colour: promotion only to lost types (Royal Lion Chess,
    /// docs/rules/royal-lion.md, "Pawns").
    pub(crate) lost_only: [bool; 2],
    /// Per colour and facing (`Direction::ALL` index): the Lancer kind with that facing.
    pub(crate) lancer_kinds: [[Option<KindId>; 8]; 2],
    /// Per colour: pawns may also promote to the selected Musketeer types.
    pub(crate) promote_to_selected: [bool; 2],
    /// Per colour: attack detection for compiled kinds.
    pub(crate) compiled_attacks: [CompiledAttacks<B>; 2],
    /// The game has Ouk Chatrang's first-move leaps ([`Variant::first_leaps`]).
    pub(crate) first_leaps: bool,
    /// The game has gating from the hand ([`Variant::hand_gating`]).
    pub(crate) hand_gating: bool,
    /// The game's positions keep first-move rights
    /// ([`Variant::has_first_move_rights`]), which moves lose.
    pub(crate) first_move_rights: bool,
    /// The kind whose first-move leap two squares forward also attacks the square it
    /// leaps to, if the game has first-move leaps and such a kind.
    pub(crate) forward_leaper: Option<KindId>,
    /// Where the extinction rule ends the game only when a side has none left of one of
    /// the kinds it lists (`extinctionPieceCount = 0`, Extinction chess): those kinds, a
    /// bit set over kind ids, so that a position with every one of them on the board for
    /// both sides is seen at once not to be extinct ([`Tables::extinct`]).
    pub(crate) extinction_kinds: Option<u16>,
    /// The game's movement limits (Xiangqi's palace, river and flying general), if it
    /// has any: the tested and royalless generators AND them into each piece's targets.
    pub(crate) move_limits: Option<MoveLimits<B>>,
}

impl<B: TableCache> Tables<B> {
    /// Builds the tables for `variant`.
    pub fn new(variant: &'static Variant) -> Tables<B> {
        let g = variant.geometry;
        let n = g.len();
        let board = BoardTables::new(g, B::sliders_for(g));
        let kinds: Vec<KindTable<B>> = variant.kinds.iter().map(|k| KindTable::new(k, g)).collect();

        let mut masks = [KindMasks::default(); 2];
        let mut ranges = [(0u8, 0u8); MAX_KINDS];
        let mut lancer_kinds = [[None; 8]; 2];
        let mut pinned_generator = matches!(
            variant.pawns.double_step,
            DoubleStep::FromRank(_) | DoubleStep::Never
        ) && !variant
            .promotion
            .iter()
            .any(|p| p.lost_only || p.optional || !p.limits.is_empty())
            // Mutual immunity and the Makpong rule are the tested generator's.
            && variant.mutual_immunity.is_none()
            && !variant.check_freezes_royal
            // And the movement limits (Xiangqi's palace, river and flying general).
            && !variant.movement_limits.any();
        for color in Color::ALL {
            let m = &mut masks[color.index()];
            for &k in &variant.armies[color.index()] {
                let kt = &kinds[k.index()];
                let bit = 1u16 << k.0;
                let (orth, diag) = kt.shape.ranges();
                ranges[k.index()] = (orth, diag);
                if orth > 0 {
                    m.orth |= bit;
                }
                if diag > 0 {
                    m.diag |= bit;
                }
                if kt.shape.bent() != 0 {
                    m.bent |= bit;
                }
                if kt.shape.lance() != 0 {
                    m.lance |= bit;
                    if let Some(d) = variant.kind(k).facing {
                        lancer_kinds[color.index()][d as usize] = Some(k);
                    }
                }
                match kt.shape {
                    Shape::LeapsAndRides { .. } if !kt.royal => m.leaps_and_rides |= bit,
                    Shape::Compiled => {
                        pinned_generator = false;
                        m.compiled |= bit;
                    }
                    Shape::BentLionLance { .. } => {
                        pinned_generator = false;
                        if !kt.royal {
                            m.bent_lion_lance |= bit;
                        }
                    }
                    Shape::General => {
                        pinned_generator = false;
                        m.general |= bit;
                    }
                    _ => {}
                }
                // Compiled and general kinds find their attackers by their own means.
                let own_means = matches!(kt.shape, Shape::Compiled | Shape::General);
                if !own_means && kt.leap[color.index()].iter().any(|b| b.any()) {
                    m.leapers |= bit;
                }
            }
        }
        let programs: Vec<Option<&Program<B>>> = kinds.iter().map(KindTable::program).collect();
        let compiled_attacks =
            Color::ALL.map(|c| CompiledAttacks::new(&programs, masks[c.index()].compiled, c, n));

        let rank_bb = |r: u8| bb_of::<B>(g.squares().filter(|&s| g.rank(s).0 == r));
        let double_step_from = match variant.pawns.double_step {
            DoubleStep::Never => [B::EMPTY; 2],
            DoubleStep::FromRank(r) => [rank_bb(r), rank_bb(g.ranks() - 1 - r)],
            DoubleStep::FromRankAndFirst(r) => [
                rank_bb(r) | rank_bb(0),
                rank_bb(g.ranks() - 1 - r) | rank_bb(g.ranks() - 1),
            ],
            DoubleStep::AnyRankUnlessPawnAttacked => [board.all; 2],
        };
        let mut castle_loss = vec![0u8; n];
        let mut castle_empty = Vec::new();
        for (i, rule) in variant.castling.iter().enumerate() {
            castle_loss[rule.royal_from.index()] |= 1 << i;
            castle_loss[rule.rook_from.index()] |= 1 << i;
            castle_empty.push(bb_of(rule.empty.iter().copied()));
        }

        Tables {
            move_limits: MoveLimits::new(variant),
            variant,
            geometry: g,
            bent_paths: BentPaths::new(&board, masks.iter().any(|m| m.bent != 0)),
            board,
            kinds,
            masks,
            ranges,
            lancer_kinds,
            royal: Color::ALL.map(|c| variant.royal(c)),
            pawn: Color::ALL.map(|c| variant.pawn_kind(c)),
            double_step_from,
            promotion_zone: Color::ALL
                .map(|c| bb_of::<B>(g.squares().filter(|&s| variant.in_promotion_zone(c, s)))),
            stay_in_zone: Color::ALL.map(|c| {
                let rule = &variant.promotion[c.index()];
                let last = variant.promotion_rank(c);
                bb_of::<B>(g.squares().filter(|&s| {
                    rule.optional && variant.in_promotion_zone(c, s) && g.rank(s).0 != last
                }))
            }),
            limits: Color::ALL.map(|c| {
                let mut l = [0u8; MAX_KINDS];
                for &(k, n) in &variant.promotion[c.index()].limits {
                    l[k.index()] = n;
                }
                l
            }),
            has_limits: Color::ALL.map(|c| !variant.promotion[c.index()].limits.is_empty()),
            promotions: Color::ALL.map(|c| g.squares().map(|s| variant.promotions(c, s)).collect()),
            castle_loss,
            castle_empty,
            pinned_generator,
            gating: !variant.gating_types.is_empty(),
            start_counts: start_counts(variant),
            lost_only: [
                variant.promotion[0].lost_only,
                variant.promotion[1].lost_only,
            ],
            promote_to_selected: [
                variant.promotion[0].selected_types,
                variant.promotion[1].selected_types,
            ],
            compiled_attacks,
            first_leaps: variant.first_leaps.is_some(),
            hand_gating: variant.hand_gating,
            first_move_rights: variant.has_first_move_rights(),
            forward_leaper: variant.first_leaps.and_then(|f| f.forward_leaper),
            extinction_kinds: variant
                .end_rules
                .extinction
                .as_ref()
                .and_then(|e| match &e.kinds {
                    ExtinctionKinds::Kinds(kinds) if e.count == 0 => {
                        Some(kinds.iter().fold(0u16, |m, k| m | 1 << k.0))
                    }
                    _ => None,
                }),
        }
    }
}

impl<B: Board> Tables<B> {
    /// The game these tables are for.
    #[inline(always)]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The board's shape.
    #[inline(always)]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Whether the game's extinction rule has ended the game in `pos`
    /// ([`EndRules::extinct`](joust_core::end_rules::EndRules::extinct)), false in a game
    /// without one.
    #[inline(always)]
    pub fn extinct(&self, pos: &joust_core::Position<B>) -> bool {
        let Some(rule) = &self.variant.end_rules.extinction else {
            return false;
        };
        if let Some(kinds) = self.extinction_kinds {
            let short = |c: Color| kinds & !pos.kinds_present(c) != 0;
            if !short(Color::White) && !short(Color::Black) {
                return false;
            }
        }
        rule.reached(pos).is_some()
    }

    /// The compiled movement of `kind`.
    #[inline(always)]
    pub fn kind(&self, kind: KindId) -> &KindTable<B> {
        &self.kinds[kind.index()]
    }

    /// What the board's shape decides (lines, distances, neighbours, rays): what the
    /// queries of [`Program`] and [`bent`] take.
    #[inline(always)]
    pub fn board_tables(&self) -> &BoardTables<B> {
        &self.board
    }

    /// True if the game has Musketeer gating (and so a setup phase).
    #[inline(always)]
    pub fn has_gating(&self) -> bool {
        self.gating
    }

    /// The squares from which `color`'s pieces may use their `Mode::INITIAL` atoms (the
    /// FIDE pawn's double step): the game's double-step rank counted from `color`'s side
    /// ([`DoubleStep::FromRank`]), nowhere ([`DoubleStep::Never`]), or everywhere
    /// ([`DoubleStep::AnyRankUnlessPawnAttacked`], where a pawn's initial move is also
    /// refused when an enemy pawn attacks a square it passes). The same for every kind, as
    /// there is no other record of where a piece started.
    #[inline(always)]
    pub fn initial_region(&self, color: Color) -> B {
        self.double_step_from[color.index()]
    }

    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.board.between(a, b)
    }

    /// The whole line through `a` and `b` if they share one, else empty.
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.board.line(a, b)
    }

    /// Squares at most `range` king steps from `sq` (everything for unlimited ranges).
    #[inline(always)]
    pub fn within(&self, range: u8, sq: Square) -> B {
        self.board.within(range, sq)
    }

    /// Squares a piece of `kind` and `color` on `sq` attacks by its leaps and, for a kind
    /// of [`Shape::LeapsAndRides`], its rides, given the occupancy.
    #[inline(always)]
    pub fn leaps_and_rides(&self, color: Color, kind: KindId, sq: Square, occ: B) -> B {
        let kt = &self.kinds[kind.index()];
        let mut att = kt.leap[color.index()][sq.index()];
        if let Shape::LeapsAndRides { orth, diag } = kt.shape {
            if orth != 0 {
                let mut a = self.board.sliders.orth(sq, occ);
                if orth != UNLIMITED {
                    a &= self.within(orth, sq);
                }
                att |= a;
            }
            if diag != 0 {
                let mut a = self.board.sliders.diag(sq, occ);
                if diag != UNLIMITED {
                    a &= self.within(diag, sq);
                }
                att |= a;
            }
        }
        att
    }
}

/// How many pieces of each kind each side has in the game's start position.
fn start_counts(variant: &'static Variant) -> [[u8; MAX_KINDS]; 2] {
    let mut counts = [[0u8; MAX_KINDS]; 2];
    for (color, k) in variant.start_pieces() {
        counts[color.index()][k.index()] += 1;
    }
    counts
}

/// Per-width caches of tables, one per game, and of slider tables, one per board shape
/// (games on the same board share them), built on first use and kept for the process.
pub trait TableCache: Board {
    /// The game tables of this width, keyed by the game's address (see [`Cache`]).
    fn cache() -> &'static Cache<usize, Tables<Self>>;
    /// The slider tables of this width.
    fn slider_cache() -> &'static Cache<Geometry, Self::Sliders>;
    /// The slider tables for `geometry`, built once.
    fn sliders_for(geometry: Geometry) -> &'static Self::Sliders {
        Self::slider_cache().get_or_build(geometry, || Self::Sliders::new(geometry))
    }
}

macro_rules! table_cache {
    ($t:ty) => {
        impl TableCache for $t {
            fn cache() -> &'static Cache<usize, Tables<$t>> {
                static CACHE: Cache<usize, Tables<$t>> = Cache::new();
                &CACHE
            }
            fn slider_cache() -> &'static Cache<Geometry, <$t as Board>::Sliders> {
                static CACHE: Cache<Geometry, <$t as Board>::Sliders> = Cache::new();
                &CACHE
            }
        }
    };
}

table_cache!(u64);
table_cache!(u128);

/// The tables of `variant` for width `B`, built once per process.
pub fn tables<B: TableCache>(variant: &'static Variant) -> &'static Tables<B> {
    B::cache().get_or_build(variant as *const Variant as usize, || Tables::new(variant))
}

/// Guard against silently exceeding the kind limit of core.
const _: () = assert!(MAX_KINDS <= 16);
