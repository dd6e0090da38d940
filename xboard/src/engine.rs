//! The engine's state between commands, and what each command does to it.

use crate::command::{cut, Command, CommandError};
use crate::coords::{fen_from_xboard, move_from_xboard, move_to_xboard};
use crate::pieces::PieceMap;
use crate::setup::{features, result_line, setup_lines, variant_id};
use crate::support::limits;
use crate::think::{Search, Thinking};
use joust_core::{variants, Color, Variant};
use joust_search::{Evaluator, Limits, Shared};
use joust_uci::board::Board;
use joust_uci::options::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_THREADS};
use joust_uci::{Output, Settings, Setup};
use std::sync::Arc;
use std::time::Duration;

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`: end the session.
    Quit,
}

/// The time a move costs beyond its search (the GUI's and the system's share), kept in
/// reserve for each move to the time control, at most [`OVERHEAD_MOVES`] and half the
/// clock, and taken from each move's `st` time (at most half of it): a GUI such as XBoard
/// on a busy machine otherwise flags the engine.
const MOVE_OVERHEAD: Duration = Duration::from_millis(100);
/// Moves [`MOVE_OVERHEAD`] is kept for (when the time control does not say fewer).
const OVERHEAD_MOVES: u32 = 20;

/// The time control of `level`.
#[derive(Clone, Copy, Debug)]
struct Level {
    moves: u32,
    base: Duration,
    inc: Duration,
}

/// Everything the engine keeps from one command to the next.
pub struct Engine {
    out: Output,
    settings: Settings,
    variant: &'static Variant,
    /// The game's pieces as XBoard's letters (its facings, in a game of Lancers).
    pieces: PieceMap,
    /// The position the game started from, and its moves since (coordinate text).
    start: String,
    moves: Vec<String>,
    /// The position after `moves`.
    board: Board,
    /// The side the engine plays; `None` in force mode.
    side: Option<Color>,
    analyzing: bool,
    post: bool,
    level: Option<Level>,
    per_move: Option<Duration>,
    depth: Option<u32>,
    /// The engine's clock, as `time` last said.
    clock: Option<Duration>,
    shared: Arc<Shared>,
    hash_mb: usize,
    threads: usize,
    evaluator: Arc<Evaluator>,
    thinking: Option<Thinking>,
    /// The legs so far of a multi-leg move sent leg by leg (`e4e5,` then `e5e6`).
    legs: String,
}

impl Engine {
    /// A new session: chess from its start, the engine playing Black.
    pub fn new(out: Output, settings: Settings) -> Engine {
        let variant = variants::chess();
        Engine {
            out,
            settings,
            variant,
            pieces: PieceMap::default(),
            start: variant.start_fen.to_string(),
            moves: Vec::new(),
            board: Board::start(variant),
            side: Some(Color::Black),
            analyzing: false,
            post: false,
            level: None,
            per_move: None,
            depth: None,
            clock: None,
            shared: Arc::new(Shared::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            evaluator: Arc::new(Evaluator::new(variant)),
            thinking: None,
            legs: String::new(),
        }
    }

    /// Carries out one command.
    pub fn execute(&mut self, command: Command) -> Flow {
        self.reap();
        if !matches!(command, Command::UserMove(_)) {
            // The legs of a multi-leg move come in a row.
            self.legs.clear();
        }
        match command {
            Command::Xboard | Command::Answer | Command::Ignored | Command::Status => {}
            Command::Ponder => {}
            Command::Protover(_) => self.out.line(&features(&variants::with_user_games())),
            Command::New => {
                self.cancel();
                self.analyzing = false;
                self.shared.clear();
                self.set_game(variants::chess());
                self.side = Some(Color::Black);
                self.per_move = None;
                self.depth = None;
            }
            Command::Variant(id) => self.variant(&id),
            Command::Force => {
                self.cancel();
                self.side = None;
            }
            Command::Go => {
                self.cancel();
                self.side = Some(self.to_move());
                self.think();
            }
            Command::PlayOther => {
                self.cancel();
                self.side = Some(!self.to_move());
            }
            Command::UserMove(text) => self.user_move(&text),
            Command::Level { moves, base, inc } => {
                self.level = Some(Level { moves, base, inc });
                self.per_move = None;
            }
            Command::St(t) => self.per_move = Some(t),
            Command::Sd(d) => self.depth = Some(d),
            Command::Time(t) => self.clock = Some(t),
            Command::Otim(_) => {}
            Command::MoveNow => {
                if let Some(thinking) = self.thinking.take() {
                    if thinking.is_analysis() {
                        self.thinking = Some(thinking);
                    } else if let Some(played) = thinking.move_now() {
                        self.record(&played);
                    }
                }
            }
            Command::Ping(n) => {
                // A ping while the engine thinks of its move is answered after the move.
                if self.thinking.as_ref().is_some_and(|t| !t.is_analysis()) {
                    if let Some(played) = self.thinking.take().and_then(Thinking::wait) {
                        self.record(&played);
                    }
                }
                self.out.line(&format!("pong {n}"));
            }
            Command::SetBoard(fen) => self.set_board(&fen),
            Command::Undo => self.take_back(1),
            Command::Remove => self.take_back(2),
            Command::Result => {
                self.cancel();
                self.side = None;
            }
            Command::Post(on) => self.post = on,
            Command::Analyze => {
                self.cancel();
                self.analyzing = true;
                self.think();
            }
            Command::Exit => {
                self.cancel();
                self.analyzing = false;
            }
            Command::Memory(mb) => self.memory(mb),
            Command::Cores(n) => {
                self.cancel();
                self.threads = n.clamp(1, MAX_THREADS);
                self.restart_analysis();
            }
            Command::Quit => {
                self.cancel();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Answers a line that is no command.
    pub fn refuse(&mut self, error: CommandError) {
        self.out.line(&error.to_string());
    }

    /// Writes a line the GUI shows only in its debug log.
    pub fn note(&self, text: &str) {
        self.out.line(&format!("# {}", cut(text)));
    }

    /// The input has ended: an analysis stops, a search for a move runs to its limits
    /// and writes its move before this returns.
    pub fn end_of_input(&mut self) {
        match self.thinking.take() {
            Some(t) if t.is_analysis() => {
                t.cancel();
            }
            Some(t) => {
                t.wait();
            }
            None => {}
        }
    }

    fn to_move(&self) -> Color {
        if self.board.white_to_move() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Takes the move of a search that has ended on its own into the game.
    fn reap(&mut self) {
        if self.thinking.as_ref().is_some_and(Thinking::is_done) {
            if let Some(played) = self.thinking.take().and_then(Thinking::wait) {
                self.record(&played);
            }
        }
    }

    /// Stops the running search without a move (a move it wrote first is kept).
    fn cancel(&mut self) {
        if let Some(played) = self.thinking.take().and_then(Thinking::cancel) {
            self.record(&played);
        }
    }

    /// Adds a legal move, in coordinate text, to the game.
    fn record(&mut self, text: &str) {
        if self.board.play(text) {
            self.moves.push(text.to_string());
        }
    }

    fn set_game(&mut self, variant: &'static Variant) {
        if variant.id != self.variant.id {
            self.evaluator = Arc::new(Evaluator::new(variant));
            self.shared.clear();
        }
        self.variant = variant;
        // A game with more pieces than XBoard has types gets no `setup` and plays
        // (badly) with Joust's letters; `limits` says so.
        self.pieces = PieceMap::new(variant).unwrap_or_default();
        self.start = variant.start_fen.to_string();
        self.moves.clear();
        self.legs.clear();
        self.board = Board::start(variant);
    }

    fn variant(&mut self, id: &str) {
        self.cancel();
        let variant = match id {
            "normal" => Ok(variants::chess()),
            _ => variants::by_id(variant_id(id)),
        };
        let Ok(variant) = variant else {
            return self
                .out
                .line(&format!("Error (unknown variant): {}", cut(id)));
        };
        self.set_game(variant);
        let lines = setup_lines(variant);
        self.out.lines(lines.iter().map(String::as_str));
        for limit in limits(variant) {
            let remedy = if limit.playable() {
                "run XBoard with -testLegality false"
            } else {
                "XBoard 4.9 cannot play this game"
            };
            self.note(&format!(
                "XBoard cannot check {}: {limit} ({remedy})",
                variant.id
            ));
        }
        self.restart_analysis();
    }

    fn user_move(&mut self, text: &str) {
        self.cancel();
        let text = move_from_xboard(text, self.variant.geometry.ranks());
        let text = format!("{}{text}", std::mem::take(&mut self.legs));
        if text.ends_with(',') {
            // More legs follow, if some legal move goes on this way.
            if self
                .board
                .legal_texts()
                .iter()
                .any(|m| m.starts_with(&text))
            {
                self.legs = text;
            } else {
                self.illegal(&text);
            }
            return;
        }
        let text = self.pieces.move_from_xboard(&self.board, &text);
        let mover = self.to_move();
        if !self.board.play(&text) {
            return self.illegal(&text);
        }
        self.moves.push(text);
        if let Some(outcome) = self.board.outcome() {
            if !self.analyzing {
                self.out.line(&result_line(outcome, mover));
                return;
            }
        }
        if self.analyzing || self.side == Some(self.to_move()) {
            self.think();
        }
    }

    /// Answers a move that is not legal here, in XBoard's coordinates.
    fn illegal(&self, text: &str) {
        let text = move_to_xboard(text, self.variant.geometry.ranks());
        self.out.line(&format!("Illegal move: {}", cut(&text)));
    }

    fn set_board(&mut self, fen: &str) {
        self.cancel();
        let fen = self.pieces.fen_from_xboard(&fen_from_xboard(fen));
        match Board::set_up(self.variant, &Setup::Fen(fen.clone()), &[]) {
            Ok(board) => {
                self.board = board;
                self.start = fen;
                self.moves.clear();
                self.legs.clear();
                self.restart_analysis();
            }
            Err(why) => {
                self.out.line("tellusererror Illegal position");
                self.note(&format!("setboard refused: {why}"));
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.cancel();
        self.legs.clear();
        let keep = self.moves.len().saturating_sub(plies);
        self.moves.truncate(keep);
        // The moves were legal from this start, so the replay cannot fail.
        if let Ok(board) = Board::set_up(self.variant, &Setup::Fen(self.start.clone()), &self.moves)
        {
            self.board = board;
        }
        self.restart_analysis();
    }

    fn memory(&mut self, mb: usize) {
        self.cancel();
        let mb = mb.clamp(1, MAX_HASH_MB);
        match Shared::try_new(mb) {
            Ok(shared) => {
                self.shared = Arc::new(shared);
                self.hash_mb = mb;
            }
            Err(e) => self.note(&format!(
                "memory {mb} refused: {e}; kept {} MB",
                self.hash_mb
            )),
        }
        self.restart_analysis();
    }

    fn restart_analysis(&mut self) {
        if self.analyzing {
            self.cancel();
            self.think();
        }
    }

    /// Starts the search for a move (or the analysis) of the position, unless the game
    /// is over (then claims its result).
    fn think(&mut self) {
        if let Some(outcome) = self.board.outcome() {
            if !self.analyzing {
                let mover = !self.to_move();
                self.out.line(&result_line(outcome, mover));
            }
            return;
        }
        let limits = if self.analyzing {
            Limits::default()
        } else {
            self.limits()
        };
        self.thinking = Some(Thinking::start(
            self.out.clone(),
            Search {
                board: self.board.clone(),
                limits,
                shared: Arc::clone(&self.shared),
                evaluator: Arc::clone(&self.evaluator),
                threads: self.threads,
                post: self.post,
                analyze: self.analyzing,
                ranks: self.variant.geometry.ranks(),
                pieces: self.pieces.clone(),
            },
        ));
    }

    /// The limits of a search for a move: `st`, else the clock (`time`, or the `level`'s
    /// base, less [`MOVE_OVERHEAD`] for each move to the time control), with `sd`; with
    /// none of them, the fallback time.
    fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        let reserve = |left: Duration, to_go: Option<u32>| {
            let moves = to_go.unwrap_or(OVERHEAD_MOVES).min(OVERHEAD_MOVES);
            left.saturating_sub((MOVE_OVERHEAD * moves).min(left / 2))
        };
        if let Some(t) = self.per_move {
            limits.time = Some(t.saturating_sub(MOVE_OVERHEAD.min(t / 2)));
        } else if let Some(level) = self.level {
            let left = self.clock.unwrap_or(level.base);
            let made = (self.moves.len() / 2) as u32;
            let to_go = (level.moves > 0).then(|| level.moves - made % level.moves);
            limits = limits.with_clock(reserve(left, to_go), level.inc, to_go);
        } else if let Some(left) = self.clock {
            limits = limits.with_clock(reserve(left, None), Duration::ZERO, None);
        } else if self.depth.is_none() {
            limits.time = Some(self.settings.fallback_time);
        }
        limits.depth = self.depth;
        limits
    }
}
