//! `joust diagram`: an SVG picture of a position, from a FEN or a ply of a PGN game, with
//! optional flip and move arrows; the last move of a PGN ply is highlighted, a royal
//! piece in check glows red, and a disc beside the board marks the side to move.
//!
//! Arrows are drawn as the moves they are: `a1*b2` is a shot (Cromwell), `e4e5,e5e6` a
//! Lion's double move through e5 (two king steps of a piece that moves twice, joined),
//! `e4e5,e5e4` its capture and return, and `e4e4` its pass.

use crate::pgn_cmd::{open_pgn, read_failure};
use crate::UserError;
use clap::Args;
use joust_core::{variants, Geometry, Path, Position, Square, Variant};
use joust_movegen::with_board_bits;
use joust_movegen::{
    in_check, legal_moves, make, position_from_fen, tables, Move, MoveFlag, TableCache,
};
use joust_notation::PgnGame;
use joust_render::{board_svg, MoveMark, SvgStyle};

/// Arguments of `joust diagram`.
#[derive(Args, Debug)]
pub struct DiagramArgs {
    /// Game id (see `joust variants`; default chess); with --pgn the game's Variant tag
    /// decides.
    #[arg(long)]
    variant: Option<String>,
    /// The position as FEN (default: the game's start position).
    #[arg(long, conflicts_with = "pgn")]
    fen: Option<String>,
    /// A PGN file (`-` reads standard input); the position after --ply plies is drawn.
    #[arg(long)]
    pgn: Option<String>,
    /// With --pgn: how many plies of the main line to play (0 = the start; default: all).
    #[arg(long, requires = "pgn")]
    ply: Option<String>,
    /// With --pgn: which game of the file, counting from 1.
    #[arg(long, requires = "pgn", default_value = "1")]
    game: String,
    /// Write the SVG to this file instead of standard output.
    #[arg(short = 'o', long = "output")]
    output: Option<String>,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Arrows to draw, comma-separated, as two squares (`e2e4`) or a move in the game's
    /// coordinate notation (`b1h7ne`, `e7e8q`); `h1*h7` is a shot, drawn as one; a Lion's
    /// double move `e4e5,e5e6` is drawn bent through e5 and `e4e4` as its pass.
    #[arg(long)]
    arrows: Option<String>,
}

/// Runs the command: prints the SVG or writes it to the output file.
pub fn run(args: &DiagramArgs) -> Result<u8, UserError> {
    let svg = match &args.pgn {
        Some(file) => from_pgn(args, file)?,
        None => {
            let id = args.variant.as_deref().unwrap_or("chess");
            let variant = variants::by_id(id).map_err(|e| UserError(e.to_string()))?;
            let fen = args.fen.as_deref().unwrap_or(variant.start_fen);
            let arrows = parse_arrows(variant, args.arrows.as_deref())?;
            with_board_bits!(variant, B => fen_svg::<B>(variant, fen, args.flip, arrows)?)
        }
    };
    match &args.output {
        Some(path) => std::fs::write(path, svg)
            .map_err(|e| UserError(format!("cannot write '{path}': {e}")))?,
        None => print!("{svg}"),
    }
    Ok(0)
}

fn fen_svg<B: TableCache>(
    variant: &'static Variant,
    fen: &str,
    flip: bool,
    arrows: Vec<RawArrow>,
) -> Result<String, UserError> {
    let pos: Position<B> =
        position_from_fen(variant, fen).map_err(|e| UserError(format!("bad FEN: {e}")))?;
    let style = SvgStyle {
        flip,
        last_move: None,
        arrows: resolve_arrows(&pos, &arrows)?,
        check: checked_royal(&pos),
    };
    Ok(board_svg(&pos, &style))
}

/// The square of the side to move's royal piece, if it is in check.
fn checked_royal<B: TableCache>(pos: &Position<B>) -> Vec<Square> {
    match in_check(pos) {
        true => pos.royal_square(pos.side_to_move()).into_iter().collect(),
        false => Vec::new(),
    }
}

