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
//! non-negative numbers, so rounding each step down or up brackets them),
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

use super::two::Two;
use super::{MU_LIMIT, falling_shortfall, mu, series_terms_cap};
use crate::rates::cancel;
use crate::rates::certified::Enclosure;
use crate::rates::certified::classic::classic_log2_estimate;
use crate::rates::dyadic::Dir;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::wide::Wide;

/// Most series terms (bit counts times terms each) taken past
/// [`MU_LIMIT`]: about 10 ms.
const MAX_TERMS: usize = 400_000;

/// The true rate of `p` enclosed by the all-series sum in 128-bit
/// arithmetic, its tail run down to `2^-(prec+6)` of the partial sums;
/// `None` when the series does not apply (`R >= m`), would be long (a load
/// past [`MU_LIMIT`] and over [`MAX_TERMS`] terms) or has no tail bound. The caller checks the width.
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
    // Past MU_LIMIT the series is still exact, and short when few throws
    // end it (i reaches N); it is taken while the terms stay few.
    if mu_top > MU_LIMIT && r_max * t_cap > MAX_TERMS {
        return Ok(None);
    }
    // S(k, r) sits on the diagonal at t = k - r once it reaches that far;
    // otherwise it comes from its own row.
    let from_diagonal = t_cap + 1 >= k as usize;
    let stirling = match from_diagonal {
        true => Vec::new(),
        false => stirling_row(k, r_max, flag)?,
    };
    // 1 / j for every divisor the term recurrence and the tail meet.
    let top = r_max + t_cap + 2;
    let one = Two::exact(Wide::one());
    let recips: Vec<Two> = (0..=top as u64)
        .map(|j| match j {
            0 => Two::zero(),
            _ => one.div(Two::exact(Wide::from_u64(j))),
        })
        .collect();
    let m_w = Two::exact(Wide::from_u64(m));
    let m_to_k = m_w.pow(k);
    let mut diagonal = vec![Two::zero(); t_cap + 1];
    diagonal[0] = one;
    let mut falling_m = one;
    let mut falling_n = one;
    let mut total = Two::zero();
    let skip_below = skip_threshold(p, prec, r_max);
    let mut skipped = 0usize;
    for r in 1..=r_max {
        cancel::check(flag)?;
        let ru = r as u64;
        // S(r+t, r) from S(r-1+t, r-1), in place from t = 1 up; past
        // t = N - r (and k - r) no later bit count reads them.
        let needed = (throws - ru).max(k - ru.min(k)).min(t_cap as u64) as usize;
        for t in 1..=needed {
            diagonal[t] = diagonal[t].add(diagonal[t - 1].mul_u64(ru));
        }
        falling_m = falling_m.mul_u64(m - (ru - 1));
        falling_n = falling_n.mul_u64(throws - (ru - 1));
        let s_kr = match from_diagonal {
            true => diagonal[k as usize - r],
            false => stirling[r],
        };
        let weight = s_kr.mul(falling_m).div(m_to_k);
        if negligible(weight.hi, skip_below) {
            // `P_r` is a probability, so `w_r P_r` lies in `[0, w_r]`: the
            // upper end takes the whole weight and the series is skipped.
            total.hi = total.hi.add(weight.hi, Dir::Up);
            skipped += 1;
            continue;
        }
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
        for (t, s) in diagonal.iter().enumerate().take(needed + 1) {
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
    let enclosure = Enclosure::new(total.lo.to_dyadic(), total.hi.to_dyadic());
    Ok(Some((enclosure, skipped)))
}

/// The exponent at or below which a bit count's weight `w_r` is too small
/// to be worth its series, `None` when nothing is skipped.
///
/// Skipping bit count r adds `w_r` to the upper end only (as `0 <= P_r <=
/// 1`), so the enclosure stays certain whatever is skipped; this only keeps
/// it narrow. With `L` the classic rate's `log2` estimated in doubles, at
/// most `R` skipped weights each at most `2^(L - prec - 8 - log2(R + 1))`
/// widen it by less than `2^(L - prec - 8)`, which is `2^-(prec + 8)` of
/// the classic rate and so of the true one (Jensen: classic <= true). A
/// low estimate of `L` would only widen the enclosure, and the caller
/// checks the width.
///
/// At light and middling loads the query's k probes almost always land on
/// nearly k distinct bits, so the weights of the small bit counts are
/// hundreds of binary orders below the rate (10^6 bits, 1000 keys, k = 693:
/// every r below about 600), and their series, the bulk of the work, is
/// never summed.
fn skip_threshold(p: Params, prec: u64, r_max: usize) -> Option<i64> {
    let floor = classic_log2_estimate(p);
    let guard = prec as f64 + 8.0 + ((r_max + 1) as f64).log2().ceil();
    let at = (floor - guard).floor();
    (at.is_finite() && at > i64::MIN as f64 / 2.0).then_some(at as i64)
}

/// Whether `weight` is at most `2^below` (or there is no threshold: never).
fn negligible(weight: Wide, below: Option<i64>) -> bool {
    match (weight.log2_ceil(), below) {
        (_, None) => false,
        (None, Some(_)) => true,
        (Some(log2), Some(at)) => log2 <= at,
    }
}

/// `S(k, r)` for `r = 0..=r_max`, bracketed, from the recurrence.
fn stirling_row(k: u64, r_max: usize, flag: &AtomicBool) -> Result<Vec<Two>, RateError> {
    let mut row = vec![Two::zero(); r_max + 1];
    row[0] = Two::exact(Wide::one());
    for i in 1..=k as usize {
        if i % 64 == 0 {
            cancel::check(flag)?;
        }
        for r in (1..=r_max.min(i)).rev() {
            row[r] = row[r].mul_u64(r as u64).add(row[r - 1]);
        }
        row[0] = Two::zero();
    }
    Ok(row)
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
        for (m, n, k, at_least) in [(5000, 5, 200, 60), (100_000, 3, 60, 5), (1000, 1, 540, 120)] {
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
}
