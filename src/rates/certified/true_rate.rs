//! A certified enclosure of the true rate `E[(X/m)^k]`.
//!
//! Condition on the query: its k probes land on `r` distinct bits with
//! chance `w_r = S(k,r) (m)_r / m^k`, and then it is a false positive when
//! the `N = kn` inserted throws hit all `r` of them, with chance `P_r`:
//!
//! `true = sum_{r=1..R} w_r P_r`,  `R = min(k, m, N)`
//!
//! (`(m)_r` vanishes for `r > m`, and `N` throws cannot cover more than `N`
//! bits). Two formulas give `P_r`:
//!
//! - **Light load**, `mu_r = N r / (m - r)` small: choose which `i` throws
//!   land among the r bits and require them to cover all r,
//!   `P_r = ((m-r)/m)^N sum_{i>=r} S(i,r) y_i` with
//!   `y_i = r! C(N,i) / (m-r)^i`. Every term is positive, so nothing
//!   cancels. Bounding the surjections by `(i)_r r^(i-r)` gives
//!   `S(i,r) y_i <= nu^r mu^t / t!` for `i = r + t` and `nu = N/(m-r)`, so
//!   the terms after the first `T` add at most
//!   `nu^r (mu^T / T!) (T+1) / (T+1-mu)`, and that bound goes on the upper
//!   end.
//! - **Otherwise**, inclusion and exclusion over which of the r bits stay
//!   empty: `P_r = sum_j (-1)^j C(r,j) ((m-j)/m)^N`. Summed with the weights
//!   this is the brief's formula restricted to those r,
//!   `sum_j (-1)^j A_j (m-j)^N / m^(N+k)` with
//!   `A_j = sum_r S(k,r) (m)_r C(r,j)`.
//!
//! **Error bound of the alternating sum.** Write `tau_j = A_j (m-j)^N /
//! m^(N+k)`. The two powers come from exact integer bases, each within a
//! relative `8N 2^(1-w)` of exact at `w` bits ([`Dyadic::pow_pair`]); the weights
//! and binomial sums add a few more roundings per term. So each `tau_j` is
//! known to a relative `c 2^(1-w)` with `c = 16N + 8R + 16` (to first
//! order, each end). Adding the even and odd terms
//! separately and subtracting the sums exactly, the enclosure of the sum is
//! at most `2 c 2^(1-w) sum_j tau_j` wide. Let `G = log2(sum_j tau_j / true)`:
//! the width relative to the true rate is then at most `c 2^(2-w+G)`, so
//! `w = prec + G + log2(c) + 8` leaves it below `2^-(prec+6)`. `G` is not
//! known in advance, but Jensen's inequality gives `classic <= true`, and
//! putting the classic rate (estimated in doubles) in place of the true one
//! can only overestimate `G`. So the guard bits are
//! `G' = log2(sum_j tau_j) - log2(classic)`, estimated in doubles from the
//! sizes of the `A_j` and `N ln(1 - j/m)`. An estimate that came out low
//! would only widen the enclosure, never make it wrong: the caller sees the
//! width and retries with more bits.
//!
//! The light-load terms are all positive, so they need no guard bits: the
//! series part is known to a relative `c' 2^(1-w)`, with `c'` about
//! `16N + 16r + 4T` for its powers and the `T` steps of its term recurrence
//! (each multiplies by exact integers and rounds twice), plus its tail bound, which is run down below
//! `2^-(prec+6)` of the partial sum. Where the two regimes meet (`mu_r`
//! about [`MU_SERIES`]) the inclusion-exclusion part cancels by at most
//! about `r log2(2r / MU_SERIES)` bits, which is what keeps `G'` small for
//! filters that are nearly empty (where inclusion and exclusion alone would
//! cancel thousands of bits).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use num_bigint::BigUint;

use stirling::stirling_row;

use super::Enclosure;
use super::classic::{classic_enclosure, classic_log2_estimate};
use crate::rates::dyadic::{Dir, Dyadic};
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::{cancel, cores};

/// Largest `mu_r = N r / (m - r)` summed as a light-load series when the
/// inclusion-exclusion part is kept.
pub const MU_SERIES: f64 = 4.0;
/// Beyond this load the series needs hundreds of terms per bit count and
/// is never chosen.
const MU_LIMIT: f64 = 256.0;

