//! Seeded measurement of false positives over F real filters, with an
//! interval that covers.
//!
//! What it offers: `MeasureConfig { m, n, k, queries, filters, seed, scheme: SchemeKind }`
//! (`SchemeKind` is [`crate::filter::SchemeKind`], re-exported here),
//! `measure(&cfg, cancel: &AtomicBool) -> Result<Measurement, MeasureError>` where
//! `Measurement { bits_set_mean, false_positives, total_queries, rate,
//! wilson_low, wilson_high, interval: Interval { low, high, method },
//! design_effect, between_filters_se }`, and
//! `wilson_interval(successes, trials, z) -> (f64, f64)`.
//!
//! - [`measure_with_progress`] reports after every filter, in order;
//!   [`measure_with_options`] also takes a thread count and a keys-done
//!   counter ([`RunOptions`]). The result never depends on the threads.
//! - [`compare_k`] measures two k on the same seeds and says whether their
//!   difference is resolved.
//! - [`lineup`] measures every filter `compare` lists (Bloom, blocked,
//!   counting, cuckoo, quotient, xor, binary fuse) against the floor.
//! - [`model_true_rate`] gives the model's (true) rate from certified
//!   digits, at any shape a real filter can have; [`ModelCheck`] says
//!   whether it sits in the measured interval and, when it does not, why
//!   (one line for a screen).

pub mod compare;
pub mod config;
mod engine;
pub mod interval;
pub mod keys;
pub mod lineup;
pub mod model;
mod phases;
pub mod run;
pub mod student_t;
pub mod tally;
pub mod wilson;

pub use crate::filter::SchemeKind;
pub use compare::{CompareConfig, CompareProgress, Comparison, KSide, compare_k};
pub use config::{MAX_THREADS, MeasureConfig, MeasureError, RunOptions};
pub use interval::{Interval, IntervalMethod, rate_interval};
pub use model::{ModelCheck, model_blocked_rate, model_true_rate};
pub use run::{Progress, measure, measure_with_options, measure_with_progress};
pub use student_t::t_95;
pub use tally::{FilterCounts, Measurement};
pub use wilson::{Z_95, wilson_interval, wilson_score};
