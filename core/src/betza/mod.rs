//! Betza notation: a piece's moves written as text (`"mRcpR"`, `"fmWfceFifmnD"`), read
//! into Joust's movement [`Atom`]s.
//!
//! The dialect is XBoard's "XBetza" as Fairy-Stockfish reads it in `variants.ini`, so that
//! a game file written for Fairy-Stockfish means the same here; a construct the two
//! programs read differently, or that Joust's atoms cannot express, is refused with a
//! [`BetzaError`] naming it and its column. Nothing is silently dropped and nothing
//! panics.
//!
//! # What is read
//!
//! A string is a sequence of groups, each some lower-case modifiers followed by an atom;
//! the piece has the moves of every group. `""` is a piece without moves. White space
//! around the text is ignored.
//!
//! **Atoms.** Leapers `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H` (3,0),
//! `C` (3,1), `Z` (3,2), `G` (3,3) and `K` (= `WF`); riders `R` (= `WW`), `B` (= `FF`)
//! and `Q` (= `RB`). Refused: `J` and `L` (Fairy-Stockfish reads them as Zebra and
//! Camel, XBoard the other way round), `O` (castling is a rule of the game in Joust), `U`.
//!
//! **Riders.** A doubled leaper rides without limit (`NN` the nightrider, `WW` = `R`); a
//! number after an atom is its range (`R4`, `W2`: up to 4 or 2 steps; `0` = no limit, so
//! `R0` = `R`, `N0` = `NN`; `K2` = `Q2`). A range of 1 is the leap itself.
//!
//! **Directions** (`f` forward, `b` back, `l` left, `r` right, `v` = `fb`, `s` = `lr`, `h`
//! half) select some of an atom's moves, as XBetza defines them, restricted to what XBoard
//! and Fairy-Stockfish read alike:
//!
//! * On an orthogonal atom (W, D, H, R) every letter adds its directions: `fsW` is the
//!   Xiangqi soldier, `vR` a vertical rook. `h` is refused.
//! * On a diagonal atom (F, A, G, B) `f`, `b`, `l` and `r` each select two diagonals, and
//!   a vertical letter next to a horizontal one (`fr`, `rf`, `bl`, ...) their common
//!   diagonal. `v`, `s` and `h` are refused (the programs read `vF`, `fsF` and `hrF`
//!   differently).
//! * On an oblique atom (N, C, Z) a single letter selects the steep or flat pair pointing
//!   that way (`fN` = (-1,2), (1,2); `rN` = (2,-1), (2,1)), `v` = `fb`, `s` = `lr`; a
//!   pair `XY` (X one of `f b l r`, Y a letter of the other axis, `v` and `s` included)
//!   selects what Y alone selects on X's side (`frN` = (2,1), `rfN` = (1,2), `fsN` = the
//!   two flat forward leaps, `rvN` = the two steep right ones); `Xh` is the four moves on
//!   X's side (`fhN`); `hr` and `hl` are the two chiral halves (`hrN` = (1,2), (2,-1),
//!   (-1,-2), (-2,1)) and must be the only directions. Other pairs (`vl`, `sf`, `vv`) are
//!   refused.
//! * `K` and `Q` take no directions: XBoard reads `fK` as one step forward,
//!   Fairy-Stockfish as three (`fWfF`); write `fWfF` or `fRfB`.
//!
//! Letters pair left to right when adjacent, as in Fairy-Stockfish: a letter pairs with
//! the next one if that repeats it or lies on the other axis (`f b v` vertical, `l r s`
//! horizontal, `h` both); a repeated letter means the letter once.
//!
//! Forward is towards the enemy: Black's moves are White's turned half round. A
//! selection that is the same after a half turn (`vR`, `hrN`) needs no turning; one that
//! is left-right symmetric (`fW`, `fsW`, `fN`) becomes a `relative` atom, whose ranks are
//! mirrored for Black; one that is neither (`rW`, `frW`) is refused as
//! [`BetzaErrorKind::Chiral`] unless written with `@` (below).
//!
//! **Modes.** `m` moves only (to an empty square), `c` captures only; both or neither:
//! moves and captures. `i` marks an initial move ([`Mode::INITIAL`]: in Joust, only
//! while the piece stands on its starting rank). `e` (en passant) is accepted only beside `c`
//! and then adds nothing: Joust captures en passant by the game's pawn rules, not by the
//! piece's atoms, so `fceF` is read as `fcF`.
//!
//! **Paths.** `n` makes a leap lame ([`Path::Lame`]): it is blocked by a piece on the
//! square [`lame_first_step`] names, which for `nN` (the Xiangqi horse), `nA` (the
//! Xiangqi elephant) and `nD` (a pawn's double step) is the one square XBetza and
//! Fairy-Stockfish mean. On other atoms `n` is refused: for `nZ` (the Janggi elephant),
//! `nC`, `nH` and `nG` Fairy-Stockfish blocks on both inner squares of a path and XBoard
//! on one; Fairy-Stockfish reads `nW`, `nF` and `nK` as plain leaps, XBoard gives them no
//! move; and neither makes riders lame. `p` makes a rider a cannon (hops one piece of
//! either side, lands anywhere beyond up to the next piece: Xiangqi's cannon is `mRcpR`,
//! Janggi's `pR`) and `g` a grasshopper (lands directly behind the first piece: `gQ`);
//! both are [`Path::Hop`], need a rider and take no range (Fairy-Stockfish counts a
//! hopper's range past the screen, XBoard from the start).
//!
//! **Multi-leg moves.** XBetza's `a` is read in one form only: `caK`, the Chu Shogi
//! Lion's hit-and-run (capture on a king step, then one more king step, which may return
//! to the start), which is [`Path::LionDouble`]. The Royal Lion is `KNADcaK`.
//!
//! **Refused modifiers.** `a` in other forms, `d` (capture own), `j` (jump, skip), `o`
//! (cylinder), `t` (tame), `y`, `z`, `q`, `u`, and any other letter: each is an
//! [`BetzaErrorKind::UnsupportedModifier`] at its column.
//!
//! # Joust's extensions
//!
//! XBetza has no words for some of Joust's pieces. The extensions are written with
//! characters that are not letters, so no present or future XBetza letter can clash with
//! them, and a string without them is plain XBetza.
//!
//! | written | meaning | example |
//! | --- | --- | --- |
//! | `!` | a mode like `m` and `c`: shoots ([`Mode::SHOOT`]) | Rupert `Q!R2` |
//! | `~` | rides through its own pieces ([`Path::RideThroughOwn`]) | Cromwell king `K~!Q2` |
//! | `MIN..MAX` | a range with a nearest step (`R2..`: 2 to the edge) | War Machine `mR!R2..` |
//! | `@` | compass directions, the same for both sides | Lancer facing NE `@~frB` |
//! | `t[FR]`, `t[WB]` | bent riders ([`Path::Bent`]) | Gryphon `t[FR]` |
//!
//! * `!` shoots: captures an enemy on the target square without moving. It adds up with
//!   `m` and `c` (`m!R` moves as a rook or shoots along its lines).
//! * `~` needs a rider: it passes over the mover's own pieces and stops at the first
//!   enemy (Lancers; the Cromwell king's shot, which reaches 2 squares over its own
//!   pieces).
//! * A range `MIN..MAX` after an atom gives the nearest step too: `R2..4` rides 2 to 4
//!   steps (the squares before step 2 must still be empty), `R2..` and `R2..0` 2 steps to
//!   the edge (the War Machine shoots the first piece on a line if it is at least two
//!   squares away).
//! * `@` makes directions compass directions: `f` is towards the higher ranks for both
//!   sides (the atom is not `relative`), so any set of directions is allowed (`@rW`). A
//!   Lancer facing north is `@~fR` whichever side owns it.
//! * `t[FR]` and `t[WB]` are Betza's own (pre-XBetza) bent riders: a first step as F (or
//!   W), then onward as R (or B) in the directions that lead away from the start: the
//!   Gryphon and the Crocodile; the Royal Lion Chess Dragon is `t[FR]t[WB]`.
//!
//! Modes and directions apply to these as to any atom (`!nN` shoots as a lame knight,
//! `ft[FR]` is a forward-only Gryphon); the path modifiers `n`, `p`, `g` and `~` exclude
//! each other.
//!
//! [`Path::Lame`]: crate::atom::Path::Lame
//! [`Path::Hop`]: crate::atom::Path::Hop
//! [`Path::LionDouble`]: crate::atom::Path::LionDouble
//! [`Path::RideThroughOwn`]: crate::atom::Path::RideThroughOwn
//! [`Path::Bent`]: crate::atom::Path::Bent
//! [`Mode::INITIAL`]: crate::atom::Mode::INITIAL
//! [`Mode::SHOOT`]: crate::atom::Mode::SHOOT
//! [`lame_first_step`]: crate::atom::lame_first_step

