//! Tests of the take-and-break engine: every method against the definition, periods proved.

use super::*;
use values::Escaped;

fn values(rules: &TakeBreak, to: u64, method: Method, stop: bool) -> Computed {
    compute(
        rules,
        to,
        Options {
            method,
            stop_when_proved: stop,
            control: Control::default(),
            ..Options::default()
        },
    )
    .unwrap()
}

/// g by the definition: mex over `options`.
fn reference(rules: &TakeBreak, to: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=to {
        let mut seen = Vec::new();
        rules.options(n, &mut |parts| {
            seen.push(parts.iter().fold(0, |a, &p| a ^ g[p as usize]))
        });
        let mut v = 0;
        while seen.contains(&v) {
            v += 1;
        }
        g.push(v);
    }
    g
}

#[test]
fn kayles_is_proved_with_period_12_and_preperiod_71() {
    let kayles = TakeBreak::new(vec![0, 7, 7], false);
    let c = values(&kayles, 1000, Method::Auto, true);
    let p = c.period.clone().unwrap();
    assert_eq!((p.preperiod, p.period), (71, 12));
    let r = reference(&kayles, 400);
    for n in 0..=400 {
        assert_eq!(c.get(n), Some(r[n as usize]), "heap {n}");
    }
}

#[test]
fn sparse_plain_and_reference_agree_on_small_codes() {
    for code in [
        vec![0, 0, 0, 7],
        vec![0, 1, 3, 7],
        vec![4, 0, 7],
        vec![0, 4],
        vec![0, 5, 6],
    ] {
        let rules = TakeBreak::new(code.clone(), false);
        let r = reference(&rules, 300);
        for method in [Method::Plain, Method::Sparse, Method::Auto] {
            let c = values(&rules, 300, method, false);
            let got: Vec<u32> = (0..=300).map(|n| c.values.get(n)).collect();
            assert_eq!(got, r, "{code:?} {method:?}");
        }
    }
    let grundy = TakeBreak::new(vec![4], true);
    let r = reference(&grundy, 300);
    let c = values(&grundy, 300, Method::Sparse, false);
    assert_eq!((0..=300).map(|n| c.values.get(n)).collect::<Vec<_>>(), r);
}

/// The sparse method marks the rare splits of 8 heaps at once (4, 3 or 2 before a checkpoint),
/// also where a split removes fewer than 7 counters (the rare heaps r < 8 − i of a split
/// removing i and the heaps found within the batch are left to each heap) and for Grundy's game
/// (the equal split left out): equal to the plain method on one thread (heap by heap) and two
/// (the race with the pipelined blocks, groups of 8).
#[test]
fn batched_rare_splits_equal_the_plain_method() {
    for (code, unequal, to) in [
        (vec![4u8], true, 20_000u64),
        (vec![4, 0, 7], false, 12_000),
        (vec![0, 4, 4], false, 12_000),
        (vec![0, 0, 4, 7], false, 12_000),
    ] {
        let rules = TakeBreak::new(code.clone(), unequal);
        let plain = all_values(&with_jobs(&rules, to, Method::Plain, 1, Values::U8(Vec::new())));
        for jobs in [1, 2] {
            let sparse = with_jobs(&rules, to, Method::Sparse, jobs, Values::U8(Vec::new()));
            assert!(sparse.sparse_mask.is_some(), "{code:?}: the sparse method ran");
            assert_eq!(all_values(&sparse), plain, "{code:?} jobs {jobs}");
        }
    }
}

#[test]
fn every_method_equals_the_definition_on_random_codes() {
    // Codes d0.d1d2d3d4 (d0 ∈ {0, 4}), some with unequal splits: the plain byte kernels,
    // the scalar plain loop (values ≥ 64), the sparse method with and without twist.
    let mut next = crate::xorshift(0x9e3779b97f4a7c15u64);
    let mut twisted = 0;
    for _ in 0..40 {
        let mut code = vec![if next().is_multiple_of(2) { 0 } else { 4 }];
        code.extend((0..1 + next() % 4).map(|_| (next() % 8) as u8));
        let rules = TakeBreak::new(code.clone(), next().is_multiple_of(4));
        let r = reference(&rules, 500);
        for method in [Method::Plain, Method::Sparse, Method::Auto] {
            let c = values(&rules, 500, method, false);
            twisted += c.twist as usize;
            let got: Vec<u32> = (0..=500).map(|n| c.values.get(n)).collect();
            assert_eq!(got, r, "{code:?} {method:?}");
        }
    }
    assert!(twisted > 0, "the twisted classification was exercised");
}

#[test]
fn twisted_sparse_space_of_4_07() {
    // 4.07: g(n) = (n − 1) mod 4; with mask 1 and the twist no heap is rare.
    let rules = TakeBreak::new(vec![4, 0, 7], false);
    let c = values(&rules, 5000, Method::Auto, false);
    assert_eq!((c.sparse_mask, c.twist, c.rare), (Some(1), true, 0));
    assert!((1..=5000).all(|n| c.values.get(n) == (n as u32 - 1) % 4));
    let plain = values(&rules, 5000, Method::Plain, false);
    assert_eq!(plain.values, c.values);
}

