//! How big an exact result may get before the work is refused.

use super::error::RateError;

/// The default limit: five million decimal digits in a denominator.
pub const DEFAULT_MAX_DIGITS: u64 = 5_000_000;

/// Up to this many denominator digits the whole fractions are built and
/// their digits printed by long division, as the lab's card and `rate` say
/// (a few milliseconds); past it the certified bracket's digits, which are
/// provably the same digits, stand alone, so that no default answer spends
/// a tenth of a second dividing out a check. `--max-digits` can only lower it.
pub const LONG_DIVISION_DIGITS: u64 = 20_000;

/// A cap on the size of exact results, in decimal digits. Checked before any
/// big arithmetic starts, so an oversized request fails at once instead of
/// running for minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The largest number of decimal digits an exact result may have.
    pub max_digits: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_digits: DEFAULT_MAX_DIGITS,
        }
    }
}

impl Budget {
    /// A budget of `max_digits` decimal digits.
    pub fn new(max_digits: u64) -> Self {
        Budget { max_digits }
    }

    /// Refuses `what` when it would need more than `max_digits` digits.
    pub fn check(&self, what: &'static str, digits: u64) -> Result<(), RateError> {
        if digits > self.max_digits {
            Err(RateError::BudgetExceeded {
                what,
                digits,
                limit: self.max_digits,
            })
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_five_million() {
        assert_eq!(Budget::default().max_digits, 5_000_000);
    }

    #[test]
    fn boundary_is_inclusive() {
        let b = Budget::new(100);
        assert!(b.check("x", 100).is_ok());
        assert_eq!(
            b.check("x", 101),
            Err(RateError::BudgetExceeded {
                what: "x",
                digits: 101,
                limit: 100
            })
        );
    }
}
