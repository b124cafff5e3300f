//! Rows of Stirling numbers of the second kind, `S(k, r)` for
//! `r = 0..=r_max`, exact, for the weights of the big-number path.
//!
//! The recurrence `S(i, r) = r S(i-1, r) + S(i-1, r-1)` is run on plain
//! little-endian 64-bit limbs, each entry updated in place by one pass that
//! multiplies and adds ([`mul_add`]): at k = 1000 that is half a million
//! updates of numbers up to 6,400 bits, and a big-integer product followed
//! by a big-integer sum walked every number twice and allocated a new one
//! per update.

use std::sync::{Mutex, mpsc};

use num_bigint::BigUint;

use super::kept::{self, Kept, UNTAGGED};
use crate::rates::cores;

/// Little-endian 64-bit limbs of a whole number, with no zero limb on top
/// (zero is empty).
type Limbs = Vec<u64>;

/// `S(k, r)` for `r = 0..=r_max`, from the Stirling recurrence truncated
/// at `r_max` columns, started from the nearest kept row at or below k
/// (see [`KEPT_ROWS`]).
///
/// Column r of a row depends only on columns up to r of the row before,
/// so a row kept with `c` columns holds exact values up to column `c`,
/// and all of them when `c` reaches its k (the rest are 0): it can start
/// any later row whose columns it covers.
///
/// That also lets two threads share the work ([`split_column`]): one runs
/// columns up to some `c` and passes on each row's `S(i, c)`, which the
/// other needs for column `c + 1` of the next row, and runs the columns
/// above `c` one row behind.
pub(super) fn stirling_row(k: u32, r_max: usize) -> Vec<BigUint> {
    let (from, mut row) = kept_row_below(k, r_max);
    row.resize(r_max + 1, Limbs::new());
    let split = split_column(from, k, r_max, &row);
    let fresh = advance(&mut row, from + 1..=k, r_max, split);
    keep_rows(fresh);
    row.iter().map(|limbs| to_biguint(limbs)).collect()
}

/// Moves `row` (columns `0..=r_max`) on over `rows`, on two threads when
/// `split` names the first thread's last column. Returns the rows to keep.
fn advance(
    row: &mut [Limbs],
    rows: std::ops::RangeInclusive<u32>,
    r_max: usize,
    split: Option<usize>,
) -> Vec<(u32, Vec<Limbs>)> {
    let Some(c) = split else {
        return run_rows(row, 0, r_max, rows, |_| None);
    };
    let (low, high) = row.split_at_mut(c + 1);
    let (send, receive) = mpsc::channel();
    let (fresh_low, fresh_high) = cores::both(
        true,
        || {
            run_rows(low, 0, c, rows.clone(), |done| {
                // The other side has gone only if it panicked, which the
                // join passes on.
                let _ = send.send(done[c].clone());
                None
            })
        },
        || run_rows(high, c + 1, r_max, rows.clone(), |_| receive.recv().ok()),
    );
    fresh_low
        .into_iter()
        .zip(fresh_high)
        .map(|((at, mut low), (_, high))| {
            low.extend(high);
            (at, low)
        })
        .collect()
}

/// Runs the recurrence over `rows` for the columns `first..=last` held in
/// `columns` (column r at `columns[r - first]`). `edge` sees the columns
/// before each row and once after the last; before a row it gives column
/// `first - 1` of the row before when `first > 0`. Returns the rows to
/// keep ([`STIRLING_STRIDE`] and the last).
fn run_rows(
    columns: &mut [Limbs],
    first: usize,
    last: usize,
    rows: std::ops::RangeInclusive<u32>,
    mut edge: impl FnMut(&[Limbs]) -> Option<Limbs>,
) -> Vec<(u32, Vec<Limbs>)> {
    let k = *rows.end();
    let mut fresh = Vec::new();
    for i in rows {
        let below = edge(columns);
        let top = last.min(i as usize);
        // From the top down, so column r - 1 still holds the row before.
        for r in (first.max(1)..=top).rev() {
            let at = r - first;
            if at == 0 {
                mul_add(&mut columns[0], r as u64, below.as_deref().unwrap_or(&[]));
            } else {
                let (head, tail) = columns.split_at_mut(at);
                mul_add(&mut tail[0], r as u64, &head[at - 1]);
            }
        }
        if first == 0 {
            columns[0].clear();
        }
        if i.is_multiple_of(STIRLING_STRIDE) || i == k {
            fresh.push((i, columns.to_vec()));
        }
    }
    edge(columns);
    fresh
}

