//! The training-data file `cargo xtask datagen` writes and `cargo xtask train` reads: a
//! header naming the game, then one block per finished game, each with the positions
//! kept from it. Little-endian throughout; no FEN, so a position of 8x8 chess with 32
//! pieces takes 46 bytes.
//!
//! ```text
//! header:   "JOUSTPOS" (8 bytes), version u8 (= 1), files u8, ranks u8, kinds u8,
//!           seed u64 (the base of every game's seed), id length u8, id bytes (UTF-8)
//! block:    game u32 (its number: its seed is SplitMix64(seed + game)),
//!           result u8 (0: Black won, 1: draw, 2: White won), count u16
//! position: ply u16 (from the start position), side u8 (0: White to move, 1: Black),
//!           score i16 (the search's score for the side to move, centipawns),
//!           pieces u8, occupancy (ceil(files * ranks / 8) bytes, square 0 = a1 in bit 0
//!           of the first byte, files first), then one byte per occupied square in
//!           square order: colour in bit 7 (1: Black), kind index in bits 0-6
//! ```
//!
//! A block is written whole, so a file cut short by a stopped run ends, at worst, in one
//! partial block: [`scan`] finds where the last whole block ends, and a resumed run
//! truncates the file there before appending.

use std::fmt;
use std::io::{self, Read, Write};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"JOUSTPOS";
/// The format version this code writes and reads.
pub const VERSION: u8 = 1;

/// What the header says: the game and its board, and the seed base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game id.
    pub id: String,
    /// Files of the board.
    pub files: u8,
    /// Ranks of the board.
    pub ranks: u8,
    /// Piece kinds of the game.
    pub kinds: u8,
    /// Game `n`'s seed is derived from `seed + n`.
    pub seed: u64,
}

impl Header {
    /// Squares of the board.
    pub fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Bytes of a position's occupancy mask.
    pub fn mask_bytes(&self) -> usize {
        self.squares().div_ceil(8)
    }

    /// Writes the header.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&[VERSION, self.files, self.ranks, self.kinds])?;
        out.write_all(&self.seed.to_le_bytes())?;
        let id = self.id.as_bytes();
        out.write_all(&[id.len().min(255) as u8])?;
        out.write_all(&id[..id.len().min(255)])
    }

    /// Reads a header from the start of `bytes`; returns it and its length.
    pub fn read(bytes: &[u8]) -> Result<(Header, usize), DataError> {
        if bytes.len() < 21 || &bytes[..8] != MAGIC {
            return Err(DataError::NotData);
        }
        if bytes[8] != VERSION {
            return Err(DataError::Version(bytes[8]));
        }
        let seed = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
        let len = bytes[20] as usize;
        let id = bytes.get(21..21 + len).ok_or(DataError::NotData)?;
        let header = Header {
            id: String::from_utf8_lossy(id).into_owned(),
            files: bytes[9],
            ranks: bytes[10],
            kinds: bytes[11],
            seed,
        };
        Ok((header, 21 + len))
    }
}

/// One kept position: the pieces, the side to move, the search's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Plies from the start position.
    pub ply: u16,
    /// True if Black is to move.
    pub black_to_move: bool,
    /// The search's score for the side to move, centipawns.
    pub score: i16,
    /// Every piece: (square index, true if Black, kind index), in square order.
    pub pieces: Vec<(u8, bool, u8)>,
}

/// How a game ended, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    BlackWon,
    /// Drawn.
    Draw,
    /// White won.
    WhiteWon,
}

impl GameResult {
    /// The result as White's score: 0, ½ or 1.
    pub fn white_score(self) -> f32 {
        match self {
            GameResult::BlackWon => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWon => 1.0,
        }
    }

    fn byte(self) -> u8 {
        self as u8
    }

    fn from_byte(b: u8) -> Option<GameResult> {
        [GameResult::BlackWon, GameResult::Draw, GameResult::WhiteWon]
            .get(b as usize)
            .copied()
    }
}

/// One game's block: its number, result and kept positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    /// The game's number (its seed's offset).
    pub game: u32,
    /// How it ended.
    pub result: GameResult,
    /// The kept positions.
    pub records: Vec<Record>,
}

impl GameBlock {
    /// The block's bytes for a board described by `h`.
    pub fn encode(&self, h: &Header) -> Vec<u8> {
        let mut out = Vec::with_capacity(7 + self.records.len() * (8 + h.mask_bytes() + 32));
        out.extend_from_slice(&self.game.to_le_bytes());
        out.push(self.result.byte());
        out.extend_from_slice(&(self.records.len().min(u16::MAX as usize) as u16).to_le_bytes());
        for r in self.records.iter().take(u16::MAX as usize) {
            out.extend_from_slice(&r.ply.to_le_bytes());
            out.push(r.black_to_move as u8);
            out.extend_from_slice(&r.score.to_le_bytes());
            out.push(r.pieces.len() as u8);
            let mut mask = vec![0u8; h.mask_bytes()];
            for &(sq, _, _) in &r.pieces {
                mask[sq as usize / 8] |= 1 << (sq % 8);
            }
            out.extend_from_slice(&mask);
            out.extend(r.pieces.iter().map(|&(_, black, k)| (black as u8) << 7 | k));
        }
        out
    }

