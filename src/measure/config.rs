//! What to measure, how to run it, and why a run can fail.

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

    /// The most filters, up to [`MeasureConfig::filters`], whose run stays
    /// within `budget` units of [`MeasureConfig::work`]; 0 when even one
    /// filter would not. A caller with a time to keep (the lab answering a
    /// slider move) turns its time into a budget once and measures fewer
    /// filters rather than watching a clock.
    pub fn filters_within(&self, budget: u128) -> u64 {
        let one = MeasureConfig {
            filters: 1,
            ..*self
        }
        .work()
        .max(1);
        let fit = (budget / one).min(u128::from(self.filters));
        fit as u64
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MeasureError {
    /// The cancel flag was raised.
    #[error("measurement cancelled")]
    Cancelled,
    /// The filter could not be built (m or k out of range, or no memory).
    #[error(transparent)]
    Filter(#[from] FilterError),
    /// Zero queries per filter: there would be no rate to report.
    #[error("queries must be at least 1, got 0")]
    NoQueries,
    /// Zero filters: there would be no rate to report.
    #[error("filters must be at least 1, got 0")]
    NoFilters,
    /// A comparison needs at least two filters to judge its difference by.
    #[error("filters must be at least 2 to compare two k, got {filters}")]
    TooFewFilters {
        /// The number of filters asked for.
        filters: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_within_a_budget_are_the_most_whose_work_fits() {
        let cfg = MeasureConfig {
            m: 1_000_000,
            n: 100_000,
            k: 7,
            queries: 200,
            filters: 100,
            seed: 1,
            scheme: SchemeKind::Independent,
        };
        let one = MeasureConfig { filters: 1, ..cfg }.work();
        assert_eq!(one, 100_200 * 7 + 1_000_000 / 64);
        assert_eq!(cfg.filters_within(0), 0);
        assert_eq!(cfg.filters_within(one - 1), 0);
        assert_eq!(cfg.filters_within(one), 1);
        assert_eq!(cfg.filters_within(9 * one + one / 2), 9);
        assert_eq!(cfg.filters_within(u128::MAX), 100);
        for budget in [one, 5 * one, 50 * one] {
            let fit = cfg.filters_within(budget);
            assert!(
                MeasureConfig {
                    filters: fit,
                    ..cfg
                }
                .work()
                    <= budget
            );
            assert!(
                MeasureConfig {
                    filters: fit + 1,
                    ..cfg
                }
                .work()
                    > budget
            );
        }
    }

    #[test]
    fn every_refusal_reads_word_for_word() {
        let cases = [
            (MeasureError::Cancelled, "measurement cancelled"),
            (
                MeasureError::Filter(FilterError::ZeroHashes),
                "k must be at least 1, got 0",
            ),
            (MeasureError::NoQueries, "queries must be at least 1, got 0"),
            (MeasureError::NoFilters, "filters must be at least 1, got 0"),
            (
                MeasureError::TooFewFilters { filters: 1 },
                "filters must be at least 2 to compare two k, got 1",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
        assert_eq!(
            MeasureError::from(FilterError::ZeroBits),
            MeasureError::Filter(FilterError::ZeroBits)
        );
    }
}
