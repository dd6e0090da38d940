//! The `[Variant]` tag as other programs write it: the names they use for chess
//! (`Standard`, `From Position`, `Chess960`, …) and for the games Joust does not play
//! (`Crazyhouse`, …), which are reported once as such rather than as unknown names.

use super::PgnErrorKind;
use crate::names::variant_by_name;
use joust_core::{variants, Variant};

/// Names of plain chess that other tools write in a `[Variant]` tag (normalised: ASCII
/// letters and digits, lowercase). `From Position` is lichess's name for a chess game
/// from a set-up position.
const CHESS: &[&str] = &["fromposition", "standardchess", "chessstandard", "regular"];

/// Games other programs play and Joust does not: the usual name, then the names (in
/// normalised form) that python-chess, lichess, cutechess, PyChess and Fairy-Stockfish
/// write for it.
const UNSUPPORTED: &[(&str, &[&str])] = &[
    (
        "Crazyhouse",
        &["crazyhouse", "house", "zh", "crazyhousechess"],
    ),
    ("Atomic", &["atomic", "atom", "atomicchess"]),
    ("Bughouse", &["bughouse", "bughousechess"]),
    ("Placement", &["placement"]),
    ("Seirawan-house", &["shouse", "seirawanhouse"]),
    ("Capahouse", &["capahouse"]),
    ("Grandhouse", &["grandhouse"]),
    (
        "Shogi",
        &["shogi", "minishogi", "kyotoshogi", "torishogi", "dobutsu"],
    ),
    ("Janggi", &["janggi"]),
    ("Sittuyin", &["sittuyin"]),
    ("Duck chess", &["duck", "duckchess"]),
    ("Fog of War", &["fogofwar", "darkchess"]),
    ("Coregal", &["coregal"]),
    ("Two Kings", &["twokings"]),
    ("Nightrider chess", &["nightrider"]),
    ("Chak", &["chak"]),
    ("Chennis", &["chennis"]),
    ("Spartan chess", &["spartan"]),
    ("Orda", &["orda"]),
    ("Synochess", &["synochess"]),
];

/// Other programs' names (normalised) for games Joust plays, where they differ from the
/// game's id and name: the game id, then the names.
const ALIASES: &[(&str, &[&str])] = &[
    (
        "fischerandom",
        &[
            "chess960",
            "960",
            "fischerrandom",
            "frc",
            "chess960castling",
        ],
    ),
    ("caparandom", &["capablancarandom", "crc"]),
    ("kingofthehill", &["koth", "kingofthehillchess"]),
    ("3check", &["threecheck", "threecheckchess"]),
    ("5check", &["fivecheck", "fivecheckchess"]),
    ("racingkings", &["racing", "race", "racingkingschess"]),
    ("grand", &["grandchess"]),
    (
        "seirawan",
        &["schess", "sirawan", "seirawanchess", "sirawanchess"],
    ),
];

/// Letters and digits only, lowercase: `From Position` → `fromposition`.
fn normalise(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// True if two names differ only in case, spaces and punctuation.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    normalise(a) == normalise(b)
}

/// The game a `[Variant]` tag's value names. An empty value is chess (no game named),
/// like a missing tag.
pub(crate) fn variant_of_tag(value: &str) -> Result<&'static Variant, PgnErrorKind> {
    if let Some(v) = variant_by_name(value) {
        return Ok(v);
    }
    let wanted = normalise(value);
    if wanted.is_empty() || CHESS.contains(&wanted.as_str()) {
        return Ok(variants::chess());
    }
    let bare = wanted.strip_suffix("chess").unwrap_or(&wanted);
    for (id, aliases) in ALIASES {
        if aliases.iter().any(|a| *a == wanted || *a == bare) {
            if let Ok(v) = variants::by_id(id) {
                return Ok(v);
            }
        }
    }
    for (name, aliases) in UNSUPPORTED {
        if aliases.iter().any(|a| *a == wanted || *a == bare) {
            return Err(PgnErrorKind::UnsupportedVariant {
                written: value.trim().to_string(),
                name,
            });
        }
    }
    Err(PgnErrorKind::UnknownVariant(value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_tools_names_for_games_joust_plays() {
        for (written, id) in [
            ("King of the Hill", "kingofthehill"),
            ("KOTH", "kingofthehill"),
            ("Three-check", "3check"),
            ("5check", "5check"),
            ("Racing Kings", "racingkings"),
            ("Grand chess", "grand"),
        ] {
            assert_eq!(variant_of_tag(written).map(|v| v.id), Ok(id), "{written}");
        }
    }

    #[test]
    fn other_tools_names_for_chess() {
        for name in [
            "Standard",
            "standard",
            "STANDARD",
            "From Position",
            "from position",
            "chess",
            "Chess",
            "",
            "  ",
        ] {
            assert_eq!(variant_of_tag(name).map(|v| v.id), Ok("chess"), "{name:?}");
        }
    }

    #[test]
    fn games_joust_does_not_play_are_named_as_such() {
        for (written, name) in [
            ("Crazyhouse", "Crazyhouse"),
            ("crazyhouse", "Crazyhouse"),
            ("Atomic", "Atomic"),
            ("janggi", "Janggi"),
            ("Shogi", "Shogi"),
            ("Spartan", "Spartan chess"),
        ] {
            assert_eq!(
                variant_of_tag(written).map(|v| v.id),
                Err(PgnErrorKind::UnsupportedVariant {
                    written: written.to_string(),
                    name
                }),
                "{written}"
            );
        }
        let e = variant_of_tag("Crazyhouse").unwrap_err();
        assert_eq!(e.to_string(), "Joust cannot play Crazyhouse");
    }

    #[test]
    fn our_games_and_unknown_names() {
        assert_eq!(
            variant_of_tag("LancerChess").map(|v| v.id),
            Ok("lancerchess")
        );
        assert_eq!(
            variant_of_tag("Royal Lion Chess").map(|v| v.id),
            Ok("royal-lion")
        );
        // Lichess's and Fairy-Stockfish's names of the games of the family Joust plays.
        for (written, id) in [
            ("Antichess", "antichess"),
            ("giveaway", "giveaway"),
            ("Suicide", "suicide"),
            ("Horde", "horde"),
            ("Losers", "losers"),
            ("Extinction", "extinction"),
            ("threekings", "threekings"),
            ("Shatranj", "shatranj"),
            ("xiangqi", "xiangqi"),
            ("Makruk", "makruk"),
            ("Capablanca", "capablanca"),
            ("Knightmate", "knightmate"),
        ] {
            assert_eq!(variant_of_tag(written).map(|v| v.id), Ok(id), "{written}");
        }
        assert!(matches!(
            variant_of_tag("Made-up Chess"),
            Err(PgnErrorKind::UnknownVariant(n)) if n == "Made-up Chess"
        ));
    }
}
