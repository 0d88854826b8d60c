//! The JSON API: one POST route per question of the command line (GET for `list`), each
//! answering with the report the command's `--json` prints (docs/api.md has the bodies).
//! Bad input is a 400 with the command line's message; a limit a 422; the time limit and a
//! busy server a 503 with `Retry-After`. `GET /api/status` says how many computations run.
//! `value`, `moves`, `sum`, `explain`, `seq` and `play` take `"misere": true` (misère play, as
//! `--misere`: the library's misère positions and reports).

use super::jobs::{Asked, Failure, Jobs};
use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Json, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use grundy::error::Error;
use grundy::game::Convention;
use grundy::games;
use grundy::query::{self, Explained};
use grundy::report::{GraphReport, ListReport, Natural, SeqReport};
use grundy::settings::Settings;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// The largest `to` of a sequence asked through the API (its values travel as JSON).
pub const MAX_SEQ_TO: u64 = 1_000_000;

/// The API's routes, under `/api`.
pub fn routes() -> Router<Arc<Jobs>> {
    Router::new()
        .route("/list", get(list))
        .route("/status", get(status))
        .route("/value", post(value))
        .route("/moves", post(moves))
        .route("/sum", post(sum))
        .route("/explain", post(explain))
        .route("/seq", post(seq))
        .route("/table", post(table))
        .route("/graph", post(graph))
        .route("/wtia", post(wtia))
        .route("/play", post(play))
}

/// The body, or a 400 with serde's message.
fn body<T>(b: std::result::Result<Json<T>, JsonRejection>) -> std::result::Result<T, Failure> {
    b.map(|Json(t)| t)
        .map_err(|e| Failure::input(format!("bad request body: {}", e.body_text())))
}

/// `GET /api/list`: every game, as `list --json` (with each game's editor), and the limits.
async fn list(State(jobs): State<Arc<Jobs>>) -> Response {
    #[derive(Serialize)]
    struct ListAnswer {
        #[serde(flatten)]
        list: ListReport,
        limits: LimitsShown,
    }
    #[derive(Serialize)]
    struct LimitsShown {
        max_states: usize,
        max_millis: u128,
        max_seq_to: u64,
    }
    let l = jobs.limits();
    Json(ListAnswer {
        list: query::list(),
        limits: LimitsShown {
            max_states: l.max_states,
            max_millis: l.max_time.as_millis(),
            max_seq_to: MAX_SEQ_TO,
        },
    })
    .into_response()
}

/// `GET /api/status`: the computations running now, the most that run at once (a busy server
/// answers 503 with `Retry-After`), and the longest any computation went on past its time limit.
async fn status(State(jobs): State<Arc<Jobs>>) -> Response {
    #[derive(Serialize)]
    struct Status {
        running: usize,
        jobs: usize,
        max_overrun_ms: u128,
    }
    Json(Status {
        running: jobs.running(),
        jobs: jobs.limits().jobs.max(1),
        max_overrun_ms: jobs.max_overrun().as_millis(),
    })
    .into_response()
}

/// The largest `to` of a misère sequence (each heap's genus is a search).
pub const MAX_MISERE_SEQ_TO: u64 = 64;

/// A position (`"nim 10 12 5"`) with the files it names and lower limits; `misere`: under
/// misère play (whoever moves last loses).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionAsked {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

/// `value`'s body: a position, `misere` as for [`PositionAsked`], and `no_moves` (the command
/// line's `value --no-moves`): the value and the outcome only, without the winning-move pass.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueAsked {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    no_moves: bool,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

/// Components of a sum (`["nim 3 4", "grundy-game 8"]`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentsAsked {
    components: Vec<String>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

async fn value(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<ValueAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, q.files, move |s| {
        query::value(
            &games::words(&q.position),
            Convention::misere_if(q.misere),
            !q.no_moves,
            s,
        )
    })
    .await
}

