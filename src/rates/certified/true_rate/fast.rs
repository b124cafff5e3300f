//! The light-load series of the parent module in 128-bit arithmetic
//! ([`Wide`]), for large k: no big integer and no allocation per step.
//!
//! It sums the same formula with the same tail bound,
//! `true = sum_{r=1..R} w_r ((m-r)/m)^N sum_{t>=0} S(r+t, r) y_{r+t}`,
//! every bit count by the series (so it applies only when `R < m`), each
//! quantity carried as a lower and an upper bound rounded outward. What
//! differs is only how the exact integers are reached: the Stirling
//! numbers `S(k, r)` and `S(r+t, r)` come from their recurrences
//! (`S(i, r) = r S(i-1, r) + S(i-1, r-1)`, sums of products of
//! non-negative numbers, run rounded down with the upper ends following
//! from the count of roundings; the `rows` submodule keeps them between
//! calls),
//! and the divisions of the term recurrence `y_{i+1} = y_i (N-i) /
//! ((i+1)(m-r))` are multiplications by reciprocals rounded outward. Every
//! step is monotone, so the result encloses the true rate whatever its
//! width; the width comes from about `16N + 4kR + 8T` roundings of
//! `2^-127` each plus the tail bound, and the caller takes the enclosure
//! only when it is as narrow as asked (otherwise the [`Dyadic`] path,
//! whose working precision grows without limit, is used).
//!
//! [`Dyadic`]: crate::rates::dyadic::Dyadic

use std::sync::atomic::AtomicBool;

use super::rows::{Diagonal, reciprocals, stirling_row};
use super::two::Two;
use super::{MU_LIMIT, falling_shortfall, mu, series_terms_cap};
use crate::rates::cancel;
use crate::rates::certified::Enclosure;
use crate::rates::certified::classic::classic_log2_estimate;
use crate::rates::dyadic::Dir;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::wide::Wide;

/// Most series terms (bit counts summed times terms each) taken past
/// [`MU_LIMIT`], about 20 ms at some 150 ns a term: past it the
/// big-number path is as fast (5,000 bits, 5 keys, k about 650).
const MAX_TERMS: usize = 150_000;
/// Past [`MU_LIMIT`], the most work counting the diagonal's walk too, in
/// terms (a step of the walk is about an eighth of a term), as a share of
/// `R^2`, which the big-number path's work grows with. Set when the
/// series ran every term its bound `g` allowed: then, at 200,000 bits,
/// 100 keys and k = 1000, it took 60 ms for the first k and 9 ms for each
/// next one against the big-number path's 66 ms and 20-30 ms, and at
/// 50,000 bits and 50 keys (k = 693) it lost. Now that it ends on its
/// terms' ratio, the shares come out smaller and both are taken: 28 ms
/// and 5-8 ms for the first, and the second's whole `rate` command takes
/// 32 ms where the big-number path's took 59 ms.
const MAX_WORK_SHARE: f64 = 0.4;

