//! `grundy census`: shards merged equal the whole run, a resumed run equals an uninterrupted
//! one, damaged or foreign files are refused, merge finds missing and doubled games, reports.

use crate::support::grundy;
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_ok(args: &[&str]) -> String {
    let out = grundy(args).output().unwrap();
    assert!(
        out.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A CSV census file without the columns that differ between runs (seconds, check).
fn timeless(path: &PathBuf) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            f[..f.len() - 2].join(",")
        })
        .collect()
}

fn p(path: &std::path::Path) -> &str {
    path.to_str().unwrap()
}

/// In a fresh directory `name`: the census of `family` to `to` whole (`whole.csv`), then in
/// three shards (`s1.csv`..`s3.csv`, each with `extra` options) merged into `all.csv`. Returns
/// the directory, the whole run's file, the shards' files and the merge's output.
fn shards_and_merge(
    name: &str,
    family: &str,
    to: &str,
    extra: &[&str],
) -> (std::path::PathBuf, std::path::PathBuf, Vec<std::path::PathBuf>, String) {
    let d = dir(name);
    let whole = d.join("whole.csv");
    run_ok(&["census", family, "--to", to, "--out", p(&whole)]);
    let mut parts = Vec::new();
    for i in 1..=3 {
        let part = d.join(format!("s{i}.csv"));
        let shard = format!("{i}/3");
        let mut args = vec!["census", family, "--to", to, "--shard", &shard];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", p(&part)]);
        run_ok(&args);
        parts.push(part);
    }
    let merged = d.join("all.csv");
    let text = run_ok(&[
        "census",
        "merge",
        p(&parts[0]),
        p(&parts[1]),
        p(&parts[2]),
        "-o",
        p(&merged),
    ]);
    (d, whole, parts, text)
}

#[test]
fn three_shards_merged_equal_the_whole_run() {
    let (d, whole, parts, text) = shards_and_merge("shards", "octal:2", "5000", &["--jobs", "2"]);
    assert!(text.contains("64 games of octal:2"), "{text}");
    assert_eq!(timeless(&d.join("all.csv")), timeless(&whole));
    assert_eq!(timeless(&whole).len(), 65);
    // A shard missing, or one given twice, is refused.
    let out = grundy(&["census", "merge", p(&parts[0]), p(&parts[1]), "-o", p(&d.join("x.csv"))])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("are missing") && err.contains("0.02"), "{err}");
    let out = grundy(&[
        "census",
        "merge",
        p(&parts[0]),
        p(&parts[0]),
        p(&parts[1]),
        p(&parts[2]),
        "-o",
        "x.csv",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("done twice"));
}

#[test]
fn a_resumed_run_equals_an_uninterrupted_one() {
    for ext in ["csv", "jsonl"] {
        let d = dir(&format!("resume-{ext}"));
        let whole = d.join(format!("whole.{ext}"));
        run_ok(&["census", "octal:2", "--to", "5000", "--out", p(&whole)]);
        let text = std::fs::read_to_string(&whole).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // A run killed while writing its 31st line: 30 lines whole, half of the next.
        let cut = d.join(format!("cut.{ext}"));
        let half = &lines[30][..lines[30].len() / 2];
        std::fs::write(&cut, format!("{}\n{half}", lines[..30].join("\n"))).unwrap();
        let out = grundy(&["census", "octal:2", "--to", "5000", "--out", p(&cut)])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains("cut short"));
        let resumed = std::fs::read_to_string(&cut).unwrap();
        // The games done before are kept as they were (times and all), the rest computed.
        for line in &lines[..30] {
            assert!(resumed.lines().any(|l| l == *line), "{line}");
        }
        let strip = |t: &str| -> Vec<String> {
            t.lines()
                .map(|l| match ext {
                    "csv" => {
                        let f: Vec<&str> = l.split(',').collect();
                        f[..f.len() - 2].join(",")
                    }
                    _ => {
                        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                        v.as_object_mut().unwrap().remove("seconds");
                        v.as_object_mut().unwrap().remove("check");
                        v.to_string()
                    }
                })
                .collect()
        };
        assert_eq!(strip(&resumed), strip(&text));
        // Running again when everything is done changes nothing.
        run_ok(&["census", "octal:2", "--to", "5000", "--out", p(&cut)]);
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), resumed);
    }
}

