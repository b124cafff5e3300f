//! The true rate summed over the number of set bits, for filters that take
//! few throws in all, in 128-bit arithmetic ([`Wide`], [`Two`]).
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
//! them, each rounded down, so the row is a lower bound of `c_N(x)` that
//! has passed through at most two roundings of `2^-127` per throw; its
//! upper bound follows from that count ([`Two::from_lower`]) without a
//! second run, and the sum brackets `T(k)`: the enclosure is certain
//! whatever its width. The width is about `2^-126` times twice the throws
//! plus `2 log2 k + x` roundings in the sum, so below `2^-100` for the
//! few million throws this could ever be used for; the caller checks it
//! anyway.
//!
//! **Why another sum.** At a light load with few keys (1000 bits, 1 key,
//! k about 540) the light-load series of the parent module runs about
//! `N^2 / 2` steps for each k, and the best-k search asks for a handful
//! of k next to each other. Here the rows of consecutive k are only `n`
//! throws apart: rows are kept every [`STRIDE`] throws near the end (for
//! the last m, n and [`band`] asked), so after the first k each further one costs
//! at most [`STRIDE`] steps from the row kept below it, and one sum.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use super::kept::{self, Kept, Tag};
use super::two::Two;
use crate::rates::cancel;
use crate::rates::certified::Enclosure;
use crate::rates::dyadic::Dir;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::wide::Wide;

/// Throws between kept rows near the end of a run.
const STRIDE: u64 = 16;
/// How far back from the end rows are kept every [`STRIDE`] throws; below
/// that, every `NEAR` throws. A row can be thousands of entries, and
/// copying one every 16 throws of a long run cost a third of the run
/// (5,000 bits, 3 keys, k = 1000), while the best-k search's next k lie a
/// few keys' throws from this one.
const NEAR: u64 = 512;

/// Whether the row after `now` of `throws` throws is kept.
fn kept_at(now: u64, throws: u64) -> bool {
    match now + NEAR >= throws {
        true => now.is_multiple_of(STRIDE),
        false => now.is_multiple_of(NEAR),
    }
}

/// Most cells (throws times the band's width) one enclosure steps through
/// from nothing whatever the series would cost: about 10 ms, a cell
/// taking some 20 ns (three roundings and the row's upkeep).
pub(super) const MAX_CELLS: u64 = 500_000;

/// Rows `c_N` of the last m and n asked, by N; a row holds every x it
/// can, so any kept row starts any later N.
static KEPT_ROWS: Mutex<Kept<Wide>> = Mutex::new(Kept::new(4096));

/// Most cells when the sum is taken because the light-load series would
/// cost more (or not be taken, leaving the big-number path): about
/// 80 ms. At 5,000 bits, 3 keys and k = 1000 (3.1 million cells) the sum
/// took 50 ms where the big-number path took 65 ms.
pub(super) const MAX_CELLS_IF_CHEAPER: u64 = 4_000_000;
/// Cells that cost about one unit of `series_steps` (a term of the
/// light-load series). Measured on the first k of best-k searches: a cell
/// takes 16-38 ns, a unit 150-250 ns (at 5,000 bits and 5 keys, 4.2 million
/// cells took 74 ms where the series took 26 ms for 154,000 units; at
/// 20,000 bits and 2 keys, 0.5 million cells took 13 ms and the series
/// 26 ms for 104,000).
const CELLS_PER_SERIES_STEP: f64 = 8.0;

/// Whether the sum over set bits is used for `p` at `aim` bits: few
/// enough cells, or, up to [`MAX_CELLS_IF_CHEAPER`], fewer than the
/// `series_steps` the light-load series would take would cost.
pub(super) fn applies(p: Params, aim: u64, series_steps: f64) -> bool {
    let throws = p.throws();
    let width = band(p, aim).map_or(throws.min(p.m()), |b| b.min(throws.min(p.m())));
    throws.checked_mul(width + 1).is_some_and(|cells| {
        cells <= MAX_CELLS
            || (cells <= MAX_CELLS_IF_CHEAPER
                && cells as f64 <= series_steps * CELLS_PER_SERIES_STEP)
    })
}

/// The true rate of `p` enclosed by the sum over set bits, aiming at
/// `2^-aim` of it, or `None` when it does not [`applies`].
pub(super) fn occupancy_enclosure(
    p: Params,
    aim: u64,
    series_steps: f64,
    flag: &AtomicBool,
) -> Result<Option<Enclosure>, RateError> {
    if !applies(p, aim, series_steps) {
        return Ok(None);
    }
    let (m, throws) = (p.m(), p.throws());
    let band = band(p, aim);
    let (start, mut row) = nearest_below(p, band);
    let mut fresh = Vec::new();
    for done in start..throws {
        if done.is_multiple_of(64) {
            cancel::check(flag)?;
        }
        step(&mut row, m, done, band);
        let now = done + 1;
        if kept_at(now, throws) {
            fresh.push((now, row.clone()));
        }
    }
    kept::keep(&KEPT_ROWS, tag(p, band), fresh);
    let k = u64::from(p.k());
    let mut total = Two::zero();
    // Entries the band dropped are 0 and cost no power.
    for (x, &c) in row.iter().enumerate().skip(1).filter(|(_, c)| !c.is_zero()) {
        let c = Two::from_lower(c, 2 * throws);
        let power = Two::exact(Wide::from_u64(x as u64)).pow(k);
        total = total.add(c.mul(power));
    }
    let scale = Two::exact(Wide::from_u64(m)).pow(throws + k);
    let rate = total.div(scale);
    // What the band dropped: at most all the chance there is, each path
    // ending on fewer than `T - band` set bits (T the throws in all).
    let dropped = match band {
        Some(b) => {
            Two::exact(Wide::from_u64(throws - b))
                .div(Two::exact(Wide::from_u64(m)))
                .pow(k)
                .hi
        }
        None => Wide::ZERO,
    };
    Ok(Some(Enclosure::new(
        rate.lo.to_dyadic(),
        rate.hi.add(dropped, Dir::Up).to_dyadic(),
    )))
}

