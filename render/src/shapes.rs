//! Piece pictures for SVG diagrams, as vector shapes in a 100x100 box (y down).
//!
//! The six FIDE kinds (by their name in the rules book, docs/rules/, as in the text
//! board) have classic silhouettes. A fairy kind is a silhouette plus its FEN letter
//! drawn in the stroke font: compounds that move like a FIDE piece plus more wear that
//! piece's silhouette with a letter badge (Marshal/Chancellor/Pym on a Rook,
//! Paladin/Archbishop on a Bishop, Amazon/Rupert on a Queen, Horseman on a Knight);
//! Lancers are shields bearing their letter; the War Machine is a cannon; every other
//! kind is a round token bearing its letter, with a crown when royal (the Royal Lion).
//! Within a game every kind is distinct.

use crate::strokefont::{text_path, CAP_HEIGHT, GLYPH_WIDTH};
use joust_core::{Color, Direction, Piece, PieceKind, Variant};

/// The base outline of a piece picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Base {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Shield,
    Token,
    Cannon,
}

/// How a kind is drawn: its outline, the letter it bears (inside a shield or token, or on
/// a badge on a FIDE outline), and whether a crown marks it royal.
fn design(kind: &PieceKind) -> (Base, Option<char>, bool) {
    let l = Some(kind.letter);
    match kind.name {
        "King" => (Base::King, None, false),
        "Queen" => (Base::Queen, None, false),
        "Rook" => (Base::Rook, None, false),
        "Bishop" => (Base::Bishop, None, false),
        "Knight" => (Base::Knight, None, false),
        "Pawn" => (Base::Pawn, None, false),
        "Lancer" | "King's Lancer" | "Queen's Lancer" => (Base::Shield, l, kind.royal),
        "War Machine" => (Base::Cannon, None, kind.royal),
        "Horseman" => (Base::Knight, l, kind.royal),
        "Rupert" | "Amazon" => (Base::Queen, l, kind.royal),
        "Pym" | "Marshal" | "Chancellor" => (Base::Rook, l, kind.royal),
        "Paladin" | "Archbishop" => (Base::Bishop, l, kind.royal),
        _ => (Base::Token, l, kind.royal),
    }
}

/// Fill, outline and inner-detail colours of a side's pieces.
fn colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#000000", "#000000"),
        Color::Black => ("#202020", "#000000", "#ffffff"),
    }
}

/// The outline path(s) of a base, and inner detail strokes drawn over the fill.
fn outline(base: Base) -> (&'static str, &'static str) {
    match base {
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
    }
}

/// The crown drawn above a royal token.
const CROWN: &str = "M30,26L26,4L40,14L50,2L60,14L74,4L70,26Z";

/// The SVG elements of a piece in the 100x100 box, without a wrapping group.
pub fn piece_shape(variant: &Variant, piece: Piece) -> String {
    let kind = variant.kind(piece.kind);
    let (base, letter, crown) = design(kind);
    let (fill, line, detail) = colours(piece.color);
    let (shape, inner) = outline(base);
    let mut s = String::new();
    if crown {
        s.push_str(&format!(
            r#"<path d="{CROWN}" fill="{fill}" stroke="{line}" stroke-width="3" stroke-linejoin="round"/>"#
        ));
    }
    s.push_str(&format!(
        r#"<path d="{shape}" fill="{fill}" stroke="{line}" stroke-width="3" stroke-linejoin="round"/>"#
    ));
    if !inner.is_empty() {
        s.push_str(&format!(
            r#"<path d="{inner}" fill="none" stroke="{detail}" stroke-width="2.5" stroke-linecap="round"/>"#
        ));
    }
    if let Some(c) = letter {
        let mark = match base {
            Base::Shield | Base::Token => {
                let scale = 5.0;
                let top = if base == Base::Shield { 30.0 } else { 39.0 };
                text_path(&c.to_string(), 50.0 - GLYPH_WIDTH * scale / 2.0, top, scale)
            }
            _ => {
                s.push_str(&format!(
                    r#"<circle cx="78" cy="78" r="17" fill="{fill}" stroke="{line}" stroke-width="3"/>"#
                ));
                let scale = 3.2;
                text_path(
                    &c.to_string(),
                    78.0 - GLYPH_WIDTH * scale / 2.0,
                    78.0 - CAP_HEIGHT * scale / 2.0,
                    scale,
                )
            }
        };
        let width = if matches!(base, Base::Shield | Base::Token) {
            "6"
        } else {
            "4"
        };
        s.push_str(&format!(
            r#"<path d="{mark}" fill="none" stroke="{detail}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>"#
        ));
    }
    s
}

/// A Lancer's facing arrow in the 100x100 box: a red arrowhead at the square's edge,
/// pointing the way the Lancer faces on the screen (turned half a circle when flipped).
pub fn facing_shape(facing: Direction, flip: bool) -> String {
    let angle = (facing as u32 * 45 + if flip { 180 } else { 0 }) % 360;
    format!(
        r##"<path d="M50,0L66,20H57V30H43V20H34Z" transform="rotate({angle} 50 50)" fill="#d32f2f" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn every_kind_of_every_army_looks_different_from_the_others_of_its_game() {
        for v in variants::all() {
            for c in Color::ALL {
                let mut seen: Vec<(String, String)> = Vec::new();
                for &k in &v.armies[c.index()] {
                    let kind = v.kind(k);
                    // Lancers of one game differ only by facing, drawn separately.
                    let picture = piece_shape(v, Piece::new(c, k));
                    let picture = match kind.facing {
                        Some(d) => picture + &facing_shape(d, false),
                        None => picture,
                    };
                    let label = format!("{c} {}", kind.name);
                    if let Some((other, _)) = seen.iter().find(|(_, p)| *p == picture) {
                        panic!("{}: {label} looks like {other}", v.id);
                    }
                    seen.push((label, picture));
                }
            }
        }
    }

    #[test]
    fn fairy_kinds_bear_their_letter_and_fide_kinds_do_not() {
        let v = variants::royal_lion();
        let marshal = v.any_kind_by_letter('M').unwrap();
        let queen = v.any_kind_by_letter('Q').unwrap();
        let lion = v.any_kind_by_letter('L').unwrap();
        assert_eq!(design(v.kind(marshal)), (Base::Rook, Some('M'), false));
        assert_eq!(design(v.kind(queen)), (Base::Queen, None, false));
        assert_eq!(design(v.kind(lion)), (Base::Token, Some('L'), true));
        let shape = piece_shape(v, Piece::new(Color::Black, lion));
        assert!(
            shape.contains(CROWN) && shape.contains("#ffffff"),
            "{shape}"
        );
    }
}
