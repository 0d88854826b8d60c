//! The census against the published tables (`tests/data/octal_published.txt`, with its
//! sources), its rules for listing a game once, sharding and cancellation.

use super::*;
use crate::control::Cancel;
use crate::report::{CensusRow, CensusStatus};
use crate::solve::take_break::{self, Method, Options};

const PUBLISHED: &str = include_str!("../../../tests/data/octal_published.txt");

/// A published game: its code, and for a solved one its prefix, period and (trivial games)
/// values as listed (prefix, then one period).
struct Published {
    code: String,
    solved: Option<(u64, u64, Option<Vec<u64>>)>,
}

fn published() -> Vec<Published> {
    PUBLISHED
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let code = w[1].to_string();
            match w[0] {
                "proved" => {
                    let values = w.get(4).map(|v| {
                        v.chars()
                            .filter(|c| c.is_ascii_alphanumeric())
                            .map(|c| u64::from(c.to_digit(36).unwrap()))
                            .collect()
                    });
                    Published {
                        code,
                        solved: Some((w[2].parse().unwrap(), w[3].parse().unwrap(), values)),
                    }
                }
                "open" => Published { code, solved: None },
                other => {
                    assert_eq!(other, "unsolved-list");
                    Published {
                        code: String::new(),
                        solved: None,
                    }
                }
            }
        })
        .filter(|p| !p.code.is_empty())
        .collect()
}

/// The entries without their times (the only column that differs between runs).
fn timeless(mut entries: Vec<CensusEntry>) -> Vec<CensusEntry> {
    for e in &mut entries {
        e.row.seconds = 0.0;
    }
    entries
}

/// The source's shift of `code`: s where heap s + 1 is the first of nonzero value (the source
/// cuts off the dead heaps 1..=s, see the data file).
fn shift(code: &str) -> u64 {
    let g = plain(code, 64);
    g.iter().position(|&v| v != 0).map_or(0, |n| n as u64 - 1)
}

/// Heaps a Guy–Smith proof of (preperiod, period) needs for a code whose options leave at most
/// two heaps and remove at most `t`: 2·n0 + 2·p + t.
fn needed(pre: u64, p: u64, code: &str) -> u64 {
    let t = crate::games::octal::Code::parse(code).unwrap().rules().max_removal() as u64;
    2 * pre + 2 * p + t
}

/// Check every row of `entries` that the published table speaks of; returns how many.
fn check_against_published(entries: &[CensusEntry]) -> usize {
    let table = published();
    let mut checked = 0;
    for e in entries {
        let r = &e.row;
        let Some(known) = table.iter().find(|k| k.code == r.code) else {
            continue;
        };
        checked += 1;
        // The last exceptional value is the heap before the preperiod.
        if r.status == CensusStatus::Proved {
            assert_eq!(r.last_exceptional, r.preperiod.unwrap().checked_sub(1));
            assert_eq!(r.saltus, Some(0));
        }
        match (&known.solved, r.status) {
            (Some((prefix, p, values)), CensusStatus::Proved) => {
                let s = shift(&r.code);
                let pre = r.preperiod.unwrap();
                assert_eq!(r.period, Some(*p), "{}: period", r.code);
                // With listed values the prefix counts from the first heap listed; without, the
                // sources count from heap 0 (0.45: 498, 0.644: 3256).
                let listed = if values.is_some() { pre.saturating_sub(s) } else { pre };
                assert_eq!(listed, *prefix, "{}: preperiod {pre}, shift {s}", r.code);
                if let Some(values) = values {
                    // The listed values, the period repeated once more, against ours.
                    let (head, cycle) = values.split_at(*prefix as usize);
                    let expected = head.iter().chain(cycle).chain(cycle);
                    let ours = plain(&r.code, s + values.len() as u64 + *p);
                    for (i, v) in expected.enumerate() {
                        assert_eq!(
                            u64::from(ours[s as usize + i]),
                            *v,
                            "{}: heap {}",
                            r.code,
                            s as usize + i
                        );
                    }
                }
            }
            (Some((prefix, p, _)), CensusStatus::Open) => {
                let s = shift(&r.code);
                assert!(
                    needed(prefix + s, *p, &r.code) > r.largest_heap + 1,
                    "{} is published with prefix {prefix} and period {p}, provable within {} heaps, but left open",
                    r.code,
                    r.largest_heap + 1
                )
            }
            (None, CensusStatus::Proved) => panic!("{} is unsolved in the sources but proved here: {r:?}", r.code),
            (None, CensusStatus::Open) => {}
        }
    }
    checked
}

