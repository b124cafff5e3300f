//! A progress bar with ETA on stderr for building a large exact fraction,
//! shown only when stderr is a terminal and the work is expected to take
//! more than about two seconds; otherwise the work simply runs.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::rates::progress::Meter;

/// Cost-model units ([`Meter::product_cost`]) done per second on this kind
/// of machine, measured at m = 10^5, n = 10^4, k = 7 (20 million units in
/// about 0.2 s of one core) and rounded down, so the bar errs towards
/// showing.
const UNITS_PER_SECOND: f64 = 100_000_000.0;

/// The shortest expected run that gets a bar.
const SHOW_AFTER: Duration = Duration::from_secs(2);

/// How long `units` of work are expected to take.
pub(super) fn expected(units: u64) -> Duration {
    Duration::from_secs_f64(units as f64 / UNITS_PER_SECOND)
}

/// Whether a run expected to take `expected` gets a bar on a stderr that
/// `is_terminal` or not.
pub(super) fn shows_bar(expected: Duration, is_terminal: bool) -> bool {
    is_terminal && expected > SHOW_AFTER
}

/// Runs `work` (which reports to `meter`) and, when [`shows_bar`] says so,
/// draws a bar on stderr from a second thread until it is done, cleared
/// afterwards so the output stays as it would be without it.
pub(super) fn run_with_bar<T: Send>(
    what: &str,
    units: u64,
    meter: &Meter,
    work: impl FnOnce() -> T + Send,
) -> T {
    if !shows_bar(expected(units), std::io::stderr().is_terminal()) {
        return work();
    }
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg} [{bar:20}] {percent:>3}% ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(what.to_string());
    let done = AtomicBool::new(false);
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                bar.set_position((meter.fraction() * 1000.0) as u64);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let out = work();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        out
    });
    bar.finish_and_clear();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{ExactRates, Params};

    #[test]
    fn only_long_runs_on_a_terminal_get_a_bar() {
        let lesson = expected(ExactRates::expected_cost(
            Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}")),
        ));
        let table = expected(ExactRates::expected_cost(
            Params::new(100_000, 10_000, 7).unwrap_or_else(|e| panic!("{e}")),
        ));
        let huge = expected(ExactRates::expected_cost(
            Params::new(1_000_000, 100_000, 7).unwrap_or_else(|e| panic!("{e}")),
        ));
        assert!(!shows_bar(lesson, true));
        assert!(!shows_bar(table, true), "{table:?}");
        assert!(shows_bar(huge, true), "{huge:?}");
        assert!(!shows_bar(huge, false));
    }

    #[test]
    fn off_a_terminal_the_work_just_runs() {
        let meter = Meter::new();
        assert_eq!(run_with_bar("x", u64::MAX, &meter, || 42), 42);
    }
}
