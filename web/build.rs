//! Embeds the rules book: every `docs/rules/*.md` becomes an entry of `PAGES` in
//! `$OUT_DIR/book_pages.rs` (its name without `.md`, its text by `include_str!`), so the
//! server can show each game's page with no files beside the binary.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("../docs/rules");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("docs/rules is readable")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .filter_map(|p| {
            let stem = p.file_stem()?.to_str()?.to_string();
            let path = p.canonicalize().ok()?;
            Some((stem, path))
        })
        .collect();
    names.sort();
    let mut out = String::from("/// Every page of the rules book: its name and its markdown.\n");
    out += "pub const PAGES: &[(&str, &str)] = &[\n";
    for (name, path) in &names {
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    out += "];\n";
    let target =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("book_pages.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