/// The true rate of `p` enclosed by the all-series sum in 128-bit
/// arithmetic, its tail run down to `2^-(prec+6)` of the partial sums;
/// `None` when the series does not apply (`R >= m`), would be long (a load
/// past [`MU_LIMIT`] and over [`MAX_TERMS`] terms or [`MAX_WORK_SHARE`]) or has
/// no tail bound. The caller checks the width.
pub(super) fn series_enclosure(
    p: Params,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Option<Enclosure>, RateError> {
    Ok(series_counted(p, prec, flag)?.map(|(e, _)| e))
}

/// About how much work the light-load series of `p` takes at `prec`
/// bits, in series terms: the terms of the bit counts it is likely to sum
/// ([`collisions_summed`]), the diagonal's walk up to the first of them,
/// and the Stirling row. A step of the walk or of the row is two roundings
/// of one end where a term is some fifteen of both, so it counts as an
/// eighth of a term. Infinite where the series does not apply or would
/// not be taken.
pub(super) fn series_steps(p: Params, prec: u64) -> f64 {
    let (m, throws, k) = (p.m(), p.throws(), u64::from(p.k()));
    let r_max = k.min(m).min(throws);
    if r_max == 0 || r_max >= m {
        return f64::INFINITY;
    }
    let r_max = r_max as usize;
    let t_cap = likely_terms(p, prec, r_max).min(terms_cap(p, prec, r_max));
    let work = Work::new(p, r_max, t_cap);
    if work.declines(p, prec) {
        return f64::INFINITY;
    }
    let terms = t_cap as f64;
    let summed = collisions_summed(p, prec).clamp(1, r_max) as f64;
    let walk = (r_max as f64 - summed) * terms;
    let row = k as f64 * r_max as f64 / 2.0;
    summed * terms + (walk + row) / 8.0
}

/// The most terms any bit count's series can need at `prec` (the tail
/// bound `nu^r mu^T / T!` alone is then small enough), at most the throws.
fn terms_cap(p: Params, prec: u64, r_max: usize) -> usize {
    let throws = p.throws();
    let mu_top = mu(throws, r_max, p.m());
    let lost = falling_shortfall(throws, r_max);
    series_terms_cap(prec + lost, mu_top.max(1.0)).min(throws as usize)
}

/// What a sum did, for tests: the bit counts whose series was skipped for
/// a negligible weight, and the terms summed over the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tally {
    skipped: usize,
    terms: usize,
}

