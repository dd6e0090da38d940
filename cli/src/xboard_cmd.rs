//! `joust xboard`: the Chess Engine Communication Protocol (XBoard/WinBoard, CECP v2) on
//! standard input and output; and the choice of protocol by the first line, for `joust`
//! with no command and `joust uci`.

use crate::UserError;
use joust_uci::reader::{read_line, Line};
use joust_uci::Output;
use std::io::{BufRead, Cursor, Read};

/// Speaks CECP on standard input and output until `quit` or the end of input.
pub fn run() -> Result<u8, UserError> {
    Ok(joust_xboard::run(std::io::stdin().lock(), Output::stdout()).exit_code())
}

/// Speaks CECP if the first line is `xboard` (as XBoard sends it), else UCI from the
/// first line on.
pub fn uci_or_xboard() -> u8 {
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    let first = match read_line(&mut stdin, &mut buf) {
        Line::Text(text) if text.trim() == "xboard" => {
            return joust_xboard::run(stdin, Output::stdout()).exit_code();
        }
        Line::Text(text) => format!("{text}\n"),
        // A first line too long to read: UCI says so, as for any later one.
        Line::TooLong(n) => format!("{}\n", "?".repeat(n.min(joust_uci::MAX_LINE + 1))),
        Line::End => String::new(),
    };
    uci(Cursor::new(first).chain(stdin))
}

fn uci(input: impl BufRead) -> u8 {
    joust_uci::run(input, Output::stdout()).exit_code()
}
