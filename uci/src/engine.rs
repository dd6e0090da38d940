//! The engine's state between commands, and what each command does to it.

use crate::board::{Board, PositionError};
use crate::command::{Command, CommandError, Setup};
use crate::eval_options;
use crate::go::Go;
use crate::job::{Hold, Job};
use crate::options::{self, NetChoice, Setting, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS};
use crate::output::Output;
use crate::Settings;
use joust_core::{variants, Variant};
use joust_search::{Evaluator, Limits, Shared, Strength};
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

/// Everything the engine keeps from one command to the next.
pub struct Engine {
    out: Output,
    settings: Settings,
    variant: &'static Variant,
    /// The position to search, or why there is none (a refused `position`).
    board: Result<Board, PositionError>,
    shared: Arc<Shared>,
    /// The size of the table in `shared`, in megabytes.
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    /// The `Move Overhead` option.
    move_overhead: Duration,
    evaluator: Arc<Evaluator>,
    /// The `PieceValues` and `EvalWeights` options (see `eval_options`).
    piece_values: Vec<(char, i32)>,
    eval_weights: Vec<(String, i32)>,
    /// The `EvalFile` option.
    eval_file: NetChoice,
    /// `UCI_LimitStrength` and `UCI_Elo`, with the seed of the limited strength's
    /// random choices (from the clock, so games differ).
    limit_strength: bool,
    elo: u32,
    strength_seed: u64,
    /// The search or count running beside the loop, if any.
    job: Option<Job>,
}

impl Engine {
    /// A new session: chess from its start position, every option at its default.
    pub fn new(out: Output, settings: Settings) -> Engine {
        let variant = variants::chess();
        Engine {
            out,
            settings,
            variant,
            board: Ok(Board::start(variant)),
            shared: Arc::new(Shared::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS as u64),
            evaluator: Arc::new(Evaluator::new(variant)),
            piece_values: Vec::new(),
            eval_weights: Vec::new(),
            eval_file: NetChoice::BuiltIn,
            limit_strength: false,
            elo: options::DEFAULT_ELO,
            strength_seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            job: None,
        }
    }

    /// Where the engine's lines go.
    pub fn out(&self) -> &Output {
        &self.out
    }

