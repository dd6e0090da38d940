//! One browser tab's game: its start, the moves played (only ever moves the generator
//! produced), and what the page needs to draw it, as JSON: the board, the legal moves
//! with their coordinate text and SAN, the last move, check and the outcome.

use crate::error::ApiError;
use joust_core::{Color, KindId, Piece, Position, Square, Variant, MAX_KINDS};
use joust_movegen::{in_check, make, AnyPosition, Game, Move, MoveFlag, TableCache};
use joust_notation::{
    legal_moves_san, move_to_san, move_to_text, parse_move, parse_san, write_pgn, MoveNotation,
    PgnGame,
};
use serde::Serialize;

/// A move as the page sees it: its text both ways and where it goes on the board.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// Coordinate text (`e2e4`, `b1h7ne`, `h1*h7`, `e4e5,e5e6`).
    pub text: String,
    /// Standard algebraic notation.
    pub san: String,
    /// The square the piece leaves (the shooter for a shot); none for a setup move.
    pub from: Option<String>,
    /// The square it ends on (the target of a shot); none for a setup move.
    pub to: Option<String>,
    /// How the move is made: `normal`, `double-step`, `en-passant`, `castle`, `shot`,
    /// `lion-double`, `pass`, `select`, `place`.
    pub flag: &'static str,
    /// The kind the piece becomes (a promotion or a Lancer's new facing), or the kind a
    /// setup move selects or places, as an index into the game's kinds.
    pub kind: Option<u8>,
    /// The Lion's intermediate square of a double move.
    pub via: Option<String>,
    /// The kind a move brings onto the board from the hand (S-Chess); Musketeer's
    /// gating, always compulsory, shows in the SAN (`Nf3/C`) and the reserve.
    pub gate: Option<u8>,
    /// The file (0 = a) of the reserve cell a placement puts its piece behind.
    pub cell: Option<u8>,
}

/// A reserve piece waiting behind the back rank (Musketeer), to gate in.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ReservePiece {
    /// The file it waits behind (0 = a).
    pub file: u8,
    /// `white` (behind rank 1) or `black` (behind the last rank).
    pub color: &'static str,
    /// Index into the game's kinds.
    pub kind: u8,
}

/// A piece on a square.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PieceOn {
    /// The square's name.
    pub sq: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// Index into the game's kinds.
    pub kind: u8,
}

/// A position as the page draws it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// How many moves were played to reach it.
    pub ply: usize,
    /// The position as FEN.
    pub fen: String,
    /// `white` or `black`.
    pub side: &'static str,
    /// Every piece on the board.
    pub board: Vec<PieceOn>,
    /// The pieces in each side's hand (white first), as kind indices.
    pub hands: [Vec<u8>; 2],
    /// The reserve pieces waiting behind the back ranks.
    pub reserve: Vec<ReservePiece>,
    /// The move that led here.
    pub last_move: Option<MoveInfo>,
    /// The squares of the side to move's royal pieces, if it is in check.
    pub check: Vec<String>,
}

/// How the game ended.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OutcomeInfo {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// In words: "checkmate, white wins".
    pub text: String,
}

/// A game as the page needs it after each request.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// The game's id (the tab's handle on it).
    pub id: String,
    /// The variant's id.
    pub variant: &'static str,
    /// The position the game started from.
    pub start_fen: String,
    /// The current position.
    #[serde(flatten)]
    pub view: View,
    /// Every legal move of the side to move (none once the game is over).
    pub moves: Vec<MoveInfo>,
    /// The moves played, in order.
    pub history: Vec<MoveInfo>,
    /// How the game ended, if it did.
    pub outcome: Option<OutcomeInfo>,
}

/// A game on the bitboard its board needs.
#[derive(Clone)]
struct Table<B: TableCache> {
    start: Position<B>,
    game: Game<B>,
    /// The Zobrist keys of the positions before each move (for the engine's repetitions).
    keys: Vec<u64>,
    /// Each move played, as the page shows it.
    history: Vec<MoveInfo>,
}

/// A game of either width (boxed: a game is large, and kept in a map).
#[derive(Clone)]
enum AnyGame {
    Narrow(Box<Table<u64>>),
    Wide(Box<Table<u128>>),
}

/// Evaluates `$body` with `$t` bound to the [`Table`] inside an [`AnyGame`].
macro_rules! on_table {
    ($any:expr, $t:ident => $body:expr) => {
        match $any {
            AnyGame::Narrow($t) => $body,
            AnyGame::Wide($t) => $body,
        }
    };
}

/// One tab's game.
#[derive(Clone)]
pub struct Session {
    game: AnyGame,
}

