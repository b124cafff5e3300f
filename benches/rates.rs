//! Timings of the exact rates: certified digits against the full fraction
//! divided out, at 196,001, 2,450,001 and 29,400,001 denominator digits
//! (m = 10^4, 10^5, 10^6 with n = m/10 and k = 7), and the earlier
//! fraction timings at the lesson's 160/16/7 and the table's 1000/100/7.
//!
//! Then every `rate` and `size` with default options over a grid of shapes
//! (`cargo bench --bench rates -- 'rate|size'`).
//!
//! `cargo bench --bench rates` (the 29.4M-digit fraction takes seconds per
//! run; `cargo bench --bench rates -- certified` skips all fractions).

use std::hint::black_box;
use std::time::Duration;

use std::sync::atomic::AtomicBool;

use bloomlab::rates::certified::{RateKind, certified_digits, forget_kept_enclosures};
use bloomlab::rates::figures::RateFigures;
use bloomlab::rates::params::MAX_N;
use bloomlab::rates::scan::{Winners, best_k_rule};
use bloomlab::rates::size_inputs::{SizeInputs, read_target};
use bloomlab::rates::size_report::size_report;
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

/// Everything `rate` works out with its default options (both rates'
/// certified digits and the other figures, the best-k rule, its winners),
/// and `size --n N --p P`, over a grid of m from 1 to 10^18, n from 1 to m,
/// k in 1, 7 and 32 and p from 0.5 to 1e-12. Kept enclosures are forgotten
/// before every run, so each is timed from scratch as a new process would.
fn command_grid(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("rate");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(100));
    group.measurement_time(Duration::from_millis(500));
    // Every decade of m, each with a single key, a full filter and three
    // loads between.
    for m in (0..=18).map(|e| 10u64.pow(e)) {
        let mut ns: Vec<u64> = vec![1, m.isqrt(), m / 1000, m / 10, m];
        ns.retain(|&n| n >= 1 && n <= m.min(MAX_N));
        ns.sort_unstable();
        ns.dedup();
        for n in ns {
            for k in [1u32, 7, 32] {
                let Ok(p) = Params::new(m, n, k) else {
                    continue;
                };
                group.bench_function(label(p), |b| {
                    b.iter(|| {
                        forget_kept_enclosures();
                        let f = RateFigures::compute(black_box(p), 10, Budget::default(), &never)?;
                        let scan = best_k_rule(m, n, &never)?;
                        Winners::compute(&scan, 10, Budget::default(), Some(&f), &never)
                    })
                });
            }
        }
    }
    group.finish();
    let mut group = c.benchmark_group("size");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(100));
    group.measurement_time(Duration::from_millis(500));
    for n in [1u64, 1000, 1_000_000, 1_000_000_000, 1_000_000_000_000_000] {
        for p in ["0.5", "0.1", "0.01", "1e-3", "1e-6", "1e-9", "1e-12"] {
            let Ok(target) = read_target(p) else {
                continue;
            };
            let inputs = SizeInputs {
                n: Some(n),
                target: Some(target),
                m: None,
                k: None,
                by: RateKind::Classic,
            };
            group.bench_function(format!("n {n} p {p}"), |b| {
                b.iter(|| {
                    forget_kept_enclosures();
                    size_report(black_box(&inputs), 10, Budget::default(), &never)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    command_grid,
    certified_against_fractions,
    small_fractions
);
criterion_main!(benches);
