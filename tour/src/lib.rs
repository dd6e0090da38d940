//! joust-tour: the King's Lancer tour puzzle (docs/rules/kl-tour.md), for any leaper on
//! any board from 1x1 to 10x10: find one tour, count them all exactly, list them, or
//! check one.

#![warn(missing_docs)]

pub mod graph;
pub mod search;
pub mod tour;

pub use graph::{LeaperGraph, NotALeaper};
pub use search::{FirstTour, Problem};
pub use tour::{check_tour, format_tour, parse_tour, TourError, TourKind};

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::{pieces, Geometry};

    fn problem(files: u8, ranks: u8, kind: TourKind) -> Problem {
        let geometry = Geometry::new(files, ranks).unwrap();
        Problem {
            graph: LeaperGraph::new(&pieces::kings_lancer(), geometry).unwrap(),
            start: 0,
            kind,
        }
    }

    #[test]
    fn the_seeds_3x3_circuit_is_a_circuit() {
        let p = problem(3, 3, TourKind::Circuit);
        let g = p.graph.geometry();
        let tour = parse_tour(g, "a1 b1 c1 c2 c3 b3 b2 a2 a3 a1").unwrap();
        assert_eq!(check_tour(&p.graph, 0, TourKind::Circuit, &tour), Ok(()));
        assert_eq!(format_tour(g, &tour), "a1 b1 c1 c2 c3 b3 b2 a2 a3 a1");
        // Not a journey: one move too many.
        assert!(check_tour(&p.graph, 0, TourKind::Journey, &tour).is_err());
    }

    #[test]
    fn bad_tours_are_refused_with_the_reason() {
        let p = problem(3, 3, TourKind::Circuit);
        let g = p.graph.geometry();
        let check =
            |s: &str| check_tour(&p.graph, 0, TourKind::Circuit, &parse_tour(g, s).unwrap());
        assert_eq!(check("b1 a1"), Err(TourError::WrongStart));
        assert_eq!(
            check("a1 b1 c1"),
            Err(TourError::WrongLength {
                expected: 9,
                found: 2
            })
        );
        // a1 -> c3 is not a King's Lancer move.
        assert_eq!(
            check("a1 c3 c1 c2 b3 b1 b2 a2 a3 a1"),
            Err(TourError::NotALeap { index: 1 })
        );
        assert_eq!(
            check("a1 b1 c1 c2 a3 b3 b2 a2 c3 a1"),
            Err(TourError::NotALeap { index: 4 })
        );
        assert_eq!(
            check("a1 b1 c1 b1 c3 b3 b2 a2 a3 a1"),
            Err(TourError::Revisit { index: 3 })
        );
        assert_eq!(
            check("a1 b1 a1 c1 c2 c3 b3 b2 a2 a3"),
            Err(TourError::Revisit { index: 2 })
        );
        assert_eq!(
            parse_tour(g, "a1 d4"),
            Err(TourError::BadSquare("d4".into()))
        );
    }

    #[test]
    fn counts_match_rules_section_5() {
        for (files, ranks, circuits, journeys) in [
            (1, 3, 2, 2),
            (2, 3, 6, 10),
            (3, 3, 96, 168),
            (3, 4, 828, 2196),
            (4, 4, 23360, 89424),
        ] {
            assert_eq!(
                problem(files, ranks, TourKind::Circuit).count(),
                circuits,
                "{files}x{ranks}"
            );
            assert_eq!(
                problem(files, ranks, TourKind::Journey).count(),
                journeys,
                "{files}x{ranks}"
            );
        }
    }

    #[test]
    fn tiny_boards_follow_the_definitions() {
        assert_eq!(problem(1, 1, TourKind::Circuit).count(), 0);
        assert_eq!(problem(1, 1, TourKind::Journey).count(), 1);
        assert_eq!(problem(1, 2, TourKind::Circuit).count(), 1); // a1 a2 a1
        assert_eq!(problem(1, 2, TourKind::Journey).count(), 1);
    }

    #[test]
    fn counting_and_listing_agree_and_every_listed_tour_checks() {
        for kind in [TourKind::Circuit, TourKind::Journey] {
            let p = problem(3, 4, kind);
            let mut listed = 0u64;
            p.for_each(|t| {
                assert_eq!(check_tour(&p.graph, 0, kind, t), Ok(()));
                listed += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(listed, p.count());
        }
    }

    #[test]
    fn a_count_reports_each_part_it_has_counted() {
        let p = problem(4, 4, TourKind::Journey);
        let calls = std::sync::Mutex::new(Vec::new());
        let n = p.count_with_progress(|done, parts| calls.lock().unwrap().push((done, parts)));
        assert_eq!(n, p.count());
        let mut calls = calls.into_inner().unwrap();
        calls.sort();
        let parts = calls[0].1;
        assert!(parts > 1, "{calls:?}");
        // First (0, parts), then each part once, the last call saying all are done.
        let expected: Vec<(u64, u64)> = (0..=parts).map(|d| (d, parts)).collect();
        assert_eq!(calls, expected);
    }

    #[test]
    fn first_finds_a_valid_tour_on_every_board_up_to_10x10() {
        for files in 1..=10u8 {
            for ranks in 1..=10u8 {
                for kind in [TourKind::Circuit, TourKind::Journey] {
                    let p = problem(files, ranks, kind);
                    match p.first(5_000_000) {
                        FirstTour::Found(t) => {
                            assert_eq!(
                                check_tour(&p.graph, 0, kind, &t),
                                Ok(()),
                                "{files}x{ranks} {kind}"
                            )
                        }
                        FirstTour::None => assert_eq!(p.count(), 0, "{files}x{ranks} {kind}"),
                        FirstTour::GaveUp(n) => panic!("{files}x{ranks} {kind}: gave up after {n}"),
                    }
                }
            }
        }
    }

    #[test]
    fn impossible_tours_are_decided_without_search() {
        let g = Geometry::new(8, 8).unwrap();
        // The Queen's Lancer never leaves its colour: no tour at all.
        let p = Problem {
            graph: LeaperGraph::new(&pieces::queens_lancer(), g).unwrap(),
            start: 0,
            kind: TourKind::Journey,
        };
        assert!(p.impossible_without_search());
        assert_eq!(p.first(10), FirstTour::None);
        // A knight's circuit on 5x5 is impossible: 13 and 12 squares of each colour.
        let p = Problem {
            graph: LeaperGraph::new(&pieces::knight(), Geometry::new(5, 5).unwrap()).unwrap(),
            start: 0,
            kind: TourKind::Circuit,
        };
        assert!(p.impossible_without_search());
        // A rook is not a leaper.
        assert!(LeaperGraph::new(&pieces::rook(), g).is_err());
    }
}
