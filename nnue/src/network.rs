//! The network: its shape, its quantised weights, the file it is read from and written
//! to, the feature index of a piece, and the output layer.
//!
//! The file (little-endian):
//!
//! ```text
//! "JOUSTNN1" or "JOUSTNC1" (8 bytes; the second: a correction, see
//! [`Network::is_correction`]), files u8, ranks u8, kinds u16, hidden u16,
//! id length u8, id bytes (the game it was trained for, UTF-8),
//! feature weights: features x hidden i16 (feature-major),
//! feature biases: hidden i16, output weights: 2 x hidden i16 (the side to move's
//! half first), output bias i32
//! ```

use crate::{QA, QB, SCALE};
use joust_core::{Color, Square, Variant};
use std::fmt;

/// The first bytes of a network that gives the whole evaluation.
pub const MAGIC: &[u8; 8] = b"JOUSTNN1";

/// The first bytes of a network whose value is added to the game's evaluation from data.
pub const CORRECTION_MAGIC: &[u8; 8] = b"JOUSTNC1";

/// The largest accumulator width a file may give.
pub const MAX_HIDDEN: usize = 2048;

/// The largest output weight, either sign: `clamp(a, 0, QA) * w` fits an i16, and blocks
/// of sixteen such products times `clamp(a)` fit an i32.
pub const MAX_OUT_WEIGHT: i16 = 127;

/// A quantised network for one board and set of kinds.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// The game it was trained for.
    id: String,
    files: u8,
    ranks: u8,
    kinds: usize,
    hidden: usize,
    /// `features x hidden`, one row per feature.
    pub(crate) ft_weights: Vec<i16>,
    /// `hidden`.
    pub(crate) ft_bias: Vec<i16>,
    /// `2 x hidden`: the side to move's accumulator, then the other's.
    out_weights: Vec<i16>,
    out_bias: i32,
    /// True if the value is a correction added to the evaluation from data.
    correction: bool,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}, {}x{}, {} kinds, hidden {}{})",
            self.id,
            self.files,
            self.ranks,
            self.kinds,
            self.hidden,
            if self.correction { ", correction" } else { "" }
        )
    }
}

/// Why a network file could not be read, or does not fit a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The bytes do not start with [`MAGIC`].
    NotANetwork,
    /// The file ends before its weights do, or goes on after them.
    Length {
        /// The bytes its header promises.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// The header gives an impossible shape.
    Shape(String),
    /// The network is for another board or set of kinds than the game's.
    Mismatch {
        /// The game asked for.
        game: String,
        /// What the network was made for.
        network: String,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANetwork => f.write_str("not a Joust network file"),
            NetError::Length { expected, found } => {
                write!(
                    f,
                    "network file of {found} bytes, its header needs {expected}"
                )
            }
            NetError::Shape(why) => write!(f, "bad network shape: {why}"),
            NetError::Mismatch { game, network } => {
                write!(f, "the network ({network}) does not fit the game {game}")
            }
        }
    }
}

impl std::error::Error for NetError {}

/// The header's length before the id.
const FIXED: usize = 15;

