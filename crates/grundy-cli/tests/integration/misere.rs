//! `--misere` on every command, `seq --misere` (genus), `quotient` (misère quotients): the
//! command line's answers checked against independent computations (issue #19).

use crate::support::{grundy, json};

#[test]
fn misere_nim_through_the_flag_agrees_with_the_misere_nim_game() {
    for heaps in [["1", "1", "3"], ["2", "2", "1"], ["1", "1", "1"], ["4", "5", "1"]] {
        let mut a = vec!["value", "nim"];
        a.extend(heaps);
        a.extend(["--misere", "--json"]);
        let mut b = vec!["value", "misere-nim"];
        b.extend(heaps);
        b.push("--json");
        let (x, y) = (json(&a), json(&b));
        assert_eq!(x["value"], y["value"], "{heaps:?}");
        assert_eq!(x["outcome"], y["outcome"]);
        assert_eq!(x["convention"], "misere");
        assert_eq!(
            x["winning_moves"].as_array().unwrap().len(),
            y["winning_moves"].as_array().unwrap().len()
        );
    }
}

#[test]
fn every_position_command_takes_misere() {
    grundy(&["moves", "kayles", "5", "--misere"]).assert().success();
    grundy(&["explain", "grundy-game", "7", "--misere"]).assert().success();
    let s = json(&["sum", "kayles 4", "nim 2", "--misere", "--json"]);
    assert_eq!(s["outcome"], "N");
    assert_eq!(s["convention"], "misere");
    assert!(
        s["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["component"].is_number())
    );
    let out = grundy(&["play", "kayles", "4", "--misere"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("misère"));
}

#[test]
fn loopy_games_are_refused_under_misere_play() {
    let out = grundy(&["value", "graph", "examples/graphs/cycle4.json", "v1", "--misere"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopy"));
    grundy(&["wtia", "levels 4,9,3", "--misere"]).assert().code(2);
}

#[test]
fn seq_misere_prints_the_genus_of_each_heap() {
    let doc = json(&["seq", "kayles", "--misere", "--to", "12", "--json"]);
    let genera: Vec<&str> = doc["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["genus"].as_str().unwrap())
        .collect();
    assert_eq!(&genera[..6], ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]);
    assert_eq!(doc["tame_to"], 4);
}

/// The quotient of 0.75 is of order 8 with P-portion {a, b²} (Plambeck–Siegel 2008; the one
/// quotient of order 8, Siegel 2007), and its answer for a sum is the brute-force search's.
#[test]
fn quotient_of_0_75_and_a_sum_decided_through_it() {
    let q = json(&["quotient", "0.75", "--to", "16", "--heaps", "3,5,7", "--json"]);
    assert_eq!(q["order"], 8);
    assert_eq!(q["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(q["verified_to"], 16);
    let brute = json(&["value", "0.75", "3", "5", "7", "--misere", "--json"]);
    assert_eq!(q["sum"]["outcome"], brute["outcome"]);
    assert_eq!(
        q["sum"]["winning_moves"].as_array().unwrap().len(),
        brute["winning_moves"].as_array().unwrap().len()
    );
    let t = json(&["quotient", "0.31", "--to", "10", "--json"]);
    assert_eq!(t["order"], 6);
    assert_eq!(t["tame"], true);
}

/// The presentation of 0.07 changes at heaps 2, 4 and 10 (at 10 elements of smaller heaps are
/// told apart) and goes on, proved; 0.75's presentation is the same from heap 5 to 30,
/// reported as stable.
#[test]
fn quotient_refined_and_stable_in_json() {
    let q = json(&["quotient", "0.07", "--to", "12", "--json"]);
    assert_eq!(q["verified_to"], 12);
    assert_eq!(q["stopped"], serde_json::Value::Null);
    assert_eq!(q["refined"], serde_json::json!([2, 4, 10]));
    assert_eq!(q["last_change"], 10);
    assert_eq!(q["order"], 12);
    assert_eq!(q["p_size"], 3);
    let s = json(&["quotient", "0.75", "--to", "30", "--json"]);
    assert_eq!(s["stable_from"], 5);
    assert_eq!(s["stabilised"], true);
    assert_eq!(
        s["relations"],
        serde_json::json!(["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"])
    );
}

/// Issue 32: `quotient 0.07 --to 30` has the published order 360 (Siegel's MisereSolver figure)
/// and finishes quickly; Kayles is proved for every heap by the periodicity theorem (Φ of
/// period 12 from heap 71), with |Q|, |P|, Φ and the last change in the JSON.
#[test]
fn quotient_of_dawsons_kayles_to_30_and_kayles_for_every_heap() {
    let started = std::time::Instant::now();
    let q = json(&["quotient", "0.07", "--to", "30", "--json"]);
    assert_eq!(q["order"], 360);
    assert_eq!(q["all_heaps"], false);
    assert_eq!(q["period"], serde_json::Value::Null);
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    let k = json(&["quotient", "kayles", "--to", "200", "--json"]);
    assert_eq!((k["order"].as_u64(), k["p_size"].as_u64()), (Some(40), Some(9)));
    assert_eq!((k["period"].as_u64(), k["preperiod"].as_u64()), (Some(12), Some(71)));
    assert_eq!(k["all_heaps"], true);
    assert_eq!(k["last_change"], 27);
    assert_eq!(k["heaps"].as_array().unwrap().len(), 201);
    let text = grundy(&["quotient", "kayles", "--to", "200"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("order      40 (|P| = 9)"), "{text}");
    assert!(
        text.contains("period 12 from heap 71 on, proved for every heap"),
        "{text}"
    );
}

/// Stopped by the state limit, `quotient` prints the proved quotient of the heaps it finished
/// and exits 3; a game that is not a heap game, or a `--to` that cannot fit, is refused at once
/// (exit 2 or 3).
#[test]
fn quotient_limits_and_refusals() {
    let out = grundy(&["quotient", "0.07", "--to", "30", "--max-states", "1000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("stopped before heap 30"), "{text}");
    assert!(text.contains("order"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("proved, is written"));
    let out = grundy(&["quotient", "0.07", "--to", "30", "--max-states", "1000", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc["verified_to"].as_u64().unwrap() < 30);
    grundy(&["quotient", "cram", "3", "--to", "5"]).assert().code(2);
    grundy(&["quotient", "kayles", "--to", "100000000000"]).assert().code(2);
    let started = std::time::Instant::now();
    grundy(&["quotient", "kayles", "--to", "100000000"]).assert().code(3);
    assert!(
        started.elapsed().as_secs() < 5,
        "refused up front: {:?}",
        started.elapsed()
    );
}

#[test]
fn explain_misere_shows_how_a_heaps_genus_is_obtained() {
    // Kayles heap 2: options heap 1 (genus 1^031) and the empty heap (0^120): g = mex{0, 1} = 2,
    // γ0 = mex{0, 1} = 2, γ1 = mex{3, 2} ∪ {2, 3} = 0, ...: genus 2^20 (ONAG ch. 12).
    let out = grundy(&["explain", "kayles", "2", "--misere"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The genus line names the game as the header does (0.77, not the word typed).
    assert!(text.starts_with("0.77 2\n"), "{text}");
    assert!(text.contains("genus of 0.77 2: 2^20 (tame)"), "{text}");
    assert!(text.contains("γ0 = mex"), "{text}");
    assert!(text.contains("γ1 = mex"), "{text}");
    let j = json(&["explain", "kayles", "2", "--misere", "--json"]);
    assert_eq!(j["misere"], true);
    assert_eq!(j["genus"]["genus"], "2^20");
    let seq = json(&["seq", "kayles", "--misere", "--to", "2", "--json"]);
    let gammas: Vec<&serde_json::Value> = j["genus"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["gamma"])
        .collect();
    let terms: Vec<&serde_json::Value> = seq["heaps"][2]["terms"].as_array().unwrap().iter().collect();
    assert_eq!(gammas, terms, "the derived terms are the searched ones");
    // A sum has no genus derivation: the key is absent.
    let s = json(&["explain", "kayles", "2", "3", "--misere", "--json"]);
    assert!(s.get("genus").is_none());
}

/// A misère sum of big heaps stopped by a limit names the quotient command that decides it, and
/// that command does: its outcome for a sum small enough to search is the search's.
#[test]
fn a_misere_sum_at_its_limit_names_the_quotient_that_decides_it() {
    let out = grundy(&[
        "value",
        "kayles",
        "100",
        "200",
        "300",
        "--misere",
        "--max-states",
        "1000",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("grundy quotient kayles --to 300 --heaps 100,200,300") && err.lines().count() == 1,
        "{err}"
    );
    // One heap, or a game that is not a heap game: no such hint.
    let one = grundy(&["value", "kayles", "100", "--misere", "--max-states", "10"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&one.stderr).contains("quotient"));
    let searched = json(&["value", "kayles", "9", "7", "4", "--misere", "--json"]);
    let decided = json(&["quotient", "kayles", "--to", "9", "--heaps", "9,7,4", "--json"]);
    assert_eq!(searched["outcome"], decided["sum"]["outcome"], "{decided}");
}
