//! The streaming PGN reader holds one game, not the file: with a counting global
//! allocator, the peak of live heap bytes while reading N generated games and while
//! reading 10 N is the same, and far below the size of the text read. The text comes
//! from a `Read` that writes it on the fly, so the test itself never holds it.
//!
//! This file is its own test binary with a single test, so that nothing else allocates
//! while it counts.

mod common;

use common::random_game;
use joust_core::variants;
use joust_notation::{write_pgn, MoveNotation, PgnGame, PgnReader};
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::SeqCst) + by;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

// SAFETY: every call is passed to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A PGN file of `games` games written as it is read: the games cycle through a few
/// templates, each with its own `[Event]`, so no two games are the same text.
struct Generated<'a> {
    templates: &'a [String],
    games: usize,
    next_game: usize,
    /// The current game's text and how much of it has been read.
    current: Vec<u8>,
    pos: usize,
    /// Bytes handed out so far.
    written: usize,
}

impl<'a> Generated<'a> {
    fn new(templates: &'a [String], games: usize) -> Generated<'a> {
        Generated {
            templates,
            games,
            next_game: 0,
            current: Vec::new(),
            pos: 0,
            written: 0,
        }
    }
}

impl Read for Generated<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pos == self.current.len() {
            if self.next_game == self.games {
                return Ok(0);
            }
            let n = self.next_game;
            self.next_game += 1;
            self.current.clear();
            self.current
                .extend_from_slice(format!("[Event \"Generated game {n}\"]\n").as_bytes());
            self.current
                .extend_from_slice(self.templates[n % self.templates.len()].as_bytes());
            self.pos = 0;
        }
        let k = buf.len().min(self.current.len() - self.pos);
        buf[..k].copy_from_slice(&self.current[self.pos..self.pos + k]);
        self.pos += k;
        self.written += k;
        Ok(k)
    }
}

/// Streams `games` generated games; returns the peak of live heap bytes above what was
/// live before, the games read and the bytes of text read.
fn stream(templates: &[String], games: usize) -> (usize, usize, usize) {
    let mut input = Generated::new(templates, games);
    let base = LIVE.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let mut read = 0;
    for game in PgnReader::new(BufReader::new(&mut input)) {
        let game = game.expect("every generated game loads");
        assert!(game.line.moves.len() >= 40);
        read += 1;
    }
    let peak = PEAK.load(Ordering::SeqCst) - base;
    (peak, read, input.written)
}

#[test]
fn memory_stays_flat_when_the_file_grows_tenfold() {
    // A few long games with comments, in SAN, as templates (their Event tag comes
    // from the generator).
    let templates: Vec<String> = (0..6)
        .map(|seed| {
            let (_, moves) = random_game::<u64>(variants::chess(), 100 + seed, 160, |_| {});
            let mut game = PgnGame::new(variants::chess(), None, &moves);
            for (i, m) in game.line.moves.iter_mut().enumerate() {
                if i % 3 == 0 {
                    m.comments
                        .push(format!("[%clk 0:0{}:{:02}] a note", i % 10, i % 60));
                }
            }
            let text = write_pgn(&game, MoveNotation::San);
            text.replace("[Event \"?\"]\n", "")
        })
        .collect();
    // Warm up: the move tables and anything else built once.
    stream(&templates, 12);
    let n = 300;
    let (peak_n, read_n, bytes_n) = stream(&templates, n);
    let (peak_10n, read_10n, bytes_10n) = stream(&templates, 10 * n);
    assert_eq!((read_n, read_10n), (n, 10 * n));
    assert!(bytes_10n > 10 * bytes_n - bytes_n / 10);
    // Holding the text (let alone the games) would cost at least its size; streaming
    // holds about one game, whatever the number of games.
    assert!(
        peak_10n < bytes_10n / 20,
        "peak {peak_10n} bytes for {bytes_10n} bytes of text"
    );
    assert!(
        peak_10n <= peak_n + peak_n / 10,
        "peak {peak_n} bytes for {n} games, {peak_10n} for {} games",
        10 * n
    );
}
