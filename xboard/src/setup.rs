//! What the engine tells XBoard about the games: the `feature` line, the `setup` and
//! `piece` commands that describe a game XBoard does not know, and the result line of a
//! game's end.
//!
//! # What XBoard can draw
//! XBoard draws a fixed set of piece images, one per piece type it knows: the FIDE
//! pieces and `FEACWMOHIJGDVLSU` (Ferz, Alfil, Archbishop, Chancellor, Wazir, Commoner,
//! Cannon, Nightrider, ...). The `setup` command maps each of a game's letters to one of
//! them ([`PieceMap`]): to the type of the same letter where it is free, else to a free
//! type, whose image XBoard then draws (so a Joust piece may be drawn with another
//! piece's image); each facing of a directional piece (a Lancer) gets a free type and
//! letter of its own, and the `setup` FEN names it so. A game with more pieces than
//! XBoard has types gets no `setup` (its `#` line says why). A `piece` line gives XBoard
//! the movement of every piece that is not the FIDE piece of its letter, from the game
//! file's Betza text, so that XBoard can test moves; pieces with no Betza text (built in
//! code: the Lion), directional pieces, and pieces with Joust's own Betza extensions
//! (`!` shots, `~`, `@`) get none. XBoard cannot test the moves of Lancers, shots or
//! Musketeer setup moves: for those games it must run with legality testing off
//! (`-testLegality false`).

use crate::pieces::PieceMap;
use joust_core::{variants, Color, PieceKind, Variant};
use joust_movegen::Outcome;

/// The `feature` line answering `protover`: every game id (and `normal`, XBoard's name
/// for chess) in `variants`, and [`sized_name`]s.
pub fn features(games: &[&Variant]) -> String {
    let mut names = vec!["normal".to_string()];
    names.extend(games.iter().map(|v| v.id.to_string()));
    names.extend(games.iter().filter_map(|v| sized_name(v)));
    format!(
        "feature myname=\"Joust {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
         playother=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 san=0 \
         ics=0 name=0 pause=0 nps=0 debug=1 memory=1 smp=1 exclude=0 setscore=0 \
         highlight=0 done=1",
        env!("CARGO_PKG_VERSION"),
        names.join(",")
    )
}

/// True if `kind` is the FIDE piece of its letter (same movement and royalty).
pub(crate) fn is_fide(kind: &PieceKind) -> bool {
    kind.facing.is_none()
        && variants::chess()
            .kinds
            .iter()
            .any(|k| k.letter == kind.letter && k.atoms == kind.atoms && k.royal == kind.royal)
}

/// Joust's bent riders in XBoard's Betza: a step, then (`y`: on an empty square) on
/// as a rider outward, turned 45 degrees either way (`fs`). XBoard's `y` makes the
/// second leg's leaper a slider, so `FyafsF` is a Ferz step then a rook outward.
const BENT_RIDERS: [(&str, &str); 2] = [("t[FR]", "FyafsF"), ("t[WB]", "WyafsW")];

/// This Betza text as XBoard reads it: bent riders rewritten ([`BENT_RIDERS`]); `None`
/// for text with Joust's own extensions (`!` shots, `~`, `@`) or other bent riders.
pub(crate) fn xboard_betza(betza: &str) -> Option<String> {
    let mut text = betza.to_string();
    for (ours, theirs) in BENT_RIDERS {
        text = text.replace(ours, theirs);
    }
    (!text.contains(['!', '~', '@', '[', ']'])).then_some(text)
}

/// XBoard's own variant names (`VARIANT_NAMES` in XBoard 4.9's `common.h`) for which
/// XBoard knows chess's men on chess's board: a game of that id, with no other men or
/// board, is left to XBoard's rules and start (XBoard's `nocastle` shuffles the back
/// rank and sends it with `setboard`).
const XBOARD_CHESS_VARIANTS: [&str; 8] = [
    "normal",
    "nocastle",
    "wildcastle",
    "fischerandom",
    "losers",
    "suicide",
    "giveaway",
    "3check",
];

