//! The explorer: `grundy serve` serves one page and a JSON API over the library's reports.
//!
//! What: an axum router ([`router`]) with the page and its assets (`assets.rs`, embedded in the
//! binary: no CDN, no build step) and the API (`api.rs`: `list`, `value`, `moves`, `sum`,
//! `explain`, `seq`, `table`, `graph`, `wtia`, `play`), each answering with the same report
//! types as the command line's `--json` ([`grundy::report`]). Every computation runs off the
//! request threads under per-request limits on states, memory and time, and is cancelled when
//! the client goes away or the time is up (`jobs.rs`). docs/api.md documents the API.
//!
//! Why: students and teachers click a position and see its value, its winning moves and why,
//! then play it out; the page learns every game, its rules and its editor from the registry
//! (this crate names no game).
//!
//! Cost: a request costs its question (see [`grundy::report`]); the server itself is idle
//! between requests.

#![warn(missing_docs)]

mod api;
mod assets;
mod jobs;

pub use jobs::ServerLimits;

use axum::Router;
use grundy::control::Cancel;
use std::net::SocketAddr;
use std::sync::Arc;

/// The router of the whole explorer: the page, its assets and the API, with `limits` applied to
/// every request.
pub fn router(limits: ServerLimits) -> Router {
    let state = Arc::new(jobs::Jobs::new(limits));
    Router::new()
        .merge(assets::routes())
        .nest("/api", api::routes())
        .with_state(state)
}

/// Serve the explorer on `addr` until the process ends; `ready` is called with the address
/// actually bound (port 0 picks a free port) once the server listens.
pub async fn serve(addr: SocketAddr, limits: ServerLimits, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router(limits)).await
}

/// `grundy serve`: run the server on `host:port` on a runtime of its own until `stop` is
/// cancelled (Ctrl-C, SIGTERM); prints the address, and with `open` asks the desktop to open
/// it in a browser. Computations still running then are cancelled with the runtime.
pub fn run(host: &str, port: u16, open: bool, limits: ServerLimits, stop: Cancel) -> Result<(), String> {
    let ip: std::net::IpAddr = host
        .parse()
        .map_err(|_| format!("--host {host} is not an IP address (e.g. 127.0.0.1)"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    let served = runtime.block_on(async {
        let server = serve(SocketAddr::new(ip, port), limits, |bound| {
            let url = format!("http://{bound}/");
            println!("grundy explorer on {url} (Ctrl-C stops it)");
            if open {
                open_browser(&url);
            }
        });
        let stopped = async {
            while !stop.is_cancelled() {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        };
        tokio::select! {
            r = server => r,
            () = stopped => Ok(()),
        }
    });
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    served.map_err(|e| format!("cannot serve on {host}:{port}: {e}"))
}

/// Ask the desktop to open `url` (xdg-open, open or start); a failure is only reported.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("grundy: cannot open a browser ({opener}: {e}); open {url} by hand");
    }
}