/// `moves`' body: a position as for [`PositionAsked`], and `max_moves`: list at most that many
/// moves (the rest are counted in `moves_total`; unbounded when absent).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesAsked {
    position: String,
    #[serde(default)]
    misere: bool,
    max_moves: Option<usize>,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

async fn moves(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<MovesAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, q.files, move |s| {
        let report = query::moves(&games::words(&q.position), Convention::misere_if(q.misere), s)?;
        let mut json = serde_json::to_value(&report).map_err(|e| Error::Input(e.to_string()))?;
        if let Some(most) = q.max_moves {
            bound_lists(&mut json, &["moves"], most.max(1));
        }
        Ok(json)
    })
    .await
}

async fn sum(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<ComponentsAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, q.files, move |s| {
        query::sum(&q.components, Convention::misere_if(q.misere), s)
    })
    .await
}

/// The most options (or components) an explanation lists by default, and at most when asked
/// for more with `max_options`: the rest are counted, not sent.
pub const EXPLAIN_OPTIONS: usize = 200;
/// The largest `max_options` of an explanation.
pub const MAX_EXPLAIN_OPTIONS: usize = 10_000;

/// `explain`: a position, or the components of a sum; `max_options`: list at most that many
/// options (or components; default [`EXPLAIN_OPTIONS`], at most [`MAX_EXPLAIN_OPTIONS`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainAsked {
    position: Option<String>,
    components: Option<Vec<String>>,
    #[serde(default)]
    misere: bool,
    max_options: Option<usize>,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

async fn explain(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<ExplainAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    let most = q.max_options.unwrap_or(EXPLAIN_OPTIONS).clamp(1, MAX_EXPLAIN_OPTIONS);
    jobs.run(q.limits, q.files, move |s| {
        let what = match (q.position, q.components) {
            (Some(p), None) => Explained::Position(games::words(&p)),
            (None, Some(c)) => Explained::Sum(c),
            _ => return Err(Error::Input("explain takes either `position` or `components`".into())),
        };
        let report = query::explain(&what, Convention::misere_if(q.misere), s)?;
        let mut json = serde_json::to_value(&report).map_err(|e| Error::Input(e.to_string()))?;
        bound_lists(&mut json, &["options", "components"], most);
        Ok(json)
    })
    .await
}

/// Cut the lists named `keys` of a report (an explanation's `options` and `components`, a
/// genus's `options`, the `moves` of `moves`) to `most` entries; a cut list's full length is
/// written beside it as `KEY_total`. The mex set, the nim-sum and the value are of the whole
/// list.
fn bound_lists(json: &mut serde_json::Value, keys: &[&str], most: usize) {
    let serde_json::Value::Object(map) = json else { return };
    for &key in keys {
        if let Some(serde_json::Value::Array(list)) = map.get_mut(key) {
            let total = list.len();
            if total > most {
                list.truncate(most);
                map.insert(format!("{key}_total"), total.into());
            }
        }
    }
    if let Some(genus) = map.get_mut("genus") {
        bound_lists(genus, keys, most);
    }
}

/// `seq`: the game with its rules, the last heap, the method.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeqAsked {
    game: String,
    to: u64,
    method: Option<String>,
    #[serde(default)]
    all: bool,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    limits: Asked,
}