#[test]
fn a_damaged_or_foreign_file_is_refused_and_left_alone() {
    let d = dir("damaged");
    let out_file = d.join("o.csv");
    run_ok(&["census", "octal:1", "--to", "1000", "--out", p(&out_file)]);
    let good = std::fs::read_to_string(&out_file).unwrap();
    let damaged = good.replacen(",0.2,proved,2,", ",0.2,proved,3,", 1);
    assert_ne!(damaged, good);
    std::fs::write(&out_file, &damaged).unwrap();
    let out = grundy(&["census", "octal:1", "--to", "1000", "--out", p(&out_file)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("damaged at line") && err.contains("not trusted"), "{err}");
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), damaged);
    // Another N, another family.
    std::fs::write(&out_file, &good).unwrap();
    for args in [["octal:1", "--to", "2000"], ["octal:2", "--to", "1000"]] {
        let out = grundy(&["census", args[0], args[1], args[2], "--out", p(&out_file)])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("another run"));
        assert_eq!(std::fs::read_to_string(&out_file).unwrap(), good);
    }
    // Not a census file at all.
    std::fs::write(&out_file, "n,value\n0,0\n").unwrap();
    let out = grundy(&["census", "octal:1", "--to", "1000", "--out", p(&out_file)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a census CSV file"));
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [
        vec!["census", "octal:1"],
        vec!["census", "octal:0", "--to", "10"],
        vec!["census", "foo:1", "--to", "10"],
        vec!["census", "0.07,0.9z", "--to", "10"],
        vec!["census", "octal:1", "--to", "10", "--shard", "4/3"],
        vec!["census", "octal:1", "--to", "10", "--out", "x.txt"],
        vec!["census", "octal:1", "--to", "10", "--report", "x.pdf"],
        vec!["census", "merge", "a.csv"],
    ] {
        let out = grundy(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_summary_names_the_open_games_and_the_report_has_the_published_columns() {
    let d = dir("report");
    let md = d.join("r.md");
    let text = run_ok(&[
        "census",
        "0.6,0.07,0.070,kayles,0.137",
        "--to",
        "5000",
        "--report",
        p(&md),
    ]);
    assert!(text.contains("4 games, 3 proved, 1 open"), "{text}");
    assert!(text.contains("open at heap 5000: 0.6"), "{text}");
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(
        report.contains("| code | period | preperiod | last exceptional value |"),
        "{report}"
    );
    // Kayles: period 12, last exceptional value 70 (Winning Ways ch. 4).
    assert!(report.contains("| 0.77 | 12 | 71 | 70 |"), "{report}");
    assert!(std::fs::read_to_string(d.join("r.svg")).unwrap().starts_with("<svg"));
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["census", "0.07,0.070", "--to", "5000", "--json"])).unwrap();
    assert_eq!(json["summary"]["games"], 1);
    assert_eq!(json["games"][0]["also"], "0.070");
    assert_eq!(json["games"][0]["period"], 34);
}

/// The whole of `octal:3` to 10^4 in three shards, merged, equals the unsharded run.
#[test]
#[ignore]
fn octal_3_shards_merged_equal_the_whole_run() {
    let (d, whole, _, _) = shards_and_merge("octal3", "octal:3", "10000", &[]);
    assert_eq!(timeless(&d.join("all.csv")), timeless(&whole));
    assert_eq!(timeless(&whole).len(), 513);
}

/// Ctrl-C during a run: exit code 130, every finished game is in the file (whole lines), and
/// running the same command again finishes the family.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_finished_games_and_the_run_resumes() {
    let d = dir("ctrl-c");
    let out_file = d.join("o.csv");
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let child = std::process::Command::new(&bin)
        .args([
            "census",
            "octal:2",
            "--to",
            "30000",
            "--jobs",
            "2",
            "--out",
            p(&out_file),
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first finished games, then interrupt.
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&out_file).map_or(0, |t| t.lines().count()) < 10
        && started.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = std::fs::read_to_string(&out_file).unwrap();
    if out.status.success() {
        // The run ended before the signal (a fast machine): nothing to check but the file.
        assert_eq!(text.lines().count(), 65);
        return;
    }
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("run the same command again"));
    let done = text.lines().count() - 1;
    assert!(text.ends_with('\n') && (10..64).contains(&done), "{done} games");
    let kept: Vec<String> = text.lines().map(String::from).collect();
    run_ok(&["census", "octal:2", "--to", "30000", "--out", p(&out_file)]);
    let finished = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(finished.lines().count(), 65);
    assert!(kept.iter().all(|l| finished.lines().any(|f| f == l)));
}

#[test]
fn the_quotient_column_is_each_games_quotient_order_at_the_capped_heap() {
    let d = dir("quotient");
    let csv = d.join("q.csv");
    let report = d.join("q.md");
    let out = run_ok(&[
        "census",
        "0.75,0.52",
        "--to",
        "300",
        "--quotient",
        "--quotient-to",
        "10",
        "--out",
        p(&csv),
        "--report",
        p(&report),
    ]);
    assert!(out.contains("|Q| at 10"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), grundy::report::CSV_HEADER_QUOTIENT);
    let mut codes = Vec::new();
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let code = f[4];
        codes.push(code.to_string());
        let q = crate::support::json(&["quotient", code, "--to", "10", "--json"]);
        assert_eq!(f[16], "10");
        assert_eq!(f[17], q["order"].to_string(), "{code}: {line}");
        assert_eq!(f[18], "10", "{code}: reached");
        let period = |k: &str| q[k].as_u64().map_or(String::new(), |v| v.to_string());
        assert_eq!(
            (f[19].to_string(), f[20].to_string()),
            (period("period"), period("preperiod"))
        );
    }
    codes.sort();
    assert_eq!(codes, ["0.52", "0.75"]);
    assert!(
        std::fs::read_to_string(&report)
            .unwrap()
            .contains("quotient order at 10")
    );
    // The same command again resumes (nothing left to do); without --quotient it is another run.
    run_ok(&[
        "census",
        "0.75,0.52",
        "--to",
        "300",
        "--quotient",
        "--quotient-to",
        "10",
        "--out",
        p(&csv),
    ]);
    let refused = grundy(&["census", "0.75,0.52", "--to", "300", "--out", p(&csv)])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    // JSON lines carry the two keys; a census without --quotient has neither.
    let j = d.join("q.jsonl");
    run_ok(&["census", "0.75", "--to", "300", "--quotient", "--out", p(&j)]);
    let line = std::fs::read_to_string(&j).unwrap();
    assert!(line.contains("\"quotient_to\":10"), "{line}");
    let plain = d.join("plain.jsonl");
    run_ok(&["census", "0.75", "--to", "300", "--out", p(&plain)]);
    assert!(!std::fs::read_to_string(&plain).unwrap().contains("quotient"));
}

