//! The lab's measurements on real filters: the one at the current setting
//! and the comparison of two k, each reporting how far it has got (counts
//! so far, keys done, an estimate of the time left) while it runs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use crate::measure::compare::compare_k_with_options;
use crate::measure::{
    CompareConfig, CompareProgress, Comparison, MeasureConfig, MeasureError, Measurement, Progress,
    RunOptions, measure_with_options,
};

/// How often a running measurement reports to the screen.
const REPORT_EVERY: Duration = Duration::from_millis(250);
/// Below this much time spent, a run's pace says too little for an estimate.
const ETA_AFTER: Duration = Duration::from_millis(500);

/// The longest measurement the lab starts by itself, in estimated seconds:
/// beyond it a slider move would set both cores spinning for a while, so
/// the measured row asks first.
const AUTO_SECONDS: f64 = 1.5;
/// Probes a second on one core while the filter fits in the caches, and
/// once it does not (measured on this project's 2-core machines: 160 bits
/// run about 1.3 * 10^8, 10^9 bits about 2.3 * 10^7). An estimate only.
const PROBES_PER_SECOND_CACHED: f64 = 1.0e8;
const PROBES_PER_SECOND_MEMORY: f64 = 2.0e7;
/// Filters up to this many bytes count as cached.
const CACHED_BYTES: u64 = 4 << 20;

/// Whether a measurement runs by itself, on request, or not at all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum MeasurePlan {
    /// Quick: it starts whenever the settings change.
    Auto,
    /// Long: it starts when asked (`m`).
    OnRequest {
        /// The estimated run time.
        seconds: f64,
    },
    /// The filter (or the two of a comparison) would need more memory than
    /// the lab allows.
    TooBig {
        /// Bytes the filter would need.
        bytes: u64,
    },
}

impl MeasurePlan {
    /// The plan for a measurement of `cfg`.
    pub(crate) fn of(cfg: &MeasureConfig) -> MeasurePlan {
        if cfg.m > crate::limits::LAB_MEASURE_M {
            return MeasurePlan::TooBig {
                bytes: cfg.m.div_ceil(8),
            };
        }
        let seconds = estimated_seconds(cfg.m, cfg.work(), cfg.filters);
        if seconds <= AUTO_SECONDS {
            MeasurePlan::Auto
        } else {
            MeasurePlan::OnRequest { seconds }
        }
    }
}

/// A rough run time for `work` probes on filters of `m` bits, spread over
/// the cores when there are several filters.
pub(crate) fn estimated_seconds(m: u64, work: u128, filters: u64) -> f64 {
    let per_core = if m / 8 <= CACHED_BYTES {
        PROBES_PER_SECOND_CACHED
    } else {
        PROBES_PER_SECOND_MEMORY
    };
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let threads = filters.clamp(1, cores as u64) as f64;
    work as f64 / (per_core * threads)
}

/// How far a running measurement has got.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Running {
    /// Keys inserted or queried so far, over every filter and thread.
    pub keys_done: u64,
    /// Keys the run inserts or queries in all.
    pub keys_total: u64,
    /// Time since the run started.
    pub elapsed: Duration,
}

impl Running {
    /// The time left at the pace so far, once the run has gone long enough
    /// for its pace to mean something.
    pub(crate) fn time_left(&self) -> Option<Duration> {
        if self.elapsed < ETA_AFTER || self.keys_done == 0 || self.keys_done >= self.keys_total {
            return None;
        }
        let left = (self.keys_total - self.keys_done) as f64 / self.keys_done as f64;
        Some(self.elapsed.mul_f64(left))
    }

    /// Share of the keys done, from 0 to 1.
    pub(crate) fn fraction(&self) -> f64 {
        if self.keys_total == 0 {
            1.0
        } else {
            self.keys_done as f64 / self.keys_total as f64
        }
    }
}

/// A measurement at the lab's setting, finished or so far.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MeasureFigures {
    /// Pooled over the filters finished so far (every filter once done).
    pub pooled: Measurement,
    /// Filters finished so far.
    pub filters_done: u64,
    /// Filters asked for.
    pub filters: u64,
    /// While the run goes on: how far it has got.
    pub running: Option<Running>,
}

impl MeasureFigures {
    /// True once every filter has been measured.
    pub(crate) fn complete(&self) -> bool {
        self.running.is_none() && self.filters_done >= self.filters
    }

    /// The finished measurement, if it is finished.
    pub(crate) fn finished(&self) -> Option<&Measurement> {
        self.complete().then_some(&self.pooled)
    }
}

