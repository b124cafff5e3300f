//! The measurement loop: build F filters, fill each with n keys, query Q
//! strangers against each, and pool the false positives.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::keys::KeySpace;
use super::wilson::{Z_95, wilson_interval};
use crate::filter::{BloomFilter, FilterError, Scheme};

/// How often (in inserts or queries) the loop looks at the cancel flag.
const CANCEL_CHECK_EVERY: u64 = 4096;

/// Which probe scheme the measured filters use. The independent scheme gets
/// a fresh hash seed for every filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SchemeKind {
    /// The lesson's FNV-1a double hashing (no seed: only the keys change).
    Double,
    /// k independent seeded hashes, reseeded per filter.
    #[default]
    Independent,
}

impl SchemeKind {
    /// `double` or `independent`.
    pub fn name(&self) -> &'static str {
        match self {
            SchemeKind::Double => "double",
            SchemeKind::Independent => "independent",
        }
    }
}

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
    /// The probe scheme.
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
    /// Lower end of the 95% Wilson interval for the rate.
    pub wilson_low: f64,
    /// Upper end of the 95% Wilson interval for the rate.
    pub wilson_high: f64,
    /// Standard error of the rate judged from how much the per-filter rates
    /// differ (their sample standard deviation over the square root of the
    /// number of filters); `None` with fewer than two filters. Unlike the
    /// Wilson interval it counts the spread of fills between filters, so
    /// when it is much larger than the Wilson half-width / 1.96 the run
    /// needs more filters rather than more queries.
    pub between_filters_se: Option<f64>,
}

impl Measurement {
    fn from_counts(
        bits_set_total: u64,
        filters: u64,
        false_positives: u64,
        total_queries: u64,
        spread: &Spread,
    ) -> Self {
        let (wilson_low, wilson_high) = wilson_interval(false_positives, total_queries, Z_95);
        Measurement {
            bits_set_mean: if filters == 0 {
                0.0
            } else {
                bits_set_total as f64 / filters as f64
            },
            false_positives,
            total_queries,
            rate: if total_queries == 0 {
                0.0
            } else {
                false_positives as f64 / total_queries as f64
            },
            wilson_low,
            wilson_high,
            between_filters_se: spread.standard_error(),
        }
    }
}

/// Running mean and variance of the per-filter rates (Welford's method,
/// which stays accurate over millions of filters).
#[derive(Debug, Clone, Copy, Default)]
struct Spread {
    count: u64,
    mean: f64,
    sum_squares: f64,
}

impl Spread {
    fn add(&mut self, rate: f64) {
        self.count += 1;
        let delta = rate - self.mean;
        self.mean += delta / self.count as f64;
        self.sum_squares += delta * (rate - self.mean);
    }

    fn standard_error(&self) -> Option<f64> {
        (self.count >= 2).then(|| {
            let variance = self.sum_squares / (self.count - 1) as f64;
            (variance / self.count as f64).sqrt()
        })
    }
}

/// Counts so far, handed to a progress callback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Filters completely measured.
    pub filters_done: u64,
    /// The pooled result over the finished filters.
    pub so_far: Measurement,
}

/// Why a run produced no result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeasureError {
    /// The cancel flag was raised.
    Cancelled,
    /// The filter could not be built (m or k out of range).
    Filter(FilterError),
    /// Zero queries per filter: there would be no rate to report.
    NoQueries,
    /// Zero filters: there would be no rate to report.
    NoFilters,
}

impl fmt::Display for MeasureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeasureError::Cancelled => write!(f, "measurement cancelled"),
            MeasureError::Filter(e) => e.fmt(f),
            MeasureError::NoQueries => write!(f, "queries must be at least 1, got 0"),
            MeasureError::NoFilters => write!(f, "filters must be at least 1, got 0"),
        }
    }
}

impl std::error::Error for MeasureError {}

impl From<FilterError> for MeasureError {
    fn from(e: FilterError) -> Self {
        MeasureError::Filter(e)
    }
}

/// Runs the measurement described by `cfg`. Returns
/// [`MeasureError::Cancelled`] within a few thousand probes of `cancel`
/// being set.
///
/// The Wilson interval treats every query as an independent trial. Queries
/// against one filter share that filter's fill, so with few filters the
/// real spread is wider than the interval says; many filters with fewer
/// queries each gives an honest interval for the same total work.
pub fn measure(cfg: &MeasureConfig, cancel: &AtomicBool) -> Result<Measurement, MeasureError> {
    measure_with_progress(cfg, cancel, |_| {})
}

