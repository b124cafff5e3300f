//! The classic and the true rate together, sharing their common powers.
//!
//! Both start from `m^(kn)` and `(m-1)^(kn)`, and the true rate's denominator
//! is `m^(kn) * m^k`, so computing them together saves two big powers. The
//! work is split over the two cores (at m = 10^5, n = 10^4, k = 7, in the
//! cost model of [`Meter`]):
//!
//! - one thread: the classic denominator `m^(k*k*n)` (needs nothing else),
//!   then as many of the powers `(m-j)^(kn)`, `j >= 2`, as fit before the
//!   other thread reaches its last product;
//! - the other: `m^(kn)` and `(m-1)^(kn)`, then the classic numerator `N^k`,
//!   whose last product (the largest, and a lopsided one) the first thread
//!   then shares;
//!
//! then both share the powers left over, and finally the true rate's
//! alternating sum, which only multiplies huge numbers by small ones.

use std::sync::atomic::AtomicBool;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

use super::budget::Budget;
use super::cancel;
use super::classic::{self, CLASSIC_WHAT, SharedPowers, classic_denominator_digits};
use super::cores;
use super::error::RateError;
use super::params::Params;
use super::powers::{Crew, PARALLEL_DIGITS};
use super::progress::Meter;
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
        Self::compute_metered(p, budget, flag, &Meter::new())
    }

    /// The expected cost of [`ExactRates::compute_metered`] in [`Meter`]
    /// units.
    pub fn expected_cost(p: Params) -> u64 {
        let extra: Vec<u64> = true_rate::falling_indices(p).into_iter().skip(2).collect();
        classic::classic_cost(p).saturating_add(true_rate::falling_cost(p, &extra))
    }

    /// [`ExactRates::compute_cancellable`] that also reports its progress
    /// to `meter` (the expected work first, then each product as done).
    pub fn compute_metered(
        p: Params,
        budget: Budget,
        flag: &AtomicBool,
        meter: &Meter,
    ) -> Result<ExactRates, RateError> {
        let classic_digits = classic_denominator_digits(p);
        budget.check(CLASSIC_WHAT, classic_digits)?;
        true_rate::check_true_budget(p, budget)?;
        let parallel = classic_digits >= PARALLEL_DIGITS;
        let extra: Vec<u64> = true_rate::falling_indices(p).into_iter().skip(2).collect();
        meter.expect(Self::expected_cost(p));
        let early = early_share(p, &extra);
        let (first, rest) = extra.split_at(early);
        let coefficients = true_rate::coefficients(p, flag)?;
        let (left, right) = cores::both_sharing(
            parallel,
            |spare| -> Result<_, RateError> {
                let crew = Crew { spare, meter };
                let den = classic::classic_denominator(p, flag, &crew)?;
                let falling = true_rate::falling_powers(p, first, flag, &crew)?;
                Ok((den, falling))
            },
            |spare| -> Result<_, RateError> {
                let crew = Crew { spare, meter };
                let shared = SharedPowers::compute(p, flag, &crew)?;
                let num = classic::classic_numerator(p, &shared, flag, &crew)?;
                Ok((shared, num))
            },
        );
        let (den, falling) = left?;
        let (shared, num) = right?;
        let classic = BigRational::new_raw(BigInt::from(num), BigInt::from(den));
        let (evens, odds): (Vec<u64>, Vec<u64>) = rest.iter().partition(|j| *j % 2 == 0);
        let idle = AtomicBool::new(false);
        let crew = Crew {
            spare: &idle,
            meter,
        };
        let (late_a, late_b) = cores::both(
            parallel,
            || true_rate::falling_powers(p, &evens, flag, &crew),
            || true_rate::falling_powers(p, &odds, flag, &crew),
        );
        let mut table = vec![BigUint::zero(); extra.len() + 2];
        for (j, v) in falling.into_iter().chain(late_a?).chain(late_b?) {
            if let Some(slot) = table.get_mut(j as usize) {
                *slot = v;
            }
        }
        shared.fill_first_two(&mut table);
        let true_rate = true_rate::true_from_powers(p, &coefficients, &table, flag)?;
        Ok(ExactRates { classic, true_rate })
    }
}

/// How many of the powers `extra` the denominator's thread takes on before
/// the other thread reaches its last product: as many as fit, by the cost
/// model, in the time the other spends on everything before that product.
fn early_share(p: Params, extra: &[u64]) -> usize {
    let n_bits = (p.throws() as f64 * (p.m() as f64).log2()).ceil() as u64;
    let (before_last, _) = Meter::power_cost_parts(n_bits, u64::from(p.k()));
    let other = classic::shared_cost(p).saturating_add(before_last);
    let mut mine = classic::denominator_cost(p);
    let mut taken = 0;
    for &j in extra {
        mine = mine.saturating_add(true_rate::falling_cost(p, &[j]));
        if mine > other {
            break;
        }
        taken += 1;
    }
    taken
}
