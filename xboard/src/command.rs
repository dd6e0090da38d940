//! The commands of CECP v2, read from one line of text into a typed [`Command`].

use std::fmt;
use std::time::Duration;

/// The deepest `sd` taken (a larger depth is this one).
pub const MAX_DEPTH: u32 = joust_uci::go::MAX_DEPTH;
/// The longest time read from `level`, `st`, `time` or `otim` (a longer one is this).
pub const MAX_TIME: Duration = Duration::from_secs(1_000_000_000);
/// Echoed input is cut to this many characters.
pub const MAX_ECHO: usize = 200;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `xboard`: CECP from now on (nothing to answer).
    Xboard,
    /// `protover N`: answered with the features.
    Protover(u32),
    /// `accepted FEATURE` or `rejected FEATURE`: nothing to do.
    Answer,
    /// `new`: chess from its start, the engine plays Black, no depth or time per move.
    New,
    /// `variant ID`: the game to play from now on (`normal`, or no id: chess).
    Variant(String),
    /// `force`: play no side, only take moves.
    Force,
    /// `go`: play the side to move, and move now.
    Go,
    /// `playother`: play the side not to move.
    PlayOther,
    /// `usermove MOVE` (or a bare move): the opponent's move.
    UserMove(String),
    /// `level MPS BASE INC`: moves per session (0: all), base time, increment.
    Level {
        /// Moves per time control, 0 for the whole game.
        moves: u32,
        /// Time for those moves.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// `st N`: at most this long per move.
    St(Duration),
    /// `sd N`: at most this deep.
    Sd(u32),
    /// `time N`: the engine's clock (sent in centiseconds).
    Time(Duration),
    /// `otim N`: the opponent's clock.
    Otim(Duration),
    /// `?`: move now.
    MoveNow,
    /// `ping N`: answered `pong N` once every command before it is done.
    Ping(String),
    /// `setboard FEN`: this position, with no moves before it.
    SetBoard(String),
    /// `undo`: take back one move.
    Undo,
    /// `remove`: take back two moves.
    Remove,
    /// `result RESULT {COMMENT}`: the game is over.
    Result,
    /// `post` (true) or `nopost` (false): thinking lines or none.
    Post(bool),
    /// `hard` or `easy`: pondering on or off (Joust does not ponder).
    Ponder,
    /// `analyze`: analyse the position until `exit`, following moves and take-backs.
    Analyze,
    /// `exit`: leave analysis.
    Exit,
    /// `.`: analysis status (not sent: feature `analyze` lines carry it all).
    Status,
    /// `memory N`: the hash table in megabytes.
    Memory(usize),
    /// `cores N`: search threads.
    Cores(usize),
    /// A command Joust takes and ignores (`computer`, `name`, `rating`, `random`, ...).
    Ignored,
    /// `quit`.
    Quit,
}

/// Why a line is no command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No command has this name.
    Unknown(String),
    /// The command's arguments cannot be read (the line).
    BadArgument(String),
}

impl fmt::Display for CommandError {
    /// CECP's form: `Error (REASON): COMMAND`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(line) => write!(f, "Error (unknown command): {}", cut(line)),
            CommandError::BadArgument(line) => write!(f, "Error (bad argument): {}", cut(line)),
        }
    }
}

impl std::error::Error for CommandError {}

/// `text` cut to [`MAX_ECHO`] characters.
pub fn cut(text: &str) -> String {
    if text.chars().count() <= MAX_ECHO {
        return text.to_string();
    }
    let mut short: String = text.chars().take(MAX_ECHO - 1).collect();
    short.push('…');
    short
}

