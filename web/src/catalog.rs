//! The games the page offers: every built-in game and every game added from a game file,
//! with their rules in short, and for one game what the board needs to draw it (squares,
//! and each kind's picture from `joust-render`'s SVG shapes).

use joust_core::{variants, Color, KindId, Piece, Variant};
use joust_render::rules::rules_in_short;
use joust_render::words::pieces_in_words;
use joust_render::{facing_shape, piece_shape};
use serde::Serialize;

/// A game in the chooser.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct VariantSummary {
    /// Its id (`lancerchess`).
    pub id: &'static str,
    /// Its name (`LancerChess`).
    pub name: &'static str,
    /// One line about it.
    pub summary: &'static str,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Its rules in short, one bullet each.
    pub rules: Vec<String>,
    /// How each piece moves, in words (a piece name, or a name and a side where the
    /// sides' pieces move differently).
    pub pieces: Vec<PieceWords>,
    /// The address of its page of the rules book (`/rules/ID`), for built-in games.
    pub book: Option<String>,
}

/// A piece's movement in words, for the game chooser.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PieceWords {
    /// The piece's name (`Leopard`, `Pawn (White's)`).
    pub name: String,
    /// How it moves (`Moves and captures as a knight or up to 2 squares diagonally.`).
    pub movement: String,
}

/// A square of the board.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SquareInfo {
    /// Its name (`e4`, `j10`).
    pub name: String,
    /// Its file, from 0.
    pub file: u8,
    /// Its rank, from 0.
    pub rank: u8,
    /// True for a dark square.
    pub dark: bool,
}

/// A kind of piece and its pictures.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct KindInfo {
    /// Its name.
    pub name: &'static str,
    /// Its FEN letter.
    pub letter: char,
    /// True for a royal piece.
    pub royal: bool,
    /// The way a Lancer faces (0 = north, clockwise in eighths), if it does.
    pub facing: Option<u8>,
    /// How White's and Black's piece are written in the board field of a FEN (`L(ne)`,
    /// `l(ne)` for a Lancer facing north-east), for the board editor.
    pub fen: [String; 2],
    /// SVG elements of White's and Black's piece in a 100x100 box.
    pub svg: [String; 2],
    /// SVG elements of the facing arrow (as seen with White below, then with the board
    /// flipped), for a kind that faces.
    pub facing_svg: Option<[String; 2]>,
}

/// One game as the board draws it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct VariantDetail {
    /// What the chooser shows.
    #[serde(flatten)]
    pub summary: VariantSummary,
    /// The start position.
    pub start_fen: &'static str,
    /// Every square, by index.
    pub squares: Vec<SquareInfo>,
    /// Every kind, by index.
    pub kinds: Vec<KindInfo>,
    /// True if the game has a row of reserve cells behind each back rank (Musketeer).
    pub reserve: bool,
}

fn is_builtin(v: &Variant) -> bool {
    variants::all().iter().any(|b| std::ptr::eq(*b, v))
}

/// What the chooser shows of `v`.
pub fn summary(v: &'static Variant) -> VariantSummary {
    VariantSummary {
        id: v.id,
        name: v.name,
        summary: v.summary,
        files: v.geometry.files(),
        ranks: v.geometry.ranks(),
        rules: rules_in_short(v),
        pieces: pieces_in_words(v)
            .into_iter()
            .map(|(name, movement)| PieceWords { name, movement })
            .collect(),
        book: is_builtin(v).then(|| crate::book::link(v.id)).flatten(),
    }
}

/// Every game: the built-in ones, then those from game files.
pub fn list() -> Vec<VariantSummary> {
    variants::with_user_games()
        .into_iter()
        .map(summary)
        .collect()
}

/// `v` with its squares and piece pictures.
pub fn detail(v: &'static Variant) -> VariantDetail {
    let g = v.geometry;
    let squares = g
        .squares()
        .map(|sq| SquareInfo {
            name: g.name(sq).to_string(),
            file: g.file(sq).0,
            rank: g.rank(sq).0,
            dark: g.is_dark(sq),
        })
        .collect();
    let kinds = (0..v.kinds.len() as u8)
        .map(KindId)
        .map(|k| {
            let kind = v.kind(k);
            KindInfo {
                name: kind.name,
                letter: kind.letter,
                royal: kind.royal,
                facing: kind.facing.map(|d| d as u8),
                fen: Color::ALL.map(|c| {
                    let letter = match c {
                        Color::White => kind.letter,
                        Color::Black => kind.letter.to_ascii_lowercase(),
                    };
                    match kind.facing {
                        Some(d) => format!("{letter}({})", d.name()),
                        None => letter.to_string(),
                    }
                }),
                svg: Color::ALL.map(|c| piece_shape(v, Piece::new(c, k))),
                facing_svg: kind
                    .facing
                    .map(|d| [facing_shape(d, false), facing_shape(d, true)]),
            }
        })
        .collect();
    VariantDetail {
        summary: summary(v),
        start_fen: v.start_fen,
        squares,
        kinds,
        reserve: !v.gating_types.is_empty(),
    }
}
