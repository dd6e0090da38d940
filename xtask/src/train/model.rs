//! The network in float32 as the trainer sees it: forward and backward passes over sparse
//! inputs, Adam, and quantisation into `joust_nnue`'s format.

use joust_core::rng::SplitMix64;
use joust_nnue::network::MAX_OUT_WEIGHT;
use joust_nnue::{NetError, Network, QA, QB, SCALE};

/// The largest float weight: what keeps `QB * w` within [`MAX_OUT_WEIGHT`] (and the
/// first layer's sums far inside an i16).
pub const CLIP: f32 = MAX_OUT_WEIGHT as f32 / QB as f32;

/// One training position: the active features of the side to move and of the other,
/// and the target (a win probability for the side to move).
pub struct Sample {
    /// Features seen from the side to move.
    pub us: Vec<u32>,
    /// Features seen from the other side.
    pub them: Vec<u32>,
    /// The search's score for the side to move, in centipawns.
    pub score: f32,
    /// The game's result for the side to move: 0, ½ or 1.
    pub result: f32,
    /// What the network's output is added to, in units of `SCALE` centipawns: the
    /// evaluation from data when the network is trained as a correction of it, else 0.
    pub base: f32,
}

impl Sample {
    /// The target: `wdl` times the result plus the rest times sigmoid(score / SCALE).
    pub fn target(&self, wdl: f32) -> f32 {
        wdl * self.result + (1.0 - wdl) * sigmoid(self.score / SCALE as f32)
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float parameters, laid out as one vector: feature weights (feature-major),
/// feature biases, output weights (side to move's half first), output bias, and the
/// factoriser: one more row per (relative colour, kind), added to the row of that piece
/// on every square. The factoriser learns what a piece is worth wherever it stands from
/// every position it appears in (little data teaches each square's row slowly); it is
/// folded into the feature rows when the model is quantised.
#[derive(Clone)]
pub struct Model {
    /// Input features.
    pub features: usize,
    /// Accumulator width.
    pub hidden: usize,
    /// Squares of the board: feature `f` is of the piece bucket `f / squares`.
    squares: usize,
    /// Every parameter.
    pub params: Vec<f32>,
}

impl Model {
    /// A model with small random weights for `features` inputs on a board of `squares`.
    pub fn new(features: usize, hidden: usize, squares: usize, seed: u64) -> Model {
        let mut rng = SplitMix64::new(seed);
        let mut uniform =
            |r: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * r - r;
        let n = features * hidden + 3 * hidden + 1 + features / squares * hidden;
        let mut params = vec![0.0; n];
        for w in &mut params[..features * hidden] {
            *w = uniform(0.1);
        }
        let out = features * hidden + hidden;
        for w in &mut params[out..out + 2 * hidden] {
            *w = uniform(1.0 / (2.0 * hidden as f32).sqrt());
        }
        Model {
            features,
            hidden,
            squares,
            params,
        }
    }

    /// Where the factoriser's row of feature `f` starts.
    fn factor_at(&self, f: usize) -> usize {
        self.out_at() + 2 * self.hidden + 1 + f / self.squares * self.hidden
    }

    fn bias_at(&self) -> usize {
        self.features * self.hidden
    }

    fn out_at(&self) -> usize {
        self.bias_at() + self.hidden
    }

    /// The accumulator of a feature list (biases plus rows).
    fn accumulate(&self, feats: &[u32], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.params[self.bias_at()..self.bias_at() + h]);
        for &f in feats {
            let row = &self.params[f as usize * h..(f as usize + 1) * h];
            let factor = &self.params[self.factor_at(f as usize)..][..h];
            for ((a, w), v) in acc.iter_mut().zip(row).zip(factor) {
                *a += w + v;
            }
        }
    }

    /// The raw output (centipawns / SCALE) of a sample, and its two accumulators.
    fn forward(&self, s: &Sample, us: &mut [f32], them: &mut [f32]) -> f32 {
        self.accumulate(&s.us, us);
        self.accumulate(&s.them, them);
        let h = self.hidden;
        let out = &self.params[self.out_at()..self.out_at() + 2 * h];
        let mut y = self.params[self.out_at() + 2 * h] + s.base;
        for i in 0..h {
            let (a, b) = (us[i].clamp(0.0, 1.0), them[i].clamp(0.0, 1.0));
            y += a * a * out[i] + b * b * out[h + i];
        }
        y
    }

    /// The value of a sample in centipawns for the side to move (with its base).
    pub fn eval_cp(&self, s: &Sample) -> f32 {
        let h = self.hidden;
        let (mut us, mut them) = (vec![0.0; h], vec![0.0; h]);
        self.forward(s, &mut us, &mut them) * SCALE as f32
    }

    /// The squared error of a sample's predicted win probability against its target.
    pub fn loss(&self, s: &Sample, wdl: f32, us: &mut [f32], them: &mut [f32]) -> f32 {
        let p = sigmoid(self.forward(s, us, them));
        (p - s.target(wdl)).powi(2)
    }

    /// Adds the gradient of a sample's loss to `grad`; returns the loss.
    pub fn backward(
        &self,
        s: &Sample,
        wdl: f32,
        grad: &mut [f32],
        us: &mut [f32],
        them: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let y = self.forward(s, us, them);
        let p = sigmoid(y);
        let err = p - s.target(wdl);
        let dy = 2.0 * err * p * (1.0 - p);
        let (bias, out) = (self.bias_at(), self.out_at());
        grad[out + 2 * h] += dy;
        for (side, acc, feats) in [(0, &*us, &s.us), (1, &*them, &s.them)] {
            let w = &self.params[out + side * h..out + (side + 1) * h];
            let mut dacc = vec![0.0f32; h];
            for i in 0..h {
                let a = acc[i];
                if a > 0.0 && a < 1.0 {
                    dacc[i] = dy * w[i] * 2.0 * a;
                }
                let c = a.clamp(0.0, 1.0);
                grad[out + side * h + i] += dy * c * c;
            }
            for (g, d) in grad[bias..bias + h].iter_mut().zip(&dacc) {
                *g += d;
            }
            for &f in feats.iter() {
                let row = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (g, d) in row.iter_mut().zip(&dacc) {
                    *g += d;
                }
                let factor = self.factor_at(f as usize);
                for (g, d) in grad[factor..factor + h].iter_mut().zip(&dacc) {
                    *g += d;
                }
            }
        }
        err * err
    }

    /// The quantised network for a game (`id`, board, kinds).
    pub fn quantise(
        &self,
        id: &str,
        files: u8,
        ranks: u8,
        kinds: usize,
    ) -> Result<Network, NetError> {
        let h = self.hidden;
        let q = |w: f32, scale: f32, limit: f32| (w * scale).round().clamp(-limit, limit);
        let qa = QA as f32;
        let ft: Vec<i16> = self.params[..self.bias_at()]
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let v = self.params[self.factor_at(i / h) + i % h];
                q(w + v, qa, i16::MAX as f32) as i16
            })
            .collect();
        let bias: Vec<i16> = self.params[self.bias_at()..self.out_at()]
            .iter()
            .map(|&w| q(w, qa, i16::MAX as f32) as i16)
            .collect();
        let out: Vec<i16> = self.params[self.out_at()..self.out_at() + 2 * h]
            .iter()
            .map(|&w| q(w, QB as f32, MAX_OUT_WEIGHT as f32) as i16)
            .collect();
        let out_bias = q(
            self.params[self.out_at() + 2 * h],
            qa * QB as f32,
            i32::MAX as f32,
        ) as i32;
        Network::new(id, files, ranks, kinds, h, ft, bias, out, out_bias)
    }
}

/// Adam's moments and step count.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// Zero moments for `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of `lr` along the (summed) gradient of `batch` samples; weights clipped
    /// to ±[`CLIP`].
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], batch: usize, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        let scale = 1.0 / batch.max(1) as f32;
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *p = p.clamp(-CLIP, CLIP);
        }
    }
}
