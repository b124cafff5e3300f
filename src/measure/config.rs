//! What to measure, how to run it, and why a run can fail.

use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::AtomicU64;

use crate::filter::{FilterError, SchemeKind};

/// What to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeasureConfig {
    /// Bits per filter.
    pub m: u64,
    /// Keys inserted into each filter.
    pub n: u64,
    /// Probes per key.
    pub k: u32,
    /// Never-inserted keys queried against each filter.
    pub queries: u64,
    /// How many filters, each with fresh keys (and fresh hash seeds).
    pub filters: u64,
    /// Seed of the whole run: the same seed gives the same result everywhere.
    pub seed: u64,
    /// The probe scheme. The independent scheme gets a fresh hash seed for
    /// every filter; the other two are fixed functions of the key, so only
    /// the keys change from filter to filter.
    pub scheme: SchemeKind,
}

impl MeasureConfig {
    /// A rough count of the probes and memory words the run will touch,
    /// for callers that want to refuse a run before starting it.
    pub fn work(&self) -> u128 {
        let per_filter = u128::from(self.n.saturating_add(self.queries)) * u128::from(self.k)
            + u128::from(self.m / 64);
        per_filter * u128::from(self.filters)
    }

    /// Keys the run inserts or queries in all, where a progress count
    /// ([`RunOptions::keys_done`]) ends.
    pub fn total_keys(&self) -> u64 {
        self.n
            .saturating_add(self.queries)
            .saturating_mul(self.filters)
    }
}

/// How a run is carried out. None of it changes the result: the same
/// configuration gives the same [`super::Measurement`] on any number of
/// threads.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// How many threads to use; `None` for as many as the machine offers.
    pub threads: Option<NonZeroUsize>,
    /// A counter the run adds every inserted or queried key to as it goes
    /// (in steps of a few thousand, from every thread), for a caller that
    /// polls it to draw a progress bar. It ends at
    /// [`MeasureConfig::total_keys`] when the run completes.
    pub keys_done: Option<&'a AtomicU64>,
}

impl RunOptions<'_> {
    /// The number of threads to use.
    pub fn thread_count(&self) -> usize {
        self.threads
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
            .min(MAX_THREADS)
    }
}

/// The most threads a run spreads over, whatever the machine offers.
pub const MAX_THREADS: usize = 64;

/// Why a run produced no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeasureError {
    /// The cancel flag was raised.
    Cancelled,
    /// The filter could not be built (m or k out of range, or no memory).
    Filter(FilterError),
    /// Zero queries per filter: there would be no rate to report.
    NoQueries,
    /// Zero filters: there would be no rate to report.
    NoFilters,
    /// A comparison needs at least two filters to judge its difference by.
    TooFewFilters {
        /// The number of filters asked for.
        filters: u64,
    },
}

impl fmt::Display for MeasureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeasureError::Cancelled => write!(f, "measurement cancelled"),
            MeasureError::Filter(e) => e.fmt(f),
            MeasureError::NoQueries => write!(f, "queries must be at least 1, got 0"),
            MeasureError::NoFilters => write!(f, "filters must be at least 1, got 0"),
            MeasureError::TooFewFilters { filters } => write!(
                f,
                "filters must be at least 2 to compare two k, got {filters}"
            ),
        }
    }
}

impl std::error::Error for MeasureError {}

impl From<FilterError> for MeasureError {
    fn from(e: FilterError) -> Self {
        MeasureError::Filter(e)
    }
}
