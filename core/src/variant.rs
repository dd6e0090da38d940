//! A game described as data: board, pieces, armies, start, castling, pawns, outcomes.

use crate::color::Color;
use crate::end_rules::EndRules;
use crate::goal::Goals;
use crate::mobility::MovementLimits;
use crate::piece::{KindId, PieceKind, MAX_KINDS};
use crate::square::{Geometry, Square};

/// A built-in game: everything the engine needs to know to play it.
///
/// A game is data: its board, its pieces (each described by movement atoms), the armies,
/// the start position and the rules around them. Look one up by its id:
///
/// ```
/// use joust_core::{variants, Color};
///
/// let lc = variants::by_id("lancerchess").unwrap();
/// assert_eq!(lc.geometry.len(), 64);
/// // In LancerChess the Queen is royal, not the King.
/// let royal = lc.royal_kind(Color::White);
/// assert_eq!(lc.kind(royal).letter, 'Q');
/// assert!(variants::by_id("chesss").is_err());
/// ```
#[derive(Debug)]
pub struct Variant {
    /// The game id used on the command line and in UCI (`chess`).
    pub id: &'static str,
    /// The game's display name ("FIDE chess").
    pub name: &'static str,
    /// One-line summary for listings.
    pub summary: &'static str,
    /// Board shape.
    pub geometry: Geometry,
    /// Every piece kind of the game; [`KindId`] indexes this.
    pub kinds: Vec<PieceKind>,
    /// The kinds each side may own, White first (they differ in Clash and Cromwell).
    pub armies: [Vec<KindId>; 2],
    /// Start position in FEN.
    pub start_fen: &'static str,
    /// Castling moves, at most four; a position's rights are a bit set over this list
    /// (in a Chess960 game, over the list its FEN named, [`Position::castling_rules`](crate::Position::castling_rules)).
    pub castling: Vec<CastlingRule>,
    /// Chess960 castling (Fairy-Stockfish's `chess960 = true`): the king and its rooks
    /// may start on any files of the castling rank; `None` in most games.
    pub chess960: Option<crate::castling::Chess960>,
    /// Pawn rules.
    pub pawns: PawnRules,
    /// What each side's pawns may promote to, White first.
    pub promotion: [Promotion; 2],
    /// Who wins a stalemate.
    pub stalemate: StalemateResult,
    /// Plies without capture or pawn move after which the game is drawn.
    pub fifty_move_plies: u32,
    /// Which material leaves a dead position (no sequence of legal moves can give mate).
    pub dead_position: DeadPosition,
    /// The Musketeer types that can be selected and gated in (empty: no gating).
    pub gating_types: Vec<KindId>,
    /// The two types set when Black rejects White's selection (Cannon, Leopard;
    /// docs/rules/musketeer.md, "The setup").
    pub gating_rejection: Option<[KindId; 2]>,
    /// Two kinds that may never attack each other (Cromwell's Rupert and Pym;
    /// docs/rules/cromwell.md, "Prince Rupert and Pym"): a move after which either
    /// attacks the other is illegal.
    pub mutual_immunity: Option<[KindId; 2]>,
    /// Ways to win besides mate (flags, check counting) and the no-check rule; all off
    /// by default.
    pub goals: Goals,
    /// In check, the royal piece may not move except to capture the one piece giving
    /// check: a check must be answered by capturing or blocking it (Makpong,
    /// docs/rules/makpong.md; Fairy-Stockfish's `makpongRule`).
    pub check_freezes_royal: bool,
    /// Ouk Chatrang's first moves (Fairy-Stockfish's `cambodianMoves`; docs/rules/cambodian.md),
    /// if the game has them.
    pub first_leaps: Option<FirstLeaps>,
    /// Gating from the hand (S-Chess, docs/rules/seirawan.md; Fairy-Stockfish's
    /// `seirawanGating`): each side holds pieces in hand (the start position's bracket,
    /// `[HEhe]`), and a piece making the first move from its square of the side's first
    /// rank may bring one of them onto the square it leaves. The squares still unmoved
    /// are the position's [first-move rights](crate::Position::first_move_rights).
    pub hand_gating: bool,
    /// The ends beyond chess's: extinction, compulsory capture, checkmate that wins
    /// ([`EndRules`]; chess's by default).
    pub end_rules: EndRules,
    /// Where pieces may move beyond their atoms: mobility regions, the soldier's sideways
    /// steps past a rank, the flying-general rule (Xiangqi; [`MovementLimits`]).
    pub movement_limits: MovementLimits,
    /// The rules in short, one line each, written by hand in the game's file
    /// (`rulesInShort.1`, ...) for `joust variants ID`; empty: described from the data.
    pub rules_in_short: Vec<&'static str>,
}

