//! One engine of a match: started from its [`EngineSpec`] and [`Launch`], set up for each
//! game, asked for moves under a deadline, and restarted when it crashes or hangs.

use crate::engine::{GoError, Launch, Reply, UciEngine, UciError};
use crate::spec::EngineSpec;
use joust_core::Variant;
use std::time::Duration;

/// A running engine of a match with its spec applied.
///
/// ```
/// use joust_core::variants;
/// use joust_match::{EngineSpec, Launch, Player};
/// use std::time::Duration;
///
/// let joust = Launch::in_process("joust", |input, output| {
///     joust_uci::run(input, joust_uci::Output::new(output));
/// });
/// let spec = EngineSpec::parse("joust name=Mine hash=8").unwrap();
/// let mut player = Player::start(&spec, &joust).unwrap();
/// assert_eq!(player.label(), "Mine");
/// player.new_game(variants::clash()).unwrap();
/// let reply = player
///     .go("position startpos", "go nodes 500", Duration::from_secs(30))
///     .unwrap();
/// assert!(!reply.best_move.is_empty());
/// ```
pub struct Player {
    /// What the command line said.
    pub spec: EngineSpec,
    /// How it is started (again, after a crash).
    launch: Launch,
    /// The engine.
    engine: UciEngine,
}

impl Player {
    /// Starts the engine and sets `Threads` (when it has the option), `Hash` and the
    /// spec's options; an error if it lacks `Hash` or one of those options.
    pub fn start(spec: &EngineSpec, launch: &Launch) -> Result<Player, UciError> {
        Ok(Player {
            spec: spec.clone(),
            launch: launch.clone(),
            engine: start_engine(spec, launch)?,
        })
    }

    /// The name for reports: the spec's `name=` or the engine's `id name`.
    pub fn label(&self) -> String {
        self.spec
            .name
            .clone()
            .unwrap_or_else(|| self.engine.name.clone())
    }

    /// Whether the engine can play `variant`.
    pub fn plays(&self, variant: &Variant) -> bool {
        self.engine.plays(variant.id)
    }

    /// Prepares a new game of `variant`: `UCI_Variant` (when it changes), `ucinewgame`,
    /// and waits until the engine is ready.
    pub fn new_game(&mut self, variant: &'static Variant) -> Result<(), UciError> {
        if !self.plays(variant) {
            return Err(UciError::DoesNotPlay {
                engine: self.label(),
                game: variant.id.to_string(),
            });
        }
        self.engine.select_variant(variant.id)?;
        self.engine.send("ucinewgame")?;
        self.engine.sync()
    }

    /// Starts the engine process again (after a crash or a hang).
    pub fn restart(&mut self) -> Result<(), UciError> {
        self.engine = start_engine(&self.spec, &self.launch)?;
        Ok(())
    }

    /// Sends `position` and `go` and waits for `bestmove` until `limit` after the `go`
    /// (see [`UciEngine::go`]); an engine that ignored `stop` as well is restarted.
    pub fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Reply, GoError> {
        let answer = self.engine.go(position, go, limit);
        if let Err(GoError::Timeout { hung: true, .. }) = answer {
            self.restart()?;
        }
        answer
    }
}

/// Starts the engine of `launch` and applies `spec`'s settings.
fn start_engine(spec: &EngineSpec, launch: &Launch) -> Result<UciEngine, UciError> {
    let mut engine = UciEngine::start(launch)?;
    if engine.has_option("Threads") {
        engine.set_option("Threads", &spec.threads.to_string())?;
    }
    let hash = spec.hash.map(|mb| ("Hash".to_string(), mb.to_string()));
    for (name, value) in hash.iter().chain(&spec.options) {
        if !engine.has_option(name) {
            return Err(UciError::NoOption {
                engine: engine.name.clone(),
                option: name.clone(),
            });
        }
        engine.set_option(name, value)?;
    }
    Ok(engine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{engine, say, scripted, Act};
    use joust_core::variants;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn options_the_engine_lacks_are_refused() {
        let plain = engine("Plain", |_| say(&["bestmove e2e4"]));
        let spec = EngineSpec::parse("plain hash=16").unwrap();
        let Err(e) = Player::start(&spec, &plain) else {
            panic!("started without Hash")
        };
        assert_eq!(e.to_string(), "Plain has no option 'Hash'");
        let spec = EngineSpec::parse("plain option.Skill=3").unwrap();
        let Err(e) = Player::start(&spec, &plain) else {
            panic!("started without Skill")
        };
        assert_eq!(e.to_string(), "Plain has no option 'Skill'");
    }

    #[test]
    fn a_game_the_engine_lacks_is_refused_under_its_label() {
        let plain = engine("Plain", |_| say(&["bestmove e2e4"]));
        let mut p = Player::start(&EngineSpec::parse("x name=Mine").unwrap(), &plain).unwrap();
        assert_eq!(p.label(), "Mine");
        assert!(p.plays(variants::chess()));
        p.new_game(variants::chess()).unwrap();
        assert_eq!(
            p.new_game(variants::clash()).unwrap_err().to_string(),
            "Mine does not play clash"
        );
        let mut p = Player::start(&EngineSpec::parse("x").unwrap(), &plain).unwrap();
        assert_eq!(p.label(), "Plain");
        assert_eq!(
            p.new_game(variants::clash()).unwrap_err().to_string(),
            "Plain does not play clash"
        );
    }

    #[test]
    fn an_engine_that_ignores_stop_is_restarted() {
        let starts = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&starts);
        let deaf = scripted("deaf", move |line| match line {
            "uci" => {
                counted.fetch_add(1, Ordering::SeqCst);
                say(&["uciok"])
            }
            "isready" => say(&["readyok"]),
            _ => say(&[]),
        });
        let mut p = Player::start(&EngineSpec::parse("deaf").unwrap(), &deaf).unwrap();
        assert_eq!(starts.load(Ordering::SeqCst), 1);
        let answer = p.go(
            "position startpos",
            "go infinite",
            Duration::from_millis(50),
        );
        assert!(matches!(answer, Err(GoError::Timeout { hung: true, .. })));
        assert_eq!(starts.load(Ordering::SeqCst), 2);
        // A slow engine that answers `stop` is not restarted.
        let slow = engine("slow", |_| {
            Act::Sleep(Duration::from_millis(300), vec!["bestmove e2e4".into()])
        });
        let mut p = Player::start(&EngineSpec::parse("slow").unwrap(), &slow).unwrap();
        let answer = p.go("position startpos", "go depth 1", Duration::from_millis(50));
        assert!(
            matches!(answer, Err(GoError::Timeout { hung: false, .. })),
            "{answer:?}"
        );
    }
}