/// A comparison of two k, finished or so far.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CompareFigures {
    /// The comparison over the filters finished so far (`None` before the
    /// first).
    pub comparison: Option<Comparison>,
    /// Filters finished so far.
    pub filters_done: u64,
    /// Filters asked for.
    pub filters: u64,
    /// While the run goes on: how far it has got.
    pub running: Option<Running>,
}

impl CompareFigures {
    /// The finished comparison, if it is finished.
    pub(crate) fn finished(&self) -> Option<&Comparison> {
        if self.running.is_none() && self.filters_done >= self.filters {
            self.comparison.as_ref()
        } else {
            None
        }
    }
}

/// Runs `work` on a thread of its own with options that count the keys
/// done and a listener for its progress (the filters done and the pooled
/// figures so far), while this thread hands `report` the latest of them
/// every [`REPORT_EVERY`]: the filters done, the figures (none until the
/// first filter is done) and how far the keys have got. Returns what
/// `work` returned.
fn with_reports<S: Copy + Send, R: Send>(
    keys_total: u64,
    work: impl FnOnce(RunOptions<'_>, &mut dyn FnMut(u64, S)) -> R + Send,
    report: impl Fn(u64, Option<S>, Running),
) -> R {
    let latest: Mutex<(u64, Option<S>)> = Mutex::new((0, None));
    let keys_done = AtomicU64::new(0);
    let start = Instant::now();
    let (done_tx, done_rx) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let (counter, latest) = (&keys_done, &latest);
        let run = scope.spawn(move || {
            let options = RunOptions {
                threads: None,
                keys_done: Some(counter),
            };
            let mut note = |filters_done: u64, so_far: S| {
                *latest.lock().unwrap_or_else(PoisonError::into_inner) =
                    (filters_done, Some(so_far));
            };
            let result = work(options, &mut note);
            // The receiver may have stopped listening; the join below
            // collects the result either way.
            let _ = done_tx.send(());
            result
        });
        while let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(REPORT_EVERY) {
            let (filters_done, so_far) = *latest.lock().unwrap_or_else(PoisonError::into_inner);
            let running = Running {
                keys_done: keys_done.load(Ordering::Relaxed),
                keys_total,
                elapsed: start.elapsed(),
            };
            report(filters_done, so_far, running);
        }
        match run.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The measurement for `cfg` on real filters; `None` when cancelled. While
/// it runs, `so_far` hears the pooled count and the keys done about four
/// times a second.
pub(crate) fn measured(
    cfg: MeasureConfig,
    cancel: &AtomicBool,
    so_far: &dyn Fn(MeasureFigures),
) -> Option<Result<MeasureFigures, String>> {
    let result = with_reports(
        cfg.total_keys(),
        |options, note| {
            let mut listener = |p: &Progress| note(p.filters_done, p.so_far);
            measure_with_options(&cfg, cancel, options, Some(&mut listener))
        },
        |filters_done, pooled, running| {
            so_far(MeasureFigures {
                pooled: pooled.unwrap_or_else(|| empty(cfg.queries)),
                filters_done,
                filters: cfg.filters,
                running: Some(running),
            });
        },
    );
    match result {
        Ok(m) => Some(Ok(MeasureFigures {
            pooled: m,
            filters_done: cfg.filters,
            filters: cfg.filters,
            running: None,
        })),
        Err(MeasureError::Cancelled) => None,
        Err(e) => Some(Err(e.to_string())),
    }
}

/// The comparison `cfg`; `None` when cancelled. Reports like [`measured`].
pub(crate) fn compared(
    cfg: CompareConfig,
    cancel: &AtomicBool,
    so_far: &dyn Fn(CompareFigures),
) -> Option<Result<CompareFigures, String>> {
    // Each filter is filled and queried once per k.
    let keys_total = cfg
        .n
        .saturating_add(cfg.queries)
        .saturating_mul(cfg.filters)
        .saturating_mul(2);
    let result = with_reports(
        keys_total,
        |options, note| {
            let mut listener = |p: &CompareProgress| note(p.filters_done, p.so_far);
            compare_k_with_options(&cfg, cancel, options, Some(&mut listener))
        },
        |filters_done, comparison, running| {
            so_far(CompareFigures {
                comparison,
                filters_done,
                filters: cfg.filters,
                running: Some(running),
            });
        },
    );
    match result {
        Ok(c) => Some(Ok(CompareFigures {
            comparison: Some(c),
            filters_done: cfg.filters,
            filters: cfg.filters,
            running: None,
        })),
        Err(MeasureError::Cancelled) => None,
        Err(e) => Some(Err(e.to_string())),
    }
}

/// The pooled result of no filters yet.
fn empty(queries: u64) -> Measurement {
    crate::measure::tally::Tally::new(queries).measurement()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::SchemeKind;

    #[test]
    fn small_runs_start_by_themselves_and_big_ones_ask() {
        let lab = MeasureConfig {
            m: 160,
            n: 16,
            k: 7,
            queries: 200,
            filters: 1,
            seed: 1,
            scheme: SchemeKind::Independent,
        };
        assert_eq!(MeasurePlan::of(&lab), MeasurePlan::Auto);
        let crawler_size = MeasureConfig {
            m: 1_000_000_000,
            n: 100_000_000,
            ..lab
        };
        assert!(matches!(
            MeasurePlan::of(&crawler_size),
            MeasurePlan::OnRequest { seconds } if seconds > 10.0
        ));
        let too_big = MeasureConfig {
            m: 10_000_000_000,
            ..crawler_size
        };
        assert_eq!(
            MeasurePlan::of(&too_big),
            MeasurePlan::TooBig {
                bytes: 1_250_000_000
            }
        );
    }

    #[test]
    fn time_left_follows_the_pace_so_far() {
        let r = Running {
            keys_done: 250,
            keys_total: 1000,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(r.time_left(), Some(Duration::from_secs(6)));
        assert_eq!(r.fraction(), 0.25);
        let early = Running {
            elapsed: Duration::from_millis(100),
            ..r
        };
        assert_eq!(early.time_left(), None);
        let none_yet = Running { keys_done: 0, ..r };
        assert_eq!(none_yet.time_left(), None);
    }

    #[test]
    fn reports_arrive_while_the_work_goes_on() {
        // The work waits until it has been reported on twice, so the test
        // does not depend on how fast the machine is.
        let (seen_tx, seen_rx) = mpsc::channel::<u64>();
        let reports = std::cell::RefCell::new(Vec::new());
        let result = with_reports(
            40,
            move |options, note: &mut dyn FnMut(u64, char)| {
                let keys_done = options.keys_done.expect("a counter");
                keys_done.store(10, Ordering::Relaxed);
                seen_rx.recv().ok();
                keys_done.store(20, Ordering::Relaxed);
                note(1, 'x');
                seen_rx.recv().ok();
                "done"
            },
            |_, _, running| {
                reports.borrow_mut().push(running.keys_done);
                let _ = seen_tx.send(running.keys_done);
            },
        );
        assert_eq!(result, "done");
        let reports = reports.into_inner();
        assert!(reports.len() >= 2, "{reports:?}");
        assert!(reports.windows(2).all(|w| w[0] <= w[1]), "{reports:?}");
        assert_eq!(reports[0], 10);
    }

    #[test]
    fn a_finished_measurement_is_complete() {
        let cfg = MeasureConfig {
            m: 160,
            n: 16,
            k: 7,
            queries: 500,
            filters: 20,
            seed: 1,
            scheme: SchemeKind::Independent,
        };
        let Some(Ok(done)) = measured(cfg, &AtomicBool::new(false), &|_| {}) else {
            panic!("no measurement")
        };
        assert!(done.complete() && done.running.is_none());
        assert_eq!(done.pooled.total_queries, 10_000);
        assert_eq!(done.finished(), Some(&done.pooled));
    }

    #[test]
    fn a_cancelled_measurement_returns_nothing() {
        let cfg = MeasureConfig {
            m: 160,
            n: 16,
            k: 7,
            queries: 200,
            filters: 3,
            seed: 1,
            scheme: SchemeKind::Independent,
        };
        assert_eq!(measured(cfg, &AtomicBool::new(true), &|_| {}), None);
    }

    #[test]
    fn the_comparison_at_the_lecture_filter_tells_three_from_four() {
        // 16 bits, 3 keys: the true rate is 0.0906 at k=3 and 0.0935 at
        // k=4, a gap that about a million queries per k resolve.
        let cfg = CompareConfig {
            m: 16,
            n: 3,
            k_a: 4,
            k_b: 3,
            queries: 1000,
            filters: 2000,
            seed: 1,
        };
        let Some(Ok(f)) = compared(cfg, &AtomicBool::new(false), &|_| {}) else {
            panic!("no comparison")
        };
        let c = f.finished().expect("finished");
        assert_eq!(c.lower_k(), Some(3), "{}", c.summary());
    }
}
