//! A game's bytes as text: UTF-8 if they are valid UTF-8, else Windows-1252 (the
//! superset of Latin-1 that PGN files from Windows programs use; the PGN standard itself
//! says Latin-1). Either way the text comes out as a Rust string, written out as UTF-8.

/// What Windows-1252 has at 0x80 to 0x9F; the five bytes it leaves undefined stay the C1
/// control characters Latin-1 has there (as the WHATWG decoder does).
const CP1252_HIGH: [char; 32] = [
    '\u{20ac}', '\u{81}', '\u{201a}', '\u{192}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2c6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8d}', '\u{17d}', '\u{8f}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2dc}', '\u{2122}', '\u{161}', '\u{203a}', '\u{153}', '\u{9d}', '\u{17e}', '\u{178}',
];

/// `bytes` as text: UTF-8 when valid, else one character per byte in Windows-1252.
pub(crate) fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| windows_1252(b)).collect(),
    }
}

fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_stays_utf8() {
        assert_eq!(decode("Müller – ½".as_bytes()), "Müller – ½");
        assert_eq!(decode(b""), "");
    }

    #[test]
    fn other_bytes_are_latin1_or_windows_1252() {
        assert_eq!(decode(b"M\xfcller"), "Müller");
        assert_eq!(decode(b"\xc9ric \xbd-\xbd"), "Éric ½-½");
        assert_eq!(decode(b"\x80 \x93quoted\x94 \x85"), "€ “quoted” …");
        assert_eq!(
            decode(b"\x81\x8d\x8f\x90\x9d"),
            "\u{81}\u{8d}\u{8f}\u{90}\u{9d}"
        );
        // A text mixing valid UTF-8 with a stray Latin-1 byte is Latin-1 throughout.
        assert_eq!(decode(b"\xc3\xa9 \xe9"), "\u{c3}\u{a9} \u{e9}");
        for b in 0..=255u8 {
            let c = windows_1252(b);
            if !(0x80..=0x9f).contains(&b) {
                assert_eq!(c as u32, u32::from(b));
            }
        }
    }
}
