//! Betza reading: never panics; whatever is accepted is atoms that act and have offsets,
//! whose reach on a 10x10 board filled from the input never panics either; a refusal
//! names a column inside the text and has a message.
#![no_main]

use joust_core::atom::{Mode, Occupant, Path};
use joust_core::betza::parse;
use joust_core::{Color, Geometry, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse(&text) {
        Ok(atoms) => {
            let g = Geometry::TEN;
            let occupant = |s: Square| match data.get(s.index()).map(|b| b % 3) {
                Some(1) => Occupant::Own,
                Some(2) => Occupant::Enemy,
                _ => Occupant::Empty,
            };
            for atom in &atoms {
                assert!(atom
                    .mode
                    .intersects(Mode::MOVE | Mode::CAPTURE | Mode::SHOOT));
                assert!(atom.path == Path::LionDouble || !atom.offsets.is_empty());
                for from in [Square(0), Square(44), Square(99)] {
                    for color in Color::ALL {
                        let _ = atom.reach(color, g, from, &occupant);
                    }
                }
            }
        }
        Err(e) => {
            assert!(
                (1..=text.chars().count()).contains(&e.column),
                "{text:?}: {e}"
            );
            assert!(!e.to_string().is_empty());
        }
    }
});