#[test]
fn hexadecimal_three_heaps() {
    let rules = TakeBreak::new(vec![0, 0xf, 0x8], false);
    let r = reference(&rules, 120);
    let c = values(&rules, 120, Method::Auto, false);
    assert_eq!((0..=120).map(|n| c.values.get(n)).collect::<Vec<_>>(), r);
}

#[test]
fn three_heap_codes_look_ahead_less() {
    // A request of ten heaps of 0.99999 computed 4096 heaps (17 s) to look for a period.
    let three = TakeBreak::new(vec![0, 9, 9, 9, 9, 9], false);
    let c = values(&three, 10, Method::Auto, true);
    assert_eq!(c.values.len() as u64, PROOF_LOOKAHEAD_THREE_HEAPS + 1);
    let two = TakeBreak::new(vec![0, 0, 7], false);
    assert_eq!(looked_ahead(&two, 10, true), PROOF_LOOKAHEAD);
    assert_eq!(looked_ahead(&three, 10, false), 10);
    assert_eq!(looked_ahead(&three, 9000, true), 9000);
}

#[test]
fn values_widen_past_255() {
    // 0.0000...? Nim-like: 0.3333 ... gives g(n) = n; use subtraction of anything (nim) to 300.
    let nim = TakeBreak::new(vec![0].into_iter().chain(std::iter::repeat_n(3, 300)).collect(), false);
    let c = values(&nim, 300, Method::Auto, false);
    assert_eq!(c.values.width(), 2);
    assert!((0..=300).all(|n| c.values.get(n) == n as u32));
}

#[test]
fn fundamental_period_not_a_multiple() {
    // Subtraction {1, 2}: 0.33, period 3.
    let c = values(&TakeBreak::new(vec![0, 3, 3], false), 500, Method::Auto, true);
    let p = c.period.unwrap();
    assert_eq!((p.preperiod, p.period), (0, 3));
}

fn with_jobs(rules: &TakeBreak, to: u64, method: Method, jobs: usize, start: Values) -> Computed {
    let options = Options {
        method,
        stop_when_proved: false,
        jobs,
        ..Options::default()
    };
    compute_from(rules, to, options, start).unwrap()
}

fn all_values(c: &Computed) -> Vec<u32> {
    (0..c.values.len()).map(|n| c.values.get(n)).collect()
}

/// The lowest escape byte that leaves at most 16 heaps of `values` escaped (so the storage
/// stays escaped throughout), and that number.
fn low_escape(values: &[u32]) -> (u8, usize) {
    (1..=255u8)
        .map(|e| (e, values.iter().filter(|&&v| v >= u32::from(e)).count()))
        .find(|&(_, count)| count <= 16)
        .expect("an escape")
}

#[test]
fn escaped_bytes_equal_the_definition_and_widen_when_common() {
    // A low escape makes the largest values of Grundy's game go through the side table.
    let grundy = TakeBreak::new(vec![4], true);
    let r = reference(&grundy, 1500);
    let (escape, high) = low_escape(&r);
    assert!(high >= 1 && escape < 255, "{escape} {high}");
    for method in [Method::Sparse, Method::Plain, Method::Auto] {
        let c = with_jobs(
            &grundy,
            1500,
            method,
            1,
            Values::Escaped(Escaped::from_bytes(Vec::new(), escape)),
        );
        assert_eq!(all_values(&c), r, "{method:?}");
        assert_eq!(c.values.width(), 1, "{method:?}: still one byte a heap");
        assert_eq!(c.escaped(), high, "{method:?}");
    }
    // Values of 4 and more are common in Kayles' neighbour 0.137 with an escape at 2: more than
    // one heap in 64 escaped, so the storage widens.
    let rules = TakeBreak::new(vec![0, 1, 3, 7], false);
    let r = reference(&rules, 800);
    let c = with_jobs(
        &rules,
        800,
        Method::Auto,
        1,
        Values::Escaped(Escaped::from_bytes(Vec::new(), 2)),
    );
    assert_eq!(all_values(&c), r);
    assert_eq!(c.values.width(), 2);
}

/// Grundy's game to 1500: its values, as bytes, and the lowest escape that leaves at most 16
/// heaps escaped (so that the side table holds its largest values).
fn grundy_with_low_escape() -> (Vec<u32>, Vec<u8>, u8) {
    let r = reference(&TakeBreak::new(vec![4], true), 1500);
    let (escape, _) = low_escape(&r);
    let bytes = r.iter().map(|&v| v as u8).collect();
    (r, bytes, escape)
}

/// The largest of g(0..end), read off the escape table when a heap below `end` is escaped,
/// equals the largest by a scan, at every `end`, in every storage (the escape lowered so that
/// the side table holds Grundy's game's largest values, and one lower).
#[test]
fn the_largest_value_equals_the_scan() {
    let (r, bytes, escape) = grundy_with_low_escape();
    for (case, values) in [
        Values::U8(bytes.clone()),
        Values::Escaped(Escaped::from_bytes(bytes.clone(), escape)),
        Values::Escaped(Escaped::from_bytes(bytes.clone(), escape - 1)),
        Values::Escaped(Escaped::from_bytes(bytes.clone(), 1)),
        Values::U16(r.iter().map(|&v| v as u16).collect()),
        Values::U32(r.clone()),
    ]
    .into_iter()
    .enumerate()
    {
        for end in 0..=r.len() {
            let max = r[..end].iter().copied().max().unwrap_or(0);
            assert_eq!(values.largest(end), max, "case {case}: g(0..{end})");
        }
    }
}

