//! The silhouettes of piece pictures, as SVG path data in a 100x100 box (y down): the
//! six FIDE outlines, and the fairy ones (beasts in profile facing left as the Knight
//! does, or facing the viewer; figures; buildings), each standing on the same footing.
//!
//! A silhouette is an outline, filled in the side's colour and stroked black, and inner
//! detail strokes drawn over the fill in the side's contrasting colour.

use std::f64::consts::PI;
use std::fmt::Write;

/// The outline of a piece picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Base {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// A Lancer's shield (bearing its letter).
    Shield,
    /// The round token of a kind with no picture (bearing its letter).
    Token,
    Cannon,
    /// A lion's face in its mane.
    Lion,
    /// A cat's face with pointed ears and spots.
    Leopard,
    /// An eagle's head with a hooked beak and pointed ears.
    Gryphon,
    /// A long snout with a row of teeth.
    Crocodile,
    /// A horned head with a spiny neck.
    Dragon,
    /// A face with broad ears and a trunk.
    Elephant,
    /// A horse's head with a horn.
    Unicorn,
    /// A perched bird of prey.
    Hawk,
    /// A round body with eight legs.
    Spider,
    /// A wall between two towers, with a gate.
    Fortress,
    /// A counsellor: a small figure with a ball on top and a diagonal cross (one step
    /// diagonally).
    Ferz,
    /// A hooded figure (the Wazir, one step straight).
    Hood,
    /// A commoner's head and shoulders (steps as a king, not royal).
    Man,
    /// A tiered spire (Makruk's Khon).
    Spire,
    /// A pennant on a staff (a messenger).
    Pennant,
}

/// The footing most pictures stand on.
const FOOT: &str = "M24,88Q24,78 34,78H66Q76,78 76,88Z";