async fn seq(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<SeqAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    if q.to > MAX_SEQ_TO {
        return Failure::input(format!("--to {} is too large here: at most {MAX_SEQ_TO}", q.to)).into_response();
    }
    if q.misere {
        if q.to > MAX_MISERE_SEQ_TO || q.method.is_some() || q.all {
            return Failure::input(format!(
                "a misère sequence takes `to` ≤ {MAX_MISERE_SEQ_TO} and no `method` or `all` (each heap's genus is a search)"
            ))
            .into_response();
        }
        return jobs
            .run(q.limits, HashMap::new(), move |s| {
                query::seq::misere(&games::words(&q.game), q.to, s)
            })
            .await;
    }
    let method = match q.method.as_deref().map(str::parse).transpose() {
        Ok(m) => m.unwrap_or_default(),
        Err(e) => return Failure::input(format!("`method`: {e}")).into_response(),
    };
    jobs.run(q.limits, HashMap::new(), move |s| {
        // One thread a request: the server runs several requests at once.
        let s = Settings { jobs: 1, ..s.clone() };
        let c = query::seq::whole(&games::words(&q.game), q.to, method, q.all, &s)?;
        let values: Vec<Natural> = (0..=c.sequence.to).map(|n| Natural(c.sequence.get(n))).collect();
        Ok(SeqReport::of(c.title, &c.sequence, values))
    })
    .await
}

/// `table`: the game with its arguments, one or two of them ranges.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableAsked {
    table: String,
    #[serde(default)]
    boolean: bool,
    #[serde(default)]
    limits: Asked,
}

async fn table(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<TableAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, HashMap::new(), move |s| {
        query::table::report(&games::words(&q.table), q.boolean, true, s)
    })
    .await
}

/// `graph`: a digraph file (given in `files`); `undirected`: the file read as an undirected
/// graph (the games on undirected graphs), answered with its vertices and edges only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphAsked {
    file: String,
    #[serde(default)]
    undirected: bool,
    #[serde(default)]
    files: HashMap<String, String>,
    #[serde(default)]
    limits: Asked,
}

/// `graph`'s answer: the report of `graph FILE --json` and the arcs, to draw the graph.
#[derive(Serialize)]
struct GraphAnswer {
    #[serde(flatten)]
    report: GraphReport,
    /// Each arc as `[from, to]`, indices into `vertices`.
    arc_list: Vec<[u32; 2]>,
}

/// An undirected graph to draw: its vertices in the file's order and each edge once, as
/// `[u, v]` with `u < v` (indices into `vertices`).
#[derive(Serialize)]
struct UndirectedAnswer {
    vertices: Vec<Named>,
    edge_list: Vec<[u32; 2]>,
}

#[derive(Serialize)]
struct Named {
    name: String,
}

async fn graph(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<GraphAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    if q.undirected {
        return jobs
            .run(q.limits, q.files, move |_| {
                let g = grundy::games::graph_format::read_undirected(&q.file)?;
                let mut edge_list: Vec<[u32; 2]> = g
                    .vertices()
                    .flat_map(|v| {
                        g.followers(v)
                            .iter()
                            .filter(move |&&w| v != w)
                            .map(move |&w| [v.min(w), v.max(w)])
                    })
                    .collect();
                edge_list.sort_unstable();
                edge_list.dedup();
                Ok(UndirectedAnswer {
                    vertices: g.names().iter().map(|name| Named { name: name.clone() }).collect(),
                    edge_list,
                })
            })
            .await;
    }
    jobs.run(q.limits, q.files, move |s| {
        let solved = grundy::games::graph::load(&q.file, &s.control)?;
        let g = &solved.graph;
        let arc_list = g
            .vertices()
            .flat_map(|v| g.followers(v).iter().map(move |&w| [v, w]))
            .collect();
        Ok(GraphAnswer {
            report: GraphReport::of(&solved),
            arc_list,
        })
    })
    .await
}

async fn wtia(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<ComponentsAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, q.files, move |s| {
        query::wtia(&q.components, Convention::misere_if(q.misere), s)
    })
    .await
}

async fn play(State(jobs): State<Arc<Jobs>>, b: std::result::Result<Json<PositionAsked>, JsonRejection>) -> Response {
    let q = match body(b) {
        Ok(q) => q,
        Err(f) => return f.into_response(),
    };
    jobs.run(q.limits, q.files, move |s| {
        query::play_turn(&games::words(&q.position), Convention::misere_if(q.misere), s)
    })
    .await
}
