//! The commands a GUI sends, read from one line of text into a typed [`Command`]; what
//! cannot be read is a [`CommandError`] saying why.

use crate::go::Go;
use std::fmt;

/// One command of the Universal Chess Interface (and Stockfish's `eval`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: name the engine and its options, then `uciok`.
    Uci,
    /// `debug [on|off]`: accepted; Joust has no debug output.
    Debug,
    /// `isready`: answered with `readyok` at once, even while searching.
    IsReady,
    /// `setoption name <name> [value <value>]`; both may contain spaces.
    SetOption {
        /// The option's name, as given.
        name: String,
        /// Its value (words joined by single spaces), if the command gave one.
        value: Option<String>,
    },
    /// `register ...`: accepted; Joust needs no registration.
    Register,
    /// `ucinewgame`: forget the previous game; the start position of the current game.
    UciNewGame,
    /// `position (startpos | fen <FEN>) [moves <move>...]`.
    Position {
        /// Where the game starts.
        setup: Setup,
        /// The moves played from there, in coordinate text (not yet checked).
        moves: Vec<String>,
    },
    /// `go ...`: search (or count, with `perft`).
    Go(Go),
    /// `stop`: end the search and answer with its `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the expected move; the search goes on for real.
    PonderHit,
    /// `quit`: end the session.
    Quit,
    /// `eval`: print the static evaluation of the current position by term.
    Eval,
    /// `d` (Stockfish's): draw the current position as text, with its FEN and key.
    Display,
    /// `bench [depth]` (Stockfish's): search the bench positions to a fixed depth on one
    /// thread and print the nodes and the speed (see [`crate::bench`]).
    Bench(u32),
}

/// The start of a `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// `startpos`: the current game's start position.
    StartPos,
    /// `fen <FEN>`: the FEN's words joined by single spaces (not yet checked).
    Fen(String),
}

/// Why a line is not a command that can be carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command (the word).
    Unknown(String),
    /// `setoption` without `name <name>`.
    SetOptionWithoutName,
    /// `position` without `startpos` or `fen <FEN>`.
    PositionWithoutSetup,
    /// A word of a `position` command that does not belong where it stands (the word).
    PositionUnexpected(String),
    /// `bench` with a depth that cannot be read.
    Bench(crate::bench::BenchError),
}

impl CommandError {
    /// True for a `position` command that was refused: the engine then has no position.
    pub fn is_position(&self) -> bool {
        matches!(
            self,
            CommandError::PositionWithoutSetup | CommandError::PositionUnexpected(_)
        )
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command '{word}' ignored"),
            CommandError::SetOptionWithoutName => {
                write!(f, "setoption needs 'name <option> value <value>'")
            }
            CommandError::PositionWithoutSetup => {
                write!(f, "position needs 'startpos' or 'fen <FEN>'")
            }
            CommandError::PositionUnexpected(word) => {
                write!(f, "unexpected '{word}' in position command")
            }
            CommandError::Bench(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads one line: `Ok(None)` for a line of nothing but white space. Words are
/// separated by any white space; command names are case-sensitive, as in Stockfish.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => set_option(rest)?,
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => position(rest)?,
        "go" => Command::Go(Go::parse(rest)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "eval" => Command::Eval,
        "d" => Command::Display,
        "bench" => Command::Bench(
            crate::bench::parse_depth(rest.first().copied()).map_err(CommandError::Bench)?,
        ),
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(Some(command))
}

/// `name <name...> [value <value...>]`.
fn set_option(words: &[&str]) -> Result<Command, CommandError> {
    let Some((&"name", rest)) = words.split_first() else {
        return Err(CommandError::SetOptionWithoutName);
    };
    let (name, value) = match rest.iter().position(|w| *w == "value") {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(CommandError::SetOptionWithoutName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `(startpos | fen <FEN...>) [moves <move>...]`.
fn position(words: &[&str]) -> Result<Command, CommandError> {
    let (setup, rest) = match words.split_first() {
        Some((&"startpos", rest)) => (Setup::StartPos, rest),
        Some((&"fen", rest)) => {
            let end = rest
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(rest.len());
            (Setup::Fen(rest[..end].join(" ")), &rest[end..])
        }
        _ => return Err(CommandError::PositionWithoutSetup),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.iter().map(|m| m.to_string()).collect(),
        Some((other, _)) => return Err(CommandError::PositionUnexpected(other.to_string())),
    };
    Ok(Command::Position { setup, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn simple_commands_read_whatever_follows() {
        assert_eq!(parse("   \t ").unwrap(), None);
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(ok("debug on"), Command::Debug);
        assert_eq!(ok("register later"), Command::Register);
        assert_eq!(ok("ucinewgame"), Command::UciNewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("ponderhit"), Command::PonderHit);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("eval"), Command::Eval);
        assert_eq!(ok("d"), Command::Display);
        assert_eq!(ok("bench"), Command::Bench(crate::bench::DEFAULT_DEPTH));
        assert_eq!(ok("bench 3"), Command::Bench(3));
        assert!(matches!(parse("bench 0"), Err(CommandError::Bench(_))));
        assert_eq!(
            parse("Quit"),
            Err(CommandError::Unknown("Quit".to_string()))
        );
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            ok("setoption name UCI_Opponent value none 2800 computer M\u{fffd}ller"),
            Command::SetOption {
                name: "UCI_Opponent".into(),
                value: Some("none 2800 computer M\u{fffd}ller".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear   Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Hash value"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some(String::new())
            }
        );
        for bad in [
            "setoption",
            "setoption Hash 3",
            "setoption name",
            "setoption name value 3",
        ] {
            assert_eq!(parse(bad), Err(CommandError::SetOptionWithoutName), "{bad}");
        }
    }

    #[test]
    fn position_reads_a_start_and_moves() {
        assert_eq!(
            ok("position startpos moves e2e4 e7e5"),
            Command::Position {
                setup: Setup::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert_eq!(
            ok("position fen 8/8/8/8/8/8/8/K6k  w - - 0 1 moves"),
            Command::Position {
                setup: Setup::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec![]
            }
        );
        assert_eq!(parse("position"), Err(CommandError::PositionWithoutSetup));
        assert_eq!(
            parse("position e2e4"),
            Err(CommandError::PositionWithoutSetup)
        );
        let junk = parse("position startpos e2e4").unwrap_err();
        assert_eq!(junk, CommandError::PositionUnexpected("e2e4".into()));
        assert!(junk.is_position());
        assert_eq!(junk.to_string(), "unexpected 'e2e4' in position command");
        assert!(!CommandError::SetOptionWithoutName.is_position());
    }

    #[test]
    fn go_is_read_by_its_own_parser() {
        let Command::Go(go) = ok("go depth 3") else {
            panic!("not a go")
        };
        assert_eq!(go.depth, Some(3));
    }
}
