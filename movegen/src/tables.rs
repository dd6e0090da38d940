//! Attack tables, precomputed once per game and bitboard width from the pieces' atoms.

use crate::sliders::{Board, Sliders};
use joust_core::atom::{ferz, king_steps, wazir, Atom, Mode, Occupant, Outward, Path, UNLIMITED};
use joust_core::variant::DoubleStep;
use joust_core::{Bits, Color, Direction, Geometry, KindId, Square, Variant, MAX_KINDS};
use once_cell::sync::OnceCell;
use std::sync::Mutex;

/// How a piece kind moves, once its atoms are compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Leaps plus orthogonal and/or diagonal rides with a range; moves and captures alike.
    Simple {
        /// Farthest orthogonal ride (0 = none, [`UNLIMITED`] = to the edge).
        orth: u8,
        /// Farthest diagonal ride.
        diag: u8,
    },
    /// The pawn: forward step, double step by the game's rule, diagonal captures.
    Pawn,
    /// Leaps and rides as `Simple`, plus bent rides ([`GRYPHON`], [`CROCODILE`]) and/or
    /// the Royal Lion's double step: handled by the general generator.
    Extended {
        /// Farthest orthogonal ride.
        orth: u8,
        /// Farthest diagonal ride.
        diag: u8,
        /// Bent rides: [`GRYPHON`] and/or [`CROCODILE`] bits.
        bent: u8,
        /// Has the Lion's capturing double step and pass.
        lion: bool,
        /// Rides through its own pieces to the first enemy, in each direction whose bit
        /// (index in `Direction::ALL`) is set: the Lancer's facing.
        lance: u8,
    },
    /// Any mix of leaps, lame leaps and rides that move, capture or shoot (Cromwell):
    /// evaluated from [`KindTable::program`].
    Generic,
    /// Atoms no generator handles yet.
    Unsupported,
}

/// Bent ride: one diagonal step, then outward as a rook.
pub const GRYPHON: u8 = 1;
/// Bent ride: one orthogonal step, then outward as a bishop.
pub const CROCODILE: u8 = 2;

impl Shape {
    /// Orthogonal and diagonal ride ranges (0 = none).
    pub fn ranges(&self) -> (u8, u8) {
        match *self {
            Shape::Simple { orth, diag } | Shape::Extended { orth, diag, .. } => (orth, diag),
            _ => (0, 0),
        }
    }

    /// The bent-ride bits.
    pub fn bent(&self) -> u8 {
        match *self {
            Shape::Extended { bent, .. } => bent,
            _ => 0,
        }
    }

    /// The directions ridden through own pieces (bit per `Direction::ALL` index).
    pub fn lance(&self) -> u8 {
        match *self {
            Shape::Extended { lance, .. } => lance,
            _ => 0,
        }
    }
}

/// The compiled movement of one piece kind.
#[derive(Clone, Debug)]
pub struct KindTable<B> {
    /// How it moves.
    pub shape: Shape,
    /// `leap[color][square]`: squares its leaps attack (for pawns, their captures).
    pub leap: [Vec<B>; 2],
    /// `reverse_leap[color][square]`: squares from which its leaps attack `square`.
    pub reverse_leap: [Vec<B>; 2],
    /// True if it is royal.
    pub royal: bool,
    /// True if it follows pawn rules.
    pub pawn: bool,
    /// The compiled atoms of a [`Shape::Generic`] kind.
    pub program: Option<crate::generic::Program<B>>,
}

/// Kind sets of one side, as bit sets over kind ids.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KindMasks {
    /// Kinds with leaps (their leap tables are non-empty).
    pub leapers: u16,
    /// Kinds that ride orthogonally.
    pub orth: u16,
    /// Kinds that ride diagonally.
    pub diag: u16,
    /// Non-royal, non-pawn kinds with a simple shape.
    pub pieces: u16,
    /// Kinds with bent rides.
    pub bent: u16,
    /// Kinds that ride through their own pieces (Lancers).
    pub lance: u16,
    /// Kinds with a generic program (all of Cromwell's), royal included.
    pub generic: u16,
    /// Non-royal, non-pawn kinds with an extended shape.
    pub extended: u16,
}