/// The outline path and inner detail strokes of a base.
pub fn outline(base: Base) -> (String, String) {
    let (a, b): (&str, &str) = match base {
        Base::Pawn => (
            "M37,30A13,13 0 1,0 63,30A13,13 0 1,0 37,30Z\
             M40,44Q50,38 60,44L66,76H34ZM24,88Q24,76 36,76H64Q76,76 76,88Z",
            "",
        ),
        Base::Rook => (
            "M24,88V78H31L35,44H28V20H39V28H45V20H55V28H61V20H72V44H65L69,78H76V88Z",
            "M35,44H65M31,78H69",
        ),
        Base::Bishop => (
            "M45,11A5,5 0 1,0 55,11A5,5 0 1,0 45,11Z\
             M50,16C66,28 68,46 59,58H41C32,46 34,28 50,16Z\
             M38,58H62V66H38ZM22,88Q30,70 50,70Q70,70 78,88Z",
            "M50,30V46M43,38H57",
        ),
        Base::Knight => (
            "M32,88H78C78,58 72,30 52,18L48,8L41,19C32,24 22,40 19,52\
             C18,60 25,64 31,58L43,50C45,58 37,66 31,76Z",
            "M40,30L44,32",
        ),
        Base::Queen => (
            "M28,88H72L74,72L86,30L66,56L66,20L57,52L50,14L43,52L34,20L34,56L14,30L26,72Z\
             M9,30A5,5 0 1,0 19,30A5,5 0 1,0 9,30ZM81,30A5,5 0 1,0 91,30A5,5 0 1,0 81,30Z\
             M29,20A5,5 0 1,0 39,20A5,5 0 1,0 29,20ZM61,20A5,5 0 1,0 71,20A5,5 0 1,0 61,20Z\
             M45,14A5,5 0 1,0 55,14A5,5 0 1,0 45,14Z",
            "M26,74H74",
        ),
        Base::King => (
            "M28,88H72L74,72C94,60 86,32 64,42C58,38 54,40 50,48C46,40 42,38 36,42\
             C14,32 6,60 26,72ZM46,6H54V16H62V24H54V40H46V24H38V16H46Z",
            "M26,74H74",
        ),
        Base::Shield => ("M18,14H82V46C82,70 68,84 50,94C32,84 18,70 18,46Z", ""),
        Base::Token => (
            "M16,54A34,34 0 1,0 84,54A34,34 0 1,0 16,54Z",
            "M22,54A28,28 0 1,0 78,54A28,28 0 1,0 22,54Z",
        ),
        Base::Cannon => (
            "M16,60L74,18L88,38L30,80ZM20,72A16,16 0 1,0 52,72A16,16 0 1,0 20,72Z\
             M8,88H92V94H8Z",
            "M32,72A4,4 0 1,0 40,72A4,4 0 1,0 32,72Z",
        ),
        Base::Lion => return lion(),
        Base::Leopard => (
            "M24,52C24,36 30,30 32,16L42,28Q50,26 58,28L68,16C70,30 76,36 76,52\
             C76,68 64,76 50,76C36,76 24,68 24,52Z",
            "M40,46L44,48M60,46L56,48M46,58L50,62L54,58M50,62V66M44,68Q50,72 56,68\
             M31,56h0.1M35,64h0.1M69,56h0.1M65,64h0.1M36,38h0.1M64,38h0.1",
        ),
        Base::Gryphon => (
            "M36,88H80C82,64 76,44 66,32L70,10L58,26C52,22 44,22 38,24\
             C28,28 20,36 16,46C14,52 18,56 24,52L28,48C30,52 28,56 24,58\
             C34,60 42,58 48,54C50,64 46,76 36,88Z",
            "M40,34L45,35M56,58Q66,68 62,84M64,50Q74,62 72,84M48,54Q52,46 48,40",
        ),
        Base::Crocodile => (
            "M10,62V54Q10,48 18,48H50Q56,36 68,36Q82,36 86,50V88H54V70Q50,68 46,68H18Q10,68 10,62Z",
            "M14,58L19,54L24,58L29,54L34,58L39,54L44,58L49,54L54,58M64,44L68,46M70,74Q78,78 80,86",
        ),
        Base::Dragon => (
            "M32,88H82L86,80L80,76L86,66L78,62L82,50L72,42L86,16L62,32L60,10L50,30\
             C40,30 30,36 22,42L10,44L18,50L10,56L24,57C32,58 40,56 46,52\
             C48,64 42,76 32,88Z",
            "M38,38L43,39M14,50H22M58,58Q68,66 66,80",
        ),
        Base::Elephant => (
            "M10,40Q10,24 26,24Q34,24 36,30Q42,20 50,20Q58,20 64,30Q66,24 74,24\
             Q90,24 90,40Q90,60 72,60L62,64V78Q62,88 52,88Q44,88 42,82L48,80Q52,82 52,78\
             V64Q38,64 34,60Q10,60 10,40Z",
            "M36,30Q28,42 36,56M64,30Q72,42 64,56M43,44h0.1M57,44h0.1M40,62Q36,70 30,72M60,62Q64,70 70,72",
        ),
        Base::Unicorn => (
            "M32,88H78C78,58 72,30 52,18L48,8L41,19C32,24 22,40 19,52\
             C18,60 25,64 31,58L43,50C45,58 37,66 31,76ZM38,22L20,2L44,18Z",
            "M40,30L44,32M28,12L34,10M33,17L38,14",
        ),
        Base::Hawk => (
            "M48,12C60,12 68,20 68,30C80,40 82,60 74,76L80,88H46L52,78\
             C40,72 36,56 42,42C38,36 34,32 24,36C26,22 36,12 48,12Z",
            "M47,24L52,24M50,44Q66,52 68,72M56,62L62,72",
        ),
        Base::Spider => return spider(),
        Base::Fortress => (
            "M12,88V34H20V26H26V34H32V26H38V48H62V26H68V34H74V26H80V34H88V88Z",
            "M42,88V72A8,8 0 0,1 58,72V88M12,48H38M62,48H88",
        ),
        Base::Ferz => (
            "M44,16A6,6 0 1,0 56,16A6,6 0 1,0 44,16Z\
             M50,22Q64,22 64,36Q64,46 56,50L60,76H40L44,50Q36,46 36,36Q36,22 50,22Z",
            "M44,30L56,42M56,30L44,42M42,64H58",
        ),
        Base::Hood => (
            "M30,76Q30,62 38,54Q28,46 32,32Q38,14 50,12Q62,14 68,32Q72,46 62,54Q70,62 70,76Z",
            "M40,40Q50,28 60,40Q58,52 50,54Q42,52 40,40ZM50,58V74",
        ),
        Base::Man => (
            "M38,36A12,12 0 1,0 62,36A12,12 0 1,0 38,36ZM32,30Q34,14 50,14Q66,14 68,30Z\
             M26,76Q26,56 50,52Q74,56 74,76Z",
            "M30,30H70M50,56V76",
        ),
        Base::Spire => (
            "M50,6L56,34H44ZM40,34H60L64,50H36ZM32,50H68L62,76H38Z",
            "M44,42H56M40,62H60",
        ),
        Base::Pennant => (
            "M45,10H53V78H45ZM53,12L86,24L53,38Z",
            "M58,20L74,25",
        ),
    };
    let mut shape = a.to_string();
    if matches!(
        base,
        Base::Leopard | Base::Ferz | Base::Hood | Base::Man | Base::Spire | Base::Pennant
    ) {
        shape.push_str(FOOT);
    }
    (shape, b.to_string())
}

