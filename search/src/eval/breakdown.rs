//! What each term adds to an evaluation, as the UCI `eval` command prints it: each
//! term's share is the evaluation less the evaluation with that term's weights (as the
//! table of [`crate::weights`] assigns them) set to zero, and material takes what is left.

use joust_core::{Color, Position};
use joust_movegen::TableCache;

use super::Evaluator;
use crate::weights::{Term, Weights};

impl Evaluator {
    /// What each term adds to the evaluation of `pos`, in centipawns for White, material
    /// first and the total last: each [`Term`]'s share is the evaluation from data less
    /// that evaluation with the term's weights set to zero, material takes what is left,
    /// and a network (if the evaluation has one) is a row of its own, `network`: what it
    /// changes (for `eval`).
    pub fn breakdown<B: TableCache>(&self, pos: &Position<B>) -> Vec<(&'static str, i32)> {
        let white = |e: &Evaluator| match pos.side_to_move() {
            Color::White => e.evaluate(pos),
            Color::Black => -e.evaluate(pos),
        };
        // The terms are those of the evaluation from data; a network's part is a row of
        // its own.
        let data = self.net.as_ref().map(|_| {
            let mut plain = self.clone();
            plain.net = None;
            plain
        });
        let with_net = white(self);
        let total = data.as_ref().map_or(with_net, white);
        let mut rows = vec![("material", 0)];
        for term in Term::REPORTED {
            let mut w = self.w.clone();
            for (field, value) in w.fields_mut() {
                if Weights::term(field) == Some(term) {
                    *value = 0;
                }
            }
            rows.push((
                term.name(),
                total
                    - white(&Evaluator::build(
                        pos.variant(),
                        w,
                        &self.values_given,
                        self.reach.clone(),
                    )),
            ));
        }
        rows[0].1 = total - rows.iter().map(|r| r.1).sum::<i32>();
        if data.is_some() {
            rows.push(("network", with_net - total));
        }
        rows.push(("total", with_net));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn the_breakdown_adds_up_and_names_every_term() {
        let chess = variants::chess();
        // The evaluation from data alone: a built-in network would add a row.
        let e = Evaluator::new(chess).with_network(None).unwrap();
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
        let names: Vec<&str> = rows.iter().map(|r| r.0).collect();
        let mut expected = vec!["material"];
        expected.extend(Term::REPORTED.map(Term::name));
        expected.push("total");
        assert_eq!(names, expected);
        // Black is to move: without its tempo White stands that much better.
        let tempo = rows.iter().find(|r| r.0 == "tempo").unwrap().1;
        assert_eq!(tempo, -e.weights().tempo);
    }

    #[test]
    fn a_network_is_a_row_of_its_own() {
        let lc = variants::lancerchess();
        let e = Evaluator::new(lc);
        assert!(e.network().is_some(), "LancerChess has a built-in network");
        let pos: Position<u64> = Position::from_fen(lc, lc.start_fen).unwrap();
        let rows = e.breakdown(&pos);
        let (total, parts) = rows.split_last().unwrap();
        assert_eq!(total.1, e.evaluate(&pos));
        assert_eq!(parts.iter().map(|r| r.1).sum::<i32>(), total.1);
        let data = e.clone().with_network(None).unwrap();
        let network = parts.iter().find(|r| r.0 == "network").unwrap().1;
        assert_eq!(network, e.evaluate(&pos) - data.evaluate(&pos));
        assert_eq!(
            &data.breakdown(&pos)[..parts.len() - 1],
            &parts[..parts.len() - 1]
        );
    }
}
