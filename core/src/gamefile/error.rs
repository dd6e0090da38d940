//! What can be wrong with a game file, and where.

use super::ini::Span;
use std::fmt;

/// A mistake in a game file, with the place it was found.
///
/// Its `Display` is one line, `LINE:COLUMN: message`, or `FILE:LINE:COLUMN: message` once
/// [`GameFileError::in_file`] has named the file, the form compilers use so that editors
/// can jump to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFileError {
    file: Option<String>,
    span: Option<Span>,
    kind: GameFileErrorKind,
}

/// The kinds of mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileErrorKind {
    /// The text is not a game file (bad header, a line without `=`, a repeated key).
    Syntax(String),
    /// A key no game file knows (a misspelling, most likely).
    UnknownKey {
        /// The key as written.
        key: String,
        /// A known key it resembles.
        suggestion: Option<&'static str>,
    },
    /// A known key with a value it cannot take.
    BadValue {
        /// The key.
        key: String,
        /// What is wrong with the value.
        reason: String,
    },
    /// A rule Fairy-Stockfish knows that Joust does not play yet (drops, for example).
    Unsupported {
        /// The key.
        key: String,
        /// What Joust cannot do.
        reason: String,
    },
    /// `[game:parent]` names a game that is neither built in nor defined earlier.
    UnknownParent(String),
    /// The game as a whole does not hold together (no royal piece, a start position that
    /// does not fit the board).
    Invalid(String),
    /// The file cannot be read.
    Io(String),
}

impl GameFileError {
    /// An error at a place in the file.
    pub fn at(span: Span, kind: GameFileErrorKind) -> GameFileError {
        GameFileError {
            file: None,
            span: Some(span),
            kind,
        }
    }

    /// An error about the file as a whole (it cannot be read, say).
    pub fn whole(kind: GameFileErrorKind) -> GameFileError {
        GameFileError {
            file: None,
            span: None,
            kind,
        }
    }

    /// The same error, naming the file it is in.
    pub fn in_file(mut self, file: impl Into<String>) -> GameFileError {
        self.file = Some(file.into());
        self
    }

    /// Where it is, if it is at one place.
    pub fn span(&self) -> Option<Span> {
        self.span
    }

    /// What is wrong.
    pub fn kind(&self) -> &GameFileErrorKind {
        &self.kind
    }
}

impl fmt::Display for GameFileErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileErrorKind::Syntax(m) | GameFileErrorKind::Invalid(m) => f.write_str(m),
            GameFileErrorKind::UnknownKey { key, suggestion } => {
                write!(f, "unknown key `{key}`")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                Ok(())
            }
            GameFileErrorKind::BadValue { key, reason } => write!(f, "`{key}`: {reason}"),
            GameFileErrorKind::Unsupported { key, reason } => {
                write!(f, "`{key}` is not supported: {reason}")
            }
            GameFileErrorKind::UnknownParent(p) => write!(
                f,
                "cannot inherit from `{p}`: no built-in game or earlier section has that id"
            ),
            GameFileErrorKind::Io(m) => f.write_str(m),
        }
    }
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        if let Some(span) = self.span {
            write!(f, "{}:{}: ", span.line, span.column)?;
        } else if self.file.is_some() {
            f.write_str(" ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for GameFileError {}