/// Ouk Chatrang's special first moves, as Fairy-Stockfish 11.1 plays its `cambodianMoves`.
///
/// A position holds, per side, a set of files of the side's first rank whose piece still
/// has its first move ([`Position::first_move_rights`](crate::Position::first_move_rights); the FEN
/// writes them as file letters in the castling field, `DEde`). A right is lost when a
/// piece moves from its square or an enemy piece moves to it. While it holds:
///
/// - the royal piece on such a square may, when not in check, leap as a knight to an empty
///   square of the next rank forward (two files aside);
/// - a piece of [`FirstLeaps::forward_leaper`] on such a square may leap two squares
///   straight forward, over anything between, to an empty square or an enemy piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FirstLeaps {
    /// The kind that may leap two squares forward (the Neang, Fairy-Stockfish's fers),
    /// if the game has it.
    pub forward_leaper: Option<KindId>,
}

/// The material with which no side can ever give mate, so the game is drawn as a dead
/// position: read from data, so that one rule serves every game.
///
/// A position is dead when no piece is waiting in a reserve and every non-royal piece on
/// the board is of a kind in `colour_bound` or `single`, and either none is of a `single`
/// kind and the `colour_bound` ones all stand on squares of one colour, or exactly one is
/// of a `single` kind and none is `colour_bound`. Chess: `single` the Knight,
/// `colour_bound` the Bishop (docs/rules/chess.md, "How the game ends").
///
/// ```
/// use joust_core::{variants, Material, Color};
///
/// let chess = variants::chess();
/// let knight = chess.kind_by_letter(Color::White, 'N').unwrap();
/// let mut m = Material::default();
/// assert!(chess.dead_position.is_dead(chess, &m)); // bare kings
/// m.count[0][knight.index()] = 1;
/// assert!(chess.dead_position.is_dead(chess, &m)); // king and knight against king
/// m.count[1][knight.index()] = 1;
/// assert!(!chess.dead_position.is_dead(chess, &m)); // a knight each: mate is possible
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadPosition {
    /// Whether the game has dead positions at all (Cromwell has none: its stalemate wins).
    pub enabled: bool,
    /// Kinds of which one alone, with the royal pieces, cannot mate.
    pub single: Vec<KindId>,
    /// Kinds bound to one colour of square that cannot mate however many there are, so
    /// long as all stand on squares of one colour.
    pub colour_bound: Vec<KindId>,
}

impl DeadPosition {
    /// True if `m`, the material of a position of `v`, makes it dead.
    pub fn is_dead(&self, v: &Variant, m: &Material) -> bool {
        if !self.enabled || m.reserves > 0 {
            return false;
        }
        let (mut singles, mut bound, mut bound_dark) = (0, 0, 0);
        for k in v.kind_ids() {
            let n = m.total(k);
            if n == 0 || v.kind(k).royal {
                continue;
            }
            if self.colour_bound.contains(&k) {
                bound += n;
                bound_dark += m.total_dark(k);
            } else if self.single.contains(&k) {
                singles += n;
            } else {
                return false;
            }
        }
        match singles {
            0 => bound_dark == 0 || bound_dark == bound,
            1 => bound == 0,
            _ => false,
        }
    }
}

/// One castling move: which pieces go where and which squares must be empty or safe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// The side that castles.
    pub color: Color,
    /// FEN letter of the right, uppercase (`K` = with the h-file corner piece).
    pub fen_char: char,
    /// Written `O-O` (short) or `O-O-O` (long).
    pub long: bool,
    /// Where the royal piece starts.
    pub royal_from: Square,
    /// Where the royal piece ends.
    pub royal_to: Square,
    /// Where the rook starts.
    pub rook_from: Square,
    /// Where the rook ends.
    pub rook_to: Square,
    /// Squares that must be empty (other than the two castling pieces).
    pub empty: Vec<Square>,
    /// Squares the enemy must not attack, the royal piece's start included.
    pub safe: Vec<Square>,
}

/// How pawns move beyond their atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PawnRules {
    /// When a pawn may make its double step.
    pub double_step: DoubleStep,
    /// Whether en passant exists.
    pub en_passant: bool,
}