#[test]
fn a_quotient_that_outgrows_its_budget_is_named_still_growing_where_it_stopped() {
    // 0.017's quotient keeps growing at heap 16: with a budget of 20 000 per heap the row keeps
    // the quotient of heaps ≤ 15 (the order `grundy quotient` proves there) and the summary
    // names the code; 0.75 reaches heap 20.
    let args = [
        "census",
        "0.017,0.75",
        "--to",
        "200",
        "--quotient",
        "--quotient-to",
        "20",
        "--quotient-states",
        "20000",
    ];
    let out = run_ok(&args);
    let q = crate::support::json(&["quotient", "0.017", "--to", "15", "--json"]);
    let cell = format!("{} @15", q["order"]);
    assert!(
        out.lines().any(|l| l.starts_with("0.017") && l.contains(&cell)),
        "{out}"
    );
    assert!(out.contains("1 reached the heap asked"), "{out}");
    assert!(out.contains("still growing") && out.contains("0.017 @15"), "{out}");
    let zero = grundy(&["census", "0.75", "--to", "20", "--quotient", "--quotient-states", "0"])
        .output()
        .unwrap();
    assert_eq!(zero.status.code(), Some(2));
}

/// The text table of a census of boards names boards and their nimbers, not the heap games'
/// columns (period, preperiod, "max g").
#[test]
fn the_text_of_a_census_of_boards_shows_each_board_s_nimber() {
    let text = run_ok(&["census", "cram:3", "--to", "6", "--jobs", "1"]);
    let head = text.lines().next().unwrap();
    assert!(head.starts_with("board") && head.contains("nimber"), "{text}");
    assert!(!head.contains("period") && !head.contains("max g"), "{text}");
    let nimbers: Vec<&str> = text
        .lines()
        .skip(1)
        .take(6)
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(nimbers, ["1", "1", "0", "1", "1", "4"], "{text}");
    assert!(text.contains("to 6 columns: 6 boards, 6 solved"), "{text}");
}

