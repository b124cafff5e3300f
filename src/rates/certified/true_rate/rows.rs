//! The Stirling numbers the light-load series in 128-bit arithmetic reads
//! (the `fast` submodule), bracketed, and kept between calls.
//!
//! Both come from the recurrence `S(i, r) = r S(i-1, r) + S(i-1, r-1)`:
//! - a *row* `S(k, r)` for `r = 0..=r_max` gives the weights; rows are
//!   kept every [`ROW_STRIDE`] k, so the best-k search's neighbouring k
//!   (995 to 1000) each cost a few rows instead of half a million updates;
//! - a *diagonal* `S(r + t, r)` for `t = 0..=T` gives the series of bit
//!   count r. It does not depend on m, n or k, and the series skips the
//!   small bit counts at light loads, so diagonals are kept every
//!   [`DIAGONAL_STRIDE`] r and a call starts from the one kept below its
//!   first summed bit count.
//!
//! Both recurrences are prefix-closed (see the `kept` submodule), so kept
//! rows and diagonals give the same bits as a run from nothing. Both are
//! run on lower ends only, each step rounded down; the upper ends follow
//! from how many roundings an entry has been through ([`Two::from_lower`]):
//! at most `2k` for `S(k, r)`, at most `r + 2t` for `S(r + t, r)`. That
//! halves the work of running both ends, and the memory kept.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use super::kept::{self, Kept, UNTAGGED};
use super::two::Two;
use crate::rates::cancel;
use crate::rates::dyadic::Dir;
use crate::rates::error::RateError;
use crate::rates::wide::Wide;

/// k between kept rows.
const ROW_STRIDE: u64 = 16;
/// r between kept diagonals.
const DIAGONAL_STRIDE: usize = 16;
/// Longest diagonal kept (about 64 kB, a [`Wide`] being 32 bytes; 80 of
/// them at most, some 5 MB): longer ones come with precisions far past
/// what a search asks for and are not worth the memory.
const LONGEST_KEPT: usize = 2048;

/// Rows by k (lower ends); row k holds every non-zero entry once it has
/// `k + 1`.
static ROWS: Mutex<Kept<Wide>> = Mutex::new(Kept::new(80));
/// `1 / j` for every j asked so far.
static RECIPROCALS: Mutex<Vec<Two>> = Mutex::new(Vec::new());
/// Diagonals by r (lower ends), each with the entries it was computed to.
static DIAGONALS: Mutex<Kept<Wide>> = Mutex::new(Kept::new(80));

/// `1 / j` for `j = 0..=top` (0 in place of `1 / 0`), bracketed: the same
/// for every call, and a 128-bit division is a loop of 128 steps.
pub(super) fn reciprocals(top: usize) -> Vec<Two> {
    let Ok(mut kept) = RECIPROCALS.lock() else {
        return (0..=top).map(reciprocal).collect();
    };
    let have = kept.len();
    kept.extend((have..=top).map(reciprocal));
    kept[..=top].to_vec()
}

fn reciprocal(j: usize) -> Two {
    match j {
        0 => Two::zero(),
        _ => Two::exact(Wide::one()).div(Two::exact(Wide::from_u64(j as u64))),
    }
}

/// `S(k, r)` for `r = 0..=r_max`, bracketed.
pub(super) fn stirling_row(k: u64, r_max: usize, flag: &AtomicBool) -> Result<Vec<Two>, RateError> {
    let complete = |at: u64, len: usize| len as u64 > at;
    let (from, mut row) = kept::below(&ROWS, UNTAGGED, k, r_max + 1, complete)
        .unwrap_or_else(|| (0, vec![Wide::one()]));
    row.resize(r_max + 1, Wide::ZERO);
    let mut fresh = Vec::new();
    for i in from + 1..=k {
        if i % 64 == 0 {
            cancel::check(flag)?;
        }
        let top = r_max.min(i as usize);
        for r in (1..=top).rev() {
            row[r] = row[r]
                .mul_u64(r as u64, Dir::Down)
                .add(row[r - 1], Dir::Down);
        }
        row[0] = Wide::ZERO;
        if i.is_multiple_of(ROW_STRIDE) {
            fresh.push((i, row[..=top].to_vec()));
        }
    }
    kept::keep(&ROWS, UNTAGGED, fresh);
    // Two roundings per row on any path.
    Ok(row
        .into_iter()
        .map(|lo| Two::from_lower(lo, 2 * k))
        .collect())
}

/// The diagonal `S(r + t, r)` walked up in r, in place.
pub(super) struct Diagonal {
    /// The bit count it holds now.
    r: usize,
    /// Entries held: `t = 0..len`.
    len: usize,
    /// How many of them are up to date at r (the rest are never read
    /// again, as the entries needed only shrink with r).
    valid: usize,
    /// Lower ends (see [`Diagonal::slack`]).
    entries: Vec<Wide>,
    fresh: Vec<(u64, Vec<Wide>)>,
}

