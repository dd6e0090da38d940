//! The marks of an SVG diagram as a viewer sees them: each picture is rendered with resvg
//! (a real SVG renderer) and its pixels are checked where the mark must show.

use joust_core::{variants, Position, Square, Variant};
use joust_render::{board_svg, MoveMark, SvgStyle};
use resvg::tiny_skia::Pixmap;

/// The pixels of the diagram of `fen` drawn with `style`.
fn render(v: &'static Variant, fen: &str, style: &SvgStyle) -> Pixmap {
    let svg = if v.geometry.len() <= 64 {
        board_svg(&Position::<u64>::from_fen(v, fen).unwrap(), style)
    } else {
        board_svg(&Position::<u128>::from_fen(v, fen).unwrap(), style)
    };
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

fn sq(v: &Variant, name: &str) -> Square {
    v.geometry.parse_square(name).unwrap()
}

/// The pixels of a 60-pixel square whose top-left corner is (`x`, `y`) that are clearly
/// red.
fn red_pixels(p: &Pixmap, x: u32, y: u32) -> usize {
    let mut n = 0;
    for dy in 0..60 {
        for dx in 0..60 {
            let c = p.pixel(x + dx, y + dy).unwrap();
            if c.red() as i32 > c.green() as i32 + 80 && c.red() as i32 > c.blue() as i32 + 80 {
                n += 1;
            }
        }
    }
    n
}

fn is_red(p: &Pixmap, x: u32, y: u32) -> bool {
    let c = p.pixel(x, y).unwrap();
    c.red() > 150 && c.green() < 100 && c.blue() < 100
}

fn is_green(p: &Pixmap, x: u32, y: u32) -> bool {
    let c = p.pixel(x, y).unwrap();
    let (r, g, b) = (c.red() as i32, c.green() as i32, c.blue() as i32);
    g > r + 20 && g > b + 20
}

#[test]
fn the_royal_in_check_glows_red_and_only_then() {
    let v = variants::chess();
    let fen = "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
    let check = SvgStyle {
        check: vec![sq(v, "e8")],
        ..SvgStyle::default()
    };
    // e8 is the fifth column of the top row: (30 + 4 * 60, 10).
    let glowing = red_pixels(&render(v, fen, &check), 270, 10);
    let plain = red_pixels(&render(v, fen, &SvgStyle::default()), 270, 10);
    assert!(glowing > 300, "only {glowing} red pixels on e8");
    assert_eq!(plain, 0);
}

#[test]
fn a_shot_is_a_red_dashed_line_to_a_target_ring_without_a_head() {
    let v = variants::cromwell();
    let fen = "whbykbhw/1ppp1ppp/p7/8/4p3/4P3/1PPP1PPP/WHBRKBHW w - - 0 1";
    let style = SvgStyle {
        arrows: vec![MoveMark::Shot(sq(v, "a1"), sq(v, "a6"))],
        ..SvgStyle::default()
    };
    let p = render(v, fen, &style);
    // a6's centre is (60, 160); the ring (radius 18) crosses right of it.
    assert!(is_red(&p, 78, 160));
    // The line crosses a3 and a4, with gaps between dashes.
    let column: Vec<bool> = (190..310).map(|y| is_red(&p, 60, y)).collect();
    let reds = column.iter().filter(|&&r| r).count();
    let gaps = column.windows(2).filter(|w| w[0] && !w[1]).count();
    assert!(
        reds > 30 && gaps >= 4,
        "{reds} red pixels of 120, {gaps} gaps"
    );
    // The War Machine on a1 stays drawn in white, and no green arrowhead appears.
    let c = p.pixel(60, 460).unwrap();
    assert!(!is_green(&p, 60, 460), "{c:?}");
}

#[test]
fn a_double_move_bends_through_its_ringed_middle_square() {
    let v = variants::royal_lion();
    let fen =
        "mhqdladqhm/rnbgccgbnr/ppp2ppppp/10/10/3pp5/4L5/PPPPPPPPPP/RNBGCCGBNR/MHQD1ADQHM w - - 0 1";
    let style = SvgStyle {
        arrows: vec![MoveMark::Double(sq(v, "e4"), sq(v, "e5"), sq(v, "f6"))],
        ..SvgStyle::default()
    };
    let p = render(v, fen, &style);
    // Squares: e is column 4 (x 270..330), f column 5; rank 5 is row 5 (y 310..370),
    // rank 6 row 4 (y 250..310). The ring round e5 shows at its left, the leg from e5
    // to f6 crosses their shared corner, and e4 to e5 crosses their shared edge.
    assert!(is_green(&p, 300 - 18, 340), "ring");
    assert!(is_green(&p, 330, 310), "second leg");
    assert!(is_green(&p, 300, 370), "first leg");
    // Nothing goes straight from e4 to f6 over f5.
    assert!(!is_green(&p, 345, 355));
}

#[test]
fn an_arrow_over_a_lancer_leaves_its_facing_marker_visible() {
    let v = variants::lancers();
    let style = SvgStyle {
        flip: true,
        arrows: vec![MoveMark::Step(sq(v, "b1"), sq(v, "h7"))],
        ..SvgStyle::default()
    };
    let p = render(v, v.start_fen, &style);
    // Flipped, b1 is the seventh column of the top row (390, 10); its Lancer faces NE,
    // which points down-left on the screen, where the arrow leaves the square. A point
    // inside the marker, (50, 12) of the piece box turned 225 degrees round its centre:
    assert!(is_red(&p, 404, 56), "{:?}", p.pixel(404, 56));
}
