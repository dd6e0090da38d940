//! Which evaluation a tool searches with, in the words the UCI option `EvalFile` uses:
//! `builtin` (the game's built-in network, if it has one), `none` (the evaluation from
//! data alone) or a network file (`cargo xtask train`'s output). `datagen --eval-file`,
//! `expand --eval-file` and `bench --eval-file` all take it.

use joust_core::Variant;
use joust_nnue::Network;
use joust_search::Evaluator;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The evaluation of a tool's searches.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalChoice {
    /// What the engine plays with: the evaluation from data and the game's built-in
    /// network, if it has one.
    Builtin,
    /// The game's evaluation from data alone.
    None,
    /// The evaluation from data with the network of this file.
    File(PathBuf),
}

impl std::str::FromStr for EvalChoice {
    type Err = std::convert::Infallible;

    /// `builtin`, `none` (or `data`, the word `expand` first used) or a path.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "builtin" => EvalChoice::Builtin,
            "none" | "data" => EvalChoice::None,
            path => EvalChoice::File(PathBuf::from(path)),
        })
    }
}

impl std::fmt::Display for EvalChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalChoice::Builtin => f.write_str("builtin"),
            EvalChoice::None => f.write_str("none"),
            EvalChoice::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl EvalChoice {
    /// The evaluator for `variant`; an error names the file, and says which words are
    /// accepted when the file does not exist (a misspelt `builtin` reads as a path).
    pub fn evaluator(&self, variant: &'static Variant) -> Result<Evaluator, String> {
        let eval = Evaluator::new(variant);
        match self {
            EvalChoice::Builtin => Ok(eval),
            EvalChoice::None => eval.with_network(None).map_err(|e| e.to_string()),
            EvalChoice::File(path) => with_network_file(eval, path),
        }
    }

    /// Words for a progress line: "the evaluation from data", or with which network.
    pub fn describe(&self, evaluator: &Evaluator) -> String {
        match (self, evaluator.network().is_some()) {
            (_, false) => "the evaluation from data".to_string(),
            (EvalChoice::File(path), true) => format!("the network {}", path.display()),
            (_, true) => "the built-in network".to_string(),
        }
    }
}

/// `eval` with the network of the file at `path` in place of the game's own.
fn with_network_file(eval: Evaluator, path: &Path) -> Result<Evaluator, String> {
    let named = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let bytes = std::fs::read(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!(
                "{}: no such file (give `builtin`, `none` or a network file)",
                path.display()
            )
        } else {
            named(&e)
        }
    })?;
    let net = Network::from_bytes(&bytes).map_err(|e| named(&e))?;
    eval.with_network(Some(Arc::new(net)))
        .map_err(|e| named(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn the_words_are_builtin_none_and_a_path() {
        assert_eq!("builtin".parse(), Ok(EvalChoice::Builtin));
        assert_eq!("none".parse(), Ok(EvalChoice::None));
        assert_eq!("data".parse(), Ok(EvalChoice::None));
        assert_eq!(
            "nets/x.nnue".parse(),
            Ok(EvalChoice::File(PathBuf::from("nets/x.nnue")))
        );
        for word in ["builtin", "none", "nets/x.nnue"] {
            let choice: EvalChoice = word.parse().unwrap();
            assert_eq!(choice.to_string(), word);
        }
    }

    #[test]
    fn each_choice_gives_its_evaluator() {
        let lc = variants::by_id("lancerchess").unwrap();
        let none = EvalChoice::None.evaluator(lc).unwrap();
        assert!(none.network().is_none());
        assert_eq!(EvalChoice::None.describe(&none), "the evaluation from data");
        let builtin = EvalChoice::Builtin.evaluator(lc).unwrap();
        assert!(builtin.network().is_some());
        assert_eq!(
            EvalChoice::Builtin.describe(&builtin),
            "the built-in network"
        );
    }

    #[test]
    fn a_missing_file_is_named_with_the_accepted_words() {
        let lc = variants::by_id("lancerchess").unwrap();
        let err = EvalChoice::File(PathBuf::from("buitlin"))
            .evaluator(lc)
            .unwrap_err();
        assert_eq!(
            err,
            "buitlin: no such file (give `builtin`, `none` or a network file)"
        );
    }

    #[test]
    fn a_file_that_is_no_network_is_named() {
        let dir = std::env::temp_dir().join(format!("joust-netfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("not-a-net.nnue");
        std::fs::write(&path, b"hello").unwrap();
        let lc = variants::by_id("lancerchess").unwrap();
        let err = EvalChoice::File(path.clone()).evaluator(lc).unwrap_err();
        assert!(err.starts_with(&format!("{}: ", path.display())), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