/// What a search needs to think about a game: its position and the keys before it.
pub struct Snapshot {
    /// The position to search.
    pub position: AnyPosition,
    /// The Zobrist keys of the earlier positions, oldest first.
    pub keys: Vec<u64>,
    /// How many moves had been played (to tell whether the game moved on meanwhile).
    pub ply: usize,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn flag_name(f: MoveFlag) -> &'static str {
    match f {
        MoveFlag::Normal => "normal",
        MoveFlag::DoubleStep => "double-step",
        MoveFlag::EnPassant => "en-passant",
        MoveFlag::Castle => "castle",
        MoveFlag::Shot => "shot",
        MoveFlag::LionDouble => "lion-double",
        MoveFlag::Pass => "pass",
        MoveFlag::Select => "select",
        MoveFlag::Place => "place",
        MoveFlag::Null => "null",
    }
}

/// `mv`, legal in `pos`, with its SAN `san`, as the page sees it.
pub fn move_info<B: TableCache>(pos: &Position<B>, mv: Move, san: String) -> MoveInfo {
    let g = pos.geometry();
    let on_board = !mv.is_setup() && !mv.is_null();
    let square = |sq: Square| on_board.then(|| g.name(sq).to_string());
    MoveInfo {
        text: move_to_text(pos, mv),
        san,
        from: square(mv.from),
        to: square(mv.to),
        flag: flag_name(mv.flag),
        kind: mv.promotion_kind().map(|k| k.0),
        via: (mv.flag == MoveFlag::LionDouble).then(|| g.name(Square(mv.aux)).to_string()),
        gate: mv.gate_kind().map(|k| k.0),
        cell: (mv.flag == MoveFlag::Place).then_some(mv.aux),
    }
}

/// The moves of `line` played from `pos`, as the page sees them; stops at the first that
/// is not legal (a line from the transposition table may end in a stale move).
pub fn line_info<B: TableCache>(pos: &Position<B>, line: &[Move]) -> Vec<MoveInfo> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in line {
        if !joust_movegen::legal_moves(&p).contains(&mv) {
            break;
        }
        out.push(move_info(&p, mv, move_to_san(&p, mv)));
        make(joust_movegen::tables::<B>(p.variant()), &mut p, mv);
    }
    out
}

/// The board, hands and check of `pos`, reached after `ply` moves, the last `last`.
fn view<B: TableCache>(pos: &Position<B>, ply: usize, last: Option<MoveInfo>) -> View {
    let v = pos.variant();
    let g = pos.geometry();
    let board: Vec<PieceOn> = g
        .squares()
        .filter_map(|sq| {
            pos.piece_at(sq).map(|p: Piece| PieceOn {
                sq: g.name(sq).to_string(),
                color: color_name(p.color),
                kind: p.kind.0,
            })
        })
        .collect();
    let hands = Color::ALL.map(|c| {
        (0..MAX_KINDS as u8)
            .flat_map(|k| std::iter::repeat_n(k, pos.hand_count(c, KindId(k)) as usize))
            .collect()
    });
    let reserve = Color::ALL
        .into_iter()
        .flat_map(|c| {
            (0..g.files()).filter_map(move |f| {
                pos.gating().reserve_on(c, f).map(|(_, k)| ReservePiece {
                    file: f,
                    color: color_name(c),
                    kind: k.0,
                })
            })
        })
        .collect();
    let us = pos.side_to_move();
    let check = if in_check(pos) {
        board
            .iter()
            .filter(|p| p.color == color_name(us) && v.kind(KindId(p.kind)).royal)
            .map(|p| p.sq.clone())
            .collect()
    } else {
        Vec::new()
    };
    View {
        ply,
        fen: pos.to_fen(),
        side: color_name(us),
        board,
        hands,
        reserve,
        last_move: last,
        check,
    }
}

/// What a move request says about gating a piece in with the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GateChoice<'a> {
    /// Nothing: the move's text alone says.
    AsWritten,
    /// The move brings no piece in (`"gate": null`): a gate is declined.
    Decline,
    /// The move brings in the hand's piece with this letter.
    Kind(&'a str),
}

/// How many reserve pieces `color` has waiting behind its back rank in `pos`.
fn reserve_count<B: TableCache>(pos: &Position<B>, color: Color) -> usize {
    (0..pos.geometry().files())
        .filter(|&f| pos.gating().reserve_on(color, f).is_some())
        .count()
}