/// Reads one line; `Ok(None)` for an empty line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    let Some(word) = line.split_whitespace().next() else {
        return Ok(None);
    };
    let rest = line[word.len()..].trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    let bad = || CommandError::BadArgument(line.to_string());
    let one = || args.first().copied().ok_or_else(bad);
    let command = match word {
        "xboard" => Command::Xboard,
        "protover" => Command::Protover(one()?.parse().map_err(|_| bad())?),
        "accepted" | "rejected" => Command::Answer,
        "new" => Command::New,
        // XBoard 4.9 sends a bare `variant` to the second engine of a chess game.
        "variant" => Command::Variant(args.first().unwrap_or(&"normal").to_string()),
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "usermove" => Command::UserMove(one()?.to_string()),
        "level" => level(&args).ok_or_else(bad)?,
        "st" => Command::St(seconds(one()?).ok_or_else(bad)?),
        "sd" => Command::Sd(count(one()?).ok_or_else(bad)?.clamp(1, MAX_DEPTH)),
        "time" => Command::Time(centiseconds(one()?).ok_or_else(bad)?),
        "otim" => Command::Otim(centiseconds(one()?).ok_or_else(bad)?),
        "?" => Command::MoveNow,
        "ping" => Command::Ping(cut(rest)),
        "setboard" if !rest.is_empty() => Command::SetBoard(rest.to_string()),
        "setboard" => return Err(bad()),
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "result" => Command::Result,
        "post" => Command::Post(true),
        "nopost" => Command::Post(false),
        "hard" | "easy" => Command::Ponder,
        "analyze" => Command::Analyze,
        "exit" => Command::Exit,
        "." => Command::Status,
        "memory" => Command::Memory(count(one()?).ok_or_else(bad)? as usize),
        "cores" => Command::Cores(count(one()?).ok_or_else(bad)? as usize),
        "quit" => Command::Quit,
        "computer" | "name" | "rating" | "random" | "ics" | "draw" | "hint" | "bk" | "pause"
        | "resume" | "option" | "nps" | "white" | "black" | "hover" | "lift" | "put"
        | "easy_mode" => Command::Ignored,
        _ if args.is_empty() && looks_like_a_move(word) => Command::UserMove(word.to_string()),
        _ => return Err(CommandError::Unknown(line.to_string())),
    };
    Ok(Some(command))
}

/// True for a word that could be a move in coordinates (a letter, then a digit).
fn looks_like_a_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

/// A whole number of at most 32 bits (a larger one is the largest); a negative one is 0.
fn count(text: &str) -> Option<u32> {
    let n: i128 = text.parse().ok()?;
    Some(n.clamp(0, u32::MAX as i128) as u32)
}

/// Seconds, whole or with a fraction, clamped to `0..=MAX_TIME`.
fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    if s.is_nan() {
        return None;
    }
    Some(Duration::from_secs_f64(
        s.clamp(0.0, MAX_TIME.as_secs_f64()),
    ))
}

/// Centiseconds (a whole number), clamped to `0..=MAX_TIME`.
fn centiseconds(text: &str) -> Option<Duration> {
    let cs: i128 = text.parse().ok()?;
    let ms = (cs.max(0) * 10).min(MAX_TIME.as_millis() as i128);
    Some(Duration::from_millis(ms as u64))
}

/// `MPS BASE INC`: BASE in minutes (`5`, `0.5`) or minutes and seconds (`0:30`).
fn level(args: &[&str]) -> Option<Command> {
    let [moves, base, inc] = args else {
        return None;
    };
    let base = match base.split_once(':') {
        Some((m, s)) => seconds(m)?.mul_f64(60.0).saturating_add(seconds(s)?),
        None => seconds(base)?.mul_f64(60.0),
    };
    Some(Command::Level {
        moves: count(moves)?,
        base: base.min(MAX_TIME),
        inc: seconds(inc)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_with_their_arguments() {
        let p = |s: &str| parse(s).unwrap().unwrap();
        assert_eq!(p("protover 2"), Command::Protover(2));
        assert_eq!(
            p("level 40 0:30 2"),
            Command::Level {
                moves: 40,
                base: Duration::from_secs(30),
                inc: Duration::from_secs(2)
            }
        );
        assert_eq!(
            p("level 0 5 0.5"),
            Command::Level {
                moves: 0,
                base: Duration::from_secs(300),
                inc: Duration::from_millis(500)
            }
        );
        assert_eq!(p("time 1234"), Command::Time(Duration::from_millis(12340)));
        assert_eq!(p("time -5"), Command::Time(Duration::ZERO));
        assert_eq!(p("sd 0"), Command::Sd(1));
        assert_eq!(p("st 99999999999999999999"), Command::St(MAX_TIME));
        assert_eq!(
            p("usermove e4e5,e5e6"),
            Command::UserMove("e4e5,e5e6".into())
        );
        assert_eq!(p("e2e4"), Command::UserMove("e2e4".into()));
        assert_eq!(
            p("setboard 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Command::SetBoard("8/8/8/8/8/8/8/K6k w - - 0 1".into())
        );
        assert_eq!(parse("   ").unwrap(), None);
        assert_eq!(p("variant"), Command::Variant("normal".into()));
    }

    #[test]
    fn bad_lines_are_errors_in_cecp_form() {
        let e = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(e("frobnicate"), "Error (unknown command): frobnicate");
        assert_eq!(e("level 40 x 0"), "Error (bad argument): level 40 x 0");
        assert_eq!(e("st NaN"), "Error (bad argument): st NaN");
        assert_eq!(e("usermove"), "Error (bad argument): usermove");
        assert!(e(&"z".repeat(1000)).chars().count() < MAX_ECHO + 40);
    }
}
