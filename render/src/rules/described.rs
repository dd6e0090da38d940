//! The rules in short of a game that has no hand-written digest (the games of
//! Fairy-Stockfish's family, and users' own games): written from the game's data, so
//! that they say exactly what the engine plays.

use joust_core::end_rules::EndValue;
use joust_core::fen::placement_letters;
use joust_core::variant::{DoubleStep, StalemateResult};
use joust_core::{Color, KindId, Variant};

/// The bullets describing `v`: board and pieces, castling, pawns, promotion, how it ends.
pub fn described(v: &Variant) -> Vec<String> {
    let mut out = vec![pieces(v)];
    out.push(castling(v));
    if v.pawn_kind(Color::White).is_some() || v.pawn_kind(Color::Black).is_some() {
        out.push(pawns(v));
        out.push(promotion(v));
    }
    if v.check_freezes_royal {
        out.push(
            "In check the royal piece may not move, except to capture the one checking piece."
                .into(),
        );
    }
    if let Some(leaps) = v.first_leaps {
        let mut text = String::from(
            "First moves: the royal piece, not in check, may leap as a knight to an empty \
             square of the next rank",
        );
        if let Some(k) = leaps.forward_leaper {
            text += &format!(
                "; the {} may leap two squares straight forward, capturing there",
                v.kind(k).name
            );
        }
        text += " (the FEN's castling field keeps these rights as file letters).";
        out.push(text);
    }
    if v.hand_gating {
        out.push(hand_gating(v));
    }
    out.push(ending(v));
    out.extend(super::ends::own_ends(v));
    out.extend(goals(v));
    out
}

/// Gating from the hand: what each side starts with in hand, and how it enters.
fn hand_gating(v: &Variant) -> String {
    let start: Vec<&str> = v
        .start_fen
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(hand, _)| hand)
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_uppercase())
        .filter_map(|c| v.kind_by_letter(Color::White, c))
        .map(|k| v.kind(k).name)
        .collect();
    let held = match start.is_empty() {
        true => "Pieces in hand".to_string(),
        false => format!("In hand at the start: {} (each side)", start.join(", ")),
    };
    format!(
        "{held}. A piece's first move from its square of the first rank may bring one of \
         them onto the square it leaves (castling: onto the King's or the Rook's square); \
         pawns never gate, and a piece gated in never makes a move legal."
    )
}

/// "10x8 board. Pieces: King (K, royal), ..., Archbishop (A: BN)."
fn pieces(v: &Variant) -> String {
    let g = v.geometry;
    let plain = ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"];
    let list: Vec<String> = v
        .kind_ids()
        .map(|k| {
            let kind = v.kind(k);
            let mut text = format!("{} ({}", kind.name, kind.letter);
            if kind.royal {
                text.push_str(", royal");
            }
            let standard = plain.contains(&kind.name) && standard_movement(kind.name, kind.betza);
            if let Some(b) = kind.betza.filter(|_| !standard) {
                text.push_str(&format!(": {b}"));
            }
            text.push(')');
            text
        })
        .collect();
    format!(
        "{}x{} board. Pieces (movement in Betza notation where it is not the FIDE piece's): {}.",
        g.files(),
        g.ranks(),
        list.join(", ")
    )
}

/// True if a FIDE-named piece moves as its FIDE namesake.
fn standard_movement(name: &str, betza: Option<&str>) -> bool {
    let expected = match name {
        "Pawn" => "fmWfceF",
        "Knight" => "N",
        "Bishop" => "B",
        "Rook" => "R",
        "Queen" => "Q",
        "King" => "K",
        _ => return false,
    };
    betza.is_none_or(|b| b == expected)
}

fn castling(v: &Variant) -> String {
    let g = v.geometry;
    let name = |sq| g.name(sq).to_string();
    let start = placement_letters(v.start_fen, g);
    let moves: Vec<String> = v
        .castling
        .iter()
        .filter(|r| r.color == Color::White)
        .map(|r| {
            format!(
                "{} {}-{} with the {} {}-{} ({})",
                start[r.royal_from.index()]
                    .and_then(|c| v.any_kind_by_letter(c.to_ascii_uppercase()))
                    .map_or("piece on", |k| v.kind(k).name),
                name(r.royal_from),
                name(r.royal_to),
                start[r.rook_from.index()]
                    .and_then(|c| v.any_kind_by_letter(c.to_ascii_uppercase()))
                    .map_or("piece on", |k| v.kind(k).name),
                name(r.rook_from),
                name(r.rook_to),
                if r.long { "O-O-O" } else { "O-O" }
            )
        })
        .collect();
    if moves.is_empty() {
        "No castling.".into()
    } else {
        format!(
            "Castling (White's; Black's mirrored): {}.",
            moves.join("; ")
        )
    }
}

fn pawns(v: &Variant) -> String {
    let double = match v.pawns.double_step {
        DoubleStep::Never => "no double step".to_string(),
        DoubleStep::FromRank(r) => format!("a double step from rank {}", r + 1),
        DoubleStep::FromRankAndFirst(r) => format!(
            "a double step from rank {} and from the first rank (no en passant after the latter)",
            r + 1
        ),
        DoubleStep::AnyRankUnlessPawnAttacked => {
            "a double step from any rank unless an enemy pawn attacks the square passed".into()
        }
    };
    let ep = if v.pawns.en_passant && v.pawns.double_step != DoubleStep::Never {
        ", and en passant"
    } else {
        ""
    };
    format!("Pawns: {double}{ep}.")
}

