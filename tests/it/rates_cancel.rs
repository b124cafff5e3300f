//! Cancellation: a raised flag stops long work promptly with `Cancelled`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bloomlab::rates::{
    Budget, ExactRates, Params, RateError, Sizing, best_k_scan, classic_exact_cancellable,
    true_exact_cancellable,
};

fn big() -> Params {
    Params::new(100_000, 10_000, 9).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn flag_raised_mid_computation_stops_it() {
    let flag = AtomicBool::new(false);
    let started = Instant::now();
    let outcome = std::thread::scope(|s| {
        let worker = s.spawn(|| ExactRates::compute_cancellable(big(), Budget::default(), &flag));
        std::thread::sleep(Duration::from_millis(30));
        flag.store(true, Ordering::Relaxed);
        worker.join()
    });
    let elapsed = started.elapsed();
    assert!(
        matches!(outcome, Ok(Err(RateError::Cancelled))),
        "{outcome:?}"
    );
    // Left alone this takes well over a second; cancelled, it stops within
    // one big multiplication (the ceiling is loose: CI machines are busy).
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
}

#[test]
fn every_entry_point_honours_a_raised_flag() {
    let flag = AtomicBool::new(true);
    let p = Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}"));
    let b = Budget::default();
    assert_eq!(
        classic_exact_cancellable(p, b, &flag),
        Err(RateError::Cancelled)
    );
    assert_eq!(
        true_exact_cancellable(p, b, &flag),
        Err(RateError::Cancelled)
    );
    assert_eq!(
        ExactRates::compute_cancellable(p, b, &flag),
        Err(RateError::Cancelled)
    );
    assert_eq!(
        best_k_scan(160, 16, 1..=10, b, None, &flag).map(|r| r.k),
        Err(RateError::Cancelled)
    );
    assert_eq!(
        Sizing::for_target(1000, 0.01).map(|s| s.exact_rate(b, &flag)),
        Ok(Err(RateError::Cancelled))
    );
}

#[test]
fn oversized_requests_fail_fast_with_a_useful_message() {
    let started = Instant::now();
    let p = Params::new(1_000_000, 1_000_000, 10).unwrap_or_else(|e| panic!("{e}"));
    let err = match ExactRates::compute(p, Budget::default()) {
        Ok(_) => panic!("a 600-million-digit denominator was computed"),
        Err(e) => e,
    };
    // Refused before any work: a hang detector, not a speed check (the
    // work itself would take hours).
    assert!(started.elapsed() < Duration::from_secs(60));
    let text = err.to_string();
    assert!(text.contains("600,000,001 digits"), "{text}");
    assert!(text.contains("raise"), "{text}");
}
