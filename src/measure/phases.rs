//! The two phases of one filter's measurement, inserting its keys and
//! querying strangers, each split over threads when it is large enough.
//!
//! Splitting changes nothing in the result: the inserted keys set the same
//! bits in whatever order and on whatever copy they land (copies are merged
//! with a bitwise or), and a count of "maybe" answers is a sum.

use std::ops::Range;

use super::config::MeasureError;
use super::engine::Stop;
use super::keys::KeySpace;
use crate::filter::{BloomFilter, Scheme};

/// Probes between two looks at the cancel flag (and two additions to the
/// progress count): a few milliseconds of work at most.
const PROBES_PER_CHECK: u64 = 1 << 15;
/// A phase with fewer keys than this runs on one thread: threads would
/// cost more than they save.
const SPLIT_FROM: u64 = 1 << 16;
/// The most memory the extra copies of a filter for a split insert phase
/// may take together; above it the inserts stay on one thread.
pub(crate) const COPY_BUDGET_BYTES: u64 = 128 << 20;

/// The filter in `slot`, emptied and switched to `scheme`; built (with a
/// fallible allocation) the first time.
pub(crate) fn fresh_filter(
    slot: &mut Option<BloomFilter>,
    m: u64,
    k: u32,
    scheme: Scheme,
) -> Result<&mut BloomFilter, MeasureError> {
    Ok(match slot {
        Some(filter) => {
            filter.reset_with_scheme(scheme);
            filter
        }
        // A new array is left untouched, so a large sparse filter only ever
        // commits the pages its keys land on.
        None => slot.insert(BloomFilter::new(m, k, scheme)?),
    })
}

/// Calls `each` with every index of `range`, looking at `stop` and adding
/// to the progress count every few thousand keys.
#[inline]
fn for_keys(
    range: Range<u64>,
    k: u32,
    stop: &Stop,
    mut each: impl FnMut(u64),
) -> Result<(), MeasureError> {
    let step = (PROBES_PER_CHECK / u64::from(k.max(1))).max(1);
    let mut start = range.start;
    while start < range.end {
        stop.check()?;
        let end = range.end.min(start.saturating_add(step));
        (start..end).for_each(&mut each);
        stop.count(end - start);
        start = end;
    }
    Ok(())
}

/// Inserts keys `0..n` of `keys` into the empty `filter` and returns how
/// many bits they set.
pub(crate) fn insert_keys(
    filter: &mut BloomFilter,
    keys: &KeySpace,
    n: u64,
    threads: usize,
    stop: &Stop,
) -> Result<u64, MeasureError> {
    let copies = threads.saturating_sub(1) as u64;
    let copy_bytes = filter.m().div_ceil(8).saturating_mul(copies);
    if threads <= 1 || n < SPLIT_FROM || copy_bytes > COPY_BUDGET_BYTES {
        // A sparse filter counts the bits its keys turn on; a dense one
        // counts them afterwards, which is cheaper than a test per probe
        // and reads no more memory than the keys did.
        let probes = n.saturating_mul(u64::from(filter.k()));
        if probes < filter.m() / 8 {
            let mut bits_set = 0u64;
            for_keys(0..n, filter.k(), stop, |i| {
                bits_set += u64::from(filter.insert_counting_new_bits(&keys.inserted(i)));
            })?;
            return Ok(bits_set);
        }
        for_keys(0..n, filter.k(), stop, |i| filter.add(&keys.inserted(i)))?;
        return Ok(filter.count_ones());
    }
    let mut parts = Vec::with_capacity(threads - 1);
    for _ in 1..threads {
        parts.push(filter.empty_like()?);
    }
    let ranges = split(0..n, threads);
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (part, range) in parts.iter_mut().zip(&ranges[1..]) {
            let range = range.clone();
            handles.push(
                scope.spawn(move || {
                    for_keys(range, part.k(), stop, |i| part.add(&keys.inserted(i)))
                }),
            );
        }
        let k = filter.k();
        let mine = for_keys(ranges[0].clone(), k, stop, |i| {
            filter.add(&keys.inserted(i))
        });
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(MeasureError::Cancelled)))
            .fold(mine, Result::and)
    })?;
    for part in &parts {
        filter.union_with(part)?;
    }
    Ok(filter.count_ones())
}

/// Queries keys `0..queries` of `keys` (never inserted) and counts the
/// "maybe" answers: the false positives.
pub(crate) fn count_false_positives(
    filter: &BloomFilter,
    keys: &KeySpace,
    queries: u64,
    threads: usize,
    stop: &Stop,
) -> Result<u64, MeasureError> {
    let count = |range: Range<u64>| {
        let mut maybes = 0u64;
        for_keys(range, filter.k(), stop, |j| {
            maybes += u64::from(filter.contains(&keys.queried(j)));
        })
        .map(|()| maybes)
    };
    if threads <= 1 || queries < SPLIT_FROM {
        return count(0..queries);
    }
    let ranges = split(0..queries, threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = ranges[1..]
            .iter()
            .map(|range| {
                let range = range.clone();
                scope.spawn(move || count(range))
            })
            .collect();
        let mine = count(ranges[0].clone());
        handles.into_iter().fold(mine, |total, h| {
            let part = h.join().unwrap_or(Err(MeasureError::Cancelled));
            Ok(total? + part?)
        })
    })
}

/// `range` cut into `parts` consecutive pieces of nearly equal length.
fn split(range: Range<u64>, parts: usize) -> Vec<Range<u64>> {
    let len = range.end - range.start;
    let parts = parts.max(1) as u64;
    (0..parts)
        .map(|i| {
            let cut =
                |j: u64| range.start + (u128::from(len) * u128::from(j) / u128::from(parts)) as u64;
            cut(i)..cut(i + 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn split_covers_the_range_in_order() {
        assert_eq!(split(0..10, 3), [0..3, 3..6, 6..10]);
        assert_eq!(split(5..6, 4), [5..5, 5..5, 5..5, 5..6]);
        assert_eq!(split(0..0, 1).len(), 1);
        assert!(split(0..0, 1)[0].is_empty());
    }

    #[test]
    fn split_phases_give_the_one_thread_counts() {
        let cancel = AtomicBool::new(false);
        let stop = Stop::new(&cancel, None);
        let keys = KeySpace::new(99);
        let n = SPLIT_FROM + 17;
        let run = |threads| {
            let mut slot = None;
            let scheme = Scheme::Independent { seed: 5 };
            let filter = fresh_filter(&mut slot, 4 * n, 3, scheme).unwrap();
            let bits = insert_keys(filter, &keys, n, threads, &stop).unwrap();
            let fps = count_false_positives(filter, &keys, n, threads, &stop).unwrap();
            (bits, fps, filter.clone())
        };
        let (bits, fps, filter) = run(1);
        assert_eq!(bits, filter.count_ones());
        for threads in [2, 3] {
            let (b, f, other) = run(threads);
            assert_eq!((b, f), (bits, fps));
            assert_eq!(other, filter);
        }
    }
}