/// Encloses the true rate with a relative width of about `2^-prec`.
pub fn true_enclosure(p: Params, prec: u64) -> Enclosure {
    match true_enclosure_cancellable(p, prec, &cancel::never()) {
        Ok(e) => e,
        // The flag above is never raised.
        Err(_) => Enclosure::new(Dyadic::zero(), Dyadic::one()),
    }
}

/// [`true_enclosure`] that stops with [`RateError::Cancelled`] soon after
/// `flag` is set (it looks once per bit count r, once per power and once
/// per round of the inclusion-exclusion coefficients).
///
/// The powers `(m - j)^N` do not depend on the weights, nor the weights and
/// the inclusion-exclusion coefficients on the powers: when there is much
/// of both, a second thread starts on the powers while this one works out
/// the weights and the coefficients and then takes its share of the powers
/// left.
pub fn true_enclosure_cancellable(
    p: Params,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Enclosure, RateError> {
    if p.n() == 0 {
        return Ok(Enclosure::exact(Dyadic::zero()));
    }
    if p.m() == 1 || p.k() == 1 {
        // One bit is always set; one probe has nothing to correlate with.
        return Ok(classic_enclosure(p, prec));
    }
    let plan = Plan::new(p, prec);
    let w = plan.w;
    let jobs = PowerJobs::new(&plan);
    let parallel = (plan.r_max as u64 + 1) * w >= PARALLEL_WORK;
    let (theirs, ours) = cores::both(
        parallel,
        || jobs.run(flag),
        || -> Result<_, RateError> {
            let weights = enclosed_weights(p, &plan.stirling, w, flag)?;
            let coefficients = match plan.series_to < plan.r_max {
                true => Some(plan.ie_coefficients(&weights, flag)?),
                false => None,
            };
            Ok((weights, coefficients, jobs.run(flag)?))
        },
    );
    let (weights, coefficients, mine) = ours?;
    let powers = Powers::gathered(plan.r_max, [theirs?, mine]);
    let mut lo = Dyadic::zero();
    let mut hi = Dyadic::zero();
    for (r, (w_lo, w_hi)) in weights.iter().enumerate().take(plan.series_to + 1) {
        cancel::check(flag)?;
        if r == 0 {
            continue;
        }
        let series = plan.series_term(r, &powers);
        lo = lo.add(&w_lo.mul(&series.lo, w, Dir::Down), w, Dir::Down);
        hi = hi.add(&w_hi.mul(&series.hi, w, Dir::Up), w, Dir::Up);
    }
    if let Some(coefficients) = coefficients {
        cancel::check(flag)?;
        let ie = plan.inclusion_exclusion(&powers, coefficients);
        lo = lo.add(&ie.lo, w, Dir::Down);
        hi = hi.add(&ie.hi, w, Dir::Up);
    }
    Ok(Enclosure::new(lo, hi))
}

/// From this much work, `(R + 1) w` (powers times working bits), an
/// enclosure uses both cores: at 10^5 (a hundred powers of a thousand
/// bits) the powers take about a millisecond, far more than starting a
/// thread.
const PARALLEL_WORK: u64 = 100_000;

/// The sizes and exact integers one enclosure works from.
struct Plan {
    p: Params,
    prec: u64,
    /// `N = kn`.
    throws: u64,
    /// `R = min(k, m, N)`.
    r_max: usize,
    /// Bit counts `1..=series_to` use the light-load series.
    series_to: usize,
    /// Working bits.
    w: u64,
    /// Largest number of series terms per bit count.
    t_cap: usize,
    /// `S(k, r)` for `r = 0..=R`.
    stirling: Vec<BigUint>,
    /// Running state of the light-load series, advanced one r at a time.
    series: std::cell::RefCell<series::SeriesState>,
}

/// A bracket `[lo, hi]` under construction.
struct Pair {
    lo: Dyadic,
    hi: Dyadic,
}

impl Plan {
    fn new(p: Params, prec: u64) -> Plan {
        let throws = p.throws();
        let r_max = u64::from(p.k()).min(p.m()).min(throws) as usize;
        let stirling = stirling_row(p.k(), r_max);
        let sizes = numerator_log2s(p, &stirling);
        let ie_guard = |split: usize| inclusion_exclusion_guard(p, &sizes, split);
        let series_to = choose_split(p, prec, r_max, ie_guard(0));
        let mu_top = mu(throws, series_to, p.m()).max(1.0);
        // The tail bound is relative to `nu^r`, the first term to
        // `(N)_r / (m - r)^r`: the terms have to run on for the bits between
        // them (with N = 1000 throws and r = 1000, about 1440), but never
        // past the N-th throw, where the series ends.
        let t_cap = if series_to == 0 {
            0
        } else {
            let lost = falling_shortfall(throws, series_to);
            series_terms_cap(prec + lost, mu_top).min(throws as usize)
        };
        let guard = ie_guard(series_to);
        // The weights add R roundings of the falling factorial and 8k of
        // the power m^k (and one of its reciprocal) to each term's chain.
        let chain = 16.0 * throws as f64
            + 20.0 * r_max as f64
            + 8.0 * f64::from(p.k())
            + 4.0 * t_cap as f64
            + 16.0;
        let w = prec + guard + chain.log2().ceil() as u64 + 8;
        Plan {
            p,
            prec,
            throws,
            r_max,
            series_to,
            w,
            t_cap,
            stirling,
            series: std::cell::RefCell::new(series::SeriesState::new(t_cap)),
        }
    }
}

/// How many bit counts (from 1 up) go to the light-load series; the rest
/// use inclusion and exclusion. All of them go to the series when that is
/// estimated cheaper than inclusion and exclusion with its guard bits
/// (`full_guard`, for every r); none when those guard bits are few anyway;
/// otherwise those with `mu_r` up to [`MU_SERIES`], whose series converges
/// quickly.
fn choose_split(p: Params, prec: u64, r_max: usize, full_guard: u64) -> usize {
    let throws = p.throws();
    let log_n = (throws as f64).log2().max(1.0);
    let mul = |bits: f64| (bits / 64.0).powf(1.6) + 1.0;
    let r = r_max as f64;
    let ie_cost = (r + 1.0) * (4.0 * log_n + 4.0 * r) * mul(prec as f64 + full_guard as f64);
    let series_cost = if (r_max as u64) < p.m() && mu(throws, r_max, p.m()) <= MU_LIMIT {
        (1..=r_max)
            .map(|r| series_terms_needed(prec, mu(throws, r, p.m())) + 2.0 * log_n)
            .sum::<f64>()
            * 8.0
            * mul(prec as f64 + 32.0)
    } else {
        f64::INFINITY
    };
    if series_cost < ie_cost {
        return r_max;
    }
    if full_guard <= 64 {
        return 0;
    }
    (1..=r_max)
        .take_while(|&r| (r as u64) < p.m() && mu(throws, r, p.m()) <= MU_SERIES)
        .last()
        .unwrap_or(0)
}

/// Roughly how many series terms bring `mu^T / T!` below `2^-(prec+24)`.
fn series_terms_needed(prec: u64, mu: f64) -> f64 {
    series_terms_cap(prec, mu) as f64
}

/// `mu_r = N r / (m - r)` as a double (infinite at `r >= m`).
fn mu(throws: u64, r: usize, m: u64) -> f64 {
    let room = m.saturating_sub(r as u64);
    if room == 0 {
        f64::INFINITY
    } else {
        throws as f64 * r as f64 / room as f64
    }
}

/// `log2(S(k, r) (m)_r)` for each r of `stirling`, in doubles (for sizing
/// guard bits only).
fn numerator_log2s(p: Params, stirling: &[BigUint]) -> Vec<f64> {
    let mut falling = 0.0;
    stirling
        .iter()
        .enumerate()
        .map(|(r, s)| {
            if r > 0 {
                falling += ((p.m() - (r as u64 - 1)) as f64).log2();
            }
            Dyadic::from_biguint(s.clone()).log2() + falling
        })
        .collect()
}

/// `w_r = S(k, r) (m)_r / m^k` enclosed at `w` working bits. The falling
/// factorial over the power is carried as a rounded binary number, never
/// as exact integers: at m = 10^18 and r = 1000 the exact `(m)_r` alone has
/// 60,000 bits, and building it cost more than the rest of the enclosure.
/// It starts from `1 / m^k` and takes one more factor `m - r + 1` (a
/// machine word) per r, so each weight costs one product of working size
/// per end.
fn enclosed_weights(
    p: Params,
    stirling: &[BigUint],
    w: u64,
    flag: &AtomicBool,
) -> Result<Vec<(Dyadic, Dyadic)>, RateError> {
    let base = Dyadic::from_u64(p.m());
    let k = u64::from(p.k());
    let (den_lo, den_hi) = (base.pow(k, w, Dir::Down), base.pow(k, w, Dir::Up));
    let mut ratio_lo = Dyadic::one().div(&den_hi, w, Dir::Down);
    let mut ratio_hi = Dyadic::one().div(&den_lo, w, Dir::Up);
    stirling
        .iter()
        .enumerate()
        .map(|(r, s)| {
            cancel::check(flag)?;
            if r > 0 {
                let factor = p.m() - (r as u64 - 1);
                ratio_lo = ratio_lo.mul_u64(factor, w, Dir::Down);
                ratio_hi = ratio_hi.mul_u64(factor, w, Dir::Up);
            }
            let s_lo = Dyadic::rounded(s.clone(), 0, w, Dir::Down);
            let s_hi = Dyadic::rounded(s.clone(), 0, w, Dir::Up);
            Ok((
                s_lo.mul(&ratio_lo, w, Dir::Down),
                s_hi.mul(&ratio_hi, w, Dir::Up),
            ))
        })
        .collect()
}

/// `log2(N^r / (N)_r)`, rounded up: how far the falling factorial of the
/// first series term lies below the power the tail bound is scaled by.
fn falling_shortfall(throws: u64, r: usize) -> u64 {
    let n = throws as f64;
    let lost: f64 = (1..r.min(throws as usize))
        .map(|i| -(-(i as f64) / n).ln_1p())
        .sum();
    (lost / std::f64::consts::LN_2).ceil() as u64
}

/// The most series terms needed at load `mu`: the smallest `T` past
/// `2 mu` with `mu^T / T! < 2^-(prec + 24)`, found in doubles.
fn series_terms_cap(prec: u64, mu: f64) -> usize {
    let target = -(prec as f64) - 24.0;
    let mut log2_bound = 0.0;
    let mut t = 0usize;
    while log2_bound > target || (t as f64) < 2.0 * mu {
        t += 1;
        log2_bound += (mu / t as f64).log2();
    }
    t
}

/// The guard bits `G'` of the module notes, for the inclusion-exclusion
/// part (bit counts above `series_to`); 0 when there is none.
fn inclusion_exclusion_guard(p: Params, numerator_log2s: &[f64], series_to: usize) -> u64 {
    if series_to + 1 >= numerator_log2s.len() {
        return 0;
    }
    let throws = p.throws() as f64;
    let log2_mk = f64::from(p.k()) * (p.m() as f64).log2();
    // log2 of sum_j A_j (1 - j/m)^N / m^k, with A_j <= C(r, j)-weighted
    // numerators; sum_j C(r,j) (1-j/m)^N is bounded by (1 + (1-1/m)^N)^r.
    let miss = throws * (-1.0 / p.m() as f64).ln_1p() / std::f64::consts::LN_2;
    let spread = (1.0 + miss.exp2()).log2();
    let terms: Vec<f64> = numerator_log2s
        .iter()
        .enumerate()
        .skip(series_to + 1)
        .map(|(r, a)| a - log2_mk + r as f64 * spread)
        .collect();
    let total = log_sum_exp2(&terms);
    let floor = classic_log2_estimate(p);
    (total - floor).max(0.0).ceil() as u64 + 4
}

/// `log2(sum 2^x)` without overflow.
fn log_sum_exp2(xs: &[f64]) -> f64 {
    let top = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return top;
    }
    top + xs.iter().map(|x| (x - top).exp2()).sum::<f64>().log2()
}

