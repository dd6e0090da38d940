//! `joust serve`: the board in the browser. Serves the page and its API (the
//! `joust-web` crate) on 127.0.0.1 unless `--host` says otherwise, and with `--open`
//! opens it in the system's browser.

use crate::UserError;
use clap::Args;
use std::net::{SocketAddr, ToSocketAddrs};

/// Arguments of `joust serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The address to listen on; anything but a loopback address lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the system's browser once the server listens.
    #[arg(long)]
    open: bool,
}

/// Resolves `host`:`port` to the address to bind.
fn address(args: &ServeArgs) -> Result<SocketAddr, UserError> {
    let bad = |e: String| UserError(format!("--host '{}': {e}", args.host));
    (args.host.as_str(), args.port)
        .to_socket_addrs()
        .map_err(|e| bad(e.to_string()))?
        .next()
        .ok_or_else(|| bad("names no address".into()))
}

/// Opens `url` in the system's browser; a failure is a warning, not an error.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let result = if cfg!(windows) {
        std::process::Command::new("cmd")
            .args(["/C", "start", "", url])
            .spawn()
    } else {
        std::process::Command::new(opener).arg(url).spawn()
    };
    if let Err(e) = result {
        eprintln!("joust: warning: cannot open a browser ({e}); open {url} yourself");
    }
}

/// Runs the command: serves until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<u8, UserError> {
    let addr = address(args)?;
    let open = args.open;
    let ready = |local: SocketAddr| {
        let url = format!("http://{local}/");
        println!("Joust is serving on {url} (Ctrl-C stops it)");
        if !local.ip().is_loopback() {
            println!("Listening beyond this machine: anyone who can reach {local} can use it.");
        }
        if open {
            open_browser(&url);
        }
    };
    joust_web::run_blocking(addr, joust_web::Config::default(), ready)
        .map_err(|e| UserError(e.to_string()))?;
    Ok(0)
}