/// `mv`, legal in `pos`, changed to gate as `gate` asks; an error if no legal move does.
fn gated<B: TableCache>(
    pos: &Position<B>,
    mv: Move,
    gate: GateChoice<'_>,
) -> Result<Move, ApiError> {
    let legal = joust_movegen::legal_moves(pos);
    let plain = mv.without_gate();
    match gate {
        GateChoice::AsWritten => Ok(mv),
        GateChoice::Decline => {
            // A reserve piece (Musketeer) gates in whenever its file's first piece leaves:
            // that cannot be declined.
            let mut after = pos.clone();
            make(joust_movegen::tables::<B>(pos.variant()), &mut after, mv);
            let us = pos.side_to_move();
            if reserve_count(&after, us) < reserve_count(pos, us) {
                return Err(ApiError::Unprocessable(
                    "this move must gate its reserve piece in: here gating is compulsory".into(),
                ));
            }
            match legal.contains(&plain) {
                true => Ok(plain),
                false => Err(ApiError::Unprocessable(
                    "this move cannot be played without gating a piece in".into(),
                )),
            }
        }
        GateChoice::Kind(letter) => {
            let v = pos.variant();
            let wanted = |m: &Move| {
                m.without_gate() == plain
                    && m.gate_kind()
                        .is_some_and(|k| v.kind(k).letter.to_string().eq_ignore_ascii_case(letter))
            };
            let found: Vec<Move> = legal.iter().copied().filter(wanted).collect();
            match found.as_slice() {
                [one] => Ok(*one),
                [] => Err(ApiError::Unprocessable(format!(
                    "no piece '{letter}' can be gated in with this move"
                ))),
                _ => Err(ApiError::Unprocessable(format!(
                    "'{letter}' can be gated onto more than one square: write the move with its gate"
                ))),
            }
        }
    }
}

impl<B: TableCache> Table<B> {
    fn new(start: Position<B>) -> Table<B> {
        Table {
            game: Game::new(start.clone()),
            start,
            keys: Vec::new(),
            history: Vec::new(),
        }
    }

    fn state(&self, id: &str) -> State {
        let pos = self.game.position();
        let outcome = self.game.outcome().map(|o| OutcomeInfo {
            result: o.result(),
            text: o.to_string(),
        });
        let moves = match outcome {
            Some(_) => Vec::new(),
            None => legal_moves_san(pos)
                .into_iter()
                .map(|(m, san)| move_info(pos, m, san))
                .collect(),
        };
        State {
            id: id.to_string(),
            variant: pos.variant().id,
            start_fen: self.start.to_fen(),
            view: view(pos, self.history.len(), self.history.last().cloned()),
            moves,
            history: self.history.clone(),
            outcome,
        }
    }

    /// Reads `text` as coordinates or SAN and plays it, with the gating `gate` asks for.
    fn play_text(&mut self, text: &str, gate: GateChoice<'_>) -> Result<(), ApiError> {
        if self.game.outcome().is_some() {
            return Err(ApiError::Unprocessable("the game is over".into()));
        }
        let pos = self.game.position();
        let mv = match parse_move(pos, text) {
            Ok(mv) => mv,
            Err(coord) => parse_san(pos, text).map_err(|san| {
                ApiError::Unprocessable(match san {
                    joust_notation::SanError::Malformed { .. } => coord.to_string(),
                    other => other.to_string(),
                })
            })?,
        };
        let mv = gated(pos, mv, gate)?;
        self.play(mv);
        Ok(())
    }

    /// Plays `mv`, a legal move from the generator.
    fn play(&mut self, mv: Move) -> bool {
        let pos = self.game.position().clone();
        if !self.game.play(mv) {
            return false;
        }
        self.keys.push(pos.key());
        self.history
            .push(move_info(&pos, mv, move_to_san(&pos, mv)));
        true
    }

    fn takeback(&mut self, plies: usize) -> Result<(), ApiError> {
        let played = self.history.len();
        if played == 0 {
            return Err(ApiError::Unprocessable("no move to take back".into()));
        }
        if plies == 0 || plies > played {
            return Err(ApiError::Unprocessable(format!(
                "cannot take back {plies} moves: {played} played"
            )));
        }
        for _ in 0..plies {
            self.game.undo();
            self.keys.pop();
            self.history.pop();
        }
        Ok(())
    }

    fn pgn(&self) -> String {
        let variant = self.start.variant();
        let start = self.start.to_fen();
        let fen = (start != variant.start_fen).then_some(start);
        let moves: Vec<Move> = self.game.moves().collect();
        let mut game = PgnGame::new(variant, fen, &moves);
        game.set_tag("Event", "Joust game");
        game.set_tag("Site", "joust serve");
        if let Some(o) = self.game.outcome() {
            game.result = o.result().to_string();
        }
        write_pgn(&game, MoveNotation::San)
    }