impl Network {
    /// A network from its parts: the game id, board, kinds, accumulator width and the
    /// quantised weights (feature rows of `hidden`, biases, `2 x hidden` output weights,
    /// output bias); an error if the lengths do not agree.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: &str,
        files: u8,
        ranks: u8,
        kinds: usize,
        hidden: usize,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: i32,
    ) -> Result<Network, NetError> {
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(16) {
            return Err(NetError::Shape(format!(
                "hidden {hidden} is not a multiple of 16 up to {MAX_HIDDEN}"
            )));
        }
        if files == 0 || ranks == 0 || kinds == 0 || kinds > 128 {
            return Err(NetError::Shape(format!(
                "{files}x{ranks} board with {kinds} kinds"
            )));
        }
        let features = 2 * kinds * files as usize * ranks as usize;
        if ft_weights.len() != features * hidden
            || ft_bias.len() != hidden
            || out_weights.len() != 2 * hidden
        {
            return Err(NetError::Shape("weight counts do not match".into()));
        }
        if out_weights
            .iter()
            .any(|w| w.unsigned_abs() > MAX_OUT_WEIGHT as u16)
        {
            return Err(NetError::Shape(format!(
                "an output weight beyond ±{MAX_OUT_WEIGHT}"
            )));
        }
        Ok(Network {
            id: id.to_string(),
            files,
            ranks,
            kinds,
            hidden,
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            correction: false,
        })
    }

    /// This network as a correction: its value is to be added to the game's evaluation
    /// from data rather than replace it (a network trained on the gap between that
    /// evaluation and the searches' scores, `cargo xtask train --correction`).
    pub fn into_correction(mut self) -> Network {
        self.correction = true;
        self
    }

    /// True if this network's value is added to the evaluation from data, false if it is
    /// the whole evaluation.
    pub fn is_correction(&self) -> bool {
        self.correction
    }

    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < FIXED + 1 {
            return Err(NetError::NotANetwork);
        }
        let correction = match &bytes[..8] {
            m if m == MAGIC => false,
            m if m == CORRECTION_MAGIC => true,
            _ => return Err(NetError::NotANetwork),
        };
        let (files, ranks) = (bytes[8], bytes[9]);
        let kinds = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        let hidden = u16::from_le_bytes([bytes[12], bytes[13]]) as usize;
        let id_len = bytes[14] as usize;
        let id = String::from_utf8_lossy(bytes.get(FIXED..FIXED + id_len).unwrap_or(&[]));
        let features = 2 * kinds * files as usize * ranks as usize;
        let words = features * hidden + 3 * hidden;
        let expected = FIXED + id_len + 2 * words + 4;
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[FIXED + id_len..];
        let mut i16s = body[..2 * words]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let ft_weights: Vec<i16> = i16s.by_ref().take(features * hidden).collect();
        let ft_bias: Vec<i16> = i16s.by_ref().take(hidden).collect();
        let out_weights: Vec<i16> = i16s.collect();
        let out_bias = i32::from_le_bytes(body[2 * words..].try_into().expect("4 bytes"));
        Network::new(
            &id,
            files,
            ranks,
            kinds,
            hidden,
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
        )
        .map(|net| Network { correction, ..net })
    }

    /// The network file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let id = &self.id.as_bytes()[..self.id.len().min(255)];
        let mut out = Vec::with_capacity(FIXED + id.len() + 2 * self.ft_weights.len() + 64);
        out.extend_from_slice(if self.correction {
            CORRECTION_MAGIC
        } else {
            MAGIC
        });
        out.extend_from_slice(&[self.files, self.ranks]);
        out.extend_from_slice(&(self.kinds as u16).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        out.push(id.len() as u8);
        out.extend_from_slice(id);
        for w in self
            .ft_weights
            .iter()
            .chain(&self.ft_bias)
            .chain(&self.out_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        out
    }

    /// An error unless the network fits `variant`'s board and kinds.
    pub fn check_fits(&self, variant: &Variant) -> Result<(), NetError> {
        let g = variant.geometry;
        if (g.files(), g.ranks(), variant.kinds.len()) == (self.files, self.ranks, self.kinds) {
            Ok(())
        } else {
            Err(NetError::Mismatch {
                game: format!(
                    "{}: {}x{}, {} kinds",
                    variant.id,
                    g.files(),
                    g.ranks(),
                    variant.kinds.len()
                ),
                network: format!(
                    "{}: {}x{}, {} kinds",
                    self.id, self.files, self.ranks, self.kinds
                ),
            })
        }
    }

    /// The game the network was trained for.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The accumulator's width per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of input features: two colours (own, other) times kinds times squares.
    pub fn features(&self) -> usize {
        feature_count(self.kinds, self.files, self.ranks)
    }

    /// The feature of a piece of `color` and kind index `kind` on `sq`, seen by
    /// `perspective`.
    #[inline]
    pub fn feature(&self, perspective: Color, color: Color, kind: usize, sq: Square) -> usize {
        feature_index(
            self.files,
            self.ranks,
            self.kinds,
            perspective,
            color,
            kind,
            sq.0,
        )
    }

    /// The accumulator of one perspective given its active features (biases plus a row
    /// per feature): what [`crate::Accumulator`] keeps, summed without a position.
    pub fn sum_features(&self, features: &[usize]) -> Vec<i16> {
        let h = self.hidden;
        let mut acc = self.ft_bias.clone();
        for &f in features {
            for (a, w) in acc.iter_mut().zip(&self.ft_weights[f * h..(f + 1) * h]) {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    }

    /// The value for the side to move, in centipawns, of the accumulators of the side to
    /// move (`us`) and the other (`them`).
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let h = self.hidden;
        let sum = screlu_dot(us, &self.out_weights[..h]) + screlu_dot(them, &self.out_weights[h..]);
        let qa = QA as i64;
        let value = (sum / qa + self.out_bias as i64) * SCALE as i64 / (qa * QB as i64);
        value.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }
}

/// Two colours times `kinds` times the board's squares.
pub fn feature_count(kinds: usize, files: u8, ranks: u8) -> usize {
    2 * kinds * files as usize * ranks as usize
}

/// The feature index of a piece of `color` and kind `kind` on square index `sq`, seen by
/// `perspective`: its colour relative to the perspective (own first), its kind, and its
/// square, the board turned over top to bottom for Black (the trainer reads the same).
#[inline]
pub fn feature_index(
    files: u8,
    ranks: u8,
    kinds: usize,
    perspective: Color,
    color: Color,
    kind: usize,
    sq: u8,
) -> usize {
    let squares = files as usize * ranks as usize;
    let sq = match perspective {
        Color::White => sq as usize,
        Color::Black => {
            let (f, r) = (sq % files, sq / files);
            (ranks - 1 - r) as usize * files as usize + f as usize
        }
    };
    let other = usize::from(color != perspective);
    (other * kinds + kind) * squares + sq
}

/// `sum(clamp(a, 0, QA)^2 * w)`, in blocks of 16 summed in i32 (the output weights are
/// bounded so that `clamp(a) * w` fits an i16) for the compiler to vectorise.
#[inline]
fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks_exact(16).zip(weights.chunks_exact(16)) {
        let mut block = 0i32;
        for i in 0..16 {
            let c = a[i].clamp(0, QA) as i32;
            block += c * w[i] as i32 * c;
        }
        total += block as i64;
    }
    total
}
