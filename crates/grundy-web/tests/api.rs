//! The explorer's API over real sockets: each answer is the library's report (the same JSON as
//! `--json`), bad input is a 400 with the command line's message, limits and the time limit
//! answer with an error while the server keeps serving, a client that goes away frees its slot,
//! and a bounded load test (200 requests from 20 clients, some malformed or over the limits).

use grundy::games::{self, REGISTRY, Settings};
use grundy::report::{ExplainReport, MovesReport, SumReport, ValueReport, WtiaReport};
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

    let (status, seq) = post(addr, "/api/seq", json!({"game": "subtraction --set 1,2", "to": 30})).await;
    assert_eq!(status, 200);
    assert_eq!(seq["period"], 3);
    assert_eq!(seq["proved"], true);
    assert_eq!(seq["values"].as_array().unwrap().len(), 31);
    let (_, t) = post(addr, "/api/table", json!({"table": "lattice 0..3 0..3"})).await;
    let want = grundy::table::report(&games::words("lattice 0..3 0..3"), false, true, &Settings::default()).unwrap();
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
    let want = WtiaReport::of(&parts, &Settings::default().limits).unwrap();
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
    let t = Instant::now();
    let (status, v) = tokio::time::timeout(
        Duration::from_secs(30),
        post(addr, "/api/value", json!({"position": "nim 5"})),
    )
    .await
    .expect("the slot is freed once the client went away");
    assert_eq!((status, v["value"].as_u64()), (200, Some(5)));
    assert!(t.elapsed() < Duration::from_secs(10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_request_does_not_block_others() {
    // The state limit far above what 3 s of search can store, so that the time limit (503)
    // ends the slow request whatever the machine's speed: at the default 2·10^6 states a
    // fast engine reached the state limit (422) first.
    let limits = ServerLimits {
        max_states: 200_000_000,
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
                        post(addr, "/api/value", json!({"position": format!("nim {a} -{b}")}))
                            .await
                            .0,
                        400
                    ),
                    // Over the state limit.
                    3 => {
                        let q = json!({"position": "levels 4,9,3 2,5", "limits": {"max_states": 3}});
                        assert_eq!(post(addr, "/api/value", q).await.0, 422);
                    }
                    // Good: Bouton's nim-sum.
                    _ => {
                        let (status, v) =
                            post(addr, "/api/value", json!({"position": format!("nim {a} {b} {d}")})).await;
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
    let misere = |w: &str| grundy::solve::misere::build(&games::words(w), &s).unwrap();
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
