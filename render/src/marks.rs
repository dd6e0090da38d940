//! What an SVG diagram draws over the board besides the pieces: move arrows of every
//! kind of move (a step, a shot, a Lion's double move, a pass), the glow under a royal
//! piece in check, and the disc that says whose turn it is.
//!
//! Each kind of move looks like what it does: a piece that moves gets a solid arrow; a
//! shot (Cromwell) is a dashed line ending in a target mark, the shooter staying put; a
//! Lion's double move is an arrow bent at its middle square, which is ringed (a capture
//! and return goes out on one side and comes back on the other); a pass is a circular
//! arrow round the piece.

use crate::strokefont::num;
use joust_core::Square;
use std::fmt::Write;

/// A move as a diagram draws it, as an arrow or as the last move's highlighted squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveMark {
    /// A piece goes from the first square to the second (any ordinary move).
    Step(Square, Square),
    /// The piece on the first square shoots the piece on the second and stays put.
    Shot(Square, Square),
    /// A double move (the Lion's): from the first square through the second to the
    /// third, which may be the first again (capture and return).
    Double(Square, Square, Square),
    /// The piece on the square passes (a step out and back).
    Pass(Square),
}

impl MoveMark {
    /// The squares the move touches, highlighted when it is the last move.
    pub fn squares(self) -> Vec<Square> {
        match self {
            MoveMark::Step(a, b) | MoveMark::Shot(a, b) => vec![a, b],
            MoveMark::Double(a, b, c) => vec![a, b, c],
            MoveMark::Pass(a) => vec![a],
        }
    }
}

/// Colour of move arrows (lichess's green).
pub const ARROW: &str = "#15781b";
/// Colour of shots: red, as a capture from afar.
pub const SHOT: &str = "#c62828";
/// Id of the radial gradient under a royal piece in check.
const CHECK_GRADIENT: &str = "joust-check";

/// A point in picture coordinates.
type Point = (f64, f64);

fn pt((x, y): Point) -> String {
    format!("{},{}", num(x), num(y))
}

/// The unit vector from `a` to `b` and the distance, or `None` if they coincide.
fn direction(a: Point, b: Point) -> Option<(Point, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    (len > 0.0).then(|| ((dx / len, dy / len), len))
}

/// `a` moved `d` along the unit vector `u`.
fn along(a: Point, u: Point, d: f64) -> Point {
    (a.0 + u.0 * d, a.1 + u.1 * d)
}

/// An arrowhead whose tip is at `tip`, pointing along the unit vector `u`.
fn head(out: &mut String, tip: Point, u: Point, square: f64, colour: &str) {
    let len = 0.35 * square;
    let wing = 0.22 * square;
    let base = along(tip, u, -len);
    let n = (-u.1, u.0);
    let _ = write!(
        out,
        r#"<polygon points="{} {} {}" fill="{colour}" fill-opacity="0.75"/>"#,
        pt(along(base, n, wing)),
        pt(tip),
        pt(along(base, n, -wing))
    );
}

/// A straight arrow from the centre of one square to the centre of another; it starts a
/// little way out of the from-square's centre so that the piece stays visible.
pub fn step(out: &mut String, from: Point, to: Point, square: f64) {
    let Some((u, len)) = direction(from, to) else {
        return;
    };
    let (nx, ny) = (-u.1, u.0);
    let head_len = (0.35 * square).min(len);
    let shaft = 0.09 * square;
    let wing = 0.22 * square;
    let start = (0.2 * square).min(len - head_len);
    let (ax, ay) = along(from, u, start);
    let (bx, by) = along(to, u, -head_len);
    let points = [
        (ax + nx * shaft, ay + ny * shaft),
        (bx + nx * shaft, by + ny * shaft),
        (bx + nx * wing, by + ny * wing),
        to,
        (bx - nx * wing, by - ny * wing),
        (bx - nx * shaft, by - ny * shaft),
        (ax - nx * shaft, ay - ny * shaft),
    ];
    let points: Vec<String> = points.iter().map(|&p| pt(p)).collect();
    let _ = write!(
        out,
        r#"<polygon points="{}" fill="{ARROW}" fill-opacity="0.75"/>"#,
        points.join(" ")
    );
}

/// A shot: a dashed line from the edge of the shooter's piece to a target mark (a ring
/// with four ticks) on the victim; the shooter's square gets no arrowhead, since it
/// does not move.
pub fn shot(out: &mut String, from: Point, to: Point, square: f64) {
    let Some((u, len)) = direction(from, to) else {
        return;
    };
    let ring = 0.3 * square;
    let start = along(from, u, (0.3 * square).min(len / 2.0));
    let end = along(to, u, -ring);
    let w = 0.07 * square;
    let _ = write!(
        out,
        r#"<g stroke="{SHOT}" stroke-opacity="0.85" fill="none" stroke-width="{}" stroke-linecap="round">"#,
        num(w)
    );
    let _ = write!(
        out,
        r#"<path d="M{}L{}" stroke-dasharray="{} {}" stroke-linecap="butt"/>"#,
        pt(start),
        pt(end),
        num(0.12 * square),
        num(0.12 * square)
    );
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}"/>"#,
        num(to.0),
        num(to.1),
        num(ring)
    );
    let (x, y) = to;
    let (a, b) = (0.18 * square, 0.42 * square);
    let _ = write!(
        out,
        r#"<path d="M{},{}H{}M{},{}H{}M{},{}V{}M{},{}V{}"/>"#,
        num(x - b),
        num(y),
        num(x - a),
        num(x + a),
        num(y),
        num(x + b),
        num(x),
        num(y - b),
        num(y - a),
        num(x),
        num(y + a),
        num(y + b)
    );
    out.push_str("</g>");
}