pub(super) fn letters(v: &Variant, kinds: &[KindId]) -> String {
    let l: Vec<String> = kinds
        .iter()
        .map(|&k| v.kind(k).letter.to_string())
        .collect();
    match l.len() {
        0 => "nothing".into(),
        1 => l[0].clone(),
        n => format!("{} or {}", l[..n - 1].join(", "), l[n - 1]),
    }
}

fn promotion(v: &Variant) -> String {
    let [w, b] = &v.promotion;
    // Game files give both sides the same zone, choice and limits.
    let place = match w.zone_ranks {
        1 => "on the last rank".to_string(),
        n => format!("on entering the last {n} ranks"),
    };
    let mut out = if w.kinds == b.kinds {
        format!("Pawns promote {place} to {}.", letters(v, &w.kinds))
    } else {
        format!(
            "White's pawns promote {place} to {}, Black's to {}.",
            letters(v, &w.kinds),
            letters(v, &b.kinds)
        )
    };
    if w.optional {
        out.push_str(" Short of the last rank a pawn may stay a pawn.");
    }
    if !w.limits.is_empty() {
        let limits: Vec<String> = w
            .limits
            .iter()
            .map(|&(k, n)| format!("{} {n}", v.kind(k).letter))
            .collect();
        out.push_str(&format!(
            " Only to a piece of which the side has fewer than {}.",
            limits.join(", ")
        ));
    }
    out
}

fn ending(v: &Variant) -> String {
    let stalemate = match v.stalemate {
        StalemateResult::Draw => "stalemate draws",
        StalemateResult::Loss => "stalemate loses for the side that cannot move",
        StalemateResult::Win => "stalemate wins for the side that cannot move",
        StalemateResult::FewerPiecesWin => {
            "stalemate wins for the side with fewer pieces (equal numbers draw)"
        }
    };
    let count = if v.fifty_move_plies == u32::MAX {
        None
    } else {
        Some(format!("the {}-move rule", v.fifty_move_plies / 2))
    };
    let ends = &v.end_rules;
    let mate = match (&ends.shatar_mate, ends.checkmate) {
        (Some(rule), _) => {
            let kinds = |mask: u32| -> Vec<KindId> {
                v.kind_ids().filter(|k| mask >> k.0 & 1 != 0).collect()
            };
            format!(
                "Checkmate wins only if the mater's checks in a row include one by {}; \
                 by {} alone it loses, else it draws",
                letters(v, &kinds(rule.shak)),
                letters(v, &kinds(rule.knights))
            )
        }
        (None, EndValue::Win) => "Being checkmated wins".to_string(),
        (None, _) => "Checkmate wins".to_string(),
    };
    // A game with its own ends has no dead positions (as `Game::outcome` plays it).
    let own_ends = ends.has_own_ends();
    let dead = &v.dead_position;
    if !dead.enabled || own_ends {
        let count = count.map_or(String::new(), |c| format!(" and {c}"));
        return format!(
            "{mate}; {stalemate}; threefold repetition{count} draw; no position is dead."
        );
    }
    let mut kinds = Vec::new();
    if !dead.single.is_empty() {
        kinds.push(format!("one lone {}", letters(v, &dead.single)));
    }
    if !dead.colour_bound.is_empty() {
        kinds.push(format!(
            "any number of {} all on one colour",
            letters(v, &dead.colour_bound)
        ));
    }
    let dead_text = if kinds.is_empty() {
        "bare royal pieces".to_string()
    } else {
        format!("royal pieces alone, or with {}", kinds.join(", or "))
    };
    let count = count.map_or(String::new(), |c| format!(", {c}"));
    format!(
        "{mate}; {stalemate}; threefold repetition{count} and dead positions ({dead_text}) \
         draw."
    )
}

/// The goals besides mate (flags, check counting) and the no-check rule, if any.
fn goals(v: &Variant) -> Option<String> {
    let g = &v.goals;
    let mut parts = Vec::new();
    let flag_text = |c: Color| {
        g.flag[c.index()].map(|f| {
            let kinds: Vec<KindId> = v.kind_ids().filter(|k| f.kinds >> k.0 & 1 != 0).collect();
            let squares: Vec<String> = f
                .region
                .squares()
                .map(|sq| v.geometry.name(sq).to_string())
                .collect();
            format!("{} on {}", letters(v, &kinds), squares.join(" "))
        })
    };
    let (w, b) = (flag_text(Color::White), flag_text(Color::Black));
    if w.is_some() || b.is_some() {
        let none = || "nothing".to_string();
        let when = if g.flag_move {
            "; when White reaches it first, Black has one more move and draws by reaching its own"
        } else {
            ""
        };
        parts.push(format!(
            "reaching the flag wins (White: {}; Black: {}){when}",
            w.unwrap_or_else(none),
            b.unwrap_or_else(none)
        ));
    }
    if g.no_checks {
        parts.push("no move may give check".into());
    }
    if g.check_counting {
        parts.push("giving the number of checks the FEN counts (`3+3`) wins".into());
    }
    (!parts.is_empty()).then(|| format!("Goals: {}.", parts.join("; ")))
}
