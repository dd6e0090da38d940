//! The engine's options: how `uci` declares them and how `setoption` values are read.

use crate::eval_options::{self, EvalOptionError};
use joust_core::variants::{self, UnknownVariant};
use joust_core::Variant;
use joust_nnue::Network;
use joust_search::Strength;
use std::fmt;
use std::sync::Arc;

/// The largest transposition table, in megabytes.
pub const MAX_HASH_MB: usize = 4096;
/// The default transposition table, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// The most search threads.
pub const MAX_THREADS: usize = 64;
/// `UCI_Elo` until it is set.
pub const DEFAULT_ELO: u32 = 1500;
/// The most best lines reported.
pub const MAX_MULTIPV: usize = 256;
/// The default `Move Overhead`, in milliseconds (Stockfish's: 10).
pub const DEFAULT_MOVE_OVERHEAD_MS: usize = 10;
/// The largest `Move Overhead`, in milliseconds (Stockfish's: 5000).
pub const MAX_MOVE_OVERHEAD_MS: usize = 5000;

/// One option's new value, read from `setoption`.
#[derive(Clone, Debug)]
pub enum Setting {
    /// `UCI_Variant`: the game played.
    Variant(&'static Variant),
    /// `Hash`: the table's size in megabytes.
    Hash(usize),
    /// `Threads`: search threads.
    Threads(usize),
    /// `MultiPV`: best lines reported.
    MultiPv(usize),
    /// `PieceValues`: piece values by letter.
    PieceValues(Vec<(char, i32)>),
    /// `EvalWeights`: evaluation weights by name.
    EvalWeights(Vec<(String, i32)>),
    /// `EvalFile`: which learned evaluation gives the static values.
    EvalFile(NetChoice),
    /// `Ponder`: the GUI may send `go ponder` (nothing to change in the engine).
    Ponder,
    /// `UCI_LimitStrength`: play at `UCI_Elo` rather than full strength.
    LimitStrength(bool),
    /// `UCI_Elo`: the strength when it is limited (a rough scale, see
    /// `joust_search::strength`).
    Elo(u32),
    /// `Move Overhead`: milliseconds taken off each move's share of the clock, for the
    /// time the GUI and the line lose per move.
    MoveOverhead(usize),
    /// `VariantPath`: a game file was read; its games are added (Fairy-Stockfish's
    /// option name).
    VariantPath(variants::user::Added),
}

/// The `EvalFile` option: which network, if any, gives the static values.
#[derive(Clone, Debug, Default)]
pub enum NetChoice {
    /// `<empty>`: the game's built-in network if it has one, else the evaluation from data.
    #[default]
    BuiltIn,
    /// `none`: the evaluation from data, even for a game with a built-in network.
    Off,
    /// A network file (used for each game it fits; the others keep their own).
    File(Arc<Network>),
}

/// Why a `setoption` was not applied; the option keeps its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// `UCI_Variant` names no game.
    Variant(UnknownVariant),
    /// A number out of its range or no number (option, value text, lowest, highest).
    OutOfRange(&'static str, String, usize, usize),
    /// An evaluation option's text was refused (option, why).
    Eval(&'static str, EvalOptionError),
    /// A check option's value is not `true` or `false` (option, value text).
    NotABool(&'static str, String),
    /// `VariantPath` names a file that cannot be read or is not a game file.
    GameFile(joust_core::gamefile::GameFileError),
    /// `EvalFile` names a file that cannot be read or is not a network (path, why).
    NetFile(String, String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}' ignored"),
            OptionError::Variant(e) => write!(f, "{e}"),
            OptionError::OutOfRange(name, value, low, high) => {
                write!(f, "{name} '{value}' is not {low} to {high}")
            }
            OptionError::Eval(name, e) => write!(f, "{name} ignored: {e}"),
            OptionError::NotABool(name, value) => {
                write!(f, "{name} '{value}' is not true or false")
            }
            OptionError::GameFile(e) => write!(f, "VariantPath: {e}"),
            OptionError::NetFile(path, why) => write!(f, "EvalFile '{path}' ignored: {why}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The `option` lines of the answer to `uci`.
pub fn declarations() -> Vec<String> {
    let games: Vec<String> = variants::with_user_games()
        .iter()
        .map(|v| format!("var {}", v.id))
        .collect();
    vec![
        format!(
            "option name UCI_Variant type combo default chess {}",
            games.join(" ")
        ),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        "option name Ponder type check default false".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!(
            "option name UCI_Elo type spin default {DEFAULT_ELO} min {} max {}",
            Strength::MIN_ELO,
            Strength::MAX_ELO
        ),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ),
        "option name PieceValues type string default <empty>".to_string(),
        "option name EvalWeights type string default <empty>".to_string(),
        "option name VariantPath type string default <empty>".to_string(),
        "option name EvalFile type string default <empty>".to_string(),
    ]
}

/// A whole number from `low` to `high`.
fn spin(name: &'static str, value: &str, low: usize, high: usize) -> Result<usize, OptionError> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| OptionError::OutOfRange(name, value.to_string(), low, high))
}

/// Reads `setoption name <name> value <value>`; names are case-insensitive, as UCI says.
pub fn parse_setting(name: &str, value: &str) -> Result<Setting, OptionError> {
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => variants::by_id(value)
            .map(Setting::Variant)
            .map_err(OptionError::Variant),
        "hash" => spin("Hash", value, 1, MAX_HASH_MB).map(Setting::Hash),
        "threads" => spin("Threads", value, 1, MAX_THREADS).map(Setting::Threads),
        "multipv" => spin("MultiPV", value, 1, MAX_MULTIPV).map(Setting::MultiPv),
        "move overhead" => {
            spin("Move Overhead", value, 0, MAX_MOVE_OVERHEAD_MS).map(Setting::MoveOverhead)
        }
        "ponder" => match value {
            "true" | "false" => Ok(Setting::Ponder),
            _ => Err(OptionError::NotABool("Ponder", value.to_string())),
        },
        "uci_limitstrength" => match value {
            "true" | "false" => Ok(Setting::LimitStrength(value == "true")),
            _ => Err(OptionError::NotABool(
                "UCI_LimitStrength",
                value.to_string(),
            )),
        },
        "uci_elo" => {
            let (low, high) = (Strength::MIN_ELO as usize, Strength::MAX_ELO as usize);
            spin("UCI_Elo", value, low, high).map(|e| Setting::Elo(e as u32))
        }
        "piecevalues" => eval_options::parse_piece_values(empty(value))
            .map(Setting::PieceValues)
            .map_err(|e| OptionError::Eval("PieceValues", e)),
        "evalweights" => eval_options::parse_weights(empty(value))
            .map(Setting::EvalWeights)
            .map_err(|e| OptionError::Eval("EvalWeights", e)),
        // GUIs send every option at start, this one empty: nothing to read then.
        "variantpath" if empty(value).trim().is_empty() => {
            Ok(Setting::VariantPath(Default::default()))
        }
        "variantpath" => variants::user::add_file(std::path::Path::new(empty(value)))
            .map(Setting::VariantPath)
            .map_err(OptionError::GameFile),
        "evalfile" => net_choice(empty(value)).map(Setting::EvalFile),
        _ => Err(OptionError::Unknown(name.to_string())),
    }
}

/// Reads `EvalFile`: empty, `none`, or the path of a network file.
fn net_choice(value: &str) -> Result<NetChoice, OptionError> {
    match value.trim() {
        "" => Ok(NetChoice::BuiltIn),
        "none" => Ok(NetChoice::Off),
        path => {
            let fail = |why: String| OptionError::NetFile(path.to_string(), why);
            let bytes = std::fs::read(path).map_err(|e| fail(e.to_string()))?;
            let net = Network::from_bytes(&bytes).map_err(|e| fail(e.to_string()))?;
            Ok(NetChoice::File(Arc::new(net)))
        }
    }
}

/// A string option's value: `<empty>` stands for the empty text.
fn empty(value: &str) -> &str {
    if value == "<empty>" {
        ""
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_case_insensitively() {
        let read = |name: &str, value: &str| parse_setting(name, value).unwrap();
        assert!(
            matches!(read("uci_variant", "LancerChess"), Setting::Variant(v) if v.id == "lancerchess")
        );
        assert!(matches!(read("HASH", "64"), Setting::Hash(64)));
        assert!(matches!(read("Threads", "2"), Setting::Threads(2)));
        assert!(matches!(read("MultiPV", "3"), Setting::MultiPv(3)));
        assert!(matches!(read("Ponder", "true"), Setting::Ponder));
        assert!(matches!(
            read("uci_limitstrength", "true"),
            Setting::LimitStrength(true)
        ));
        assert!(matches!(read("UCI_Elo", "1200"), Setting::Elo(1200)));
        assert!(matches!(
            read("move overhead", "0"),
            Setting::MoveOverhead(0)
        ));
        assert!(matches!(read("PieceValues", "<empty>"), Setting::PieceValues(v) if v.is_empty()));
        assert!(
            matches!(read("EvalWeights", "tempo=3"), Setting::EvalWeights(w) if w == [("tempo".to_string(), 3)])
        );
    }

    #[test]
    fn bad_values_are_refused_with_the_reason() {
        let err = |name: &str, value: &str| parse_setting(name, value).unwrap_err().to_string();
        assert_eq!(err("Hash", "lots"), "Hash 'lots' is not 1 to 4096");
        assert_eq!(err("Hash", "0"), "Hash '0' is not 1 to 4096");
        assert_eq!(err("Hash", "4097"), "Hash '4097' is not 1 to 4096");
        assert_eq!(err("Threads", "-1"), "Threads '-1' is not 1 to 64");
        assert_eq!(err("MultiPV", ""), "MultiPV '' is not 1 to 256");
        assert_eq!(err("Ponder", "yes"), "Ponder 'yes' is not true or false");
        assert_eq!(err("UCI_Elo", "3000"), "UCI_Elo '3000' is not 800 to 2400");
        assert_eq!(
            err("UCI_LimitStrength", "1"),
            "UCI_LimitStrength '1' is not true or false"
        );
        assert_eq!(
            err("Move Overhead", "5001"),
            "Move Overhead '5001' is not 0 to 5000"
        );
        assert_eq!(
            err("UCI_Opponent", "x"),
            "unknown option 'UCI_Opponent' ignored"
        );
        assert!(err("UCI_Variant", "nosuchgame").contains("unknown variant 'nosuchgame'"));
        assert_eq!(
            err("PieceValues", "L300"),
            "PieceValues ignored: 'L300' is not name=number"
        );
        assert!(err("EvalFile", "/no/such/net.nnue")
            .starts_with("EvalFile '/no/such/net.nnue' ignored: "));
    }

    #[test]
    fn eval_file_reads_the_built_in_choice_and_none() {
        let read = |value: &str| parse_setting("EvalFile", value).unwrap();
        assert!(matches!(
            read("<empty>"),
            Setting::EvalFile(NetChoice::BuiltIn)
        ));
        assert!(matches!(read("none"), Setting::EvalFile(NetChoice::Off)));
    }

    #[test]
    fn every_declared_option_is_read() {
        for line in declarations() {
            let name = line
                .strip_prefix("option name ")
                .and_then(|rest| rest.split(" type ").next())
                .unwrap();
            let err = parse_setting(name, "x");
            assert!(
                !matches!(err, Err(OptionError::Unknown(_))),
                "{name} is declared but not read"
            );
        }
    }
}
