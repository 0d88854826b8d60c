//! The generic solver's throughput (positions per second) and mex on large option sets.
//!
//! `cargo bench --bench solver`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::games::grundy_game::GrundyGame;
use grundy::games::heap::HeapGame;
use grundy::games::nim::NimRules;
use grundy::games::subtraction::Subtraction;
use grundy::nimber::{MexScratch, Nimber};
use grundy::solve::Solver;
use std::hint::black_box;

fn solver(c: &mut Criterion) {
    let mut g = c.benchmark_group("generic solver");
    g.sample_size(10);
    // A chain of 10^6 positions with 3 options each (subtraction {1,2,3}).
    g.throughput(Throughput::Elements(1_000_001));
    g.bench_function("subtraction {1,2,3}, heap 10^6", |b| {
        b.iter(|| {
            let mut s = Solver::new(HeapGame::new(Subtraction::new(vec![1, 2, 3]).unwrap()));
            black_box(s.nimber(&vec![1_000_000]).unwrap())
        })
    });
    // Grundy's game, heap 2000: ~2000 single heaps, ~10^6 two-heap options resolved by components.
    g.throughput(Throughput::Elements(2001));
    g.bench_function("grundy-game, heap 2000", |b| {
        b.iter(|| {
            let mut s = Solver::new(HeapGame::new(GrundyGame));
            black_box(s.nimber(&vec![2000]).unwrap())
        })
    });
    // Nim without the formula: all positions of 3 heaps ≤ 15 (canonical, pairs cancelled).
    g.throughput(Throughput::Elements(16 * 16 * 16));
    g.bench_function("plain nim, 3 heaps of 15", |b| {
        b.iter(|| {
            let mut s = Solver::plain(HeapGame::new(NimRules));
            black_box(s.nimber(&vec![15, 14, 13]).unwrap())
        })
    });
    g.finish();
}

fn mex(c: &mut Criterion) {
    let mut g = c.benchmark_group("mex");
    for n in [100usize, 10_000, 1_000_000] {
        // All values 0..n except one in the middle, shuffled by a fixed stride.
        let values: Vec<Nimber> = (0..n as u64)
            .map(|i| Nimber((i * 7919) % n as u64))
            .filter(|v| v.0 != n as u64 / 2)
            .collect();
        g.throughput(Throughput::Elements(values.len() as u64));
        let mut scratch = MexScratch::default();
        g.bench_with_input(BenchmarkId::from_parameter(n), &values, |b, v| {
            b.iter(|| black_box(scratch.mex(v)))
        });
    }
    g.finish();
}

criterion_group!(benches, solver, mex);
criterion_main!(benches);
