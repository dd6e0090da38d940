//! Piece pictures for SVG diagrams, as vector shapes in a 100x100 box (y down).
//!
//! The six FIDE kinds (by their name in the rules book, docs/rules/, as in the text
//! board) have classic silhouettes. Fairy kinds have pictures of their own
//! ([`crate::outlines`]): beasts for the animal names (Lion, Leopard, Gryphon,
//! Crocodile, Dragon, Elephant and Alfil, Unicorn, Hawk, Spider), a fortress, a cannon
//! (War Machine and Cannon), a counsellor for the one-step diagonal movers (Fers, Ferz,
//! Met, Neang), a hooded Schleich, a commoner (Mann), a spire (Khon), a pennant
//! (Courier). A compound of a FIDE mover and the Knight is drawn as that piece in front
//! of a Knight (Marshal and Chancellor a Rook; Paladin, Archbishop, Cardinal, Janus and
//! Minister a Bishop; Amazon a Queen; Ai-Wok a Rook; Centaur a commoner). Cromwell's
//! one-side pieces wear a FIDE silhouette with a letter badge (Pym on a Rook, Rupert on
//! a Queen, Horseman on a Knight); Lancers are shields bearing their letter; a royal
//! kind that is not the King wears a crown (the Royal Lion). A kind with a name not
//! listed here is a round token bearing its letter. Within a game every kind is
//! distinct.

use crate::outlines::{outline, Base};
use crate::strokefont::{text_path, CAP_HEIGHT, GLYPH_WIDTH};
use joust_core::{Color, Direction, Piece, PieceKind, Variant};

/// How a kind is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Design {
    /// The picture in front.
    base: Base,
    /// A second picture behind it, for a compound (the Knight of a Marshal).
    behind: Option<Base>,
    /// The letter it bears: inside a shield or token, or on a badge.
    letter: Option<char>,
    /// A crown marks it royal.
    crown: bool,
}

/// How a kind is drawn, by its name (its letter only where the name has no picture).
fn design(kind: &PieceKind) -> Design {
    let plain = |base| Design {
        base,
        behind: None,
        letter: None,
        crown: kind.royal && base != Base::King,
    };
    let with_knight = |base| Design {
        behind: Some(Base::Knight),
        ..plain(base)
    };
    let lettered = |base| Design {
        letter: Some(kind.letter),
        ..plain(base)
    };
    match kind.name {
        "King" | "General" => plain(Base::King),
        "Queen" => Design {
            crown: false,
            ..plain(Base::Queen)
        },
        "Rook" | "Chariot" => plain(Base::Rook),
        "Bishop" => plain(Base::Bishop),
        "Knight" | "Horse" => plain(Base::Knight),
        "Pawn" | "Breakthrough Pawn" | "Soldier" => plain(Base::Pawn),
        "Lancer" | "King's Lancer" | "Queen's Lancer" => lettered(Base::Shield),
        "War Machine" | "Cannon" => plain(Base::Cannon),
        "Horseman" => lettered(Base::Knight),
        "Rupert" => lettered(Base::Queen),
        "Pym" => lettered(Base::Rook),
        "Marshal" | "Chancellor" | "Ai-Wok" => with_knight(Base::Rook),
        "Paladin" | "Archbishop" | "Cardinal" | "Janus" | "Minister" => with_knight(Base::Bishop),
        "Amazon" => with_knight(Base::Queen),
        "Centaur" => with_knight(Base::Man),
        "Lion" => plain(Base::Lion),
        "Leopard" => plain(Base::Leopard),
        "Gryphon" => plain(Base::Gryphon),
        "Crocodile" => plain(Base::Crocodile),
        "Dragon" => plain(Base::Dragon),
        "Elephant" | "Alfil" => plain(Base::Elephant),
        "Unicorn" => plain(Base::Unicorn),
        "Hawk" => plain(Base::Hawk),
        "Spider" => plain(Base::Spider),
        "Fortress" => plain(Base::Fortress),
        "Fers" | "Ferz" | "Met" | "Neang" | "Advisor" => plain(Base::Ferz),
        "Schleich" => plain(Base::Hood),
        "Mann" => plain(Base::Man),
        "Khon" => plain(Base::Spire),
        "Courier" => plain(Base::Pennant),
        "Banner" => with_knight(Base::Cannon),
        // Shatar's Bers: a Rook that also steps as a Fers.
        "Bers" => Design {
            behind: Some(Base::Ferz),
            ..plain(Base::Rook)
        },
        // Clobber's stones: a plain disc, as on a Go board.
        "Stone" => plain(Base::Token),
        _ => lettered(Base::Token),
    }
}

