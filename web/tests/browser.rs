//! End to end in a real browser: headless Chromium driven over WebDriver (Debian's
//! `chromium` and `chromium-driver`). Loads the page, plays chess moves by clicks and one
//! by drag and drop, a Lancer move with its facing chosen from the eight arrows, checks
//! the position the server reports, and checks a screenshot is not blank.
//!
//! Without Chromium or chromedriver the test fails and says what to install, unless
//! `JOUST_SKIP_BROWSER_TESTS=1` is set.

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian installs the browser and its driver, then the names on PATH.
const BROWSERS: &[&str] = &["/usr/bin/chromium", "chromium", "chromium-browser"];
const DRIVERS: &[&str] = &["/usr/bin/chromedriver", "chromedriver"];

/// How long any one thing may take to show on the page.
const WAIT: Duration = Duration::from_secs(20);

/// The first of `names` that is a file or found on PATH.
fn find(names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|n| {
        let p = Path::new(n);
        if p.is_absolute() {
            return p.is_file().then(|| p.to_path_buf());
        }
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(n))
                .find(|c| c.is_file())
        })
    })
}

/// chromedriver, ended when the test ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_driver(driver: &Path) -> (Driver, u16) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()));
    let guard = Driver(child);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < WAIT,
            "chromedriver did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (guard, port)
}

async fn connect(port: u16, browser: &Path, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": browser.to_string_lossy(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1000,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session with Chromium")
}