/// Every variant name XBoard 4.9 knows (`VARIANT_NAMES` in its `common.h`, less
/// `unknown`). A `setup` command names a parent variant (`8x8+0_fairy`); XBoard makes
/// it the game's variant, and then asks the second engine of a match whether it plays
/// *that* variant. For a game whose id XBoard knows (Makruk, ASEAN, Xiangqi, ...) the
/// parent `fairy` would turn the game into XBoard's `fairy`, which the second engine
/// does not list, and XBoard would stop before the first move ("second engine does not
/// play this"); so such a game names itself as the parent. (A game XBoard does not
/// know keeps its own name in XBoard whatever the parent.) XBoard reads the `setup`
/// only with `-testLegality false` or on a board of another size than its own game's.
const XBOARD_VARIANTS: [&str; 45] = [
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
    "wild36",
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
];

/// The parent variant a `setup` command names for `variant`: its own id if XBoard knows
/// that name (XBoard 4.9's variant names), else XBoard's `fairy`.
pub fn parent_variant(variant: &Variant) -> &'static str {
    if XBOARD_VARIANTS.contains(&variant.id) {
        variant.id
    } else {
        "fairy"
    }
}

/// `WxH+0_ID` for a game whose id XBoard knows (one of its variant names) and that gets a
/// `setup`: when the board differs from XBoard's own game of that name (Grand, which XBoard
/// plays with holdings), XBoard asks the second engine for the game under this name, and
/// would stop the match if the engine did not list it. `variant` reads it as the id.
pub fn sized_name(variant: &Variant) -> Option<String> {
    let g = variant.geometry;
    (XBOARD_VARIANTS.contains(&variant.id) && !setup_lines(variant).is_empty())
        .then(|| format!("{}x{}+0_{}", g.files(), g.ranks(), variant.id))
}

/// The game id of a `variant` argument: `ID`, or `WxH+N_ID` or `WxH_ID` (a size XBoard
/// puts before a variant's name) as `ID`.
pub fn variant_id(name: &str) -> &str {
    let Some((size, id)) = name.split_once('_') else {
        return name;
    };
    let (board, hand) = size.split_once('+').unwrap_or((size, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match board.split_once('x') {
        Some((w, h)) if digits(w) && digits(h) && digits(hand) => id,
        _ => name,
    }
}

/// The lines that describe `variant` to XBoard after `variant ID`: none for a game XBoard
/// plays by its own rules (chess's men and board, under one of XBoard's names), or for a
/// game with more pieces than XBoard has types; else `setup` with the piece table
/// ([`PieceMap::table`]), board size and start position (its facings as XBoard letters),
/// and a `piece` line for each piece that is not the FIDE piece of its letter, has no
/// facing and has Betza text XBoard can read.
pub fn setup_lines(variant: &Variant) -> Vec<String> {
    let g = variant.geometry;
    let chess = variants::chess();
    let all_fide = variant.kinds.iter().all(is_fide);
    let board = |fen: &str| fen.split(' ').next().unwrap_or_default().to_string();
    let chess_board = board(variant.start_fen) == board(chess.start_fen);
    let xboard_knows = variant.id == chess.id || XBOARD_CHESS_VARIANTS.contains(&variant.id);
    if all_fide && g == chess.geometry && chess_board && xboard_knows {
        return Vec::new();
    }
    let Ok(pieces) = PieceMap::new(variant) else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "setup ({}) {}x{}+0_{} {}",
        pieces.table(),
        g.files(),
        g.ranks(),
        parent_variant(variant),
        pieces.fen_to_xboard(variant.start_fen)
    )];
    let mut described = Vec::new();
    for kind in variant
        .kinds
        .iter()
        .filter(|k| !is_fide(k) && k.facing.is_none())
    {
        if let Some(betza) = kind.betza.and_then(xboard_betza) {
            if !described.contains(&kind.letter) {
                described.push(kind.letter);
                lines.push(format!("piece {}& {betza}", kind.letter));
            }
        }
    }
    lines
}

/// The line that claims the end of a game: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`,
/// ...; `mover` made the last move.
pub fn result_line(outcome: Outcome, mover: Color) -> String {
    let reason = match outcome {
        Outcome::Checkmate { winner } if winner == mover => format!("{} mates", side(winner)),
        Outcome::Stalemate { winner: None } => "Stalemate".to_string(),
        Outcome::Repetition => "Draw by repetition".to_string(),
        Outcome::FiftyMoves => "Draw by fifty-move rule".to_string(),
        Outcome::DeadPosition => "Insufficient material".to_string(),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    };
    format!("{} {{{reason}}}", outcome.result())
}

