//! A certified enclosure of the classic rate `(1 - (1 - 1/m)^(kn))^k`.
//!
//! With `N = kn`, the chance that one bit is still empty is
//! `miss = (m-1)^N / m^N`. Both powers are raised from exact machine-word
//! bases, so each is within a relative `8N 2^(1-w)` of exact at `w` working
//! bits (see [`Dyadic::pow`]), and their quotient within about
//! `16N 2^(1-w)`. Then `hit = 1 - miss` subtracts exactly; when `miss` is
//! close to 1 (few keys in many bits) this is where precision goes, and the
//! error relative to `hit` is the one above times `miss / hit <= 1 / hit`.
//! Raising `hit` to the k-th power multiplies its relative error by `k` and
//! adds `8k` amplified roundings of its own. So with
//!
//! `w = prec + log2(1/hit) + log2(k) + log2(16N + 8k) + 8`
//!
//! the enclosure's relative width is below `2^-prec`. The width only decides
//! how often the caller has to retry with more bits; the enclosure contains
//! the exact rate at any `w`, because every rounding goes the safe way.

use std::ops::RangeInclusive;

use super::Enclosure;
use crate::rates::dyadic::{Dir, Dyadic};
use crate::rates::params::Params;

/// Encloses the classic rate with a relative width of about `2^-prec`.
pub fn classic_enclosure(p: Params, prec: u64) -> Enclosure {
    if p.n() == 0 {
        return Enclosure::exact(Dyadic::zero());
    }
    if p.m() == 1 {
        return Enclosure::exact(Dyadic::one());
    }
    let w = prec + classic_guard(p);
    let (miss_lo, miss_hi) = Dyadic::ratio_pow(p.m() - 1, p.m(), p.throws(), w);
    let one = Dyadic::one();
    let hit_lo = one.sub(&miss_hi, w, Dir::Down);
    let hit_hi = one.sub(&miss_lo, w, Dir::Up);
    let k = u64::from(p.k());
    Enclosure::new(hit_lo.pow(k, w, Dir::Down), hit_hi.pow(k, w, Dir::Up))
}

/// [`classic_enclosure`] at every k of `ks` (m and n fixed), for a curve.
///
/// The runs share their work. `q = (m-1)^n / m^n` is raised once.
/// `miss(k) = q^k` then follows from `miss(k-1)` with one product per end,
/// and only `hit^k` is raised at each k. Raising `(m-1)/m` to the power
/// `kn` at every k was most of the cost of a curve (at 10^12 bits, 694 k,
/// about 20 ms).
///
/// Each product rounds the way its end goes, so every enclosure contains
/// its exact rate. The width stays within the same guard bits: `q` is
/// within a relative `16n 2^(1-w)`, and k - 1 products add
/// `k 2^(1-w)` to the `k 16n 2^(1-w)` they inherit. That is
/// `(16N + k) 2^(1-w)`, inside the `16N + 8k` that [`classic_enclosure`]
/// allows for. The working bits are the most any k of the run needs.
///
/// ```
/// use bloomlab::rates::Params;
/// use bloomlab::rates::certified::classic::{classic_enclosure, classic_run};
/// let run = classic_run(1000, 50, 1..=20, 48);
/// let alone = classic_enclosure(Params::new(1000, 50, 7)?, 48);
/// assert!(run[6].low().cmp_value(alone.high()).is_le());
/// assert!(alone.low().cmp_value(run[6].high()).is_le());
/// # Ok::<(), bloomlab::rates::RateError>(())
/// ```
pub fn classic_run(m: u64, n: u64, ks: RangeInclusive<u32>, prec: u64) -> Vec<Enclosure> {
    let params: Vec<Params> = ks.filter_map(|k| Params::new(m, n, k).ok()).collect();
    let Some(first) = params.first() else {
        return Vec::new();
    };
    if n == 0 || m == 1 {
        return params.iter().map(|&p| classic_enclosure(p, prec)).collect();
    }
    let w = prec + params.iter().map(|&p| classic_guard(p)).max().unwrap_or(0);
    let (q_lo, q_hi) = Dyadic::ratio_pow(m - 1, m, n, w);
    let k0 = u64::from(first.k());
    let mut miss_lo = q_lo.pow(k0, w, Dir::Down);
    let mut miss_hi = q_hi.pow(k0, w, Dir::Up);
    let one = Dyadic::one();
    params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i > 0 {
                miss_lo = miss_lo.mul(&q_lo, w, Dir::Down);
                miss_hi = miss_hi.mul(&q_hi, w, Dir::Up);
            }
            let hit_lo = one.sub(&miss_hi, w, Dir::Down);
            let hit_hi = one.sub(&miss_lo, w, Dir::Up);
            let k = u64::from(p.k());
            Enclosure::new(hit_lo.pow(k, w, Dir::Down), hit_hi.pow(k, w, Dir::Up))
        })
        .collect()
}

