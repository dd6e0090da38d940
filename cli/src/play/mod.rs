//! `joust play`: a game against the engine in the terminal. The board is drawn after
//! every engine move; moves are typed in SAN or coordinates; commands take moves back,
//! ask for hints, save the game; a clock runs for both sides unless a fixed depth is set.
//! With standard input or output not a terminal it is plain text line by line (no
//! colours, each typed line echoed after its prompt), which is how tests drive it. On a
//! terminal the prompt edits lines and keeps a history, the clock ticks in it and falls
//! the moment it runs out, a status line shows the engine thinking, and Ctrl-C or Ctrl-D
//! offers to save the game before leaving (see `terminal` and `save`).

mod date;
mod help;
mod reading;
mod save;
mod setup;
mod terminal;
mod text;

pub use setup::PlayArgs;

use crate::clock::{clock_text, Clock};
use crate::engine_text::{number_prefix, score_text, white_view};
use crate::progress::Progress;
use crate::UserError;
use joust_core::{Color, Position};
use joust_movegen::with_board_bits;
use joust_movegen::{position_from_fen, Game, Move, MoveFlag, Outcome, TableCache};
use joust_notation::move_to_san;
use joust_render::{board_text, legend, TextStyle};
use joust_search::{search, Evaluator, Info, Limits, Shared, Strength};
use setup::{Pace, Setup};
use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};
use terminal::{Prompt, Read, Terminal};

/// The longest a hint searches in a timed game.
const HINT_TIME: Duration = Duration::from_secs(2);

/// Why the game ended.
#[derive(Copy, Clone, Debug)]
enum End {
    /// By the rules: mate, stalemate, a draw.
    Rules(Outcome),
    /// This side resigned.
    Resigned(Color),
    /// This side's time ran out.
    Time(Color),
}

impl End {
    fn winner(self) -> Option<Color> {
        match self {
            End::Rules(o) => o.winner(),
            End::Resigned(c) | End::Time(c) => Some(!c),
        }
    }

    fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn text(self) -> String {
        match self {
            End::Rules(o) => o.to_string(),
            End::Resigned(c) => format!("{c} resigns, {} wins", !c),
            End::Time(c) => format!("{c} loses on time, {} wins", !c),
        }
    }
}

/// Runs the command; returns the exit status.
pub fn run(args: &PlayArgs) -> Result<u8, UserError> {
    let setup = setup::read(args)?;
    with_board_bits!(setup.variant, B => Session::<B>::new(setup)?.run())
}

/// A game in progress with everything around it.
struct Session<B: TableCache> {
    setup: Setup,
    game: Game<B>,
    /// Keys of the positions before the current one (for the engine's repetition checks).
    keys: Vec<u64>,
    /// The clock before each move played (to give time back on `undo`).
    clocks: Vec<Pace>,
    end: Option<End>,
    flip: bool,
    colour: bool,
    echo: bool,
    shared: Shared,
    evaluator: Evaluator,
    /// When the person's turn (and clock) started.
    turn_start: Instant,
    board_due: bool,
    /// Line editing, the ticking prompt and the status line, on a terminal.
    term: Option<Terminal>,
}

/// What to do after a line of input.
enum Next {
    Continue,
    Quit,
}

impl<B: TableCache> Session<B> {
    fn new(setup: Setup) -> Result<Session<B>, UserError> {
        let fen = setup.fen.as_deref().unwrap_or(setup.variant.start_fen);
        let pos: Position<B> = position_from_fen(setup.variant, fen)
            .map_err(|e| UserError(format!("bad FEN: {e}")))?;
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        Ok(Session {
            flip: setup.human == Color::Black,
            shared: Shared::new(setup.hash),
            evaluator: Evaluator::new(setup.variant),
            setup,
            game: Game::new(pos),
            keys: Vec::new(),
            clocks: Vec::new(),
            end: None,
            colour,
            echo: !std::io::stdin().is_terminal(),
            turn_start: Instant::now(),
            board_due: true,
            term: Terminal::open(),
        })
    }

    fn say(&self, text: &str) {
        if let Some(term) = &self.term {
            return term.say(&text::fit(text, text::WIDTH));
        }
        let out = std::io::stdout();
        let mut out = out.lock();
        let _ = writeln!(out, "{}", text::fit(text, text::WIDTH));
        let _ = out.flush();
    }

    fn engine(&self) -> Color {
        !self.setup.human
    }

