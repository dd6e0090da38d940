//! Hand-derived rule checks for the reference generator: small positions whose exact move
//! lists were worked out by hand from the rules book (docs/rules/), for the rules that
//! start-position perft and random games reach rarely (Musketeer gating in check and
//! pins, setup restrictions, Royal Lion igui and pass, lost-type promotion, Lancer rays,
//! Cromwell shots and the Rupert–Pym rule, LancerChess castling transit).
//!
//! Part of joust-refgen, which is written from the rules book (docs/rules/) independently
//! of the engine.

use std::collections::BTreeSet;

use joust_refgen::board::{Color, Slot};
use joust_refgen::{legal_moves, perft, Game};

fn moves(game: &str, fen: &str) -> BTreeSet<String> {
    let list = legal_moves(game, fen).unwrap_or_else(|e| panic!("{game} '{fen}': {e}"));
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate move text in {fen}");
    set
}

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[test]
fn section_11_start_vectors() {
    let cases = [
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20),
        ("lancerchess", "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RJBQKBLR w KQkq - 0 1", 18),
        ("clash", "rjbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20),
        (
            "lancers",
            "rl(SE)bqkbl(SW)r/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBL(NW)R w KQkq - 0 1",
            96,
        ),
        (
            "single-lancer",
            "rl(SE)bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RL(NE)BQKBNR w KQkq - 0 1",
            58,
        ),
        ("cromwell", "whbykbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW w - - 0 1", 12),
        ("cromwell", "whbykbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW b - - 0 1", 14),
        (
            "royal-lion",
            "mhqdladqhm/rnbgccgbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBGCCGBNR/MHQDLADQHM w - - 0 1",
            24,
        ),
        ("musketeer", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 10),
        ("musketeer", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10),
        (
            "musketeer",
            "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/LC****** w KQkq - 0 1",
            20,
        ),
    ];
    for (game, fen, n) in cases {
        assert_eq!(perft(game, fen, 1), Ok(n), "{game} {fen}");
    }
    let cromwell_black = "whbykbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW b - - 0 1";
    let m = moves("cromwell", cromwell_black);
    assert!(m.contains("d8c6") && m.contains("d8e6"));
}

#[test]
fn musketeer_king_in_check_gates_only_when_capturing_a_checker() {
    // Rook e2 checks; Kxe2 captures the checker and gates the Leopard.
    let fen = "4k3/8/8/8/8/8/4r3/1N2K3[LeCbl-c-] w - - 0 10";
    assert_eq!(moves("musketeer", fen), set("e1d1 e1f1 e1e2l"));
    // Bishop b4 checks; Kxd1 captures a non-checker: forfeit, no suffix. The knight's
    // blocks gate the Cannon from the b-file.
    let fen = "4k3/8/8/8/1b6/8/8/1N1nK3[LeCbl-c-] w - - 0 10";
    assert_eq!(moves("musketeer", fen), set("e1d1 e1e2 e1f1 b1c3c b1d2c"));
    let g = Game::new("musketeer").unwrap();
    let pos = g.parse_fen(fen).unwrap();
    let child = g
        .children(&pos)
        .into_iter()
        .find(|c| c.text == "e1e2")
        .unwrap();
    assert_eq!(child.pos.gating.slots[Color::White.index()][0], Slot::Gone);
    assert_eq!(child.pos.at(4), None, "forfeited: nothing enters e1");
    // Double check (rook e2, knight d3): capturing either checker still gates
    // (docs/rules/musketeer.md, "Where our reading settles an open question").
    let fen = "4k3/8/8/8/8/3n4/4r3/1N2K3[LeCbl-c-] w - - 0 10";
    assert_eq!(moves("musketeer", fen), set("e1d1 e1f1 e1e2l"));
}

#[test]
fn musketeer_pinned_piece_ignores_the_gated_blocker() {
    // Bd1 is pinned by Ra1 against Ke1; the Leopard that would gate onto d1 does not
    // count (docs/rules/musketeer.md, "Gating"), so the bishop has no move.
    let fen = "4k3/8/8/8/8/8/8/r2BK1N1[LdCgl-c-] w - - 0 10";
    assert_eq!(
        moves("musketeer", fen),
        set("e1d2 e1e2 e1f1 e1f2 g1e2c g1f3c g1h3c")
    );
}

