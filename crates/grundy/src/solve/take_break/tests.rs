//! Tests of the take-and-break engine: every method against the definition, periods proved.

use super::*;

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

#[test]
fn every_method_equals_the_definition_on_random_codes() {
    // Codes d0.d1d2d3d4 (d0 ∈ {0, 4}), some with unequal splits: the plain byte kernels,
    // the scalar plain loop (values ≥ 64), the sparse method with and without twist.
    let mut x = 0x9e3779b97f4a7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut twisted = 0;
    for _ in 0..40 {
        let mut code = vec![if next() % 2 == 0 { 0 } else { 4 }];
        code.extend((0..1 + next() % 4).map(|_| (next() % 8) as u8));
        let rules = TakeBreak::new(code.clone(), next() % 4 == 0);
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
