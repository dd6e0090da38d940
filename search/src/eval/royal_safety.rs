//! The royal piece's safety: enemy pieces attacking its zone and near it, the checks the
//! enemy can give (safe or not), the danger these add up to (quadratic, as Stockfish's
//! king danger), its pawn shield and shelter against pawn storms, and castling rights.

use joust_core::{Color, KindId, Position, Square, MAX_KINDS};
use joust_movegen::TableCache;

use super::context::Context;
use super::{term, Evaluator, Score, TERM_MAX};

impl Evaluator {
    /// Notes the squares from which a piece of `color` and `kind` attacking `a` could
    /// check the enemy royal piece next move (if a weight counts checks).
    #[inline]
    pub(super) fn note_checks<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        color: Color,
        kind: KindId,
        a: B,
    ) {
        let w = &self.w;
        let (ci, k) = (color.index(), kind.index());
        let checks_count = w.safe_check_mg != 0
            || w.safe_check_eg != 0
            || w.danger_safe_check != 0
            || self.kind_checks_count;
        let Some(r) = cx.royal_at[1 - ci].filter(|_| checks_count) else {
            return;
        };
        let from = match cx.check_from[ci][k] {
            Some(from) => from,
            None => {
                let from = cx.piece_sets(r, color, kind).map_or(B::EMPTY, |x| x.1);
                cx.check_from[ci][k] = Some(from);
                from
            }
        };
        let checks = a & from & !cx.pos.pieces(color);
        cx.check_reach[ci] |= checks;
        cx.check_by_kind[ci][k] |= checks;
    }

    /// Notes a piece of side `ci` and kind index `k` attacking `a` if it hits the enemy
    /// royal zone.
    #[inline]
    pub(super) fn note_zone_attack<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        ci: usize,
        k: usize,
        a: B,
    ) {
        let hits = (a & cx.zone[1 - ci]).count() as i32;
        if hits > 0 {
            cx.zone_attackers[1 - ci] += 1;
            cx.zone_weight[1 - ci] += self.attack_weight[k];
            cx.zone_hits[1 - ci] += hits;
        }
    }

    /// Notes a piece of side `ci` on `sq` if it stands within two squares of the enemy
    /// royal piece.
    #[inline]
    pub(super) fn note_near_royal<B: TableCache>(
        &self,
        cx: &mut Context<'_, B>,
        ci: usize,
        sq: Square,
    ) {
        if let Some((rf, rr)) = cx.royal_sq[1 - ci] {
            let (f, r) = cx.g.coords(sq);
            if (f - rf).abs() <= 2 && (r - rr).abs() <= 2 {
                cx.near_royal[1 - ci] += 1;
            }
        }
    }

    /// The checks the enemy can give `color` from squares it does not guard, and the
    /// danger to its royal piece, for its side (a penalty). The danger is quadratic in
    /// the attack units once two attackers (or an attacker and a safe check) join in, or
    /// past a threshold if the weights set one; weak squares are zone squares the enemy
    /// attacks that only the royal piece guards, or nothing.
    pub(super) fn royal_danger<B: TableCache>(&self, cx: &Context<'_, B>, color: Color) -> Score {
        let w = &self.w;
        let ci = color.index();
        let safe_checks = (cx.check_reach[1 - ci] & !cx.attacked[ci]).count() as i32;
        let mut score = Score::new(
            -w.safe_check_mg * safe_checks,
            -w.safe_check_eg * safe_checks,
        );
        let checking = (w.danger_safe_check != 0 && safe_checks > 0) as i32;
        let by_threshold = w.danger_threshold > 0;
        if !by_threshold && cx.zone_attackers[ci] + checking < 2 {
            return score;
        }
        let weak = (cx.zone[ci] & cx.attacked[1 - ci] & !cx.guarded[ci]).count() as i32;
        let mut danger = (cx.zone_attackers[ci] * cx.zone_weight[ci]
            + w.zone_attack * cx.zone_hits[ci]
            + w.danger_safe_check * safe_checks
            + w.danger_weak * weak) as i64;
        if self.kind_checks_count {
            danger += self.kind_check_danger(
                cx.pos,
                &cx.check_by_kind[1 - ci],
                cx.pos.pieces(!color),
                cx.attacked[ci],
                cx.attacked2,
                ci,
            ) as i64;
        }
        // More enemy mobility than ours feeds an attack (16ths of a centipawn).
        danger +=
            (cx.side_mobility[1 - ci] - cx.side_mobility[ci]) / 16 * w.danger_mobility as i64 / 100;
        if !cx.has_heavy[1 - ci] {
            danger -= w.danger_no_heavy as i64;
        }
        // Bounded so that its square stays in range: far beyond any cap.
        let danger = danger.clamp(0, TERM_MAX);
        if !by_threshold || danger > w.danger_threshold as i64 {
            let quadratic = (danger * danger / 4096).min(w.danger_cap as i64);
            score += Score::new(-term(quadratic), -term(danger * w.danger_eg as i64 / 256));
        }
        score
    }

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

    /// `color`'s royal piece behind its pawns: own pawns just in front, less enemy pieces
    /// close by, and the shelter and storm on its files; middlegame only, for its side.
    pub(super) fn royal_shelter<B: TableCache>(&self, cx: &Context<'_, B>, color: Color) -> Score {
        let w = &self.w;
        let ci = color.index();
        let Some((rf, rr)) = cx.royal_sq[ci] else {
            return Score::ZERO;
        };
        let forward: i8 = if color == Color::White { 1 } else { -1 };
        let own = cx.pawns(ci);
        let shield = own
            .iter()
            .filter(|&&(f, r)| {
                (f - rf).abs() <= 1 && (r - rr) * forward >= 1 && (r - rr) * forward <= 2
            })
            .count() as i32;
        let mut mg = w.shield * shield.min(3) - w.attacker_near_royal * cx.near_royal[ci];
        if w.shelter_near != 0 || w.shelter_mid != 0 || w.shelter_far != 0 || w.storm != 0 {
            let theirs = cx.pawns(1 - ci);
            mg += self.shelter_and_storm(own, theirs, (rf, rr), forward, cx.g.files());
        }
        Score::new(mg, 0)
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

    /// Castling rights still held, for White: stepping the royal piece aside without
    /// castling gives them up; middlegame only.
    pub(super) fn castling_rights<B: TableCache>(&self, pos: &Position<B>) -> Score {
        let w = &self.w;
        let mut score = Score::ZERO;
        if w.castling_right_mg != 0 {
            let rights = pos.castling();
            for (i, rule) in pos.castling_rules().iter().enumerate() {
                if rights.has(i) {
                    score += Score::new(w.castling_right_mg, 0).for_color(rule.color);
                }
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::placement::castled_square;
    use crate::eval::test_util::{chess_eval, contribution};
    use crate::{Evaluator, Weights};
    use joust_core::{variants, Color, Position};

    #[test]
    fn a_royal_piece_behind_its_pawns_is_safer() {
        // In a middlegame, a king behind its pawns is safer than one away from them.
        let sheltered = chess_eval("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/5PPP/R1BQ1RK1 w kq - 0 1");
        let bare = chess_eval("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/5PPP/RKBQ1R2 w kq - 0 1");
        assert!(sheltered > bare, "{sheltered} vs {bare}");
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
        // LancerChess castles from the d-file to b1 or f1 (docs/rules/lancerchess.md,
        // "Castling: Protecting the Queen").
        let lc = variants::lancerchess();
        let sq = |name: &str| lc.geometry.parse_square(name).unwrap();
        let home = |name: &str| castled_square(lc, Color::White, sq(name));
        assert!(home("a1") && home("b1") && home("f1") && home("g1") && home("h1"));
        assert!(!home("c1") && !home("d1") && !home("e1") && !home("f2"));
        assert!(castled_square(lc, Color::Black, sq("g8")));
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
}
