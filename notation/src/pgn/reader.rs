//! Reading a PGN stream one game at a time: memory stays that of one game, whatever the
//! size of the file.

use super::replay::build_game;
use super::split::{Piece, Splitter, MAX_GAME_BYTES};
use super::{syntax, Loc, PgnError, PgnErrorKind, PgnGame};
use std::collections::VecDeque;
use std::io::BufRead;

/// The games of a PGN stream, read as they are needed: each item is game `n` of the
/// stream (counted from 1), loaded or an error saying where and why. A game with an
/// error never stops the following ones from loading; an error reading the input is the
/// last item.
///
/// ```
/// use joust_notation::PgnReader;
/// let file = "[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 (1. c4 *\n\n[Event \"c\"]\n1. f4 *";
/// let games: Vec<_> = PgnReader::new(file.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// assert!(games[0].is_ok() && games[1].is_err() && games[2].is_ok());
/// ```
#[derive(Debug)]
pub struct PgnReader<R> {
    input: R,
    split: Splitter,
    /// Games handed out or queued so far.
    number: usize,
    /// Games read from the current piece of text and not handed out yet.
    queue: VecDeque<Result<PgnGame, PgnError>>,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the games of `input` (a file in a `BufReader`, standard input's lock,
    /// or bytes). The bytes of each game are UTF-8 or else Latin-1 (Windows-1252); a
    /// byte order mark at the start is skipped.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            input,
            split: Splitter::new(),
            number: 0,
            queue: VecDeque::new(),
            done: false,
        }
    }

    fn error(&mut self, loc: Loc, kind: PgnErrorKind) -> PgnError {
        self.number += 1;
        PgnError {
            game: self.number,
            loc,
            kind,
        }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(game) = self.queue.pop_front() {
                return Some(game);
            }
            if self.done {
                return None;
            }
            match self.split.next_piece(&mut self.input) {
                Ok(None) => self.done = true,
                Ok(Some(Piece::Text { text, start })) => {
                    for raw in syntax::read_games(&text, start) {
                        self.number += 1;
                        self.queue.push_back(build_game(self.number, raw));
                    }
                }
                Ok(Some(Piece::TooLong { start })) => {
                    let kind = PgnErrorKind::GameTooLong {
                        limit: MAX_GAME_BYTES,
                    };
                    return Some(Err(self.error(start, kind)));
                }
                Err(e) => {
                    self.done = true;
                    let loc = Loc {
                        line: self.split.line(),
                        column: 1,
                    };
                    return Some(Err(self.error(loc, PgnErrorKind::Read(e.to_string()))));
                }
            }
        }
    }
}
