//! The rules book (`docs/rules/`) kept honest against the engine: every game has its
//! page, every page the program names exists, every move example is legal and written as
//! the engine writes it, and every drawing is what the engine draws today.
//!
//! The pages mark what this test checks with fenced blocks (see `docs/rules/README.md`,
//! "How the examples are checked"):
//! - ```` ```moves ID ````: lines `COORD SAN [OTHER-SAN…]` played in order from the start
//!   (or from a `fen FEN` line); `illegal COORD`, `count N` (legal moves now),
//!   `=> FEN` (the position now) and `outcome TEXT` (how the game stands now) are claims
//!   checked on the way; `#` starts a comment line.
//! - ```` ```movement ID SQUARE FEN ````: a board marking where the piece on SQUARE goes.
//! - ```` ```board ID FEN ```` (`start` for the start position): a plain board.
//! - ```` ```tour FILESxRANKS circuit|journey ````: King's Lancer tours, one per line.
//!
//! Drawings and the start-position SVGs are generated; `JOUST_BOOK_UPDATE=1 cargo test -p
//! joust --test rules_book` rewrites them in place after a deliberate change.

mod common;

#[path = "rules_book/check.rs"]
mod check;

use check::{check_block, draw, Block};
use joust_core::variants;
use std::path::{Path, PathBuf};

/// The repository's root (the workspace above the `cli` crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the cli crate has a parent directory")
        .to_path_buf()
}

/// The book's folder.
fn book() -> PathBuf {
    root().join("docs").join("rules")
}

/// Every game id the book must cover: the engine's games and the tour puzzle.
fn ids() -> Vec<&'static str> {
    let mut ids: Vec<&str> = variants::all().iter().map(|v| v.id).collect();
    ids.push("kl-tour");
    ids
}

/// Every page of the book, README first: (file name, text).
fn pages() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(book())
        .expect("docs/rules exists")
        .map(|e| {
            e.expect("readable entry")
                .file_name()
                .into_string()
                .unwrap()
        })
        .filter(|n| n.ends_with(".md"))
        .collect();
    names.sort_by_key(|n| (n != "README.md", n.clone()));
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(book().join(&n)).expect("page readable");
            (n, text)
        })
        .collect()
}

/// True when the test should rewrite generated drawings instead of comparing them.
fn updating() -> bool {
    std::env::var_os("JOUST_BOOK_UPDATE").is_some_and(|v| v == "1")
}

#[test]
fn every_game_has_its_page_and_the_contents_name_it() {
    let readme = std::fs::read_to_string(book().join("README.md")).expect("README.md");
    for id in ids() {
        let page = book().join(format!("{id}.md"));
        assert!(page.is_file(), "docs/rules/{id}.md is missing");
        assert!(
            readme.contains(&format!("]({id}.md)")),
            "docs/rules/README.md does not link {id}.md"
        );
    }
    // And no page for a game that does not exist.
    for (name, _) in pages() {
        let id = name.trim_end_matches(".md");
        assert!(
            name == "README.md" || ids().contains(&id),
            "docs/rules/{name} is not a game's page"
        );
    }
}

#[test]
fn every_page_the_program_names_exists() {
    for id in ids() {
        let (code, out, err) = common::joust(&["variants", id], "");
        assert_eq!(code, 0, "{id}: {err}");
        let named: Vec<&str> = out
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
            .filter(|w| w.starts_with("docs/"))
            .map(|w| w.trim_end_matches(['.', ':', ';']))
            .collect();
        assert_eq!(named, [format!("docs/rules/{id}.md")], "{id}: {out}");
        assert!(root().join(named[0]).is_file(), "{id} names {}", named[0]);
    }
}

#[test]
fn every_link_between_pages_resolves() {
    for (name, text) in pages() {
        for target in local_links(&text) {
            let path = target.split('#').next().unwrap_or("");
            if path.is_empty() {
                continue;
            }
            assert!(
                book().join(path).exists(),
                "docs/rules/{name} links {target}, which does not exist"
            );
        }
    }
}

/// The targets of the Markdown links and images of a page that are not web addresses.
fn local_links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push(target.to_string());
            }
        }
    }
    out
}

/// The fenced blocks of a page that this test checks, with the line of each.
fn blocks(text: &str) -> Vec<(usize, Block)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut body = Vec::new();
        for (_, l) in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push(l.to_string());
        }
        if let Some(block) = Block::parse(info.trim(), body) {
            out.push((n + 1, block));
        }
    }
    out
}