/// How a move of the game is drawn as the last move.
fn move_mark(mv: Move) -> Option<MoveMark> {
    match mv.flag {
        _ if mv.is_setup() || mv.is_null() => None,
        MoveFlag::Shot => Some(MoveMark::Shot(mv.from, mv.to)),
        MoveFlag::LionDouble => Some(MoveMark::Double(mv.from, Square(mv.aux), mv.to)),
        MoveFlag::Pass => Some(MoveMark::Pass(mv.from)),
        _ => Some(MoveMark::Step(mv.from, mv.to)),
    }
}

/// The diagram of a ply of a PGN game.
fn from_pgn(args: &DiagramArgs, file: &str) -> Result<String, UserError> {
    let n: usize = args
        .game
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| UserError(format!("--game '{}' is not a number from 1", args.game)))?;
    // Only the games up to the one asked for are read.
    let mut wanted = None;
    for (i, g) in open_pgn(file)?.enumerate() {
        if let Some(fail) = g.as_ref().err().and_then(|e| read_failure(file, e)) {
            return Err(fail);
        }
        if i + 1 == n {
            wanted = Some(g);
            break;
        }
    }
    let game = match wanted {
        None => return Err(UserError(format!("'{file}' has no game {n}"))),
        Some(Err(e)) => return Err(UserError(format!("'{file}': {e}"))),
        Some(Ok(g)) => g,
    };
    if let Some(id) = &args.variant {
        let asked = variants::by_id(id).map_err(|e| UserError(e.to_string()))?;
        if asked.id != game.variant.id {
            return Err(UserError(format!(
                "game {n} of '{file}' is {}, not {}",
                game.variant.id, asked.id
            )));
        }
    }
    let plies = game.line.moves.len();
    let ply = match &args.ply {
        None => plies,
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|&p| p <= plies)
            .ok_or_else(|| {
                UserError(format!(
                    "--ply '{s}' is out of range: game {n} has {plies} plies (0 to {plies})"
                ))
            })?,
    };
    let arrows = parse_arrows(game.variant, args.arrows.as_deref())?;
    with_board_bits!(game.variant, B => pgn_svg::<B>(&game, ply, args.flip, arrows))
}

fn pgn_svg<B: TableCache>(
    game: &PgnGame,
    ply: usize,
    flip: bool,
    arrows: Vec<RawArrow>,
) -> Result<String, UserError> {
    let variant = game.variant;
    let mut pos: Position<B> = position_from_fen(variant, game.start_fen())
        .map_err(|e| UserError(format!("bad FEN in the PGN: {e}")))?;
    let t = tables::<B>(variant);
    let mut last: Option<Move> = None;
    for (i, mv) in game.moves().take(ply).enumerate() {
        // A null move passes; it must leave a legal position, as the reader checked.
        let legal = if mv.is_null() {
            !in_check(&pos) && !pos.in_setup() && !legal_moves(&pos).is_empty()
        } else {
            legal_moves(&pos).iter().any(|&m| m == mv)
        };
        if !legal {
            return Err(UserError(format!(
                "move {} of the game is not legal",
                i + 1
            )));
        }
        make(t, &mut pos, mv);
        last = Some(mv);
    }
    let style = SvgStyle {
        flip,
        last_move: last.and_then(move_mark),
        arrows: resolve_arrows(&pos, &arrows)?,
        check: checked_royal(&pos),
    };
    Ok(board_svg(&pos, &style))
}

/// An arrow as typed: two squares, and whether they were joined by `*` (a shot).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct RawArrow {
    from: Square,
    to: Square,
    shot: bool,
}

/// True if the piece on `sq` makes double moves (the Lion's double step and pass).
fn moves_twice<B: TableCache>(pos: &Position<B>, sq: Square) -> bool {
    pos.piece_at(sq).is_some_and(|p| {
        pos.variant()
            .kind(p.kind)
            .atoms
            .iter()
            .any(|a| a.path == Path::LionDouble)
    })
}

