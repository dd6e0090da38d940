//! `joust serve` as a user runs it: it says where it listens and serves the page there;
//! an address it cannot use is one line and status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

/// The server, stopped when the test ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A plain HTTP/1.1 GET; returns the whole answer.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("the server accepts");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_says_where_it_listens_and_serves_the_page_there() {
    let child = Command::new(env!("CARGO_BIN_EXE_joust"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("joust runs");
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .strip_prefix("Joust is serving on http://")
        .and_then(|rest| rest.split_once("/ (Ctrl-C stops it)"))
        .map(|(addr, _)| addr.to_string())
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let page = get(&addr, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>Joust</title>"), "{page}");
    let games = get(&addr, "/api/variants");
    assert!(games.contains("\"id\":\"lancerchess\""), "{games}");
}

#[test]
fn serve_bad_input_gives_one_line_and_status_2() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let mut out = String::new();
    for args in [
        vec!["serve", "--port", port.as_str()],
        vec!["serve", "--host", "no such host"],
        vec!["serve", "--port", "70000"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_joust"))
            .args(&args)
            .output()
            .expect("joust runs");
        let err = String::from_utf8_lossy(&o.stderr).replace(&port, "PORT");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or("").to_string();
        if args[2] != "70000" {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
        out += &format!(
            "$ joust {}\n{first}\n",
            args.join(" ").replace(&port, "PORT")
        );
    }
    // The OS words the reasons (address in use, name not resolved): keep the part we write.
    let ours: String = out
        .lines()
        .map(|l| l.split(": ").take(3).collect::<Vec<_>>().join(": "))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!(ours);
}