/// A scan of the stores in memory visits every heap from its first, in order, with its value,
/// escaped ones included, and stops when asked.
#[test]
fn a_scan_visits_each_heap_in_order() {
    let (r, bytes, escape) = grundy_with_low_escape();
    fn visits<S: Cells>(g: &S, from: usize) -> Vec<(usize, u32)> {
        let mut seen = Vec::new();
        g.scan(from, |a, v| {
            seen.push((a, v));
            true
        });
        seen
    }
    for from in [0, 1, 700, 1500, 1501, 2000] {
        let want: Vec<_> = r.iter().copied().enumerate().skip(from).collect();
        assert_eq!(visits(&bytes, from), want, "bytes from {from}");
        for e in [escape, escape - 1, 1] {
            let g = Escaped::from_bytes(bytes.clone(), e);
            assert_eq!(visits(&g, from), want, "escape {e} from {from}");
        }
        assert_eq!(visits(&r, from), want, "u32 from {from}");
    }
    let mut count = 0;
    r.scan(3, |_, _| {
        count += 1;
        count < 10
    });
    assert_eq!(count, 10);
}

#[test]
fn escaped_bytes_on_both_paths_beyond_the_block_start() {
    // Past heap 4096 (the block method's start), with an escape low enough that several heaps
    // of every stretch are escaped: the fast loops must read those heaps' true values (they
    // take the byte slices only where no heap they read is escaped), on one thread and two.
    let grundy = TakeBreak::new(vec![4], true);
    let to = 6000;
    let r = reference(&grundy, to);
    let (escape, high) = low_escape(&r);
    assert!(high >= 1, "{escape} {high}");
    for jobs in [1, 2] {
        let c = with_jobs(
            &grundy,
            to,
            Method::Sparse,
            jobs,
            Values::Escaped(Escaped::from_bytes(Vec::new(), escape)),
        );
        assert_eq!(all_values(&c), r, "jobs {jobs}");
        assert_eq!(c.escaped(), high, "jobs {jobs}");
    }
}

#[test]
fn exact_slices_skip_ranges_with_an_escaped_heap() {
    use super::values::Cells;
    let e = Escaped::from_bytes(vec![1, 9, 2, 3, 9, 4], 9);
    assert!(e.exact(0, 0).is_some());
    assert!(e.exact(0, 1).is_none());
    assert!(e.exact(2, 3).is_some());
    assert!(e.exact(3, 5).is_none());
    assert!(e.exact(5, 5).is_some());
    assert_eq!(e.exact(2, 3).map(|b| b[1]), Some(3));
}

#[test]
fn escape_at_255_keeps_one_byte_a_heap() {
    // Subtraction of 1..258: g(n) = n mod 259. The first value above 255 switches the bytes to
    // escaped bytes (255 moves to the side table); 255..=258 are the four escaped heaps.
    let nim = TakeBreak::new(vec![0].into_iter().chain(std::iter::repeat_n(3, 258)).collect(), false);
    let c = values(&nim, 600, Method::Auto, false);
    assert!(matches!(c.values, Values::Escaped(_)), "width {}", c.values.width());
    assert_eq!(c.escaped(), 8);
    assert!((0..=600).all(|n| c.values.get(n) == n as u32 % 259));
}

#[test]
fn the_block_method_gives_the_same_values_whatever_the_threads() {
    // Blocks start at heap 4096: codes of every kind to 9000 (the sparse method's pipeline of
    // 512-heap blocks, across the checkpoint at 8192 where the mask may change), one thread
    // against two and three, and against the definition.
    let codes: Vec<(Vec<u8>, bool)> = vec![
        (vec![4], true),
        (vec![0, 7, 7], false),
        (vec![0, 0, 7], false),
        (vec![0, 1, 3, 7], false),
        (vec![0, 0, 0, 7], false),
        (vec![4, 0, 7], false),
        (vec![0, 4, 5, 6], false),
        (vec![0, 6, 4, 4], true),
    ];
    for (code, unequal) in codes {
        let rules = TakeBreak::new(code.clone(), unequal);
        let r = reference(&rules, 9000);
        for method in [Method::Auto, Method::Plain, Method::Sparse] {
            let one = with_jobs(&rules, 9000, method, 1, Values::U8(Vec::new()));
            assert_eq!(all_values(&one), r, "{code:?} {method:?}");
            for jobs in [2, 3] {
                let many = with_jobs(&rules, 9000, method, jobs, Values::U8(Vec::new()));
                assert_eq!(all_values(&many), r, "{code:?} {method:?} jobs {jobs}");
                assert_eq!((many.sparse_mask, many.rare), (one.sparse_mask, one.rare));
            }
        }
    }
}

