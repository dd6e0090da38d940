//! The tree walk: at every node fewer than `tree_depth` plies from the position, Joust's
//! legal moves against Fairy-Stockfish's (`go perft 1`), and the node's FEN both ways.
//! Only moves both play are walked into: after a move one side lacks, the two engines
//! would no longer be looking at the same position.

use super::checker::{is_extra_promotion, Checker};
use joust_core::Position;
use joust_movegen::{legal_moves, make, tables, unmake, TableCache};
use joust_notation::move_to_text;
use std::collections::BTreeSet;

impl Checker<'_> {
    /// Walks the tree below `pos` (reached by `path` from the root) for `depth` more
    /// plies. The FEN of the root itself is checked by the caller, which knows how the
    /// root was reached.
    pub fn walk<B: TableCache>(
        &mut self,
        pos: &mut Position<B>,
        path: &mut Vec<String>,
        depth: u32,
    ) {
        if depth == 0 || self.full() {
            return;
        }
        let root = self.root.clone();
        let node = match self.fsf.node(&root, path) {
            Ok(n) => n,
            Err(e) => {
                self.differ(path, format!("Fairy-Stockfish: {e}"));
                return;
            }
        };
        self.tally.tree_nodes += 1;
        if !path.is_empty() {
            self.check_fen(pos, &node.fen, path);
        }
        let moves = legal_moves(pos);
        let ours: BTreeSet<String> = moves.iter().map(|&m| move_to_text(pos, m)).collect();
        let theirs: BTreeSet<String> = node.moves.into_iter().collect();
        for m in ours.difference(&theirs) {
            self.differ(path, format!("only Joust plays {m}"));
        }
        for m in theirs.difference(&ours) {
            if self.options.allow_extra_promotions
                && is_extra_promotion(m, ours.iter().map(String::as_str))
            {
                self.tally.extra_promotions += 1;
            } else {
                self.differ(path, format!("only Fairy-Stockfish plays {m}"));
            }
        }
        if depth == 1 {
            return;
        }
        let t = tables::<B>(pos.variant());
        for &mv in moves.iter() {
            let text = move_to_text(pos, mv);
            if !theirs.contains(&text) {
                continue;
            }
            path.push(text);
            let undo = make(t, pos, mv);
            self.walk(pos, path, depth - 1);
            unmake(t, pos, mv, &undo);
            path.pop();
        }
    }
}
