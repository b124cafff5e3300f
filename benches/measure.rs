//! How long a million false-positive queries take, for both probe schemes.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use bloomlab::measure::{MeasureConfig, SchemeKind, measure};
use criterion::{Criterion, criterion_group, criterion_main};

fn million_queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("measure_1m_queries");
    group.sample_size(20);
    for scheme in [SchemeKind::Independent, SchemeKind::Double] {
        // One filter of the lab's default size, and the same million
        // queries spread over a thousand filters.
        for (queries, filters) in [(1_000_000, 1), (1_000, 1_000)] {
            let cfg = MeasureConfig {
                m: 160,
                n: 16,
                k: 7,
                queries,
                filters,
                seed: 1,
                scheme,
            };
            let id = format!("{}_{}x{}", scheme.name(), filters, queries);
            group.bench_function(id, |b| {
                b.iter(|| measure(black_box(&cfg), &AtomicBool::new(false)))
            });
        }
    }
    let big = MeasureConfig {
        m: 9_585_059,
        n: 1_000_000,
        k: 7,
        queries: 1_000_000,
        filters: 1,
        seed: 1,
        scheme: SchemeKind::Independent,
    };
    group.bench_function("independent_1m_keys_in_9.6m_bits", |b| {
        b.iter(|| measure(black_box(&big), &AtomicBool::new(false)))
    });
    group.finish();
}

criterion_group!(benches, million_queries);
criterion_main!(benches);