/// Formats a coordinate with at most one decimal.
fn n(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// The Lion: a face inside a mane of sixteen points, on the footing.
fn lion() -> (String, String) {
    let (cx, cy) = (50.0, 54.0);
    let mut mane = String::new();
    for i in 0..32 {
        let r = if i % 2 == 0 { 31.0 } else { 24.0 };
        let a = i as f64 * PI / 16.0;
        let cmd = if i == 0 { 'M' } else { 'L' };
        let _ = write!(mane, "{cmd}{},{}", n(cx + r * a.cos()), n(cy + r * a.sin()));
    }
    mane.push('Z');
    mane.push_str(FOOT);
    let detail = "M34,54A16,16 0 1,0 66,54A16,16 0 1,0 34,54Z\
                  M42,50L46,51M58,50L54,51M46,58L50,62L54,58M50,62V65M45,66Q50,70 55,66";
    (mane, detail.to_string())
}

/// The Spider: a round body and head with four bent legs each side, the legs drawn as
/// thin outlined bands so that they fill and stroke as every outline does.
fn spider() -> (String, String) {
    let mut s = String::from(
        "M36,56A14,16 0 1,0 64,56A14,16 0 1,0 36,56ZM42,34A8,8 0 1,0 58,34A8,8 0 1,0 42,34Z",
    );
    let legs: [[(f64, f64); 3]; 4] = [
        [(40, 40), (24, 22), (14, 30)],
        [(38, 48), (18, 40), (8, 52)],
        [(38, 58), (18, 62), (10, 76)],
        [(40, 66), (26, 78), (22, 90)],
    ]
    .map(|leg| leg.map(|(x, y)| (x as f64, y as f64)));
    for leg in legs {
        for side in [1.0, -1.0] {
            let pts: Vec<(f64, f64)> = leg
                .iter()
                .map(|&(x, y)| (50.0 + side * (x - 50.0), y))
                .collect();
            s.push_str(&band(&pts, 2.2));
        }
    }
    (s, "M46,32h0.1M54,32h0.1M50,48V66".to_string())
}

/// A closed outline round the polyline `pts`, `w` either side of it.
fn band(pts: &[(f64, f64)], w: f64) -> String {
    let normal = |i: usize| {
        let (a, b) = match i {
            0 => (pts[0], pts[1]),
            i if i == pts.len() - 1 => (pts[i - 1], pts[i]),
            i => (pts[i - 1], pts[i + 1]),
        };
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let l = (dx * dx + dy * dy).sqrt();
        (-dy / l, dx / l)
    };
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (i, &(x, y)) in pts.iter().enumerate() {
        let (nx, ny) = normal(i);
        left.push((x + nx * w, y + ny * w));
        right.push((x - nx * w, y - ny * w));
    }
    right.reverse();
    let mut out = String::new();
    for (i, (x, y)) in left.into_iter().chain(right).enumerate() {
        let cmd = if i == 0 { 'M' } else { 'L' };
        let _ = write!(out, "{cmd}{},{}", n(x), n(y));
    }
    out.push('Z');
    out
}
