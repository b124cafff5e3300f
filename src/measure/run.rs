//! The measurement itself: build F filters, fill each with n keys, query Q
//! strangers against each, and pool the false positives.

use std::sync::atomic::{AtomicBool, Ordering};

use super::config::{MeasureConfig, MeasureError, RunOptions};
use super::engine::{FilterSeeds, Plan, Stop, run_filters};
use super::keys::KeySpace;
use super::phases::{COPY_BUDGET_BYTES, count_false_positives, fresh_filter, insert_keys};
use super::tally::{FilterCounts, Measurement, Tally};
use crate::filter::{BloomFilter, Scheme};

/// Counts so far, handed to a progress callback after every filter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Filters completely measured.
    pub filters_done: u64,
    /// The pooled result over the finished filters.
    pub so_far: Measurement,
}

/// Runs the measurement described by `cfg` on every core. Returns
/// [`MeasureError::Cancelled`] within a few thousand probes of `cancel`
/// being set.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use bloomlab::measure::{IntervalMethod, MeasureConfig, SchemeKind, measure};
///
/// // 200 filters of the lab's setting, 500 strangers queried against each.
/// let cfg = MeasureConfig {
///     m: 160, n: 16, k: 7, queries: 500, filters: 200, seed: 1,
///     scheme: SchemeKind::Independent,
/// };
/// let result = measure(&cfg, &AtomicBool::new(false))?;
/// assert_eq!(result.total_queries, 100_000);
/// // Two or more filters: the interval comes from the spread between them.
/// assert_eq!(result.interval.method, IntervalMethod::BetweenFilters);
/// assert!(result.interval.low < result.rate && result.rate < result.interval.high);
/// // Same seed, same result.
/// assert_eq!(measure(&cfg, &AtomicBool::new(false))?, result);
/// # Ok::<(), bloomlab::measure::MeasureError>(())
/// ```
pub fn measure(cfg: &MeasureConfig, cancel: &AtomicBool) -> Result<Measurement, MeasureError> {
    measure_with_options(cfg, cancel, RunOptions::default(), None)
}

/// [`measure`], calling `on_progress` after every finished filter, in
/// filter order and on the calling thread, so a screen can show the count
/// growing. The reports are the same whatever the number of threads.
pub fn measure_with_progress(
    cfg: &MeasureConfig,
    cancel: &AtomicBool,
    mut on_progress: impl FnMut(&Progress),
) -> Result<Measurement, MeasureError> {
    measure_with_options(cfg, cancel, RunOptions::default(), Some(&mut on_progress))
}