#[test]
fn the_published_codes_with_short_periods_agree_at_ten_thousand() {
    // Every published code of the table that 10^4 heaps can settle, plus the unsolved ones.
    let codes: Vec<String> = published()
        .into_iter()
        .filter(|k| {
            k.solved
                .as_ref()
                .is_none_or(|(pre, p, _)| needed(pre + 3, *p, &k.code) <= 10_001)
        })
        .map(|k| k.code)
        .collect();
    let family = Family::list(codes.clone()).unwrap();
    let entries = census(&family, Shard::ALL, &CensusOptions::up_to(10_000, 2), &Control::new()).unwrap();
    assert_eq!(entries.len(), codes.len());
    assert_eq!(check_against_published(&entries), codes.len());
    // Those provable within 10^4 heaps are proved.
    for e in &entries {
        let known = published().into_iter().find(|k| k.code == e.row.code).unwrap();
        assert_eq!(
            e.row.status == CensusStatus::Proved,
            known.solved.is_some(),
            "{}",
            e.row.code
        );
    }
}

#[test]
fn octal_2_covers_every_code_and_agrees_with_the_table() {
    let family = Family::parse("octal:2").unwrap();
    let entries = census(&family, Shard::ALL, &CensusOptions::up_to(4096, 0), &Control::new()).unwrap();
    assert_eq!(entries.len(), 64);
    assert!(
        entries
            .iter()
            .enumerate()
            .all(|(i, e)| e.index == i as u64 && e.of == 64)
    );
    assert!(check_against_published(&entries) >= 30);
    let s = summarize(&family.label(), &entries);
    assert_eq!(s.proved + s.open, 64);
    // 0.0 has no moves.
    assert_eq!(entries[0].row.rule.as_deref(), Some("no-moves"));
    assert_eq!((entries[0].row.preperiod, entries[0].row.period), (Some(0), Some(1)));
    // The famous open two-digit games are open.
    for code in ["0.04", "0.06", "0.14", "0.36", "0.6", "0.64", "0.74", "0.76"] {
        assert!(s.open_codes.iter().any(|c| c == code), "{code}: {:?}", s.open_codes);
    }
}

/// g(0..=to) of `code` by the plain take-and-break method, every heap.
fn plain(code: &str, to: u64) -> Vec<u32> {
    let rules = crate::games::octal::Code::parse(code).unwrap().rules().clone();
    let options = Options {
        method: Method::Plain,
        stop_when_proved: false,
        control: Control::new(),
        ..Options::default()
    };
    let c = take_break::compute(&rules, to, options).unwrap();
    (0..=to).map(|n| c.get(n).unwrap()).collect()
}

#[test]
fn games_grouped_as_one_sequence_have_equal_sequences() {
    let family = Family::parse("octal:2").unwrap();
    let entries = census(&family, Shard::ALL, &CensusOptions::up_to(4096, 0), &Control::new()).unwrap();
    let groups = same_sequence(&entries);
    assert!(!groups.is_empty());
    for group in &groups {
        let first = plain(&group[0], 3000);
        for code in &group[1..] {
            assert_eq!(plain(code, 3000), first, "{} and {code}", group[0]);
        }
    }
    // And games not grouped differ (their proved sequences are distinct).
    let proved: Vec<&CensusEntry> = entries
        .iter()
        .filter(|e| e.row.status == CensusStatus::Proved)
        .collect();
    let grouped = |c: &str| groups.iter().any(|g| g.iter().skip(1).any(|x| x == c));
    let singles: Vec<Vec<u32>> = proved
        .iter()
        .filter(|e| !grouped(&e.row.code))
        .map(|e| plain(&e.row.code, 600))
        .collect();
    for i in 0..singles.len() {
        for j in i + 1..singles.len() {
            assert_ne!(singles[i], singles[j]);
        }
    }
}

#[test]
fn trailing_zeros_and_spellings_are_one_game_with_one_sequence() {
    let row = |code: &str| -> CensusRow {
        let mut r = game_row(code, &RowOptions::up_to(5000), &Control::new()).unwrap();
        r.seconds = 0.0;
        r
    };
    assert_eq!(row("0.070"), row("0.07"));
    assert_eq!(row(".07"), row("dawson-kayles"));
    assert_eq!(row("0.0700").code, "0.07");
    assert_eq!(plain("0.1370", 500), plain("0.137", 500));
    // No moves: every value 0, whatever the spelling.
    let empty = row("0.000");
    assert_eq!((empty.code.as_str(), empty.rule.as_deref()), ("0.0", Some("no-moves")));
    assert_eq!(empty.largest_value, 0);
}

#[test]
fn shards_together_are_the_whole_census_and_jobs_do_not_change_it() {
    let family = Family::parse("octal:2").unwrap();
    let whole = timeless(census(&family, Shard::ALL, &CensusOptions::up_to(4096, 1), &Control::new()).unwrap());
    let mut parts = Vec::new();
    for i in 1..=3 {
        let shard = Shard { part: i, parts: 3 };
        let part = census(&family, shard, &CensusOptions::up_to(4096, 2), &Control::new()).unwrap();
        assert!(part.iter().all(|e| shard.holds(e.index)));
        parts.extend(part);
    }
    parts.sort_by_key(|e| e.index);
    assert_eq!(timeless(parts), whole);
}

