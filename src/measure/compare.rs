//! Two k measured on the same keys and hash seeds, and whether their
//! difference is resolved.
//!
//! Filter f of either k gets the same inserted keys, the same strangers and
//! the same independent hash seed (so the smaller k's probes are the first
//! probes of the larger one). The two rates of one filter therefore move
//! together, and their difference over the filters, a paired difference,
//! is far less noisy than two separate runs would be. The difference is
//! resolved when its 95% interval (Student's t over the F per-filter
//! differences) excludes 0 and at least 10 false positives were seen; when
//! it is not, the result estimates how many filters would be needed.

use std::sync::atomic::AtomicBool;

use super::config::{MeasureConfig, MeasureError, RunOptions};
use super::engine::{FilterSeeds, Stop, run_filters};
use super::model::model_true_rate;
use super::run::{cancelled, check_counts, measure_one, plan};
use super::student_t::t_95;
use super::tally::{FilterCounts, Measurement, Spread, Tally};
use crate::filter::{BloomFilter, SchemeKind};
use crate::rates::{Budget, SigDecimal};

/// Fewest false positives (on the side with more) before a difference can
/// count as resolved: below it the t interval is not to be trusted.
const FEWEST_FALSE_POSITIVES: u64 = 10;
/// Significant digits of each side's model rate.
const MODEL_DIGITS: u32 = 12;
/// Largest true-rate fraction (in denominator digits) worth building to
/// settle a model rate that sits exactly on a rounding boundary; past it
/// the model's gap is left out.
const MODEL_BUDGET: Budget = Budget {
    max_digits: 200_000,
};

/// Two k to compare at one m and n, with the independent scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompareConfig {
    /// Bits per filter.
    pub m: u64,
    /// Keys inserted into each filter.
    pub n: u64,
    /// The first k.
    pub k_a: u32,
    /// The second k.
    pub k_b: u32,
    /// Strangers queried against each filter (the same for both k).
    pub queries: u64,
    /// Filters, at least 2: the difference is judged by its spread over them.
    pub filters: u64,
    /// Seed of the run; the same seed as a [`super::measure`] run gives
    /// each side exactly that run's result.
    pub seed: u64,
}

/// One k of a comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KSide {
    /// The k.
    pub k: u32,
    /// Its measurement (with its own interval).
    pub measured: Measurement,
    /// The model's (true) rate at this k, from certified digits; `None`
    /// only when they would need a fraction over the comparison's budget.
    pub model_rate: Option<f64>,
}

/// The two measured rates and what their difference shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Comparison {
    /// The first k's side.
    pub a: KSide,
    /// The second k's side.
    pub b: KSide,
    /// Filters measured.
    pub filters: u64,
    /// Strangers queried against each filter.
    pub queries: u64,
    /// Rate of `a` minus rate of `b`.
    pub difference: f64,
    /// Lower end of the difference's 95% interval (paired over filters).
    pub difference_low: f64,
    /// Upper end of that interval.
    pub difference_high: f64,
    /// True when the interval excludes 0 on enough false positives: the
    /// run tells the two k apart.
    pub resolved: bool,
    /// When not resolved: about how many filters (of the same number of
    /// queries) would bring the interval's half-width down to half the gap
    /// to detect (the model's gap when known, else the measured one), at
    /// which a gap of that size is resolved in most runs.
    pub filters_needed: Option<u64>,
}

impl Comparison {
    /// The k with the lower rate, when the difference is resolved.
    pub fn lower_k(&self) -> Option<u32> {
        self.resolved.then_some(if self.difference < 0.0 {
            self.a.k
        } else {
            self.b.k
        })
    }

    /// The model's gap, rate of `a` minus rate of `b`, when both are known.
    pub fn model_gap(&self) -> Option<f64> {
        Some(self.a.model_rate? - self.b.model_rate?)
    }