mod build;
mod directions;
mod error;
mod scan;

#[cfg(test)]
mod tests;

pub use error::{BetzaError, BetzaErrorKind};

use crate::atom::Atom;

/// Parses a Betza string (`"mRcpR"`, `"fmWfceFifmnD"`, `"QN"`, `"R4"`, `"NN"`) into
/// atoms, one per group of modifiers and atom letter, in the order written.
///
/// ```
/// use joust_core::atom::{Mode, Path, UNLIMITED};
/// use joust_core::betza::parse;
///
/// // The Xiangqi cannon: moves as a rook, captures by hopping.
/// let cannon = parse("mRcpR").unwrap();
/// assert_eq!(cannon.len(), 2);
/// assert_eq!(cannon[0].mode, Mode::MOVE);
/// assert_eq!(cannon[1].path, Path::Hop { max: UNLIMITED });
/// assert_eq!(cannon[1].mode, Mode::CAPTURE);
///
/// // The FIDE pawn: forward moves turn with the side to move.
/// let pawn = parse("fmWfceFifmnD").unwrap();
/// assert_eq!(pawn[0].offsets, vec![(0, 1)]);
/// assert!(pawn.iter().all(|a| a.relative));
/// assert_eq!(pawn[2].path, Path::Lame);
///
/// // A mistake is reported with its column.
/// let err = parse("QJ").unwrap_err();
/// assert_eq!(err.column, 2);
/// ```
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    scan::groups(text)?.iter().map(build::atom).collect()
}