/// Evaluates `script` (a function body) in the page.
async fn eval(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// Waits until `script` returns true in the page.
async fn wait_until(c: &Client, what: &str, script: &str) {
    let start = Instant::now();
    loop {
        if eval(c, script).await == Value::Bool(true) {
            return;
        }
        if start.elapsed() > WAIT {
            let status = eval(c, "return document.getElementById('status').textContent + ' | ' + document.getElementById('error').textContent").await;
            panic!("timed out waiting for {what}; the page says: {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn wait_ply(c: &Client, ply: u32) {
    let script = format!(
        "return document.body.dataset.ply === '{ply}' && document.body.dataset.busy === '0'"
    );
    wait_until(c, &format!("ply {ply}"), &script).await;
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

async fn click_squares(c: &Client, from: &str, to: &str) {
    click(c, &format!("rect[data-square='{from}']")).await;
    click(c, &format!("rect[data-square='{to}']")).await;
}

/// The centre of a square in the viewport's pixels.
async fn centre(c: &Client, square: &str) -> (i64, i64) {
    let script = format!(
        "const r = document.querySelector(\"rect[data-square='{square}']\").getBoundingClientRect();
         return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];"
    );
    let v = eval(c, &script).await;
    (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
}

/// Drags the piece on `from` to `to` with the mouse (the board is redrawn while the
/// piece moves, so the pointer goes by coordinates, not elements).
async fn drag(c: &Client, from: &str, to: &str) {
    let (x0, y0) = centre(c, from).await;
    let (x1, y1) = centre(c, to).await;
    let at = |x, y, ms| PointerAction::MoveTo {
        duration: Some(Duration::from_millis(ms)),
        x,
        y,
    };
    let mouse = MouseActions::new("mouse".into())
        .then(at(x0, y0, 0))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(at((x0 + x1) / 2, (y0 + y1) / 2, 100))
        .then(at(x1, y1, 100))
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(mouse).await.expect("the drag");
}

/// Opens the page on a new game of `variant` from `fen` (the page's own link form).
async fn open_position(c: &Client, base: &str, variant: &str, fen: &str) {
    let script = format!("return '{base}?variant={variant}&fen=' + encodeURIComponent('{fen}')");
    let url = eval(c, &script).await;
    c.goto(url.as_str().unwrap()).await.expect("the page loads");
    let ready = format!(
        "return document.body.dataset.ready === '1' && document.body.dataset.fen === '{fen}'"
    );
    wait_until(c, &format!("{variant} from {fen}"), &ready).await;
}

/// Picks the move written `text` in the open chooser.
async fn pick(c: &Client, text: &str) {
    let css = format!("#chooser button[data-text='{text}']");
    wait_until(
        c,
        &format!("{text} in the chooser"),
        &format!("return !!document.querySelector(\"{css}\")"),
    )
    .await;
    click(c, &css).await;
}

/// The game as the server reports it (fetched from the page's own game).
async fn server_state(c: &Client) -> Value {
    let script = "const done = arguments[0];
        fetch('/api/games/' + sessionStorage.getItem('joust-game'))
            .then((r) => r.json()).then(done, (e) => done(String(e)));";
    c.execute_async(script, vec![]).await.expect("the state")
}

/// A screenshot has a board on it: many pixels off the background, many colours.
fn check_screenshot(png_bytes: &[u8], out: &Path) {
    std::fs::write(out, png_bytes).expect("screenshot written");
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(channels).collect();
    let first = pixels[0];
    let different = pixels.iter().filter(|p| p[..3] != first[..3]).count();
    let mut colours: Vec<[u8; 3]> = pixels.iter().map(|p| [p[0], p[1], p[2]]).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(
        different > pixels.len() / 4 && colours.len() > 50,
        "the screenshot ({}) looks blank: {different} of {} pixels differ from the first, {} colours",
        out.display(),
        pixels.len(),
        colours.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn special_moves_are_played_in_headless_chromium() {
    if std::env::var("JOUST_SKIP_BROWSER_TESTS").as_deref() == Ok("1") {
        eprintln!("JOUST_SKIP_BROWSER_TESTS=1: the browser test is skipped");
        return;
    }
    let (Some(browser), Some(driver)) = (find(BROWSERS), find(DRIVERS)) else {
        panic!(
            "the browser test needs Chromium and chromedriver: apt-get install chromium \
             chromium-driver (or set JOUST_SKIP_BROWSER_TESTS=1 to skip it)"
        );
    };
    let (listener, addr): (_, SocketAddr) = joust_web::bind("127.0.0.1:0".parse().unwrap())
        .await
        .expect("bound");
    tokio::spawn(joust_web::serve(listener, joust_web::Config::default()));
    let (_driver, port) = start_driver(&driver);
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let profile = tmp.join(format!("chromium-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let c = connect(port, &browser, &profile).await;

    c.goto(&format!("http://{addr}/"))
        .await
        .expect("the page loads");
    wait_until(&c, "the page", "return document.body.dataset.ready === '1'").await;
    wait_ply(&c, 0).await;

    // Chess, two players: moves by clicks, and one by drag and drop.
    click_squares(&c, "e2", "e4").await;
    wait_ply(&c, 1).await;
    click_squares(&c, "e7", "e5").await;
    wait_ply(&c, 2).await;
    drag(&c, "g1", "f3").await;
    wait_ply(&c, 3).await;
    click_squares(&c, "b8", "c6").await;
    wait_ply(&c, 4).await;
    let state = server_state(&c).await;
    assert_eq!(
        state["fen"], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "{state}"
    );
    let sans: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    // The move list shows them; clicking the first goes back to it.
    click(&c, "#moves [data-ply='1']").await;
    wait_until(
        &c,
        "the view of move 1",
        "return document.getElementById('fen').value.startsWith('rnbqkbnr/pppppppp/8/8/4P3/')",
    )
    .await;

    // Lancers Chess from the game chooser: a Lancer's move, then its facing.
    click(&c, "#new-game").await;
    click(&c, "#variant-list option[value='lancers']").await;
    click(&c, "#start-game").await;
    wait_until(
        &c,
        "a Lancers Chess game",
        "return document.getElementById('game-name').textContent === 'Lancers Chess' && document.body.dataset.ply === '0'",
    )
    .await;
    let state = server_state(&c).await;
    let moves = state["moves"].as_array().unwrap();
    let lancer = moves
        .iter()
        .find(|m| {
            moves
                .iter()
                .filter(|o| o["from"] == m["from"] && o["to"] == m["to"])
                .count()
                == 8
        })
        .expect("a Lancer move with eight facings");
    let (from, to) = (
        lancer["from"].as_str().unwrap(),
        lancer["to"].as_str().unwrap(),
    );
    click_squares(&c, from, to).await;
    wait_until(
        &c,
        "the facing chooser",
        "return !document.getElementById('chooser').hidden && !!document.querySelector('#chooser .preselected')",
    )
    .await;
    // East: facing 2.
    click(&c, "#chooser button[data-facing='2']").await;
    wait_ply(&c, 1).await;
    let state = server_state(&c).await;
    let last = &state["last_move"];
    assert_eq!(
        (last["from"].as_str(), last["to"].as_str()),
        (Some(from), Some(to))
    );
    let detail = c
        .execute_async(
            "const done = arguments[0]; fetch('/api/variants/lancers').then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("the game's detail");
    let piece = state["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sq"] == to)
        .expect("the Lancer on its square");
    let kind = &detail["kinds"][piece["kind"].as_u64().unwrap() as usize];
    assert_eq!(kind["facing"], 2, "{kind}");

    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &tmp.join("browser-lancers.png"));

    // Cromwell: a pawn may take e5 by moving or by shooting; the chooser tells them apart.
    let base = format!("http://{addr}/");
    open_position(&c, &base, "cromwell", "4k3/8/8/3ppp2/4P3/8/8/4K3 w - - 0 1").await;
    click_squares(&c, "e4", "e5").await;
    pick(&c, "e4*e5").await;
    wait_ply(&c, 1).await;
    let state = server_state(&c).await;
    assert_eq!(state["last_move"]["flag"], "shot", "{state}");
    assert_eq!(state["fen"], "4k3/8/8/3p1p2/4P3/8/8/4K3 b - - 0 1");
    wait_until(
        &c,
        "the shot drawn",
        "return !!document.querySelector('#board .shot')",
    )
    .await;

    // Royal Lion: a second click on the Lion plays its move that ends where it began
    // (take and return), through the chooser when there are several.
    let fen = "l9/10/10/10/10/4pp4/4L5/10/10/10 w - - 0 1";
    open_position(&c, &base, "royal-lion", fen).await;
    let state = server_state(&c).await;
    let stays: Vec<&Value> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e4" && m["to"] == "e4")
        .collect();
    let wanted = stays
        .iter()
        .find(|m| m["text"] == "e4f5,f5e4")
        .expect("the Lion takes f5 and returns");
    click_squares(&c, "e4", "e4").await;
    if stays.len() > 1 {
        pick(&c, "e4f5,f5e4").await;
    }
    wait_ply(&c, 1).await;
    let state = server_state(&c).await;
    assert_eq!(state["last_move"]["san"], wanted["san"], "{state}");
    assert_eq!(state["last_move"]["via"], "f5", "{state}");
    // With two pawns to take, some squares are reached by more than one legal move (a
    // step, a double move through either pawn): the chooser lists them, one is picked.
    let fen = "l9/10/10/10/10/3pp5/4L5/10/10/10 w - - 0 1";
    open_position(&c, &base, "royal-lion", fen).await;
    let state = server_state(&c).await;
    let moves = state["moves"].as_array().unwrap();
    let shared = moves
        .iter()
        .find(|m| {
            m["from"] == "e4"
                && moves
                    .iter()
                    .filter(|o| o["from"] == "e4" && o["to"] == m["to"])
                    .count()
                    > 1
        })
        .expect("two Lion moves with the same squares");
    let to = shared["to"].as_str().unwrap();
    click_squares(&c, "e4", to).await;
    pick(&c, shared["text"].as_str().unwrap()).await;
    wait_ply(&c, 1).await;
    let state = server_state(&c).await;
    assert_eq!(state["last_move"]["text"], shared["text"], "{state}");

    // Playing Black against the engine: the board turns round and the engine, White,
    // moves first.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    open_position(&c, &base, "chess", fen).await;
    click(&c, "#think option[value='300']").await;
    click(&c, "#mode option[value='black']").await;
    wait_ply(&c, 1).await;
    let flipped = eval(
        &c,
        "const y = (s) => document.querySelector(`rect[data-square='${s}']`).getBoundingClientRect().y;
         return y('a1') < y('a8');",
    )
    .await;
    assert_eq!(
        flipped,
        Value::Bool(true),
        "the board is not turned for Black"
    );
    let state = server_state(&c).await;
    assert_eq!(state["side"], "black", "{state}");

    // At phone width the board fits the screen and is drawn.
    c.set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    let width = eval(
        &c,
        "return document.getElementById('board').getBoundingClientRect().width",
    )
    .await;
    let width = width.as_f64().unwrap();
    assert!(
        width > 300.0 && width <= 390.0,
        "the board is {width} px wide"
    );
    let shot = c.screenshot().await.expect("a screenshot");
    check_screenshot(&shot, &tmp.join("browser-phone.png"));
    c.close().await.expect("the session closes");
    let _ = std::fs::remove_dir_all(&profile);
}
