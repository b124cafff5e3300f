//! The true rate summed over the number of set bits, for filters that take
//! few throws in all, in 128-bit arithmetic ([`Two`]).
//!
//! With `X_N` the bits set after `N` throws into `m` bits, the true rate
//! at k is `E[(X_{kn} / m)^k]`. Counting the ways instead of the chances,
//! `c_N(x) = m^N P(X_N = x)` starts at `c_0 = [x = 0]` and follows
//!
//! `c_{N+1}(x) = x c_N(x) + (m - x + 1) c_N(x - 1)`
//!
//! (the next throw lands on one of the x bits already set, or sets one of
//! the `m - x + 1` still empty), so that
//!
//! `T(k) = sum_x c_{kn}(x) x^k / m^(kn + k)`.
//!
//! Every step multiplies non-negative numbers by whole numbers and adds
//! them, so with each lower end rounded down and each upper end up the
//! pair brackets `c_N(x)` after any number of steps, and the sum brackets
//! `T(k)`: the enclosure is certain whatever its width. The width grows
//! by at most three roundings of `2^-127` per step (each entry's relative
//! error is at most the larger of its two sources' plus those three), and
//! by about `2 log2 k + x` more in the sum, so below `2^-110` for the few
//! thousand throws this is used for; the caller checks it anyway.
//!
//! **Why another sum.** At a light load with few keys (1000 bits, 1 key,
//! k about 540) the light-load series of the parent module runs about
//! `N^2 / 2` steps for each k, and the best-k search asks for a handful
//! of k next to each other. Here the rows of consecutive k are only `n`
//! throws apart: rows are kept every [`STRIDE`] throws (for the last m and
//! n asked), so after the first k each further one costs at most
//! [`STRIDE`] steps from the row kept below it, and one sum.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use super::kept::{self, Kept};
use super::two::Two;
use crate::rates::cancel;
use crate::rates::certified::Enclosure;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::wide::Wide;

/// Throws between kept rows.
const STRIDE: u64 = 16;
/// Most cells (throws times the row's length) one enclosure may step
/// through from nothing: about 10 ms.
pub(super) const MAX_CELLS: u64 = 1_200_000;

/// Rows `c_N` of the last m and n asked, by N; a row holds every x it
/// can, so any kept row starts any later N.
static KEPT_ROWS: Mutex<Kept<Two>> = Mutex::new(Kept::new(4096));

/// Most cells when the sum is taken because the light-load series would
/// cost more: about 50 ms. At 20,000 bits, 2 keys and k = 1000 (4 million
/// cells) the series took 0.15 s for each k of the best-k search.
pub(super) const MAX_CELLS_IF_CHEAPER: u64 = 6_000_000;
/// Cells that cost about one step of the light-load series: a cell
/// multiplies two 128-bit pairs by small whole numbers and adds them, a
/// series step also divides and runs its tail bound.
const CELLS_PER_SERIES_STEP: f64 = 100.0;

/// Whether the sum over set bits is used for `p`: few enough cells, or,
/// up to [`MAX_CELLS_IF_CHEAPER`], fewer than the `series_steps` the
/// light-load series would take would cost.
pub(super) fn applies(p: Params, series_steps: f64) -> bool {
    let throws = p.throws();
    throws
        .checked_mul(throws.min(p.m()) + 1)
        .is_some_and(|cells| {
            cells <= MAX_CELLS
                || (cells <= MAX_CELLS_IF_CHEAPER
                    && cells as f64 <= series_steps * CELLS_PER_SERIES_STEP)
        })
}

/// The true rate of `p` enclosed by the sum over set bits, or `None`
/// when it does not [`applies`].
pub(super) fn occupancy_enclosure(
    p: Params,
    series_steps: f64,
    flag: &AtomicBool,
) -> Result<Option<Enclosure>, RateError> {
    if !applies(p, series_steps) {
        return Ok(None);
    }
    let (m, throws) = (p.m(), p.throws());
    let (start, mut row) = nearest_below(p);
    let mut fresh = Vec::new();
    for done in start..throws {
        if done.is_multiple_of(64) {
            cancel::check(flag)?;
        }
        step(&mut row, m, done);
        let now = done + 1;
        if now.is_multiple_of(STRIDE) {
            fresh.push((now, row.clone()));
        }
    }
    kept::keep(&KEPT_ROWS, tag(p), fresh);
    let k = u64::from(p.k());
    let mut total = Two::zero();
    for (x, c) in row.iter().enumerate().skip(1) {
        let power = Two::exact(Wide::from_u64(x as u64)).pow(k);
        total = total.add(c.mul(power));
    }
    let scale = Two::exact(Wide::from_u64(m)).pow(throws + k);
    let rate = total.div(scale);
    Ok(Some(Enclosure::new(
        rate.lo.to_dyadic(),
        rate.hi.to_dyadic(),
    )))
}

/// One more throw: `c_{N+1}` from `c_N` in place, `done` = N. The row
/// holds `x = 0..=min(N, m)` and grows by one while N < m.
fn step(row: &mut Vec<Two>, m: u64, done: u64) {
    if done < m {
        row.push(Two::zero());
    }
    for x in (1..row.len()).rev() {
        let xu = x as u64;
        row[x] = row[x].mul_u64(xu).add(row[x - 1].mul_u64(m - xu + 1));
    }
    row[0] = Two::zero();
}

/// The kept row of p's m and n with the most throws up to p's, or the row
/// of no throws at all.
fn nearest_below(p: Params) -> (u64, Vec<Two>) {
    kept::below(&KEPT_ROWS, tag(p), p.throws(), usize::MAX, |_, _| true)
        .unwrap_or_else(|| (0, vec![Two::exact(Wide::one())]))
}

/// The rows depend on m and n besides the throws.
fn tag(p: Params) -> (u64, u64) {
    (p.m(), p.n())
}

/// Forgets every kept row.
pub(super) fn forget() {
    kept::forget(&KEPT_ROWS);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{Budget, true_exact};

    #[test]
    fn encloses_the_exact_rate_from_scratch_and_from_kept_rows() {
        let never = AtomicBool::new(false);
        // Light loads with many probes, a full filter, more throws than
        // bits, and a walk up and down in k over kept rows.
        let shapes = [
            (1000, 1, 540),
            (1000, 1, 538),
            (1000, 1, 541),
            (1000, 1, 30),
            (100, 1, 50),
            (100, 3, 200),
            (3, 2, 5),
            (160, 16, 7),
            (1, 1, 24),
        ];
        for (m, n, k) in shapes {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            let e = occupancy_enclosure(p, 0.0, &never)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("{m}/{n}/{k}: not used"));
            assert!(e.contains(&exact), "{m}/{n}/{k}");
            let width = e.relative_width_log2();
            assert!(width <= -100.0, "{m}/{n}/{k}: {width}");
        }
    }

    #[test]
    fn is_used_only_for_few_cells() {
        let params = |m, n, k| Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let at = |m, n, k| applies(params(m, n, k), 0.0);
        assert!(at(1000, 1, 693));
        assert!(at(1_000_000_000_000_000_000, 1, 1000));
        assert!(!at(10_000, 10, 693));
        assert!(!at(1_000_000, 1000, 7));
        // More cells only where the series would take longer still.
        let two_keys = params(20_000, 2, 1000);
        assert!(!applies(two_keys, 1000.0));
        assert!(applies(two_keys, 100_000.0));
        assert!(!applies(params(10_000, 10, 693), 1e9));
    }
}