/// `(m - j)^N` enclosed for `j = 0..=R`.
struct Powers {
    lo: Vec<Dyadic>,
    hi: Vec<Dyadic>,
}

impl Powers {
    /// The powers from the pieces [`PowerJobs::run`] returned, which
    /// between them hold every j once.
    fn gathered<const PIECES: usize>(r_max: usize, pieces: [Vec<Power>; PIECES]) -> Powers {
        let mut all: Vec<Power> = pieces.into_iter().flatten().collect();
        all.sort_unstable_by_key(|power| power.0);
        debug_assert!(all.iter().enumerate().all(|(j, power)| power.0 == j));
        debug_assert_eq!(all.len(), r_max + 1);
        let (lo, hi) = all.into_iter().map(|(_, lo, hi)| (lo, hi)).unzip();
        Powers { lo, hi }
    }
}

/// `(j, lower, upper)` for `(m - j)^N`.
type Power = (usize, Dyadic, Dyadic);

/// The powers of [`Powers`] handed out a few j at a time to whichever
/// thread asks next.
struct PowerJobs {
    m: u64,
    throws: u64,
    r_max: usize,
    w: u64,
    next: AtomicUsize,
}

/// How many j one request takes.
const POWERS_AT_ONCE: usize = 8;

impl PowerJobs {
    fn new(plan: &Plan) -> PowerJobs {
        PowerJobs {
            m: plan.p.m(),
            throws: plan.throws,
            r_max: plan.r_max,
            w: plan.w,
            next: AtomicUsize::new(0),
        }
    }