/// A double move: a stroked arrow from `from` bent at `via` (which is ringed) to `to`;
/// when `to` is `from` (capture and return) the arrow goes out on one side of the line
/// and comes back on the other, turning round the middle square.
pub fn double(out: &mut String, from: Point, via: Point, to: Point, square: f64) {
    let Some((u, len)) = direction(from, via) else {
        return;
    };
    let w = 0.18 * square;
    let ring = 0.3 * square;
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ARROW}" stroke-opacity="0.75" stroke-width="{}"/>"#,
        num(via.0),
        num(via.1),
        num(ring),
        num(0.06 * square)
    );
    let head_len = 0.35 * square;
    let style = format!(
        r#"fill="none" stroke="{ARROW}" stroke-opacity="0.75" stroke-width="{}" stroke-linejoin="round""#,
        num(w)
    );
    if to == from {
        // Out on one side, round the middle square, back on the other.
        let n = (-u.1, u.0);
        let off = 0.2 * square;
        let w = 0.08 * square;
        let style = format!(
            r#"fill="none" stroke="{ARROW}" stroke-opacity="0.75" stroke-width="{}" stroke-linejoin="round""#,
            num(w)
        );
        let out_start = along(along(from, u, 0.2 * square), n, off);
        let turn_a = along(via, n, off);
        let turn_b = along(via, n, -off);
        let back_tip = along(along(from, u, 0.15 * square), n, -off);
        let back_end = along(back_tip, u, 0.7 * head_len);
        let _ = write!(
            out,
            r#"<path d="M{}L{}A{r},{r} 0 0 0 {}L{}" {style}/>"#,
            pt(out_start),
            pt(turn_a),
            pt(turn_b),
            pt(back_end),
            r = num(off)
        );
        head(out, back_tip, (-u.0, -u.1), 0.7 * square, ARROW);
        return;
    }
    let Some((v, len2)) = direction(via, to) else {
        return;
    };
    let start = along(from, u, (0.2 * square).min(len / 2.0));
    let end = along(to, v, -head_len.min(len2 / 2.0));
    let _ = write!(
        out,
        r#"<path d="M{}L{}L{}" {style}/>"#,
        pt(start),
        pt(via),
        pt(end)
    );
    head(out, to, v, square, ARROW);
}

/// A pass: a circular arrow round the piece on the square, nearly closed.
pub fn pass(out: &mut String, centre: Point, square: f64) {
    let r = 0.4 * square;
    let (x, y) = centre;
    // From the top, clockwise three quarters and more, ending left of the top.
    let a0 = -90f64.to_radians() + 0.35;
    let a1 = a0 + 2.0 * std::f64::consts::PI - 1.1;
    let p0 = (x + r * a0.cos(), y + r * a0.sin());
    let p1 = (x + r * a1.cos(), y + r * a1.sin());
    let _ = write!(
        out,
        r#"<path d="M{}A{r},{r} 0 1 1 {}" fill="none" stroke="{ARROW}" stroke-opacity="0.75" stroke-width="{}"/>"#,
        pt(p0),
        pt(p1),
        num(0.1 * square),
        r = num(r)
    );
    // The head continues the circle: its tangent at the end.
    let tangent = (-a1.sin(), a1.cos());
    let tip = along(p1, tangent, 0.28 * square);
    let small = 0.7 * square;
    head(out, tip, tangent, small, ARROW);
}

/// The definitions the check glow needs, put once at the top of a picture.
pub fn check_gradient(out: &mut String) {
    let _ = write!(
        out,
        r##"<defs><radialGradient id="{CHECK_GRADIENT}" r="0.6"><stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#e70000"/><stop offset="0.9" stop-color="#a90000" stop-opacity="0"/><stop offset="1" stop-color="#9e0000" stop-opacity="0"/></radialGradient></defs>"##
    );
}

/// The red glow under a royal piece in check, as lichess draws it, over the square whose
/// top-left corner is (`x`, `y`).
pub fn check_glow(out: &mut String, x: f64, y: f64, square: f64) {
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="url(#{CHECK_GRADIENT})"/>"#,
        num(x),
        num(y),
        s = num(square)
    );
}

/// The disc beside the board on the side to move's edge: white or black, outlined.
pub fn turn_disc(out: &mut String, centre: Point, white: bool, square: f64) {
    let fill = if white { "#ffffff" } else { "#202020" };
    let _ = write!(
        out,
        r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#333333" stroke-width="1.5"/>"##,
        num(centre.0),
        num(centre.1),
        num(0.14 * square)
    );
}
