//! The classic and the true rate together, sharing their common powers.
//!
//! Both start from `m^(kn)` and `(m-1)^(kn)`, and the true rate's denominator
//! is `m^(kn) * m^k`, so computing them together saves two big powers. The
//! work is split over the two cores so that both finish at about the same
//! time (at m = 10^5, n = 10^4, k = 7):
//!
//! - one thread: the classic denominator `m^(k*k*n)` (needs nothing else),
//!   then `(m-j)^(kn)` for `j = 2..=k`;
//! - the other: `m^(kn)` and `(m-1)^(kn)`, then the classic numerator `N^k`;
//!
//! and finally the true rate's alternating sum, which only multiplies huge
//! numbers by small ones.

use std::sync::atomic::AtomicBool;

use num_bigint::BigInt;
use num_rational::BigRational;

use super::budget::Budget;
use super::cancel;
use super::classic::{self, CLASSIC_WHAT, SharedPowers, classic_denominator_digits};
use super::error::RateError;
use super::params::Params;
use super::powers::{self, PARALLEL_DIGITS};
use super::true_rate;

/// The classic and true exact rates of one filter shape.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactRates {
    /// The classic rate, in lowest terms.
    pub classic: BigRational,
    /// The true rate, over `m^(kn+k)`.
    pub true_rate: BigRational,
}

impl ExactRates {
    /// Both exact rates, after checking both denominators against the budget.
    pub fn compute(p: Params, budget: Budget) -> Result<ExactRates, RateError> {
        Self::compute_cancellable(p, budget, &cancel::never())
    }

    /// [`ExactRates::compute`] that stops with [`RateError::Cancelled`] soon
    /// after `flag` is set.
    pub fn compute_cancellable(
        p: Params,
        budget: Budget,
        flag: &AtomicBool,
    ) -> Result<ExactRates, RateError> {
        p.validate()?;
        let classic_digits = classic_denominator_digits(p);
        budget.check(CLASSIC_WHAT, classic_digits)?;
        true_rate::check_true_budget(p, budget)?;
        let parallel = classic_digits >= PARALLEL_DIGITS;
        let coefficients = true_rate::coefficients(p, flag)?;
        let (left, right) = powers::both(
            parallel,
            || -> Result<_, RateError> {
                let den = classic::classic_denominator(p, flag)?;
                let falling = true_rate::falling_powers(p, Some(2), false, flag)?;
                Ok((den, falling))
            },
            || -> Result<_, RateError> {
                let shared = SharedPowers::compute(p, flag)?;
                let num = classic::classic_numerator(p, &shared, flag)?;
                Ok((shared, num))
            },
        );
        let (den, mut falling) = left?;
        let (shared, num) = right?;
        let classic = BigRational::new_raw(BigInt::from(num), BigInt::from(den));
        shared.fill_first_two(&mut falling);
        let true_rate = true_rate::true_from_powers(p, &coefficients, &falling, flag)?;
        Ok(ExactRates { classic, true_rate })
    }
}
