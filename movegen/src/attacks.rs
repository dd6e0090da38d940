//! Who attacks a square: check detection and pins, for every way a royal can be attacked;
//! and what one piece attacks, for the evaluation.

use crate::sliders::{Board, Sliders};
use crate::tables::{bent, Shape, Tables};
use joust_core::atom::UNLIMITED;
use joust_core::{Color, KindId, Piece, Position, Square};

impl<B: Board> Tables<B> {
    /// The squares a piece of `kind` and `color` on `sq` attacks when the occupied squares
    /// are `occ` and its side's are `own`: where it could capture or shoot an enemy piece
    /// placed there, own pieces' squares included (defended), as `Atom::attack_squares`
    /// defines it (docs/rules/README.md, "Pieces and how they move"), for every shape.
    /// Leaps, rides within their ranges and bent rides; a Lancer's rays pass its own
    /// pieces up to the first enemy; a pawn attacks its capture squares; compiled kinds
    /// their captures and shots; general kinds whatever their atoms attack (`Mode::INITIAL`
    /// atoms only from [`Tables::initial_region`]).
    #[inline]
    pub fn piece_attacks(&self, color: Color, kind: KindId, sq: Square, occ: B, own: B) -> B {
        let kt = &self.kinds[kind.index()];
        match kt.shape {
            Shape::LeapsAndRides { .. } => self.leaps_and_rides(color, kind, sq, occ),
            Shape::BentLionLance { lance, .. } if lance != 0 => {
                self.board.lance_rays(lance, sq, occ & !own)
            }
            Shape::BentLionLance {
                orth, diag, bent, ..
            } => {
                let mut a = kt.leap[color.index()][sq.index()];
                if orth != 0 {
                    a |= self.board.sliders.orth(sq, occ) & self.within(orth, sq);
                }
                if diag != 0 {
                    a |= self.board.sliders.diag(sq, occ) & self.within(diag, sq);
                }
                if bent != 0 {
                    a |= bent::attacks(&self.board, bent, sq, occ);
                }
                a
            }
            Shape::Pawn => kt.leap[color.index()][sq.index()],
            Shape::Compiled => {
                let program = kt.program.as_ref().expect("compiled kinds have a program");
                program.attacks(&self.board, color, sq, occ, own)
            }
            Shape::General => {
                let general = kt.general.as_ref().expect("general kinds have their atoms");
                let initial = self.initial_region(color).has(sq);
                general.attacks(color, sq, occ, own, initial)
            }
        }
    }

    /// True if a piece of `kind` and `color` on `from` attacks `target` (see
    /// [`Tables::piece_attacks`]), the occupied squares being `occ` and its side's `own`.
    #[inline]
    pub fn piece_hits(
        &self,
        color: Color,
        kind: KindId,
        from: Square,
        target: Square,
        occ: B,
        own: B,
    ) -> bool {
        let kt = &self.kinds[kind.index()];
        if let Some(program) = &kt.program {
            return program.hits(&self.board, color, from, target, occ, own);
        }
        if let Some(general) = &kt.general {
            let initial = self.initial_region(color).has(from);
            return general.hits(color, from, target, occ, own, initial);
        }
        self.piece_attacks(color, kind, from, occ, own).has(target)
    }

    /// What a piece of `kind` and `color` on `sq` reaches, for the evaluation: the squares
    /// it moves, captures or shoots to (own pieces left out), and the squares it attacks
    /// (own pieces included, as defended, except for compiled kinds, whose attacks are
    /// their captures and shots). `None` for FIDE pawns, whose captures are not their
    /// moves. General kinds are read atom by atom: exact, and slow.
    #[inline]
    pub fn piece_reach(
        &self,
        color: Color,
        kind: KindId,
        sq: Square,
        occ: B,
        own: B,
    ) -> Option<(B, B)> {
        let kt = &self.kinds[kind.index()];
        match kt.shape {
            Shape::Compiled => {
                let sets = kt.program.as_ref()?.sets(&self.board, color, sq, occ, own);
                Some((
                    sets.moves | sets.captures | sets.shots,
                    sets.captures | sets.shots,
                ))
            }
            Shape::Pawn => None,
            Shape::General => {
                let general = kt.general.as_ref()?;
                let initial = self.initial_region(color).has(sq);
                let sets = general.sets(color, sq, occ, own, initial);
                let attacks = general.attacks(color, sq, occ, own, initial);
                Some((sets.moves | sets.captures | sets.shots, attacks))
            }
            _ => {
                let attacks = self.piece_attacks(color, kind, sq, occ, own);
                Some((attacks & !own, attacks))
            }
        }
    }

