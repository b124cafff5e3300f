//! Timings of the exact rates at three sizes: the lesson's 160/16/7, the
//! table's 1000/100/7, and the 2,450,001-digit 100000/10000/7.

use std::hint::black_box;
use std::time::Duration;

use bloomlab::rates::{Budget, ExactRates, Params, SigDecimal, classic_exact, true_exact};
use criterion::{Criterion, criterion_group, criterion_main};

const SHAPES: [(u64, u64, u32); 3] = [(160, 16, 7), (1000, 100, 7), (100_000, 10_000, 7)];

fn label(p: Params) -> String {
    format!("{}/{}/{}", p.m, p.n, p.k)
}

fn rates(c: &mut Criterion) {
    for (m, n, k) in SHAPES {
        let p = Params { m, n, k };
        let big = m >= 100_000;
        let mut group = c.benchmark_group(label(p));
        if big {
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(8));
        }
        group.bench_function("classic", |b| {
            b.iter(|| classic_exact(black_box(p), Budget::default()))
        });
        group.bench_function("true", |b| {
            b.iter(|| true_exact(black_box(p), Budget::default()))
        });
        group.bench_function("both_and_10_digits", |b| {
            b.iter(|| {
                let both = ExactRates::compute(black_box(p), Budget::default());
                both.and_then(|r| {
                    Ok((
                        SigDecimal::from_ratio(&r.classic, 10)?,
                        SigDecimal::from_ratio(&r.true_rate, 10)?,
                    ))
                })
            })
        });
        group.finish();
    }
}

criterion_group!(benches, rates);
criterion_main!(benches);
