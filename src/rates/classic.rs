//! The classic exact false-positive rate `(1 - (1 - 1/m)^(kn))^k` as a
//! rational number in lowest terms.
//!
//! Written over a common denominator the rate is `N^k / m^(k*k*n)` with
//! `N = m^(kn) - (m-1)^(kn)`. That fraction needs no reduction. Take any prime
//! `q` dividing `m`. Then `m ≡ 0 (mod q)`, so `N ≡ -(m-1)^(kn) ≡ -(-1)^(kn)
//! (mod q)`, which is `±1`: `q` does not divide `N`, hence not `N^k` either.
//! The denominator is built from such primes only, so numerator and
//! denominator share no prime at all. (For `m = 1`, or with no keys, the
//! denominator is 1.)
//! Calling a gcd on numbers with millions of digits would cost far more than
//! the powers themselves, so the fraction is assembled with `new_raw`.

use std::sync::atomic::AtomicBool;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;

use super::budget::Budget;
use super::cancel;
use super::cores;
use super::digits::{power_digits, power_digits_wide};
use super::error::RateError;
use super::params::Params;
use super::powers::{self, Crew, PARALLEL_DIGITS};
use super::progress::Meter;

/// What the budget calls the classic rate's denominator in its messages.
pub const CLASSIC_WHAT: &str = "exact classic rate's denominator";

/// Decimal digits of the classic rate's denominator `m^(k*k*n)`, found from
/// logarithms with the boundary settled exactly (never by printing it).
pub fn classic_denominator_digits(p: Params) -> u64 {
    let k = u128::from(p.k());
    power_digits(p.m(), k.saturating_mul(k).saturating_mul(u128::from(p.n())))
}

/// [`classic_denominator_digits`] without the `u64` ceiling (see
/// [`power_digits_wide`]).
pub fn classic_denominator_digits_wide(p: Params) -> u128 {
    let k = u128::from(p.k());
    power_digits_wide(p.m(), k.saturating_mul(k).saturating_mul(u128::from(p.n())))
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
    classic_exact_metered(p, budget, flag, &Meter::new())
}

/// [`classic_exact_cancellable`] that also reports its progress to `meter`
/// (expected work first, then each product as it is done).
pub fn classic_exact_metered(
    p: Params,
    budget: Budget,
    flag: &AtomicBool,
    meter: &Meter,
) -> Result<BigRational, RateError> {
    budget.check(CLASSIC_WHAT, classic_denominator_digits(p))?;
    let parallel = classic_denominator_digits(p) >= PARALLEL_DIGITS;
    meter.expect(classic_cost(p));
    // The denominator needs nothing else, so it starts at once on one core
    // while the other builds m^(kn), (m-1)^(kn) and then N^k; whichever is
    // done first lends its core to the other's largest products.
    let (den, num) = cores::both_sharing(
        parallel,
        |spare| classic_denominator(p, flag, &Crew { spare, meter }),
        |spare| {
            let crew = Crew { spare, meter };
            classic_numerator(p, &SharedPowers::compute(p, flag, &crew)?, flag, &crew)
        },
    );
    Ok(BigRational::new_raw(BigInt::from(num?), BigInt::from(den?)))
}

/// The expected cost of [`classic_exact_metered`] in [`Meter`] units (for
/// a progress bar, or to guess how long it will take).
pub fn classic_cost(p: Params) -> u64 {
    let n_bits = (p.throws() as f64 * (p.m() as f64).log2()).ceil() as u64;
    denominator_cost(p)
        .saturating_add(shared_cost(p))
        .saturating_add(Meter::power_cost(n_bits, u64::from(p.k())))
}

/// Bits of `v` (the products are metered at their full sizes, so the
/// estimate uses them too).
fn word_bits(v: u64) -> u64 {
    u64::from(64 - v.leading_zeros())
}