/// When a pawn may step two squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleStep {
    /// Never.
    Never,
    /// Only from this rank, counted from the owner's side (1 = the second rank).
    FromRank(u8),
    /// From this rank (counted from the owner's side) with en passant as from
    /// [`DoubleStep::FromRank`], and from the owner's first rank too, where a double step
    /// never opens en passant (Horde's first-rank pawns; Fairy-Stockfish 11.1's
    /// `firstRankDoubleSteps`). A pawn may then stand on its own first rank.
    FromRankAndFirst(u8),
    /// From any rank, unless the square stepped over is attacked by an enemy pawn (Royal
    /// Lion Chess, docs/rules/royal-lion.md, "Pawns"); both squares must be empty.
    AnyRankUnlessPawnAttacked,
}

/// What one side's pawns may become on the last rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Kinds offered on every promotion square.
    pub kinds: Vec<KindId>,
    /// Also the game's selected Musketeer types (docs/rules/musketeer.md, "Promotion").
    pub selected_types: bool,
    /// Only kinds of which the side has fewer on the board than at the start, and no move
    /// to the last rank when there is none (Royal Lion Chess, docs/rules/royal-lion.md,
    /// "Pawns").
    pub lost_only: bool,
    /// One more kind that depends on the square's colour, `(on dark, on light)`
    /// (LancerChess, docs/rules/lancerchess.md, "Promotion").
    pub by_square_colour: Option<(KindId, KindId)>,
    /// How many ranks, counted back from the side's last rank, make the promotion zone: a
    /// pawn promotes on moving into any of them (1: the last rank only; Makruk's 3: the
    /// sixth to the eighth rank for White).
    pub zone_ranks: u8,
    /// A pawn moving into the zone short of its last rank may also stay a pawn (Grand
    /// chess); on the last rank, where a pawn could never move again, it must promote.
    pub optional: bool,
    /// The most pieces of a kind a side may have for a pawn to promote to it (Grand
    /// chess: one Queen, two Rooks, ...); a kind not listed has no limit.
    pub limits: Vec<(KindId, u8)>,
}

impl Promotion {
    /// The same kinds on every square.
    pub fn to(kinds: Vec<KindId>) -> Promotion {
        Promotion {
            kinds,
            selected_types: false,
            lost_only: false,
            by_square_colour: None,
            zone_ranks: 1,
            optional: false,
            limits: Vec::new(),
        }
    }

    /// The most pieces of `kind` a side may have for a pawn to promote to it, if limited.
    pub fn limit(&self, kind: KindId) -> Option<u8> {
        self.limits
            .iter()
            .find(|&&(k, _)| k == kind)
            .map(|&(_, n)| n)
    }
}

/// The result of a stalemate for the stalemated side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StalemateResult {
    /// A draw (chess).
    Draw,
    /// The stalemated side loses (Cromwell).
    Loss,
    /// The stalemated side wins (Antichess).
    Win,
    /// The side with fewer pieces on the board wins, equal numbers draw, whoever is
    /// stalemated (Suicide; Fairy-Stockfish's `stalematePieceCount` with a stalemate
    /// that wins).
    FewerPiecesWin,
}

impl StalemateResult {
    /// The winner when `us` is stalemated with `ours` pieces on the board against
    /// `theirs`; `None` for a draw.
    ///
    /// ```
    /// use joust_core::variant::StalemateResult;
    /// use joust_core::Color;
    ///
    /// let suicide = StalemateResult::FewerPiecesWin;
    /// assert_eq!(suicide.winner(Color::White, 2, 3), Some(Color::White));
    /// assert_eq!(suicide.winner(Color::White, 3, 2), Some(Color::Black));
    /// assert_eq!(suicide.winner(Color::White, 3, 3), None);
    /// assert_eq!(StalemateResult::Loss.winner(Color::Black, 1, 9), Some(Color::White));
    /// ```
    pub fn winner(self, us: Color, ours: u32, theirs: u32) -> Option<Color> {
        match self {
            StalemateResult::Draw => None,
            StalemateResult::Loss => Some(!us),
            StalemateResult::Win => Some(us),
            StalemateResult::FewerPiecesWin => match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => Some(us),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(!us),
            },
        }
    }

    /// True if being stalemated can lose: then a move that stalemates the other side can
    /// win, and the search must look for one.
    pub fn can_lose(self) -> bool {
        matches!(
            self,
            StalemateResult::Loss | StalemateResult::FewerPiecesWin
        )
    }
}