    /// Reads one block from the start of `bytes`: the block and its length, or `None` if
    /// `bytes` holds only part of one (or none).
    pub fn decode(bytes: &[u8], h: &Header) -> Result<Option<(GameBlock, usize)>, DataError> {
        let Some(head) = bytes.get(..7) else {
            return Ok(None);
        };
        let game = u32::from_le_bytes(head[..4].try_into().expect("4 bytes"));
        let result = GameResult::from_byte(head[4]).ok_or(DataError::Corrupt)?;
        let count = u16::from_le_bytes([head[5], head[6]]) as usize;
        let mut at = 7;
        let mut records = Vec::with_capacity(count);
        for _ in 0..count {
            let Some(fixed) = bytes.get(at..at + 6 + h.mask_bytes()) else {
                return Ok(None);
            };
            let n = fixed[5] as usize;
            let mask = &fixed[6..];
            let Some(kinds) = bytes.get(at + 6 + h.mask_bytes()..at + 6 + h.mask_bytes() + n)
            else {
                return Ok(None);
            };
            let squares = (0..h.squares()).filter(|&s| mask[s / 8] >> (s % 8) & 1 == 1);
            let pieces: Vec<(u8, bool, u8)> = squares
                .zip(kinds)
                .map(|(s, &b)| (s as u8, b >> 7 == 1, b & 0x7f))
                .collect();
            if pieces.len() != n || pieces.iter().any(|p| p.2 >= h.kinds) || fixed[2] > 1 {
                return Err(DataError::Corrupt);
            }
            records.push(Record {
                ply: u16::from_le_bytes([fixed[0], fixed[1]]),
                black_to_move: fixed[2] == 1,
                score: i16::from_le_bytes([fixed[3], fixed[4]]),
                pieces,
            });
            at += 6 + h.mask_bytes() + n;
        }
        Ok(Some((
            GameBlock {
                game,
                result,
                records,
            },
            at,
        )))
    }
}

/// A whole data file read: the header, the whole blocks, and where they end.
#[derive(Debug)]
pub struct Scanned {
    /// The header.
    pub header: Header,
    /// Every whole block, in file order.
    pub blocks: Vec<GameBlock>,
    /// Bytes up to the end of the last whole block (a resumed run truncates here).
    pub end: usize,
}

/// Reads every whole block of a data file's bytes.
pub fn scan(bytes: &[u8]) -> Result<Scanned, DataError> {
    let (header, mut at) = Header::read(bytes)?;
    let mut blocks = Vec::new();
    while let Some((block, len)) = GameBlock::decode(&bytes[at..], &header)? {
        blocks.push(block);
        at += len;
    }
    Ok(Scanned {
        header,
        blocks,
        end: at,
    })
}

/// Reads a data file from disk.
pub fn read_path(path: &std::path::Path) -> Result<Scanned, DataError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| DataError::Io(format!("{}: {e}", path.display())))?;
    scan(&bytes)
}

/// Why a data file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// It does not start with the magic bytes.
    NotData,
    /// It is of another format version.
    Version(u8),
    /// A block holds impossible values.
    Corrupt,
    /// Reading failed.
    Io(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NotData => f.write_str("not a Joust training-data file"),
            DataError::Version(v) => write!(f, "data format version {v}, expected {VERSION}"),
            DataError::Corrupt => f.write_str("a game block holds impossible values"),
            DataError::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for DataError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_read_back_and_a_cut_block_is_not_read() {
        let h = Header {
            id: "chess".into(),
            files: 8,
            ranks: 8,
            kinds: 6,
            seed: 7,
        };
        let block = GameBlock {
            game: 3,
            result: GameResult::WhiteWon,
            records: vec![Record {
                ply: 12,
                black_to_move: true,
                score: -35,
                pieces: vec![(4, false, 5), (9, false, 0), (60, true, 5)],
            }],
        };
        let mut bytes = Vec::new();
        h.write(&mut bytes).unwrap();
        let start = bytes.len();
        bytes.extend(block.encode(&h));
        let full = scan(&bytes).unwrap();
        assert_eq!((full.header, full.blocks), (h.clone(), vec![block.clone()]));
        assert_eq!(full.end, bytes.len());
        let cut = scan(&bytes[..bytes.len() - 1]).unwrap();
        assert!(cut.blocks.is_empty());
        assert_eq!(cut.end, start);
    }
}
