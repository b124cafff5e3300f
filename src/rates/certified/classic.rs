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
    let throws = p.throws();
    let stay = Dyadic::from_u64(p.m() - 1);
    let all = Dyadic::from_u64(p.m());
    let miss_lo = stay
        .pow(throws, w, Dir::Down)
        .div(&all.pow(throws, w, Dir::Up), w, Dir::Down);
    let miss_hi = stay
        .pow(throws, w, Dir::Up)
        .div(&all.pow(throws, w, Dir::Down), w, Dir::Up);
    let one = Dyadic::one();
    let hit_lo = one.sub(&miss_hi, w, Dir::Down);
    let hit_hi = one.sub(&miss_lo, w, Dir::Up);
    let k = u64::from(p.k());
    Enclosure::new(hit_lo.pow(k, w, Dir::Down), hit_hi.pow(k, w, Dir::Up))
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
