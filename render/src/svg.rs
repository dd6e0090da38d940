//! SVG diagrams of positions: a board of the game's size with coordinates, vector pieces
//! (no fonts needed), Lancer facings, the last move, move arrows (shots and double moves
//! drawn as what they are), the royal piece in check, whose turn it is, optional flip,
//! and in Musketeer the reserve rows. The output is deterministic, so it can be
//! snapshot-tested.

use crate::marks::{self, MoveMark};
use crate::shapes::{facing_shape, piece_shape};
use crate::strokefont::{num, text_path, text_width, CAP_HEIGHT};
use joust_core::{Bits, Color, KindId, Piece, Position, Square, MAX_KINDS};
use std::fmt::Write;

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgStyle {
    /// Black at the bottom: the board turned half a circle.
    pub flip: bool,
    /// The last move, whose squares are highlighted.
    pub last_move: Option<MoveMark>,
    /// Moves drawn as arrows (plans, threats, candidate moves), each as its kind of move
    /// looks: see [`MoveMark`].
    pub arrows: Vec<MoveMark>,
    /// Squares of royal pieces in check, drawn with a red glow (the caller knows the
    /// rules: it decides what is check).
    pub check: Vec<Square>,
}

/// Side of a square, in SVG units (pixels at 100% zoom).
pub const SQUARE: f64 = 60.0;
/// Margin left of and below the board, holding the coordinates.
const MARGIN: f64 = 30.0;
/// Margin above the board.
const EDGE: f64 = 10.0;
/// Margin right of the board, holding the disc that marks the side to move.
const RIGHT: f64 = 26.0;
/// Gap between the board and a reserve row.
const GAP: f64 = 8.0;
/// Scale of the coordinate glyphs (12 units tall).
const COORD_SCALE: f64 = 2.0;

/// Light and dark square colours, plain and as the last move.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// Light square of the last move.
pub const LIGHT_MARKED: &str = "#f7ec74";
/// Dark square of the last move.
pub const DARK_MARKED: &str = "#dac34b";

/// Where things go in the picture.
struct Layout {
    files: u8,
    ranks: u8,
    flip: bool,
    reserves: bool,
    board_top: f64,
}

impl Layout {
    /// The board's left edge.
    fn left(&self) -> f64 {
        MARGIN
    }

    /// The board's bottom edge.
    fn bottom(&self) -> f64 {
        self.board_top + self.ranks as f64 * SQUARE
    }

    /// The picture's width and height.
    fn size(&self) -> (f64, f64) {
        let w = MARGIN + self.files as f64 * SQUARE + RIGHT;
        let below = if self.reserves { GAP + SQUARE } else { 0.0 };
        (w, self.bottom() + below + MARGIN)
    }

    /// The screen column of a file.
    fn column(&self, file: u8) -> f64 {
        let c = if self.flip {
            self.files - 1 - file
        } else {
            file
        };
        self.left() + c as f64 * SQUARE
    }

    /// The top edge of a rank's row.
    fn row(&self, rank: u8) -> f64 {
        let r = if self.flip {
            rank
        } else {
            self.ranks - 1 - rank
        };
        self.board_top + r as f64 * SQUARE
    }

    /// The top edge of a side's reserve row (above the board for the side drawn at the
    /// top).
    fn reserve_row(&self, color: Color) -> f64 {
        let top = (color == Color::Black) != self.flip;
        if top {
            EDGE
        } else {
            self.bottom() + GAP
        }
    }
}

/// Escapes text for an XML attribute or element.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A label in the stroke font, centred on (`cx`, `cy`).
fn label(out: &mut String, text: &str, cx: f64, cy: f64) {
    let x = cx - text_width(text, COORD_SCALE) / 2.0;
    let y = cy - CAP_HEIGHT * COORD_SCALE / 2.0;
    let _ = write!(
        out,
        r##"<path d="{}" fill="none" stroke="#333333" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>"##,
        text_path(text, x, y, COORD_SCALE)
    );
}

/// A piece drawn in the square whose top-left corner is (`x`, `y`).
fn piece(
    out: &mut String,
    pos_variant: &'static joust_core::Variant,
    p: Piece,
    x: f64,
    y: f64,
    flip: bool,
) {
    let _ = write!(
        out,
        r#"<g transform="translate({},{}) scale({})">{}</g>"#,
        num(x),
        num(y),
        num(SQUARE / 100.0),
        piece_shape(pos_variant, p)
    );
    facing(out, pos_variant, p, x, y, flip);
}