/// The expected cost of the denominator `m^(k*k*n)`.
pub(crate) fn denominator_cost(p: Params) -> u64 {
    let k = u64::from(p.k());
    Meter::power_cost(word_bits(p.m()), k.saturating_mul(k).saturating_mul(p.n()))
}

/// The expected cost of `m^(kn)` and `(m-1)^(kn)`.
pub(crate) fn shared_cost(p: Params) -> u64 {
    let kn = p.throws();
    Meter::power_cost(word_bits(p.m()), kn)
        .saturating_add(Meter::power_cost(word_bits(p.m() - 1), kn))
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
    /// Computes both powers, one after the other (the callers keep the
    /// other core busy with the denominator meanwhile).
    pub(crate) fn compute(
        p: Params,
        flag: &AtomicBool,
        crew: &Crew<'_>,
    ) -> Result<Self, RateError> {
        let kn = p.throws();
        Ok(SharedPowers {
            m_pow: powers::pow_with(&BigUint::from(p.m()), kn, flag, crew)?,
            m1_pow: powers::pow_with(&BigUint::from(p.m() - 1), kn, flag, crew)?,
        })
    }

    /// Moves these powers into slots 0 and 1 of a table of `(m-j)^(kn)`
    /// (a table always has both, as k and m are at least 1).
    pub(crate) fn fill_first_two(self, table: &mut [BigUint]) {
        let SharedPowers { m_pow, m1_pow } = self;
        if let Some(slot) = table.get_mut(0) {
            *slot = m_pow;
        }
        if let Some(slot) = table.get_mut(1) {
            *slot = m1_pow;
        }
    }
}

/// The numerator `N^k` with `N = m^(kn) - (m-1)^(kn)`.
pub(crate) fn classic_numerator(
    p: Params,
    shared: &SharedPowers,
    flag: &AtomicBool,
    crew: &Crew<'_>,
) -> Result<BigUint, RateError> {
    let base = &shared.m_pow - &shared.m1_pow;
    powers::pow_with(&base, u64::from(p.k()), flag, crew)
}

/// The denominator `m^(k*k*n)`, raised straight from the small base `m`.
///
/// Every step is then a squaring plus a multiplication by a machine word; at
/// m = 10^5, n = 10^4, k = 7 this took about 30% less CPU time than raising
/// the 350,000-digit `m^(kn)` to the 7th power, and it does not have to wait
/// for `m^(kn)`, so it can start at once on its own core.
pub(crate) fn classic_denominator(
    p: Params,
    flag: &AtomicBool,
    crew: &Crew<'_>,
) -> Result<BigUint, RateError> {
    let k = u64::from(p.k());
    match k.checked_mul(k).and_then(|kk| kk.checked_mul(p.n())) {
        Some(e) => powers::pow_with(&BigUint::from(p.m()), e, flag, crew),
        // Only reachable with a budget far beyond any machine's memory.
        None => {
            let m_pow = powers::pow_with(&BigUint::from(p.m()), p.throws(), flag, crew)?;
            powers::pow_with(&m_pow, k, flag, crew)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::params::{MAX_K, MAX_M, MAX_N};
    use num_integer::Integer;
    use num_traits::{One, Zero};

    fn params(m: u64, n: u64, k: u32) -> Params {
        Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}"))
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
    fn digit_counts_never_overflow() {
        // Out of range is refused when the shape is made; the largest
        // shape in range has 1.8e22 digits, which saturate.
        assert!(Params::new(u64::MAX, u64::MAX, u32::MAX).is_err());
        let widest = params(MAX_M, MAX_N, MAX_K);
        assert_eq!(classic_denominator_digits(widest), u64::MAX);
        assert!(matches!(
            classic_exact(widest, Budget::default()),
            Err(RateError::BudgetExceeded { .. })
        ));
    }

    #[test]
    fn cancelled_flag_stops_work() {
        let flag = cancel::never();
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let r = classic_exact_cancellable(params(160, 16, 7), Budget::default(), &flag);
        assert_eq!(r, Err(RateError::Cancelled));
    }
}