/// How many pieces of each kind each side has, and how many stand on dark squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// `count[color][kind]`.
    pub count: [[u8; MAX_KINDS]; 2],
    /// `on_dark[color][kind]`: how many of them stand on dark squares.
    pub on_dark: [[u8; MAX_KINDS]; 2],
    /// Pieces waiting off the board to gate in, both sides: Musketeer's reserve pieces
    /// and the pieces in hand of a game with [`Variant::hand_gating`].
    pub reserves: u8,
}

impl Material {
    /// Pieces of `kind` of both sides.
    pub fn total(&self, kind: KindId) -> u32 {
        self.count[0][kind.index()] as u32 + self.count[1][kind.index()] as u32
    }

    /// Pieces of `kind` on dark squares, both sides.
    pub fn total_dark(&self, kind: KindId) -> u32 {
        self.on_dark[0][kind.index()] as u32 + self.on_dark[1][kind.index()] as u32
    }
}

impl Variant {
    /// The placement field of the start position's FEN ([`crate::fen::placement_field`]).
    pub fn start_placement(&self) -> &'static str {
        crate::fen::placement_field(self.start_fen)
    }

    /// The pieces of the start position's placement, by side and kind (letters that no
    /// army of that side has are left out), in FEN order.
    pub fn start_pieces(&self) -> impl Iterator<Item = (Color, KindId)> + '_ {
        self.start_placement()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .filter_map(move |c| {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                self.kind_by_letter(color, c.to_ascii_uppercase())
                    .map(|k| (color, k))
            })
    }

    /// The kind with `letter` (uppercase) that `color` may own.
    pub fn kind_by_letter(&self, color: Color, letter: char) -> Option<KindId> {
        self.armies[color.index()]
            .iter()
            .copied()
            .find(|k| self.kinds[k.index()].letter == letter)
    }

    /// The kind with this letter in any army.
    pub fn any_kind_by_letter(&self, letter: char) -> Option<KindId> {
        (0..self.kinds.len())
            .map(|i| KindId(i as u8))
            .find(|k| self.kinds[k.index()].letter == letter)
    }

    /// The piece kind behind an id.
    #[inline]
    pub fn kind(&self, id: KindId) -> &PieceKind {
        &self.kinds[id.index()]
    }

    /// The royal kind of `color`'s army.
    ///
    /// # Panics
    /// If the army has no royal piece (Antichess, Horde's White): see [`Variant::royal`].
    pub fn royal_kind(&self, color: Color) -> KindId {
        self.royal(color).expect("this army has a royal piece")
    }

    /// The royal kind of `color`'s army, or `None` if it has none (then no move of that
    /// side is ever illegal for exposing a royal piece, and it is never in check).
    pub fn royal(&self, color: Color) -> Option<KindId> {
        self.armies[color.index()]
            .iter()
            .copied()
            .find(|k| self.kinds[k.index()].royal)
    }

    /// The pawn kind of `color`'s army, if it has pawns.
    pub fn pawn_kind(&self, color: Color) -> Option<KindId> {
        self.armies[color.index()]
            .iter()
            .copied()
            .find(|k| self.kinds[k.index()].pawn)
    }

    /// The kinds a pawn of `color` may promote to on `square`.
    pub fn promotions(&self, color: Color, square: Square) -> Vec<KindId> {
        let rule = &self.promotion[color.index()];
        let mut v = rule.kinds.clone();
        if let Some((dark, light)) = rule.by_square_colour {
            v.push(if self.geometry.is_dark(square) {
                dark
            } else {
                light
            });
        }
        v
    }

    /// True if a pawn of `color` promotes on moving to `square`: it lies in the side's
    /// promotion zone ([`Promotion::zone_ranks`]).
    pub fn in_promotion_zone(&self, color: Color, square: Square) -> bool {
        let rank = self.geometry.rank(square).0;
        let from_far_side = match color {
            Color::White => self.geometry.ranks() - 1 - rank,
            Color::Black => rank,
        };
        from_far_side < self.promotion[color.index()].zone_ranks
    }

    /// The last rank for `color`'s pawns, as a rank index.
    pub fn promotion_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => self.geometry.ranks() - 1,
            Color::Black => 0,
        }
    }

    /// True if the game's positions keep first-move rights (per side, the files of its
    /// first rank whose piece has not moved): for Ouk Chatrang's first leaps or for gating
    /// from the hand.
    pub fn has_first_move_rights(&self) -> bool {
        self.first_leaps.is_some() || self.hand_gating
    }

    /// Every kind id of the game.
    pub fn kind_ids(&self) -> impl Iterator<Item = KindId> {
        (0..self.kinds.len() as u8).map(KindId)
    }
}
