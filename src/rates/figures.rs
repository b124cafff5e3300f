//! Every figure shown about one filter shape's rates, all from certified
//! digits: the classic and true rates, "about 1 in N", the denominator's
//! digit count, the idealised rate and the gap. Microseconds to a few
//! milliseconds at any m and n (k up to 64), so a front end can compute
//! them on every slider move.

use std::sync::atomic::AtomicBool;

use num_traits::Zero;

use super::budget::Budget;
use super::certified::compare::{MAX_BITS, START_BITS, ratio_of};
use super::certified::digits::enclose_cancellable;
use super::certified::{CertifiedDigits, RateKind, certified_digits_cancellable};
use super::classic::{classic_denominator_digits_wide, classic_exact_cancellable};
use super::decimal::SigDecimal;
use super::difference::{Difference, difference_from_logs};
use super::error::RateError;
use super::idealised::{idealised, idealised_ln};
use super::one_in::one_in;
use super::params::Params;

/// "About 1 in N", read off the exact classic rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OneIn {
    /// The rate is zero: no key is inserted.
    Never,
    /// `1 / rate`, rounded as [`one_in`] does (whole below 100, three
    /// significant digits above).
    About(u64),
    /// `1 / rate` is 10^19 or more: its three significant digits.
    Rarer(SigDecimal),
}

/// The figures of one shape.
#[derive(Debug, Clone, PartialEq)]
pub struct RateFigures {
    /// The shape.
    pub params: Params,
    /// The classic rate's digits and how they were found.
    pub classic: CertifiedDigits,
    /// The true rate's digits and how they were found.
    pub true_rate: CertifiedDigits,
    /// The classic rate as the nearest double (through 17 certified
    /// digits; 0 below the smallest double).
    pub classic_value: f64,
    /// The classic rate's natural logarithm (finite below double range).
    pub classic_ln: f64,
    /// "About 1 in N".
    pub one_in: OneIn,
    /// Digits of the classic rate's denominator in lowest terms (exact
    /// beyond `u64` too).
    pub denominator_digits: u128,
    /// The idealised rate `(1 - e^(-kn/m))^k`.
    pub idealised: f64,
    /// Classic minus idealised.
    pub difference: Difference,
}

impl RateFigures {
    /// All figures, with both rates to `digits` significant digits. The
    /// full fractions are needed only to settle an exact rounding tie, and
    /// are then built within `budget` (see [`certified_digits_cancellable`]).
    pub fn compute(
        p: Params,
        digits: u32,
        budget: Budget,
        flag: &AtomicBool,
    ) -> Result<RateFigures, RateError> {
        let classic = certified_digits_cancellable(p, RateKind::Classic, digits, budget, flag)?;
        let true_rate = certified_digits_cancellable(p, RateKind::True, digits, budget, flag)?;
        let seventeen = certified_digits_cancellable(p, RateKind::Classic, 17, budget, flag)?;
        let classic_value = seventeen.decimal.to_f64();
        let classic_ln = ln_of(&seventeen.decimal);
        let idealised_value = idealised(p);
        Ok(RateFigures {
            params: p,
            classic,
            true_rate,
            classic_value,
            classic_ln,
            one_in: certified_one_in(p, budget, flag)?,
            denominator_digits: classic_denominator_digits_wide(p),
            idealised: idealised_value,
            difference: difference_from_logs(
                classic_value,
                classic_ln,
                idealised_value,
                idealised_ln(p),
            ),
        })
    }
}

/// `ln` of a decimal from its digits and exponent (no underflow).
fn ln_of(d: &SigDecimal) -> f64 {
    if d.is_zero() {
        return f64::NEG_INFINITY;
    }
    let lead: f64 = format!("{}.{}", &d.digits()[..1], &d.digits()[1..])
        .parse()
        .unwrap_or(1.0);
    lead.ln() + d.exponent() as f64 * std::f64::consts::LN_10
}

/// "About 1 in N" of the classic rate, certified: [`one_in`] is monotone in
/// the rate, so once both ends of an enclosure give the same N, so does
/// the exact rate.
pub fn certified_one_in(p: Params, budget: Budget, flag: &AtomicBool) -> Result<OneIn, RateError> {
    if p.n() == 0 {
        return Ok(OneIn::Never);
    }
    let mut bits = START_BITS;
    while bits <= MAX_BITS {
        let e = enclose_cancellable(p, RateKind::Classic, bits, flag)?;
        let (lo, hi) = (ratio_of(e.low())?, ratio_of(e.high())?);
        match (one_in(&lo), one_in(&hi)) {
            (Some(a), Some(b)) if a == b => return Ok(OneIn::About(a)),
            (None, None) if !lo.numer().is_zero() => {
                let a = SigDecimal::from_ratio(&lo.recip(), 3)?;
                if a == SigDecimal::from_ratio(&hi.recip(), 3)? {
                    return Ok(OneIn::Rarer(a));
                }
            }
            _ => {}
        }
        bits *= 2;
    }
    let exact = classic_exact_cancellable(p, budget, flag)?;
    Ok(match one_in(&exact) {
        Some(v) => OneIn::About(v),
        None => OneIn::Rarer(SigDecimal::from_ratio(&exact.recip(), 3)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::cancel;

    fn figures(m: u64, n: u64, k: u32) -> RateFigures {
        RateFigures::compute(
            Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
            10,
            Budget::default(),
            &cancel::never(),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_lesson_setting() {
        let f = figures(160, 16, 7);
        assert_eq!(f.classic.decimal.scientific(), "8.318677101e-3");
        assert_eq!(f.true_rate.decimal.scientific(), "8.653308424e-3");
        assert_eq!(f.one_in, OneIn::About(120));
        assert_eq!(f.denominator_digits, 1729);
        assert!((f.difference.absolute - 1.2495e-4).abs() < 1e-8);
        assert_eq!(f.classic_value, 0.008318677100609871);
    }

    #[test]
    fn rare_and_absent_false_positives() {
        assert_eq!(figures(100, 0, 3).one_in, OneIn::Never);
        // (1 - (1 - 1e-18)^64)^64 is about 3.94e-1037: no double holds it.
        let f = figures(1_000_000_000_000_000_000, 1, 64);
        assert_eq!(f.classic.decimal.scientific(), "3.940200620e-1037");
        assert_eq!(f.classic_value, 0.0);
        assert!((f.classic_ln / std::f64::consts::LN_10 + 1036.4045).abs() < 1e-3);
        match &f.one_in {
            OneIn::Rarer(d) => assert_eq!(d.scientific(), "2.54e1036"),
            other => panic!("{other:?}"),
        }
        // Their relative gap (about 2e-15 here) comes from logarithms of
        // size 2386, so it is only resolved to about 1e-12.
        assert!(
            f.difference.relative.abs() < 1e-11,
            "{}",
            f.difference.relative
        );
    }
}
