//! The 960 start positions of Fischer Random chess by Scharnagl's number (0 to 959; 518
//! is chess's own array), for any 8-file game with Chess960 castling whose start array
//! has chess's shape (docs/rules/fischerandom.md, "The start positions").

use crate::variant::Variant;
use std::fmt;

/// Why a start position could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The game has no Chess960 castling.
    NotChess960(&'static str),
    /// The game's start array is not chess's shape on 8 files (a pair of rooks in the
    /// corners, then pairs of knights and bishops, a queen and the castling king).
    NotChessArray(&'static str),
    /// The number is not from 0 to 959.
    OutOfRange(u32),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::NotChess960(id) => {
                write!(f, "{id} has no Chess960 castling, so no numbered start positions")
            }
            StartError::NotChessArray(id) => write!(
                f,
                "{id}'s start array is not chess's shape on 8 files, which Scharnagl's numbers shuffle"
            ),
            StartError::OutOfRange(n) => {
                write!(f, "start position {n} does not exist: they are numbered 0 to 959")
            }
        }
    }
}

impl std::error::Error for StartError {}

/// The roles of chess's array, by their place in it: Rook, Knight, Bishop, Queen, King.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Role {
    Rook,
    Knight,
    Bishop,
    Queen,
    King,
}

/// The back rank of start position `n` (0..960) as roles, file a first, by Scharnagl's
/// numbering: light-squared bishop, dark-squared bishop, queen on the n-th free file,
/// the knights by the table of ten, then Rook, King, Rook on the three files left.
fn arrangement(n: u32) -> [Role; 8] {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut rank: [Option<Role>; 8] = [None; 8];
    let light = n % 4;
    let n = n / 4;
    rank[(2 * light + 1) as usize] = Some(Role::Bishop);
    let dark = n % 4;
    let n = n / 4;
    rank[(2 * dark) as usize] = Some(Role::Bishop);
    let free = |rank: &[Option<Role>; 8]| -> Vec<usize> {
        (0..8).filter(|&f| rank[f].is_none()).collect()
    };
    rank[free(&rank)[(n % 6) as usize]] = Some(Role::Queen);
    let (a, b) = KNIGHTS[(n / 6) as usize];
    let files = free(&rank);
    rank[files[a]] = Some(Role::Knight);
    rank[files[b]] = Some(Role::Knight);
    let files = free(&rank);
    for (f, role) in files.into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[f] = Some(role);
    }
    rank.map(|r| r.expect("every file is filled"))
}

/// The FEN of start position `n` of `variant` (Scharnagl's number, 0 to 959): the
/// game's start with both back ranks shuffled alike, the pieces standing where chess's
/// array puts each role (518 is the game's own start), and Shredder-FEN castling rights
/// for both Rooks of each side.
///
/// ```
/// use joust_core::{chess960::scharnagl_fen, variants};
///
/// let frc = variants::by_id("fischerandom").unwrap();
/// assert_eq!(scharnagl_fen(frc, 518).unwrap(), frc.start_fen);
/// assert_eq!(
///     scharnagl_fen(frc, 0).unwrap(),
///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
/// );
/// assert!(scharnagl_fen(frc, 960).is_err());
/// ```
pub fn scharnagl_fen(variant: &Variant, n: u32) -> Result<String, StartError> {
    let c960 = variant
        .chess960
        .as_ref()
        .ok_or(StartError::NotChess960(variant.id))?;
    if n >= 960 {
        return Err(StartError::OutOfRange(n));
    }
    let not_chess = StartError::NotChessArray(variant.id);
    let mut fields = variant.start_fen.split(' ');
    let placement = fields.next().unwrap_or("");
    let rest: Vec<&str> = fields.skip(1).collect();
    let rows: Vec<&str> = placement.split('/').collect();
    let (Some(black), Some(white)) = (rows.first(), rows.last()) else {
        return Err(not_chess);
    };
    let letters: Vec<char> = white.chars().collect();
    let symmetric = letters.len() == 8
        && variant.geometry.files() == 8
        && c960.rank == 0
        && letters.iter().all(char::is_ascii_uppercase)
        && (0..3).all(|f| letters[f] == letters[7 - f])
        && letters[4] == c960.king
        && c960.rooks.contains(&letters[0])
        && *black == white.to_ascii_lowercase();
    if !symmetric {
        return Err(not_chess);
    }
    let letter = |role: Role| match role {
        Role::Rook => letters[0],
        Role::Knight => letters[1],
        Role::Bishop => letters[2],
        Role::Queen => letters[3],
        Role::King => letters[4],
    };
    let back: String = arrangement(n).iter().map(|&r| letter(r)).collect();
    let rooks: Vec<char> = (0..8u8)
        .rev()
        .filter(|&f| arrangement(n)[f as usize] == Role::Rook)
        .map(|f| (b'A' + f) as char)
        .collect();
    let castling: String = rooks
        .iter()
        .copied()
        .chain(rooks.iter().map(char::to_ascii_lowercase))
        .collect();
    let mut middle = rows[1..rows.len() - 1].join("/");
    if !middle.is_empty() {
        middle.push('/');
    }
    let mut fen = format!("{}/{middle}{back} w {castling}", back.to_ascii_lowercase());
    for field in rest.iter().skip(1) {
        fen.push(' ');
        fen.push_str(field);
    }
    Ok(fen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_960_arrangements_are_distinct_and_legal() {
        let mut seen = HashSet::new();
        for n in 0..960 {
            let a = arrangement(n);
            let files = |role: Role| -> Vec<usize> { (0..8).filter(|&f| a[f] == role).collect() };
            let bishops = files(Role::Bishop);
            assert_eq!(bishops.len(), 2);
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "bishops on both colours in {n}"
            );
            let rooks = files(Role::Rook);
            let king = files(Role::King)[0];
            assert!(
                rooks[0] < king && king < rooks[1],
                "king between the rooks in {n}"
            );
            assert!(seen.insert(a.map(|r| r as u8)));
        }
        assert_eq!(seen.len(), 960);
    }
}
