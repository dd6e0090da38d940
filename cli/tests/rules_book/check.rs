//! The checked blocks of the rules book: what each kind claims, how the engine confirms
//! it, and how the drawings are generated (see `rules_book.rs` for the block forms).

use joust_core::{pieces, variants, Direction, Geometry, Position, Square, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{legal_moves, position_from_fen, Game, Move, MoveFlag, TableCache};
use joust_notation::{move_to_san, move_to_text, parse_move, parse_san, MoveTextError};
use joust_tour::{check_tour, parse_tour, LeaperGraph, TourKind};
use std::fmt::Write;

/// A fenced block the test checks: its kind, the words after it, and its lines.
#[derive(Debug)]
pub struct Block {
    /// `moves`, `movement`, `board` or `tour`.
    pub kind: String,
    /// The words of the info string after the kind.
    pub args: Vec<String>,
    /// The block's lines, without the fences.
    pub body: Vec<String>,
}

impl Block {
    /// The block of this info string (the text after the opening fence), if it is a
    /// kind this test checks.
    pub fn parse(info: &str, body: Vec<String>) -> Option<Block> {
        let mut words = info.split_whitespace();
        let kind = words.next()?;
        if !matches!(kind, "moves" | "movement" | "board" | "tour") {
            return None;
        }
        Some(Block {
            kind: kind.to_string(),
            args: words.map(String::from).collect(),
            body,
        })
    }

    /// The game id the block is about (the first word after the kind).
    pub fn id(&self) -> &str {
        self.args.first().map_or("", String::as_str)
    }

    /// True for blocks whose body is generated (`movement`, `board`).
    pub fn is_drawing(&self) -> bool {
        matches!(self.kind.as_str(), "movement" | "board")
    }
}

/// Checks one block against the engine; the error says what is wrong.
pub fn check_block(block: &Block) -> Result<(), String> {
    match block.kind.as_str() {
        "moves" => {
            let v = variant(block.id())?;
            with_board_bits!(v, B => check_moves::<B>(v, &block.body))
        }
        "tour" => check_tours(&block.args, &block.body),
        _ => {
            let drawn = draw(block)?;
            let written: String = block.body.iter().map(|l| format!("{l}\n")).collect();
            if drawn == written {
                Ok(())
            } else {
                Err(format!(
                    "the drawing is not what the engine draws (after a deliberate change, \
                     JOUST_BOOK_UPDATE=1 redraws it); expected:\n{drawn}"
                ))
            }
        }
    }
}

/// The game of an id.
fn variant(id: &str) -> Result<&'static Variant, String> {
    variants::by_id(id).map_err(|e| e.to_string())
}

/// Plays a `moves` block line by line; the first wrong claim is the error.
fn check_moves<B: TableCache>(v: &'static Variant, body: &[String]) -> Result<(), String> {
    let start = position_from_fen::<B>(v, v.start_fen).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    for (n, line) in body.iter().enumerate() {
        let line = line.trim();
        let at = |e: String| format!("line {} `{line}`: {e}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match head {
            "fen" => {
                let pos = position_from_fen::<B>(v, rest).map_err(|e| at(e.to_string()))?;
                game = Game::new(pos);
            }
            "=>" => {
                let fen = game.position().to_fen();
                if fen != rest {
                    return Err(at(format!("the position is {fen}")));
                }
            }
            "count" => {
                let n = game.legal_moves().len();
                if rest != n.to_string() {
                    return Err(at(format!("there are {n} legal moves")));
                }
            }
            "outcome" => {
                let now = game
                    .outcome()
                    .map_or_else(|| "none".to_string(), |o| o.to_string());
                if now != rest {
                    return Err(at(format!("the outcome is `{now}`")));
                }
            }
            "illegal" => match parse_move(game.position(), rest) {
                Err(MoveTextError::Illegal(_)) => {}
                Err(e) => return Err(at(format!("not even well formed: {e}"))),
                Ok(_) => return Err(at("it is legal".to_string())),
            },
            _ => {
                let mv = check_move(game.position(), head, rest).map_err(at)?;
                if !game.play(mv) {
                    return Err(at("the game refuses the move".to_string()));
                }
            }
        }
    }
    Ok(())
}

/// Checks one `COORD SAN [OTHER-SAN…]` line: the move is legal, the engine writes it
/// as COORD and SAN, and reads every other SAN form as the same move.
fn check_move<B: TableCache>(pos: &Position<B>, coord: &str, sans: &str) -> Result<Move, String> {
    let mv = parse_move(pos, coord).map_err(|e| e.to_string())?;
    let text = move_to_text(pos, mv);
    if text != coord {
        return Err(format!("the engine writes this move {text}"));
    }
    let mut sans = sans.split_whitespace();
    let san = sans.next().ok_or("no SAN given")?;
    let written = move_to_san(pos, mv);
    if written != san {
        return Err(format!("the engine writes this move {written} in SAN"));
    }
    for other in std::iter::once(san).chain(sans) {
        match parse_san(pos, other) {
            Ok(m) if m == mv => {}
            Ok(m) => return Err(format!("{other} reads as {}", move_to_text(pos, m))),
            Err(e) => return Err(format!("{other}: {e}")),
        }
    }
    Ok(mv)
}

