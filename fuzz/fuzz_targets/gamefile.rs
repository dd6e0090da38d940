//! Game files: reading any text as a game file never panics; every error has a line and
//! column inside the text (or none, for the file as a whole) and a message; every game that
//! builds has a start position that reads, and perft(2) from it runs.
#![no_main]

use joust_core::gamefile::load;
use joust_core::variants::files::parent_entries;
use joust_movegen::{perft, AnyPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    let check = |e: &joust_core::gamefile::GameFileError| {
        if let Some(span) = e.span() {
            assert!(span.line >= 1 && span.line <= lines, "{e}");
            assert!(span.column >= 1, "{e}");
        }
        assert!(!e.to_string().is_empty());
    };
    match load(&text, &parent_entries) {
        Ok(loaded) => {
            for (_, errors) in &loaded.rejected {
                assert!(!errors.is_empty());
                errors.iter().for_each(check);
            }
            for v in loaded.games {
                let pos = AnyPosition::start(v).expect("a game that builds has a start position");
                joust_movegen::on_position!(&pos, p => {
                    let mut p = p.clone();
                    let _ = perft(&mut p, 2);
                });
            }
        }
        Err(e) => check(&e),
    }
});
