//! Running independent filters on several threads with a result that does
//! not depend on how many there are.
//!
//! Every filter's seeds come from one seeded stream in filter order (two
//! draws per filter, as a single thread would make them), whichever thread
//! takes the filter. Threads take blocks of consecutive filters and send
//! back their counts; the calling thread hands them on strictly in filter
//! order, so the sums, the progress reports and the result are those of a
//! one-thread run. Threads may run ahead of the caller by a few blocks
//! only, so the counts waiting to be handed on stay bounded.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::config::MeasureError;

/// The two numbers each filter draws from the run's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FilterSeeds {
    /// Chooses the filter's keys ([`super::keys::KeySpace`]).
    pub salt: u64,
    /// The independent scheme's hash seed (drawn for every scheme, so the
    /// keys of a seed do not depend on the scheme chosen).
    pub hash_seed: u64,
}

impl FilterSeeds {
    fn draw(rng: &mut StdRng) -> FilterSeeds {
        let salt = rng.random();
        let hash_seed = rng.random();
        FilterSeeds { salt, hash_seed }
    }
}

/// The caller's cancel flag, an internal stop for when the run ends early,
/// and the optional count of keys done.
pub(crate) struct Stop<'a> {
    cancel: &'a AtomicBool,
    abort: AtomicBool,
    keys_done: Option<&'a AtomicU64>,
}

