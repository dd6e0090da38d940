//! A status line on standard error for long runs ("depth 9, 3.2 s"), redrawn in place
//! while work goes on; shown only when standard error is a terminal, so pipes, logs and
//! tests never see it.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The shown text with the time it was set, and the flag that ends the ticker.
type State = (Mutex<(String, Instant)>, AtomicBool);

/// A ticking status line: a text plus the time since it was set.
pub struct Progress {
    state: Option<Arc<State>>,
    ticker: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts the status line (a no-op unless standard error is a terminal).
    pub fn start() -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress {
                state: None,
                ticker: None,
            };
        }
        let state: Arc<State> = Arc::new((
            Mutex::new((String::new(), Instant::now())),
            AtomicBool::new(false),
        ));
        let shared = Arc::clone(&state);
        let ticker = std::thread::spawn(move || {
            while !shared.1.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if let Ok(s) = shared.0.lock() {
                    if !s.0.is_empty() && !shared.1.load(Ordering::Relaxed) {
                        let secs = s.1.elapsed().as_secs_f64();
                        eprint!("\r\x1b[K{} ({secs:.1} s)", s.0);
                        let _ = std::io::stderr().flush();
                    }
                }
            }
        });
        Progress {
            state: Some(state),
            ticker: Some(ticker),
        }
    }

    /// Shows `text` from now on (an empty text hides the line); the clock restarts.
    pub fn set(&self, text: &str) {
        if let Some(state) = &self.state {
            if let Ok(mut s) = state.0.lock() {
                *s = (text.to_string(), Instant::now());
                eprint!("\r\x1b[K{text}");
                let _ = std::io::stderr().flush();
            }
        }
    }

    /// Prints a line on standard output, first wiping the status line so they do not mix.
    pub fn println(&self, line: &str) {
        let guard = self.state.as_ref().map(|s| s.0.lock());
        if guard.is_some() {
            eprint!("\r\x1b[K");
        }
        let out = std::io::stdout();
        let mut out = out.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
        drop(guard);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(state) = &self.state {
            state.1.store(true, Ordering::Relaxed);
        }
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
        if self.state.is_some() {
            eprint!("\r\x1b[K");
        }
    }
}