#[test]
fn the_block_method_with_escaped_values() {
    let grundy = TakeBreak::new(vec![4], true);
    let one = with_jobs(&grundy, 20_000, Method::Auto, 1, Values::U8(Vec::new()));
    let (escape, high) = low_escape(&all_values(&one));
    let c = with_jobs(
        &grundy,
        20_000,
        Method::Auto,
        2,
        Values::Escaped(Escaped::from_bytes(Vec::new(), escape)),
    );
    assert_eq!(all_values(&c), all_values(&one), "escape {escape}");
    assert_eq!(c.escaped(), high);
    assert!(high >= 1);
    // Values of 128 and more well before the end (the first at heap 13 133): the far tables
    // of the blocks after it are 256 wide, which the fast loops index as arrays.
    let first_wide = all_values(&one).iter().position(|&v| v >= 128);
    assert!(
        first_wide.is_some_and(|n| n + 4 * super::blocks::PIPELINE < 20_000),
        "{first_wide:?}"
    );
    // Plain 0.007 (values up to 805 at 10^5; already above 255 early): two threads, escaped.
    let rules = TakeBreak::new(vec![0, 0, 0, 7], false);
    let one = with_jobs(&rules, 6000, Method::Plain, 1, Values::U8(Vec::new()));
    let two = with_jobs(
        &rules,
        6000,
        Method::Plain,
        2,
        Values::Escaped(Escaped::from_bytes(Vec::new(), 16)),
    );
    assert_eq!(all_values(&one), all_values(&two));
}

/// 0.007's values pass 1024 at heap 109 362; from the checkpoint at 131 072 its best mask is
/// 0b11110111000 (11 bits, 7% rare heaps, where 10 bits kept 12%): the sparse method with that
/// mask (the `u16` hunt), forced and chosen, on one and two threads, equals the plain method.
#[test]
fn sparse_with_a_wide_mask_equals_plain_on_0_007() {
    let rules = TakeBreak::new(vec![0, 0, 0, 7], false);
    let to = 140_000;
    let plain = with_jobs(&rules, to, Method::Plain, 1, Values::U8(Vec::new()));
    assert_eq!(plain.values.width(), 2);
    for method in [Method::Sparse, Method::Auto] {
        for jobs in [1, 2] {
            let c = with_jobs(&rules, to, method, jobs, Values::U8(Vec::new()));
            assert_eq!(c.values, plain.values, "{method:?} jobs {jobs}");
            assert_eq!(c.sparse_mask, Some(0b11110111000), "{method:?} jobs {jobs}");
        }
    }
}

/// Random codes with their values stored as `u16` from the start (the sparse method's word
/// hunt, `hunt::scan_words`, on small values), one and two threads (the pipeline from heap
/// 4096), against the definition.
#[test]
fn sparse_on_u16_cells_equals_the_definition_on_random_codes() {
    let mut next = crate::xorshift(0x2545f4914f6cdd1du64);
    for _ in 0..8 {
        let mut code = vec![0];
        code.extend((0..1 + next() % 4).map(|_| (next() % 8) as u8));
        let rules = TakeBreak::new(code.clone(), next().is_multiple_of(4));
        let r = reference(&rules, 6000);
        for method in [Method::Sparse, Method::Auto] {
            for jobs in [1, 2] {
                let c = with_jobs(&rules, 6000, method, jobs, Values::U16(Vec::new()));
                assert_eq!(all_values(&c), r, "{code:?} {method:?} jobs {jobs}");
            }
        }
    }
}

mod checkpoints {
    use super::*;
    use crate::control::{Cancel, Event};
    use std::path::PathBuf;