impl Diagonal {
    /// A diagonal of `len` entries, ready to be walked to `first` or
    /// beyond: from the kept diagonal nearest below `first`, or from
    /// `S(t, 0)`.
    pub(super) fn towards(first: usize, len: usize) -> Diagonal {
        let kept = kept::below(&DIAGONALS, UNTAGGED, first as u64, len, |_, _| false);
        let (r, mut entries) = kept.unwrap_or_else(|| (0, vec![Wide::one()]));
        entries.resize(len, Wide::ZERO);
        Diagonal {
            r: r as usize,
            len,
            valid: len,
            entries,
            fresh: Vec::new(),
        }
    }

    /// The bit count of the kept diagonal [`Diagonal::towards`] would
    /// start from, 0 if none.
    pub(super) fn kept_below(first: usize, len: usize) -> usize {
        kept::step_below(&DIAGONALS, UNTAGGED, first as u64, len).map_or(0, |r| r as usize)
    }

    /// The bit count the diagonal holds now.
    pub(super) fn r(&self) -> usize {
        self.r
    }

    /// `S(r + t, r)` rounded down for `t = 0..=needed(r)`, walking up from
    /// where the diagonal is; `needed` must not grow with r.
    pub(super) fn at(
        &mut self,
        r: usize,
        needed: impl Fn(usize) -> usize,
        flag: &AtomicBool,
    ) -> Result<&[Wide], RateError> {
        while self.r < r {
            cancel::check(flag)?;
            self.r += 1;
            let ru = self.r as u64;
            let top = needed(self.r).min(self.len - 1).min(self.valid - 1);
            for t in 1..=top {
                let next = self.entries[t - 1].mul_u64(ru, Dir::Down);
                self.entries[t] = self.entries[t].add(next, Dir::Down);
            }
            self.valid = top + 1;
            if self.r.is_multiple_of(DIAGONAL_STRIDE) && self.valid <= LONGEST_KEPT {
                self.fresh
                    .push((self.r as u64, self.entries[..self.valid].to_vec()));
            }
        }
        Ok(&self.entries[..self.valid])
    }

    /// What an entry up to `S(r + t_max, r)` is multiplied by to bound it
    /// from above: the walk rounds `S(r + t, r)` at most `r + 2t` times on
    /// any path (one rounding from the diagonal before, two from the entry
    /// before), so [`Two::from_lower`] with that depth.
    pub(super) fn slack(r: usize, t_max: usize) -> Wide {
        Two::from_lower(Wide::one(), (r + 2 * t_max) as u64).hi
    }

    /// Keeps the diagonals passed on the way.
    pub(super) fn keep(self) {
        kept::keep(&DIAGONALS, UNTAGGED, self.fresh);
    }
}

/// Forgets the kept rows and diagonals.
pub(super) fn forget() {
    kept::forget(&ROWS);
    kept::forget(&DIAGONALS);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recurrence run from nothing, one row at a time, as whole
    /// numbers; those past u128 stay at its top and are not compared.
    fn exact_row(k: usize, r_max: usize) -> Vec<u128> {
        let mut row = vec![0u128; r_max + 1];
        row[0] = 1;
        for i in 1..=k {
            for r in (1..=r_max.min(i)).rev() {
                row[r] = row[r].saturating_mul(r as u128).saturating_add(row[r - 1]);
            }
            row[0] = 0;
        }
        row
    }

    fn holds(two: Two, exact: u128) -> bool {
        let v = Wide::from_u64(exact as u64);
        exact <= u128::from(u64::MAX) && two.lo.cmp_value(v).is_le() && two.hi.cmp_value(v).is_ge()
    }

    #[test]
    fn rows_and_diagonals_from_kept_ones_bracket_the_exact_numbers() {
        let never = AtomicBool::new(false);
        forget();
        // Up, down and up again in k, so rows start from kept ones.
        for k in [20u64, 18, 33, 17, 40] {
            let row = stirling_row(k, 12, &never).unwrap_or_else(|e| panic!("{e}"));
            let exact = exact_row(k as usize, 12);
            for r in 0..=12 {
                if exact[r] <= u128::from(u64::MAX) {
                    assert!(holds(row[r], exact[r]), "S({k}, {r})");
                }
            }
        }
        // Diagonals from r = 0, then from a kept one, with a shrinking need.
        for first in [40usize, 35, 50] {
            let mut diagonal = Diagonal::towards(first, 9);
            for r in first..first + 5 {
                let entries = diagonal
                    .at(r, |r| 8usize.saturating_sub(r / 20), &never)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .to_vec();
                assert_eq!(entries.len(), 8usize.saturating_sub(r / 20) + 1);
                let slack = Diagonal::slack(r, entries.len() - 1);
                for (t, &lo) in entries.iter().enumerate() {
                    let two = &Two {
                        lo,
                        hi: lo.mul(slack, Dir::Up),
                    };
                    let exact = exact_row(r + t, r)[r];
                    if exact <= u128::from(u64::MAX) {
                        assert!(holds(*two, exact), "S({} + {t}, {r})", r);
                    }
                }
            }
            diagonal.keep();
        }
    }
}