    /// The gap [`filters_needed`](Comparison::filters_needed) aims at: the
    /// model's when known and not 0, else the measured difference.
    pub fn gap_to_detect(&self) -> f64 {
        self.model_gap()
            .filter(|g| *g != 0.0)
            .unwrap_or(self.difference)
    }

    /// One line for a screen: which k is lower and by how much, or that the
    /// run cannot tell, and what it would take.
    pub fn summary(&self) -> String {
        let (a, b) = (self.a.k, self.b.k);
        let per_k = self.a.measured.total_queries;
        let span = format!(
            "95% interval {:.2e} to {:.2e}",
            self.difference_low, self.difference_high
        );
        if let Some(lower) = self.lower_k() {
            let higher = if lower == a { b } else { a };
            return format!(
                "k={lower} measures lower than k={higher} by {:.3e} ({span}): resolved with \
                 {per_k} queries per k",
                self.difference.abs()
            );
        }
        let mut line = format!(
            "k={a} minus k={b} is {:.3e} ({span}): not resolved with {per_k} queries per k",
            self.difference
        );
        if let Some(needed) = self.filters_needed {
            line.push_str(&format!(
                "; a gap of {:.2e} needs about {needed} filters ({} queries per k)",
                self.gap_to_detect().abs(),
                needed.saturating_mul(self.queries)
            ));
        }
        line
    }
}

/// Counts so far, handed to a progress callback after every filter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompareProgress {
    /// Filters completely measured (both k).
    pub filters_done: u64,
    /// The comparison over the finished filters.
    pub so_far: Comparison,
}

/// Measures `k_a` and `k_b` on the same filters with the independent scheme
/// and says whether their difference is resolved; `on_progress` hears
/// after every filter, in order. Cancellable like [`super::measure`].
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use bloomlab::measure::{CompareConfig, compare_k};
///
/// // The lecture's filter: the true rate is lower at k=3 than at k=4.
/// let cfg = CompareConfig { m: 16, n: 3, k_a: 3, k_b: 4, queries: 100, filters: 200, seed: 1 };
/// let c = compare_k(&cfg, &AtomicBool::new(false), |_| {})?;
/// assert_eq!(c.a.measured.total_queries, 20_000);
/// // 20,000 queries cannot tell a gap of 0.003 apart: the result says so.
/// assert!(!c.resolved);
/// assert!(c.filters_needed.unwrap() > 200);
/// # Ok::<(), bloomlab::measure::MeasureError>(())
/// ```
pub fn compare_k(
    cfg: &CompareConfig,
    cancel: &AtomicBool,
    mut on_progress: impl FnMut(&CompareProgress),
) -> Result<Comparison, MeasureError> {
    compare_k_with_options(cfg, cancel, RunOptions::default(), Some(&mut on_progress))
}

/// [`compare_k`] with a chosen number of threads and a keys-done counter,
/// and the per-filter reports only when there is a listener; the result
/// does not depend on the options.
pub fn compare_k_with_options(
    cfg: &CompareConfig,
    cancel: &AtomicBool,
    options: RunOptions,
    mut on_progress: Option<&mut dyn FnMut(&CompareProgress)>,
) -> Result<Comparison, MeasureError> {
    check_counts(cfg.queries, cfg.filters)?;
    if cfg.filters < 2 {
        return Err(MeasureError::TooFewFilters {
            filters: cfg.filters,
        });
    }
    let (side_a, side_b) = (side_config(cfg, cfg.k_a), side_config(cfg, cfg.k_b));
    let models = (model_rate(&side_a, cancel)?, model_rate(&side_b, cancel)?);
    let stop = Stop::new(cancel, options.keys_done);
    // Each filter is measured twice, on two filters of m bits: plan for
    // the doubled work and memory.
    let both = MeasureConfig {
        m: cfg.m.saturating_mul(2),
        queries: cfg.queries.saturating_mul(2),
        ..side_a
    };
    let plan = plan(&both, options.thread_count());
    let mut pair = PairTally::new(cfg.queries);
    let job = |slots: &mut [Option<BloomFilter>; 2], seeds: FilterSeeds, within: usize| {
        let scheme = SchemeKind::Independent.with_seed(seeds.hash_seed);
        let [slot_a, slot_b] = slots;
        let a = measure_one(slot_a, &side_a, scheme, seeds.salt, within, &stop)?;
        let b = measure_one(slot_b, &side_b, scheme, seeds.salt, within, &stop)?;
        Ok((a, b))
    };
    let sink = |(a, b): (FilterCounts, FilterCounts)| {
        pair.add(a, b);
        if let Some(listener) = on_progress.as_mut() {
            listener(&CompareProgress {
                filters_done: pair.a.filters(),
                so_far: pair.comparison(cfg, models),
            });
        }
        cancelled(cancel)
    };
    stop.check()?;
    run_filters(
        cfg.filters,
        cfg.seed,
        plan,
        &stop,
        || [None, None],
        job,
        sink,
    )?;
    Ok(pair.comparison(cfg, models))
}