/// A Lancer's facing marker over the square whose top-left corner is (`x`, `y`); drawn
/// after the arrows, so that no arrow hides it.
fn facing(
    out: &mut String,
    pos_variant: &'static joust_core::Variant,
    p: Piece,
    x: f64,
    y: f64,
    flip: bool,
) {
    if let Some(d) = pos_variant.kind(p.kind).facing {
        let _ = write!(
            out,
            r#"<g transform="translate({},{}) scale({})">{}</g>"#,
            num(x),
            num(y),
            num(SQUARE / 100.0),
            facing_shape(d, flip)
        );
    }
}

/// Draws a position as a standalone SVG document (ends with a newline).
pub fn board_svg<B: Bits>(pos: &Position<B>, style: &SvgStyle) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let musketeer = !v.gating_types.is_empty() && pos.gating().types[0].is_some();
    // A game with gating from the hand draws each side's hand in a row of its own,
    // where Musketeer draws its reserve cells.
    let reserves = musketeer || v.hand_gating;
    let layout = Layout {
        files: g.files(),
        ranks: g.ranks(),
        flip: style.flip,
        reserves,
        board_top: if reserves { EDGE + SQUARE + GAP } else { EDGE },
    };
    let (w, h) = layout.size();
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = num(w),
        h = num(h)
    );
    let _ = write!(
        out,
        "<desc>{} {}</desc>",
        escape(v.name),
        escape(&pos.to_fen())
    );
    let _ = write!(
        out,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        num(w),
        num(h)
    );
    let last: Vec<Square> = style.last_move.map_or(Vec::new(), MoveMark::squares);
    for sq in g.squares() {
        let (f, r) = (g.file(sq).0, g.rank(sq).0);
        let marked = last.contains(&sq);
        let fill = match (g.is_dark(sq), marked) {
            (false, false) => LIGHT,
            (true, false) => DARK,
            (false, true) => LIGHT_MARKED,
            (true, true) => DARK_MARKED,
        };
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{fill}"/>"#,
            num(layout.column(f)),
            num(layout.row(r)),
            s = num(SQUARE)
        );
    }
    let _ = write!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333333" stroke-width="1.5"/>"##,
        num(layout.left()),
        num(layout.board_top),
        num(g.files() as f64 * SQUARE),
        num(g.ranks() as f64 * SQUARE)
    );
    if !style.check.is_empty() {
        marks::check_gradient(&mut out);
    }
    for &sq in &style.check {
        let (f, r) = (g.file(sq).0, g.rank(sq).0);
        marks::check_glow(&mut out, layout.column(f), layout.row(r), SQUARE);
    }
    for f in 0..g.files() {
        let name = ((b'a' + f) as char).to_string();
        label(
            &mut out,
            &name,
            layout.column(f) + SQUARE / 2.0,
            layout.size().1 - MARGIN / 2.0,
        );
    }
    for r in 0..g.ranks() {
        label(
            &mut out,
            &(r + 1).to_string(),
            MARGIN / 2.0,
            layout.row(r) + SQUARE / 2.0,
        );
    }
    if reserves {
        for c in Color::ALL {
            let y = layout.reserve_row(c);
            let number = match c {
                Color::White => 0,
                Color::Black => g.ranks() + 1,
            };
            if musketeer {
                label(
                    &mut out,
                    &number.to_string(),
                    MARGIN / 2.0,
                    y + SQUARE / 2.0,
                );
            }
            let hand: Vec<KindId> = (0..MAX_KINDS as u8)
                .rev()
                .map(KindId)
                .flat_map(|k| std::iter::repeat_n(k, pos.hand_count(c, k) as usize))
                .collect();
            for f in 0..g.files() {
                let x = layout.column(f);
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{s}" height="{s}" fill="#ececec" stroke="#999999" stroke-width="1"/>"##,
                    num(x),
                    num(y),
                    s = num(SQUARE)
                );
                let kind = match musketeer {
                    true => pos.gating().reserve_on(c, f).map(|(_, k)| k),
                    false => hand.get(f as usize).copied(),
                };
                if let Some(kind) = kind {
                    piece(&mut out, v, Piece::new(c, kind), x, y, style.flip);
                }
            }
        }
    }
    let on_board = |sq: Square| {
        let (f, r) = (g.file(sq).0, g.rank(sq).0);
        (layout.column(f), layout.row(r))
    };
    for sq in pos.occupied().squares() {
        let p = pos.piece_at(sq).expect("occupied");
        let (x, y) = on_board(sq);
        let _ = write!(
            out,
            r#"<g transform="translate({},{}) scale({})">{}</g>"#,
            num(x),
            num(y),
            num(SQUARE / 100.0),
            piece_shape(v, p)
        );
    }
    let centre = |sq: Square| {
        let (x, y) = on_board(sq);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    };
    for &mark in &style.arrows {
        match mark {
            MoveMark::Step(a, b) => marks::step(&mut out, centre(a), centre(b), SQUARE),
            MoveMark::Shot(a, b) => marks::shot(&mut out, centre(a), centre(b), SQUARE),
            MoveMark::Double(a, b, c) => {
                marks::double(&mut out, centre(a), centre(b), centre(c), SQUARE)
            }
            MoveMark::Pass(a) => marks::pass(&mut out, centre(a), SQUARE),
        }
    }
    for sq in pos.occupied().squares() {
        let p = pos.piece_at(sq).expect("occupied");
        let (x, y) = on_board(sq);
        facing(&mut out, v, p, x, y, style.flip);
    }
    // The side to move: a disc right of the board, level with the row nearest that
    // side's player.
    let mover = pos.side_to_move();
    let near_bottom = (mover == Color::White) != style.flip;
    let row_top = if near_bottom {
        layout.bottom() - SQUARE
    } else {
        layout.board_top
    };
    let disc_x = layout.left() + g.files() as f64 * SQUARE + RIGHT / 2.0;
    marks::turn_disc(
        &mut out,
        (disc_x, row_top + SQUARE / 2.0),
        mover == Color::White,
        SQUARE,
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::{variants, Variant};

    /// The SVG of `fen` in `variant`, on the bitboard width its board needs.
    fn draw(variant: &'static Variant, fen: &str, style: &SvgStyle) -> String {
        if variant.geometry.len() <= 64 {
            board_svg(&Position::<u64>::from_fen(variant, fen).unwrap(), style)
        } else {
            board_svg(&Position::<u128>::from_fen(variant, fen).unwrap(), style)
        }
    }

    fn sq(v: &Variant, name: &str) -> Square {
        v.geometry.parse_square(name).unwrap()
    }

    /// One picture per game, each showing a different option.
    fn pictures() -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for v in variants::all() {
            let style = match v.id {
                "chess" => SvgStyle {
                    last_move: Some(MoveMark::Step(sq(v, "e2"), sq(v, "e4"))),
                    arrows: vec![
                        MoveMark::Step(sq(v, "g1"), sq(v, "f3")),
                        MoveMark::Step(sq(v, "d2"), sq(v, "d4")),
                    ],
                    ..SvgStyle::default()
                },
                "lancers" => SvgStyle {
                    flip: true,
                    // Along the b1 Lancer's facing, over its marker.
                    arrows: vec![MoveMark::Step(sq(v, "b1"), sq(v, "h7"))],
                    ..SvgStyle::default()
                },
                "royal-lion" => SvgStyle {
                    flip: true,
                    // The Lion's double move through e5, capture and return on d5,
                    // and its pass.
                    arrows: vec![
                        MoveMark::Double(sq(v, "e4"), sq(v, "e5"), sq(v, "f6")),
                        MoveMark::Double(sq(v, "e4"), sq(v, "d5"), sq(v, "e4")),
                        MoveMark::Pass(sq(v, "e4")),
                    ],
                    ..SvgStyle::default()
                },
                "cromwell" => SvgStyle {
                    arrows: vec![
                        MoveMark::Shot(sq(v, "a1"), sq(v, "a6")),
                        MoveMark::Shot(sq(v, "e3"), sq(v, "e4")),
                    ],
                    last_move: Some(MoveMark::Step(sq(v, "e5"), sq(v, "e4"))),
                    ..SvgStyle::default()
                },
                "kingofthehill" => SvgStyle {
                    check: vec![sq(v, "e8")],
                    ..SvgStyle::default()
                },
                _ => SvgStyle::default(),
            };
            let fen = match v.id {
                "chess" => "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "musketeer" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 4",
                "royal-lion" => "mhqdladqhm/rnbgccgbnr/ppp2ppppp/10/10/3pp5/4L5/PPPPPPPPPP/RNBGCCGBNR/MHQD1ADQHM w - - 0 1",
                "cromwell" => "whbykbhw/1ppp1ppp/p7/8/4p3/4P3/1PPP1PPP/WHBRKBHW w - - 0 1",
                "kingofthehill" => "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
                _ => v.start_fen,
            };
            out.push((v.id, draw(v, fen, &style)));
        }
        out
    }

    #[test]
    fn one_diagram_per_game() {
        for (id, svg) in pictures() {
            assert!(!svg.contains("<text"), "{id} uses a font");
            insta::assert_snapshot!(format!("svg_{id}"), svg);
        }
    }

    #[test]
    fn size_follows_the_board_and_reserve_rows() {
        let chess = variants::chess();
        let svg = draw(chess, chess.start_fen, &SvgStyle::default());
        assert!(
            svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="536" height="520""#)
        );
        let lion = variants::royal_lion();
        let svg = draw(lion, lion.start_fen, &SvgStyle::default());
        assert!(
            svg.contains(r#"width="656" height="640""#),
            "{}",
            &svg[..120]
        );
        let m = variants::musketeer();
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 4";
        let svg = draw(m, fen, &SvgStyle::default());
        assert!(
            svg.contains(r#"width="536" height="656""#),
            "{}",
            &svg[..120]
        );
        // Before any type is chosen there are no reserve rows to show.
        let svg = draw(m, m.start_fen, &SvgStyle::default());
        assert!(svg.contains(r#"width="536" height="520""#));
    }

    #[test]
    fn flipping_moves_a1_to_the_top_right() {
        let v = variants::chess();
        let style = SvgStyle {
            flip: true,
            last_move: Some(MoveMark::Step(sq(v, "a1"), sq(v, "h8"))),
            ..SvgStyle::default()
        };
        let svg = draw(v, v.start_fen, &style);
        // a1 is dark: its marked square is drawn in the top-right corner when flipped.
        assert!(
            svg.contains(&format!(
                r#"<rect x="450" y="10" width="60" height="60" fill="{DARK_MARKED}"/>"#
            )),
            "{svg}"
        );
    }

    /// Renders an SVG with resvg (a real renderer) and returns the pixels.
    fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
        let tree =
            resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("valid SVG");
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::default(),
            &mut pixmap.as_mut(),
        );
        pixmap
    }

    fn rgb(hex: &str) -> (u8, u8, u8) {
        let n = u32::from_str_radix(&hex[1..], 16).unwrap();
        ((n >> 16) as u8, (n >> 8) as u8, n as u8)
    }

    fn pixel(p: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
        let c = p.pixel(x, y).unwrap();
        (c.red(), c.green(), c.blue())
    }

    #[test]
    fn every_diagram_renders_with_resvg_to_the_expected_pixels() {
        for (id, svg) in pictures() {
            let p = render(&svg);
            let inked = p
                .pixels()
                .iter()
                .filter(|c| c.red() < 64 && c.alpha() == 255)
                .count();
            assert!(inked > 5_000, "{id}: only {inked} dark pixels");
            if id == "chess" {
                assert_eq!((p.width(), p.height()), (536, 520));
                // e4 (light, the last move's target): its corner is highlighted.
                assert_eq!(
                    pixel(&p, 30 + 4 * 60 + 3, 10 + 4 * 60 + 3),
                    rgb(LIGHT_MARKED)
                );
                // e3 is an empty dark square; c6 an empty light one.
                assert_eq!(pixel(&p, 30 + 4 * 60 + 30, 10 + 5 * 60 + 30), rgb(DARK));
                assert_eq!(pixel(&p, 30 + 2 * 60 + 30, 10 + 2 * 60 + 30), rgb(LIGHT));
                // The black king on e8 is drawn in black near the square's centre.
                let (r, _, _) = pixel(&p, 30 + 4 * 60 + 30, 10 + 40);
                assert!(
                    r < 64,
                    "e8 centre is {:?}",
                    pixel(&p, 30 + 4 * 60 + 30, 10 + 40)
                );
                // The arrow d2-d4 crosses d3 in green.
                let (r, g, b) = pixel(&p, 30 + 3 * 60 + 30, 10 + 5 * 60 + 30);
                assert!(g > r && g > b, "d3 is {:?}", (r, g, b));
            }
            if id == "royal-lion" {
                assert_eq!((p.width(), p.height()), (656, 640));
            }
        }
    }
}