    /// The pieces of `by` that attack `sq` when the occupied squares are `occ`
    /// (pieces not in `occ` are treated as gone).
    #[inline]
    pub fn attackers(&self, pos: &Position<B>, sq: Square, occ: B, by: Color) -> B {
        self.attackers_after(pos, sq, occ, by, B::EMPTY)
    }

    /// True if the side to move's non-royal piece going from `from` to `to` (capturing
    /// whatever enemy stands there) leaves its royal on `ksq` unattacked: the test a
    /// generator makes of a move that pins and checks have not already settled.
    #[inline]
    pub fn move_leaves_royal_safe(
        &self,
        pos: &Position<B>,
        ksq: Square,
        from: Square,
        to: Square,
    ) -> bool {
        let to_bit = B::from_square(to);
        let after = (pos.occupied() ^ B::from_square(from)) | to_bit;
        self.attackers_after(pos, ksq, after, !pos.side_to_move(), to_bit)
            .is_empty()
    }

    /// The pieces of `by` that attack `sq` in a position changed from `pos` so that the
    /// occupied squares are `occ` and `by`'s pieces on `gone` were captured.
    #[inline]
    pub fn attackers_after(&self, pos: &Position<B>, sq: Square, occ: B, by: Color, gone: B) -> B {
        let c = by.index();
        let present = pos.kinds_present(by);
        let masks = &self.masks[c];
        if present & !masks.compiled == 0 {
            return self.compiled_attackers(pos, sq, occ, by, gone);
        }
        let mut a = match self.forward_leaper {
            Some(kind) => self.forward_leap_attacker(pos, sq, by, kind),
            None => B::EMPTY,
        };
        let mut leapers = masks.leapers & present;
        while leapers != 0 {
            let k = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            a |= self.kinds[k].reverse_leap[c][sq.index()] & pos.pieces_of(by, KindId(k as u8));
        }
        let mut orth = masks.orth & present;
        if orth != 0 {
            let lines = self.board.sliders.orth(sq, occ);
            while orth != 0 {
                let k = orth.trailing_zeros() as usize;
                orth &= orth - 1;
                let mut m = lines & pos.pieces_of(by, KindId(k as u8));
                let range = self.ranges[k].0;
                if range != UNLIMITED {
                    m &= self.within(range, sq);
                }
                a |= m;
            }
        }
        let mut bent = masks.bent & present;
        while bent != 0 {
            let k = bent.trailing_zeros() as usize;
            bent &= bent - 1;
            let pieces = pos.pieces_of(by, KindId(k as u8));
            if pieces.any() {
                a |= bent::attackers_of(&self.board, self.kinds[k].shape.bent(), sq, occ) & pieces;
            }
        }
        if masks.compiled & present != 0 {
            a |= self.compiled_attackers(pos, sq, occ, by, gone);
        }
        if masks.general & present != 0 {
            a |= self.general_attackers(pos, sq, occ, by, gone);
        }
        let mut lance = masks.lance & present;
        if lance != 0 {
            // A Lancer passes its own pieces; only the other side's pieces stop it.
            let stoppers = occ & !(pos.pieces(by) & !gone);
            while lance != 0 {
                let k = lance.trailing_zeros() as usize;
                lance &= lance - 1;
                let lancers = pos.pieces_of(by, KindId(k as u8));
                let mut dirs = self.kinds[k].shape.lance();
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    a |= self.board.lance_reach(sq, (d + 4) % 8, stoppers) & lancers;
                }
            }
        }
        let mut diag = masks.diag & present;
        if diag != 0 {
            let lines = self.board.sliders.diag(sq, occ);
            while diag != 0 {
                let k = diag.trailing_zeros() as usize;
                diag &= diag - 1;
                let mut m = lines & pos.pieces_of(by, KindId(k as u8));
                let range = self.ranges[k].1;
                if range != UNLIMITED {
                    m &= self.within(range, sq);
                }
                a |= m;
            }
        }
        a & occ & !gone
    }

    /// The piece of `by` whose first-move leap two squares forward reaches `sq`, if any:
    /// Fairy-Stockfish 11.1 counts that leap as an attack (a Neang on its first square
    /// gives check to a King two squares ahead, over anything between).
    #[inline(always)]
    fn forward_leap_attacker(&self, pos: &Position<B>, sq: Square, by: Color, kind: KindId) -> B {
        let rights = pos.first_move_rights(by);
        if rights == 0 {
            return B::EMPTY;
        }
        let g = self.geometry;
        let first = match by {
            Color::White => 0,
            Color::Black => g.ranks() as i8 - 1,
        };
        // Most squares are not two ranks in front of the first rank: answer them at once.
        if g.rank(sq).0 as i8 != first + 2 * by.forward() {
            return B::EMPTY;
        }
        self.forward_leap_from(pos, sq, by, kind, rights, first)
    }

    /// [`Self::forward_leap_attacker`] for a square two ranks in front of `by`'s first
    /// rank (`first`), with `by`'s first-move rights `rights`.
    #[cold]
    #[inline(never)]
    fn forward_leap_from(
        &self,
        pos: &Position<B>,
        sq: Square,
        by: Color,
        kind: KindId,
        rights: u16,
        first: i8,
    ) -> B {
        let g = self.geometry;
        let file = g.file(sq).0;
        if rights >> file & 1 == 0 {
            return B::EMPTY;
        }
        match g.square(file as i8, first) {
            Some(from)
                if g.offset(from, 0, 2 * by.forward()) == Some(sq)
                    && pos.piece_at(from) == Some(Piece::new(by, kind)) =>
            {
                B::from_square(from)
            }
            _ => B::EMPTY,
        }
    }

    /// [`Self::attackers_after`] for `by`'s compiled kinds only: a few lookups per kind
    /// present, the slider sets from `sq` looked up once.
    #[inline]
    pub fn compiled_attackers(
        &self,
        pos: &Position<B>,
        sq: Square,
        occ: B,
        by: Color,
        gone: B,
    ) -> B {
        let c = by.index();
        let mut compiled = self.masks[c].compiled & pos.kinds_present(by);
        let ga = &self.compiled_attacks[c];
        let (orth, diag) = self.board.lines_if(sq, occ, ga.lines);
        let n = self.geometry.len();
        let mut a = B::EMPTY;
        while compiled != 0 {
            let k = compiled.trailing_zeros() as usize;
            compiled &= compiled - 1;
            let pieces = pos.pieces_of(by, KindId(k as u8));
            let m = &ga.table[k * n + sq.index()];
            if (m[0] & pieces).is_empty() {
                continue;
            }
            a |= (m[1] | (orth & m[2]) | (diag & m[3])) & pieces;
            if ga.residual & (1 << k) != 0 {
                let program = self.kinds[k]
                    .program
                    .as_ref()
                    .expect("compiled kinds have a program");
                let own = pos.pieces(by) & !gone & occ;
                a |= program.sources_residual(&self.board, c, sq, occ, own, pieces) & pieces;
            }
        }
        a & occ & !gone
    }

    /// [`Self::attackers_after`] for `by`'s general kinds only: each piece's atoms read
    /// against the occupancy, with an enemy placed on `sq` (slow, exact, for every path).
    #[inline(never)]
    pub fn general_attackers(
        &self,
        pos: &Position<B>,
        sq: Square,
        occ: B,
        by: Color,
        gone: B,
    ) -> B {
        let c = by.index();
        let own = pos.pieces(by) & occ & !gone;
        let region = self.initial_region(by);
        let mut general = self.masks[c].general & pos.kinds_present(by);
        let mut a = B::EMPTY;
        while general != 0 {
            let k = general.trailing_zeros() as usize;
            general &= general - 1;
            let atoms = self.kinds[k]
                .general
                .as_ref()
                .expect("general kinds have their atoms");
            for from in (pos.pieces_of(by, KindId(k as u8)) & own).squares() {
                if atoms.hits(by, from, sq, occ, own, region.has(from)) {
                    a |= B::from_square(from);
                }
            }
        }
        a
    }

    /// For a side whose kinds are all compiled: the pieces of `by` attacking `sq` in `pos`,
    /// and the squares whose emptying could let one of them reach it
    /// ([`Program::blockers`](crate::tables::Program::blockers) of each piece in reach), in one pass over the kinds.
    #[inline]
    pub fn compiled_checks(&self, pos: &Position<B>, sq: Square, by: Color) -> (B, B) {
        let c = by.index();
        let occ = pos.occupied();
        let mut compiled = self.masks[c].compiled & pos.kinds_present(by);
        let ga = &self.compiled_attacks[c];
        let (orth, diag) = self.board.lines_if(sq, occ, ga.lines);
        let n = self.geometry.len();
        let mut a = B::EMPTY;
        let mut blockers = B::EMPTY;
        while compiled != 0 {
            let k = compiled.trailing_zeros() as usize;
            compiled &= compiled - 1;
            let pieces = pos.pieces_of(by, KindId(k as u8));
            let m = &ga.table[k * n + sq.index()];
            let near = m[0] & pieces;
            if near.is_empty() {
                continue;
            }
            a |= (m[1] | (orth & m[2]) | (diag & m[3])) & pieces;
            if (ga.residual | ga.blockable) & (1 << k) != 0 {
                let program = self.kinds[k]
                    .program
                    .as_ref()
                    .expect("compiled kinds have a program");
                if ga.residual & (1 << k) != 0 {
                    let own = pos.pieces(by);
                    a |= program.sources_residual(&self.board, c, sq, occ, own, pieces) & pieces;
                }
                if program.blockable {
                    for from in near.squares() {
                        blockers |= program.blockers(&self.board, by, from, sq);
                    }
                }
            }
        }
        (a & occ, blockers)
    }

    /// True if `by` attacks `sq` with the occupancy `occ`.
    #[inline]
    pub fn is_attacked(&self, pos: &Position<B>, sq: Square, occ: B, by: Color) -> bool {
        self.attackers(pos, sq, occ, by).any()
    }

    /// Pieces of either side that are the only piece between `royal` and an enemy rider of
    /// `attacker` aimed at it, each with the squares it may still go to without exposing
    /// `royal`: the segment up to and including the rider (not the whole line: a leaper
    /// must not jump over the pinning piece).
    #[inline]
    pub fn pins(&self, pos: &Position<B>, royal: Square, attacker: Color) -> Pins<B> {
        let c = attacker.index();
        let occ = pos.occupied();
        let present = pos.kinds_present(attacker);
        let mut snipers = B::EMPTY;
        let mut orth = self.masks[c].orth & present;
        while orth != 0 {
            let k = orth.trailing_zeros() as usize;
            orth &= orth - 1;
            let mut m =
                self.board.empty_orth[royal.index()] & pos.pieces_of(attacker, KindId(k as u8));
            let range = self.ranges[k].0;
            if range != UNLIMITED {
                m &= self.within(range, royal);
            }
            snipers |= m;
        }
        let mut diag = self.masks[c].diag & present;
        while diag != 0 {
            let k = diag.trailing_zeros() as usize;
            diag &= diag - 1;
            let mut m =
                self.board.empty_diag[royal.index()] & pos.pieces_of(attacker, KindId(k as u8));
            let range = self.ranges[k].1;
            if range != UNLIMITED {
                m &= self.within(range, royal);
            }
            snipers |= m;
        }
        let mut pins = Pins {
            pinned: B::EMPTY,
            snipers: B::EMPTY,
            royal,
        };
        for s in snipers.squares() {
            let b = self.between(royal, s) & occ;
            if b.any() && !b.more_than_one() {
                pins.pinned |= b;
                pins.snipers |= B::from_square(s);
            }
        }
        pins
    }

    /// True if `color`'s royal piece is attacked.
    #[inline]
    pub fn in_check(&self, pos: &Position<B>, color: Color) -> bool {
        match pos.royal_square(color) {
            Some(k) => self.is_attacked(pos, k, pos.occupied(), !color),
            None => false,
        }
    }
}

/// Pieces pinned to their royal, and the riders that pin them.
#[derive(Copy, Clone, Debug)]
pub struct Pins<B> {
    /// Every pinned piece (of either side; intersect with one side's pieces as needed).
    pub pinned: B,
    snipers: B,
    royal: Square,
}

impl<B: Board> Pins<B> {
    /// The squares the piece on `sq` may move to without exposing the royal: everything
    /// if it is not pinned, else the segment from the royal up to and including the pinner.
    #[inline]
    pub fn allowed(&self, t: &Tables<B>, sq: Square) -> B {
        if !self.pinned.has(sq) {
            return !B::EMPTY;
        }
        for s in self.snipers.squares() {
            let between = t.between(self.royal, s);
            if between.has(sq) {
                return between | B::from_square(s);
            }
        }
        !B::EMPTY
    }
}
