//! Perft at depths 1 to `depth`: Fairy-Stockfish's `go perft` against Joust's perft. A
//! count that differs is explained by descending both divides along every move whose
//! counts differ, down to the nodes where the move lists themselves differ; those are the
//! differences reported, each with its move path.

use super::checker::{is_extra_promotion, Checker};
use super::output::Divide;
use joust_core::Position;
use joust_movegen::{divide, make, perft_parallel, tables, unmake, Move, TableCache};
use joust_notation::move_to_text;
use std::time::Instant;

impl Checker<'_> {
    /// Compares perft at depths 1 to the options' depth, shallowest first, and returns
    /// the counts both agree on. After the first depth that differs, deeper ones are not
    /// run: the shallowest difference is the one to read.
    pub fn compare_perft<B: TableCache>(&mut self, pos: &Position<B>) -> Vec<(u32, u64)> {
        let mut agreed = Vec::new();
        let root = self.root.clone();
        for depth in 1..=self.options.depth {
            if self.full() {
                break;
            }
            let start = Instant::now();
            let theirs = match self.fsf.divide(&root, &[], depth) {
                Ok(d) => d,
                Err(e) => {
                    self.differ(&[], format!("Fairy-Stockfish perft {depth}: {e}"));
                    break;
                }
            };
            let fsf_time = start.elapsed();
            let start = Instant::now();
            let ours = perft_parallel(pos, depth, self.options.threads);
            let joust_time = start.elapsed();
            self.tally.perft_counts += 1;
            self.tally.perft_nodes += ours;
            eprintln!(
                "  perft {depth}: Joust {ours} ({:.2} s), Fairy-Stockfish {} ({:.2} s){}",
                joust_time.as_secs_f64(),
                theirs.total,
                fsf_time.as_secs_f64(),
                if ours == theirs.total { "" } else { "  DIFFER" }
            );
            let total = theirs.total;
            if ours == total {
                agreed.push((depth, ours));
                continue;
            }
            let extras = self.tally.extra_promotions;
            let mut p = pos.clone();
            let found = self.explain(&mut p, &mut Vec::new(), depth, theirs);
            let only_extras = found == 0 && self.tally.extra_promotions > extras && ours < total;
            if only_extras {
                eprintln!("  (only by promotions that only Fairy-Stockfish offers)");
                continue;
            }
            let what = format!("perft {depth}: Joust {ours}, Fairy-Stockfish {total}");
            self.differ(&[], what);
            break;
        }
        agreed
    }

    /// Finds where the divides of `pos` (reached by `path`) at `depth` part: moves only
    /// one side plays are differences (or accepted extra promotions); moves both play
    /// with different counts are descended into. `theirs` is Fairy-Stockfish's divide of
    /// this node at this depth. Returns how many differences (other than accepted extra
    /// promotions) it found, those already known from the tree walk included.
    fn explain<B: TableCache>(
        &mut self,
        pos: &mut Position<B>,
        path: &mut Vec<String>,
        depth: u32,
        theirs: Divide,
    ) -> usize {
        let mut found = 0;
        let ours: Vec<(String, Move, u64)> = divide(pos, depth, self.options.threads)
            .into_iter()
            .map(|(mv, n)| (move_to_text(pos, mv), mv, n))
            .collect();
        for (text, _) in &theirs.moves {
            if ours.iter().any(|(o, _, _)| o == text) {
                continue;
            }
            if self.options.allow_extra_promotions
                && is_extra_promotion(text, ours.iter().map(|(o, _, _)| o.as_str()))
            {
                self.tally.extra_promotions += 1;
            } else {
                self.differ(path, format!("only Fairy-Stockfish plays {text}"));
                found += 1;
            }
        }
        let t = tables::<B>(pos.variant());
        let root = self.root.clone();
        for (text, mv, n) in ours {
            if self.full() {
                return found.max(1);
            }
            let Some(m) = theirs.count_of(&text) else {
                self.differ(path, format!("only Joust plays {text}"));
                found += 1;
                continue;
            };
            if m == n || depth <= 1 {
                continue;
            }
            path.push(text);
            let below = self.fsf.divide(&root, path, depth - 1);
            let undo = make(t, pos, mv);
            found += match below {
                Ok(d) => self.explain(pos, path, depth - 1, d),
                Err(e) => {
                    self.differ(path, format!("Fairy-Stockfish perft {}: {e}", depth - 1));
                    1
                }
            };
            unmake(t, pos, mv, &undo);
            path.pop();
        }
        found
    }
}