#[test]
fn musketeer_setup_rules() {
    // After White's pick, Black may pick any other type or reject by repeating it.
    let g = Game::new("musketeer").unwrap();
    let pos = g
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[L?l?] b KQkq - 0 1")
        .unwrap();
    let children = g.children(&pos);
    assert_eq!(children.len(), 10);
    let reject = children.iter().find(|c| c.text == "L").unwrap();
    assert_eq!(reject.pos.gating.types, ['C', 'L']);
    let pick = children.iter().find(|c| c.text == "U").unwrap();
    assert_eq!(pick.pos.gating.types, ['L', 'U']);
    // White's first piece is on the e-file: the second may not go to a or h.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LeC?lbc?] w KQkq - 0 3";
    assert_eq!(moves("musketeer", fen), set("C@b0 C@c0 C@d0 C@f0 C@g0"));
    // 10-row form: a type seen in one reserve row only is already gone for the other side.
    let fen = "lc******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/L******* w KQkq - 0 1";
    let m = moves("musketeer", fen);
    assert!(m.contains("b1c3") && !m.contains("b1c3c"));
    // Promotion offers both selected types.
    let fen = "4k3/P7/8/8/8/8/8/4K3[S-F-s-f-] w - - 0 30";
    let m = moves("musketeer", fen);
    for p in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7a8s", "a7a8f"] {
        assert!(m.contains(p), "{p}");
    }
}

#[test]
fn royal_lion_igui_pass_and_step_safety() {
    // Unprotected knight e6: 18 single moves, 8 capture double moves (one is the igui
    // e5e6,e6e5), and the pass.
    let fen = "9l/10/10/10/4n5/4L5/10/10/10/10 w - - 0 1";
    let m = moves("royal-lion", fen);
    assert_eq!(m.len(), 27);
    assert!(m.contains("e5e6,e6e5") && m.contains("e5e6,e6f7") && m.contains("e5e5"));
    // Protected by pawn f7: the first step would stand on an attacked square, so no move
    // through e6 exists; the jump capture of f7 remains.
    let fen = "9l/10/10/5p4/4n5/4L5/10/10/10/10 w - - 0 1";
    let m = moves("royal-lion", fen);
    assert_eq!(m.len(), 17);
    assert!(!m.iter().any(|t| t.starts_with("e5e6")));
    assert!(m.contains("e5f7") && m.contains("e5e5"));
}

#[test]
fn royal_lion_pawns() {
    // e5's first square e6 is attacked by pawn d7: no double step; h5 may double-step.
    let fen = "9l/10/10/3p6/10/4P2P2/10/10/10/L9 w - - 0 1";
    assert_eq!(
        moves("royal-lion", fen),
        set("a1a1 a1a2 a1a3 a1b1 a1b2 a1b3 a1c1 a1c2 a1c3 e5e6 h5h6 h5h7")
    );
    // Full army: no type was lost, so the pawn on a9 cannot move to the last rank.
    let full = "5l4/P9/10/10/10/10/10/PPPPPPPPPP/HHAGGCCDDL/QQRRBBNNMM w - - 0 1";
    assert!(!moves("royal-lion", full)
        .iter()
        .any(|t| t.starts_with("a9")));
    // One Knight missing: the only promotion is to a Knight.
    let one_lost = "5l4/P9/10/10/10/10/10/PPPPPPPPPP/HHAGGCCDDL/QQRRBBN1MM w - - 0 1";
    let a9: Vec<String> = moves("royal-lion", one_lost)
        .into_iter()
        .filter(|t| t.starts_with("a9"))
        .collect();
    assert_eq!(a9, vec!["a9a10n".to_string()]);
}