/// Everything move generation needs to know about one game on one bitboard width.
pub struct Tables<B: Board> {
    /// The game.
    pub variant: &'static Variant,
    /// Board shape.
    pub geometry: Geometry,
    /// Every square of the board.
    pub board: B,
    /// Per kind.
    pub kinds: Vec<KindTable<B>>,
    /// Line attacks.
    pub sliders: &'static B::Sliders,
    /// `within[r][sq]`: squares at king distance ≤ r (r < 10); for limited rides.
    pub within: Vec<Vec<B>>,
    /// `between[a * n + b]`: squares strictly between two squares on a line, else empty.
    pub between: Vec<B>,
    /// `line[a * n + b]`: the whole line through two aligned squares, else empty.
    pub line: Vec<B>,
    /// Rook lines and bishop lines from each square on an empty board.
    pub empty_orth: Vec<B>,
    /// Bishop lines from each square on an empty board.
    pub empty_diag: Vec<B>,
    /// Per colour, as bit sets over kind ids: kinds with leaps, orthogonal rides, diagonal
    /// rides, and the non-royal non-pawn simple kinds (intersected with the kinds present
    /// on the board, so games with many kinds pay only for those in play).
    pub masks: [KindMasks; 2],
    /// Per kind: how far it rides orthogonally and diagonally (0 = not at all).
    pub ranges: [(u8, u8); MAX_KINDS],
    /// Per colour: the royal kind.
    pub royal: [KindId; 2],
    /// Per colour: the pawn kind, if any.
    pub pawn: [Option<KindId>; 2],
    /// Per colour: squares from which a pawn may double-step.
    pub double_step_from: [B; 2],
    /// Per colour: the last rank.
    pub last_rank: [B; 2],
    /// Per colour and destination square: what a pawn may promote to there.
    pub promotions: [Vec<Vec<KindId>>; 2],
    /// Castling rights lost when a move starts or ends on a square.
    pub castle_loss: Vec<u8>,
    /// Per castling rule: squares that must be empty.
    pub castle_empty: Vec<B>,
    /// Files a and last, for pawn captures by shifting.
    pub not_first_file: B,
    /// Every square not on the last file.
    pub not_last_file: B,
    /// True if every kind has a simple shape or is a FIDE pawn, with FIDE-like pawn rules:
    /// the fast generator applies.
    pub fast: bool,
    /// True if every kind's atoms are understood by a generator (else the game is not
    /// playable yet).
    pub supported: bool,
    /// True if the game has Musketeer gating (and so a setup phase).
    pub gating: bool,
    /// Bent-ride and neighbour tables for the general generator.
    pub exotic: crate::exotic::ExoticTables<B>,
    /// Per colour and kind: how many the side has in the start position (for promotion to
    /// lost types).
    pub start_counts: [[u8; MAX_KINDS]; 2],
    /// Per colour: promotion only to lost types (Royal Lion Chess §9.5).
    pub lost_only: [bool; 2],
    /// Per colour and facing (`Direction::ALL` index): the Lancer kind with that facing.
    pub lancer_kinds: [[Option<KindId>; 8]; 2],
    /// Per colour: pawns may also promote to the selected Musketeer types.
    pub promote_to_selected: [bool; 2],
    /// Attack detection for generic kinds (see [`GenericAttacks`]).
    pub generic_attacks: [GenericAttacks<B>; 2],
}

/// One colour's generic kinds' attacks in one flat table, so that finding who attacks a
/// square costs a few lookups per kind present.
#[derive(Clone, Debug, Default)]
pub struct GenericAttacks<B> {
    /// `table[kind * n + square]`: squares a piece of the kind could attack `square` from
    /// on an empty board ([`crate::generic::Program::reverse_reach`]), then its
    /// [`crate::generic::Program::attack_masks`] (leap sources, orthogonal and diagonal
    /// line bands).
    pub table: Vec<[B; 4]>,
    /// Kinds (bits over kind ids) with attacks beyond the table (rides through own pieces
    /// or along single directions, lame leaps).
    pub residual: u16,
    /// Whether some kind's table takes the orthogonal and the diagonal slider sets.
    pub lines: (bool, bool),
    /// Kinds (bits over kind ids) whose attacks can be blocked
    /// ([`crate::generic::Program::blockable`]).
    pub blockable: u16,
}

fn bb_of<B: Bits>(squares: impl IntoIterator<Item = Square>) -> B {
    let mut b = B::EMPTY;
    for s in squares {
        b |= B::from_square(s);
    }
    b
}