/// The last column of the first of two threads, or `None` when the rows
/// are too few to be worth a second thread.
///
/// The columns above `c` wait for the row before of column `c`, and their
/// work comes late (column r starts at row r, and its numbers are small at
/// first), so the split that finishes soonest gives the first thread more
/// than half: counted in limb steps, over a whole triangle (rows from 0,
/// `r_max = k`) the best `c` is about `0.29 k` at any k from 100 to 2000,
/// for two threads about 1.65 times as fast as one; with fewer columns
/// than rows it moves up to `0.57 r_max` at `r_max = k / 10` (1.95 times
/// as fast), and `0.58 - 0.29 (r_max / k)^1.3` follows it within 0.02. On
/// from a kept row, every row has all its columns, and the half of the
/// columns that holds half the limbs of the kept row is the split.
fn split_column(from: u32, k: u32, r_max: usize, start: &[Limbs]) -> Option<usize> {
    let rows = u64::from(k - from);
    let columns = r_max.min(k as usize);
    if rows * columns as u64 <= SPLIT_FROM_STEPS || columns < 4 {
        return None;
    }
    let c = if from == 0 {
        let share = 0.58 - 0.29 * (columns as f64 / f64::from(k)).powf(1.3);
        (columns as f64 * share) as usize
    } else {
        let limbs = |r: usize| start.get(r).map_or(0, Vec::len) + 1;
        let half = (1..=columns).map(limbs).sum::<usize>() / 2;
        let mut seen = 0;
        (1..=columns)
            .find(|&r| {
                seen += limbs(r);
                seen >= half
            })
            .unwrap_or(columns)
    };
    Some(c.clamp(1, columns - 2))
}

/// Fewer steps of the recurrence than this (each of up to a hundred limbs)
/// take well under a millisecond, and one thread does them.
const SPLIT_FROM_STEPS: u64 = 20_000;

/// `a = a * factor + b`, in place, in one pass over the limbs; `factor`
/// must not be zero (so the top limb stays non-zero).
fn mul_add(a: &mut Limbs, factor: u64, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    let factor = u128::from(factor);
    // a * factor + b + carry < 2^128 for limbs and a carry below 2^64.
    let mut carry = 0u64;
    let (both, only_a) = a.split_at_mut(b.len());
    for (x, &y) in both.iter_mut().zip(b) {
        let t = u128::from(*x) * factor + u128::from(y) + u128::from(carry);
        *x = t as u64;
        carry = (t >> 64) as u64;
    }
    for x in only_a {
        let t = u128::from(*x) * factor + u128::from(carry);
        *x = t as u64;
        carry = (t >> 64) as u64;
    }
    if carry != 0 {
        a.push(carry);
    }
}

fn to_biguint(limbs: &[u64]) -> BigUint {
    let halves = limbs
        .iter()
        .flat_map(|&limb| [limb as u32, (limb >> 32) as u32])
        .collect();
    BigUint::new(halves)
}

/// Rows of Stirling numbers `(k, S(k, 0..=c))` kept for the next k: the
/// best-k search prices neighbouring k, and at k in the hundreds the row
/// of big integers was a fifth of an enclosure. Rows are kept every
/// [`STIRLING_STRIDE`] k on the way and at the k asked.
static KEPT_ROWS: Mutex<Kept<Limbs>> = Mutex::new(Kept::new(STIRLING_KEPT));
/// k between rows kept on the way up.
const STIRLING_STRIDE: u32 = 64;
/// How many rows are kept (the most recent ones).
const STIRLING_KEPT: usize = 24;

/// The kept row with the largest k up to `k` whose columns cover
/// `0..=r_max` (or its own k), or row 0.
fn kept_row_below(k: u32, r_max: usize) -> (u32, Vec<Limbs>) {
    let complete = |at: u64, len: usize| len as u64 > at;
    match kept::below(&KEPT_ROWS, UNTAGGED, u64::from(k), r_max + 1, complete) {
        // Kept rows are at most k, a u32.
        Some((at, row)) => (at as u32, row),
        None => (0, vec![vec![1]]),
    }
}

fn keep_rows(rows: Vec<(u32, Vec<Limbs>)>) {
    let rows = rows
        .into_iter()
        .map(|(at, row)| (u64::from(at), row))
        .collect();
    kept::keep(&KEPT_ROWS, UNTAGGED, rows);
}