/// Set-bit counts from which the sum may drop a row's entries, `None`
/// for none: after throw N, every `x < N - band` is dropped.
///
/// A dropped path has fewer than `N - band` bits set, and the throws
/// left set at most one bit each, so it ends below `T - band` set bits
/// (T the throws in all) and adds less than `((T - band) / m)^k` to the
/// rate, all dropped paths together no more (their chances add to at most
/// 1). That is added to the upper end, so the enclosure holds whatever
/// the band; the band is chosen so that this is below `2^-(aim + 8)` of
/// the classic rate `q^k` (`q = 1 - (1 - 1/m)^T`), and so of the true
/// rate (Jensen), which keeps the enclosure narrow. With many probes the
/// band is a small part of the row: at 20,000 bits, 2 keys and k = 1000,
/// 256 of 2000 set-bit counts, where some 96 collisions are expected.
///
/// The band is rounded up to a multiple of a quarter of the power of two
/// at or below it (at least 64), so that the best-k search's neighbouring
/// k, whose bands differ by a few, share kept rows (they are kept by
/// band), at the cost of at most a quarter more cells.
fn band(p: Params, aim: u64) -> Option<u64> {
    let (m, throws, k) = (p.m() as f64, p.throws() as f64, f64::from(p.k()));
    let q = -(throws * (-1.0 / m).ln_1p()).exp_m1();
    let reach = m * q * (-(aim as f64 + 8.0) / k).exp2();
    let band = (throws - reach.floor()).max(1.0).ceil() as u64;
    let step = (1u64 << band.ilog2()).div_ceil(4).max(64);
    let band = band.next_multiple_of(step);
    (band < p.throws() && reach.is_finite()).then_some(band)
}

/// One more throw: `c_{N+1}` from `c_N` in place, `done` = N. The row
/// holds `x = 0..=min(N, m)` and grows by one while N < m. With a
/// [`band`], only `x >= N + 1 - band` is worked out, and the entry just
/// below, the lowest of row N's band, is dropped (those further down were
/// dropped before).
fn step(row: &mut Vec<Wide>, m: u64, done: u64, band: Option<u64>) {
    if done < m {
        row.push(Wide::ZERO);
    }
    let low = band.map_or(1, |b| (done + 1).saturating_sub(b).max(1)) as usize;
    for x in (low..row.len()).rev() {
        let xu = x as u64;
        let stay = row[x].mul_u64(xu, Dir::Down);
        let new = row[x - 1].mul_u64(m - xu + 1, Dir::Down);
        row[x] = stay.add(new, Dir::Down);
    }
    row[low - 1] = Wide::ZERO;
    row[0] = Wide::ZERO;
}

/// The kept row of p's m and n and this band with the most throws up to
/// p's, or the row of no throws at all.
fn nearest_below(p: Params, band: Option<u64>) -> (u64, Vec<Wide>) {
    kept::below(&KEPT_ROWS, tag(p, band), p.throws(), usize::MAX, |_, _| {
        true
    })
    .unwrap_or_else(|| (0, vec![Wide::one()]))
}

/// The rows depend on m, n and the band besides the throws.
fn tag(p: Params, band: Option<u64>) -> Tag {
    (p.m(), p.n(), band.unwrap_or(u64::MAX))
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
            let e = occupancy_enclosure(p, 110, 0.0, &never)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("{m}/{n}/{k}: not used"));
            assert!(e.contains(&exact), "{m}/{n}/{k}");
            let width = e.relative_width_log2();
            assert!(width <= -100.0, "{m}/{n}/{k}: {width}");
        }
    }

    #[test]
    fn the_band_leaves_out_most_of_a_long_row_and_the_enclosure_holds() {
        // 540 throws into 1000 bits: about 417 bits set, and the band keeps
        // the counts of at least 540 - 192 = 348 of them.
        let never = AtomicBool::new(false);
        let p = Params::new(1000, 1, 540).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(band(p, 110), Some(192));
        forget();
        let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
        let e = occupancy_enclosure(p, 110, 0.0, &never)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("not used"));
        assert!(e.contains(&exact));
        assert!(e.relative_width_log2() <= -110.0);
        // Few probes: nothing to leave out.
        let seven = Params::new(1000, 1, 7).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(band(seven, 110), None);
    }

    #[test]
    fn is_used_only_for_few_cells() {
        let params = |m, n, k| Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
        let at = |m, n, k| applies(params(m, n, k), 110, 0.0);
        assert!(at(1000, 1, 693));
        assert!(at(1_000_000_000_000_000_000, 1, 1000));
        assert!(!at(10_000, 10, 693));
        assert!(!at(1_000_000, 1000, 7));
        // More cells only where the series would take longer still: 3,000
        // throws in a band of 1024 set-bit counts.
        let three_keys = params(5000, 3, 1000);
        assert!(!applies(three_keys, 96, 1000.0));
        assert!(applies(three_keys, 96, 1e6));
        // Without the band that was 9 million cells, too many at any cost.
        assert!(!applies(three_keys, 2000, 1e9));
        assert!(!applies(params(10_000, 10, 693), 110, 1e9));
    }
}
