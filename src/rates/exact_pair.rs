//! The classic and the true rate together, sharing their common powers.
//!
//! Both start from `m^(kn)` and `(m-1)^(kn)`, and the true rate's denominator
//! is `m^(kn) * m^k`, so computing them side by side saves two big powers and
//! lets the two cores split the rest:
//!
//! 1. `m^(kn)` beside `(m-1)^(kn)`;
//! 2. the remaining `(m-j)^(kn)`, even j beside odd j;
//! 3. `(m^(kn))^k` (the classic denominator) beside `N^k` (its numerator);
//! 4. the true rate's alternating sum, which only multiplies huge numbers by
//!    small ones.

use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::budget::Budget;
use super::cancel;
use super::classic::{CLASSIC_WHAT, SharedPowers, classic_denominator_digits};
use super::error::RateError;
use super::params::Params;
use super::powers::PARALLEL_DIGITS;
use super::true_rate::{self, TRUE_WHAT, true_denominator_digits};

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
        budget.check(TRUE_WHAT, true_denominator_digits(p))?;
        let parallel = classic_digits >= PARALLEL_DIGITS;
        let coefficients = true_rate::coefficients(p, flag)?;
        let shared = SharedPowers::compute(p, parallel, flag)?;
        let falling = true_rate::falling_powers(p, Some(&shared), parallel, flag)?;
        let classic = super::classic::classic_from_shared(p, &shared, parallel, flag)?;
        let true_rate = true_rate::true_from_powers(p, &coefficients, &falling, flag)?;
        Ok(ExactRates { classic, true_rate })
    }
}
