//! Seeded measurement of false positives over F real filters, with a Wilson interval.
//!
//! API contract: `MeasureConfig { m, n, k, queries, filters, seed, scheme: SchemeKind }`,
//! `measure(&cfg, cancel: &AtomicBool) -> Result<Measurement, MeasureError>` where
//! `Measurement { bits_set_mean: f64, false_positives: u64, total_queries: u64,
//! rate: f64, wilson_low: f64, wilson_high: f64 }`, and
//! `wilson_interval(successes, trials, z) -> (f64, f64)`.

pub mod keys;
pub mod run;
pub mod wilson;

pub use run::{
    MeasureConfig, MeasureError, Measurement, Progress, SchemeKind, measure, measure_with_progress,
};
pub use wilson::{Z_95, wilson_interval};