/// Turns typed arrows into what the diagram draws, knowing the position: for a piece
/// that moves twice, two king steps in a row (`e4e5,e5e6`) are one double move and a
/// square twice (`e4e4`) is its pass.
fn resolve_arrows<B: TableCache>(
    pos: &Position<B>,
    raw: &[RawArrow],
) -> Result<Vec<MoveMark>, UserError> {
    let g = pos.geometry();
    let step = |a: Square, b: Square| a != b && g.distance(a, b) == 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let a = raw[i];
        let double = moves_twice(pos, a.from) && !a.shot;
        if a.from == a.to {
            if !double {
                return Err(UserError(format!(
                    "bad arrow '{0}{0}': it starts and ends on {0}, which only a piece \
                     that moves twice may do (a pass)",
                    g.name(a.from)
                )));
            }
            out.push(MoveMark::Pass(a.from));
            i += 1;
            continue;
        }
        match raw.get(i + 1) {
            Some(b)
                if double
                    && !b.shot
                    && b.from == a.to
                    && step(a.from, a.to)
                    && (step(b.from, b.to)) =>
            {
                out.push(MoveMark::Double(a.from, a.to, b.to));
                i += 2;
            }
            _ => {
                out.push(match a.shot {
                    true => MoveMark::Shot(a.from, a.to),
                    false => MoveMark::Step(a.from, a.to),
                });
                i += 1;
            }
        }
    }
    Ok(out)
}

/// Parses the comma-separated `--arrows` list.
fn parse_arrows(variant: &Variant, text: Option<&str>) -> Result<Vec<RawArrow>, UserError> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|a| {
            parse_arrow(variant, a.trim())
                .map_err(|why| UserError(format!("bad arrow '{a}': {why}")))
        })
        .collect()
}

/// Splits a square name (`e4`, `j10`) off the front of `s`.
fn take_square<'a>(g: Geometry, s: &'a str, what: &str) -> Result<(Square, &'a str), String> {
    let digits = s
        .char_indices()
        .skip(1)
        .take_while(|(_, c)| c.is_ascii_digit())
        .count();
    let (name, rest) = s.split_at(s.char_indices().nth(1 + digits).map_or(s.len(), |(i, _)| i));
    if digits == 0 || !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Err(format!(
            "expected the {what} square, written like e2e4 or b1h7ne"
        ));
    }
    let sq = g.parse_square(name).ok_or_else(|| {
        format!(
            "{name} is not a square of the {}x{} board",
            g.files(),
            g.ranks()
        )
    })?;
    Ok((sq, rest))
}