/// Checks a `tour FILESxRANKS circuit|journey` block: each line is such a tour of the
/// King's Lancer from its first square.
fn check_tours(args: &[String], body: &[String]) -> Result<(), String> {
    let [size, kind] = args else {
        return Err("expected `tour FILESxRANKS circuit|journey`".into());
    };
    let (f, r) = size.split_once('x').ok_or("bad board size")?;
    let dims = (f.parse::<u8>(), r.parse::<u8>());
    let (Ok(f), Ok(r)) = dims else {
        return Err(format!("bad board size {size}"));
    };
    let geometry = Geometry::new(f, r).map_err(|e| e.to_string())?;
    let kind = match kind.as_str() {
        "circuit" => TourKind::Circuit,
        "journey" => TourKind::Journey,
        other => return Err(format!("{other} is not a kind of tour")),
    };
    let graph = LeaperGraph::new(&pieces::kings_lancer(), geometry).map_err(|e| e.to_string())?;
    let lines: Vec<&String> = body.iter().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return Err("no tour in the block".into());
    }
    for line in lines {
        let squares = parse_tour(geometry, line).map_err(|e| e.to_string())?;
        let start = *squares.first().ok_or("an empty tour")?;
        check_tour(&graph, start, kind, &squares).map_err(|e| format!("{line}: {e}"))?;
    }
    Ok(())
}

/// The drawing a `movement` or `board` block must hold, ending in a newline.
pub fn draw(block: &Block) -> Result<String, String> {
    let v = variant(block.id())?;
    let (from, fen_words) = match block.kind.as_str() {
        "movement" => {
            let sq = block.args.get(1).ok_or("no square given")?;
            let from = v
                .geometry
                .parse_square(sq)
                .ok_or_else(|| format!("{sq} is not a square of {}", v.id))?;
            (Some(from), &block.args[2.min(block.args.len())..])
        }
        _ => (None, &block.args[1.min(block.args.len())..]),
    };
    let fen = match fen_words.join(" ") {
        s if s == "start" => v.start_fen.to_string(),
        s if s.is_empty() => return Err("no FEN given".into()),
        s => s,
    };
    with_board_bits!(v, B => draw_on::<B>(v, &fen, from))
}

/// How a square of a movement drawing is marked.
#[derive(Copy, Clone, Default)]
struct Marks {
    /// The piece can move there (an empty square).
    step: bool,
    /// It can capture the enemy piece there by moving onto it.
    capture: bool,
    /// It can shoot the enemy piece there without moving.
    shot: bool,
}

/// Draws the position of `fen`, marking where the piece on `from` can go.
fn draw_on<B: TableCache>(
    v: &'static Variant,
    fen: &str,
    from: Option<Square>,
) -> Result<String, String> {
    let pos = position_from_fen::<B>(v, fen).map_err(|e| format!("bad FEN: {e}"))?;
    let g = v.geometry;
    let mut marks = vec![Marks::default(); g.len()];
    if let Some(from) = from {
        let piece = pos
            .piece_at(from)
            .ok_or_else(|| format!("no piece on {}", g.name(from)))?;
        if piece.color != pos.side_to_move() {
            return Err(format!("the piece on {} is not to move", g.name(from)));
        }
        for mv in legal_moves(&pos).iter().filter(|m| m.from == from) {
            let m = &mut marks[mv.to.0 as usize];
            match mv.flag {
                MoveFlag::Shot => m.shot = true,
                MoveFlag::LionDouble | MoveFlag::Pass => {}
                _ if pos.piece_at(mv.to).is_some() => m.capture = true,
                _ => m.step = true,
            }
        }
    }
    let lancers = g.squares().any(|s| {
        pos.piece_at(s)
            .is_some_and(|p| v.kind(p.kind).facing.is_some())
    });
    let width = if lancers { 4 } else { 3 };
    let mut out = String::from("   ");
    for f in 0..g.files() {
        let cell = format!(" {}", (b'a' + f) as char);
        let _ = write!(out, "{cell:<width$}");
    }
    out = format!("{}\n", out.trim_end());
    for r in (0..g.ranks() as i8).rev() {
        let _ = write!(out, "{:>2} ", r + 1);
        for f in 0..g.files() as i8 {
            let sq = g.square(f, r).expect("on the board");
            let m = marks[sq.0 as usize];
            let token = match pos.piece_at(sq) {
                None if m.step => "*".to_string(),
                None => ".".to_string(),
                Some(p) => {
                    let mut t = pos.piece_letter(p).to_string();
                    if let Some(d) = v.kind(p.kind).facing {
                        t.push(arrow(d));
                    }
                    t
                }
            };
            let (open, close) = match (m.capture, m.shot) {
                (true, true) => ('{', '}'),
                (true, false) => ('(', ')'),
                (false, true) => ('[', ']'),
                (false, false) if from == Some(sq) => ('>', '<'),
                _ => (' ', ' '),
            };
            let cell = format!("{open}{token}{close}");
            let _ = write!(out, "{cell:<width$}");
        }
        let _ = writeln!(out, " {}", r + 1);
    }
    Ok(out)
}

/// The arrow the engine's text board uses for a Lancer's facing.
fn arrow(d: Direction) -> char {
    match d {
        Direction::N => '↑',
        Direction::NE => '↗',
        Direction::E => '→',
        Direction::SE => '↘',
        Direction::S => '↓',
        Direction::SW => '↙',
        Direction::W => '←',
        Direction::NW => '↖',
    }
}
