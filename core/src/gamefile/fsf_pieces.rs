//! The pieces a game file may name without describing them: Fairy-Stockfish's predefined
//! piece types, each with its Betza notation (as Fairy-Stockfish's documentation of
//! `variants.ini` lists them) and a name for people.
//!
//! The FIDE pieces, and those Joust already knows, come from [`crate::pieces`], so that a
//! game defined in a file gets the same pieces (and values) as the built-in games.

use crate::piece::PieceKind;
use crate::pieces;

/// A piece type a file can name, as in `knight = n`.
pub(crate) struct Predefined {
    /// The key naming it in a file (`knight`).
    pub key: &'static str,
    /// Its Betza notation.
    pub betza: &'static str,
    /// The name shown to people.
    pub name: &'static str,
}

/// Every predefined piece type, in Fairy-Stockfish's order.
pub(crate) const PREDEFINED: &[Predefined] = &[
    p("pawn", "fmWfceF", "Pawn"),
    p("knight", "N", "Knight"),
    p("bishop", "B", "Bishop"),
    p("rook", "R", "Rook"),
    p("queen", "Q", "Queen"),
    p("fers", "F", "Fers"),
    p("alfil", "A", "Alfil"),
    p("fersAlfil", "FA", "Fers-Alfil"),
    p("silver", "FfW", "Silver General"),
    p("aiwok", "RNF", "Ai-Wok"),
    p("bers", "RF", "Bers"),
    p("archbishop", "BN", "Archbishop"),
    p("chancellor", "RN", "Chancellor"),
    p("amazon", "QN", "Amazon"),
    p("knibis", "mNcB", "Knibis"),
    p("biskni", "mBcN", "Biskni"),
    p("kniroo", "mNcR", "Kniroo"),
    p("rookni", "mRcN", "Rookni"),
    p("shogiPawn", "fW", "Shogi Pawn"),
    p("lance", "fR", "Lance"),
    p("shogiKnight", "fN", "Shogi Knight"),
    p("gold", "WfF", "Gold General"),
    p("dragonHorse", "BW", "Dragon Horse"),
    p("clobber", "cW", "Clobber"),
    p("breakthrough", "fmWfF", "Breakthrough Pawn"),
    p("immobile", "", "Immobile"),
    p("cannon", "mRcpR", "Cannon"),
    p("janggiCannon", "pR", "Janggi Cannon"),
    p("soldier", "fsW", "Soldier"),
    p("horse", "nN", "Horse"),
    p("elephant", "nA", "Elephant"),
    p("janggiElephant", "nZ", "Janggi Elephant"),
    p("banner", "RcpRnN", "Banner"),
    p("wazir", "W", "Wazir"),
    p("commoner", "K", "Commoner"),
    p("centaur", "KN", "Centaur"),
    p("king", "K", "King"),
];

const fn p(key: &'static str, betza: &'static str, name: &'static str) -> Predefined {
    Predefined { key, betza, name }
}

/// The predefined piece with this key.
pub(crate) fn predefined(key: &str) -> Option<&'static Predefined> {
    PREDEFINED.iter().find(|p| p.key == key)
}

/// The piece Joust already builds for a predefined key, with its value: the same atoms
/// (so the fast generators recognise it) as in the built-in games.
pub(crate) fn joust_piece(key: &str) -> Option<PieceKind> {
    Some(match key {
        "pawn" => pieces::pawn(),
        "knight" => pieces::knight(),
        "bishop" => pieces::bishop(),
        "rook" => pieces::rook(),
        "queen" => pieces::queen(),
        "king" => pieces::king(),
        "archbishop" => pieces::archbishop(),
        "chancellor" => pieces::chancellor(),
        "amazon" => pieces::amazon(),
        _ => return None,
    })
}