/// One arrow: two squares, optionally joined by `-`, `x` or `*` (a Cromwell shot), and
/// optionally followed by what coordinate notation appends (a piece letter of the game
/// and/or a Lancer facing: `e7e8q`, `b1h7ne`, `e7e8lne`). The same square twice is
/// left for [`resolve_arrows`] to judge (a pass, or an error).
fn parse_arrow(variant: &Variant, s: &str) -> Result<RawArrow, String> {
    let g = variant.geometry;
    let (from, rest) = take_square(g, s, "first")?;
    let shot = rest.starts_with('*');
    let rest = rest.strip_prefix(['-', 'x', '*']).unwrap_or(rest);
    let (to, suffix) = take_square(g, rest, "second")?;
    if from == to && shot {
        return Err(format!("a shot from {} at itself", g.name(from)));
    }
    let is_letter = |c: char| variant.any_kind_by_letter(c.to_ascii_uppercase()).is_some();
    let is_facing = |t: &str| joust_core::Direction::parse(t).is_some();
    let ok = suffix.is_empty()
        || is_facing(suffix)
        || (suffix.len() == 1 && suffix.chars().all(is_letter))
        || (suffix.chars().next().is_some_and(is_letter) && is_facing(&suffix[1..]));
    if !ok || suffix.chars().any(|c| c.is_ascii_uppercase()) {
        return Err(format!(
            "'{suffix}' after the squares is neither a piece letter of {} nor a facing",
            variant.id
        ));
    }
    Ok(RawArrow { from, to, shot })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(v: &Variant, from: &str, to: &str, shot: bool) -> RawArrow {
        let sq = |s: &str| v.geometry.parse_square(s).unwrap();
        RawArrow {
            from: sq(from),
            to: sq(to),
            shot,
        }
    }

    #[test]
    fn arrows_are_squares_or_coordinate_moves() {
        let chess = variants::chess();
        assert_eq!(
            parse_arrow(chess, "e2e4"),
            Ok(arrow(chess, "e2", "e4", false))
        );
        assert_eq!(
            parse_arrow(chess, "e7-e8q"),
            Ok(arrow(chess, "e7", "e8", false))
        );
        let lancers = variants::lancers();
        assert_eq!(
            parse_arrow(lancers, "b1h7ne"),
            Ok(arrow(lancers, "b1", "h7", false))
        );
        assert!(parse_arrow(lancers, "e7e8lne").is_ok());
        let cromwell = variants::cromwell();
        assert_eq!(
            parse_arrow(cromwell, "h1*h7"),
            Ok(arrow(cromwell, "h1", "h7", true))
        );
        let lion = variants::royal_lion();
        assert_eq!(
            parse_arrow(lion, "j10a1"),
            Ok(arrow(lion, "j10", "a1", false))
        );
        for bad in [
            "e2", "e2e9", "e4*e4", "e2e4zz", "22e4", "", "e2e4Q", "k1a1", "e2e4qq",
        ] {
            assert!(parse_arrow(chess, bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_arrow(chess, "e2e9"),
            Err("e9 is not a square of the 8x8 board".to_string())
        );
    }

    #[test]
    fn a_piece_that_moves_twice_gets_double_moves_and_passes() {
        let v = variants::royal_lion();
        let sq = |s: &str| v.geometry.parse_square(s).unwrap();
        let fen = "mhqdladqhm/rnbgccgbnr/ppp2ppppp/10/10/3pp5/4L5/PPPPPPPPPP/RNBGCCGBNR/MHQD1ADQHM w - - 0 1";
        let pos: Position<u128> = position_from_fen(v, fen).unwrap();
        let marks = |text: &str| {
            let raw = parse_arrows(v, Some(text)).unwrap();
            resolve_arrows(&pos, &raw).map_err(|e| e.0)
        };
        assert_eq!(
            marks("e4e5,e5f6"),
            Ok(vec![MoveMark::Double(sq("e4"), sq("e5"), sq("f6"))])
        );
        assert_eq!(
            marks("e4d5,d5e4,e4e4"),
            Ok(vec![
                MoveMark::Double(sq("e4"), sq("d5"), sq("e4")),
                MoveMark::Pass(sq("e4"))
            ])
        );
        // A Lion's jump and a pawn's two steps stay separate arrows.
        assert_eq!(
            marks("e4e6,e6e7,c3c4,c4c5"),
            Ok(vec![
                MoveMark::Step(sq("e4"), sq("e6")),
                MoveMark::Step(sq("e6"), sq("e7")),
                MoveMark::Step(sq("c3"), sq("c4")),
                MoveMark::Step(sq("c4"), sq("c5")),
            ])
        );
        // Only a piece that moves twice may pass.
        assert!(marks("c3c3").is_err());
        let c = variants::cromwell();
        let pos: Position<u64> = position_from_fen(c, c.start_fen).unwrap();
        let raw = parse_arrows(c, Some("a1*a7,b1c3")).unwrap();
        let sq = |s: &str| c.geometry.parse_square(s).unwrap();
        assert_eq!(
            resolve_arrows(&pos, &raw).map_err(|e| e.0),
            Ok(vec![
                MoveMark::Shot(sq("a1"), sq("a7")),
                MoveMark::Step(sq("b1"), sq("c3"))
            ])
        );
    }
}