/// `census cram:3`: the boards 3×1 … 3×12 with their published nimbers; three shards merged
/// equal the whole run; a run cut short (to 8 columns' worth of rows in its file) and resumed
/// with a region database file equals the whole; `--table` with a family of heap games is
/// refused.
#[test]
fn the_census_of_cram_boards_shards_merge_and_resume() {
    let (d, whole, _parts, text) = shards_and_merge("cram", "cram:3", "12", &["--jobs", "1"]);
    assert!(text.contains("12 games of cram:3"), "{text}");
    assert_eq!(timeless(&d.join("all.csv")), timeless(&whole));
    let rows = timeless(&whole);
    let values: Vec<&str> = rows[1..].iter().map(|l| l.split(',').nth(11).unwrap()).collect();
    assert_eq!(values, ["1", "1", "0", "1", "1", "4", "1", "3", "1", "2", "0", "1"]);
    // Resume: keep the header and the first 8 rows, run again with a database.
    let cut = d.join("cut.csv");
    let full = std::fs::read_to_string(&whole).unwrap();
    let kept: Vec<&str> = full.lines().take(9).collect();
    std::fs::write(&cut, kept.join("\n") + "\n").unwrap();
    let db = d.join("regions.db");
    run_ok(&["census", "cram:3", "--to", "12", "--out", p(&cut), "--table", p(&db)]);
    assert_eq!(timeless(&cut), timeless(&whole));
    assert!(std::fs::metadata(&db).unwrap().len() > 100);
    let out = grundy(&["census", "octal:1", "--to", "100", "--table", p(&db)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cram:R"));
    // The misère quotient column is for heap games.
    let out = grundy(&["census", "cram:3", "--to", "3", "--quotient"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("heap games"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A census of a family by n (`arc-kayles:petersen {n},2`, whose codes hold a comma): three
/// shards merged equal the whole run, a run cut short and resumed equals it, each row is the
/// value `grundy value` gives that graph, and the text names the positions.
#[test]
fn the_census_of_a_graph_family_shards_merge_and_resume() {
    let family = "arc-kayles:petersen {n},2";
    let (d, whole, _parts, text) = shards_and_merge("petersen", family, "9", &[]);
    assert!(text.contains("10 games of arc-kayles:petersen {n},2"), "{text}");
    assert_eq!(timeless(&d.join("all.csv")), timeless(&whole));
    let file = std::fs::read_to_string(&whole).unwrap();
    let rows: Vec<&str> = file.lines().skip(1).collect();
    assert_eq!(rows.len(), 10);
    for row in &rows[5..] {
        // "arc-kayles:petersen {n},2",index,of,to,"petersen N,2",proved,...
        let code = row.split('"').nth(3).unwrap();
        let value = row.split('"').nth(4).unwrap().split(',').nth(7).unwrap();
        let mut args = vec!["value", "arc-kayles"];
        args.extend(code.split_whitespace());
        args.extend(["--no-moves", "--json"]);
        let shown = run_ok(&args);
        let doc: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(doc["value"].to_string(), value, "{code}: {row}");
    }
    let cut = d.join("cut.csv");
    let kept: Vec<&str> = file.lines().take(5).collect();
    std::fs::write(&cut, kept.join("\n") + "\n").unwrap();
    let resumed = run_ok(&["census", family, "--to", "9", "--out", p(&cut)]);
    assert!(resumed.contains("petersen 9,2"), "{resumed}");
    assert_eq!(timeless(&cut), timeless(&whole));
    // The unquoted family (two words) is the same family.
    let text = run_ok(&["census", "node-kayles:grid", "3x{n}", "--to", "6"]);
    assert!(text.contains("grid 3x6") && text.contains("7 positions"), "{text}");
    let _ = std::fs::remove_dir_all(&d);
}
