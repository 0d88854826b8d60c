//! The explorer's API over real sockets: each answer is the library's report (the same JSON as
//! `--json`), bad input is a 400 with the command line's message, limits and the time limit
//! answer with an error while the server keeps serving, a client that goes away frees its slot,
//! a busy server answers 503 with `Retry-After` at once, a bounded load test (200 requests from
//! 20 clients, some malformed or over the limits), and a mixed load of hostile bodies, long jobs
//! and plain requests after which every computation has ended and the CPU is at rest.

use grundy::games::{self, REGISTRY};
use grundy::report::{ExplainReport, MovesReport, SumReport, ValueReport, WtiaReport};
use grundy::settings::Settings;
use grundy_web::ServerLimits;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A server on a free port of 127.0.0.1 with `limits`, for the test's lifetime.
async fn start(limits: ServerLimits) -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
        grundy_web::serve(addr, limits, |a| {
            let _ = tx.send(a);
        })
        .await
        .unwrap();
    });
    rx.await.unwrap()
}

/// A server as [`start`], but on a runtime of its own on a thread that is never joined: a test
/// whose computations do not stop fails at its assertion instead of hanging in the drop of its
/// runtime (which waits for every blocking task).
fn start_detached(limits: ServerLimits) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
            grundy_web::serve(addr, limits, |a| {
                let _ = tx.send(a);
            })
            .await
            .unwrap();
        });
    });
    rx.recv().unwrap()
}

/// One HTTP/1.1 request (`Connection: close`): the status and the body.
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let status = text[9..12].parse().unwrap();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap();
    let body = if headers.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, &body.to_string()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// [`post`], asked again after 10 ms while the server answers busy (503 `busy`).