#[test]
fn every_example_and_drawing_agrees_with_the_engine() {
    let mut failures = Vec::new();
    let mut counts = [0usize; 2];
    for (name, text) in pages() {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let mut redrawn = false;
        // From the last block up, so that a redrawn block leaves the line numbers of the
        // blocks above it as they were.
        for (line, block) in blocks(&text).into_iter().rev() {
            counts[usize::from(block.is_drawing())] += 1;
            match check_block(&block) {
                Ok(()) => {}
                Err(_) if updating() && block.is_drawing() => match draw(&block) {
                    Ok(drawn) => {
                        let body = line..line + block.body.len();
                        lines.splice(body, drawn.lines().map(String::from));
                        redrawn = true;
                    }
                    Err(e) => failures.push(format!("docs/rules/{name}:{line}: {e}")),
                },
                Err(e) => failures.push(format!("docs/rules/{name}:{line}: {e}")),
            }
        }
        if redrawn {
            let text = lines.join("\n") + "\n";
            std::fs::write(book().join(&name), text).expect("page written");
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
    // The book has examples and drawings to check at all.
    assert!(counts[0] >= 20 && counts[1] >= 20, "{counts:?}");
}

#[test]
fn every_page_has_checked_examples_and_the_open_questions() {
    for (name, text) in pages().into_iter().filter(|p| p.0 != "README.md") {
        let found = blocks(&text);
        let id = name.trim_end_matches(".md");
        if id == "kl-tour" {
            assert!(found.iter().any(|b| b.1.kind == "tour"), "{name}");
        } else {
            for kind in ["moves", "movement", "board"] {
                assert!(
                    found.iter().any(|b| b.1.kind == kind && b.1.id() == id),
                    "docs/rules/{name} has no `{kind} {id}` block"
                );
            }
        }
        assert!(
            text.contains("## Where our reading settles an open question"),
            "docs/rules/{name} lacks its open-questions section"
        );
    }
}

#[test]
fn start_diagrams_are_what_joust_diagram_draws() {
    for v in variants::all() {
        let path = book().join("img").join(format!("{}-start.svg", v.id));
        let (code, svg, err) = common::joust(&["diagram", "--variant", v.id], "");
        assert_eq!(code, 0, "{}: {err}", v.id);
        if updating() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &svg).unwrap();
        }
        let stored =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            stored == svg,
            "{} differs from `joust diagram --variant {}` (after a deliberate change, \
             JOUST_BOOK_UPDATE=1 redraws it)",
            path.display(),
            v.id
        );
    }
}

/// The checker itself must catch what it is there to catch; each of these is a block
/// with one mistake.
#[test]
fn the_checker_refuses_wrong_examples() {
    let bad = [
        ("moves chess", "e2e5 e5"),           // illegal move
        ("moves chess", "e2e4 e2e4"),         // SAN not canonical
        ("moves chess", "g1f3 Nf3 Nh3"),      // other SAN for another move
        ("moves chess", "e2e4 e4\ncount 21"), // wrong count
        ("moves chess", "illegal e2e4"),      // legal after all
        ("moves chess", "e2e4 e4\n=> 8/8/8/8/8/8/8/8 w - - 0 1"),
        (
            "moves chess",
            "f2f3 f3\ne7e5 e5\ng2g4 g4\nd8h4 Qh4#\noutcome stalemate, draw",
        ),
        ("moves lancers", "b1h7 Lxh7"), // a Lancer move needs its facing
        ("moves nosuchgame", "e2e4 e4"),
        ("movement chess e2 start", "nonsense"),
        ("tour 3x3 circuit", "a1 b1 c1 c2 c3 b3 a3 a2 b2 a1"),
        ("tour 3x3 journey", "a1 b1 c1 c2 c3 b3 b2 a2 a3 a1"),
    ];
    for (info, body) in bad {
        let block = Block::parse(info, body.lines().map(String::from).collect())
            .unwrap_or_else(|| panic!("{info} is a checked block"));
        assert!(check_block(&block).is_err(), "{info}\n{body}\nwas accepted");
    }
    // And the same kinds of block, right, pass.
    let good = [
        ("moves chess", "e2e4 e4\ncount 20\ng8f6 Nf6 Ng8f6"),
        (
            "moves chess",
            "f2f3 f3\ne7e5 e5\ng2g4 g4\nd8h4 Qh4#\noutcome checkmate, black wins",
        ),
        ("tour 3x3 circuit", "a1 b1 c1 c2 c3 b3 b2 a2 a3 a1"),
    ];
    for (info, body) in good {
        let block = Block::parse(info, body.lines().map(String::from).collect()).unwrap();
        assert_eq!(check_block(&block), Ok(()), "{info}\n{body}");
    }
}
