//! Saving a game of `joust play` as PGN: the `pgn FILE` command, and the offer made when
//! a player leaves with Ctrl-C or Ctrl-D. The tags carry today's date (UTC) and the
//! game's settings: the time control (`-` for a game by depth), the engine's side, level,
//! Elo and depth.

use super::date::Stamp;
use super::terminal::{Prompt, Read};
use super::{End, Pace, Session};
use joust_core::Color;
use joust_movegen::{Move, TableCache};
use joust_notation::{write_pgn, MoveNotation, PgnGame};
use joust_search::Strength;

impl<B: TableCache> Session<B> {
    /// The game so far as PGN text.
    pub(super) fn pgn_text(&self) -> String {
        let v = self.setup.variant;
        let moves: Vec<Move> = self.game.moves().collect();
        let mut pgn = PgnGame::new(v, self.setup.fen.clone(), &moves);
        pgn.set_tag("Event", "Joust game");
        pgn.set_tag("Site", "joust play");
        pgn.set_tag("Date", &Stamp::now().pgn_date());
        let mut engine = match &self.setup.pace {
            Pace::Depth(d) => format!("Joust (depth {d})"),
            Pace::Clock(_) => "Joust".to_string(),
        };
        if let Some(s) = &self.setup.strength {
            engine = match self.setup.level {
                Some(l) => format!("{engine}, level {l} (about {} Elo)", s.elo()),
                None => format!("{engine}, about {} Elo", s.elo()),
            };
        }
        let (white, black) = match self.setup.human {
            Color::White => ("You".to_string(), engine),
            Color::Black => (engine, "You".to_string()),
        };
        pgn.set_tag("White", &white);
        pgn.set_tag("Black", &black);
        match &self.setup.pace {
            Pace::Clock(c) => pgn.set_tag("TimeControl", &c.control().to_string()),
            Pace::Depth(d) => {
                pgn.set_tag("TimeControl", "-");
                pgn.set_tag("EngineDepth", &d.to_string());
            }
        }
        let side = match self.engine() {
            Color::White => "White",
            Color::Black => "Black",
        };
        pgn.set_tag("EngineSide", side);
        let level = self
            .setup
            .level
            .unwrap_or(if self.setup.strength.is_some() {
                0
            } else {
                Strength::LEVELS
            });
        if level > 0 {
            pgn.set_tag("EngineLevel", &level.to_string());
        }
        if let Some(s) = &self.setup.strength {
            pgn.set_tag("EngineElo", &s.elo().to_string());
        }
        if let Some(end) = self.end {
            pgn.result = end.result().to_string();
            let termination = match end {
                End::Time(_) => "time forfeit",
                _ => "normal",
            };
            pgn.set_tag("Termination", termination);
            match pgn.line.moves.last_mut() {
                Some(last) => last.comments.push(end.text()),
                None => pgn.line.comments.push(end.text()),
            }
        }
        write_pgn(&pgn, MoveNotation::San)
    }

    /// `pgn FILE`: saves the game; true if it was written.
    pub(super) fn save_pgn(&self, file: &str) -> bool {
        if file.is_empty() {
            self.say("Usage: pgn FILE");
            return false;
        }
        match std::fs::write(file, self.pgn_text()) {
            Ok(()) => {
                self.say(&format!("Saved the game to {file}."));
                true
            }
            Err(e) => {
                self.say(&format!("Cannot write '{file}': {e}"));
                false
            }
        }
    }

    /// Ctrl-C or Ctrl-D at the prompt: offers to save the game (a file name, Enter for
    /// the default one, `n` for no) before leaving; asks again if the file cannot be
    /// written. A second Ctrl-C or Ctrl-D leaves without saving, and says so.
    pub(super) fn leave(&self) {
        let Some(term) = &self.term else {
            return;
        };
        self.say("");
        if self.game.moves().next().is_none() {
            self.say("Leaving; no move was played, so there is nothing to save.");
            return;
        }
        let default = format!(
            "joust-{}-{}.pgn",
            self.setup.variant.id,
            Stamp::now().compact()
        );
        self.say("Leaving. Save the game as PGN? Type a file name, press Enter for");
        self.say(&format!("{default}, or type n to leave without saving."));
        loop {
            let answer = term.read(Prompt::plain("Save as> "));
            let file = match answer {
                Read::Line(line) => line.trim().to_string(),
                Read::Interrupted | Read::Eof | Read::TimeUp => String::from("n"),
            };
            match file.as_str() {
                "n" | "no" | "N" | "No" => {
                    self.say("The game was not saved.");
                    return;
                }
                "" => {
                    if self.save_pgn(&default) {
                        return;
                    }
                }
                name => {
                    if self.save_pgn(name) {
                        return;
                    }
                }
            }
        }
    }
}