/// [`measure`] with a chosen number of threads and a count of keys done for
/// a progress bar (see [`RunOptions`]), and optionally the per-filter
/// reports of [`measure_with_progress`]. Neither the result nor the reports
/// depend on the options. Without a listener no report is built, which
/// matters for runs of millions of tiny filters.
pub fn measure_with_options(
    cfg: &MeasureConfig,
    cancel: &AtomicBool,
    options: RunOptions,
    mut on_progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Measurement, MeasureError> {
    check_counts(cfg.queries, cfg.filters)?;
    let stop = Stop::new(cancel, options.keys_done);
    let plan = plan(cfg, options.thread_count());
    let mut tally = Tally::new(cfg.queries);
    let job = |slot: &mut Option<BloomFilter>, seeds: FilterSeeds, within: usize| {
        let scheme = cfg.scheme.with_seed(seeds.hash_seed);
        measure_one(slot, cfg, scheme, seeds.salt, within, &stop)
    };
    let sink = |counts: FilterCounts| {
        tally.add(counts);
        if let Some(listener) = on_progress.as_mut() {
            listener(&Progress {
                filters_done: tally.filters(),
                so_far: tally.measurement(),
            });
        }
        cancelled(cancel)
    };
    stop.check()?;
    run_filters(cfg.filters, cfg.seed, plan, &stop, || None, job, sink)?;
    Ok(tally.measurement())
}

/// One filter of `cfg` with the given scheme and key salt, in `slot`.
pub(crate) fn measure_one(
    slot: &mut Option<BloomFilter>,
    cfg: &MeasureConfig,
    scheme: Scheme,
    salt: u64,
    within: usize,
    stop: &Stop,
) -> Result<FilterCounts, MeasureError> {
    let filter = fresh_filter(slot, cfg.m, cfg.k, scheme)?;
    let keys = KeySpace::new(salt);
    let bits_set = insert_keys(filter, &keys, cfg.n, within, stop)?;
    let false_positives = count_false_positives(filter, &keys, cfg.queries, within, stop)?;
    Ok(FilterCounts {
        bits_set,
        false_positives,
    })
}

/// Refuses a run with nothing to count.
pub(crate) fn check_counts(queries: u64, filters: u64) -> Result<(), MeasureError> {
    if queries == 0 {
        Err(MeasureError::NoQueries)
    } else if filters == 0 {
        Err(MeasureError::NoFilters)
    } else {
        Ok(())
    }
}

/// `Err(Cancelled)` once the caller's flag is up (checked after each
/// progress report, so a callback that raises it stops the run there).
pub(crate) fn cancelled(cancel: &AtomicBool) -> Result<(), MeasureError> {
    if cancel.load(Ordering::Relaxed) {
        Err(MeasureError::Cancelled)
    } else {
        Ok(())
    }
}

/// Keys of work below which a run stays on the calling thread.
const ONE_THREAD_BELOW: u64 = 1 << 15;
/// Keys of work a thread takes at once when it takes whole filters.
const BLOCK_KEYS: u64 = 1 << 16;

/// Spreads whole filters over the threads when there are enough of them
/// and their copies fit the memory budget; otherwise measures one filter
/// at a time and splits its phases.
pub(crate) fn plan(cfg: &MeasureConfig, threads: usize) -> Plan {
    let per_filter = cfg.n.saturating_add(cfg.queries).max(1);
    let one = Plan {
        across: 1,
        within: 1,
        block: 1,
    };
    if threads <= 1 || per_filter.saturating_mul(cfg.filters) < ONE_THREAD_BELOW {
        return one;
    }
    let copies = cfg.m.div_ceil(8).saturating_mul(threads as u64 - 1);
    let many = cfg.filters >= 4 * threads as u64 || per_filter < ONE_THREAD_BELOW;
    if cfg.filters >= 2 && many && copies <= COPY_BUDGET_BYTES {
        let most = cfg.filters.div_ceil(4 * threads as u64).max(1);
        let block = (BLOCK_KEYS / per_filter).clamp(1, most);
        Plan {
            across: threads.min(cfg.filters as usize),
            within: 1,
            block,
        }
    } else {
        Plan {
            within: threads,
            ..one
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{FilterError, SchemeKind};
    use crate::measure::Z_95;
    use std::num::NonZeroUsize;

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

    fn on_threads(cfg: &MeasureConfig, threads: usize) -> (Measurement, Vec<Progress>) {
        let options = RunOptions {
            threads: NonZeroUsize::new(threads),
            keys_done: None,
        };
        let mut reports = Vec::new();
        let mut listen = |p: &Progress| reports.push(*p);
        let result =
            measure_with_options(cfg, &AtomicBool::new(false), options, Some(&mut listen)).unwrap();
        (result, reports)
    }

    #[test]
    fn the_result_and_the_reports_do_not_depend_on_the_threads() {
        for scheme in SchemeKind::ALL {
            // Many small filters (spread across threads) and one large
            // filter (its phases split between threads).
            for (n, queries, filters) in [(16, 300, 500), (70_000, 70_000, 1), (16, 100_000, 3)] {
                let cfg = MeasureConfig {
                    n,
                    m: 10 * n,
                    ..config(scheme, queries, filters)
                };
                let one = on_threads(&cfg, 1);
                assert_eq!(one.1.len() as u64, filters);
                for threads in [2, 3, 5] {
                    assert_eq!(
                        on_threads(&cfg, threads),
                        one,
                        "{cfg:?} on {threads} threads"
                    );
                }
            }
        }
    }

    #[test]
    fn the_keys_done_count_ends_at_the_total() {
        let cfg = config(SchemeKind::Independent, 5000, 30);
        let done = std::sync::atomic::AtomicU64::new(0);
        let options = RunOptions {
            threads: NonZeroUsize::new(2),
            keys_done: Some(&done),
        };
        measure_with_options(&cfg, &AtomicBool::new(false), options, None).unwrap();
        assert_eq!(done.into_inner(), cfg.total_keys());
    }
}
