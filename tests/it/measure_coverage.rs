//! The measured 95% interval covers the true rate about 95% of the time.
//!
//! For the independent scheme the true rate E[(X/m)^k] is exactly what a
//! run estimates, so over many fixed seeds its interval must contain it in
//! about 95% of runs: here between 90% and 99% at three shapes, chosen
//! where the filters' fills differ enough that the pooled Wilson interval
//! (kept for comparison) falls well short. Every seed is fixed, so the
//! counts are the same on every run and every machine; the shapes are
//! small so that the unoptimised test build gets through them in seconds.

use std::sync::atomic::AtomicBool;

use bloomlab::measure::{IntervalMethod, MeasureConfig, SchemeKind, measure};
use bloomlab::rates::{Budget, Params, SigDecimal, true_exact};

/// Seeds per shape: enough that 95% coverage lands in 90..=99 with room
/// to spare (its standard error over 400 runs is 1.1 points).
const SEEDS: u64 = 400;

fn true_rate(m: u64, n: u64, k: u32) -> f64 {
    let exact = true_exact(Params::new(m, n, k).unwrap(), Budget::default()).unwrap();
    SigDecimal::from_ratio(&exact, 15).unwrap().to_f64()
}

/// Runs that covered the true rate: (between-filters interval, Wilson).
fn coverage(m: u64, n: u64, k: u32, queries: u64, filters: u64) -> (u64, u64) {
    let truth = true_rate(m, n, k);
    let (mut interval, mut wilson) = (0, 0);
    for seed in 1..=SEEDS {
        let cfg = MeasureConfig {
            m,
            n,
            k,
            queries,
            filters,
            seed,
            scheme: SchemeKind::Independent,
        };
        let r = measure(&cfg, &AtomicBool::new(false)).unwrap();
        assert_eq!(r.interval.method, IntervalMethod::BetweenFilters);
        interval += u64::from(r.interval.contains(truth));
        wilson += u64::from((r.wilson_low..=r.wilson_high).contains(&truth));
    }
    eprintln!(
        "{m}/{n}/{k}, {filters} filters x {queries} queries: interval covers {interval}/{SEEDS}, \
         Wilson {wilson}/{SEEDS}"
    );
    (interval, wilson)
}

fn assert_covers(m: u64, n: u64, k: u32, queries: u64, filters: u64, wilson_below: u64) {
    let (interval, wilson) = coverage(m, n, k, queries, filters);
    let percent = 100 * interval / SEEDS;
    assert!(
        (90..=99).contains(&percent),
        "{m}/{n}/{k}: {interval}/{SEEDS}"
    );
    assert!(
        100 * wilson / SEEDS < wilson_below,
        "{m}/{n}/{k}: Wilson covered {wilson}/{SEEDS}"
    );
}

#[test]
fn covers_at_the_lesson_setting() {
    // 160/16/7 with 20 filters: Wilson covers about 92%.
    assert_covers(160, 16, 7, 200, 20, 95);
}

#[test]
fn covers_with_few_filters_of_a_tiny_filter() {
    // 20/4/2 with 5 filters: Wilson covers about 80%; t has 4 degrees of freedom.
    assert_covers(20, 4, 2, 200, 5, 88);
}

#[test]
fn covers_the_lecture_filter_with_three_filters() {
    // 16/3/3 with 3 filters: Wilson covers about half; t has 2 degrees of freedom.
    assert_covers(16, 3, 3, 400, 3, 70);
}