fn is_set(offsets: &[(i8, i8)], set: &[(i8, i8)]) -> bool {
    offsets.len() == set.len() && set.iter().all(|o| offsets.contains(o))
}

/// Compiles a kind's atoms into a [`Shape`].
pub fn shape_of(atoms: &[Atom], pawn: bool) -> Shape {
    if pawn {
        return if atoms == joust_core::pieces::pawn().atoms.as_slice() {
            Shape::Pawn
        } else {
            Shape::Unsupported
        };
    }
    let (mut orth, mut diag, mut bent, mut lion, mut lance) = (0u8, 0u8, 0u8, false, 0u8);
    for atom in atoms {
        if atom.mode != Mode::MOVE_CAPTURE || atom.relative {
            return Shape::Unsupported;
        }
        match atom.path {
            Path::Leap => {}
            Path::Ride { min: 1, max } => {
                if is_set(&atom.offsets, &wazir()) {
                    orth = orth.max(max);
                } else if is_set(&atom.offsets, &ferz()) {
                    diag = diag.max(max);
                } else if is_set(&atom.offsets, &king_steps()) {
                    orth = orth.max(max);
                    diag = diag.max(max);
                } else {
                    return Shape::Unsupported;
                }
            }
            Path::Bent {
                outward: Outward::Orthogonal,
            } if is_set(&atom.offsets, &ferz()) => bent |= GRYPHON,
            Path::Bent {
                outward: Outward::Diagonal,
            } if is_set(&atom.offsets, &wazir()) => bent |= CROCODILE,
            Path::LionDouble => lion = true,
            Path::RideThroughOwn {
                min: 1,
                max: UNLIMITED,
            } if atom.offsets.len() == 1 => {
                let (df, dr) = atom.offsets[0];
                match Direction::from_delta(df, dr) {
                    Some(d) => lance |= 1 << d as u8,
                    None => return Shape::Unsupported,
                }
            }
            _ => return Shape::Unsupported,
        }
    }
    if bent == 0 && !lion && lance == 0 {
        Shape::Simple { orth, diag }
    } else {
        Shape::Extended {
            orth,
            diag,
            bent,
            lion,
            lance,
        }
    }
}