    fn run(mut self) -> Result<u8, UserError> {
        self.introduce();
        // The clock starts once everything is set up and the first board is due.
        let _ = self.game.outcome();
        self.turn_start = Instant::now();
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            if self.board_due {
                self.show_board();
                self.board_due = false;
            }
            if self.end.is_none() {
                if let Some(outcome) = self.game.outcome() {
                    self.finish(End::Rules(outcome));
                }
            }
            if self.end.is_none() && self.game.position().side_to_move() == self.engine() {
                self.engine_move();
                continue;
            }
            let line = match &self.term {
                Some(term) => match term.read(self.live_prompt()) {
                    Read::Line(line) => line,
                    Read::TimeUp => {
                        self.human_flagged();
                        continue;
                    }
                    Read::Interrupted | Read::Eof => {
                        self.leave();
                        return Ok(0);
                    }
                },
                None => {
                    self.prompt();
                    let mut bytes = Vec::new();
                    match input.read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => {
                            if self.end.is_none() {
                                self.say("");
                                self.say("Input ended; the game is left unfinished.");
                            }
                            return Ok(0);
                        }
                        Ok(_) => {}
                    }
                    // Bytes that are not UTF-8 become U+FFFD; the move reader then
                    // refuses them.
                    String::from_utf8_lossy(&bytes).into_owned()
                }
            };
            let line = line.trim();
            if self.echo && self.term.is_none() {
                self.say(line);
            }
            if let Next::Quit = self.handle(line) {
                return Ok(0);
            }
        }
    }

    fn introduce(&mut self) {
        let v = self.setup.variant;
        let you = side_name(self.setup.human);
        let lot = if self.setup.by_lot { " (by lot)" } else { "" };
        let pace = match &self.setup.pace {
            Pace::Depth(d) => format!(
                "No clock: the engine searches {d} pl{} per move.",
                if *d == 1 { "y" } else { "ies" }
            ),
            Pace::Clock(c) => format!(
                "Clock: {} + {} s per move for each side.",
                clock_text(c.left(Color::White)),
                seconds(c.increment())
            ),
        };
        // One sentence a line, so that no sentence is broken at 80 columns.
        self.say(&format!("Joust: {}. You play {you}{lot}.", v.name));
        self.say(&pace);
        if let Some(s) = &self.setup.strength {
            let level = match self.setup.level {
                Some(l) => format!("level {l} of {}, ", Strength::LEVELS),
                None => String::new(),
            };
            self.say(&format!(
                "The engine plays weaker on purpose: {level}about {} Elo (a rough scale).",
                s.elo()
            ));
        }
        self.say("Type a move (SAN like Nf3 or coordinates like g1f3), or 'help'.");
        self.say("Pieces:");
        self.say(legend(v).trim_end());
        self.say("");
    }

    fn style(&self) -> TextStyle {
        let last = self.game.moves().last().and_then(|mv| match mv.flag {
            MoveFlag::Select | MoveFlag::Place => None,
            _ => Some((mv.from, mv.to)),
        });
        TextStyle {
            flip: self.flip,
            colour: self.colour,
            last_move: last,
        }
    }

    fn show_board(&self) {
        let board = board_text(self.game.position(), &self.style());
        self.say(board.trim_end());
        if let Pace::Clock(c) = &self.setup.pace {
            self.say(&format!(
                "Clock: White {}, Black {}",
                clock_text(self.left(c, Color::White)),
                clock_text(self.left(c, Color::Black))
            ));
        }
        let yours = self.game.position().side_to_move() == self.setup.human;
        if self.end.is_none() && yours {
            if let Some(setup) = help::setup_prompt(self.game.position()) {
                self.say(&setup);
            }
        }
    }

    /// Time `side` has left now, counting the person's running turn.
    fn left(&self, c: &Clock, side: Color) -> Duration {
        let running = self.end.is_none()
            && side == self.setup.human
            && self.game.position().side_to_move() == side;
        if running {
            c.left(side).saturating_sub(self.turn_start.elapsed())
        } else {
            c.left(side)
        }
    }

    fn prompt(&self) {
        let text = if self.end.is_some() {
            "game over> ".to_string()
        } else {
            let pos = self.game.position();
            let time = match &self.setup.pace {
                Pace::Clock(c) => format!(" ({} left)", clock_text(self.left(c, self.setup.human))),
                Pace::Depth(_) => String::new(),
            };
            format!(
                "{} your move{time}> ",
                number_prefix(pos.fullmove_number(), pos.side_to_move())
            )
        };
        let out = std::io::stdout();
        let mut out = out.lock();
        let _ = write!(out, "{text}");
        let _ = out.flush();
    }

    /// The prompt as the terminal shows it: the person's clock ticks in it.
    fn live_prompt(&self) -> Prompt {
        if self.end.is_some() {
            return Prompt::plain("game over> ");
        }
        let pos = self.game.position();
        let head = format!(
            "{} your move",
            number_prefix(pos.fullmove_number(), pos.side_to_move())
        );
        match &self.setup.pace {
            Pace::Clock(c) => Prompt {
                head: format!("{head} ("),
                deadline: Some(self.turn_start + c.left(self.setup.human)),
                tail: " left)> ".to_string(),
            },
            Pace::Depth(_) => Prompt::plain(&format!("{head}> ")),
        }
    }

    fn handle(&mut self, line: &str) -> Next {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => self.say(help::help_text(self.setup.variant).trim_end()),
            "quit" | "exit" => return Next::Quit,
            "board" => self.show_board(),
            "flip" => {
                self.flip = !self.flip;
                self.show_board();
            }
            "fen" => self.say(&self.game.position().to_fen()),
            "pieces" => {
                self.say(crate::variants_cmd::pieces_in_words(self.setup.variant).trim_end())
            }
            "moves" => self.say(&text::moves_list(self.game.position())),
            "pgn" => {
                self.save_pgn(rest);
            }
            "undo" => self.undo(),
            "hint" if self.end.is_none() => self.hint(),
            "resign" if self.end.is_none() => self.finish(End::Resigned(self.setup.human)),
            _ if self.end.is_some() => self.say(&format!(
                "The game is over ({}). Type undo to take moves back, pgn FILE to save, or quit.",
                self.end.map(End::text).unwrap_or_default()
            )),
            _ => self.human_move(line),
        }
        Next::Continue
    }

    /// Ends the game if the person's time ran out; true if it did.
    fn human_flagged(&mut self) -> bool {
        if let Pace::Clock(c) = &self.setup.pace {
            if self.turn_start.elapsed() >= c.left(self.setup.human) {
                let mut c = c.clone();
                c.set(self.setup.human, Duration::ZERO);
                self.setup.pace = Pace::Clock(c);
                self.finish(End::Time(self.setup.human));
                return true;
            }
        }
        false
    }

    fn human_move(&mut self, text: &str) {
        if self.human_flagged() {
            return;
        }
        let pos = self.game.position().clone();
        match reading::read_move(&pos, text) {
            Ok(mv) => {
                let used = self.turn_start.elapsed();
                self.say(&format!("You play {}", numbered(&pos, mv)));
                self.play(mv, used);
                // A move that ends the game gets its final board.
                self.board_due = self.game.outcome().is_some();
            }
            Err(refusal) => {
                if let Some(command) = help::close_command(text) {
                    self.say(&format!(
                        "'{}' is not a move or a command; did you mean '{command}'?",
                        text.trim()
                    ));
                    return;
                }
                self.say(&format!("Refused: {}.", refusal.reason));
                if refusal.close.is_empty() {
                    self.say("No legal move is close to it; type 'moves' for the list.");
                } else {
                    self.say(&format!("Close legal moves: {}", refusal.close.join(" ")));
                }
            }
        }
    }

    /// Plays a legal move that took `used` of its side's time.
    fn play(&mut self, mv: Move, used: Duration) {
        let side = self.game.position().side_to_move();
        let key = self.game.position().key();
        let rejects = mv.flag == MoveFlag::Select
            && self.game.position().gating().types[0].is_some()
            && self.game.position().gating().types[0] == mv.promotion_kind();
        self.clocks.push(self.setup.pace.clone());
        if !self.game.play(mv) {
            self.clocks.pop();
            return;
        }
        self.keys.push(key);
        if rejects {
            self.say("Black rejects White's choice: the types are Cannon, then Leopard.");
        }
        if let Pace::Clock(c) = &mut self.setup.pace {
            if !c.charge(side, used) {
                self.finish(End::Time(side));
            }
        }
        self.turn_start = Instant::now();
    }

    fn limits(&self, hint: bool) -> Limits {
        let mut limits = Limits::default();
        let side = self.game.position().side_to_move();
        match &self.setup.pace {
            Pace::Depth(d) => limits.depth = Some(*d),
            Pace::Clock(c) => {
                let left = self.left(c, side);
                limits = limits.with_clock(left, c.increment(), None);
                if hint {
                    limits.time = limits.time.map(|t| t.min(HINT_TIME));
                    limits.soft_time = limits.soft_time.map(|t| t.min(HINT_TIME));
                }
            }
        }
        // Hints are at full strength.
        if !hint {
            limits.strength = self.setup.strength;
        }
        limits
    }

    fn think(&self, hint: bool) -> (Option<Move>, i32, u32) {
        let label = if hint {
            "Looking for a hint"
        } else {
            "Joust is thinking"
        };
        let _status = self.term.as_ref().map(|t| t.thinking(self.status(label)));
        // Without the prompt's own status line, a spinner on standard error (if a terminal).
        let _progress = self.term.is_none().then(|| {
            let progress = Progress::start();
            progress.set(label);
            progress
        });
        self.shared.arm();
        let result = search(
            self.game.position(),
            &self.keys,
            &self.limits(hint),
            &self.shared,
            self.setup.threads,
            &self.evaluator,
            |_: &Info| {},
        );
        (result.best, result.score, result.depth)
    }

    /// The status line while a search runs: what it is, for how long, and the clocks
    /// (the side to move's running).
    fn status(&self, label: &'static str) -> impl Fn() -> String + Send + 'static {
        let start = Instant::now();
        let side = self.game.position().side_to_move();
        let human = self.setup.human;
        let clocks = match &self.setup.pace {
            Pace::Clock(c) => Some((c.left(Color::White), c.left(Color::Black))),
            Pace::Depth(_) => None,
        };
        // The person's clock runs during a hint too.
        let base = if side == human {
            self.turn_start
        } else {
            start
        };
        move || {
            let took = start.elapsed().as_secs_f64();
            let Some((white, black)) = clocks else {
                return format!("{label}… {took:.1} s");
            };
            let run = |c: Color, left: Duration| {
                if c == side {
                    left.saturating_sub(base.elapsed())
                } else {
                    left
                }
            };
            format!(
                "{label}… {took:.1} s   White {}  Black {}",
                clock_text(run(Color::White, white)),
                clock_text(run(Color::Black, black))
            )
        }
    }

    fn engine_move(&mut self) {
        let start = Instant::now();
        let (best, score, depth) = self.think(false);
        let Some(mv) = best else {
            return;
        };
        let pos = self.game.position().clone();
        let score = score_text(white_view(score, pos.side_to_move()));
        self.say(&format!(
            "Joust plays {} ({score} at depth {depth})",
            numbered(&pos, mv)
        ));
        self.play(mv, start.elapsed());
        self.board_due = true;
    }

    fn hint(&mut self) {
        if self.human_flagged() {
            return;
        }
        let (best, score, depth) = self.think(true);
        let pos = self.game.position();
        if let Some(mv) = best {
            let score = score_text(white_view(score, pos.side_to_move()));
            self.say(&format!(
                "Hint: {} ({score} at depth {depth})",
                move_to_san(pos, mv)
            ));
        }
    }

    /// Takes back moves up to and including the person's last one, so it is their turn
    /// again; the clock goes back to what it showed then.
    fn undo(&mut self) {
        let human = self.setup.human;
        let mut game = self.game.clone();
        let mut took = Vec::new();
        let mut reached = false;
        while let Some(mv) = game.undo() {
            took.push(numbered(game.position(), mv));
            if game.position().side_to_move() == human {
                reached = true;
                break;
            }
        }
        if !reached {
            self.say("Nothing of yours to take back.");
            return;
        }
        let n = took.len();
        self.game = game;
        self.keys.truncate(self.keys.len() - n);
        let at = self.clocks.len() - n;
        self.setup.pace = self.clocks[at].clone();
        self.clocks.truncate(at);
        took.reverse();
        self.say(&format!("Took back {}.", took.join(" ")));
        self.end = None;
        self.turn_start = Instant::now();
        self.board_due = true;
    }

    fn finish(&mut self, end: End) {
        self.end = Some(end);
        let you = match end.winner() {
            Some(w) if w == self.setup.human => " You win.",
            Some(_) => " Joust wins.",
            None => "",
        };
        self.say(&format!(
            "Game over: {} ({}).{you}",
            end.text(),
            end.result()
        ));
    }
}

/// A move with its number: `12. Nf3` or `12... Nc6`.
fn numbered<B: TableCache>(pos: &Position<B>, mv: Move) -> String {
    format!(
        "{} {}",
        number_prefix(pos.fullmove_number(), pos.side_to_move()),
        move_to_san(pos, mv)
    )
}

/// Whole seconds as `3`, else tenths as `0.5`: the increment as the game's introduction
/// shows it.
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        d.as_secs().to_string()
    } else {
        format!("{:.1}", d.as_secs_f64())
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}
