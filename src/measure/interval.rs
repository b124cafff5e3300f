//! The 95% interval a measurement reports, and how it was built.
//!
//! Queries against one filter are not independent trials: they all read
//! that filter's fill, and the fill differs from filter to filter. So the
//! pooled Wilson interval, which counts every query as a fresh trial, is
//! too narrow as soon as the fills matter (the issue measured 86 of 100
//! runs covering the true rate at 160/16/7 with 2000 filters of 1000
//! queries). With two or more filters the interval here is built from how
//! much the filters' own rates differ:
//!
//! - the variance of the pooled rate is estimated from the F per-filter
//!   rates, `s^2 / F` (the ratio estimator over filters; every filter gets
//!   the same number of queries, so the ratio is the mean);
//! - its ratio to the binomial variance `p (1 - p) / N` is the design
//!   effect (at least 1), and `N / design effect` the effective number of
//!   independent queries;
//! - the Wilson score interval is taken at that effective size with the
//!   Student-t quantile for F - 1 degrees of freedom.
//!
//! For many filters with many false positives this is the familiar
//! `rate ± t * s / sqrt(F)`; with few false positives it keeps Wilson's
//! skew and its useful upper bound at a count of 0. With one filter there
//! is no spread to measure: the interval is Wilson's, and it is an interval
//! for that filter's own rate, which follows its own fill, not for the
//! model's rate.

use super::student_t::t_95;
use super::wilson::{Z_95, pin_ends, wilson_interval, wilson_score};

/// How an [`Interval`] was built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntervalMethod {
    /// One filter: the Wilson interval of that filter's own rate. It is not
    /// an interval for the model's rate, which averages over fills.
    OneFilterWilson,
    /// Two or more filters: the Wilson score interval at the effective
    /// number of queries (queries over the design effect measured from the
    /// spread of the filters' rates), with Student's t for F - 1 degrees of
    /// freedom.
    BetweenFilters,
}

impl IntervalMethod {
    /// The name used in JSON: `one-filter-wilson` or `between-filters-t`.
    pub fn name(self) -> &'static str {
        match self {
            IntervalMethod::OneFilterWilson => "one-filter-wilson",
            IntervalMethod::BetweenFilters => "between-filters-t",
        }
    }

    /// A few words for a screen: what the interval covers.
    pub fn describe(self) -> &'static str {
        match self {
            IntervalMethod::OneFilterWilson => {
                "Wilson, for this one filter's own rate, not the model's"
            }
            IntervalMethod::BetweenFilters => "from the spread between filters, t quantile",
        }
    }
}

/// A 95% interval for a false-positive rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// How it was built, and so what it is an interval for.
    pub method: IntervalMethod,
}

impl Interval {
    /// True when `rate` lies within the interval, ends included.
    pub fn contains(&self, rate: f64) -> bool {
        (self.low..=self.high).contains(&rate)
    }

    /// Half the width: how far the ends sit from the middle on average.
    pub fn half_width(&self) -> f64 {
        0.5 * (self.high - self.low)
    }
}

/// The interval of `false_positives` out of `queries * filters` queries,
/// `rate_variance` being the sample variance of the filters' own rates
/// (ignored, and `None` allowed, for one filter). Also returns the design
/// effect for two or more filters.
pub fn rate_interval(
    false_positives: u64,
    queries: u64,
    filters: u64,
    rate_variance: Option<f64>,
) -> (Interval, Option<f64>) {
    let total = queries.saturating_mul(filters);
    match rate_variance {
        Some(variance) if filters >= 2 && total > 0 => {
            let (low, high, design_effect) =
                between_filters(false_positives, total, filters, variance);
            let interval = Interval {
                low,
                high,
                method: IntervalMethod::BetweenFilters,
            };
            (interval, Some(design_effect))
        }
        _ => {
            let (low, high) = wilson_interval(false_positives, total, Z_95);
            let interval = Interval {
                low,
                high,
                method: IntervalMethod::OneFilterWilson,
            };
            (interval, None)
        }
    }
}

/// The between-filters interval's ends and its design effect.
fn between_filters(
    false_positives: u64,
    total: u64,
    filters: u64,
    variance: f64,
) -> (f64, f64, f64) {
    let n = total as f64;
    let p = false_positives as f64 / n;
    let binomial = p * (1.0 - p) / n;
    let clustered = variance / filters as f64;
    // With no false positive (or all queries positive) both variances are 0
    // and the spread says nothing: fall back to counting queries as trials.
    let design_effect = if binomial > 0.0 {
        (clustered / binomial).max(1.0)
    } else {
        1.0
    };
    let t = t_95(filters - 1);
    let (low, high) = pin_ends(
        false_positives,
        total,
        wilson_score(p, n / design_effect, t),
    );
    (low, high, design_effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_filter_gets_the_wilson_interval_of_its_own_rate() {
        let (interval, deff) = rate_interval(10, 100, 1, None);
        assert_eq!(interval.method, IntervalMethod::OneFilterWilson);
        assert_eq!(
            (interval.low, interval.high),
            wilson_interval(10, 100, Z_95)
        );
        assert_eq!(deff, None);
        assert!(interval.method.describe().contains("not the model's"));
    }

    #[test]
    fn many_filters_give_the_t_interval_on_their_mean() {
        // 1000 filters whose rates have standard deviation 0.01 around 0.1:
        // the interval is about 0.1 ± t(999) * 0.01 / sqrt(1000).
        let (interval, deff) = rate_interval(100_000, 1000, 1000, Some(1e-4));
        let expected = t_95(999) * 0.01 / 1000f64.sqrt();
        assert!(
            (interval.half_width() - expected).abs() < 0.02 * expected,
            "{interval:?}"
        );
        assert!(interval.contains(0.1));
        // Binomial variance 0.09 / 10^6 against 10^-7: a design effect of 1.11.
        assert!((deff.unwrap() - 1.0 / 0.9).abs() < 1e-9);
    }

    #[test]
    fn the_interval_is_never_narrower_than_wilson_with_the_t_quantile() {
        // Filters that agree more than chance allows still count as trials.
        let (interval, deff) = rate_interval(500, 1000, 10, Some(0.0));
        assert_eq!(deff, Some(1.0));
        let (low, high) = wilson_interval(500, 10_000, t_95(9));
        assert!((interval.low - low).abs() < 1e-15 && (interval.high - high).abs() < 1e-15);
    }

    #[test]
    fn no_false_positive_still_has_an_upper_bound() {
        let (interval, _) = rate_interval(0, 200, 20, Some(0.0));
        assert_eq!(interval.low, 0.0);
        assert!(interval.high > 0.0 && interval.high < 0.01, "{interval:?}");
        let (all, _) = rate_interval(4000, 200, 20, Some(0.0));
        assert_eq!(all.high, 1.0);
    }

    #[test]
    fn two_filters_pay_for_their_single_degree_of_freedom() {
        let (two, _) = rate_interval(100, 1000, 2, Some(1e-5));
        let (many, _) = rate_interval(5000, 1000, 100, Some(1e-5));
        assert!(
            two.half_width() > 5.0 * many.half_width(),
            "{two:?} {many:?}"
        );
        assert_eq!(IntervalMethod::BetweenFilters.name(), "between-filters-t");
    }
}
