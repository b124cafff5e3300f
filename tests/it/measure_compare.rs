//! Comparing two k on the same seeds: it tells them apart where the gap is
//! large enough for the queries, and says so where it is not.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};

use bloomlab::measure::{
    CompareConfig, MeasureConfig, MeasureError, RunOptions, SchemeKind, compare_k, measure,
};

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

fn config(m: u64, n: u64, k_a: u32, k_b: u32, queries: u64, filters: u64) -> CompareConfig {
    CompareConfig {
        m,
        n,
        k_a,
        k_b,
        queries,
        filters,
        seed: 2026,
    }
}

#[test]
fn a_million_queries_show_k3_beats_k4_at_16_over_3() {
    // The true rates are 0.090596 (k=3) and 0.093455 (k=4): a gap of 3%.
    let c = compare_k(&config(16, 3, 3, 4, 100, 10_000), &never(), |_| {}).unwrap();
    eprintln!("{}", c.summary());
    assert_eq!(c.a.measured.total_queries, 1_000_000);
    assert!(c.resolved, "{c:?}");
    assert_eq!(c.lower_k(), Some(3));
    assert!(c.difference_high < 0.0);
    let gap = c.model_gap().unwrap();
    assert!((gap + 0.002_859).abs() < 1e-5, "{gap}");
    assert!(c.summary().contains("k=3 measures lower than k=4"));
}

#[test]
fn the_same_queries_cannot_resolve_the_gap_at_128_over_16() {
    // k=5 against k=6 differ by about 0.6%: far more queries are needed.
    let c = compare_k(&config(128, 16, 5, 6, 1000, 1000), &never(), |_| {}).unwrap();
    eprintln!("{}", c.summary());
    assert!(!c.resolved, "{c:?}");
    assert_eq!(c.lower_k(), None);
    assert!(c.difference_low < 0.0 && 0.0 < c.difference_high);
    let needed = c.filters_needed.unwrap();
    // About 3 * 10^7 queries per k, thirty times what was asked.
    assert!(needed > 10 * 1000, "{needed}");
    let line = c.summary();
    assert!(
        line.contains("not resolved") && line.contains("needs about"),
        "{line}"
    );
}

#[test]
fn each_side_is_the_measurement_of_its_k_on_the_same_seed() {
    let cfg = config(160, 16, 6, 8, 400, 60);
    let c = compare_k(&cfg, &never(), |_| {}).unwrap();
    for side in [c.a, c.b] {
        let alone = MeasureConfig {
            m: cfg.m,
            n: cfg.n,
            k: side.k,
            queries: cfg.queries,
            filters: cfg.filters,
            seed: cfg.seed,
            scheme: SchemeKind::Independent,
        };
        assert_eq!(measure(&alone, &never()).unwrap(), side.measured);
    }
}

#[test]
fn threads_change_nothing_and_progress_comes_in_order() {
    let cfg = config(64, 8, 5, 6, 2000, 40);
    let run = |threads| {
        let options = RunOptions {
            threads: NonZeroUsize::new(threads),
            keys_done: None,
        };
        let mut done = Vec::new();
        let mut listen = |p: &bloomlab::measure::CompareProgress| done.push(p.filters_done);
        let c = bloomlab::measure::compare::compare_k_with_options(
            &cfg,
            &never(),
            options,
            Some(&mut listen),
        )
        .unwrap();
        (c, done)
    };
    let one = run(1);
    assert_eq!(one.1, (1..=40).collect::<Vec<u64>>());
    assert_eq!(run(2), one);
    assert_eq!(run(4), one);
}

#[test]
fn a_comparison_can_be_cancelled_and_needs_two_filters() {
    let flag = AtomicBool::new(false);
    let result = compare_k(&config(160, 16, 6, 7, 100_000, 1000), &flag, |_| {
        flag.store(true, Ordering::Relaxed)
    });
    assert_eq!(result, Err(MeasureError::Cancelled));
    assert_eq!(
        compare_k(&config(16, 3, 3, 4, 10, 1), &never(), |_| {}),
        Err(MeasureError::TooFewFilters { filters: 1 })
    );
}