/// "White" or "Black".
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_needs_no_setup_and_every_other_game_has_its_pieces_table() {
        assert!(setup_lines(variants::chess()).is_empty());
        for v in variants::all() {
            let lines = setup_lines(v);
            if let Some(setup) = lines.first() {
                let table = PieceMap::new(v).unwrap().table();
                assert!(setup.starts_with(&format!("setup ({table}) ")), "{setup}");
            }
        }
    }

    #[test]
    fn lancers_are_set_up_with_a_letter_per_facing_and_no_piece_line() {
        let lines = setup_lines(variants::lancers());
        assert_eq!(
            lines,
            [
                "setup (P.BRQFEACWMOH........Kp.brqfeacwmoh........k) 8x8+0_fairy \
              rcbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/REBQKBHR w KQkq - 0 1"
            ]
        );
        let lines = setup_lines(variants::single_lancer());
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].ends_with(" rcbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/REBQKBNR w KQkq - 0 1"));
    }

    #[test]
    fn a_game_with_new_pieces_is_set_up_with_their_betza() {
        // Some game has a piece with Betza text XBoard reads that is no FIDE piece.
        let (v, kind) = variants::all()
            .iter()
            .find_map(|v| {
                let k = v.kinds.iter().find(|k| {
                    !is_fide(k)
                        && k.betza
                            .is_some_and(|b| xboard_betza(b).as_deref() == Some(b))
                })?;
                Some((*v, k))
            })
            .expect("a game with a fairy piece");
        let lines = setup_lines(v);
        assert!(lines[0].starts_with("setup ("), "{lines:?}");
        assert!(lines[0].ends_with(v.start_fen), "{lines:?}");
        let piece = format!("piece {}& {}", kind.letter, kind.betza.unwrap());
        assert!(lines.contains(&piece), "{lines:?}");
    }

    #[test]
    fn a_game_xboard_knows_by_name_is_set_up_as_itself() {
        // XBoard's `fairy` parent would make the second engine refuse the game.
        let setup = |id: &str| setup_lines(variants::by_id(id).unwrap())[0].clone();
        assert!(
            setup("makruk").contains(" 8x8+0_makruk "),
            "{}",
            setup("makruk")
        );
        assert!(setup("xiangqi").contains(" 9x10+0_xiangqi "));
        assert!(setup("centaur").contains(" 10x8+0_fairy "));
        assert!(setup("makpong").contains(" 8x8+0_fairy "));
    }

    #[test]
    fn sized_variant_names_are_listed_and_read() {
        let grand = variants::by_id("grand").unwrap();
        assert_eq!(sized_name(grand).as_deref(), Some("10x10+0_grand"));
        assert_eq!(sized_name(variants::by_id("centaur").unwrap()), None);
        assert!(features(&[grand]).contains("\"normal,grand,10x10+0_grand\""));
        assert_eq!(variant_id("10x10+0_grand"), "grand");
        assert_eq!(variant_id("8x8_makruk"), "makruk");
        assert_eq!(variant_id("royal-lion"), "royal-lion");
        assert_eq!(variant_id("ax8+0_grand"), "ax8+0_grand");
    }

    #[test]
    fn bent_riders_are_written_in_xboard_betza() {
        assert_eq!(xboard_betza("t[FR]").as_deref(), Some("FyafsF"));
        assert_eq!(xboard_betza("t[FR]t[WB]").as_deref(), Some("FyafsFWyafsW"));
        assert_eq!(xboard_betza("KNADcaK").as_deref(), Some("KNADcaK"));
        assert_eq!(xboard_betza("t[FB]"), None);
        assert_eq!(xboard_betza("mRcR!"), None);
    }

    #[test]
    fn results_are_claimed_in_cecp_form() {
        let mate = Outcome::Checkmate {
            winner: Color::White,
        };
        assert_eq!(result_line(mate, Color::White), "1-0 {White mates}");
        let stalemate = Outcome::Stalemate { winner: None };
        assert_eq!(result_line(stalemate, Color::Black), "1/2-1/2 {Stalemate}");
        assert_eq!(
            result_line(Outcome::Repetition, Color::Black),
            "1/2-1/2 {Draw by repetition}"
        );
    }
}
