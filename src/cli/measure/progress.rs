//! A progress bar for a long `measure`, on stderr and only on a terminal.
//!
//! Whether a run is long is judged by watching it, not by a guess from its
//! size: after half a second the keys done so far give the pace, and a run
//! whose projected length passes two seconds gets a bar with an ETA. Short
//! runs, and any run whose stderr is a pipe or a file, print nothing extra.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long the run is watched before its pace is judged.
const JUDGE_AFTER: Duration = Duration::from_millis(500);
/// A run projected to last longer than this gets a bar.
const LONG_RUN: Duration = Duration::from_secs(2);
/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work`, handing it the counter it should add its keys to; while it
/// runs, a watcher thread draws the bar when stderr is a terminal and the
/// run turns out long.
pub(super) fn watched<T>(total_keys: u64, work: impl FnOnce(&AtomicU64) -> T) -> T {
    let done = AtomicU64::new(0);
    if !std::io::stderr().is_terminal() {
        return work(&done);
    }
    let finished = AtomicBool::new(false);
    thread::scope(|scope| {
        scope.spawn(|| watch(total_keys, &done, &finished));
        let result = work(&done);
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// Sleeps until the run is judged long (then draws the bar until it ends)
/// or ends first.
fn watch(total: u64, done: &AtomicU64, finished: &AtomicBool) {
    let start = Instant::now();
    while start.elapsed() < JUDGE_AFTER {
        if finished.load(Ordering::Relaxed) {
            return;
        }
        thread::sleep(TICK / 2);
    }
    if !is_long(total, done.load(Ordering::Relaxed), start.elapsed()) {
        return;
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "measuring {bar:30} {percent:>3}% of {human_len} keys, {elapsed} so far, ETA {eta}",
    ) {
        bar.set_style(style);
    }
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(done.load(Ordering::Relaxed).min(total));
        thread::sleep(TICK);
    }
    bar.finish_and_clear();
}

/// True when `done` of `total` keys in `elapsed` projects past [`LONG_RUN`]
/// (a run that has not finished its first step yet counts as long).
fn is_long(total: u64, done: u64, elapsed: Duration) -> bool {
    if done == 0 {
        return true;
    }
    let projected = elapsed.as_secs_f64() * total as f64 / done as f64;
    projected > LONG_RUN.as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_long_when_its_pace_projects_past_two_seconds() {
        let half = Duration::from_millis(500);
        assert!(!is_long(1000, 1000, half));
        assert!(!is_long(1000, 300, half));
        assert!(is_long(1000, 200, half));
        assert!(is_long(1000, 0, half));
    }

    #[test]
    fn a_short_run_just_returns_its_value() {
        // Whether or not stderr is a terminal here, a run this short ends
        // before it is judged, and no bar is drawn.
        let value = watched(10, |done| {
            done.fetch_add(10, Ordering::Relaxed);
            42
        });
        assert_eq!(value, 42);
    }
}