    /// Works out powers until none are left; the ones this call did.
    fn run(&self, flag: &AtomicBool) -> Result<Vec<Power>, RateError> {
        let mut done = Vec::new();
        loop {
            let from = self.next.fetch_add(POWERS_AT_ONCE, Ordering::Relaxed);
            if from > self.r_max {
                return Ok(done);
            }
            for j in from..=(from + POWERS_AT_ONCE - 1).min(self.r_max) {
                cancel::check(flag)?;
                let base = Dyadic::from_u64(self.m - j as u64);
                let (down, up) = base.pow_pair(self.throws, self.w);
                done.push((j, down, up));
            }
        }
    }
}

#[cfg(test)]
mod agreement;
mod fast;
mod kept;
mod occupancy;
mod rows;
mod series;
mod stirling;
mod two;

/// The true rate in 128-bit arithmetic, aiming at `2^-aim` and kept only
/// when its relative width is at most `2^-accept`; `None` when neither
/// 128-bit sum applies or the result came out wider. Milliseconds where
/// [`true_enclosure_cancellable`] takes a good part of a second (k in the
/// hundreds).
///
/// Few throws in all with a load the series finds heavy (many terms per
/// bit count, or more probes than bits) go to the sum over set bits (the
/// `occupancy` submodule), whose rows the next k reuses; the rest to the
/// light-load series (the `fast` submodule).
pub(crate) fn true_enclosure_fast(
    p: Params,
    aim: u64,
    accept: u64,
    flag: &AtomicBool,
) -> Result<Option<Enclosure>, RateError> {
    if p.n() == 0 || p.m() == 1 || p.k() == 1 {
        return Ok(None);
    }
    let r_max = u64::from(p.k()).min(p.m()).min(p.throws());
    let heavy = r_max >= p.m() || mu(p.throws(), r_max as usize, p.m()) > OCCUPANCY_FROM_MU;
    let steps = fast::series_steps(p, aim);
    let sum = match heavy && occupancy::applies(p, aim, steps) {
        true => occupancy::occupancy_enclosure(p, aim, steps, flag)?,
        false => fast::series_enclosure(p, aim, flag)?,
    };
    Ok(sum.filter(|e| e.relative_width_log2() <= -(accept as f64)))
}

