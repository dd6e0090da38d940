//! What the browser tests share: finding and starting Chromium and chromedriver, and
//! driving the page (clicks on squares, drags, the chooser, the server's view of the
//! page's game, screenshots checked not blank).

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian installs the browser and its driver, then the names on PATH.
pub const BROWSERS: &[&str] = &["/usr/bin/chromium", "chromium", "chromium-browser"];
pub const DRIVERS: &[&str] = &["/usr/bin/chromedriver", "chromedriver"];

/// How long any one thing may take to show on the page.
pub const WAIT: Duration = Duration::from_secs(20);

/// The first of `names` that is a file or found on PATH.
pub fn find(names: &[&str]) -> Option<PathBuf> {
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
pub struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub fn start_driver(driver: &Path) -> (Driver, u16) {
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

pub async fn connect(port: u16, browser: &Path, profile: &Path) -> Client {
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
pub async fn eval(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// Waits until `script` returns true in the page.
pub async fn wait_until(c: &Client, what: &str, script: &str) {
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

pub async fn wait_ply(c: &Client, ply: u32) {
    let script = format!(
        "return document.body.dataset.ply === '{ply}' && document.body.dataset.busy === '0'"
    );
    wait_until(c, &format!("ply {ply}"), &script).await;
}

/// Clicks the element `css` finds. The board is redrawn whenever the analysis sends a
/// line, so an element found may be replaced before the click: it is found again.
pub async fn click(c: &Client, css: &str) {
    let mut tries = 0;
    loop {
        let element = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"));
        match element.click().await {
            Ok(_) => return,
            Err(e) if tries < 20 && e.to_string().contains("stale element") => tries += 1,
            Err(e) => panic!("cannot click {css}: {e}"),
        }
    }
}

/// Clicks `from`, then `to`, on the board: with the mouse at each square's centre, as a
/// person clicks (the board is redrawn as analysis lines arrive, so its elements come
/// and go; the pointer goes by coordinates).
pub async fn click_squares(c: &Client, from: &str, to: &str) {
    click_square(c, from).await;
    click_square(c, to).await;
}

/// A left click at the centre of `square` on the board.
pub async fn click_square(c: &Client, square: &str) {
    let (x, y) = centre(c, square).await;
    let mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(0)),
            x,
            y,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(mouse).await.expect("the click");
}

/// The centre of a square in the viewport's pixels.
pub async fn centre(c: &Client, square: &str) -> (i64, i64) {
    let script = format!(
        "const el = document.querySelector(\"rect[data-square='{square}']\");
         el.scrollIntoView({{ block: 'nearest', inline: 'nearest' }});
         const r = el.getBoundingClientRect();
         return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];"
    );
    let v = eval(c, &script).await;
    (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
}

/// Drags the piece on `from` to `to` with the mouse (the board is redrawn while the
/// piece moves, so the pointer goes by coordinates, not elements).
pub async fn drag(c: &Client, from: &str, to: &str) {
    drag_with(c, from, to, MOUSE_BUTTON_LEFT).await;
}

/// Presses mouse `button` on `from`, moves to `to` and lets go there (a circle when
/// `from` is `to` and the button is the right one).
pub async fn drag_with(c: &Client, from: &str, to: &str, button: u64) {
    let (x0, y0) = centre(c, from).await;
    let (x1, y1) = centre(c, to).await;
    let at = |x, y, ms| PointerAction::MoveTo {
        duration: Some(Duration::from_millis(ms)),
        x,
        y,
    };
    let mouse = MouseActions::new("mouse".into())
        .then(at(x0, y0, 0))
        .then(PointerAction::Down { button })
        .then(at((x0 + x1) / 2, (y0 + y1) / 2, 100))
        .then(at(x1, y1, 100))
        .then(PointerAction::Up { button });
    c.perform_actions(mouse).await.expect("the drag");
}

/// Opens the page on a new game of `variant` from `fen` (the page's own link form).
pub async fn open_position(c: &Client, base: &str, variant: &str, fen: &str) {
    let script = format!("return '{base}?variant={variant}&fen=' + encodeURIComponent('{fen}')");
    let url = eval(c, &script).await;
    c.goto(url.as_str().unwrap()).await.expect("the page loads");
    let ready = format!(
        "return document.body.dataset.ready === '1' && document.body.dataset.fen === '{fen}'"
    );
    wait_until(c, &format!("{variant} from {fen}"), &ready).await;
}

/// Picks the move written `text` in the open chooser.
pub async fn pick(c: &Client, text: &str) {
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
pub async fn server_state(c: &Client) -> Value {
    let script = "const done = arguments[0];
        fetch('/api/games/' + sessionStorage.getItem('joust-game'))
            .then((r) => r.json()).then(done, (e) => done(String(e)));";
    c.execute_async(script, vec![]).await.expect("the state")
}

/// A screenshot has a board on it: many pixels off the background, many colours.
pub fn check_screenshot(png_bytes: &[u8], out: &Path) {
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

/// Sets the value of the input or text area with the id `id`.
pub async fn set_value(c: &Client, id: &str, value: &str) {
    c.execute(
        "document.getElementById(arguments[0]).value = arguments[1]; return true;",
        vec![json!(id), json!(value)],
    )
    .await
    .expect("the value is set");
}