#[test]
fn a_cancelled_census_stops_with_interrupted() {
    let cancel = Cancel::new();
    cancel.cancel();
    let control = Control::new().with_cancel(cancel);
    let family = Family::parse("octal:2").unwrap();
    assert_eq!(
        census(&family, Shard::ALL, &CensusOptions::up_to(4096, 2), &control).unwrap_err(),
        crate::Error::Interrupted
    );
}

#[test]
fn progress_counts_games() {
    use crate::control::Event;
    use std::sync::{Arc, Mutex};
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    let control = Control::new().with_observer(move |e: &Event| {
        if let Event::Progress {
            phase: "games",
            done,
            total,
        } = e
        {
            sink.lock().unwrap().push((*done, *total));
        }
    });
    let family = Family::parse("octal:1").unwrap();
    census(&family, Shard::ALL, &CensusOptions::up_to(100, 2), &control).unwrap();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.first(), Some(&(0, Some(8))));
    assert_eq!(seen.last(), Some(&(8, Some(8))));
}

/// The whole of `octal:3` to 10^4 (512 games; about a minute on one core): every code covered,
/// every proved period as published, the unsolved ones open.
#[test]
#[ignore]
fn octal_3_to_ten_thousand_agrees_with_the_published_table() {
    let family = Family::parse("octal:3").unwrap();
    let entries = census(&family, Shard::ALL, &CensusOptions::up_to(10_000, 0), &Control::new()).unwrap();
    assert_eq!(entries.len(), 512);
    assert!(check_against_published(&entries) >= 100);
}

/// 0.127, 0.165 and 0.356 need more than 10^4 heaps: proved at 10^5 as published.
#[test]
#[ignore]
fn the_long_preperiods_are_proved_at_a_hundred_thousand() {
    let family = Family::list(vec!["0.127".into(), "0.165".into(), "0.356".into()]).unwrap();
    let entries = census(&family, Shard::ALL, &CensusOptions::up_to(100_000, 0), &Control::new()).unwrap();
    assert_eq!(check_against_published(&entries), 3);
    assert!(entries.iter().all(|e| e.row.status == CensusStatus::Proved));
}

#[test]
fn the_quotient_column_is_the_order_at_the_capped_heap() {
    // The column is the quotient at min(to, cap): the same order, and the same period of Φ
    // when proved for every heap, as `grundy quotient CODE --to M`; a row without the option
    // has no column.
    let settings = crate::settings::Settings::default();
    let mut proved_all = 0;
    for (code, to, cap) in [
        ("0.75", 5000, 12),
        ("0.77", 6, 30),
        ("0.52", 5000, 10),
        ("0.31", 5000, 10),
        ("0.3", 5000, 20),
        ("0.15", 5000, 20),
    ] {
        let r = game_row(
            code,
            &RowOptions {
                quotient_to: Some(cap),
                ..RowOptions::up_to(to)
            },
            &Control::new(),
        )
        .unwrap();
        let at = to.min(cap);
        assert_eq!(r.quotient_to, Some(at), "{code}");
        let q = crate::report::QuotientReport::of(&[code.to_string()], at, None, &settings).unwrap();
        assert!(q.stopped.is_none(), "{code}: a small quotient is found at {at}");
        assert_eq!(r.quotient_order, Some(q.order as u64), "{code} at {at}");
        assert_eq!(r.quotient_reached, Some(at), "{code}");
        assert!(!r.quotient_growing(), "{code}");
        assert_eq!(r.quotient_period, q.period, "{code}");
        assert_eq!(r.quotient_preperiod, q.preperiod, "{code}");
        proved_all += usize::from(r.quotient_period.is_some());
    }
    assert!(proved_all >= 1, "some of these quotients are proved for every heap");
    let plain = game_row("0.75", &RowOptions::up_to(100), &Control::new()).unwrap();
    assert_eq!((plain.quotient_to, plain.quotient_order), (None, None));
}

