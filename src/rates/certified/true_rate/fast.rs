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
//! non-negative numbers, so rounding each step down or up brackets them;
//! the `rows` submodule keeps them between calls),
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
/// terms (a step of the walk is about a sixth of a term), as a share of
/// `R^2`, which the big-number path's work grows with. Measured: at
/// 200,000 bits, 100 keys and k = 1000 (a share of 0.31) the series takes
/// 60 ms for the first k and 9 ms for each next one, the big-number path
/// 66 ms and 20-30 ms; at 50,000 bits and 50 keys (k = 693, a share of
/// 0.5) the big-number path is faster, 50 ms for the whole search
/// against 70 ms.
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

/// About how many steps the light-load series of `p` takes at `prec`
/// bits: the terms of its largest bit count for each bit count, halved
/// since the load grows with the bit count. Infinite where it does not
/// apply.
pub(super) fn series_steps(p: Params, prec: u64) -> f64 {
    let (m, throws, k) = (p.m(), p.throws(), u64::from(p.k()));
    let r_max = k.min(m).min(throws);
    if r_max == 0 || r_max >= m {
        return f64::INFINITY;
    }
    let r_max = r_max as usize;
    let mu_top = mu(throws, r_max, m);
    let lost = falling_shortfall(throws, r_max);
    let t_cap = series_terms_cap(prec + lost, mu_top.max(1.0)).min(throws as usize);
    (r_max * t_cap) as f64 / 2.0
}

/// [`series_enclosure`] with the number of bit counts whose series was
/// skipped for a negligible weight.
fn series_counted(
    p: Params,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Option<(Enclosure, usize)>, RateError> {
    let (m, throws, k) = (p.m(), p.throws(), u64::from(p.k()));
    let r_max = k.min(m).min(throws);
    if r_max == 0 || r_max >= m {
        return Ok(None);
    }
    let r_max = r_max as usize;
    let mu_top = mu(throws, r_max, m);
    let lost = falling_shortfall(throws, r_max);
    let t_cap = series_terms_cap(prec + lost, mu_top.max(1.0)).min(throws as usize);
    // Past t = N - r no term is left.
    let needed = |r: usize| (throws - r as u64).min(t_cap as u64) as usize;
    let terms_from = |first: usize| (first..=r_max).map(|r| needed(r) + 1).sum::<usize>();
    // The length of the diagonal walked from the first bit count summed,
    // rounded up so that the next k of a search, whose cap is a little
    // longer, can start from the diagonals kept.
    let length = |first: usize| {
        let most = (throws - first as u64).saturating_add(1);
        (needed(first) + 1).next_multiple_of(128).min(most as usize)
    };
    // Past MU_LIMIT the series is still exact, and short when few throws
    // end it (i reaches N) or few bit counts are summed; it is taken while
    // its work, as a share of `R^2`, stays small (see [`MAX_WORK_SHARE`]).
    // A step of the diagonal's walk up to the first summed bit count costs
    // about a sixth of a term, and a walk from a kept diagonal is short
    // (the best-k search's next k).
    let share = |first: usize, walk_from: usize| {
        let walk = (first - walk_from.min(first)) * t_cap / 6;
        (terms_from(first) + walk) as f64 / (r_max * r_max) as f64
    };
    let too_long = |first: usize, walk_from: usize| {
        mu_top > MU_LIMIT
            && (terms_from(first) > MAX_TERMS || share(first, walk_from) > MAX_WORK_SHARE)
    };
    // A guess at the first bit count summed, in doubles (it errs high, so
    // the work it gives errs low): when even that looks too long, the
    // Stirling row is not worth working out. The real count is checked
    // again below.
    let guess = r_max.saturating_sub(collisions_summed(p, prec)).max(1);
    if too_long(guess, Diagonal::kept_below(guess, length(guess))) {
        return Ok(None);
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
    if too_long(first, diagonal.r()) {
        return Ok(None);
    }
    let mut falling_n = one;
    let mut total = Two::zero();
    let mut skipped = 0usize;
    for (r, &(weight, most, skip)) in weights.iter().enumerate().skip(1) {
        cancel::check(flag)?;
        let ru = r as u64;
        falling_n = falling_n.mul_u64(throws - (ru - 1));
        if skip {
            // `w_r P_r` lies in `[0, most]`: the upper end takes all of it
            // and the series is skipped.
            total.hi = total.hi.add(most, Dir::Up);
            skipped += 1;
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
        for (t, s) in entries.iter().enumerate().take(needed(r) + 1) {
            sum = sum.add(s.mul(y));
            let i = ru + t as u64;
            if i >= throws {
                tail = Some(Wide::ZERO);
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
            // The tail bound is at least g: work it out only once g is small.
            if g.cmp_value(small).is_le() || t == t_cap {
                tail = tail_bound(g, terms, mu_hi);
                if tail.is_some_and(|b| b.cmp_value(small).is_le()) {
                    break;
                }
            }
        }
        let Some(tail) = tail else {
            // No usable bound on the rest: the caller falls back.
            return Ok(None);
        };
        let series = Two {
            lo: sum.lo,
            hi: sum.hi.add(tail, Dir::Up),
        };
        total = total.add(weight.mul(base).mul(series));
    }
    diagonal.keep();
    let enclosure = Enclosure::new(total.lo.to_dyadic(), total.hi.to_dyadic());
    Ok(Some((enclosure, skipped)))
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
            let (e, skipped) = series_counted(p, 96, &never)
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
        for (shape, (kept, skipped)) in shapes.into_iter().zip(walked) {
            crate::rates::certified::true_rate::forget_kept_rows();
            let (fresh, fresh_skipped) = run(shape);
            assert_eq!(
                (kept.low(), kept.high()),
                (fresh.low(), fresh.high()),
                "{shape:?}"
            );
            assert_eq!(skipped, fresh_skipped, "{shape:?}");
        }
    }
}