async fn post_when_free(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    loop {
        let (status, v) = post(addr, path, body.clone()).await;
        if status != 503 || v["kind"] != "busy" {
            return (status, v);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn built(words: &str) -> Box<dyn grundy::position::AnyPosition> {
    games::build(&games::words(words), &Settings::default()).unwrap()
}

fn as_json(r: &impl serde::Serialize) -> Value {
    serde_json::to_value(r).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_is_the_librarys_report() {
    let addr = start(ServerLimits::default()).await;
    let (status, list) = request(addr, "GET", "/api/list", "").await;
    assert_eq!(status, 200);
    let list: Value = serde_json::from_str(&list).unwrap();
    let names: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, REGISTRY.iter().map(|e| e.name).collect::<Vec<_>>());
    assert!(
        list["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["editor"]["kind"].is_string())
    );

    let (status, v) = post(addr, "/api/value", json!({"position": "nim 10 12 5"})).await;
    assert_eq!(status, 200);
    assert_eq!(v, as_json(&ValueReport::of(built("nim 10 12 5").as_ref()).unwrap()));
    assert_eq!(v["value"], 3);
    assert_eq!(v["winning_moves"][0]["move"], "10 → 9");

    let (_, m) = post(addr, "/api/moves", json!({"position": "grundy-game 8"})).await;
    assert_eq!(m, as_json(&MovesReport::of(built("grundy-game 8").as_ref()).unwrap()));
    let (_, e) = post(addr, "/api/explain", json!({"position": "grundy-game 8"})).await;
    assert_eq!(e, as_json(&ExplainReport::of(built("grundy-game 8").as_ref()).unwrap()));
    assert_eq!(e["set"], json!([0, 1, 3]));
    let (_, e) = post(
        addr,
        "/api/explain",
        json!({"components": ["nim 10", "nim 12", "nim 5"]}),
    )
    .await;
    assert_eq!(e["kind"], "sum");
    assert_eq!(e["nim_sum"], 3);
    let sum = grundy::position::Sum::new(vec![built("nim 3 4"), built("grundy-game 8")]).unwrap();
    let (_, s) = post(addr, "/api/sum", json!({"components": ["nim 3 4", "grundy-game 8"]})).await;
    assert_eq!(s, as_json(&SumReport::of(&sum).unwrap()));

    // Graph families go through the registry's parser too (issue 31): the queens graph of an
    // 8×8 board is 3 (OEIS A344227), the 3×n grids are A316632.
    let (status, q) = post(addr, "/api/value", json!({"position": "node-kayles queens 8"})).await;
    assert_eq!(status, 200);
    assert_eq!(q["value"], 3);
    let (status, g) = post(addr, "/api/seq", json!({"game": "node-kayles grid 3x{n}", "to": 16})).await;
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["values"], json!([0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]));

    let (status, seq) = post(addr, "/api/seq", json!({"game": "subtraction --set 1,2", "to": 30})).await;
    assert_eq!(status, 200);
    assert_eq!(seq["period"], 3);
    assert_eq!(seq["proved"], true);
    assert_eq!(seq["values"].as_array().unwrap().len(), 31);
    let (_, t) = post(addr, "/api/table", json!({"table": "lattice 0..3 0..3"})).await;
    let want =
        grundy::query::table::report(&games::words("lattice 0..3 0..3"), false, true, &Settings::default()).unwrap();
    assert_eq!(t, as_json(&want));
    // `no_moves`: the value and outcome only (`value --no-moves`), no `winning_moves` key.
    let (status, v) = post(addr, "/api/value", json!({"position": "nim 10 12 5", "no_moves": true})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(3), Some("N")),
        "{v}"
    );
    assert!(v.get("winning_moves").is_none(), "{v}");
    let (_, v) = post(
        addr,
        "/api/value",
        json!({"position": "nim 10 12 5", "no_moves": false}),
    )
    .await;
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1), "{v}");
    let (status, _) = post(addr, "/api/moves", json!({"position": "nim 1", "no_moves": true})).await;
    assert_eq!(status, 400, "no_moves belongs to value only");
    let (_, w) = post(addr, "/api/wtia", json!({"components": ["levels 4,9,3", "levels 2,5"]})).await;
    assert!(w["outcome"].is_string(), "{w}");
    let parts: Vec<_> = ["levels 4,9,3", "levels 2,5"]
        .iter()
        .map(|c| games::build(&games::words(c), &Settings::default()).unwrap())
        .collect();
    let want = WtiaReport::of(&parts, &Settings::default()).unwrap();
    assert_eq!(w, as_json(&want), "the web's wtia is the library's report");

    // A graph given as text: the cycle a → b → c → a draws, the isolated d is a P-vertex.
    let files = json!({"g.txt": "a b\nb c\nc a\nd\n"});
    let (status, g) = post(addr, "/api/graph", json!({"file": "g.txt", "files": files})).await;
    assert_eq!(status, 200, "{g}");
    let outcomes: Vec<&str> = g["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["D", "D", "D", "P"]);
    assert_eq!(g["arc_list"], json!([[0, 1], [1, 2], [2, 0]]));
    let (_, v) = post(addr, "/api/value", json!({"position": "graph g.txt a", "files": files})).await;
    assert_eq!(v["outcome"], "D");

    // play: the computer's winning move, none at the end.
    let (_, p) = post(addr, "/api/play", json!({"position": "nim 3 4"})).await;
    assert_eq!(p["move"]["position"], "3 3");
    let (_, p) = post(addr, "/api/play", json!({"position": "nim 0"})).await;
    assert_eq!(p["move"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_a_400_with_the_command_lines_message_and_no_disk_is_touched() {
    let addr = start(ServerLimits::default()).await;
    let want = games::build(&games::words("nim 10 x"), &Settings::default())
        .err()
        .unwrap()
        .to_string();
    let (status, e) = post(addr, "/api/value", json!({"position": "nim 10 x"})).await;
    assert_eq!(
        (status, e["error"].as_str().unwrap(), e["kind"].as_str().unwrap()),
        (400, want.as_str(), "input")
    );
    let (status, e) = post(addr, "/api/value", json!({"position": "nmi 3"})).await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("did you mean `nim`?"), "{e}");
    let (status, text) = request(addr, "POST", "/api/value", "{not json").await;
    assert_eq!(status, 400, "{text}");
    let (status, _) = post(addr, "/api/value", json!({"position": "nim 1", "extra": 1})).await;
    assert_eq!(status, 400);
    let (status, _) = post(addr, "/api/seq", json!({"game": "nim", "to": 10_000_000u64})).await;
    assert_eq!(status, 400);
    // Files: only the texts the request sent; nothing is written.
    let (status, e) = post(addr, "/api/value", json!({"position": "graph /etc/hostname v1"})).await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("no such file was given"), "{e}");
    let out = std::env::temp_dir().join(format!("grundy-web-tt-{}", std::process::id()));
    let (status, _) = post(
        addr,
        "/api/value",
        json!({"position": format!("cram 2x2 --tt {}", out.display())}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(!out.exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_answer_with_an_error_and_the_server_keeps_serving() {
    let _heavy = HEAVY.lock().await;
    let addr = start(ServerLimits::default()).await;
    let (status, e) = post(
        addr,
        "/api/value",
        json!({"position": "levels 4,9,3 2,5", "limits": {"max_states": 5}}),
    )
    .await;
    assert_eq!((status, e["kind"].as_str().unwrap()), (422, "limit"), "{e}");
    // The hint names the API's own field and the server's ceiling, not the command line's flag.
    let message = e["error"].as_str().unwrap();
    assert!(
        message.contains("\"max_states\" field") && message.contains("at most 2000000"),
        "{e}"
    );
    assert!(!message.contains("--max-states"), "{e}");
    let t = Instant::now();
    let (status, e) = post(
        addr,
        "/api/value",
        json!({"position": "cram 7x8", "limits": {"max_millis": 300}}),
    )
    .await;
    assert_eq!((status, e["kind"].as_str().unwrap()), (503, "time"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(5));
    let (status, v) = post(addr, "/api/value", json!({"position": "nim 1 2"})).await;
    assert_eq!((status, v["value"].as_u64()), (200, Some(3)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_cancels_its_computation() {
    let _heavy = HEAVY.lock().await;
    // One slot and a long time limit: only the cancellation can free the slot.
    let limits = ServerLimits {
        jobs: 1,
        max_time: Duration::from_secs(600),
        ..ServerLimits::default()
    };
    let addr = start(limits).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = json!({"position": "cram 7x8"}).to_string();
    let head = format!(
        "POST /api/value HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(s);
    // The one slot is busy (503 at once) until the cancelled search has returned.
    let t = Instant::now();
    loop {
        let (status, v) = post(addr, "/api/value", json!({"position": "nim 5"})).await;
        if status == 200 {
            assert_eq!(v["value"].as_u64(), Some(5));
            break;
        }
        assert_eq!((status, v["kind"].as_str()), (503, Some("busy")), "{v}");
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "the slot is freed once the client went away"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(running(addr).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_request_does_not_block_others() {
    let _heavy = HEAVY.lock().await;
    // The state limit far above what 3 s of search can store, so that the time limit (503)
    // ends the slow request whatever the machine's speed: at the default 2·10^6 states a
    // fast engine reached the state limit (422) first.
    let limits = ServerLimits {
        max_states: 200_000_000,
        jobs: 2,
        ..ServerLimits::default()
    };
    let addr = start(limits).await;
    let slow = tokio::spawn(post(
        addr,
        "/api/value",
        json!({"position": "cram 7x8", "limits": {"max_millis": 3000}}),
    ));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let t = Instant::now();
    let (status, _) = post(addr, "/api/value", json!({"position": "nim 10 12 5"})).await;
    assert_eq!(status, 200);
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    let (status, _) = slow.await.unwrap();
    assert_eq!(status, 503);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_test_200_requests_from_20_clients() {
    let addr = start(ServerLimits::default()).await;
    let started = Instant::now();
    let mut clients = Vec::new();
    for c in 0..20u64 {
        clients.push(tokio::spawn(async move {
            let mut good = 0;
            for i in 0..10u64 {
                let (a, b, d) = (c * 7 + i, i * 13 + 1, c + i * 3);
                match i % 5 {
                    // Malformed JSON.
                    1 => assert_eq!(request(addr, "POST", "/api/value", "{\"position\": ").await.0, 400),
                    // Bad input.
                    2 => assert_eq!(
                        post_when_free(addr, "/api/value", json!({"position": format!("nim {a} -{b}")}))
                            .await
                            .0,
                        400
                    ),
                    // Over the state limit.
                    3 => {
                        let q = json!({"position": "levels 4,9,3 2,5", "limits": {"max_states": 3}});
                        assert_eq!(post_when_free(addr, "/api/value", q).await.0, 422);
                    }
                    // Good: Bouton's nim-sum (asked again while the server is busy).
                    _ => {
                        let q = json!({"position": format!("nim {a} {b} {d}")});
                        let (status, v) = post_when_free(addr, "/api/value", q).await;
                        assert_eq!((status, v["value"].as_u64()), (200, Some(a ^ b ^ d)));
                        good += 1;
                    }
                }
            }
            good
        }));
    }
    let mut good = 0;
    for c in clients {
        good += c.await.expect("every client's answers are right");
    }
    assert_eq!(good, 80);
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!(
        request(addr, "GET", "/api/list", "").await.0,
        200,
        "the server is still up"
    );
}

/// The web crate names no game, as the command line (`the_command_line_names_no_game`): the
/// page learns games and editors from the registry. The one exception is the `graph` API
/// route, the digraph toolbox named after its command.
#[test]
fn the_web_names_no_game() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for sub in ["src", "assets"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    for file in files {
        let code = std::fs::read_to_string(&file).unwrap().replace("api('graph'", "api(");
        for e in REGISTRY {
            for name in std::iter::once(&e.name).chain(e.aliases) {
                for literal in [
                    format!("\"{name}\""),
                    format!("'{name}'"),
                    format!("games::{}::", name.replace('-', "_")),
                ] {
                    let own = literal == "games::graph::" && file.ends_with("api.rs");
                    assert!(
                        own || !code.contains(&literal),
                        "{} names the game {literal}",
                        file.display()
                    );
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn misere_answers_are_the_librarys_misere_reports() {
    use grundy::report::{GenusSeqReport, MisereExplainReport};
    let addr = start(ServerLimits::default()).await;
    let s = Settings::default();
    let misere = |w: &str| grundy::games::misere::build(&games::words(w), &s).unwrap();
    // Misère Nim 1 1: take one heap and the opponent must take the last: N (normal play: P).
    let (status, v) = post(addr, "/api/value", json!({"position": "nim 1 1", "misere": true})).await;
    assert_eq!(status, 200);
    assert_eq!(v, as_json(&ValueReport::of(misere("nim 1 1").as_ref()).unwrap()));
    assert_eq!(
        (v["outcome"].as_str(), v["convention"].as_str()),
        (Some("N"), Some("misere"))
    );
    let (_, normal) = post(addr, "/api/value", json!({"position": "nim 1 1"})).await;
    assert_eq!(normal["outcome"], "P");
    assert!(normal.get("convention").is_none());
    let (_, m) = post(addr, "/api/moves", json!({"position": "kayles 5", "misere": true})).await;
    assert_eq!(m, as_json(&MovesReport::of(misere("kayles 5").as_ref()).unwrap()));
    let parts = vec![built("kayles 4"), built("nim 2")];
    let (_, sum) = post(
        addr,
        "/api/sum",
        json!({"components": ["kayles 4", "nim 2"], "misere": true}),
    )
    .await;
    assert_eq!(sum, as_json(&SumReport::of_misere(&parts, &s).unwrap()));
    let (_, e) = post(addr, "/api/explain", json!({"position": "kayles 2", "misere": true})).await;
    assert_eq!(
        e,
        as_json(&MisereExplainReport::of(&games::words("kayles 2"), &s).unwrap())
    );
    assert_eq!(e["genus"]["genus"], "2^20");
    assert_eq!(e["misere"], true);
    let (_, seq) = post(addr, "/api/seq", json!({"game": "kayles", "to": 12, "misere": true})).await;
    assert_eq!(
        seq,
        as_json(&GenusSeqReport::of(&games::words("kayles"), 12, &s).unwrap())
    );
    assert_eq!(seq["convention"], "misere");
    let (status, _) = post(addr, "/api/seq", json!({"game": "kayles", "to": 1000, "misere": true})).await;
    assert_eq!(status, 400);
    let (status, w) = post(addr, "/api/wtia", json!({"components": ["nim 1"], "misere": true})).await;
    assert_eq!(status, 400, "{w}");
}

/// Tests that time CPU or hold long computations take this lock, so that one's load does not
/// show in another's figures (the tests of a binary run in parallel).
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// CPU time of this process so far (user + system, in clock ticks of 10 ms), from
/// `/proc/self/stat`; `None` without `/proc`.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (in parentheses, which may hold spaces): utime is the
    // 14th field of the line, the 12th after the name.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// `GET /api/status`.
async fn status(addr: SocketAddr) -> Value {
    let (status, text) = request(addr, "GET", "/api/status", "").await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// The computations running now.
async fn running(addr: SocketAddr) -> u64 {
    status(addr).await["running"].as_u64().unwrap()
}

/// One request whose body the server may refuse before reading it whole (a body over axum's
/// 2 MB limit): the status, or `None` when the server closed the connection first.
async fn request_lenient(addr: SocketAddr, path: &str, body: &str) -> Option<(u16, String, String)> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = s.write_all(head.as_bytes()).await;
    let _ = s.write_all(body.as_bytes()).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text.get(9..12)?.parse().ok()?;
    let (headers, body) = text.split_once("\r\n\r\n")?;
    Some((status, headers.to_ascii_lowercase(), body.to_string()))
}

/// What one request of the load was: its kind, the statuses it may answer, and for a long job
/// its time limit.
struct Asked {
    kind: &'static str,
    path: &'static str,
    body: String,
    allowed: &'static [u16],
    millis: Option<u64>,
}

/// The `i`th request of the mixed load: hostile bodies, long jobs with short time limits
/// (the misère Nim of issue 35 item 6 among them) and plain requests, interleaved.
fn load_request(i: u64) -> Asked {
    let millis = 200 + (i * 37) % 800;
    let limits = json!({ "max_millis": millis });
    let ok: &[u16] = &[200, 400, 422, 503];
    let (kind, path, body, allowed, millis) = match i % 12 {
        0 | 6 => (
            "plain",
            "/api/value",
            json!({"position": format!("nim {} {} {}", i % 50, 12, 5)}).to_string(),
            &[200, 503][..],
            None,
        ),
        1 => (
            "malformed json",
            "/api/value",
            "{\"position\": ".to_string(),
            &[400][..],
            None,
        ),
        2 => (
            "huge numbers",
            "/api/value",
            json!({"position": "nim 99999999999999999999999999999 3 1e400"}).to_string(),
            &[400, 503][..],
            None,
        ),
        3 => (
            "unknown game",
            "/api/moves",
            json!({"position": format!("nmi{i} 3")}).to_string(),
            &[400, 503][..],
            None,
        ),
        4 => (
            "huge position",
            "/api/value",
            json!({"position": format!("nim {}", "7 ".repeat(300_000)), "limits": limits}).to_string(),
            ok,
            Some(millis),
        ),
        5 => (
            "misère nim 100000 100000",
            "/api/value",
            json!({"position": "nim 100000 100000", "misere": true, "limits": limits}).to_string(),
            ok,
            Some(millis),
        ),
        7 => (
            "cram 8x8 with moves",
            "/api/value",
            json!({"position": "cram 8x8", "limits": limits}).to_string(),
            ok,
            Some(millis),
        ),
        8 => (
            "misère kayles 10^12",
            "/api/value",
            json!({"position": "kayles 1000000000000", "misere": true, "limits": limits}).to_string(),
            ok,
            Some(millis),
        ),
        9 => (
            "wrong types",
            "/api/sum",
            json!({"components": [1, 2], "misere": "yes"}).to_string(),
            &[400][..],
            None,
        ),
        10 => (
            "long sequence",
            "/api/seq",
            json!({"game": "0.137", "to": 1_000_000, "all": true, "limits": limits}).to_string(),
            ok,
            Some(millis),
        ),
        _ => (
            "misère sum",
            "/api/sum",
            json!({"components": ["kayles 60", "kayles 61", "nim 40 50"], "misere": true, "limits": limits})
                .to_string(),
            ok,
            Some(millis),
        ),
    };
    Asked {
        kind,
        path,
        body,
        allowed,
        millis,
    }
}

/// What a load left: the figures BENCHMARKS.md records.
struct LoadFigures {
    requests: u64,
    clients: u64,
    seconds: f64,
    busy: u64,
    long_jobs: u64,
    jobs: usize,
    plain_during_max: Duration,
    plain_after: Duration,
    idle_after_load: Duration,
    max_overrun: Duration,
    peak_resident_mib: u64,
    cpu_in_the_second_after: f64,
}

/// Send `requests` requests of [`load_request`] from `clients` concurrent clients (each waits
/// 50 ms after a busy answer) to a server computing 4 requests at once (more than the cores of
/// a small machine, so that cancelled computations compete for them) with 1 GiB of memory, a
/// plain request every 100 ms beside them, and check: every answer is one the request may get (a 503 with
/// `Retry-After`), each plain request answers in under a second, no computation ran a second
/// past its deadline and all have ended within 1.5 s of the last deadline, the next second uses little CPU, and the resident memory
/// stays under 1.5 GiB.
async fn mixed_load(requests: u64, clients: u64) -> LoadFigures {
    let _heavy = HEAVY.lock().await;
    let jobs = 4;
    let limits = ServerLimits {
        max_memory: 1 << 30,
        jobs,
        ..ServerLimits::default()
    };
    let addr = start_detached(limits);
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Peak resident memory, sampled every 20 ms.
    let sampler = {
        let done = done.clone();
        tokio::spawn(async move {
            let mut peak = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                peak = peak.max(grundy::memory::resident().unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            peak
        })
    };
    // A plain request every 100 ms during the load: its slowest answer.
    let plain = {
        let done = done.clone();
        tokio::spawn(async move {
            let mut slowest = Duration::ZERO;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                let t = Instant::now();
                let (status, v) = post(addr, "/api/value", json!({"position": "nim 10 12 5"})).await;
                let took = t.elapsed();
                assert!(
                    status == 200 || status == 503,
                    "plain request during the load: {status} {v}"
                );
                if status == 200 {
                    assert_eq!(v["value"], 3);
                }
                assert!(
                    took < Duration::from_secs(1),
                    "a plain request took {took:?} during the load"
                );
                slowest = slowest.max(took);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            slowest
        })
    };
    let started = Instant::now();
    let next = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let next = next.clone();
        tasks.push(tokio::spawn(async move {
            let (mut busy, mut ran, mut last_deadline) = (0u64, 0u64, started);
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= requests {
                    return (busy, ran, last_deadline);
                }
                let asked = load_request(i);
                let sent = Instant::now();
                let (status, headers, body) = request_lenient(addr, asked.path, &asked.body)
                    .await
                    .unwrap_or_else(|| panic!("request {i} ({}): no answer", asked.kind));
                assert!(
                    asked.allowed.contains(&status),
                    "request {i} ({}): {status} {body}",
                    asked.kind
                );
                let refused = status == 503 && body.contains("\"busy\"");
                if status == 503 {
                    assert!(
                        headers.contains("retry-after: "),
                        "request {i}: 503 without Retry-After"
                    );
                }
                if refused {
                    // A client that waits a little (less than Retry-After, to keep the load up).
                    busy += 1;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                } else if asked.millis.is_some() {
                    ran += 1;
                }
                if let (Some(ms), false) = (asked.millis, refused) {
                    last_deadline = last_deadline.max(sent + Duration::from_millis(ms));
                    assert!(
                        sent.elapsed() < Duration::from_millis(ms + 1000),
                        "request {i} ({}) answered {:?} after it was sent, its limit {ms} ms",
                        asked.kind,
                        sent.elapsed()
                    );
                }
            }
        }));
    }
    let (mut busy, mut long_jobs, mut last_deadline) = (0, 0, started);
    for t in tasks {
        let (b, r, d) = t.await.expect("every answer is one the request may get");
        busy += b;
        long_jobs += r;
        last_deadline = last_deadline.max(d);
    }
    let seconds = started.elapsed().as_secs_f64();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let plain_during_max = plain.await.expect("plain requests answer in under a second");
    // Every computation ends within about a second of its deadline.
    let load_ended = Instant::now();
    let idle_after_load = loop {
        if running(addr).await == 0 {
            break load_ended.elapsed();
        }
        assert!(
            last_deadline.elapsed() < Duration::from_millis(1500),
            "{} computations still run {:?} after the last deadline",
            running(addr).await,
            last_deadline.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let max_overrun = Duration::from_millis(status(addr).await["max_overrun_ms"].as_u64().unwrap());
    assert!(
        max_overrun < Duration::from_secs(1),
        "a computation ran {max_overrun:?} past its deadline"
    );
    // CPU at rest: the process's CPU time over the next second.
    let before = cpu_ticks();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let cpu_in_the_second_after = match (before, cpu_ticks()) {
        (Some(a), Some(b)) => (b - a) as f64 / 100.0,
        _ => 0.0,
    };
    assert!(
        cpu_in_the_second_after < 0.25,
        "{cpu_in_the_second_after} s of CPU in the second after the load"
    );
    let t = Instant::now();
    let (status, v) = post(addr, "/api/value", json!({"position": "nim 10 12 5"})).await;
    let plain_after = t.elapsed();
    assert_eq!((status, v["value"].as_u64()), (200, Some(3)));
    assert!(plain_after < Duration::from_secs(1), "{plain_after:?}");
    let peak = sampler.await.unwrap();
    assert!(peak < 3 << 29, "peak resident {} MiB", peak >> 20);
    LoadFigures {
        requests,
        clients,
        seconds,
        busy,
        long_jobs,
        jobs,
        plain_during_max,
        plain_after,
        idle_after_load,
        max_overrun,
        peak_resident_mib: peak >> 20,
        cpu_in_the_second_after,
    }
}

impl std::fmt::Display for LoadFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} requests, {} clients, {} jobs at once, {:.1} s, {} busy 503s, {} long jobs computed; plain request: slowest {:?} during, {:?} after; \
             no job running {:?} after the last answer, the latest {:?} past its deadline; CPU {:.2} s in the second after; peak resident {} MiB",
            self.requests,
            self.clients,
            self.jobs,
            self.seconds,
            self.busy,
            self.long_jobs,
            self.plain_during_max,
            self.plain_after,
            self.idle_after_load,
            self.max_overrun,
            self.cpu_in_the_second_after,
            self.peak_resident_mib
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mixed_load_of_300_requests_ends_every_job_and_leaves_the_cpu_idle() {
    let figures = mixed_load(300, 20).await;
    eprintln!("{figures}");
}

/// The full load of issue 35: `cargo test --release -p grundy-web --test api -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "about a minute: the full load of 2,000 requests"]
async fn mixed_load_of_2000_requests_ends_every_job_and_leaves_the_cpu_idle() {
    let figures = mixed_load(2000, 20).await;
    eprintln!("{figures}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_server_answers_503_with_retry_after_at_once() {
    let _heavy = HEAVY.lock().await;
    let limits = ServerLimits {
        jobs: 1,
        max_states: 200_000_000,
        ..ServerLimits::default()
    };
    let addr = start(limits).await;
    let slow = tokio::spawn(post(
        addr,
        "/api/value",
        json!({"position": "cram 7x8", "limits": {"max_millis": 2000}}),
    ));
    while running(addr).await == 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let t = Instant::now();
    let answer = request_lenient(addr, "/api/value", &json!({"position": "nim 1 2"}).to_string())
        .await
        .unwrap();
    assert!(t.elapsed() < Duration::from_millis(500), "{:?}", t.elapsed());
    assert_eq!(answer.0, 503, "{answer:?}");
    assert!(answer.1.contains("retry-after: 1"), "{answer:?}");
    assert!(answer.2.contains("\"busy\""), "{answer:?}");
    assert_eq!(slow.await.unwrap().0, 503);
    // The slot is freed once the computation has really ended.
    let t = Instant::now();
    while running(addr).await != 0 {
        assert!(t.elapsed() < Duration::from_secs(1), "the cancelled search still runs");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (status, v) = post(addr, "/api/value", json!({"position": "nim 1 2"})).await;
    assert_eq!((status, v["value"].as_u64()), (200, Some(3)));
}

/// Issue 34: every file game's editor carries its example file's text, and the example built
/// from that text has a value (the page's Example button loaded an empty file before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_file_game_carries_its_example_file() {
    let addr = start(ServerLimits::default()).await;
    let (_, list) = request(addr, "GET", "/api/list", "").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    let mut seen = 0;
    for g in list["games"].as_array().unwrap() {
        let ed = &g["editor"];
        if ed["kind"] != "file" {
            continue;
        }
        seen += 1;
        let text = ed["example"]
            .as_str()
            .unwrap_or_else(|| panic!("{}: no example text", g["name"]));
        assert!(
            text.lines().any(|l| !l.trim().is_empty() && !l.starts_with('#')),
            "{}",
            g["name"]
        );
        let file = ed["file"].as_str().unwrap();
        // The example's words after the file's name.
        let example = g["example"].as_str().unwrap();
        let rest: Vec<&str> = example.split_whitespace().skip(2).collect();
        let position = format!("{} {file} {}", g["name"].as_str().unwrap(), rest.join(" "));
        let (status, v) = post(
            addr,
            "/api/value",
            json!({"position": position.trim(), "files": {file: text}}),
        )
        .await;
        assert_eq!(status, 200, "{position}: {v}");
        // The same value as the example read from the examples folder.
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
        let ws = games::words(example);
        let from_disk: Vec<String> = ws
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 1 { format!("{root}{w}") } else { w.clone() })
            .collect();
        let p = games::build(&from_disk, &Settings::default()).unwrap();
        assert_eq!(v["value"], as_json(&p.value().unwrap()), "{position}");
    }
    assert!(seen >= 3, "{seen}");
}

/// Issue 34: an explanation lists at most 200 options (or `max_options`), counts the rest in
/// `options_total`, and keeps the mex set of every option.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_explanation_is_bounded() {
    let addr = start(ServerLimits::default()).await;
    let (status, ex) = post(addr, "/api/explain", json!({"position": "nim 1000"})).await;
    assert_eq!(status, 200, "{ex}");
    assert_eq!(ex["options"].as_array().unwrap().len(), 200);
    assert_eq!(ex["options_total"], 1000);
    assert_eq!(
        ex["set"].as_array().unwrap().len(),
        1000,
        "the mex set is of every option"
    );
    assert_eq!(ex["value"], 1000);
    let (_, ex) = post(
        addr,
        "/api/explain",
        json!({"position": "nim 1000", "max_options": 5000}),
    )
    .await;
    assert_eq!(ex["options"].as_array().unwrap().len(), 1000);
    assert!(ex.get("options_total").is_none());
    // A small explanation is the library's report unchanged.
    let (_, ex) = post(addr, "/api/explain", json!({"position": "nim 3"})).await;
    assert_eq!(ex["options"].as_array().unwrap().len(), 3);
    assert!(ex.get("options_total").is_none());
    // A sum of many components: the components are cut the same way.
    let heaps: Vec<String> = (1..=300).map(|n| n.to_string()).collect();
    let (status, ex) = post(
        addr,
        "/api/explain",
        json!({"position": format!("nim {}", heaps.join(" "))}),
    )
    .await;
    assert_eq!(status, 200, "{ex}");
    assert_eq!(ex["components"].as_array().unwrap().len(), 200);
    assert_eq!(ex["components_total"], 300);
}

/// Issue 34: an undirected graph file is drawn from its edges (each once, no arrows), and the
/// browser's `/favicon.ico` is the page's icon, not a 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undirected_graphs_and_the_icon() {
    let addr = start(ServerLimits::default()).await;
    let (status, g) = post(
        addr,
        "/api/graph",
        json!({"file": "g.txt", "undirected": true, "files": {"g.txt": "a b\nb c\nc a\nd\n"}}),
    )
    .await;
    assert_eq!(status, 200, "{g}");
    let names: Vec<&str> = g["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "c", "d"]);
    assert_eq!(g["edge_list"], json!([[0, 1], [0, 2], [1, 2]]));
    let (status, body) = request(addr, "GET", "/favicon.ico", "").await;
    assert_eq!(status, 200);
    assert!(body.contains("<svg"), "{body}");
}

/// Issue 34: `moves` with `max_moves` lists at most that many moves and counts them all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_can_be_bounded() {
    let addr = start(ServerLimits::default()).await;
    let (status, m) = post(addr, "/api/moves", json!({"position": "nim 500", "max_moves": 50})).await;
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["moves"].as_array().unwrap().len(), 50);
    assert_eq!(m["moves_total"], 500);
    let (_, m) = post(addr, "/api/moves", json!({"position": "nim 5"})).await;
    assert_eq!(m["moves"].as_array().unwrap().len(), 5);
    assert!(m.get("moves_total").is_none());
}

/// Issue 34: a range may follow a prefix (`cram 3x3..6`: the boards 3x3 to 3x6), each cell the
/// value of its position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_range_may_follow_a_prefix() {
    let addr = start(ServerLimits::default()).await;
    let (status, t) = post(addr, "/api/table", json!({"table": "cram 3x3..6"})).await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["n"], json!([3, 4, 5, 6]));
    assert_eq!(t["table"], "cram 3x3..6");
    let want: Vec<Value> = (3..=6)
        .map(|n| as_json(&built(&format!("cram 3x{n}")).value().unwrap()))
        .collect();
    assert_eq!(t["values"], Value::Array(want));
    let (status, same) = post(addr, "/api/table", json!({"table": "cram 3x3..3x6"})).await;
    assert_eq!(status, 200);
    assert_eq!(same["values"], t["values"]);
    // Plain ranges are unchanged.
    let (status, t) = post(addr, "/api/table", json!({"table": "wythoff 0..2 0..2"})).await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["values"], json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]]));
}