/// [`measure`], calling `on_progress` after every finished filter so a
/// screen can show the count growing.
pub fn measure_with_progress(
    cfg: &MeasureConfig,
    cancel: &AtomicBool,
    mut on_progress: impl FnMut(&Progress),
) -> Result<Measurement, MeasureError> {
    if cfg.queries == 0 {
        return Err(MeasureError::NoQueries);
    }
    if cfg.filters == 0 {
        return Err(MeasureError::NoFilters);
    }
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    // One allocation for the whole run, made by the first filter; later
    // filters clear it. The fresh array is left untouched so a large, sparse
    // filter only ever commits the pages its keys land on.
    let mut slot: Option<BloomFilter> = None;
    let mut bits_set_total = 0u64;
    let mut false_positives = 0u64;
    let mut spread = Spread::default();
    let mut budget = CANCEL_CHECK_EVERY;
    let mut tick = || -> Result<(), MeasureError> {
        budget -= 1;
        if budget == 0 {
            budget = CANCEL_CHECK_EVERY;
            if cancel.load(Ordering::Relaxed) {
                return Err(MeasureError::Cancelled);
            }
        }
        Ok(())
    };
    if cancel.load(Ordering::Relaxed) {
        return Err(MeasureError::Cancelled);
    }

    for done in 0..cfg.filters {
        // Draw both numbers for every filter whatever the scheme, so the
        // key sequence of a seed does not depend on the scheme chosen.
        let salt: u64 = rng.random();
        let hash_seed: u64 = rng.random();
        let scheme = match cfg.scheme {
            SchemeKind::Double => Scheme::Double,
            SchemeKind::Independent => Scheme::Independent { seed: hash_seed },
        };
        let filter = match &mut slot {
            Some(filter) => {
                filter.reset_with_scheme(scheme);
                filter
            }
            None => slot.insert(BloomFilter::new(cfg.m, cfg.k, scheme)?),
        };
        let keys = KeySpace::new(salt);

        let mut bits_set = 0u64;
        for i in 0..cfg.n {
            bits_set += u64::from(filter.insert_counting_new_bits(&keys.inserted(i)));
            tick()?;
        }
        let mut filter_false_positives = 0u64;
        for j in 0..cfg.queries {
            filter_false_positives += u64::from(filter.contains(&keys.queried(j)));
            tick()?;
        }
        false_positives += filter_false_positives;
        spread.add(filter_false_positives as f64 / cfg.queries as f64);
        bits_set_total += bits_set;

        let filters_done = done + 1;
        on_progress(&Progress {
            filters_done,
            so_far: Measurement::from_counts(
                bits_set_total,
                filters_done,
                false_positives,
                cfg.queries.saturating_mul(filters_done),
                &spread,
            ),
        });
    }

    Ok(Measurement::from_counts(
        bits_set_total,
        cfg.filters,
        false_positives,
        cfg.queries.saturating_mul(cfg.filters),
        &spread,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The true rate at m = 160, n = 16, k = 7 (lab.md's table).
    const TRUE_160_16_7: f64 = 0.008_653_308_4;
    /// The classic formula's rate at the same setting.
    const CLASSIC_160_16_7: f64 = 0.008_318_677_1;

    fn config(scheme: SchemeKind, queries: u64, filters: u64) -> MeasureConfig {
        MeasureConfig {
            m: 160,
            n: 16,
            k: 7,
            queries,
            filters,
            seed: 2026,
            scheme,
        }
    }

    #[test]
    fn independent_hashes_land_on_the_true_rate() {
        let cfg = config(SchemeKind::Independent, 100, 40_000);
        let r = measure(&cfg, &AtomicBool::new(false)).unwrap();
        eprintln!("independent 160/16/7: {r:?}");
        // With 100 queries per filter the fill spread is small next to the
        // binomial noise, so both error estimates agree within a factor of 1.5.
        let se = r.between_filters_se.unwrap();
        let wilson_se = (r.wilson_high - r.wilson_low) / (2.0 * Z_95);
        assert!(
            se > wilson_se / 1.5 && se < wilson_se * 1.5,
            "{se} vs {wilson_se}"
        );
        assert_eq!(r.total_queries, 4_000_000);
        assert!(
            r.wilson_low <= TRUE_160_16_7 && TRUE_160_16_7 <= r.wilson_high,
            "{r:?}"
        );
        // The interval is narrow enough to tell the true rate from the classic one.
        assert!(CLASSIC_160_16_7 < r.wilson_low, "{r:?}");
        // kn = 112 throws into 160 bits fill about 160 (1 - (1 - 1/160)^112) = 80.5 bits.
        assert!((r.bits_set_mean - 80.5).abs() < 0.5, "{r:?}");
    }

    #[test]
    fn double_hashing_lands_well_above_the_true_rate() {
        let cfg = config(SchemeKind::Double, 100, 40_000);
        let r = measure(&cfg, &AtomicBool::new(false)).unwrap();
        eprintln!("double 160/16/7: {r:?}");
        assert!(r.wilson_low > 1.4 * TRUE_160_16_7, "{r:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_result() {
        let cfg = config(SchemeKind::Independent, 1000, 50);
        let a = measure(&cfg, &AtomicBool::new(false)).unwrap();
        let b = measure(&cfg, &AtomicBool::new(false)).unwrap();
        assert_eq!(a, b);
        let other = measure(
            &MeasureConfig { seed: 2027, ..cfg },
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_ne!(a, other);
    }

    #[test]
    fn few_filters_with_many_queries_show_a_wide_spread() {
        // 20 filters of 20,000 queries: the fill of each filter dominates,
        // and the spread between filters is far wider than the Wilson interval.
        let r = measure(
            &config(SchemeKind::Independent, 20_000, 20),
            &AtomicBool::new(false),
        )
        .unwrap();
        let wilson_se = (r.wilson_high - r.wilson_low) / (2.0 * Z_95);
        assert!(r.between_filters_se.unwrap() > 2.0 * wilson_se, "{r:?}");
        let one = measure(
            &config(SchemeKind::Independent, 100, 1),
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(one.between_filters_se, None);
    }

    #[test]
    fn an_empty_filter_never_says_maybe() {
        let cfg = MeasureConfig {
            n: 0,
            ..config(SchemeKind::Double, 5000, 3)
        };
        let r = measure(&cfg, &AtomicBool::new(false)).unwrap();
        assert_eq!((r.false_positives, r.bits_set_mean), (0, 0.0));
        assert_eq!(r.wilson_low, 0.0);
    }

    #[test]
    fn a_raised_flag_cancels_the_run() {
        let cfg = config(SchemeKind::Independent, 1_000_000, 1_000);
        assert_eq!(
            measure(&cfg, &AtomicBool::new(true)),
            Err(MeasureError::Cancelled)
        );
        let flag = AtomicBool::new(false);
        let mut seen = 0;
        let result = measure_with_progress(&cfg, &flag, |p| {
            seen = p.filters_done;
            flag.store(true, Ordering::Relaxed);
        });
        assert_eq!(result, Err(MeasureError::Cancelled));
        assert_eq!(seen, 1);
    }

    #[test]
    fn progress_reports_every_filter() {
        let cfg = config(SchemeKind::Double, 100, 7);
        let mut reports = Vec::new();
        let last =
            measure_with_progress(&cfg, &AtomicBool::new(false), |p| reports.push(*p)).unwrap();
        assert_eq!(reports.len(), 7);
        assert_eq!(reports[6].so_far, last);
    }

    #[test]
    fn bad_configurations_are_refused() {
        let flag = AtomicBool::new(false);
        assert_eq!(
            measure(&config(SchemeKind::Double, 0, 1), &flag),
            Err(MeasureError::NoQueries)
        );
        assert_eq!(
            measure(&config(SchemeKind::Double, 1, 0), &flag),
            Err(MeasureError::NoFilters)
        );
        let zero_m = MeasureConfig {
            m: 0,
            ..config(SchemeKind::Double, 1, 1)
        };
        assert_eq!(
            measure(&zero_m, &flag),
            Err(MeasureError::Filter(FilterError::ZeroBits))
        );
    }
}