#[test]
fn lancers_rays_and_promotion() {
    // The a1 Lancer checks h8 through its own pawn on d4; g7 is on its ray.
    let fen = "7k/8/8/8/3P4/8/8/L(NE)3K3 b - - 0 1";
    assert_eq!(moves("lancers", fen), set("h8g8 h8h7"));
    // A Lancer facing off the board has no move.
    let fen = "7k/8/8/8/8/8/8/L(SW)3K3 w - - 0 1";
    assert!(!moves("lancers", fen).iter().any(|t| t.starts_with("a1")));
    // Promotion: Q, R, B and a Lancer with any of 8 facings (plus N in single-lancer).
    let fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
    let lancer = "e7e8ln e7e8lne e7e8le e7e8lse e7e8ls e7e8lsw e7e8lw e7e8lnw";
    assert_eq!(
        moves("lancers", fen),
        set(&format!("a1a2 a1b1 a1b2 e7e8q e7e8r e7e8b {lancer}"))
    );
    assert_eq!(
        moves("single-lancer", fen),
        set(&format!("a1a2 a1b1 a1b2 e7e8q e7e8r e7e8b e7e8n {lancer}"))
    );
}

#[test]
fn cromwell_shots_and_war_machine() {
    // The War Machine slides without capturing and shoots the nearest piece of a line
    // if it is an enemy at distance >= 2.
    let fen = "4k3/8/8/p7/8/8/8/W3K3 w - - 0 1";
    assert_eq!(
        moves("cromwell", fen),
        set("a1*a5 a1a2 a1a3 a1a4 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    // An adjacent War Machine does not attack; stepping to distance 2 on its line does.
    let fen = "8/8/8/8/8/4k3/4W3/K7 b - - 0 1";
    assert_eq!(
        moves("cromwell", fen),
        set("e3*e2 e3e2 e3d2 e3d3 e3d4 e3f2 e3f3 e3f4")
    );
    // The King shoots over its own pawn; the pawn captures forward both ways.
    let fen = "4k3/8/8/8/8/4b3/4P3/4K3 w - - 0 1";
    assert_eq!(
        moves("cromwell", fen),
        set("e1*e3 e1d1 e1f1 e2*e3 e2d2 e2e3 e2f2")
    );
}

#[test]
fn cromwell_rupert_pym_immunity() {
    // The pawn on d4 is the only piece between Rupert and Pym: it may not leave the file.
    let fen = "3yk3/8/8/8/3P4/8/8/3RK3 w - - 0 1";
    assert_eq!(
        moves("cromwell", fen),
        set(
            "d1a1 d1b1 d1c1 d1d2 d1d3 d1c2 d1b3 d1a4 d1e2 d1f3 d1g4 d1h5 \
             d4d5 e1d2 e1e2 e1f1 e1f2"
        )
    );
    // Already facing each other (only from a FEN): Rupert may capture Pym; a move that
    // leaves them facing is illegal.
    let fen = "3yk3/8/8/8/8/8/8/3RK3 w - - 0 1";
    let m = moves("cromwell", fen);
    assert!(m.contains("d1d8") && !m.contains("e1e2"));
}

#[test]
fn lancerchess_castling_transit() {
    // d1f1 (right K): e1 and f1 must be safe, g1 may be attacked.
    assert!(moves("lancerchess", "3q2r1/8/8/8/8/8/8/R2Q3R w KQ - 0 1").contains("d1f1"));
    assert!(!moves("lancerchess", "3q1r2/8/8/8/8/8/8/R2Q3R w KQ - 0 1").contains("d1f1"));
    // d1b1 (right Q): b1 and c1 must be safe; the Tower itself may be attacked.
    assert!(moves("lancerchess", "r2q4/8/8/8/8/8/8/R2Q3R w KQ - 0 1").contains("d1b1"));
    assert!(!moves("lancerchess", "1r1q4/8/8/8/8/8/8/R2Q3R w KQ - 0 1").contains("d1b1"));
}

#[test]
fn fen_errors() {
    for (game, fen) in [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        ),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
        (
            "lancers",
            "rlbqkblr/pppppppp/8/8/8/8/PPPPPPPP/RLBQKBLR w KQkq - 0 1",
        ),
        (
            "cromwell",
            "whbrkbhw/pppppppp/8/8/8/8/PPPPPPPP/WHBRKBHW w - - 0 1",
        ),
        (
            "musketeer",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LxCbl-c-] w - - 0 1",
        ),
        (
            "musketeer",
            "l*******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/L******* w KQkq - 0 1",
        ),
        ("nosuchgame", "8/8/8/8/8/8/8/8 w - - 0 1"),
    ] {
        assert!(
            legal_moves(game, fen).is_err(),
            "{game} {fen} should be refused"
        );
    }
}