impl<'a> Stop<'a> {
    pub(crate) fn new(cancel: &'a AtomicBool, keys_done: Option<&'a AtomicU64>) -> Stop<'a> {
        Stop {
            cancel,
            abort: AtomicBool::new(false),
            keys_done,
        }
    }

    /// `Err(Cancelled)` once the caller cancelled or the run is ending.
    #[inline]
    pub(crate) fn check(&self) -> Result<(), MeasureError> {
        if self.cancel.load(Ordering::Relaxed) || self.abort.load(Ordering::Relaxed) {
            Err(MeasureError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Adds `keys` to the caller's progress count, if there is one.
    #[inline]
    pub(crate) fn count(&self, keys: u64) {
        if let Some(done) = self.keys_done {
            done.fetch_add(keys, Ordering::Relaxed);
        }
    }

    fn end(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }
}

/// How a run is spread: `across` threads each measuring whole filters, or
/// one filter at a time with its phases split over `within` threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    pub across: usize,
    pub within: usize,
    /// Consecutive filters a thread takes at once.
    pub block: u64,
}

/// Filters a thread may take beyond those handed on, in blocks per thread.
const BLOCKS_AHEAD: u64 = 4;

/// Shared between the threads of one run: the seed stream and how far the
/// filters have been taken and handed on.
struct Dispatch {
    rng: StdRng,
    next: u64,
    handed_on: u64,
    closed: bool,
}

/// Measures `filters` filters with `job` (given a thread's own state from
/// `init`, the filter's seeds and the threads it may use within itself) and
/// passes each result to `sink` in filter order, on the calling thread.
pub(crate) fn run_filters<W, R>(
    filters: u64,
    seed: u64,
    plan: Plan,
    stop: &Stop,
    init: impl Fn() -> W + Sync,
    job: impl Fn(&mut W, FilterSeeds, usize) -> Result<R, MeasureError> + Sync,
    mut sink: impl FnMut(R) -> Result<(), MeasureError>,
) -> Result<(), MeasureError>
where
    R: Send,
{
    let mut rng = StdRng::seed_from_u64(seed);
    if plan.across <= 1 {
        let mut state = init();
        for _ in 0..filters {
            stop.check()?;
            sink(job(&mut state, FilterSeeds::draw(&mut rng), plan.within)?)?;
        }
        return Ok(());
    }
    let dispatch = Mutex::new(Dispatch {
        rng,
        next: 0,
        handed_on: 0,
        closed: false,
    });
    let wake = Condvar::new();
    let window = plan.block * plan.across as u64 * BLOCKS_AHEAD;
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..plan.across {
            let sender = sender.clone();
            let (dispatch, wake, init, job) = (&dispatch, &wake, &init, &job);
            scope.spawn(move || {
                let mut state = init();
                while let Some((start, seeds)) =
                    take_block(dispatch, wake, filters, plan.block, window)
                {
                    let results: Result<Vec<R>, MeasureError> =
                        seeds.into_iter().map(|s| job(&mut state, s, 1)).collect();
                    let failed = results.is_err();
                    if sender.send((start, results)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let outcome = hand_on_in_order(filters, &receiver, &dispatch, &wake, &mut sink);
        close(&dispatch, &wake);
        stop.end();
        outcome
    })
}

/// The next block of filters and their seeds, waiting while the thread is
/// too far ahead; `None` when every filter is taken or the run is over.
fn take_block(
    dispatch: &Mutex<Dispatch>,
    wake: &Condvar,
    filters: u64,
    block: u64,
    window: u64,
) -> Option<(u64, Vec<FilterSeeds>)> {
    let mut d = dispatch.lock().unwrap_or_else(|e| e.into_inner());
    while !d.closed && d.next < filters && d.next - d.handed_on >= window {
        d = wake.wait(d).unwrap_or_else(|e| e.into_inner());
    }
    if d.closed || d.next >= filters {
        return None;
    }
    let start = d.next;
    let len = block.min(filters - start);
    let seeds = (0..len).map(|_| FilterSeeds::draw(&mut d.rng)).collect();
    d.next += len;
    Some((start, seeds))
}

type Batch<R> = (u64, Result<Vec<R>, MeasureError>);

/// Receives the threads' blocks and passes their results to `sink` in
/// filter order; the first error in that order ends the run.
fn hand_on_in_order<R>(
    filters: u64,
    receiver: &mpsc::Receiver<Batch<R>>,
    dispatch: &Mutex<Dispatch>,
    wake: &Condvar,
    sink: &mut impl FnMut(R) -> Result<(), MeasureError>,
) -> Result<(), MeasureError> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    while next < filters {
        // Every thread stops after sending an error, so a closed channel
        // with filters left means one of them did and the error is here.
        let Ok((start, results)) = receiver.recv() else {
            return Err(MeasureError::Cancelled);
        };
        waiting.insert(start, results);
        while let Some(results) = waiting.remove(&next) {
            for result in results? {
                sink(result)?;
                next += 1;
            }
            dispatch.lock().unwrap_or_else(|e| e.into_inner()).handed_on = next;
            wake.notify_all();
        }
    }
    Ok(())
}

fn close(dispatch: &Mutex<Dispatch>, wake: &Condvar) {
    dispatch.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
    wake.notify_all();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(threads: usize, block: u64, filters: u64) -> Vec<(u64, u64)> {
        let cancel = AtomicBool::new(false);
        let stop = Stop::new(&cancel, None);
        let plan = Plan {
            across: threads,
            within: 1,
            block,
        };
        let mut seen = Vec::new();
        run_filters(
            filters,
            7,
            plan,
            &stop,
            || (),
            |_, s, _| Ok((s.salt, s.hash_seed)),
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap();
        seen
    }

    #[test]
    fn every_filter_gets_the_seeds_of_a_one_thread_run_in_order() {
        let one = collect(1, 1, 500);
        assert_eq!(one.len(), 500);
        for (threads, block) in [(2, 1), (3, 7), (8, 64)] {
            assert_eq!(collect(threads, block, 500), one, "{threads} threads");
        }
    }

    #[test]
    fn an_error_in_one_filter_ends_the_run() {
        let cancel = AtomicBool::new(false);
        let stop = Stop::new(&cancel, None);
        let plan = Plan {
            across: 3,
            within: 1,
            block: 2,
        };
        let mut handed = 0;
        let job = |_: &mut (), s: FilterSeeds, _| {
            if s.salt.is_multiple_of(5) {
                Err(MeasureError::NoQueries)
            } else {
                Ok(())
            }
        };
        let result = run_filters(
            10_000,
            1,
            plan,
            &stop,
            || (),
            job,
            |()| {
                handed += 1;
                Ok(())
            },
        );
        assert_eq!(result, Err(MeasureError::NoQueries));
        assert!(handed < 10_000);
    }
}