/// From this load (`mu_R`, the largest of the series) the series takes
/// tens of terms or more per bit count, and the sum over set bits, whose
/// work does not depend on the load, is preferred where it applies.
const OCCUPANCY_FROM_MU: f64 = 16.0;

/// Forgets the rows kept for reuse: the sum over set bits' (see the
/// `occupancy` submodule) and the Stirling numbers' (the `stirling`
/// submodule).
pub(crate) fn forget_kept_rows() {
    occupancy::forget();
    rows::forget();
    stirling::forget();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::cancel;
    use crate::rates::{Budget, true_exact};

    #[test]
    fn encloses_the_exact_rate_in_every_regime() {
        // Heavy loads (inclusion and exclusion only), light loads (series
        // only), and shapes where the two meet.
        for (m, n, k) in [
            (16, 3, 3),
            (160, 16, 7),
            (2, 5, 3),
            (3, 1, 5),
            (5, 2, 8),
            (1000, 1, 7),
            (100_000, 3, 9),
            (1_000_000, 2, 12),
            (10_000, 40, 6),
            (300, 10, 20),
            (40, 2, 30),
            (100, 1, 100),
            (1000, 5, 100),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            for prec in [8, 64, 300] {
                let e = true_enclosure(p, prec);
                assert!(e.contains(&exact), "{m}/{n}/{k} at {prec}");
                let width = e.relative_width_log2();
                assert!(width <= -(prec as f64), "{m}/{n}/{k} at {prec}: {width}");
            }
        }
    }

    #[test]
    fn two_threads_enclose_the_exact_rate_and_stop_when_asked() {
        // Shapes with enough powers and working bits for a second thread:
        // mostly inclusion and exclusion (k = 693), or all series.
        for (m, n, k, prec) in [
            (10_000, 10, 693, 8),
            (10_000, 10, 693, 64),
            (10_000, 10, 693, 300),
            (5000, 5, 400, 300),
            (3000, 1, 500, 300),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let plan = Plan::new(p, prec);
            let shape = format!("{m}/{n}/{k} at {prec}");
            assert!((plan.r_max as u64 + 1) * plan.w >= PARALLEL_WORK, "{shape}");
            let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            let e = true_enclosure(p, prec);
            assert!(e.contains(&exact), "{shape}");
            let width = e.relative_width_log2();
            assert!(width <= -(prec as f64), "{shape}: {width}");
            let raised = cancel::never();
            raised.store(true, std::sync::atomic::Ordering::Relaxed);
            assert_eq!(
                true_enclosure_cancellable(p, prec, &raised).err(),
                Some(RateError::Cancelled),
                "{shape}"
            );
        }
    }

    #[test]
    fn the_width_meets_its_target_at_any_size() {
        for (m, n, k) in [
            (1_000_000_000_000, 1_000_000_000_000, 10),
            (1_000_000_000_000_000_000, 1_000_000_000_000_000, 10),
            (1_000_000_000_000_000_000, 1, 64),
            (479_252_919, 50_000_000, 7),
            (10_000_000_000, 1_000_000_000, 7),
            // Nearly empty, many probes: the series' first term lies
            // hundreds of bits below the power its tail bound is scaled by.
            (1_000_000, 1, 300),
        ] {
            for prec in [20, 50, 200] {
                let w =
                    true_enclosure(Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")), prec)
                        .relative_width_log2();
                assert!(w <= -(prec as f64), "{m}/{n}/{k} at {prec}: {w}");
            }
        }
    }

    #[test]
    fn the_128_bit_series_agrees_with_the_big_number_path() {
        // Both enclose the same exact rate, so they must overlap; the fast
        // one must also be as narrow as asked wherever it is taken.
        let never = cancel::never();
        let mut taken = 0;
        for (m, n, k) in [
            (1000, 1, 30),
            (1000, 1, 100),
            (300, 1, 150),
            (5000, 2, 64),
            (1_000_000, 1, 200),
            (1_000_000_000, 1000, 40),
            (1_000_000_000_000, 1_000_000, 100),
            (1_000_000_000_000_000_000, 1_000_000_000, 300),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            for prec in [48, 73] {
                let slow = true_enclosure(p, prec);
                let fast =
                    true_enclosure_fast(p, prec, prec, &never).unwrap_or_else(|e| panic!("{e}"));
                if let Some(fast) = fast {
                    taken += 1;
                    assert!(
                        !fast.below(&slow) && !slow.below(&fast),
                        "{m}/{n}/{k} at {prec}: {fast:?} against {slow:?}"
                    );
                }
            }
        }
        assert!(taken >= 14, "{taken}");
    }

    #[test]
    fn the_split_between_regimes_moves_with_the_load() {
        let plan = |m, n, k| Plan::new(Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")), 64);
        // Light loads: all series; usual loads: all inclusion-exclusion.
        assert_eq!(plan(1_000_000, 1, 7).series_to, 7);
        assert_eq!(plan(1_000_000, 16, 200).series_to, 200);
        assert_eq!(plan(160, 16, 7).series_to, 0);
        assert_eq!(plan(1000, 1000, 200).series_to, 0);
        // k = m = 100 rules the series out at r = m, and inclusion and
        // exclusion alone would cancel over 64 bits: the few light r go to
        // the series.
        let mixed = plan(100, 1, 100);
        assert_eq!((mixed.series_to, mixed.r_max), (3, 100));
    }

    #[test]
    fn inclusion_and_exclusion_sums_whole_numbers_at_usual_loads() {
        // The best k of these (about 693 and 7) with their heavy
        // inclusion-exclusion parts: the shift adds whole numbers, and the
        // enclosure is as narrow as asked.
        for (m, n, k) in [(10_000, 10, 693), (1_000_000, 1000, 600), (160, 16, 7)] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            for prec in [48, 96] {
                let plan = Plan::new(p, prec);
                assert!(plan.series_to < plan.r_max, "{m}/{n}/{k}");
                assert!(plan.fixed_point_bits().is_some(), "{m}/{n}/{k}");
                let w = true_enclosure(p, prec).relative_width_log2();
                assert!(w <= -(prec as f64), "{m}/{n}/{k} at {prec}: {w}");
            }
        }
    }
}