/// Fill, outline and inner-detail colours of a side's pieces.
fn colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#000000", "#000000"),
        Color::Black => ("#202020", "#000000", "#ffffff"),
    }
}

/// The filled outline and detail strokes of a base, in the side's colours.
fn silhouette(base: Base, color: Color) -> String {
    let (fill, line, detail) = colours(color);
    let (shape, inner) = outline(base);
    let mut s = format!(
        r#"<path d="{shape}" fill="{fill}" stroke="{line}" stroke-width="3" stroke-linejoin="round"/>"#
    );
    if !inner.is_empty() {
        s.push_str(&format!(
            r#"<path d="{inner}" fill="none" stroke="{detail}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>"#
        ));
    }
    s
}

/// The crown drawn above a royal token.
const CROWN: &str = "M30,26L26,4L40,14L50,2L60,14L74,4L70,26Z";

/// The SVG elements of a piece in the 100x100 box, without a wrapping group.
pub fn piece_shape(variant: &Variant, piece: Piece) -> String {
    let d = design(variant.kind(piece.kind));
    let (fill, line, detail) = colours(piece.color);
    let mut s = String::new();
    if d.crown {
        s.push_str(&format!(
            r#"<path d="{CROWN}" fill="{fill}" stroke="{line}" stroke-width="3" stroke-linejoin="round"/>"#
        ));
    }
    match d.behind {
        Some(back) => {
            // The second piece up and to the right, the first in front, both smaller.
            s.push_str(&format!(
                r#"<g transform="translate(26,0) scale(0.74)">{}</g><g transform="translate(0,22) scale(0.76)">{}</g>"#,
                silhouette(back, piece.color),
                silhouette(d.base, piece.color)
            ));
        }
        None => s.push_str(&silhouette(d.base, piece.color)),
    }
    if let Some(c) = d.letter {
        let inside = matches!(d.base, Base::Shield | Base::Token);
        let mark = if inside {
            let scale = 5.0;
            let top = if d.base == Base::Shield { 30.0 } else { 39.0 };
            text_path(&c.to_string(), 50.0 - GLYPH_WIDTH * scale / 2.0, top, scale)
        } else {
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
        };
        let width = if inside { "6" } else { "4" };
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

    /// Every kind of every built-in game has a picture of its own: none falls back to
    /// the lettered token. The message lists every kind that does.
    #[test]
    fn no_kind_of_a_built_in_game_is_a_lettered_token() {
        let mut tokens = Vec::new();
        for v in variants::all() {
            for k in v.kind_ids() {
                let kind = v.kind(k);
                let d = design(kind);
                if d.base == Base::Token && d.letter.is_some() {
                    tokens.push(format!("{} {} ({})", v.id, kind.name, kind.letter));
                }
            }
        }
        assert!(tokens.is_empty(), "lettered tokens: {}", tokens.join(", "));
    }

    #[test]
    fn compounds_stand_before_a_knight_and_royals_wear_a_crown() {
        let v = variants::royal_lion();
        let by = |c: char| v.kind(v.any_kind_by_letter(c).unwrap());
        let marshal = design(by('M'));
        assert_eq!(
            (marshal.base, marshal.behind),
            (Base::Rook, Some(Base::Knight))
        );
        let paladin = design(by('H'));
        assert_eq!(
            (paladin.base, paladin.behind),
            (Base::Bishop, Some(Base::Knight))
        );
        assert_eq!(design(by('Q')).behind, None);
        let lion = design(by('L'));
        assert_eq!(
            (lion.base, lion.letter, lion.crown),
            (Base::Lion, None, true)
        );
        let shape = piece_shape(
            v,
            Piece::new(Color::Black, v.any_kind_by_letter('L').unwrap()),
        );
        assert!(
            shape.contains(CROWN) && shape.contains("#ffffff"),
            "{shape}"
        );
        // The King is royal but needs no crown.
        let chess = variants::chess();
        let king = chess.any_kind_by_letter('K').unwrap();
        assert!(!piece_shape(chess, Piece::new(Color::White, king)).contains(CROWN));
    }
}