    /// Carries out one command.
    pub fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => self.uci(),
            Command::Debug | Command::Register => {}
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => {
                self.stop();
                self.set_option(&name, value.as_deref().unwrap_or(""));
            }
            Command::UciNewGame => {
                self.stop();
                self.shared.clear();
                self.board = Ok(Board::start(self.variant));
            }
            Command::Position { setup, moves } => {
                self.stop();
                self.position(&setup, &moves);
            }
            Command::Go(go) => {
                self.stop();
                self.go(go);
            }
            Command::Stop => self.stop(),
            Command::PonderHit => {
                if let Some(job) = &mut self.job {
                    job.ponderhit();
                }
            }
            Command::Eval => self.eval(),
            Command::Display => self.display(),
            Command::Bench(depth) => {
                self.stop();
                self.bench(depth);
            }
            Command::Quit => {
                self.stop();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Answers a line that is no command; a refused `position` leaves no position.
    pub fn refuse(&mut self, error: CommandError) {
        if error.is_position() {
            self.stop();
            self.refuse_position(PositionError::Command(error));
        } else {
            self.out.info(&error.to_string());
        }
    }

    /// The input has ended: a search that waits for `stop` is stopped, any other runs
    /// to its limits; either way its `bestmove` is written before this returns.
    pub fn end_of_input(&mut self) {
        match self.job.take() {
            Some(job) if job.is_held() => job.stop(),
            Some(job) => job.wait(),
            None => {}
        }
    }

    /// Stops the running job, if any, and waits for its last line.
    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
        }
    }

    fn uci(&self) {
        let mut lines = vec![
            format!("id name Joust {}", env!("CARGO_PKG_VERSION")),
            "id author the Joust developers".to_string(),
        ];
        lines.extend(options::declarations());
        lines.push("uciok".to_string());
        self.out.lines(lines.iter().map(String::as_str));
    }

    fn set_option(&mut self, name: &str, value: &str) {
        let setting = match options::parse_setting(name, value) {
            Ok(setting) => setting,
            Err(e) => return self.out.info(&e.to_string()),
        };
        match setting {
            Setting::Variant(v) => {
                self.variant = v;
                self.board = Ok(Board::start(v));
                self.shared.clear();
                self.evaluator = Arc::new(self.evaluation_of(v));
            }
            Setting::Hash(mb) => match Shared::try_new(mb) {
                Ok(shared) => {
                    self.shared = Arc::new(shared);
                    self.hash_mb = mb;
                }
                Err(e) => self.out.info(&format!(
                    "Hash {mb} refused: {e}; kept at {} MB",
                    self.hash_mb
                )),
            },
            Setting::Threads(n) => self.threads = n,
            Setting::MultiPv(n) => self.multipv = n,
            Setting::VariantPath(added) => {
                if !added.games.is_empty() {
                    self.out.info(&format!(
                        "VariantPath: games added: {}",
                        added.games.join(" ")
                    ));
                }
                for (id, errors) in &added.rejected {
                    for e in errors {
                        self.out
                            .info(&format!("VariantPath: game {id} left out: {e}"));
                    }
                }
            }
            Setting::Ponder => {}
            Setting::LimitStrength(on) => self.limit_strength = on,
            Setting::Elo(elo) => self.elo = elo,
            Setting::MoveOverhead(ms) => self.move_overhead = Duration::from_millis(ms as u64),
            Setting::PieceValues(values) => {
                self.piece_values = values;
                self.evaluator = Arc::new(self.evaluation_of(self.variant));
                self.shared.clear();
            }
            Setting::EvalWeights(weights) => {
                self.eval_weights = weights;
                self.evaluator = Arc::new(self.evaluation_of(self.variant));
                self.shared.clear();
            }
            Setting::EvalFile(choice) => {
                self.eval_file = choice;
                self.evaluator = Arc::new(self.evaluation_of(self.variant));
                self.shared.clear();
            }
        }
    }

    /// The evaluation of `variant` under the evaluation options; piece values whose
    /// letter this game does not have are left out, with a word why.
    fn evaluation_of(&self, variant: &'static Variant) -> Evaluator {
        let (e, unknown) = eval_options::evaluator(variant, &self.piece_values, &self.eval_weights);
        if !unknown.is_empty() {
            let letters: Vec<String> = unknown.iter().map(|c| format!("'{c}'")).collect();
            self.out.info(&format!(
                "PieceValues: {} has no piece {}; kept for a game that has",
                variant.id,
                letters.join(", ")
            ));
        }
        let built_in = joust_search::nets::built_in(variant);
        let net = match &self.eval_file {
            NetChoice::BuiltIn => built_in,
            NetChoice::Off => None,
            NetChoice::File(net) => match net.check_fits(variant) {
                Ok(()) => Some(net.clone()),
                Err(why) => {
                    self.out
                        .info(&format!("EvalFile: {why}; not used for this game"));
                    built_in
                }
            },
        };
        e.clone().with_network(net).unwrap_or(e)
    }

    fn position(&mut self, setup: &Setup, moves: &[String]) {
        match Board::set_up(self.variant, setup, moves) {
            Ok(board) => self.board = Ok(board),
            Err(why) => self.refuse_position(why),
        }
    }

    /// After a refused `position` the engine has no position: a `go` answers at once
    /// instead of searching a position the GUI no longer has.
    fn refuse_position(&mut self, why: PositionError) {
        self.out.info(&format!(
            "position refused: {why}; no position until the next valid 'position' or 'ucinewgame'"
        ));
        self.board = Err(why);
    }

    fn eval(&self) {
        let board = match &self.board {
            Ok(board) => board,
            Err(why) => return self.out.info(&format!("no position: {why}")),
        };
        let mut lines = vec![format!(
            "Static evaluation ({}), in pawns from White's side:",
            self.variant.id
        )];
        for (name, cp) in board.breakdown(&self.evaluator) {
            lines.push(format!("  {name:<16} {:+6.2}", cp as f64 / 100.0));
        }
        self.out.lines(lines.iter().map(String::as_str));
    }

    /// `d`: the board, its FEN and key.
    fn display(&self) {
        match &self.board {
            Ok(board) => self.out.lines(board.diagram().iter().map(String::as_str)),
            Err(why) => self.out.info(&format!("no position: {why}")),
        }
    }

    /// `bench`: searches the bench positions on this thread (as Stockfish does, the loop
    /// waits for it), with a table of its own; the session's position and table are kept.
    fn bench(&self, depth: u32) {
        let result = crate::bench::run(depth, |line| self.out.line(&line.to_string()));
        match result {
            Ok(summary) => self.out.lines(summary.lines().iter().map(String::as_str)),
            Err(e) => self.out.info(&e.to_string()),
        }
    }

    fn go(&mut self, go: Go) {
        for note in &go.notes {
            self.out.info(&format!("go: {note}"));
        }
        let hold = if go.until_stop() {
            Hold::UntilStop
        } else if go.ponder {
            Hold::UntilPonderhit
        } else {
            Hold::Released
        };
        let shared = Arc::clone(&self.shared);
        let board = match &self.board {
            Ok(board) => board,
            Err(why) => {
                self.out.info(&format!("no position: {why}"));
                if go.perft.is_none() {
                    self.job = Some(Job::no_move(self.out.clone(), shared, hold));
                }
                return;
            }
        };
        if let Some(depth) = go.perft {
            self.job = Some(Job::perft(self.out.clone(), board, depth, shared));
            return;
        }
        let (searchmoves, refused) = board.moves_named(&go.searchmoves);
        for e in refused {
            self.out.info(&format!("go: searchmoves: {e}, left out"));
        }
        if !go.searchmoves.is_empty() && searchmoves.is_empty() {
            self.out
                .info("go: no legal move among searchmoves; searching every move");
        }
        let mut limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            multipv: self.multipv,
            searchmoves,
            mate: go.mate,
            strength: self
                .limit_strength
                .then(|| Strength::from_elo(self.elo, self.strength_seed).ok())
                .flatten(),
            ..Limits::default()
        };
        // The time for this move, counted from now (or from `ponderhit`).
        let timed = go.time_limits(board.white_to_move(), self.move_overhead);
        let fallback = || {
            let ms = self.settings.fallback_time.as_millis();
            let when = if go.ponder { " after ponderhit" } else { "" };
            self.out.info(&format!(
                "go: no limit given, searching at most {ms} ms{when}"
            ));
            self.settings.fallback_time
        };
        let mut after_ponderhit = None;
        if go.ponder {
            // No time runs out while pondering: our clock starts at `ponderhit`.
            after_ponderhit = match &timed {
                Some(t) => t.soft_time.or(t.time),
                None if go.is_bounded() || go.infinite => None,
                None => Some(fallback()),
            };
        } else if let Some(t) = timed {
            limits.time = t.time;
            limits.soft_time = t.soft_time;
        } else if !go.is_bounded() && !go.until_stop() {
            limits.time = Some(fallback());
        }
        self.shared.arm();
        self.job = Some(Job::search(
            self.out.clone(),
            board,
            limits,
            shared,
            Arc::clone(&self.evaluator),
            self.threads,
            hold,
            after_ponderhit,
        ));
    }
}