    /// The position after the first `ply` moves.
    fn position_at(&self, ply: usize) -> Result<Position<B>, ApiError> {
        if ply > self.history.len() {
            return Err(ApiError::NotFound(format!(
                "no ply {ply}: the game has {} moves",
                self.history.len()
            )));
        }
        let mut pos = self.start.clone();
        let t = joust_movegen::tables::<B>(pos.variant());
        for mv in self.game.moves().take(ply) {
            make(t, &mut pos, mv);
        }
        Ok(pos)
    }

    fn view_at(&self, ply: usize) -> Result<View, ApiError> {
        let pos = self.position_at(ply)?;
        let last = ply.checked_sub(1).map(|i| self.history[i].clone());
        Ok(view(&pos, ply, last))
    }
}

impl Session {
    /// A new game of `variant`, from `fen` or its start position.
    pub fn new(variant: &'static Variant, fen: Option<&str>) -> Result<Session, ApiError> {
        let fen = fen.map(str::trim).unwrap_or(variant.start_fen);
        let pos = AnyPosition::from_fen(variant, fen)
            .map_err(|e| ApiError::Unprocessable(format!("bad FEN: {e}")))?;
        let game = match pos {
            AnyPosition::Narrow(p) => AnyGame::Narrow(Box::new(Table::new(p))),
            AnyPosition::Wide(p) => AnyGame::Wide(Box::new(Table::new(p))),
        };
        Ok(Session { game })
    }

    /// The main line of a game read from PGN, replayed from its start; a null move (which
    /// the page cannot show) or a move the generator refuses is an error.
    pub fn from_pgn(game: &PgnGame) -> Result<Session, ApiError> {
        let mut session = Session::new(game.variant, Some(game.start_fen()))?;
        for (i, mv) in game.moves().enumerate() {
            let played = !mv.is_null() && on_table!(&mut session.game, t => t.play(mv));
            if !played {
                return Err(ApiError::Unprocessable(format!(
                    "move {} of the PGN cannot be played here{}",
                    i + 1,
                    if mv.is_null() { " (a null move)" } else { "" }
                )));
            }
        }
        Ok(session)
    }

    /// The game as PGN: the seven tag roster, `[Variant]` for a game other than chess,
    /// `[SetUp]` and `[FEN]` if it did not start from the game's start, moves in SAN.
    pub fn pgn(&self) -> String {
        on_table!(&self.game, t => t.pgn())
    }

    /// The game as the page needs it, under the id `id`.
    pub fn state(&self, id: &str) -> State {
        on_table!(&self.game, t => t.state(id))
    }

    /// Plays the move written `text` (coordinates or SAN), gating as `gate` says.
    pub fn play_text(&mut self, text: &str, gate: GateChoice<'_>) -> Result<(), ApiError> {
        on_table!(&mut self.game, t => t.play_text(text, gate))
    }

    /// Plays the engine's move `mv` if the game is still at `ply`.
    pub fn play_searched(&mut self, ply: usize, mv: Move) -> Result<(), ApiError> {
        let at = self.ply();
        let played = at == ply && on_table!(&mut self.game, t => t.play(mv));
        match played {
            true => Ok(()),
            false => Err(ApiError::Conflict(
                "the game changed while the engine was thinking".into(),
            )),
        }
    }

    /// Takes back the last `plies` moves.
    pub fn takeback(&mut self, plies: usize) -> Result<(), ApiError> {
        on_table!(&mut self.game, t => t.takeback(plies))
    }

    /// The position after the first `ply` moves.
    pub fn view_at(&self, ply: usize) -> Result<View, ApiError> {
        on_table!(&self.game, t => t.view_at(ply))
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        on_table!(&self.game, t => t.history.len())
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        on_table!(&self.game, t => t.game.outcome().is_some())
    }

    /// The current position and its history, for a search.
    pub fn snapshot(&self) -> Snapshot {
        let (position, keys) = match &self.game {
            AnyGame::Narrow(t) => (
                AnyPosition::Narrow(t.game.position().clone()),
                t.keys.clone(),
            ),
            AnyGame::Wide(t) => (AnyPosition::Wide(t.game.position().clone()), t.keys.clone()),
        };
        Snapshot {
            position,
            keys,
            ply: self.ply(),
        }
    }

    /// The position after `ply` moves and the keys before it, for analysing a position
    /// of the game's past (the page analyses whatever move it shows).
    pub fn snapshot_at(&self, ply: usize) -> Result<Snapshot, ApiError> {
        if ply == self.ply() {
            return Ok(self.snapshot());
        }
        let position = match &self.game {
            AnyGame::Narrow(t) => AnyPosition::Narrow(t.position_at(ply)?),
            AnyGame::Wide(t) => AnyPosition::Wide(t.position_at(ply)?),
        };
        let keys = on_table!(&self.game, t => t.keys[..ply].to_vec());
        Ok(Snapshot {
            position,
            keys,
            ply,
        })
    }
}
