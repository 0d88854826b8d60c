//! `seq` and `table` render text, CSV and JSON from one report: the three agree cell by cell,
//! including the cells JSON leaves null (a blank, and a draw of the Boolean function).

use crate::support::{grundy, json, natural};

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A digraph whose vertices are numbers: 1 ⇄ 2 a circuit, 3 → 1, 4 → 3 (all four draws), 5
/// without a follower (P), 6 → 5 (N).
fn loopy_graph() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-reports-loopy-{}.txt", std::process::id()));
    std::fs::write(&path, "1 2\n2 1\n3 1\n4 3\n5\n6 5\n").unwrap();
    path
}

#[test]
fn a_boolean_table_shows_draws_as_d_in_text_and_csv_and_null_in_json() {
    let path = loopy_graph();
    let file = path.to_str().unwrap();
    let args = ["table", "graph", file, "1..6", "--boolean"];
    let doc = json(&[&args[..], &["--json"]].concat());
    assert_eq!(doc["function"], "B");
    let values: Vec<Option<u64>> = doc["values"].as_array().unwrap().iter().map(|v| v.as_u64()).collect();
    assert_eq!(values, vec![None, None, None, None, Some(0), Some(1)]);
    let csv = stdout(&[&args[..], &["--csv"]].concat());
    assert_eq!(csv, "n,B\n1,D\n2,D\n3,D\n4,D\n5,0\n6,1\n");
    let text = stdout(&args);
    let cells: Vec<&str> = text
        .lines()
        .skip(2)
        .take(6)
        .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
        .collect();
    assert_eq!(cells, ["D", "D", "D", "D", "0", "1"], "{text}");
    // The values themselves: ∞(∅) objects in JSON, written out in text.
    let g = json(&["table", "graph", file, "1..6", "--json"]);
    assert_eq!(g["values"][0]["infinite"], true);
    assert_eq!(g["values"][5], 1);
    assert!(stdout(&["table", "graph", file, "1..6"]).contains("∞(∅)"));
    std::fs::remove_file(path).ok();
}

#[test]
fn table_text_csv_and_json_agree_cell_by_cell() {
    for args in [
        &["table", "welter", "1..4", "1..9"][..],
        &["table", "welter", "3", "1..12"][..],
        &["table", "welter", "5", "1..16", "--boolean"][..],
        &["table", "wythoff", "0..4", "0..6"][..],
    ] {
        let doc = json(&[args, &["--json"]].concat());
        let csv = stdout(&[args, &["--csv"]].concat());
        let text = stdout(args);
        let cell = |v: &serde_json::Value| v.as_u64().map_or(String::new(), |n| n.to_string());
        let mut from_json = Vec::new();
        match doc["rows"].as_array() {
            Some(rows) => {
                let cols: Vec<String> = doc["columns"].as_array().unwrap().iter().map(cell).collect();
                from_json.push(format!(",{}", cols.join(",")));
                for (r, row) in rows.iter().zip(doc["values"].as_array().unwrap()) {
                    let cells: Vec<String> = row.as_array().unwrap().iter().map(cell).collect();
                    from_json.push(format!("{},{}", cell(r), cells.join(",")));
                }
            }
            None => {
                from_json.push(format!("n,{}", doc["function"].as_str().unwrap()));
                for (n, v) in doc["n"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .zip(doc["values"].as_array().unwrap())
                {
                    from_json.push(format!("{},{}", cell(n), cell(v)));
                }
            }
        }
        assert_eq!(csv.lines().collect::<Vec<_>>(), from_json, "{args:?}");
        // The text's first line is the table as typed, and each row's form is the JSON's.
        assert_eq!(text.lines().next(), doc["table"].as_str(), "{args:?}");
        let forms: Vec<&serde_json::Value> = match doc["patterns"].as_array() {
            Some(p) => p.iter().collect(),
            None => vec![&doc["pattern"]],
        };
        let mut none = 0;
        for form in &forms {
            match form["formula"].as_str() {
                Some(formula) => {
                    let reason = form["reason"].as_str().unwrap();
                    assert!(
                        text.contains(&format!("{formula}\n    {reason}\n")),
                        "{args:?}: {formula}"
                    );
                }
                None => none += 1,
            }
        }
        let unseen = text.matches(": no arithmetic-periodic form seen for n ≤ ").count();
        assert_eq!(unseen, none, "{args:?}");
    }
}

#[test]
fn seq_text_csv_and_json_agree() {
    for (args, to) in [
        (&["seq", "kayles", "--to", "90"][..], 90u64),
        (&["seq", "subtraction", "--set", "2,5,7", "--to", "60"][..], 60),
        (&["seq", "triomino", "--to", "14"][..], 14),
        (&["seq", "0.6", "--to", "40"][..], 40),
    ] {
        let doc = json(&[args, &["--json"]].concat());
        let values: Vec<u64> = doc["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| natural(v).unwrap())
            .collect();
        assert_eq!(values.len() as u64, to + 1);
        let csv = stdout(&[args, &["--csv"]].concat());
        let from_json: Vec<String> = std::iter::once("n,value".to_string())
            .chain(values.iter().enumerate().map(|(n, v)| format!("{n},{v}")))
            .collect();
        assert_eq!(csv.lines().collect::<Vec<_>>(), from_json, "{args:?}");
        let text = stdout(args);
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some(format!("{}: g(0..{to})", doc["game"].as_str().unwrap()).as_str())
        );
        let table: Vec<u64> = lines
            .by_ref()
            .take(to as usize / 10 + 1)
            .flat_map(|l| {
                l.split_once(":  ")
                    .unwrap()
                    .1
                    .split_whitespace()
                    .map(|v| v.parse::<u64>().unwrap())
            })
            .collect();
        assert_eq!(table, values, "{args:?}");
        let last = lines.next().unwrap();
        match natural(&doc["period"]) {
            Some(p) => {
                let (pre, s) = (natural(&doc["preperiod"]).unwrap(), natural(&doc["saltus"]).unwrap());
                assert!(
                    last.contains(&format!("period {p}, preperiod {pre}, saltus {s}")),
                    "{last}"
                );
                assert!(last.contains(doc["reason"].as_str().unwrap()), "{last}");
                assert_eq!(doc["proved"].as_bool().unwrap(), last.starts_with("period"), "{last}");
            }
            None => assert!(last.starts_with("not proved up to"), "{last}"),
        }
    }
}

#[test]
fn a_long_seq_summary_and_its_csv_file_name_the_same_method_and_period() {
    let text = stdout(&["seq", "0.137", "--to", "20000"]);
    let doc = json(&["seq", "0.137", "--to", "20000", "--json"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "0.137: g(0..20000)");
    assert_eq!(lines[1], format!("method: {}", doc["method"].as_str().unwrap()));
    let largest = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| natural(v).unwrap())
        .max()
        .unwrap();
    assert!(lines[3].starts_with(&format!("largest value {largest};")), "{text}");
    let path = std::env::temp_dir().join(format!("grundy-reports-seq-{}.csv", std::process::id()));
    let file = path.to_str().unwrap();
    let out = stdout(&["seq", "0.137", "--to", "20000", "--csv", file]);
    assert_eq!(
        out,
        format!("{}\nwrote heaps 0..20000 to {file}\n", lines[..3].join("\n"))
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 20002);
    std::fs::remove_file(path).ok();
}
