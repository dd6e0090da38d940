//! `lancers` (docs/rules/lancers.md) and `single-lancer` (docs/rules/single-lancer.md):
//! FIDE chess with Lancers that ride along their facing, jump over friendly pieces, and
//! take a new facing on every move.
//!
//! Part of the reference move generator. Written from the rules book (docs/rules/)
//! independently of the engine; the Lancer's ride itself is
//! [`crate::pieces::Comp::Lancer`], everything else is the FIDE machinery of
//! [`crate::chesslike`].

use crate::board::{Color, Position};
use crate::chesslike::{fide_castles, fide_table, Rules};
use crate::pieces::Comp;

fn lancers_promotions(_: &Position, _: Color, _: usize) -> Vec<char> {
    vec!['Q', 'R', 'B', 'L']
}

fn single_promotions(_: &Position, _: Color, _: usize) -> Vec<char> {
    vec!['Q', 'R', 'B', 'N', 'L']
}

/// `lancers` (both Knights replaced) or, with `single`, `single-lancer`.
pub fn rules(single: bool) -> Rules {
    let mut table = fide_table('K', 'Q');
    table.set_both('L', vec![Comp::Lancer]);
    Rules {
        id: if single { "single-lancer" } else { "lancers" },
        royal: 'K',
        letters: if single {
            ["KQRBNLP", "KQRBNLP"]
        } else {
            ["KQRBLP", "KQRBLP"]
        },
        table,
        castles: fide_castles(),
        promotions: if single {
            single_promotions
        } else {
            lancers_promotions
        },
        lancer: true,
    }
}
