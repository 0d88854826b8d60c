//! The page and its assets, embedded in the binary with `include_str!` (no CDN, no build step:
//! plain HTML, CSS and JavaScript under `assets/`).

use super::jobs::Jobs;
use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Arc;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const SCRIPT: &str = include_str!("../assets/app.js");
const ICON: &str = include_str!("../assets/favicon.svg");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `/`, `/style.css`, `/app.js`, and the icon (an SVG, under `/favicon.svg` and the
/// `/favicon.ico` browsers ask for).
pub fn routes() -> Router<Arc<Jobs>> {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route("/favicon.svg", get(|| async { asset("image/svg+xml", ICON) }))
        .route("/favicon.ico", get(|| async { asset("image/svg+xml", ICON) }))
}
