//! Seeded measurement of false positives over F real filters, with a Wilson interval.
//!
//! API contract: `MeasureConfig { m, n, k, queries, filters, seed, scheme: SchemeKind }`,
//! `measure(&cfg, cancel: &AtomicBool) -> Result<Measurement, MeasureError>` where
//! `Measurement { bits_set_mean: f64, false_positives: u64, total_queries: u64,
//! rate: f64, wilson_low: f64, wilson_high: f64 }`, and
//! `wilson_interval(successes, trials, z) -> (f64, f64)`.
