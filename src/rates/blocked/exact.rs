//! The blocked rate as a whole fraction: for small shapes, for the tests
//! that hold the enclosures against it, and for settling a rate that sits
//! exactly on a rounding boundary.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

use super::enclosure::Terms;
use super::{BlockedShape, Within};
use crate::rates::budget::Budget;
use crate::rates::cancel;
use crate::rates::error::RateError;

/// What the budget calls this fraction in its messages.
pub(crate) const BLOCKED_WHAT: &str = "exact blocked rate's fraction";

/// The blocked rate exactly (see [`super`] for the formula), refused when
/// its common denominator would have more decimal digits than `budget`.
pub fn blocked_exact(
    shape: BlockedShape,
    within: Within,
    budget: Budget,
) -> Result<BigRational, RateError> {
    budget.check(BLOCKED_WHAT, denominator_digits(shape, within))?;
    if shape.n == 0 {
        return Ok(BigRational::zero());
    }
    let layout = shape.layout();
    let c = layout.blocks();
    let mut total = BigRational::zero();
    for (len, count) in layout.sizes() {
        let terms = Terms::new(shape, within, len, &cancel::never())?;
        let mut block = BigRational::zero();
        for j in 0..terms.count() {
            let (num, den) = terms.coefficient_ratio(j);
            let (base, e) = terms.power_parts(j);
            let e = u32::try_from(e).map_err(|_| too_big(u64::MAX))?;
            let n = u32::try_from(shape.n).map_err(|_| too_big(u64::MAX))?;
            // ((c - 1 + base^e / len^e) / c)^n
            let len_e = BigUint::from(len).pow(e);
            let g_num = (BigUint::from(c - 1) * &len_e + BigUint::from(base).pow(e)).pow(n);
            let g_den = (BigUint::from(c) * len_e).pow(n);
            let term = BigRational::new(BigInt::from(num * g_num), BigInt::from(den * g_den));
            if j % 2 == 0 {
                block += term;
            } else {
                block -= term;
            }
        }
        total += block * BigRational::new(BigInt::from(count), BigInt::from(c));
    }
    Ok(total)
}

/// Decimal digits of the largest denominator the sum builds, roughly:
/// `(c len^e)^n` for the largest exponent e, times `len^k`.
fn denominator_digits(shape: BlockedShape, within: Within) -> u64 {
    let layout = shape.layout();
    let len = (layout.m() / layout.blocks() + 1) as f64;
    let k = f64::from(shape.k);
    let e = match within {
        Within::True => k,
        Within::Classic => k * k,
    };
    let digits = shape.n as f64 * ((layout.blocks() as f64).log10() + e * len.log10())
        + k * len.log10()
        + 1.0;
    if digits >= u64::MAX as f64 {
        u64::MAX
    } else {
        digits.ceil() as u64
    }
}

fn too_big(digits: u64) -> RateError {
    RateError::BudgetExceeded {
        what: BLOCKED_WHAT,
        digits,
        limit: u64::MAX,
    }
}
