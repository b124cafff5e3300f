//! The classic exact false-positive rate `(1 - (1 - 1/m)^(kn))^k` as a
//! rational number in lowest terms.
//!
//! Written over a common denominator the rate is `N^k / m^(k*k*n)` with
//! `N = m^(kn) - (m-1)^(kn)`. That fraction needs no reduction. Take any prime
//! `q` dividing `m`. Then `m ≡ 0 (mod q)`, so `N ≡ -(m-1)^(kn) ≡ -(-1)^(kn)
//! (mod q)`, which is `±1`: `q` does not divide `N`, hence not `N^k` either.
//! The denominator is built from such primes only, so numerator and
//! denominator share no prime at all. (For `m = 1` the denominator is 1.)
//! Calling a gcd on numbers with millions of digits would cost far more than
//! the powers themselves, so the fraction is assembled with `new_raw`.

use std::sync::atomic::AtomicBool;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;

use super::budget::Budget;
use super::cancel;
use super::digits::power_digits;
use super::error::RateError;
use super::params::Params;
use super::powers::{self, PARALLEL_DIGITS};

/// What the budget calls the classic rate's denominator in its messages.
pub const CLASSIC_WHAT: &str = "exact classic rate's denominator";

/// Decimal digits of the classic rate's denominator `m^(k*k*n)`, found from
/// logarithms with the boundary settled exactly (never by printing it).
pub fn classic_denominator_digits(p: Params) -> u64 {
    let k = u128::from(p.k);
    power_digits(p.m, k * k * u128::from(p.n))
}

/// The classic exact rate, in lowest terms, after checking the budget.
pub fn classic_exact(p: Params, budget: Budget) -> Result<BigRational, RateError> {
    classic_exact_cancellable(p, budget, &cancel::never())
}

/// [`classic_exact`] that gives up with [`RateError::Cancelled`] soon after
/// `flag` is set (it looks between the big multiplications).
pub fn classic_exact_cancellable(
    p: Params,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<BigRational, RateError> {
    p.validate()?;
    budget.check(CLASSIC_WHAT, classic_denominator_digits(p))?;
    let (all, _) = classic_parts(p, flag)?;
    Ok(all)
}

/// The classic rate together with `m^(kn)` and `(m-1)^(kn)`, which the true
/// rate can reuse. The caller has already validated and budget-checked `p`.
pub(crate) fn classic_parts(
    p: Params,
    flag: &AtomicBool,
) -> Result<(BigRational, SharedPowers), RateError> {
    let parallel = classic_denominator_digits(p) >= PARALLEL_DIGITS;
    let shared = SharedPowers::compute(p, parallel, flag)?;
    let rate = classic_from_shared(p, &shared, parallel, flag)?;
    Ok((rate, shared))
}

/// `m^(kn)` and `(m-1)^(kn)`: the two powers the classic rate starts from.
#[derive(Debug, Clone)]
pub(crate) struct SharedPowers {
    /// `m^(kn)`.
    pub m_pow: BigUint,
    /// `(m-1)^(kn)`.
    pub m1_pow: BigUint,
}

impl SharedPowers {
    /// Computes both powers, side by side when `parallel`.
    pub fn compute(p: Params, parallel: bool, flag: &AtomicBool) -> Result<Self, RateError> {
        let kn = p.throws();
        let m = BigUint::from(p.m);
        let m1 = BigUint::from(p.m - 1);
        let (m_pow, m1_pow) = powers::both(
            parallel,
            || powers::pow(&m, kn, flag),
            || powers::pow(&m1, kn, flag),
        );
        Ok(SharedPowers {
            m_pow: m_pow?,
            m1_pow: m1_pow?,
        })
    }
}

/// `N^k / (m^(kn))^k` from the shared powers, raising both to the k-th power
/// side by side when `parallel`.
pub(crate) fn classic_from_shared(
    p: Params,
    shared: &SharedPowers,
    parallel: bool,
    flag: &AtomicBool,
) -> Result<BigRational, RateError> {
    let base = &shared.m_pow - &shared.m1_pow;
    let k = u64::from(p.k);
    let (den, num) = powers::both(
        parallel,
        || powers::pow(&shared.m_pow, k, flag),
        || powers::pow(&base, k, flag),
    );
    Ok(BigRational::new_raw(BigInt::from(num?), BigInt::from(den?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;
    use num_traits::{One, Zero};

    fn params(m: u64, n: u64, k: u32) -> Params {
        Params { m, n, k }
    }

    #[test]
    fn tiny_case_by_hand() {
        // m=2, n=1, k=1: one throw sets one of two bits; the query bit is set
        // with probability 1/2.
        let r = classic_exact(params(2, 1, 1), Budget::default());
        assert_eq!(r, Ok(BigRational::new(BigInt::from(1), BigInt::from(2))));
    }

    #[test]
    fn already_in_lowest_terms() {
        for (m, n, k) in [
            (2, 3, 2),
            (6, 2, 3),
            (12, 3, 2),
            (16, 3, 3),
            (30, 4, 3),
            (80, 10, 5),
        ] {
            let r = classic_exact(params(m, n, k), Budget::default());
            let r = match r {
                Ok(r) => r,
                Err(e) => panic!("{e}"),
            };
            assert!(r.numer().gcd(r.denom()).is_one(), "{m}/{n}/{k}");
            assert_eq!(
                power_digits(m, u128::from(k * k) * u128::from(n)),
                r.denom().to_string().len() as u64
            );
        }
    }

    #[test]
    fn no_keys_means_no_false_positives() {
        let r = classic_exact(params(100, 0, 3), Budget::default());
        assert_eq!(r.map(|r| r.numer().is_zero()), Ok(true));
    }

    #[test]
    fn one_bit_is_always_set() {
        let r = classic_exact(params(1, 5, 4), Budget::default());
        assert_eq!(r, Ok(BigRational::one()));
    }

    #[test]
    fn budget_is_checked_first() {
        let r = classic_exact(params(100_000, 10_000, 10), Budget::default());
        assert_eq!(
            r,
            Err(RateError::BudgetExceeded {
                what: CLASSIC_WHAT,
                digits: 5_000_001,
                limit: 5_000_000
            })
        );
    }

    #[test]
    fn denominator_digits_of_the_table() {
        assert_eq!(classic_denominator_digits(params(16, 3, 3)), 33);
        assert_eq!(classic_denominator_digits(params(160, 16, 7)), 1729);
        assert_eq!(
            classic_denominator_digits(params(100_000, 10_000, 7)),
            2_450_001
        );
    }

    #[test]
    fn cancelled_flag_stops_work() {
        let flag = cancel::never();
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let r = classic_exact_cancellable(params(160, 16, 7), Budget::default(), &flag);
        assert_eq!(r, Err(RateError::Cancelled));
    }
}