    fn file(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-checkpoint-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    fn run(rules: &TakeBreak, to: u64, jobs: usize, path: &PathBuf, control: Control) -> Result<Computed> {
        let mut checkpoint = CheckpointFile::new(path);
        checkpoint.every_heaps = Some(10_000);
        compute_until(
            rules,
            to,
            Options {
                stop_when_proved: false,
                control,
                jobs,
                checkpoint: Some(checkpoint),
                ..Options::default()
            },
        )
    }

    #[test]
    fn interrupted_and_resumed_equals_one_run() {
        // Kayles (sparse, fast); Grundy's game takes seconds a run: the ignored test below.
        resume_check(&[(vec![0, 7, 7], false, 2_500_000u64)]);
    }

    #[test]
    #[ignore = "slow: Grundy's game to 1.2·10^6 six times"]
    fn interrupted_and_resumed_grundy_game_equals_one_run() {
        resume_check(&[(vec![4], true, 1_200_000)]);
    }

    fn resume_check(cases: &[(Vec<u8>, bool, u64)]) {
        for (code, unequal, to) in cases.iter().cloned() {
            let rules = TakeBreak::new(code.clone(), unequal);
            for jobs in [1, 2] {
                let path = file(&format!("resume-{jobs}-{unequal}"));
                // Cancelled once past a third of the way (the observer sees progress events).
                let cancel = Cancel::new();
                let token = cancel.clone();
                let control = Control::new().with_cancel(cancel).with_observer(move |e: &Event| {
                    if let Event::Progress { done, .. } = e
                        && *done > to / 3
                    {
                        token.cancel();
                    }
                });
                let first = run(&rules, to, jobs, &path, control).unwrap();
                assert_eq!(first.stopped, Some(Error::Interrupted));
                let stopped_at = first.values.len() as u64;
                assert!(stopped_at > to / 3 && stopped_at < to, "{stopped_at}");
                // The next run resumes after the last heap saved (on the stop).
                let (control, messages) = collecting_messages();
                let second = run(&rules, to, jobs, &path, control).unwrap();
                assert_eq!(second.stopped, None);
                let said = messages.lock().unwrap().join("\n");
                assert!(
                    said.contains(&format!("resuming after heap {}", stopped_at - 1)),
                    "{said}"
                );
                let whole = with_jobs(&rules, to, Method::Auto, 1, Values::U8(Vec::new()));
                assert_eq!(second.values, whole.values, "{code:?} jobs {jobs}");
                assert_eq!((second.sparse_mask, second.rare), (whole.sparse_mask, whole.rare));
                let _ = std::fs::remove_file(&path);
            }
        }
    }

    /// A checkpoint written with an 11-bit mask (0.007 past heap 131 072) is read back and
    /// resumed from (the format refused masks of 2^10 and more before session 11).
    #[test]
    fn a_wide_mask_is_saved_and_resumed() {
        let rules = TakeBreak::new(vec![0, 0, 0, 7], false);
        let path = file("wide-mask");
        let first = run(&rules, 135_000, 2, &path, Control::new()).unwrap();
        assert_eq!(first.sparse_mask, Some(0b11110111000));
        let second = run(&rules, 136_000, 1, &path, Control::new()).unwrap();
        let plain = with_jobs(&rules, 136_000, Method::Plain, 2, Values::U8(Vec::new()));
        assert_eq!(second.values, plain.values);
        assert_eq!(second.sparse_mask, Some(0b11110111000));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_longer_run_extends_a_shorter_one() {
        let rules = TakeBreak::new(vec![0, 0, 7], false);
        let path = file("extend");
        run(&rules, 6000, 2, &path, Control::new()).unwrap();
        let longer = run(&rules, 9000, 2, &path, Control::new()).unwrap();
        assert_eq!(all_values(&longer), reference(&rules, 9000));
        // A shorter run after it reads only the heaps it needs.
        let shorter = run(&rules, 5000, 1, &path, Control::new()).unwrap();
        assert_eq!(all_values(&shorter), reference(&rules, 5000));
    }

    #[test]
    fn damaged_or_foreign_files_are_refused() {
        let rules = TakeBreak::new(vec![0, 7, 7], false);
        let path = file("damaged");
        run(&rules, 5000, 1, &path, Control::new()).unwrap();
        let good = std::fs::read(&path).unwrap();
        // Another game's file.
        let other = TakeBreak::new(vec![0, 0, 7], false);
        match run(&other, 5000, 1, &path, Control::new()) {
            Err(Error::Input(m)) => assert!(m.contains("other rules (0.77), not 0.07"), "{m}"),
            r => panic!("{r:?}"),
        }
        // Any flipped byte, in the header, the values or the checksum.
        for at in [40, good.len() / 2, good.len() - 3] {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            std::fs::write(&path, &bad).unwrap();
            match run(&rules, 5000, 1, &path, Control::new()) {
                Err(Error::Input(m)) => {
                    assert!(m.contains("damaged") && !m.contains('\n'), "{m}")
                }
                r => panic!("byte {at}: {r:?}"),
            }
        }
        // Truncated, and not a checkpoint at all.
        std::fs::write(&path, &good[..good.len() - 100]).unwrap();
        assert!(matches!(run(&rules, 5000, 1, &path, Control::new()), Err(Error::Input(m)) if m.contains("damaged")));
        std::fs::write(&path, b"n,value\n0,0\n").unwrap();
        assert!(
            matches!(run(&rules, 5000, 1, &path, Control::new()), Err(Error::Input(m)) if m.contains("not a sequence checkpoint"))
        );
        std::fs::write(&path, &good).unwrap();
        assert!(run(&rules, 5000, 1, &path, Control::new()).is_ok());
    }
}

#[test]
fn tiled_first_pass_below_8_equals_the_definition_on_random_codes() {
    // Past heap 4096 the plain method's tiled blocks take the xors below 8 first (two values a
    // byte where the CPU has AVX-512VBMI) and the splits of 8..15 only for the heaps that may
    // need them: random codes whose values stay below 16 (some below 8, where the first pass is
    // exact), one and two threads, against the definition.
    let mut next = crate::xorshift(0x51ed2701u64);
    let (mut partial, mut exact) = (0, 0);
    for _ in 0..60 {
        if partial >= 3 && exact >= 2 {
            break;
        }
        let mut code = vec![0];
        code.extend((0..2 + next() % 3).map(|_| (next() % 8) as u8));
        let rules = TakeBreak::new(code.clone(), next().is_multiple_of(5));
        let small = values(&rules, 1000, Method::Plain, false);
        let max = (0..=1000).map(|n| small.values.get(n)).max().unwrap_or(0);
        if max >= 16 {
            continue;
        }
        let r = reference(&rules, 5000);
        let top = *r.iter().max().unwrap_or(&0);
        if top >= 16 {
            continue;
        }
        if top >= 8 {
            partial += 1
        } else {
            exact += 1
        }
        for jobs in [1, 2] {
            let c = with_jobs(&rules, 5000, Method::Plain, jobs, Values::U8(Vec::new()));
            assert_eq!(all_values(&c), r, "{code:?} jobs {jobs}");
        }
    }
    assert!(
        partial >= 1 && exact >= 1,
        "both kinds of codes were met ({partial}, {exact})"
    );
}

/// The value store in a file ([`paged`]): the values of the in-memory store, whatever the
/// threads, the page size and the cache; a stopped run resumes from the store alone; a damaged,
/// truncated or foreign store is refused, never read.
mod stores {
    use super::*;
    use crate::control::{Cancel, Event};
    use std::path::PathBuf;

    fn file(name: &str) -> StoreFile {
        let dir = std::env::temp_dir().join(format!("grundy-store-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = StoreFile {
            page: 4096,
            cache_pages: Some(4),
            every_heaps: Some(10_000),
            ..StoreFile::new(dir.join(name))
        };
        remove(&store);
        store
    }

    fn remove(store: &StoreFile) {
        let _ = std::fs::remove_file(&store.path);
        let _ = std::fs::remove_file(store.index_path());
    }

    fn run(rules: &TakeBreak, to: u64, jobs: usize, store: &StoreFile, control: Control) -> Result<Computed> {
        compute_until(
            rules,
            to,
            Options {
                stop_when_proved: false,
                control,
                jobs,
                store: Some(store.clone()),
                ..Options::default()
            },
        )
    }

    fn in_memory(rules: &TakeBreak, to: u64) -> Computed {
        with_jobs(rules, to, Method::Auto, 1, Values::U8(Vec::new()))
    }

    /// Grundy's game (sparse, the hunt over pages), Kayles, 0.034 (an escaped value at heap
    /// 26 376) and subtraction of 1..258 (values 255..258, escaped, by the plain method): the
    /// store's values, method and rare heaps are those of the in-memory run, on one and two
    /// threads, with a cache of 4 pages of 4096 heaps (evicted all the time; Grundy's game
    /// reads g(n − r) for rare heaps r up to 82 860, 21 pages: most through the spare pages).
    #[test]
    fn the_store_holds_the_values_of_the_memory() {
        let subtraction: Vec<u8> = std::iter::once(0).chain(std::iter::repeat_n(3, 258)).collect();
        for (code, unequal, to) in [
            (vec![4], true, 120_000u64),
            (vec![0, 7, 7], false, 60_000),
            (vec![0, 0, 3, 4], false, 40_000),
            (subtraction, false, 5_000),
        ] {
            let rules = TakeBreak::new(code.clone(), unequal);
            let memory = in_memory(&rules, to);
            for jobs in [1, 2] {
                let store = file(&format!("same-{jobs}"));
                let c = run(&rules, to, jobs, &store, Control::new()).unwrap();
                assert!(matches!(c.values, Values::Paged(_)));
                assert_eq!(all_values(&c), all_values(&memory), "{code:?} jobs {jobs}");
                assert_eq!((c.sparse_mask, c.rare), (memory.sparse_mask, memory.rare), "{code:?}");
                assert_eq!(c.escaped(), memory.escaped(), "{code:?}");
                remove(&store);
            }
        }
    }

    /// A run stopped three times (cancelled past a quarter, a half, three quarters of the way)
    /// and resumed from the store each time ends with the values of one run.
    #[test]
    fn a_run_stopped_three_times_resumes_to_the_same_values() {
        let rules = TakeBreak::new(vec![4], true);
        let to = 150_000u64;
        for jobs in [1, 2] {
            let store = file(&format!("resume-{jobs}"));
            for part in 1..=3 {
                let cancel = Cancel::new();
                let (token, at) = (cancel.clone(), to * part / 4);
                let control = Control::new()
                    .with_cancel(cancel)
                    .with_values()
                    .with_observer(move |e: &Event| {
                        if let Event::Values { first, .. } = e
                            && *first > at
                        {
                            token.cancel();
                        }
                    });
                let stopped = run(&rules, to, jobs, &store, control).unwrap();
                assert_eq!(stopped.stopped, Some(Error::Interrupted));
                assert!(stopped.values.len() as u64 > at, "part {part}");
            }
            let (control, messages) = collecting_messages();
            let last = run(&rules, to, jobs, &store, control).unwrap();
            assert_eq!(last.stopped, None);
            assert!(messages.lock().unwrap().join("\n").contains("resuming after heap"));
            let memory = in_memory(&rules, to);
            assert_eq!(all_values(&last), all_values(&memory), "jobs {jobs}");
            assert_eq!((last.sparse_mask, last.rare), (memory.sparse_mask, memory.rare));
            remove(&store);
        }
    }

    /// The values go to an observer only when its control asks for them: an observer of
    /// progress alone gets none (a resumed run sent all the stored ones first: 1 min 48 s
    /// after 8·10^9 heaps), one that asks gets each heap once, in order, from heap 0 (also
    /// after a resume).
    #[test]
    fn values_are_sent_only_when_asked() {
        let rules = TakeBreak::new(vec![4], true);
        let (first, to) = (40_000u64, 100_000u64);
        for asked in [false, true] {
            let store = file(&format!("values-asked-{asked}"));
            run(&rules, first, 1, &store, Control::new()).unwrap();
            let sent = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let sink = sent.clone();
            let mut control = Control::new().with_observer(move |e: &Event| {
                if let Event::Values { first, values } = e {
                    sink.lock().unwrap().push((*first, values.clone()));
                }
            });
            if asked {
                control = control.with_values();
            }
            let last = run(&rules, to, 1, &store, control).unwrap();
            remove(&store);
            assert_eq!(last.values.len() as u64, to + 1);
            let sent = sent.lock().unwrap();
            if !asked {
                assert!(sent.is_empty(), "{} events not asked for", sent.len());
                continue;
            }
            let mut next = 0u64;
            for (at, values) in sent.iter() {
                assert_eq!(*at, next, "a gap or a repeat before heap {at}");
                for (k, v) in values.iter().enumerate() {
                    let n = next as usize + k;
                    assert_eq!(*v, u64::from(last.values.get(n)), "heap {n}");
                }
                next += values.len() as u64;
            }
            assert!(next > to - 5_000, "only heaps 0..{next} sent");
        }
    }

    /// A run resumed from a heap that is not a multiple of the pipeline's block still reports
    /// its progress about once every 4096 heaps and saves its index when the time has come (it
    /// did neither: both waited for a heap that is a multiple of 4096, which the blocks of the
    /// pipeline then stepped over; the index was saved only at the end).
    #[test]
    fn a_run_resumed_at_any_heap_reports_its_progress_and_saves() {
        let rules = TakeBreak::new(vec![4], true);
        // Progress is reported from 2^20 heaps on; 2^20 + 2, where the second run starts, is
        // not a multiple of 512 (a pipeline block) nor of 4096.
        let (first, to) = (1u64 << 20 | 1, (1 << 20) + 50_000);
        for jobs in [1, 2] {
            let store = StoreFile {
                page: 1 << 16,
                cache_pages: Some(32),
                every_heaps: None,
                // The index is due at every look at the clock.
                every: std::time::Duration::ZERO,
                ..file(&format!("progress-{jobs}"))
            };
            run(&rules, first, jobs, &store, Control::new()).unwrap();
            let index = std::fs::read(store.index_path()).unwrap();
            let progress = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let (sink, path) = (progress.clone(), store.index_path());
            // Whether the index was saved again before the run's last 10 000 heaps.
            let saved = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let seen = saved.clone();
            let control = Control::new().with_observer(move |e: &Event| {
                if let Event::Progress {
                    phase: "heaps", done, ..
                } = e
                {
                    sink.lock().unwrap().push(*done);
                    if *done < to - 10_000 && std::fs::read(&path).unwrap() != index {
                        seen.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            });
            let last = run(&rules, to, jobs, &store, control).unwrap();
            assert_eq!(last.stopped, None);
            let done = progress.lock().unwrap().clone();
            // The heaps after the first run's cross 12 multiples of 4096.
            assert!(done.len() >= 12, "jobs {jobs}: {done:?}");
            assert_eq!(done[0], first + 1, "jobs {jobs}");
            assert!(
                saved.load(std::sync::atomic::Ordering::Relaxed),
                "jobs {jobs}: the index was not saved"
            );
            assert!(
                done.windows(2).all(|w| w[0] < w[1] && w[1] - w[0] <= 4096 + 512),
                "jobs {jobs}: {done:?}"
            );
            remove(&store);
        }
    }

    /// The heaps saved in a store's index: its count after the magic line, the rules line, the
    /// store's id and the page size (`paged.rs`, the module doc).
    fn saved_heaps(index: &[u8]) -> u64 {
        let rules = paged::INDEX_MAGIC.len();
        let at = rules + index[rules..].iter().position(|&b| b == b'\n').unwrap() + 1 + 16;
        u64::from_le_bytes(index[at..at + 8].try_into().unwrap())
    }

    /// A save due by the heap count is made within a pipeline block of being due, whichever
    /// way the sparse method takes on two threads: the pipeline runs many blocks in one call
    /// of the pool (`State::pipelined_blocks`), which returns for a save due (without that, the
    /// save waited for the next look at progress, up to 4096 heaps later).
    #[test]
    fn a_save_due_by_the_heap_count_is_made_in_either_way() {
        let rules = TakeBreak::new(vec![4], true);
        let every = 1000u64;
        let (first, to) = (1u64 << 20, (1 << 20) + 40_000);
        for way in [race::Way::Pipelined, race::Way::HeapByHeap] {
            let store = StoreFile {
                page: 1 << 16,
                cache_pages: Some(32),
                every_heaps: Some(every),
                every: std::time::Duration::from_secs(3600),
                ..file(&format!("save-due-{way:?}"))
            };
            run(&rules, first, 2, &store, Control::new()).unwrap();
            let gaps = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let (sink, path) = (gaps.clone(), store.index_path());
            let control = Control::new().with_observer(move |e: &Event| {
                if let Event::Progress {
                    phase: "heaps", done, ..
                } = e
                {
                    let saved = saved_heaps(&std::fs::read(&path).unwrap());
                    sink.lock().unwrap().push((*done, *done - saved));
                }
            });
            race::FORCED.set(Some(way));
            let last = run(&rules, to, 2, &store, control);
            race::FORCED.set(None);
            assert_eq!(last.unwrap().stopped, None);
            remove(&store);
            let gaps = gaps.lock().unwrap();
            assert!(gaps.len() >= 9, "{way:?}: {gaps:?}");
            // The first report comes before any save of this run.
            assert!(
                gaps[1..].iter().all(|&(_, gap)| gap < every + blocks::PIPELINE as u64),
                "{way:?}: (heap, heaps since the last save) {gaps:?}"
            );
        }
    }

    fn refused(rules: &TakeBreak, store: &StoreFile, what: &str) {
        match run(rules, 30_000, 1, store, Control::new()) {
            Err(Error::Input(m)) => assert!(m.contains(what), "{m}"),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn damaged_truncated_or_foreign_stores_are_refused() {
        let rules = TakeBreak::new(vec![0, 7, 7], false);
        let store = file("damaged");
        run(&rules, 30_000, 1, &store, Control::new()).unwrap();
        let good = std::fs::read(&store.path).unwrap();
        let index = std::fs::read(store.index_path()).unwrap();
        // Another code.
        refused(
            &TakeBreak::new(vec![0, 0, 7], false),
            &store,
            "other rules (0.77), not 0.07",
        );
        // A byte of a page flipped (the values file), of the index, the header.
        for at in [4096 + 5000, 4096 + 4 * 4096 + 17, 30] {
            let mut bytes = good.clone();
            bytes[at] ^= 0x10;
            std::fs::write(&store.path, &bytes).unwrap();
            refused(&rules, &store, "damaged");
        }
        std::fs::write(&store.path, &good).unwrap();
        let mut bytes = index.clone();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        std::fs::write(store.index_path(), &bytes).unwrap();
        refused(&rules, &store, "damaged");
        std::fs::write(store.index_path(), &index).unwrap();
        // Truncated: the values file loses its last page.
        std::fs::write(&store.path, &good[..good.len() - 4096]).unwrap();
        refused(&rules, &store, "truncated");
        // Not a store at all: refused, and left as it was.
        std::fs::write(&store.path, b"n,value\n0,0\n").unwrap();
        refused(&rules, &store, "not a value store");
        assert_eq!(std::fs::read(&store.path).unwrap(), b"n,value\n0,0\n");
        // The index of another store of the same code.
        remove(&store);
        run(&rules, 30_000, 1, &store, Control::new()).unwrap();
        std::fs::write(store.index_path(), &index).unwrap();
        refused(&rules, &store, "another store");
        // Intact again: resumes.
        remove(&store);
        std::fs::write(&store.path, &good).unwrap();
        std::fs::write(store.index_path(), &index).unwrap();
        let c = run(&rules, 40_000, 1, &store, Control::new()).unwrap();
        assert_eq!(all_values(&c), all_values(&in_memory(&rules, 40_000)));
        remove(&store);
    }

    /// 0.007's values of 255 and more are common: the store stops there with its values so far
    /// (resumable, equal to the memory's), and says why.
    #[test]
    fn common_large_values_stop_a_store() {
        let rules = TakeBreak::new(vec![0, 0, 0, 7], false);
        let store = file("wide");
        let c = run(&rules, 60_000, 2, &store, Control::new()).unwrap();
        match &c.stopped {
            Some(Error::Unsupported(m)) => assert!(m.contains("no longer rare"), "{m}"),
            other => panic!("{other:?}"),
        }
        let memory = in_memory(&rules, 60_000);
        let got = all_values(&c);
        assert_eq!(got[..], all_values(&memory)[..got.len()]);
        remove(&store);
    }

    /// A store and a checkpoint file together, or past 2^40 heaps, are refused at once; in
    /// memory, past 2^32 − 1 heaps, with the store named as the way.
    #[test]
    fn limits_are_refused_up_front() {
        let rules = TakeBreak::new(vec![4], true);
        let store = file("limits");
        let mut options = Options {
            store: Some(store.clone()),
            checkpoint: Some(CheckpointFile::new(PathBuf::from("/nonexistent/x"))),
            ..Options::default()
        };
        assert!(
            matches!(compute(&rules, 10, options.clone()), Err(Error::Input(m)) if m.contains("its own checkpoint"))
        );
        options.checkpoint = None;
        assert!(matches!(compute(&rules, (1 << 40) + 1, options), Err(Error::Input(m)) if m.contains("2^40")));
        assert!(
            matches!(compute(&rules, 1 << 33, Options::default()), Err(Error::Input(m)) if m.contains("value store on disk"))
        );
        assert!(!store.path.exists());
    }
}

/// A control whose messages (`Event::Message`) are kept, to check what a run said.
fn collecting_messages() -> (Control, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let messages = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = messages.clone();
    let control = Control::new().with_observer(move |e: &crate::control::Event| {
        if let crate::control::Event::Message(m) = e {
            sink.lock().unwrap().push(m.clone());
        }
    });
    (control, messages)
}
