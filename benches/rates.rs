//! Timings of the exact rates: certified digits against the full fraction
//! divided out, at 196,001, 2,450,001 and 29,400,001 denominator digits
//! (m = 10^4, 10^5, 10^6 with n = m/10 and k = 7), and the earlier
//! fraction timings at the lesson's 160/16/7 and the table's 1000/100/7.
//!
//! `cargo bench --bench rates` (the 29.4M-digit fraction takes seconds per
//! run; `cargo bench --bench rates -- certified` skips all fractions).

use std::hint::black_box;
use std::time::Duration;

use bloomlab::rates::certified::{RateKind, certified_digits};
use bloomlab::rates::{Budget, ExactRates, Params, SigDecimal, classic_exact, true_exact};
use criterion::{Criterion, criterion_group, criterion_main};

/// Large enough for the 29,400,001-digit fraction.
const BIG: Budget = Budget {
    max_digits: 30_000_000,
};

fn label(p: Params) -> String {
    format!("{}/{}/{}", p.m(), p.n(), p.k())
}

/// Certified 10 digits against the full classic fraction and its division.
fn certified_against_fractions(c: &mut Criterion) {
    for m in [10_000u64, 100_000, 1_000_000] {
        let p = Params::new(m, m / 10, 7).unwrap_or_else(|e| panic!("{e}"));
        let mut group = c.benchmark_group(format!("digits {}", label(p)));
        group.bench_function("certified classic 10 digits", |b| {
            b.iter(|| certified_digits(black_box(p), RateKind::Classic, 10, BIG))
        });
        group.bench_function("certified true 10 digits", |b| {
            b.iter(|| certified_digits(black_box(p), RateKind::True, 10, BIG))
        });
        if m >= 100_000 {
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(if m >= 1_000_000 { 60 } else { 8 }));
            group.warm_up_time(Duration::from_secs(1));
        }
        group.bench_function("full fraction 10 digits", |b| {
            b.iter(|| {
                let r = classic_exact(black_box(p), BIG)?;
                SigDecimal::from_ratio_within(&r, 10, BIG)
            })
        });
        group.finish();
    }
}

/// The fractions at the lesson's and the table's sizes.
fn small_fractions(c: &mut Criterion) {
    for (m, n, k) in [(160, 16, 7), (1000, 100, 7)] {
        let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let mut group = c.benchmark_group(label(p));
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

criterion_group!(benches, certified_against_fractions, small_fractions);
criterion_main!(benches);
