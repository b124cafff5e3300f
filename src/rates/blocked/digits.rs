//! D correctly rounded digits of the blocked rate, from its enclosures the
//! way [`crate::rates::certified`] finds those of the unblocked rates: both
//! ends rounded to D digits (half to even) agree exactly when no rounding
//! boundary lies between them, and then every value between them, the
//! exact rate among them, rounds to those digits. When they disagree the
//! working precision doubles; a rate sitting exactly on a boundary (only a
//! tiny shape's can) is never separated that way, and after
//! [`MAX_DOUBLINGS`] the whole fraction is divided out instead, within the
//! digit budget.

use std::sync::atomic::AtomicBool;

use super::enclosure::blocked_enclosure_cancellable;
use super::exact::blocked_exact;
use super::{BlockedShape, Within};
use crate::rates::budget::Budget;
use crate::rates::cancel;
use crate::rates::certified::digits::round;
use crate::rates::certified::{CertifiedDigits, DigitsMethod};
use crate::rates::decimal::SigDecimal;
use crate::rates::error::RateError;

/// Doublings of the working precision before the whole fraction is asked.
const MAX_DOUBLINGS: u32 = 8;

/// `digits` significant digits of the blocked rate, correctly rounded half
/// to even, as long division of its exact fraction would give them. Stops
/// with [`RateError::Cancelled`] soon after `flag` is set.
pub fn blocked_digits(
    shape: BlockedShape,
    within: Within,
    digits: u32,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<CertifiedDigits, RateError> {
    if digits == 0 {
        return Err(RateError::InvalidParams {
            name: "digits",
            value: "0".into(),
            range: "1 or more significant digits",
        });
    }
    let mut prec = (f64::from(digits) * std::f64::consts::LOG2_10).ceil() as u64 + 16;
    for _ in 0..=MAX_DOUBLINGS {
        cancel::check(flag)?;
        let enclosure = blocked_enclosure_cancellable(shape, within, prec, flag)?;
        let lo = round(enclosure.low(), digits)?;
        let hi = round(enclosure.high(), digits)?;
        if lo == hi {
            return Ok(CertifiedDigits {
                decimal: lo,
                method: DigitsMethod::CertifiedBracket,
                bits: prec,
            });
        }
        prec *= 2;
    }
    let exact = blocked_exact(shape, within, budget)?;
    Ok(CertifiedDigits {
        decimal: SigDecimal::from_ratio_within(&exact, digits, Budget::new(u64::MAX))?,
        method: DigitsMethod::LongDivision,
        bits: 0,
    })
}
