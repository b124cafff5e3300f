//! Certified comparisons: a rate against a target, and enclosures refined
//! until they stop overlapping.

use std::cmp::Ordering;
use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::RateKind;
use super::digits::enclose_cancellable;
use crate::rates::budget::Budget;
use crate::rates::cancel;
use crate::rates::classic::classic_exact_cancellable;
use crate::rates::dyadic::Dyadic;
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::true_rate::true_exact_cancellable;

/// First precision, in bits, of a comparison.
pub const START_BITS: u64 = 48;
/// Widest precision a comparison tries before it asks the full fraction
/// (or gives up, where none may be built).
pub const MAX_BITS: u64 = 1 << 14;

/// Orders the rate of `kind` at `p` against `target` exactly: the enclosure
/// is refined until it lies on one side. Only a rate exactly equal to the
/// target (or within `2^-16384` of it) needs the full fraction, built
/// within `budget`.
pub fn compare_to(
    p: Params,
    kind: RateKind,
    target: &BigRational,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<Ordering, RateError> {
    let mut prec = START_BITS;
    while prec <= MAX_BITS {
        cancel::check(flag)?;
        let e = enclose_cancellable(p, kind, prec, flag)?;
        let lo = ratio_of(e.low())?;
        let hi = ratio_of(e.high())?;
        if hi < *target {
            return Ok(Ordering::Less);
        }
        if lo > *target {
            return Ok(Ordering::Greater);
        }
        if lo == hi {
            return Ok(Ordering::Equal);
        }
        prec *= 2;
    }
    let exact = match kind {
        RateKind::Classic => classic_exact_cancellable(p, budget, flag)?,
        RateKind::True => true_exact_cancellable(p, budget, flag)?,
    };
    Ok(exact.cmp(target))
}

/// An enclosure's end as a fraction.
pub(crate) fn ratio_of(d: &Dyadic) -> Result<BigRational, RateError> {
    d.to_ratio().ok_or_else(|| RateError::InvalidParams {
        name: "rate",
        value: format!("2^{:.0}", d.log2()),
        range: "rates above 2^-(2^32)",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn target(a: i64, b: i64) -> BigRational {
        BigRational::new(BigInt::from(a), BigInt::from(b))
    }

    #[test]
    fn orders_against_targets_on_both_sides_and_exactly() {
        let never = cancel::never();
        let at = |m, n, k, kind, t: &BigRational| {
            compare_to(
                Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
                kind,
                t,
                Budget::default(),
                &never,
            )
        };
        // 160/16/7: classic 0.0083187, true 0.0086533.
        let t = target(85, 10_000);
        assert_eq!(at(160, 16, 7, RateKind::Classic, &t), Ok(Ordering::Less));
        assert_eq!(at(160, 16, 7, RateKind::True, &t), Ok(Ordering::Greater));
        // m = 2, n = 1, k = 1 is exactly one half.
        let half = target(1, 2);
        assert_eq!(at(2, 1, 1, RateKind::Classic, &half), Ok(Ordering::Equal));
        // 4/1/2: (1 - (3/4)^2)^2 = 49/256 exactly; just above and below.
        assert_eq!(
            at(4, 1, 2, RateKind::Classic, &target(49, 256)),
            Ok(Ordering::Equal)
        );
        assert_eq!(
            at(4, 1, 2, RateKind::True, &target(49, 256)),
            Ok(Ordering::Greater)
        );
        assert_eq!(
            at(4, 1, 2, RateKind::Classic, &target(4901, 25600)),
            Ok(Ordering::Less)
        );
        assert_eq!(
            at(100, 0, 3, RateKind::True, &target(0, 1)),
            Ok(Ordering::Equal)
        );
    }
}
