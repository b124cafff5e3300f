//! D correctly rounded significant digits of a rate from its enclosures.

use std::sync::atomic::AtomicBool;

use super::{Enclosure, RateKind, classic_enclosure, memo, ties, true_rate};
use crate::rates::budget::Budget;
use crate::rates::cancel;
use crate::rates::classic::classic_exact_cancellable;
use crate::rates::decimal::SigDecimal;
use crate::rates::dyadic::Dyadic;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::true_rate::true_exact_cancellable;

/// How many times the first working precision may double before the full
/// fraction is asked to settle the digits instead (2^6 = 64 times the bits
/// the digits need: reached only by a rate within about `2^-(63 * 3.3 D)`
/// of a rounding boundary without being on it).
const MAX_DOUBLINGS: u32 = 6;

/// How a rate's digits were obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DigitsMethod {
    /// Both ends of a certified enclosure rounded to the same digits.
    CertifiedBracket,
    /// Long division of the full exact fraction.
    LongDivision,
}

impl DigitsMethod {
    /// `"certified bracket"` or `"long division"`, as the command line and
    /// its JSON name them.
    pub fn label(self) -> &'static str {
        match self {
            DigitsMethod::CertifiedBracket => "certified bracket",
            DigitsMethod::LongDivision => "long division",
        }
    }
}

/// A rate's significant digits and how they were found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertifiedDigits {
    /// The digits, correctly rounded half to even from the exact rational.
    pub decimal: SigDecimal,
    /// Enclosure or long division.
    pub method: DigitsMethod,
    /// Precision, in bits, of the enclosure that settled them (0 for long
    /// division).
    pub bits: u64,
}

/// `digits` significant digits of the classic or true rate, correctly
/// rounded half to even: the digits long division of the exact fraction
/// would give. The full fraction is built (within `budget`) only when the
/// rate may sit exactly on a rounding boundary (see [`ties`]), or, never in
/// practice, when it lies closer to one than 64 times the needed precision
/// resolves; over budget, that case fails with
/// [`RateError::BudgetExceeded`].
pub fn certified_digits(
    p: Params,
    kind: RateKind,
    digits: u32,
    budget: Budget,
) -> Result<CertifiedDigits, RateError> {
    certified_digits_cancellable(p, kind, digits, budget, &cancel::never())
}

/// [`certified_digits`] that stops with [`RateError::Cancelled`] soon after
/// `flag` is set.
pub fn certified_digits_cancellable(
    p: Params,
    kind: RateKind,
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
    let start = (f64::from(digits) * std::f64::consts::LOG2_10).ceil() as u64 + 16;
    let mut prec = start;
    for _ in 0..=MAX_DOUBLINGS {
        cancel::check(flag)?;
        let enclosure = enclose_cancellable(p, kind, prec, flag)?;
        let lo = round(enclosure.low(), digits)?;
        let hi = round(enclosure.high(), digits)?;
        if lo == hi {
            return Ok(CertifiedDigits {
                decimal: lo,
                method: DigitsMethod::CertifiedBracket,
                bits: prec,
            });
        }
        // Neighbours: the one boundary between them is the only value the
        // ends cannot be told apart from; if the rate may be exactly that,
        // no precision will separate them.
        if lo.next_up().as_ref() == Some(&hi) && ties::may_be_tie(p, kind, &lo) {
            break;
        }
        prec *= 2;
    }
    by_long_division(p, kind, digits, budget, flag)
}

/// The enclosure of either rate.
pub fn enclose_cancellable(
    p: Params,
    kind: RateKind,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Enclosure, RateError> {
    match kind {
        RateKind::Classic => Ok(classic_enclosure(p, prec)),
        RateKind::True if p.k() < memo::AHEAD_FROM_K || big_number_path_only() => {
            true_rate::true_enclosure_cancellable(p, prec, flag)
        }
        RateKind::True => {
            if let Some(e) = memo::recall(p, prec) {
                return Ok(e);
            }
            let ahead = prec.max(memo::AHEAD_BITS);
            if let Some(e) = true_rate::true_enclosure_fast(p, ahead, prec, flag)? {
                memo::keep(p, &e);
                return Ok(e);
            }
            let e = true_rate::true_enclosure_cancellable(p, prec.max(memo::AHEAD_BITS), flag)?;
            memo::keep(p, &e);
            Ok(e)
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Set by [`with_big_number_path`]: true rates on this thread skip the
    /// 128-bit series and the kept enclosures.
    static BIG_NUMBER_PATH_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
fn big_number_path_only() -> bool {
    BIG_NUMBER_PATH_ONLY.with(|c| c.get())
}

#[cfg(not(test))]
fn big_number_path_only() -> bool {
    false
}

/// Runs `f` with every true-rate enclosure on this thread taken from the
/// [`crate::rates::dyadic::Dyadic`] path alone (no 128-bit series, no kept
/// enclosure), so a test can hold the fast path's output against it.
#[cfg(test)]
pub(crate) fn with_big_number_path<T>(f: impl FnOnce() -> T) -> T {
    BIG_NUMBER_PATH_ONLY.with(|c| c.set(true));
    let out = f();
    BIG_NUMBER_PATH_ONLY.with(|c| c.set(false));
    out
}

/// One end of an enclosure to `digits` digits.
pub(crate) fn round(end: &Dyadic, digits: u32) -> Result<SigDecimal, RateError> {
    let ratio = end.to_ratio().ok_or_else(|| RateError::InvalidParams {
        name: "rate",
        value: format!("2^{:.0}", end.log2()),
        range: "rates above 2^-(2^32)",
    })?;
    SigDecimal::from_ratio_within(&ratio, digits, Budget::new(u64::MAX))
}

fn by_long_division(
    p: Params,
    kind: RateKind,
    digits: u32,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<CertifiedDigits, RateError> {
    let exact = match kind {
        RateKind::Classic => classic_exact_cancellable(p, budget, flag)?,
        RateKind::True => true_exact_cancellable(p, budget, flag)?,
    };
    Ok(CertifiedDigits {
        decimal: SigDecimal::from_ratio_within(&exact, digits, Budget::new(u64::MAX))?,
        method: DigitsMethod::LongDivision,
        bits: 0,
    })
}
