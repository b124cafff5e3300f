//! [`Two`]: a lower and an upper bound in 128-bit directed rounding, the
//! pair the true rate's 128-bit sums carry every quantity as. Each
//! operation rounds the lower end down and the upper end up, and all of
//! them are monotone on non-negative numbers, so a chain of them brackets
//! the exact chain.

use crate::rates::dyadic::Dir;
use crate::rates::wide::Wide;

/// A lower and an upper bound.
#[derive(Clone, Copy)]
pub(super) struct Two {
    pub(super) lo: Wide,
    pub(super) hi: Wide,
}

impl Two {
    pub(super) fn exact(v: Wide) -> Two {
        Two { lo: v, hi: v }
    }

    pub(super) fn zero() -> Two {
        Two::exact(Wide::ZERO)
    }

    pub(super) fn mul(self, o: Two) -> Two {
        Two {
            lo: self.lo.mul(o.lo, Dir::Down),
            hi: self.hi.mul(o.hi, Dir::Up),
        }
    }

    pub(super) fn mul_u64(self, v: u64) -> Two {
        Two {
            lo: self.lo.mul_u64(v, Dir::Down),
            hi: self.hi.mul_u64(v, Dir::Up),
        }
    }

    pub(super) fn add(self, o: Two) -> Two {
        Two {
            lo: self.lo.add(o.lo, Dir::Down),
            hi: self.hi.add(o.hi, Dir::Up),
        }
    }

    /// `self / o` for a positive `o`.
    pub(super) fn div(self, o: Two) -> Two {
        Two {
            lo: self.lo.div(o.hi, Dir::Down),
            hi: self.hi.div(o.lo, Dir::Up),
        }
    }

    /// The pair for an exact value from a lower bound alone: `lo` ends a
    /// chain of additions and multiplications of non-negative numbers,
    /// each rounded down, with at most `depth` roundings on any path from
    /// an exact input to it.
    ///
    /// Each rounding keeps at least `1 - u` of its exact result
    /// (`u = 2^-127`, see [`Wide`]), a product of such results keeps the
    /// product of what each keeps, and a sum keeps what the worse of its
    /// two parts keeps; so `lo >= exact (1 - u)^depth`. Then
    /// `exact <= lo / (1 - u)^depth <= lo (1 + 2 depth u)` while
    /// `depth u <= 1/2` (Bernoulli's inequality, then `1 / (1 - x) <= 1 + 2x`
    /// for `x <= 1/2`), which holds for any depth a `u64` can count. A
    /// recurrence run this way does half the work of running both ends.
    pub(super) fn from_lower(lo: Wide, depth: u64) -> Two {
        let slack = Wide::one().add(Wide::from_u64(depth).shifted(-126), Dir::Up);
        Two {
            lo,
            hi: lo.mul(slack, Dir::Up),
        }
    }

    pub(super) fn pow(self, e: u64) -> Two {
        Two {
            lo: self.lo.pow(e, Dir::Down),
            hi: self.hi.pow(e, Dir::Up),
        }
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::{BigInt, BigUint};
    use num_rational::BigRational;

    use super::*;

    fn ratio(w: Wide) -> BigRational {
        w.to_dyadic()
            .to_ratio()
            .unwrap_or_else(|| panic!("{w:?} as a fraction"))
    }

    #[test]
    fn a_lower_end_and_its_depth_bracket_the_exact_value() {
        // The Stirling recurrence S(i, r) = r S(i-1, r) + S(i-1, r-1) run
        // on lower ends only, against whole numbers: 2 roundings per row.
        let (k, r_max) = (300usize, 120usize);
        let mut lower = vec![Wide::ZERO; r_max + 1];
        let mut exact = vec![BigUint::from(0u32); r_max + 1];
        lower[0] = Wide::one();
        exact[0] = BigUint::from(1u32);
        for i in 1..=k {
            for r in (1..=r_max.min(i)).rev() {
                lower[r] = lower[r]
                    .mul_u64(r as u64, Dir::Down)
                    .add(lower[r - 1], Dir::Down);
                exact[r] = &exact[r] * BigUint::from(r) + &exact[r - 1];
            }
            lower[0] = Wide::ZERO;
            exact[0] = BigUint::from(0u32);
        }
        let mut rounded = 0;
        for r in 1..=r_max {
            let pair = Two::from_lower(lower[r], 2 * k as u64);
            let value = BigRational::from_integer(BigInt::from(exact[r].clone()));
            assert!(
                ratio(pair.lo) <= value && value <= ratio(pair.hi),
                "S({k}, {r})"
            );
            rounded += usize::from(ratio(pair.lo) < value);
        }
        // Most entries are far past 128 bits, so the test is not idle.
        assert!(rounded > 100, "{rounded}");
    }
}