impl<B: TableCache> Tables<B> {
    /// Builds the tables for `variant`.
    pub fn new(variant: &'static Variant) -> Tables<B> {
        let g = variant.geometry;
        let n = g.len();
        let board = B::board(g);
        let sliders = B::sliders_for(g);
        let empty = |_: Square| Occupant::Empty;

        let mut kinds = Vec::new();
        for kind in &variant.kinds {
            let mut shape = shape_of(&kind.atoms, kind.pawn);
            let mut program = None;
            if shape == Shape::Unsupported {
                program = crate::generic::compile::<B>(&kind.atoms, g);
                if program.is_some() {
                    shape = Shape::Generic;
                }
            }
            let mut leap: [Vec<B>; 2] = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
            let mut reverse_leap: [Vec<B>; 2] = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
            for color in Color::ALL {
                for sq in g.squares() {
                    let mut att = B::EMPTY;
                    for atom in &kind.atoms {
                        if atom.path == Path::Leap && atom.attacks() {
                            att |= bb_of(atom.attack_squares(color, g, sq, &empty));
                        }
                    }
                    leap[color.index()][sq.index()] = att;
                    for t in att.squares() {
                        reverse_leap[color.index()][t.index()] |= B::from_square(sq);
                    }
                }
            }
            kinds.push(KindTable {
                program,
                shape,
                leap,
                reverse_leap,
                royal: kind.royal,
                pawn: kind.pawn,
            });
        }

        let mut within = Vec::new();
        for r in 0..10u8 {
            within.push(
                g.squares()
                    .map(|a| bb_of(g.squares().filter(|&b| g.distance(a, b) <= r)))
                    .collect(),
            );
        }

        let mut between = vec![B::EMPTY; n * n];
        let mut line = vec![B::EMPTY; n * n];
        for a in g.squares() {
            for (df, dr) in king_steps() {
                let mut path = B::EMPTY;
                let mut s = a;
                while let Some(b) = g.offset(s, df, dr) {
                    between[a.index() * n + b.index()] = path;
                    path |= B::from_square(b);
                    s = b;
                }
                // The full line: both directions from a, plus a itself.
                let mut full = B::from_square(a);
                for sign in [1, -1] {
                    let mut s = a;
                    while let Some(b) = g.offset(s, df * sign, dr * sign) {
                        full |= B::from_square(b);
                        s = b;
                    }
                }
                let mut s = a;
                while let Some(b) = g.offset(s, df, dr) {
                    line[a.index() * n + b.index()] = full;
                    s = b;
                }
            }
        }
        let empty_orth = g.squares().map(|s| sliders.orth(s, B::EMPTY)).collect();
        let empty_diag = g.squares().map(|s| sliders.diag(s, B::EMPTY)).collect();

        let mut masks = [KindMasks::default(); 2];
        let mut ranges = [(0u8, 0u8); MAX_KINDS];
        let mut lancer_kinds = [[None; 8]; 2];
        let mut supported = true;
        let mut fast = matches!(
            variant.pawns.double_step,
            DoubleStep::FromRank(_) | DoubleStep::Never
        ) && !variant.promotion.iter().any(|p| p.lost_only);
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
                    Shape::Simple { .. } if !kt.royal => m.pieces |= bit,
                    Shape::Generic => {
                        fast = false;
                        m.generic |= bit;
                    }
                    Shape::Extended { .. } => {
                        fast = false;
                        if !kt.royal {
                            m.extended |= bit;
                        }
                    }
                    Shape::Unsupported => supported = false,
                    _ => {}
                }
                if kt.shape != Shape::Generic && kt.leap[color.index()].iter().any(|b| b.any()) {
                    m.leapers |= bit;
                }
            }
        }
        let fast = fast && supported;
        let generic_attacks =
            Color::ALL.map(|c| generic_attacks(&kinds, masks[c.index()].generic, c, n));

        let royal = [
            variant.royal_kind(Color::White),
            variant.royal_kind(Color::Black),
        ];
        let pawn = [
            variant.pawn_kind(Color::White),
            variant.pawn_kind(Color::Black),
        ];
        let rank_bb = |r: u8| bb_of::<B>(g.squares().filter(|&s| g.rank(s).0 == r));
        let file_bb = |f: u8| bb_of::<B>(g.squares().filter(|&s| g.file(s).0 == f));
        let double_step_from = match variant.pawns.double_step {
            DoubleStep::Never => [B::EMPTY; 2],
            DoubleStep::FromRank(r) => [rank_bb(r), rank_bb(g.ranks() - 1 - r)],
            DoubleStep::AnyRankUnlessPawnAttacked => [board; 2],
        };
        let last_rank = [rank_bb(g.ranks() - 1), rank_bb(0)];
        let promotions =
            Color::ALL.map(|c| g.squares().map(|s| variant.promotions(c, s)).collect());

        let mut castle_loss = vec![0u8; n];
        let mut castle_empty = Vec::new();
        for (i, rule) in variant.castling.iter().enumerate() {
            castle_loss[rule.royal_from.index()] |= 1 << i;
            castle_loss[rule.rook_from.index()] |= 1 << i;
            castle_empty.push(bb_of(rule.empty.iter().copied()));
        }

        Tables {
            variant,
            geometry: g,
            board,
            kinds,
            sliders,
            within,
            between,
            line,
            empty_orth,
            empty_diag,
            masks,
            ranges,
            lancer_kinds,
            royal,
            pawn,
            double_step_from,
            last_rank,
            promotions,
            castle_loss,
            castle_empty,
            not_first_file: board & !file_bb(0),
            not_last_file: board & !file_bb(g.files() - 1),
            fast,
            supported,
            gating: !variant.gating_types.is_empty(),
            exotic: crate::exotic::ExoticTables::new(g, masks.iter().any(|m| m.bent != 0)),
            start_counts: start_counts(variant),
            lost_only: [
                variant.promotion[0].lost_only,
                variant.promotion[1].lost_only,
            ],
            promote_to_selected: [
                variant.promotion[0].selected_types,
                variant.promotion[1].selected_types,
            ],
            generic_attacks,
        }
    }
}