#[test]
fn a_quotient_that_outgrows_its_budget_ends_at_the_heap_before_and_is_named_growing() {
    // 0.017's quotient at heap 16 keeps growing under recalibration (each candidate's least
    // failing sum is longer): the row keeps the quotient of heaps ≤ 15, as `grundy quotient`
    // with the same budget proves it, and the summary names the code.
    let budget = 20_000;
    let r = game_row(
        "0.017",
        &RowOptions {
            to: 200,
            stop_when_proved: true,
            quotient_to: Some(20),
            quotient_states: budget,
        },
        &Control::new(),
    )
    .unwrap();
    let reached = r.quotient_reached.expect("the first heaps are proved");
    assert!(reached < 20, "{r:?}");
    assert!(r.quotient_growing());
    let settings = crate::settings::Settings {
        max_states: budget,
        ..Default::default()
    };
    let q = crate::report::QuotientReport::of(&["0.017".to_string()], 20, None, &settings).unwrap();
    assert_eq!(q.verified_to, reached);
    assert_eq!(r.quotient_order, Some(q.order as u64));
    let entry = CensusEntry {
        family: "f".into(),
        index: 0,
        of: 1,
        row: r,
    };
    let summary = summarize("f", &[entry]);
    assert_eq!(summary.quotient_growing, vec![("0.017".to_string(), Some(reached))]);
    assert_eq!(summary.quotient_reached, Some((0, 0)));
}

/// The nimbers of the 3×n Cram boards, n = 1 … 20, as published (Lemoine and Viennot's Glop
/// computed every one to 3×20; docs/records.md, "Cram").
const CRAM_3XN: [u64; 20] = [1, 1, 0, 1, 1, 4, 1, 3, 1, 2, 0, 1, 2, 3, 1, 4, 0, 1, 0, 2];

/// `cram:3` to 11 columns: the boards in order, each its published nimber, and its shards
/// merged (each shard with its own region database) equal to the whole; a run reusing a
/// region database file written by an earlier run gives the same rows.
#[test]
fn the_census_of_3xn_cram_boards_equals_the_published_values_and_its_shards_the_whole() {
    let family = Family::parse("cram:3").unwrap();
    assert_eq!(family.label(), "cram:3");
    assert_eq!(family.members().len(), 21);
    assert!(family.members_up_to(22).is_err() && family.members_up_to(0).is_err());
    let whole = census(&family, Shard::ALL, &CensusOptions::up_to(11, 2), &Control::default()).unwrap();
    let values: Vec<u64> = whole.iter().map(|e| e.row.largest_value).collect();
    assert_eq!(values, CRAM_3XN[..11]);
    assert_eq!(whole[10].row.code, "3x11");
    assert_eq!(whole[10].row.largest_heap, 11);
    let mut merged = Vec::new();
    for part in 1..=3 {
        let shard = Shard { part, parts: 3 };
        merged.extend(census(&family, shard, &CensusOptions::up_to(11, 1), &Control::default()).unwrap());
    }
    merged.sort_by_key(|e| e.index);
    let key = |e: &CensusEntry| (e.index, e.row.code.clone(), e.row.largest_value, e.of);
    assert_eq!(
        merged.iter().map(key).collect::<Vec<_>>(),
        whole.iter().map(key).collect::<Vec<_>>()
    );
    // With a database file: written by the first run, read by the second.
    let path = std::env::temp_dir().join(format!("grundy-census-cram-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let with_file = CensusOptions {
        table: Some(path.clone()),
        ..CensusOptions::up_to(9, 1)
    };
    let first = census(&family, Shard::ALL, &with_file, &Control::default()).unwrap();
    let again = census(&family, Shard::ALL, &with_file, &Control::default()).unwrap();
    assert_eq!(
        first.iter().map(key).collect::<Vec<_>>(),
        again.iter().map(key).collect::<Vec<_>>()
    );
    assert_eq!(
        first.iter().map(|e| e.row.largest_value).collect::<Vec<_>>(),
        CRAM_3XN[..9]
    );
    std::fs::remove_file(&path).unwrap();
    // --table is refused for a family of heap games.
    let octal = Family::parse("0.07").unwrap();
    let e = census(&octal, Shard::ALL, &with_file, &Control::default()).unwrap_err();
    assert!(e.to_string().contains("cram:R"), "{e}");
}

/// One board's row alone (what a cluster maps over a family of boards): the published nimber
/// of each 3×n board to 3×9, the row the census in order gives but for its time, and no
/// quotient column.
#[test]
fn a_board_row_alone_equals_the_census_row() {
    let family = Family::parse("cram:3").unwrap();
    let whole = census(&family, Shard::ALL, &CensusOptions::up_to(9, 1), &Control::default()).unwrap();
    let row_options = CensusOptions::up_to(9, 1).row;
    for (n, entry) in whole.iter().enumerate() {
        let mut alone = game_row(&format!("3x{}", n + 1), &row_options, &Control::default()).unwrap();
        assert_eq!(alone.largest_value, CRAM_3XN[n], "3x{}", n + 1);
        alone.seconds = entry.row.seconds;
        assert_eq!(alone, entry.row, "3x{}", n + 1);
    }
    let with_quotient = RowOptions {
        quotient_to: Some(5),
        ..row_options
    };
    assert!(game_row("3x4", &with_quotient, &Control::default()).is_err());
    let e = game_row("3x40", &row_options, &Control::default()).unwrap_err();
    assert!(e.to_string().contains("at most 64 cells"), "{e}");
}
