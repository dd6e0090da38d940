//! SAN unit tests: every special form of the rules book (docs/rules/README.md, "Moves in
//! SAN", and each game's "Writing moves"), written canonically and read leniently.

use joust_core::{variants, Position, Variant};
use joust_movegen::{legal_moves, make, position_from_fen, tables, Move, TableCache};
use joust_notation::{legal_moves_san, move_to_san, parse_move, parse_san, SanError};

fn pos<B: TableCache>(v: &'static Variant, fen: &str) -> Position<B> {
    position_from_fen::<B>(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sans<B: TableCache>(p: &Position<B>) -> Vec<String> {
    legal_moves_san(p).into_iter().map(|(_, s)| s).collect()
}

/// The SANs of every legal move without their check marks.
fn plain_sans<B: TableCache>(p: &Position<B>) -> Vec<String> {
    sans(p)
        .into_iter()
        .map(|s| s.trim_end_matches(['+', '#']).to_string())
        .collect()
}

/// The SAN of the move whose coordinate text is `coord`.
fn san_of<B: TableCache>(p: &Position<B>, coord: &str) -> String {
    let mv = parse_move(p, coord).unwrap_or_else(|e| panic!("{coord}: {e}"));
    move_to_san(p, mv)
}

/// Reads `san` and checks it names the move with coordinate text `coord`.
fn reads_as<B: TableCache>(p: &Position<B>, san: &str, coord: &str) {
    let want = parse_move(p, coord).unwrap_or_else(|e| panic!("{coord}: {e}"));
    assert_eq!(parse_san(p, san), Ok(want), "{san} should be {coord}");
}

fn play<B: TableCache>(p: &mut Position<B>, san: &str) -> Move {
    let mv = parse_san(p, san).unwrap_or_else(|e| panic!("{san}: {e}"));
    make(tables::<B>(p.variant()), p, mv);
    mv
}

#[test]
fn chess_disambiguation_by_file_rank_and_square() {
    let p = pos::<u64>(variants::chess(), "8/8/6k1/8/8/Q7/8/Q1Q4K w - - 0 1");
    assert_eq!(san_of(&p, "a1b2"), "Qa1b2");
    assert_eq!(san_of(&p, "a3b2"), "Q3b2");
    assert_eq!(san_of(&p, "c1b2"), "Qcb2");
    assert_eq!(san_of(&p, "a3a2"), "Q3a2");
    assert_eq!(san_of(&p, "c1d2"), "Qd2");
    reads_as(&p, "Qa1-b2", "a1b2");
    reads_as(&p, "Qa3b2", "a3b2");
    reads_as(&p, "Qcb2", "c1b2");
    reads_as(&p, "Qc1d2", "c1d2");
    match parse_san(&p, "Qb2") {
        Err(SanError::Ambiguous { mut candidates, .. }) => {
            candidates.sort();
            assert_eq!(candidates, ["Q3b2", "Qa1b2", "Qcb2"])
        }
        other => panic!("{other:?}"),
    }
    // Rooks on one file: the rank; knights on one rank: the file.
    let p = pos::<u64>(variants::chess(), "7k/8/R7/8/8/8/8/R3N1NK w - - 0 1");
    assert_eq!(san_of(&p, "a1a3"), "R1a3");
    assert_eq!(san_of(&p, "e1f3"), "Nef3");
    assert_eq!(san_of(&p, "g1f3"), "Ngf3");
    assert_eq!(san_of(&p, "e1d3"), "Nd3");
}

#[test]
fn chess_checks_mates_castling_en_passant_promotion() {
    let v = variants::chess();
    let mut p = pos::<u64>(v, v.start_fen);
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        play(&mut p, m);
    }
    assert_eq!(san_of(&p, "h5f7"), "Qxf7#");
    reads_as(&p, "Qxf7", "h5f7");
    reads_as(&p, "Qf7+", "h5f7");
    reads_as(&p, "Qhxf7#!!", "h5f7");
    let p = pos::<u64>(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    reads_as(&p, "0-0", "e1g1");
    reads_as(&p, "0-0-0", "e1c1");
    reads_as(&p, "O-O+", "e1g1");
    let p = pos::<u64>(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(san_of(&p, "e5d6"), "exd6");
    reads_as(&p, "exd6 e.p.", "e5d6");
    reads_as(&p, "ed6", "e5d6");
    let p = pos::<u64>(v, "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    assert_eq!(san_of(&p, "e7e8q"), "e8=Q");
    assert_eq!(san_of(&p, "e7d8n"), "exd8=N");
    assert_eq!(san_of(&p, "e7d8r"), "exd8=R");
    reads_as(&p, "e8Q", "e7e8q");
    reads_as(&p, "e7e8=Q", "e7e8q");
    reads_as(&p, "exd8Q", "e7d8q");
    assert!(matches!(
        parse_san(&p, "e8"),
        Err(SanError::Ambiguous { .. })
    ));
    assert_eq!(parse_san(&p, "e8=K"), Err(SanError::Illegal("e8=K".into())));
}

#[test]
fn chess_errors_are_typed() {
    let v = variants::chess();
    let p = pos::<u64>(v, v.start_fen);
    assert_eq!(parse_san(&p, "  "), Err(SanError::Empty));
    assert_eq!(parse_san(&p, "e5"), Err(SanError::Illegal("e5".into())));
    assert_eq!(parse_san(&p, "Nxf3"), Err(SanError::Illegal("Nxf3".into())));
    for bad in ["Nf9", "i4", "Zz", "e4e", "x", "=Q", "♘f3", "N(f3", "Ke1TNX"] {
        assert!(
            matches!(parse_san(&p, bad), Err(SanError::Malformed { .. })),
            "{bad}: {:?}",
            parse_san(&p, bad)
        );
    }
    let e = parse_san(&p, "Nf9").unwrap_err().to_string();
    assert!(e.contains("Nf9"), "{e}");
}

#[test]
fn lancerchess_castling_is_mirrored_and_promotion_follows_square_colour() {
    let v = variants::lancerchess();
    let p = pos::<u64>(v, "r2q3r/8/8/8/8/8/8/R2Q3R w KQkq - 0 1");
    assert_eq!(san_of(&p, "d1b1"), "O-O");
    assert_eq!(san_of(&p, "d1f1"), "O-O-O");
    reads_as(&p, "0-0", "d1b1");
    reads_as(&p, "O-O-O", "d1f1");
    // White promotes to J on light squares (a8, e8), to L on dark ones (b8).
    let p = pos::<u64>(v, "7q/PP6/8/8/8/8/8/Q7 w - - 0 1");
    let s = plain_sans(&p);
    for want in ["a8=J", "a8=K", "a8=R", "a8=B", "b8=L", "b8=K"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
    assert!(!s.contains(&"a8=L".to_string()));
    assert!(!s.contains(&"a8=Q".to_string()));
    // The queen-moving King and the royal Queen keep their letters.
    let p = pos::<u64>(v, "3q4/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(san_of(&p, "e1e4"), "Ke4");
    assert_eq!(san_of(&p, "d1d2"), "Qd2");
    assert_eq!(san_of(&p, "e1e7"), "Ke7+");
}

#[test]
fn clash_armies_promote_to_their_own_types() {
    let v = variants::clash();
    let p = pos::<u64>(v, "8/P4q2/8/8/8/2Q5/7p/8 w - - 0 1");
    let s = plain_sans(&p);
    for want in ["a8=K", "a8=R", "a8=B", "a8=N"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
    let mut p = p;
    play(&mut p, "Qd3");
    let s = plain_sans(&p);
    for want in ["h1=K", "h1=R", "h1=B", "h1=L"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
    assert!(
        !s.iter().any(|m| m.contains("=N") || m.contains("=J")),
        "{s:?}"
    );
    let p = pos::<u64>(v, "r2q3r/8/8/8/8/8/8/R2Q3R b KQkq - 0 1");
    assert_eq!(san_of(&p, "d8b8"), "O-O");
    assert_eq!(san_of(&p, "d8f8"), "O-O-O");
}

#[test]
fn lancer_turns_captures_and_promotions() {
    let v = variants::lancers();
    let p = pos::<u64>(v, v.start_fen);
    assert_eq!(san_of(&p, "b1h7ne"), "Lxh7");
    assert_eq!(san_of(&p, "b1h7s"), "Lxh7TS");
    assert_eq!(san_of(&p, "b1d3n"), "Ld3TN");
    reads_as(&p, "Lxh7TNE", "b1h7ne");
    reads_as(&p, "Lh7TS", "b1h7s");
    reads_as(&p, "Lb1h7", "b1h7ne");
    assert_eq!(sans(&p).len(), 96);
    assert!(matches!(
        parse_san(&p, "Ld3TQ"),
        Err(SanError::Malformed { .. })
    ));
    // A corner Lancer may face off the board.
    let p = pos::<u64>(v, "4k3/8/8/8/8/2L(SW)5/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "c3a1ne"), "La1TNE");
    assert_eq!(san_of(&p, "c3a1sw"), "La1");
    // Two Lancers reaching one square: disambiguated even though facings differ.
    let p = pos::<u64>(v, "k7/8/8/8/8/8/4P3/1L(NE)2L(N)2K w - - 0 1");
    assert_eq!(san_of(&p, "b1e4ne"), "Lbe4");
    assert_eq!(san_of(&p, "e1e4n"), "Lee4");
    assert_eq!(san_of(&p, "e1e4ne"), "Lee4TNE");
    assert!(matches!(
        parse_san(&p, "Le4"),
        Err(SanError::Ambiguous { .. })
    ));
    // Promotion: unturned = the pawn's last step; `exd8=L` faces NW.
    let p = pos::<u64>(v, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(san_of(&p, "e7e8ln"), "e8=L");
    assert_eq!(san_of(&p, "e7e8lne"), "e8=LTNE");
    assert_eq!(san_of(&p, "e7d8lnw"), "exd8=L");
    assert_eq!(san_of(&p, "e7d8ln"), "exd8=LTN");
    reads_as(&p, "exd8=LTNW", "e7d8lnw");
    reads_as(&p, "e8LTNE", "e7e8lne");
    assert!(!sans(&p).iter().any(|s| s.contains("=N")));
    let p = pos::<u64>(v, "7k/8/8/8/8/8/p7/7K b - - 0 1");
    assert_eq!(san_of(&p, "a2a1ls"), "a1=L");
    assert_eq!(san_of(&p, "a2a1lse"), "a1=LTSE");
}

#[test]
fn single_lancer_keeps_a_knight() {
    let v = variants::single_lancer();
    let p = pos::<u64>(v, v.start_fen);
    assert_eq!(sans(&p).len(), 58);
    assert_eq!(san_of(&p, "g1f3"), "Nf3");
    assert_eq!(san_of(&p, "b1h7se"), "Lxh7TSE");
    let p = pos::<u64>(v, "7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let s = plain_sans(&p);
    for want in ["e8=Q", "e8=R", "e8=B", "e8=N", "e8=L", "e8=LTE"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
}

#[test]
fn cromwell_shots_sideways_steps_and_pawn_captures() {
    let v = variants::cromwell();
    let p = pos::<u64>(
        v,
        "whbykbhw/ppp2ppp/8/4p3/3pP3/8/PPPP1PPP/WHBRKBHW w - - 0 1",
    );
    assert_eq!(san_of(&p, "e4*e5"), "e*e5");
    assert_eq!(san_of(&p, "e4*d4"), "e*d4");
    assert_eq!(san_of(&p, "e4e5"), "exe5");
    assert_eq!(san_of(&p, "e4d4"), "exd4");
    assert_eq!(san_of(&p, "e4f4"), "ef4");
    assert_eq!(san_of(&p, "d2e2"), "de2");
    assert_eq!(san_of(&p, "d2d3"), "d3");
    reads_as(&p, "ee5", "e4e5");
    reads_as(&p, "e5", "e4e5");
    reads_as(&p, "ed4", "e4d4");
    assert_eq!(parse_san(&p, "d4"), Err(SanError::Illegal("d4".into())));
    assert_eq!(parse_san(&p, "e*f4"), Err(SanError::Illegal("e*f4".into())));
    // A War Machine shoots down an open file; it never captures by moving.
    let p = pos::<u64>(v, "whbykbhw/pppppppp/8/8/8/8/1PPPPPPP/WHBRKBHW w - - 0 1");
    assert_eq!(san_of(&p, "a1*a7"), "W*a7");
    assert_eq!(san_of(&p, "a1a6"), "Wa6");
    reads_as(&p, "Wa1*a7", "a1*a7");
    assert_eq!(parse_san(&p, "Wxa7"), Err(SanError::Illegal("Wxa7".into())));
    // Shots are disambiguated among shots only.
    let p = pos::<u64>(v, "4k3/8/8/8/3p4/8/8/W2K3W w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Kd2".to_string()), "{s:?}");
    let p = pos::<u64>(v, "4k3/8/8/8/7K/8/8/W2b3W w - - 0 1");
    assert_eq!(san_of(&p, "a1*d1"), "Wa*d1");
    assert_eq!(san_of(&p, "h1*d1"), "Wh*d1");
    assert!(matches!(
        parse_san(&p, "W*d1"),
        Err(SanError::Ambiguous { .. })
    ));
    // Promotion to W, H or B.
    let p = pos::<u64>(v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let s = plain_sans(&p);
    for want in ["a8=W", "a8=H", "a8=B"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
}

#[test]
fn royal_lion_double_moves_and_pass() {
    let v = variants::royal_lion();
    let p = pos::<u128>(v, "9l/10/10/10/4p5/4p5/4L5/10/10/10 w - - 0 1");
    assert_eq!(san_of(&p, "e4e5,e5e6"), "Lxe5xe6");
    assert_eq!(san_of(&p, "e4e5,e5f6"), "Lxe5-f6");
    assert_eq!(san_of(&p, "e4e5,e5e4"), "Lxe5-e4");
    assert_eq!(san_of(&p, "e4e4"), "L--");
    assert_eq!(san_of(&p, "e4e5"), "Lxe5");
    assert_eq!(san_of(&p, "e4e6"), "Lxe6");
    reads_as(&p, "Lxe5e6", "e4e5,e5e6");
    reads_as(&p, "Lxe5-e6", "e4e5,e5e6");
    reads_as(&p, "Lxe5xe4", "e4e5,e5e4");
    assert_eq!(
        parse_san(&p, "Lxe5xf6"),
        Err(SanError::Illegal("Lxe5xf6".into()))
    );
    reads_as(&p, "Lxe5f6", "e4e5,e5f6");
    let s = sans(&p);
    // The single capture and six double moves (d5 and f5 are covered by the e6 pawn).
    assert_eq!(s.iter().filter(|m| m.starts_with("Lxe5")).count(), 1 + 6);
    // Ten ranks: `j10`, `e10=Q`.
    let start = pos::<u128>(v, v.start_fen);
    assert_eq!(sans(&start).len(), 24);
    let p = pos::<u128>(v, "l9/4P5/10/10/10/10/10/10/10/9L w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"e10=Q+".to_string()), "{s:?}");
    assert!(s.contains(&"e10=A+".to_string()), "{s:?}");
    assert!(s.contains(&"Lj3".to_string()), "{s:?}");
}

#[test]
fn royal_lion_return_capture_is_not_written_as_a_capture() {
    let v = variants::royal_lion();
    let p = pos::<u128>(v, "9l/10/10/10/10/4p5/4L5/10/10/10 w - - 0 1");
    assert_eq!(san_of(&p, "e4e5,e5e4"), "Lxe5-e4");
    assert_eq!(legal_moves(&p).len(), sans(&p).len());
}

#[test]
fn musketeer_setup_moves_and_gating() {
    let v = variants::musketeer();
    let mut p = pos::<u64>(v, v.start_fen);
    let s = sans(&p);
    assert_eq!(s.len(), 10);
    assert!(s.contains(&"L".to_string()));
    play(&mut p, "L");
    play(&mut p, "L"); // Black rejects: Cannon and Leopard.
    let s = sans(&p);
    assert!(s.contains(&"C@b0".to_string()), "{s:?}");
    play(&mut p, "C@b0");
    assert!(sans(&p).contains(&"C@g9".to_string()));
    play(&mut p, "C@g9");
    play(&mut p, "L@d0");
    play(&mut p, "L@e9");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CbLdcgle] w KQkq - 0 4"
    );
    assert_eq!(san_of(&p, "b1c3c"), "Nc3/C");
    reads_as(&p, "Nc3", "b1c3c");
    reads_as(&p, "Nc3/C", "b1c3c");
    reads_as(&p, "Nc3 (Co-b1)", "b1c3c");
    assert_eq!(
        parse_san(&p, "Nc3/L"),
        Err(SanError::Illegal("Nc3/L".into()))
    );
    assert_eq!(
        parse_san(&p, "Nf3/C"),
        Err(SanError::Illegal("Nf3/C".into()))
    );
    assert_eq!(san_of(&p, "g1f3"), "Nf3");
    // Castling gates at the King's file: `O-O/L`, the seed's `0-0 (Lo-e1)`.
    let p = pos::<u64>(
        v,
        "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R[LeCblecb] w KQkq - 0 4",
    );
    assert_eq!(san_of(&p, "e1g1l"), "O-O/L");
    reads_as(&p, "0-0 (Lo-e1)", "e1g1l");
    reads_as(&p, "O-O", "e1g1l");
    reads_as(&p, "0-0/L+", "e1g1l");
    assert_eq!(
        parse_san(&p, "0-0 (Lo-h1)"),
        Err(SanError::Illegal("0-0 (Lo-h1)".into()))
    );
    assert!(matches!(
        parse_san(&p, "0-0 (Lo-e1"),
        Err(SanError::Malformed { .. })
    ));
    // Promotion to a selected type.
    let p = pos::<u64>(v, "7k/P7/8/8/8/8/8/K7[C-L-c-l-] w - - 0 30");
    let s = sans(&p);
    for want in ["a8=Q+", "a8=N", "a8=C", "a8=L"] {
        assert!(s.contains(&want.to_string()), "{want} in {s:?}");
    }
}

#[test]
fn mate_and_check_marks_use_the_games_royal() {
    // LancerChess: the royal Queen is mated.
    let v = variants::lancerchess();
    let p = pos::<u64>(v, "3q4/8/3Q4/8/8/8/8/7K w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Kh8#".to_string()), "{s:?}");
    assert!(s.contains(&"Kh4+".to_string()), "{s:?}");
    // Cromwell: a shot can give check.
    let v = variants::cromwell();
    let p = pos::<u64>(v, "4k3/8/8/8/8/8/8/4K2W w - - 0 1");
    assert_eq!(san_of(&p, "h1h8"), "Wh8+");
}