/// Forgets the kept rows.
pub(super) fn forget() {
    kept::forget(&KEPT_ROWS);
}

#[cfg(test)]
mod tests {
    use num_traits::{One, Zero};

    use super::*;

    #[test]
    fn stirling_rows_from_kept_rows_match_the_recurrence_from_scratch() {
        // Plain recurrence, no kept rows.
        fn scratch(k: u32, r_max: usize) -> Vec<BigUint> {
            let mut row = vec![BigUint::zero(); r_max + 1];
            row[0] = BigUint::one();
            for i in 1..=k as usize {
                for r in (1..=r_max.min(i)).rev() {
                    row[r] = &row[r] * BigUint::from(r as u64) + &row[r - 1];
                }
                row[0] = BigUint::zero();
            }
            row
        }
        // Up, down, across a stride, with fewer and with more columns than
        // a kept row holds; row 0 and row 1.
        for (k, r_max) in [
            (130, 130),
            (131, 131),
            (129, 129),
            (200, 50),
            (201, 120),
            (64, 10),
            (70, 70),
            (5, 5),
            (0, 0),
            (1, 1),
            (300, 300),
        ] {
            assert_eq!(stirling_row(k, r_max), scratch(k, r_max), "{k} {r_max}");
        }
    }

    #[test]
    fn two_threads_give_the_rows_one_thread_gives() {
        // From row 0 and from a row part of the way, split at every column
        // the second thread can start from, against one thread; the rows
        // kept on the way must match too.
        for (from, k, r_max) in [
            (0u32, 40u32, 40usize),
            (0, 70, 12),
            (30, 75, 75),
            (64, 130, 20),
        ] {
            let mut start = vec![vec![1]];
            start.resize(r_max + 1, Limbs::new());
            let _ = advance(&mut start, 1..=from, r_max, None);
            let mut one = start.clone();
            let kept_one = advance(&mut one, from + 1..=k, r_max, None);
            for c in 1..=r_max.min(k as usize) - 2 {
                let mut two = start.clone();
                let kept_two = advance(&mut two, from + 1..=k, r_max, Some(c));
                assert_eq!(two, one, "{from} {k} {r_max} split at {c}");
                assert_eq!(kept_two, kept_one, "{from} {k} {r_max} split at {c}");
            }
        }
        // The split chosen for a large row is one of those.
        assert!(split_column(0, 1000, 1000, &[]).is_some_and(|c| (250..=330).contains(&c)));
        assert_eq!(split_column(0, 20, 20, &[]), None);
    }

    #[test]
    fn the_in_place_multiply_add_matches_big_integers() {
        // Numbers of 0 to 40 limbs, each either random or all ones in some
        // limbs (so carries run across many limbs), against factors from 1
        // to the largest word.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let number = |len: usize, next: &mut dyn FnMut() -> u64| -> Limbs {
            let mut limbs: Limbs = (0..len)
                .map(|_| match next() % 4 {
                    0 => u64::MAX,
                    1 => 0,
                    _ => next(),
                })
                .collect();
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            limbs
        };
        let factors = [1, 2, 3, 999, 1000, 1 << 32, u64::MAX - 1, u64::MAX];
        let mut checked = 0;
        for a_len in [0, 1, 2, 3, 7, 16, 40] {
            for b_len in [0, 1, 2, 5, 16, 39, 40] {
                for &factor in &factors {
                    for _ in 0..4 {
                        let (a, b) = (number(a_len, &mut next), number(b_len, &mut next));
                        let want = to_biguint(&a) * BigUint::from(factor) + to_biguint(&b);
                        let mut got = a.clone();
                        mul_add(&mut got, factor, &b);
                        assert_eq!(to_biguint(&got), want, "{a:x?} * {factor} + {b:x?}");
                        assert_ne!(got.last(), Some(&0), "a zero limb on top");
                        checked += 1;
                    }
                }
            }
        }
        // A carry out of every limb: (2^(64 j) - 1) * f + (2^(64 j) - 1).
        for len in 1..=12 {
            let ones = vec![u64::MAX; len];
            let mut got = ones.clone();
            mul_add(&mut got, u64::MAX, &ones);
            let all = to_biguint(&ones);
            assert_eq!(to_biguint(&got), &all * BigUint::from(u64::MAX) + &all);
        }
        assert_eq!(checked, 7 * 7 * factors.len() * 4);
    }
}
