//! The figures quoted about a scan's two winners: the classic winner's
//! classic rate, the true winner's true rate, and, when the two k differ,
//! how much a real filter gains by taking the true winner. The command
//! line and the lab both print these, so they are worked out once, here.

use std::sync::atomic::AtomicBool;

use super::KScan;
use crate::rates::budget::Budget;
use crate::rates::certified::{RateKind, certified_digits_cancellable};
use crate::rates::decimal::SigDecimal;
use crate::rates::error::RateError;
use crate::rates::figures::RateFigures;
use crate::rates::params::Params;

/// One winner of a scan, with its rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Winner {
    /// The best k.
    pub k: u32,
    /// Its rate (classic for the classic winner, true for the true one),
    /// certified to the digits asked for.
    pub rate: SigDecimal,
    /// The same rate to 17 digits, as the nearest double.
    pub approx: f64,
}

/// When the two winners differ: what the classic winner costs a real filter.
#[derive(Debug, Clone, PartialEq)]
pub struct TrueGain {
    /// The true rate at the classic winner, certified.
    pub true_at_classic: SigDecimal,
    /// How much lower the true winner's true rate is, as a fraction of the
    /// true rate at the classic winner (0.031 for 3.1%).
    pub lower_by: f64,
}

/// Both winners of a scan, each when the enclosures proved it.
#[derive(Debug, Clone, PartialEq)]
pub struct Winners {
    /// The classic winner.
    pub classic: Option<Winner>,
    /// The true winner.
    pub truth: Option<Winner>,
    /// Set when both are proven and they differ.
    pub gain: Option<TrueGain>,
}

impl Winners {
    /// The winners of `scan` with `digits` digits of their rates; `known`
    /// holds figures already computed at one k (at those digits), which
    /// are reused rather than worked out again.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use bloomlab::rates::Budget;
    /// use bloomlab::rates::scan::{Winners, best_k_rule};
    ///
    /// // The lecture's filter: 16 bits, 3 keys. The textbook says k = 4,
    /// // a real filter does better at k = 3.
    /// let never = AtomicBool::new(false);
    /// let scan = best_k_rule(16, 3, &never)?;
    /// let w = Winners::compute(&scan, 10, Budget::default(), None, &never)?;
    /// assert_eq!(w.classic.as_ref().map(|c| c.k), Some(4));
    /// assert_eq!(w.truth.as_ref().map(|t| t.k), Some(3));
    /// let gain = w.gain.expect("the winners differ");
    /// assert_eq!(gain.true_at_classic.scientific(), "9.345499378e-2");
    /// assert!((gain.lower_by - 0.0306).abs() < 1e-3);
    /// # Ok::<(), bloomlab::rates::RateError>(())
    /// ```
    pub fn compute(
        scan: &KScan,
        digits: u32,
        budget: Budget,
        known: Option<&RateFigures>,
        flag: &AtomicBool,
    ) -> Result<Winners, RateError> {
        let at = |k: u32, kind: RateKind, d: u32| -> Result<SigDecimal, RateError> {
            let p = Params::new(scan.m, scan.n, k)?;
            if let Some(f) = known.filter(|f| f.params == p)
                && d as usize == f.classic.decimal.digits().len()
            {
                return Ok(match kind {
                    RateKind::Classic => f.classic.decimal.clone(),
                    RateKind::True => f.true_rate.decimal.clone(),
                });
            }
            certified_digits_cancellable(p, kind, d, budget, flag).map(|c| c.decimal)
        };
        let winner = |k: u32, kind: RateKind| -> Result<Winner, RateError> {
            Ok(Winner {
                k,
                rate: at(k, kind, digits)?,
                approx: at(k, kind, 17)?.to_f64(),
            })
        };
        let classic = match scan.classic.is_proven() {
            true => Some(winner(scan.classic.k, RateKind::Classic)?),
            false => None,
        };
        let truth = match scan.true_rate.is_proven() {
            true => Some(winner(scan.true_rate.k, RateKind::True)?),
            false => None,
        };
        let gain = match (&classic, &truth) {
            (Some(c), Some(t)) if c.k != t.k => Some(TrueGain {
                true_at_classic: at(c.k, RateKind::True, digits)?,
                lower_by: relative_gap(
                    &at(c.k, RateKind::True, 17)?,
                    &at(t.k, RateKind::True, 17)?,
                ),
            }),
            _ => None,
        };
        Ok(Winners {
            classic,
            truth,
            gain,
        })
    }
}

/// `(a - b) / a` for two positive decimals, through their exponents so
/// rates below the smallest double still compare.
fn relative_gap(a: &SigDecimal, b: &SigDecimal) -> f64 {
    let mantissa = |d: &SigDecimal| {
        let text = format!("{}.{}e0", &d.digits()[..1], &d.digits()[1..]);
        text.parse::<f64>().unwrap_or(0.0)
    };
    let scale = 10f64.powi((b.exponent() - a.exponent()).clamp(-400, 400) as i32);
    1.0 - mantissa(b) * scale / mantissa(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::cancel;
    use crate::rates::scan::best_k_rule;

    #[test]
    fn the_same_winner_has_no_gain() {
        let never = cancel::never();
        let scan = best_k_rule(160, 16, &never).expect("scan");
        let w = Winners::compute(&scan, 10, Budget::default(), None, &never).expect("winners");
        assert_eq!(w.classic.as_ref().map(|c| c.k), Some(7));
        assert_eq!(w.truth.as_ref().map(|t| t.k), Some(7));
        assert_eq!(w.gain, None);
        assert_eq!(
            w.classic.map(|c| c.rate.scientific()),
            Some("8.318677101e-3".to_string())
        );
    }

    #[test]
    fn gaps_below_the_smallest_double_still_compare() {
        let a = SigDecimal::from_ratio(
            &num_rational::BigRational::new(1.into(), num_bigint::BigInt::from(10).pow(400)),
            5,
        )
        .expect("decimal");
        assert!(relative_gap(&a, &a).abs() < 1e-12);
    }
}