/// Builds [`GenericAttacks`] for `color`'s kinds in `mask` (bits over kind ids).
fn generic_attacks<B: Bits>(
    kinds: &[KindTable<B>],
    mask: u16,
    color: Color,
    n: usize,
) -> GenericAttacks<B> {
    let c = color.index();
    let mut table = vec![[B::EMPTY; 4]; kinds.len() * n];
    let mut residual = 0u16;
    let mut blockable = 0u16;
    let mut lines = (false, false);
    for (k, kt) in kinds.iter().enumerate() {
        let Some(p) = kt.program.as_ref().filter(|_| mask & (1 << k) != 0) else {
            continue;
        };
        for sq in 0..n {
            let m = p.attack_masks[c][sq];
            table[k * n + sq] = [p.reverse_reach[c][sq], m[0], m[1], m[2]];
        }
        if p.attack_residual {
            residual |= 1 << k;
        }
        if p.blockable {
            blockable |= 1 << k;
        }
        lines.0 |= p.attack_lines_needed[c].0;
        lines.1 |= p.attack_lines_needed[c].1;
    }
    GenericAttacks {
        table,
        residual,
        lines,
        blockable,
    }
}

impl<B: Board> Tables<B> {
    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index() * self.geometry.len() + b.index()]
    }

    /// The whole line through `a` and `b` if they share one, else empty.
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.line[a.index() * self.geometry.len() + b.index()]
    }

    /// Squares at most `range` king steps from `sq` (everything for unlimited ranges).
    #[inline(always)]
    pub fn within(&self, range: u8, sq: Square) -> B {
        if range as usize >= self.within.len() {
            self.board
        } else {
            self.within[range as usize][sq.index()]
        }
    }

    /// Squares a simple piece of `kind` and `color` on `sq` attacks, given the occupancy.
    #[inline(always)]
    pub fn simple_attacks(&self, color: Color, kind: KindId, sq: Square, occ: B) -> B {
        let kt = &self.kinds[kind.index()];
        let mut att = kt.leap[color.index()][sq.index()];
        if let Shape::Simple { orth, diag } = kt.shape {
            if orth != 0 {
                let mut a = self.sliders.orth(sq, occ);
                if orth != UNLIMITED {
                    a &= self.within(orth, sq);
                }
                att |= a;
            }
            if diag != 0 {
                let mut a = self.sliders.diag(sq, occ);
                if diag != UNLIMITED {
                    a &= self.within(diag, sq);
                }
                att |= a;
            }
        }
        att
    }
}

/// A process-wide list of built tables, keyed by what they were built for.
type Cache<K, T> = Mutex<Vec<(K, &'static T)>>;

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
    /// The game tables of this width.
    fn cache() -> &'static Cache<usize, Tables<Self>>;
    /// The slider tables of this width.
    fn slider_cache() -> &'static Cache<Geometry, Self::Sliders>;
    /// The slider tables for `geometry`, built once.
    fn sliders_for(geometry: Geometry) -> &'static Self::Sliders {
        let mut cache = Self::slider_cache()
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, s)) = cache.iter().find(|(g, _)| *g == geometry) {
            return s;
        }
        let s: &'static Self::Sliders = Box::leak(Box::new(Self::Sliders::new(geometry)));
        cache.push((geometry, s));
        s
    }
}

macro_rules! table_cache {
    ($t:ty) => {
        impl TableCache for $t {
            fn cache() -> &'static Cache<usize, Tables<$t>> {
                static CACHE: OnceCell<Cache<usize, Tables<$t>>> = OnceCell::new();
                CACHE.get_or_init(|| Mutex::new(Vec::new()))
            }
            fn slider_cache() -> &'static Cache<Geometry, <$t as Board>::Sliders> {
                static CACHE: OnceCell<Cache<Geometry, <$t as Board>::Sliders>> = OnceCell::new();
                CACHE.get_or_init(|| Mutex::new(Vec::new()))
            }
        }
    };
}

table_cache!(u64);
table_cache!(u128);

/// The tables of `variant` for width `B`, built once per process.
pub fn tables<B: TableCache>(variant: &'static Variant) -> &'static Tables<B> {
    let key = variant as *const Variant as usize;
    let mut cache = B::cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, t)) = cache.iter().find(|(k, _)| *k == key) {
        return t;
    }
    let t: &'static Tables<B> = Box::leak(Box::new(Tables::new(variant)));
    cache.push((key, t));
    t
}

/// Guard against silently exceeding the kind limit of core.
const _: () = assert!(MAX_KINDS <= 16);