/// [`series_enclosure`] with its [`Tally`].
///
/// The diagonal is first walked only as far as the series is likely to
/// need ([`likely_terms`]); in the rare case that falls short, the sum is
/// run again with every term the tail bound `g` could ask for.
fn series_counted(
    p: Params,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Option<(Enclosure, Tally)>, RateError> {
    let (m, throws, k) = (p.m(), p.throws(), u64::from(p.k()));
    let r_max = k.min(m).min(throws);
    if r_max == 0 || r_max >= m {
        return Ok(None);
    }
    let r_max = r_max as usize;
    let most = terms_cap(p, prec, r_max);
    let likely = likely_terms(p, prec, r_max);
    if likely < most {
        match series_with_cap(p, prec, r_max, likely, flag)? {
            Run::Summed(e, tally) => return Ok(Some((e, tally))),
            Run::NotTaken => return Ok(None),
            Run::Short => {}
        }
    }
    Ok(match series_with_cap(p, prec, r_max, most, flag)? {
        Run::Summed(e, tally) => Some((e, tally)),
        Run::NotTaken | Run::Short => None,
    })
}

/// How one pass of the series ended.
enum Run {
    /// The enclosure, and what it took.
    Summed(Enclosure, Tally),
    /// Too long to be worth it, or no tail bound.
    NotTaken,
    /// A bit count's series needed more terms than the diagonal holds.
    Short,
}

/// The sizes a pass of the series is judged by.
struct Work {
    throws: u64,
    r_max: usize,
    /// Most terms per bit count.
    t_cap: usize,
    /// The load of the largest bit count.
    mu_top: f64,
}

impl Work {
    fn new(p: Params, r_max: usize, t_cap: usize) -> Work {
        Work {
            throws: p.throws(),
            r_max,
            t_cap,
            mu_top: mu(p.throws(), r_max, p.m()),
        }
    }

    /// The terms bit count r may take: past t = N - r none is left.
    fn needed(&self, r: usize) -> usize {
        (self.throws - r as u64).min(self.t_cap as u64) as usize
    }

    /// The terms of the bit counts from `first` up.
    fn terms_from(&self, first: usize) -> usize {
        (first..=self.r_max).map(|r| self.needed(r) + 1).sum()
    }

    /// The length of the diagonal walked from the first bit count summed,
    /// rounded up so that the next k of a search, whose cap is a little
    /// longer, can start from the diagonals kept.
    fn length(&self, first: usize) -> usize {
        let most = (self.throws - first as u64).saturating_add(1);
        (self.needed(first) + 1)
            .next_multiple_of(128)
            .min(most as usize)
    }

    /// Whether summing from `first`, with the diagonal walked up from
    /// `walk_from`, is more work than the series is taken for. Past
    /// MU_LIMIT the series is still exact, and short when few throws end
    /// it (i reaches N) or few bit counts are summed; it is taken while its
    /// work, as a share of `R^2`, stays small (see [`MAX_WORK_SHARE`]). A
    /// step of the diagonal's walk costs about an eighth of a term, and a
    /// walk from a kept diagonal is short (the best-k search's next k).
    fn too_long(&self, first: usize, walk_from: usize) -> bool {
        let walk = (first - walk_from.min(first)) * self.t_cap / 8;
        let terms = self.terms_from(first);
        let share = (terms + walk) as f64 / (self.r_max * self.r_max) as f64;
        self.mu_top > MU_LIMIT && (terms > MAX_TERMS || share > MAX_WORK_SHARE)
    }

    /// Whether the series is too long even from a guess at its first bit
    /// count, in doubles (it errs high, so the work it gives errs low):
    /// then the Stirling row is not worth working out. The real count is
    /// checked again once the weights are known.
    fn declines(&self, p: Params, prec: u64) -> bool {
        let guess = self.r_max.saturating_sub(collisions_summed(p, prec)).max(1);
        self.too_long(guess, Diagonal::kept_below(guess, self.length(guess)))
    }
}

/// One pass of the series with at most `t_cap` terms per bit count.
fn series_with_cap(
    p: Params,
    prec: u64,
    r_max: usize,
    t_cap: usize,
    flag: &AtomicBool,
) -> Result<Run, RateError> {
    let (m, throws, k) = (p.m(), p.throws(), u64::from(p.k()));
    let shortened = t_cap < terms_cap(p, prec, r_max);
    let work = Work::new(p, r_max, t_cap);
    let needed = |r: usize| work.needed(r);
    let length = |first: usize| work.length(first);
    if work.declines(p, prec) {
        return Ok(Run::NotTaken);
    }
    let stirling = stirling_row(k, r_max, flag)?;
    // 1 / j for every divisor the term recurrence and the tail meet.
    let top = r_max + t_cap + 2;
    let one = Two::exact(Wide::one());
    let recips = reciprocals(top);
    let m_w = Two::exact(Wide::from_u64(m));
    // Each bit count's weight `w_r`, the most `w_r P_r` can be (see
    // [`fill_upper`]), and whether that is too small to sum its series.
    let per_m_to_k = one.div(m_w.pow(k));
    let skip_below = skip_threshold(p, prec, r_max);
    let fill_hi = fill_upper(m, throws);
    let mut falling_m = one;
    let mut fill_pow = Wide::one();
    let mut weights = Vec::with_capacity(r_max + 1);
    weights.push((Two::zero(), Wide::ZERO, true));
    for (r, s_kr) in stirling.iter().enumerate().skip(1) {
        falling_m = falling_m.mul_u64(m - (r as u64 - 1));
        fill_pow = fill_pow.mul(fill_hi, Dir::Up);
        let weight = s_kr.mul(falling_m).mul(per_m_to_k);
        let most = weight.hi.mul(fill_pow, Dir::Up);
        weights.push((weight, most, negligible(most, skip_below)));
    }
    let first = (1..=r_max).find(|&r| !weights[r].2).unwrap_or(r_max);
    let mut diagonal = Diagonal::towards(first, length(first));
    if work.too_long(first, diagonal.r()) {
        return Ok(Run::NotTaken);
    }
    let mut falling_n = one;
    let mut total = Two::zero();
    let mut tally = Tally {
        skipped: 0,
        terms: 0,
    };
    for (r, &(weight, most, skip)) in weights.iter().enumerate().skip(1) {
        cancel::check(flag)?;
        let ru = r as u64;
        falling_n = falling_n.mul_u64(throws - (ru - 1));
        if skip {
            // `w_r P_r` lies in `[0, most]`: the upper end takes all of it
            // and the series is skipped.
            total.hi = total.hi.add(most, Dir::Up);
            tally.skipped += 1;
            continue;
        }
        let entries = diagonal.at(r, |r| (throws - r as u64) as usize, flag)?;
        let room = m - ru;
        let room_w = Two::exact(Wide::from_u64(room));
        let inv_room = one.div(room_w);
        let base = room_w.div(m_w).pow(throws);
        let mut y = falling_n.div(room_w.pow(ru));
        let nu_hi = Wide::from_u64(throws).div(room_w.lo, Dir::Up);
        let mu_hi = nu_hi.mul_u64(ru, Dir::Up);
        let mut g = nu_hi.pow(ru, Dir::Up);
        let mut sum = Two::zero();
        let mut tail = None;
        let mut closed = false;
        let slack = Diagonal::slack(r, needed(r));
        for (t, &lower) in entries.iter().enumerate().take(needed(r) + 1) {
            let s = Two {
                lo: lower,
                hi: lower.mul(slack, Dir::Up),
            };
            let term = s.mul(y);
            sum = sum.add(term);
            tally.terms += 1;
            let i = ru + t as u64;
            if i >= throws {
                tail = Some(Wide::ZERO);
                closed = true;
                break;
            }
            y = y
                .mul_u64(throws - i)
                .mul(inv_room)
                .mul(recips[(i + 1) as usize]);
            let terms = t as u64 + 1;
            g = g
                .mul(mu_hi, Dir::Up)
                .mul(recips[terms as usize].hi, Dir::Up);
            let small = sum.lo.shifted(-(prec as i64 + 6));
            // The ratio bound can hold with the term above `small` only
            // where the ratio is tiny; a term at or below it is a cheap
            // first filter, so the bound is tried only from there.
            if t > 0 && term.hi.cmp_value(small).is_le() {
                let b_hi = inv_room
                    .hi
                    .mul(recips[(i + 1) as usize].hi, Dir::Up)
                    .mul_u64(throws - i, Dir::Up);
                if ratio_tail_is_small(term.hi, (entries[t - 1], s.hi), b_hi, small) {
                    tail = Some(small);
                    closed = true;
                    break;
                }
            }
            // The tail bound is at least g: work it out only once g is small.
            if g.cmp_value(small).is_le() || t == t_cap {
                tail = tail_bound(g, terms, mu_hi);
                if tail.is_some_and(|b| b.cmp_value(small).is_le()) {
                    closed = true;
                    break;
                }
            }
        }
        if shortened && !closed {
            return Ok(Run::Short);
        }
        let Some(tail) = tail else {
            // No usable bound on the rest: the caller falls back.
            return Ok(Run::NotTaken);
        };
        let series = Two {
            lo: sum.lo,
            hi: sum.hi.add(tail, Dir::Up),
        };
        total = total.add(weight.mul(base).mul(series));
    }
    diagonal.keep();
    let enclosure = Enclosure::new(total.lo.to_dyadic(), total.hi.to_dyadic());
    Ok(Run::Summed(enclosure, tally))
}

/// The exponent at or below which the most a bit count can add, `w_r q^r`
/// (see [`fill_upper`]), is too small to be worth its series, `None` when
/// nothing is skipped.
///
/// Skipping bit count r adds `w_r q^r` to the upper end only (as `0 <= P_r
/// <= q^r`), so the enclosure stays certain whatever is skipped; this only
/// keeps it narrow. With `L` the classic rate's `log2` estimated in
/// doubles, at most `R` skipped amounts each at most
/// `2^(L - prec - 8 - log2(R + 1))` widen it by less than `2^(L - prec - 8)`, which is `2^-(prec + 8)` of
/// the classic rate and so of the true one (Jensen: classic <= true). A
/// low estimate of `L` would only widen the enclosure, and the caller
/// checks the width.
///
/// At light and middling loads the query's k probes almost always land on
/// nearly k distinct bits, so the weights of the small bit counts are
/// hundreds of binary orders below the rate (10^6 bits, 1000 keys, k = 693:
/// every r below about 600), and their series, the bulk of the work, is
/// never summed. The factor `q^r` skips more where the weight alone would
/// not: at 50,000 bits, 10 keys and k = 1000, 847 of the 1000 bit counts
/// against 524 by the weight alone.
fn skip_threshold(p: Params, prec: u64, r_max: usize) -> Option<i64> {
    let floor = classic_log2_estimate(p);
    let guard = prec as f64 + 8.0 + ((r_max + 1) as f64).log2().ceil();
    let at = (floor - guard).floor();
    (at.is_finite() && at > i64::MIN as f64 / 2.0).then_some(at as i64)
}

/// Roughly how many bit counts the series will sum, in doubles, only to
/// give up early on a series that is too long. With `R` the distinct bits
/// among the query's k probes, the weight of `r = k - c` times `q^r`, over
/// the classic rate `q^k`, is about `P(k - R = c) q^-c`; the bit counts
/// summed are those where this stays above the skip threshold. Two
/// pictures of `k - R` are taken and the smaller count kept, so that it
/// seldom gives up on a series the weights would have taken:
/// - Poisson with mean `l = k^2 / 2m` (few collisions): the term is
///   `e^-l (l / q)^c / c!`. It errs high where the probes collide often
///   (218 against the 183 the weights give at 20,000 bits, 10 keys and
///   k = 1000; 60 against 58 at 200,000 bits and 100 keys).
/// - Normal about `E[k - R]` with the occupancy variance `s^2` (many): a
///   shortfall `d` below the mean is summed while `d^2 / 2s^2` less
///   `(E[k - R] + d) ln(1/q)` stays above the threshold, a quadratic in
///   `d`. At 1000 bits, 1 key and k = 540 it gives 334 against 312, where
///   the Poisson picture gives all 540; it errs low where collisions are
///   few (37 against 68 at 50,000 bits, 50 keys and k = 693).
fn collisions_summed(p: Params, prec: u64) -> usize {
    let (m, k) = (p.m() as f64, f64::from(p.k()));
    let q = -(p.throws() as f64 * (-1.0 / m).ln_1p()).exp_m1();
    let floor = -(prec as f64 + 18.0) * std::f64::consts::LN_2;
    // Poisson.
    let l = k * (k - 1.0) / (2.0 * m);
    let ratio = (l / q).ln();
    let mut log_term = -l;
    let mut c = 0usize;
    while (c as f64) < k && (c as f64 <= l / q || log_term > floor) {
        c += 1;
        log_term += ratio - (c as f64).ln();
    }
    // Normal: R has mean m (1 - e) and variance m e (1 - (1 + k/m) e)
    // with e = (1 - 1/m)^k, nearly.
    let empty = (k * (-1.0 / m).ln_1p()).exp();
    let mean_short = k - m * (1.0 - empty);
    let var = (m * empty * (1.0 - (1.0 + k / m) * empty)).max(1e-9);
    let per = -q.ln();
    let half = var * per;
    let d = half
        + (half * half + 2.0 * var * (mean_short * per - floor))
            .max(0.0)
            .sqrt();
    let normal = (mean_short + d).ceil().clamp(0.0, k) as usize;
    c.min(normal)
}

/// An upper bound on `q = 1 - (1 - 1/m)^N`, the chance that one given
/// bit is set after N throws.
///
/// `P_r`, the chance that r given bits are all set, is at most `q^r`: the
/// counts of throws per bit are negatively associated (Joag-Dev and
/// Proschan, 1983, for the multinomial), so the indicators "bit i is
/// set", non-decreasing functions of disjoint counts, are too, and the
/// chance that all of them hold is at most the product of their chances.
/// At light loads `q^r` is far below 1 (q = 0.18 at 50,000 bits and
/// 10,000 throws), so bit counts whose weight alone is not negligible are
/// once the weight is multiplied by it.
fn fill_upper(m: u64, throws: u64) -> Wide {
    let keep = Wide::from_u64(m - 1).div(Wide::from_u64(m), Dir::Down);
    Wide::one().sub(keep.pow(throws, Dir::Down), Dir::Up)
}

/// Whether `weight` is at most `2^below` (or there is no threshold: never).
fn negligible(weight: Wide, below: Option<i64>) -> bool {
    match (weight.log2_ceil(), below) {
        (_, None) => false,
        (None, Some(_)) => true,
        (Some(log2), Some(at)) => log2 <= at,
    }
}

/// Whether the terms after term `t` of a bit count's series add at most
/// `small`, from the terms' ratio rather than from `g`.
///
/// Term t is `S(r+t, r) y_{r+t}`, and the next over it is
/// `a_t b_t` with `a_t = S(r+t+1, r) / S(r+t, r)` and
/// `b_t = (N - r - t) / ((r + t + 1)(m - r))`. Both fall as t grows: `b_t`
/// plainly, and `a_t` because `S(n, r)` is log-concave in n. (Its
/// generating function `sum_n S(n, r) x^n` is `x^r` times the product of
/// `1 / (1 - j x)` for `j = 1..=r`, so the sequence is a convolution of
/// geometric ones, each log-concave, and convolution keeps positive
/// sequences log-concave.) So every later ratio is at most
/// `rho = a_{t-1} b_t`, and when `rho < 1` the rest is at most
/// `term_t rho / (1 - rho)`. That is at most `small` exactly when
/// `rho (term_t + small) <= small`; with `rho` written out and multiplied
/// by `S(r+t-1, r)`, the test below has no division, each side rounded
/// against itself. The terms peak near t = r (E - 1), E the mean of a
/// Poisson count given that it is not 0 (`likely_terms`), and fall off
/// like a Poisson tail from there, so this ends the series hundreds of
/// terms before `g` does where the load is heavy (at 200,000 bits,
/// 100,000 throws and r = 943: term 430 against 1100).
///
/// `diagonal` is `(S(r+t-1, r)` rounded down, `S(r+t, r)` rounded up`)`
/// and `b_hi` is `b_t` rounded up.
fn ratio_tail_is_small(term_hi: Wide, diagonal: (Wide, Wide), b_hi: Wide, small: Wide) -> bool {
    let (before_lo, now_hi) = diagonal;
    if small.is_zero() {
        return false;
    }
    let left = now_hi
        .mul(b_hi, Dir::Up)
        .mul(term_hi.add(small, Dir::Up), Dir::Up);
    let right = small.mul(before_lo, Dir::Down);
    left.cmp_value(right).is_le()
}

/// About how many terms a bit count's series takes before
/// [`ratio_tail_is_small`] ends it, the most over the bit counts up to
/// `r_max`, in doubles, with room to spare; at most `N - 1`.
///
/// Term t over the sum is the chance that `r + t` of the N throws land in
/// r given bits when all r are hit. Taking each bit's count as Poisson
/// with a mean `l` set so that the expected counts add up to N (r bits
/// given at least one, `m - r` free: `r l / (1 - e^-l) + (m - r) l = N`),
/// the r given counts are Poisson counts of mean `l` given they are not 0.
/// A Chernoff bound on their sum, with `l` tilted up to `l'`, puts the
/// sum at or above `r E(l')` with chance at most `e^-D`, where
/// `E(x) = x / (1 - e^-x)` is the mean given not 0 and
/// `D = r E(l') ln(l' / l) - r ln((e^l' - 1) / (e^l - 1))`. The length is
/// where `D` reaches `prec + 30` bits (6 for the series' own margin, the
/// rest for the ratio bound's factor `1 / (1 - rho)` and for the picture
/// being only a picture), plus a tenth and 16 terms. A length that falls
/// short costs a second run, never a wrong bound; one past `N - r` is no
/// worse than `N - r`, as the series ends there.
fn likely_terms(p: Params, prec: u64, r_max: usize) -> usize {
    // The mean `r (E(l) - 1)` is about `r (N - r) / 2m` at light loads,
    // largest at the largest r unless r passes N / 2 (one key, where
    // N = k = R): then the middle bit count runs longest.
    let half = (p.throws() / 2) as usize;
    [r_max, (r_max * 3 / 4).max(1), half.clamp(1, r_max)]
        .into_iter()
        .map(|r| likely_terms_at(p, prec, r))
        .fold(0.0, f64::max)
        .min((p.throws() - 1) as f64) as usize
}

/// [`likely_terms`] for bit count `r`, rounded up (infinite where the
/// picture fails; 0 where no throw is left past r).
fn likely_terms_at(p: Params, prec: u64, r: usize) -> f64 {
    let (m, throws) = (p.m() as f64, p.throws() as f64);
    let rf = r as f64;
    let free = m - rf;
    if throws <= rf {
        return 0.0;
    }
    if free <= 0.0 {
        return f64::INFINITY;
    }
    let given_mean = |x: f64| match x < 1e-9 {
        true => 1.0 + x / 2.0,
        false => x / -(-x).exp_m1(),
    };
    // ln(e^x - 1), without overflow.
    let ln_em1 = |x: f64| x + (-(-x).exp_m1()).ln();
    let mut lo = 0.0;
    let mut hi = throws / free;
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if rf * given_mean(mid) + free * mid < throws {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = hi;
    if !(l > 0.0 && l.is_finite()) {
        return f64::INFINITY;
    }
    let deviation = |x: f64| rf * given_mean(x) * (x / l).ln() - rf * (ln_em1(x) - ln_em1(l));
    let target = (prec as f64 + 30.0) * std::f64::consts::LN_2;
    let mut top = 2.0 * l;
    while deviation(top) < target {
        top *= 2.0;
        if !top.is_finite() {
            return f64::INFINITY;
        }
    }
    let (mut lo, mut hi) = (l, top);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if deviation(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let terms = rf * (given_mean(hi) - 1.0);
    (terms * 1.1 + 16.0).ceil()
}

/// `g (T+1) / (T+1 - mu)`, as in the parent's series, or `None` when
/// `T + 1 <= mu`.
fn tail_bound(g: Wide, terms: u64, mu_hi: Wide) -> Option<Wide> {
    let next = Wide::from_u64(terms + 1);
    if next.cmp_value(mu_hi).is_le() {
        return None;
    }
    let gap = next.sub(mu_hi, Dir::Down);
    Some(g.mul(next, Dir::Up).div(gap, Dir::Up))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{Budget, true_exact};

    #[test]
    fn negligible_bit_counts_are_skipped_and_the_enclosure_holds() {
        // A middling load where the query's probes almost never collide
        // much: most bit counts weigh far below the rate. The enclosure is
        // checked against the exact fraction and against the width asked.
        let never = AtomicBool::new(false);
        for (m, n, k, at_least) in [
            (5000, 5, 200, 110),
            (100_000, 3, 60, 15),
            (1000, 1, 540, 200),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            let (e, Tally { skipped, .. }) = series_counted(p, 96, &never)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("{m}/{n}/{k}: no series"));
            assert!(e.contains(&exact), "{m}/{n}/{k}");
            assert!(e.relative_width_log2() <= -96.0, "{m}/{n}/{k}");
            assert!(skipped >= at_least, "{m}/{n}/{k}: {skipped} skipped");
        }
    }

    #[test]
    fn encloses_the_exact_rate_at_large_k() {
        let never = AtomicBool::new(false);
        for (m, n, k) in [
            (1000, 1, 30),
            (1000, 2, 40),
            (100_000, 3, 60),
            (5000, 1, 200),
            (100, 1, 50),
            (1000, 1, 540),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            for prec in [48, 96] {
                let e = series_enclosure(p, prec, &never)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .unwrap_or_else(|| panic!("{m}/{n}/{k}: no series"));
                assert!(e.contains(&exact), "{m}/{n}/{k} at {prec}");
                let width = e.relative_width_log2();
                assert!(width <= -(prec as f64), "{m}/{n}/{k} at {prec}: {width}");
            }
        }
    }

    #[test]
    fn kept_rows_and_diagonals_give_the_bits_of_a_fresh_run() {
        // A best-k search's walk: the winner first, then the k below it,
        // each from the rows and diagonals the one before kept, and again
        // after everything kept is forgotten.
        let never = AtomicBool::new(false);
        let shapes = [
            (50_000, 10, 1000),
            (50_000, 10, 995),
            (200_000, 100, 998),
            (5000, 5, 200),
        ];
        let run = |(m, n, k): (u64, u64, u32)| {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            series_counted(p, 48, &never)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("{m}/{n}/{k}: no series"))
        };
        let walked: Vec<_> = shapes.iter().map(|&s| run(s)).collect();
        for (shape, (kept, tally)) in shapes.into_iter().zip(walked) {
            crate::rates::certified::true_rate::forget_kept_rows();
            let (fresh, fresh_tally) = run(shape);
            assert_eq!(
                (kept.low(), kept.high()),
                (fresh.low(), fresh.high()),
                "{shape:?}"
            );
            assert_eq!(tally, fresh_tally, "{shape:?}");
        }
    }

    #[test]
    fn stirling_numbers_are_log_concave_in_n() {
        // The ratio bound rests on S(n+1, r) / S(n, r) falling as n grows:
        // checked exactly, S(n+1, r)^2 >= S(n, r) S(n+2, r).
        use num_bigint::BigUint;
        let (rows, top) = (24usize, 110usize);
        let mut s = vec![vec![BigUint::from(0u32); rows + 1]; top + 1];
        s[0][0] = BigUint::from(1u32);
        for n in 1..=top {
            for r in 1..=rows.min(n) {
                s[n][r] = &s[n - 1][r] * BigUint::from(r) + &s[n - 1][r - 1];
            }
        }
        for (n, three) in s.windows(3).enumerate() {
            let columns = three[0].iter().zip(&three[1]).zip(&three[2]);
            for (r, ((before, now), after)) in columns.enumerate().skip(1) {
                assert!(now * now >= before * after, "S(., {r}) at n = {n}");
            }
        }
    }

    #[test]
    fn the_ratio_bound_ends_each_series_early_and_the_likely_length_suffices() {
        // Loads from light to past MU_LIMIT. The first pass, on the likely
        // length, must sum (not run short), enclose the rate at the width
        // asked, and take far fewer terms than the bound g alone allowed
        // (the counts on the right, measured with the ratio test switched
        // off). The rate is the exact fraction, or at 200,000 bits the
        // big-number path's enclosure, which must overlap.
        let never = AtomicBool::new(false);
        for (m, n, k, g_only) in [
            (5000, 5, 200, 11_562),
            (1000, 1, 540, 56_628),
            (2000, 4, 150, 11_096),
            (200_000, 100, 1000, 65_685),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let r_max = (k as usize)
                .min(m as usize)
                .min((n * u64::from(k)) as usize);
            let likely = likely_terms(p, 96, r_max);
            let run =
                series_with_cap(p, 96, r_max, likely, &never).unwrap_or_else(|e| panic!("{e}"));
            let (e, tally) = match run {
                Run::Summed(e, tally) => (e, tally),
                Run::Short => panic!("{m}/{n}/{k}: the likely length ({likely}) fell short"),
                Run::NotTaken => panic!("{m}/{n}/{k}: not taken"),
            };
            if m <= 5000 {
                let exact = true_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
                assert!(e.contains(&exact), "{m}/{n}/{k}");
            } else {
                let slow = crate::rates::certified::true_rate::true_enclosure(p, 96);
                assert!(!e.below(&slow) && !slow.below(&e), "{m}/{n}/{k}");
            }
            assert!(e.relative_width_log2() <= -96.0, "{m}/{n}/{k}");
            // At most 60% of the terms (42-58% measured).
            assert!(
                tally.terms * 5 <= g_only * 3,
                "{m}/{n}/{k}: {tally:?} against {g_only}"
            );
        }
    }
}
