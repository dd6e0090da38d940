//! `joust play`: a game against the engine in the terminal. The board is drawn after
//! every engine move; moves are typed in SAN or coordinates; commands take moves back,
//! ask for hints, save the game; a clock runs for both sides unless a fixed depth is set.
//! With standard input or output not a terminal it is plain text line by line (no
//! colours, each typed line echoed after its prompt), which is how tests drive it.

mod help;
mod reading;
mod text;

use crate::clock::{clock_text, Clock, TimeControl};
use crate::engine_text::{number_prefix, score_text, white_view};
use crate::progress::Progress;
use crate::UserError;
use clap::{Args, ValueEnum};
use joust_core::rng::splitmix64;
use joust_core::{variants, Color, Position, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{position_from_fen, Game, Move, MoveFlag, Outcome, TableCache};
use joust_notation::{move_to_san, write_pgn, MoveNotation, PgnGame};
use joust_render::{board_text, legend, TextStyle};
use joust_search::{search, Evaluator, Info, Limits, Shared};
use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The clock when neither `--time` nor `--depth` is given.
const DEFAULT_TIME: &str = "5m+3s";
/// The longest a hint searches in a timed game.
const HINT_TIME: Duration = Duration::from_secs(2);
/// The deepest fixed depth accepted.
const MAX_DEPTH: u32 = 100;

/// Arguments of `joust play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game id: chess, lancerchess, clash, lancers, single-lancer, cromwell, royal-lion,
    /// musketeer.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = Side::White)]
    color: Side,
    /// Seed for `--color random` (the same seed gives the same side).
    #[arg(long)]
    seed: Option<u64>,
    /// Time control for both sides, e.g. 5m+3s, 10m, 1m30s+2s (default 5m+3s).
    #[arg(long, conflicts_with = "depth")]
    time: Option<String>,
    /// Instead of a clock, the engine searches this many plies per move (untimed game).
    #[arg(long)]
    depth: Option<u32>,
    /// Start from this position instead of the game's start.
    #[arg(long)]
    fen: Option<String>,
    /// Engine search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Engine transposition table size in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// The side a person chooses to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    /// Move first.
    White,
    /// Move second.
    Black,
    /// Either, by lot.
    Random,
}

/// How the engine decides how long to think.
#[derive(Clone, Debug)]
enum Pace {
    /// A fixed depth, no clock.
    Depth(u32),
    /// Both sides on a clock; the engine budgets its time from it.
    Clock(Clock),
}

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
    let variant = variants::by_id(&args.variant).map_err(|e| UserError(e.to_string()))?;
    if args.threads == 0 || args.threads > 256 {
        return Err(UserError("--threads must be from 1 to 256".into()));
    }
    if args.hash == 0 || args.hash > 65536 {
        return Err(UserError(
            "--hash must be from 1 to 65536 (megabytes)".into(),
        ));
    }
    let pace = match (args.depth, &args.time) {
        (Some(d), _) if d == 0 || d > MAX_DEPTH => {
            return Err(UserError(format!(
                "--depth must be from 1 to {MAX_DEPTH}, not {d}"
            )))
        }
        (Some(d), _) => Pace::Depth(d),
        (None, time) => {
            let text = time.as_deref().unwrap_or(DEFAULT_TIME);
            let tc = TimeControl::parse(text).map_err(|e| UserError(format!("--time: {e}")))?;
            Pace::Clock(Clock::new(tc))
        }
    };
    if args.seed.is_some() && args.color != Side::Random {
        return Err(UserError("--seed only applies to --color random".into()));
    }
    let (human, by_lot) = match args.color {
        Side::White => (Color::White, false),
        Side::Black => (Color::Black, false),
        Side::Random => {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            let side = if splitmix64(&mut { seed }) & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (side, true)
        }
    };
    let setup = Setup {
        variant,
        fen: args.fen.clone(),
        human,
        by_lot,
        pace,
        threads: args.threads,
        hash: args.hash,
    };
    with_board_bits!(variant, B => Session::<B>::new(setup)?.run())
}

/// What the command line decided.
struct Setup {
    variant: &'static Variant,
    fen: Option<String>,
    human: Color,
    by_lot: bool,
    pace: Pace,
    threads: usize,
    hash: usize,
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
        })
    }

    fn say(&self, text: &str) {
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
            // Bytes that are not UTF-8 become U+FFFD; the move reader then refuses them.
            let line = String::from_utf8_lossy(&bytes);
            let line = line.trim();
            if self.echo {
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
        let engine = match &self.setup.pace {
            Pace::Depth(d) => format!(
                "the engine searches {d} pl{} per move, no clock",
                if *d == 1 { "y" } else { "ies" }
            ),
            Pace::Clock(c) => format!(
                "clock {} + {} s per move for each side",
                clock_text(c.left(Color::White)),
                seconds(c.increment())
            ),
        };
        self.say(&format!(
            "Joust: {}. You play {you}{lot}; {engine}.",
            v.name
        ));
        self.say("Type a move (SAN like Nf3 or coordinates like g1f3), or 'help'.");
        if v.id != "chess" {
            self.say("Pieces:");
            self.say(legend(v).trim_end());
        }
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
            "moves" => self.say(&text::moves_list(self.game.position())),
            "pgn" => self.save_pgn(rest),
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
        limits
    }

    fn think(&self, hint: bool) -> (Option<Move>, i32, u32) {
        let progress = Progress::start();
        progress.set(if hint {
            "Looking for a hint"
        } else {
            "Joust is thinking"
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

    fn save_pgn(&self, file: &str) {
        if file.is_empty() {
            self.say("Usage: pgn FILE");
            return;
        }
        let v = self.setup.variant;
        let moves: Vec<Move> = self.game.moves().collect();
        let mut pgn = PgnGame::new(v, self.setup.fen.clone(), &moves);
        pgn.set_tag("Event", "Joust game");
        pgn.set_tag("Site", "joust play");
        let engine = match &self.setup.pace {
            Pace::Depth(d) => format!("Joust (depth {d})"),
            Pace::Clock(_) => "Joust".to_string(),
        };
        let (white, black) = match self.setup.human {
            Color::White => ("You".to_string(), engine),
            Color::Black => (engine, "You".to_string()),
        };
        pgn.set_tag("White", &white);
        pgn.set_tag("Black", &black);
        if let Pace::Clock(c) = &self.setup.pace {
            pgn.set_tag("TimeControl", &c.control().to_string());
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
        let text = write_pgn(&pgn, MoveNotation::San);
        match std::fs::write(file, text) {
            Ok(()) => self.say(&format!("Saved the game to {file}.")),
            Err(e) => self.say(&format!("Cannot write '{file}': {e}")),
        }
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
