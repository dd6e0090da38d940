use joust_core::atom::Occupant;
use joust_core::variants;
use joust_core::{Color, KindId, Variant};

fn key(v: &Variant, k: KindId) -> String {
    let kind = v.kind(k);
    let sides: Vec<bool> = Color::ALL
        .iter()
        .map(|c| v.armies[c.index()].contains(&k))
        .collect();
    format!("{}{:?}{:?}", kind.letter, kind.facing, sides)
}

fn moves(
    v: &Variant,
    k: KindId,
    color: Color,
    occ: &dyn Fn(joust_core::Square) -> Occupant,
) -> Vec<String> {
    let mut out = Vec::new();
    for from in v.geometry.squares() {
        for a in &v.kind(k).atoms {
            for (to, act) in a.reach(color, v.geometry, from, occ) {
                out.push(format!("{from:?}{to:?}{act:?}{}", a.mode.bits()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn compare(old: &Variant, new: &Variant) {
    let map = |k: KindId| -> KindId {
        let kk = key(old, k);
        let found: Vec<KindId> = new.kind_ids().filter(|&n| key(new, n) == kk).collect();
        assert_eq!(found.len(), 1, "{} kind {kk}", old.id);
        found[0]
    };
    assert_eq!(old.id, new.id);
    assert_eq!(old.name, new.name);
    assert_eq!(old.summary, new.summary);
    assert_eq!(old.geometry, new.geometry);
    assert_eq!(old.start_fen, new.start_fen);
    assert_eq!(old.castling, new.castling, "{}", old.id);
    assert_eq!(old.pawns, new.pawns, "{}", old.id);
    assert_eq!(old.stalemate, new.stalemate);
    assert_eq!(old.fifty_move_plies, new.fifty_move_plies);
    let used: Vec<KindId> = old
        .kind_ids()
        .filter(|k| old.armies.iter().any(|a| a.contains(k)))
        .collect();
    assert_eq!(used.len(), new.kinds.len(), "{}", old.id);
    for &k in &used {
        let n = map(k);
        let (a, b) = (old.kind(k), new.kind(n));
        assert_eq!(
            (a.name, a.letter, a.royal, a.pawn, a.facing, a.value),
            (b.name, b.letter, b.royal, b.pawn, b.facing, b.value),
            "{}",
            old.id
        );
        for color in Color::ALL {
            let empty = |_| Occupant::Empty;
            assert_eq!(
                moves(old, k, color, &empty),
                moves(new, n, color, &empty),
                "{} {}",
                old.id,
                a.name
            );
            let own = |s: joust_core::Square| {
                if s.index().is_multiple_of(3) {
                    Occupant::Own
                } else if s.index() % 5 == 1 {
                    Occupant::Enemy
                } else {
                    Occupant::Empty
                }
            };
            assert_eq!(
                moves(old, k, color, &own),
                moves(new, n, color, &own),
                "{} {}",
                old.id,
                a.name
            );
        }
    }
    for c in 0..2 {
        let mut a: Vec<KindId> = old.armies[c].iter().map(|&k| map(k)).collect();
        let mut b = new.armies[c].clone();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{} army", old.id);
        let (p, q) = (&old.promotion[c], &new.promotion[c]);
        let mut pk: Vec<KindId> = p.kinds.iter().map(|&k| map(k)).collect();
        let mut qk = q.kinds.clone();
        pk.sort();
        qk.sort();
        assert_eq!(pk, qk, "{} promo", old.id);
        assert_eq!(
            p.by_square_colour.map(|(x, y)| (map(x), map(y))),
            q.by_square_colour,
            "{}",
            old.id
        );
        assert_eq!(
            (p.selected_types, p.lost_only, p.zone_ranks, p.optional),
            (q.selected_types, q.lost_only, q.zone_ranks, q.optional)
        );
        assert!(q.limits.is_empty() && p.limits.is_empty());
    }
    let ds = |d: &Vec<KindId>, m: &dyn Fn(KindId) -> KindId| {
        let mut v: Vec<KindId> = d
            .iter()
            .filter(|k| old.armies.iter().any(|a| a.contains(k)))
            .map(|&k| m(k))
            .collect();
        v.sort();
        v
    };
    let id = |k: KindId| k;
    assert_eq!(
        old.dead_position.enabled, new.dead_position.enabled,
        "{}",
        old.id
    );
    assert_eq!(
        ds(&old.dead_position.single, &map),
        {
            let mut v = new.dead_position.single.clone();
            v.sort();
            v
        },
        "{}",
        old.id
    );
    assert_eq!(
        ds(&old.dead_position.colour_bound, &map),
        {
            let mut v = new.dead_position.colour_bound.clone();
            v.sort();
            v
        },
        "{}",
        old.id
    );
    let _ = id;
    assert_eq!(
        old.gating_types.iter().map(|&k| map(k)).collect::<Vec<_>>(),
        new.gating_types
    );
    assert_eq!(
        old.gating_rejection.map(|r| r.map(map)),
        new.gating_rejection
    );
    assert_eq!(old.mutual_immunity.map(|r| r.map(map)), new.mutual_immunity);
    assert_eq!(old.goals, new.goals);
    assert_eq!(old.check_freezes_royal, new.check_freezes_royal);
    assert_eq!(
        format!("{:?}", old.end_rules),
        format!("{:?}", new.end_rules)
    );
}

#[test]
fn files_match_rust() {
    use variants::*;
    compare(&lancerchess::LANCERCHESS, variants::lancerchess());
    compare(&clash::CLASH, variants::clash());
    compare(&lancers::LANCERS, variants::lancers());
    compare(&lancers::SINGLE_LANCER, variants::single_lancer());
    compare(&cromwell::CROMWELL, variants::cromwell());
    compare(&musketeer::MUSKETEER, variants::musketeer());
    compare(&royal_lion::ROYAL_LION, variants::royal_lion());
}