/// Extra working bits for [`classic_enclosure`] (see the module notes).
fn classic_guard(p: Params) -> u64 {
    let throws = p.throws() as f64;
    let hit = -(throws * (-1.0 / p.m() as f64).ln_1p()).exp_m1();
    let lost = if hit > 0.0 {
        (-hit.log2()).max(0.0)
    } else {
        64.0
    };
    let amplified = 16.0 * throws + 8.0 * f64::from(p.k());
    (lost + f64::from(p.k()).log2() + amplified.log2()).ceil() as u64 + 8
}

/// `log2` of the classic rate, estimated in doubles (exact enough to size
/// working precisions, never used as a result). Negative infinity when the
/// rate is zero.
pub fn classic_log2_estimate(p: Params) -> f64 {
    if p.n() == 0 {
        return f64::NEG_INFINITY;
    }
    if p.m() == 1 {
        return 0.0;
    }
    let hit = -(p.throws() as f64 * (-1.0 / p.m() as f64).ln_1p()).exp_m1();
    f64::from(p.k()) * hit.log2()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{Budget, classic_exact};

    #[test]
    fn encloses_the_exact_rate_tightly() {
        for (m, n, k) in [
            (16, 3, 3),
            (160, 16, 7),
            (2, 5, 3),
            (1000, 1, 1),
            (1_000_000, 1, 7),
            (7, 40, 2),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let exact = classic_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            for prec in [8, 64, 300] {
                let e = classic_enclosure(p, prec);
                assert!(e.contains(&exact), "{m}/{n}/{k} at {prec}");
                assert!(
                    e.relative_width_log2() <= -(prec as f64),
                    "{m}/{n}/{k} at {prec}"
                );
            }
        }
    }

    #[test]
    fn a_run_encloses_every_exact_rate_as_tightly_as_one_at_a_time() {
        for (m, n, ks) in [
            (16, 3, 1..=20),
            (160, 16, 1..=40),
            (2, 5, 1..=12),
            (1000, 1, 1..=30),
            (1_000_000, 1000, 680..=700),
            (7, 40, 3..=9),
        ] {
            let run = classic_run(m, n, ks.clone(), 48);
            assert_eq!(run.len(), ks.clone().count(), "{m}/{n}");
            for (k, e) in ks.zip(&run) {
                let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
                let alone = classic_enclosure(p, 48);
                assert!(e.relative_width_log2() <= -48.0, "{m}/{n}/{k}");
                assert!(
                    e.low().cmp_value(alone.high()).is_le()
                        && alone.low().cmp_value(e.high()).is_le(),
                    "{m}/{n}/{k}: the run and the single enclosure disagree"
                );
                if m <= 1_000 {
                    let exact =
                        classic_exact(p, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
                    assert!(e.contains(&exact), "{m}/{n}/{k}");
                }
            }
        }
    }

    #[test]
    fn a_run_meets_its_width_at_the_largest_shapes() {
        for (m, n, ks) in [
            (1_000_000_000_000, 1_000_000_000, 1..=694),
            (1_000_000_000_000_000_000, 1, 990..=1000),
            (1_000_000_000_000, 1_000_000_000_000, 1..=3),
        ] {
            let run = classic_run(m, n, ks.clone(), 48);
            for (k, e) in ks.zip(run) {
                let w = e.relative_width_log2();
                assert!(w <= -48.0, "{m}/{n}/{k}: {w}");
            }
        }
    }

    #[test]
    fn the_width_meets_its_target_at_any_size() {
        // Powers of 10^15 and more lose log2(N) bits on the way, which the
        // working precision has to make up for.
        for (m, n, k) in [
            (1_000_000_000_000, 1_000_000_000_000, 2),
            (1_000_000_000_000_000_000, 1_000_000_000_000_000, 10),
            (1_000_000_000_000_000_000, 1, 64),
            (479_252_919, 50_000_000, 7),
        ] {
            for prec in [20, 50, 200] {
                let w =
                    classic_enclosure(Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")), prec)
                        .relative_width_log2();
                assert!(w <= -(prec as f64), "{m}/{n}/{k} at {prec}: {w}");
            }
        }
    }

    #[test]
    fn degenerate_shapes_are_exact() {
        assert!(
            classic_enclosure(Params::new(9, 0, 3).unwrap_or_else(|e| panic!("{e}")), 10)
                .is_exact()
        );
        assert!(
            classic_enclosure(Params::new(1, 4, 3).unwrap_or_else(|e| panic!("{e}")), 10)
                .is_exact()
        );
        // Two bits, one key, one probe: exactly one half, held exactly.
        assert!(
            classic_enclosure(Params::new(2, 1, 1).unwrap_or_else(|e| panic!("{e}")), 10)
                .is_exact()
        );
    }
}
