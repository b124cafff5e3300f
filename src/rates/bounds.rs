//! Certified brackets around the classic rate, from fixed-point integers
//! rounded down for the lower end and up for the upper end.
//!
//! They cost a few hundred small multiplications however large the filter,
//! and are tight enough (hundreds of bits) to rank different k against each
//! other without building the exact fractions.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::params::Params;

/// Lower and upper bounds on a value in [0, 1], as integers over `2^bits`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// Lower bound, scaled by `2^bits`.
    pub low: BigUint,
    /// Upper bound, scaled by `2^bits`.
    pub high: BigUint,
    /// The scale.
    pub bits: u64,
}

impl Bracket {
    /// Whether every value in this bracket is below every value in `other`.
    /// Both must share a scale.
    pub fn below(&self, other: &Bracket) -> bool {
        self.high < other.low
    }

    /// The middle of the bracket as a double.
    pub fn midpoint(&self) -> f64 {
        scaled_to_f64(&((&self.low + &self.high) >> 1), self.bits)
    }
}

/// Brackets the classic rate `(1 - (1 - 1/m)^(kn))^k` with `bits`
/// fractional bits. Every rounding goes in the safe direction, so the exact
/// rate always lies inside.
pub fn classic_bracket(p: Params, bits: u64) -> Bracket {
    let one = BigUint::one() << bits;
    let m = BigUint::from(p.m());
    let stay_num = &one * BigUint::from(p.m() - 1);
    let stay_low = &stay_num / &m;
    let stay_high = div_ceil(&stay_num, &m);
    let miss_low = pow_fixed(&stay_low, p.throws(), bits, false);
    let miss_high = pow_fixed(&stay_high, p.throws(), bits, true);
    let hit_low = &one - miss_high.min(one.clone());
    let hit_high = &one - miss_low.min(one.clone());
    Bracket {
        low: pow_fixed(&hit_low, u64::from(p.k()), bits, false),
        high: pow_fixed(&hit_high, u64::from(p.k()), bits, true),
        bits,
    }
}

/// `x^e` for `x` over `2^bits`, each product rounded down or up.
fn pow_fixed(x: &BigUint, e: u64, bits: u64, up: bool) -> BigUint {
    let mut acc = BigUint::one() << bits;
    if e == 0 {
        return acc;
    }
    let top = 63 - e.leading_zeros();
    acc = x.clone();
    for bit in (0..top).rev() {
        acc = mul_fixed(&acc, &acc, bits, up);
        if (e >> bit) & 1 == 1 {
            acc = mul_fixed(&acc, x, bits, up);
        }
    }
    acc
}

/// `a * b / 2^bits`, rounded down or up.
fn mul_fixed(a: &BigUint, b: &BigUint, bits: u64, up: bool) -> BigUint {
    let product = a * b;
    let down = &product >> bits;
    if up && !(&product - (&down << bits)).is_zero() {
        down + 1u32
    } else {
        down
    }
}

fn div_ceil(a: &BigUint, b: &BigUint) -> BigUint {
    let q = a / b;
    if (&q * b) == *a { q } else { q + 1u32 }
}

/// `x / 2^bits` as the nearest-ish double (0 below the smallest double).
pub fn scaled_to_f64(x: &BigUint, bits: u64) -> f64 {
    let len = x.bits();
    if len == 0 {
        return 0.0;
    }
    let shift = len.saturating_sub(64);
    let top = (x >> shift).iter_u64_digits().next().unwrap_or(0) as f64;
    let exponent = shift as i64 - bits as i64;
    // Split the scaling so no intermediate power of two overflows or
    // underflows before the product does.
    let half = (exponent / 2) as i32;
    top * 2f64.powi(half) * 2f64.powi(exponent as i32 - half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::{Budget, classic_exact, ratio_to_f64};

    #[test]
    fn brackets_hold_the_exact_rate() {
        for (m, n, k) in [
            (16, 3, 3),
            (160, 16, 7),
            (144, 12, 10),
            (1000, 100, 7),
            (10, 0, 3),
        ] {
            let p = Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"));
            let b = classic_bracket(p, 256);
            let exact = match classic_exact(p, Budget::default()) {
                Ok(r) => r,
                Err(e) => panic!("{e}"),
            };
            // low/2^256 <= num/den <= high/2^256, checked by cross-multiplying.
            let num = exact.numer().to_biguint().unwrap_or_default();
            let den = exact.denom().to_biguint().unwrap_or_default();
            assert!(&b.low * &den <= &num << 256u32, "{m}/{n}/{k}");
            assert!(&b.high * &den >= &num << 256u32, "{m}/{n}/{k}");
            let width = scaled_to_f64(&(&b.high - &b.low), 256);
            assert!(width < 1e-60, "{m}/{n}/{k}: {width}");
            let f = ratio_to_f64(&exact).unwrap_or(f64::NAN);
            assert!((b.midpoint() - f).abs() <= f * 1e-15, "{m}/{n}/{k}");
        }
    }

    #[test]
    fn doubles_from_fixed_point() {
        assert_eq!(scaled_to_f64(&BigUint::from(3u32), 2), 0.75);
        assert_eq!(scaled_to_f64(&BigUint::zero(), 10), 0.0);
        assert_eq!(scaled_to_f64(&(BigUint::one() << 300u32), 301), 0.5);
    }
}