/// The measurement of one side: the comparison's shape at one k.
fn side_config(cfg: &CompareConfig, k: u32) -> MeasureConfig {
    MeasureConfig {
        m: cfg.m,
        n: cfg.n,
        k,
        queries: cfg.queries,
        filters: cfg.filters,
        seed: cfg.seed,
        scheme: SchemeKind::Independent,
    }
}

/// The model's true rate for one side, as a double.
fn model_rate(cfg: &MeasureConfig, cancel: &AtomicBool) -> Result<Option<f64>, MeasureError> {
    let digits = model_true_rate(cfg, MODEL_DIGITS, MODEL_BUDGET, cancel)?;
    Ok(digits.as_ref().map(SigDecimal::to_f64))
}

/// Both sides' tallies and the spread of the per-filter differences.
struct PairTally {
    a: Tally,
    b: Tally,
    differences: Spread,
    queries: u64,
}

impl PairTally {
    fn new(queries: u64) -> PairTally {
        PairTally {
            a: Tally::new(queries),
            b: Tally::new(queries),
            differences: Spread::default(),
            queries,
        }
    }

    fn add(&mut self, a: FilterCounts, b: FilterCounts) {
        self.a.add(a);
        self.b.add(b);
        let q = self.queries as f64;
        self.differences
            .add(a.false_positives as f64 / q - b.false_positives as f64 / q);
    }

    fn comparison(
        &self,
        cfg: &CompareConfig,
        (model_a, model_b): (Option<f64>, Option<f64>),
    ) -> Comparison {
        let (a, b) = (self.a.measurement(), self.b.measurement());
        let filters = self.a.filters();
        let difference = a.rate - b.rate;
        let se = self.differences.standard_error().unwrap_or(f64::INFINITY);
        let half = t_95(filters.saturating_sub(1)) * se;
        let (low, high) = (difference - half, difference + half);
        let enough = a.false_positives.max(b.false_positives) >= FEWEST_FALSE_POSITIVES;
        let resolved = enough && (low > 0.0 || high < 0.0);
        let mut comparison = Comparison {
            a: KSide {
                k: cfg.k_a,
                measured: a,
                model_rate: model_a,
            },
            b: KSide {
                k: cfg.k_b,
                measured: b,
                model_rate: model_b,
            },
            filters,
            queries: cfg.queries,
            difference,
            difference_low: low,
            difference_high: high,
            resolved,
            filters_needed: None,
        };
        if !resolved {
            comparison.filters_needed = filters_needed(filters, half, comparison.gap_to_detect());
        }
        comparison
    }
}

/// Filters at which a half-width of `half` over `filters` filters would
/// shrink to half of `gap` (it falls as one over the square root of the
/// filters), so that a difference of that size is resolved in most runs
/// rather than in half of them.
fn filters_needed(filters: u64, half: f64, gap: f64) -> Option<u64> {
    let ratio = 2.0 * half / gap.abs();
    let needed = filters as f64 * ratio * ratio;
    (needed.is_finite() && gap != 0.0).then(|| (needed.ceil() as u64).max(filters + 1))
}
