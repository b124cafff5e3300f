//! The pooled result of a run, accumulated filter by filter in filter order
//! (so the floating-point sums, and the result, do not depend on which
//! thread measured which filter).

use super::interval::{Interval, rate_interval};
use super::wilson::{Z_95, wilson_interval};

/// What one filter contributed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FilterCounts {
    /// Bits set after the inserts.
    pub bits_set: u64,
    /// Queries answered "maybe" (all of them false positives).
    pub false_positives: u64,
}

/// The pooled result of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// Bits set after the inserts, averaged over the filters.
    pub bits_set_mean: f64,
    /// Queries answered "maybe", summed over all filters (all are false).
    pub false_positives: u64,
    /// Queries asked in total (queries per filter times filters).
    pub total_queries: u64,
    /// `false_positives / total_queries`.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval of the pooled count, which
    /// treats every query as an independent trial (too narrow when the
    /// filters' fills differ; see [`interval`](Measurement::interval)).
    pub wilson_low: f64,
    /// Upper end of that Wilson interval.
    pub wilson_high: f64,
    /// The 95% interval to report: built from the spread between filters
    /// for two or more filters, Wilson's for one filter's own rate.
    pub interval: Interval,
    /// How much wider than binomial the spread between filters makes the
    /// pooled rate's variance (at least 1); `None` for one filter.
    pub design_effect: Option<f64>,
    /// Standard error of the rate judged from how much the per-filter rates
    /// differ (their sample standard deviation over the square root of the
    /// number of filters); `None` with fewer than two filters.
    pub between_filters_se: Option<f64>,
}

/// Running mean and variance of the per-filter rates (Welford's method,
/// which stays accurate over millions of filters).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Spread {
    count: u64,
    mean: f64,
    sum_squares: f64,
}

impl Spread {
    /// Adds one filter's rate.
    pub(crate) fn add(&mut self, rate: f64) {
        self.count += 1;
        let delta = rate - self.mean;
        self.mean += delta / self.count as f64;
        self.sum_squares += delta * (rate - self.mean);
    }

    /// The sample variance, for two or more rates.
    pub(crate) fn variance(&self) -> Option<f64> {
        (self.count >= 2).then(|| self.sum_squares / (self.count - 1) as f64)
    }

    /// The standard error of the mean, for two or more rates.
    pub(crate) fn standard_error(&self) -> Option<f64> {
        self.variance().map(|v| (v / self.count as f64).sqrt())
    }
}

/// The counts of the filters measured so far, in filter order.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tally {
    queries: u64,
    filters: u64,
    bits_set_total: u64,
    false_positives: u64,
    spread: Spread,
}

impl Tally {
    /// An empty tally for filters of `queries` queries each.
    pub(crate) fn new(queries: u64) -> Tally {
        Tally {
            queries,
            filters: 0,
            bits_set_total: 0,
            false_positives: 0,
            spread: Spread::default(),
        }
    }

    /// Adds the next filter.
    pub(crate) fn add(&mut self, counts: FilterCounts) {
        self.filters += 1;
        self.bits_set_total += counts.bits_set;
        self.false_positives += counts.false_positives;
        self.spread
            .add(counts.false_positives as f64 / self.queries as f64);
    }

    /// Filters added so far.
    pub(crate) fn filters(&self) -> u64 {
        self.filters
    }

    /// The pooled result over the filters added so far.
    pub(crate) fn measurement(&self) -> Measurement {
        let total_queries = self.queries.saturating_mul(self.filters);
        let (wilson_low, wilson_high) = wilson_interval(self.false_positives, total_queries, Z_95);
        let (interval, design_effect) = rate_interval(
            self.false_positives,
            self.queries,
            self.filters,
            self.spread.variance(),
        );
        Measurement {
            bits_set_mean: if self.filters == 0 {
                0.0
            } else {
                self.bits_set_total as f64 / self.filters as f64
            },
            false_positives: self.false_positives,
            total_queries,
            rate: if total_queries == 0 {
                0.0
            } else {
                self.false_positives as f64 / total_queries as f64
            },
            wilson_low,
            wilson_high,
            interval,
            design_effect,
            between_filters_se: self.spread.standard_error(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::IntervalMethod;

    #[test]
    fn pools_counts_and_measures_the_spread() {
        let mut tally = Tally::new(100);
        for fp in [1, 3, 2, 2] {
            tally.add(FilterCounts {
                bits_set: 10,
                false_positives: fp,
            });
        }
        let m = tally.measurement();
        assert_eq!((m.false_positives, m.total_queries, m.rate), (8, 400, 0.02));
        assert_eq!(m.bits_set_mean, 10.0);
        // Rates 0.01, 0.03, 0.02, 0.02: sample variance 2/3 * 10^-4.
        let se = (2.0 / 3.0 * 1e-4 / 4.0f64).sqrt();
        assert!((m.between_filters_se.unwrap() - se).abs() < 1e-12);
        assert_eq!(m.interval.method, IntervalMethod::BetweenFilters);
        assert!(m.interval.contains(0.02));
    }

    #[test]
    fn one_filter_has_no_spread() {
        let mut tally = Tally::new(1000);
        tally.add(FilterCounts {
            bits_set: 5,
            false_positives: 7,
        });
        let m = tally.measurement();
        assert_eq!(m.between_filters_se, None);
        assert_eq!(m.design_effect, None);
        assert_eq!(m.interval.method, IntervalMethod::OneFilterWilson);
        assert_eq!(
            (m.interval.low, m.interval.high),
            (m.wilson_low, m.wilson_high)
        );
    }
}
