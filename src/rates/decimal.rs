//! Exact rationals written out to a chosen number of significant digits.
//!
//! The digits come from one integer division: once the decimal exponent `E`
//! of `num/den` is known (so `10^E <= num/den < 10^(E+1)`), the first `D`
//! significant digits are `floor(num * 10^(D-1-E) / den)`, a quotient of only
//! `D` digits however long `num` and `den` are. The remainder then decides the
//! rounding, half to even. `E` is first estimated from the leading bits of
//! both numbers and then confirmed (or nudged by one) with exact comparisons.

use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;

use super::budget::Budget;
use super::error::RateError;

/// What the budget calls a request for many significant digits.
pub const DIGITS_WHAT: &str = "requested number of significant digits";

/// A number rounded to a fixed count of significant decimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SigDecimal {
    negative: bool,
    /// Exactly the requested number of ASCII digits; the first is non-zero
    /// unless the value is zero.
    digits: String,
    /// Power of ten of the first digit: value = d.ddd × 10^exponent.
    exponent: i64,
}

impl SigDecimal {
    /// `value` to `digits` significant digits, correctly rounded half to
    /// even, under the default budget (at most 5,000,000 digits).
    pub fn from_ratio(value: &BigRational, digits: u32) -> Result<SigDecimal, RateError> {
        Self::from_ratio_within(value, digits, Budget::default())
    }

    /// [`SigDecimal::from_ratio`] with an explicit budget on `digits`.
    pub fn from_ratio_within(
        value: &BigRational,
        digits: u32,
        budget: Budget,
    ) -> Result<SigDecimal, RateError> {
        if digits == 0 {
            return Err(RateError::InvalidParams {
                name: "digits",
                value: "0".into(),
                range: "1 or more significant digits",
            });
        }
        budget.check(DIGITS_WHAT, u64::from(digits))?;
        let (num_sign, num) = value.numer().clone().into_parts();
        let (den_sign, den) = value.denom().clone().into_parts();
        if den.is_zero() {
            return Err(RateError::InvalidParams {
                name: "denominator",
                value: "0".into(),
                range: "any non-zero integer",
            });
        }
        let count = digits as usize;
        if num.is_zero() {
            return Ok(SigDecimal {
                negative: false,
                digits: "0".repeat(count),
                exponent: 0,
            });
        }
        let negative = (num_sign == Sign::Minus) != (den_sign == Sign::Minus);
        let mut exponent = decimal_exponent(&num, &den);
        let shift = i64::from(digits) - 1 - exponent;
        let (q, r, divisor) = if shift >= 0 {
            let scaled = num * pow10(shift.unsigned_abs());
            let (q, r) = scaled.div_rem(&den);
            (q, r, den)
        } else {
            let divisor = den * pow10(shift.unsigned_abs());
            let (q, r) = num.div_rem(&divisor);
            (q, r, divisor)
        };
        let mut q = round_half_even(q, &r, &divisor);
        let mut text = q.to_string();
        if text.len() > count {
            // Rounding carried into a new digit: 999.. became 1000..
            q /= 10u32;
            text = q.to_string();
            exponent += 1;
        }
        Ok(SigDecimal {
            negative,
            digits: text,
            exponent,
        })
    }

    /// The next value up with the same number of significant digits (from
    /// `9.99e-3` to `1.00e-2`), or `None` for zero and negative values.
    pub fn next_up(&self) -> Option<SigDecimal> {
        if self.negative || self.is_zero() {
            return None;
        }
        let count = self.digits.len();
        let bumped = self.digits.parse::<BigUint>().ok()? + 1u32;
        let mut text = bumped.to_string();
        let mut exponent = self.exponent;
        if text.len() > count {
            text.truncate(count);
            exponent += 1;
        }
        Some(SigDecimal {
            negative: false,
            digits: text,
            exponent,
        })
    }

    /// The rounding boundary just above this value, halfway to
    /// [`SigDecimal::next_up`], as `(c, s)` with boundary `c / 10^s`: `c` is
    /// `5 (2d + 1)` for the digits `d`, and `s = D - E` for `D` digits and
    /// exponent `E`. `None` for zero, negative values, and values of `10^D`
    /// or more (where `s` would not be positive).
    pub fn boundary_above(&self) -> Option<(BigUint, u64)> {
        if self.negative || self.is_zero() {
            return None;
        }
        let d = self.digits.parse::<BigUint>().ok()?;
        let s = u64::try_from(self.digits.len() as i64 - self.exponent).ok()?;
        (s > 0).then(|| ((d * 2u32 + 1u32) * 5u32, s))
    }

    /// The significant digits, without sign or point.
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// The power of ten of the first significant digit.
    pub fn exponent(&self) -> i64 {
        self.exponent
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.digits.bytes().all(|b| b == b'0')
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Scientific notation such as `8.318677101e-3`.
    pub fn scientific(&self) -> String {
        let mut out = String::with_capacity(self.digits.len() + 24);
        if self.negative {
            out.push('-');
        }
        let (first, rest) = self.digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push_str(&self.exponent.to_string());
        out
    }

    /// Positional notation such as `0.008318677101`. Trailing zeros that are
    /// significant are kept; whole numbers longer than the digits are padded
    /// with zeros and have no point. Very small or large exponents make this
    /// string as long as the exponent.
    pub fn plain(&self) -> String {
        let mut out = String::new();
        if self.negative {
            out.push('-');
        }
        let len = self.digits.len() as i64;
        if self.exponent < 0 {
            out.push_str("0.");
            for _ in 0..(-self.exponent - 1) {
                out.push('0');
            }
            out.push_str(&self.digits);
        } else if self.exponent + 1 >= len {
            out.push_str(&self.digits);
            for _ in 0..(self.exponent + 1 - len) {
                out.push('0');
            }
        } else {
            let (whole, frac) = self.digits.split_at(self.exponent as usize + 1);
            out.push_str(whole);
            out.push('.');
            out.push_str(frac);
        }
        out
    }

    /// The written value as an exact fraction.
    pub fn to_ratio(&self) -> BigRational {
        let whole: BigInt = self.digits.parse().unwrap_or_default();
        let whole = if self.negative { -whole } else { whole };
        let shift = self.exponent - (self.digits.len() as i64 - 1);
        let ten = BigInt::from(10);
        match u32::try_from(shift.unsigned_abs()) {
            Ok(e) if shift >= 0 => BigRational::from_integer(whole * ten.pow(e)),
            Ok(e) => BigRational::new(whole, ten.pow(e)),
            Err(_) => BigRational::from_integer(BigInt::default()),
        }
    }

    /// The nearest double to the written value (0 when it is too small for
    /// a double, infinity when too large).
    pub fn to_f64(&self) -> f64 {
        self.scientific().parse::<f64>().unwrap_or(f64::NAN)
    }
}

impl fmt::Display for SigDecimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.scientific())
    }
}

/// The value of an exact rational as the nearest double, through 17
/// correctly rounded significant digits.
pub fn ratio_to_f64(value: &BigRational) -> Result<f64, RateError> {
    SigDecimal::from_ratio(value, 17).map(|d| d.to_f64())
}

/// `10^e` as a big integer.
fn pow10(e: u64) -> BigUint {
    if e <= u64::from(u32::MAX) {
        BigUint::from(10u32).pow(e as u32)
    } else {
        num_traits::pow::Pow::pow(BigUint::from(10u32), e)
    }
}

/// The integer `E` with `10^E <= num/den < 10^(E+1)`, for positive operands.
fn decimal_exponent(num: &BigUint, den: &BigUint) -> i64 {
    let mut e = estimate_log10(num, den).floor() as i64;
    // The estimate is good to far better than one unit; the loop only ever
    // moves it by one, and settles it exactly.
    loop {
        if !at_least_pow10(num, den, e) {
            e -= 1;
        } else if at_least_pow10(num, den, e + 1) {
            e += 1;
        } else {
            return e;
        }
    }
}

/// Whether `num/den >= 10^e`, decided in integers.
fn at_least_pow10(num: &BigUint, den: &BigUint, e: i64) -> bool {
    if e >= 0 {
        *num >= den * pow10(e.unsigned_abs())
    } else {
        num * pow10(e.unsigned_abs()) >= *den
    }
}

/// `log10(num/den)` from the top 64 bits of each operand.
fn estimate_log10(num: &BigUint, den: &BigUint) -> f64 {
    let (mn, sn) = leading(num);
    let (md, sd) = leading(den);
    let log2 = mn.log2() - md.log2() + (sn - sd) as f64;
    log2 * std::f64::consts::LOG10_2
}

/// `x` as `mantissa * 2^shift` with the mantissa holding its top 64 bits.
fn leading(x: &BigUint) -> (f64, i64) {
    let bits = x.bits();
    let shift = bits.saturating_sub(64);
    let top: BigUint = x >> shift;
    let mantissa = top.iter_u64_digits().next().unwrap_or(0) as f64;
    (mantissa, shift as i64)
}

/// Rounds the quotient `q` (with remainder `r` over `divisor`) half to even.
fn round_half_even(q: BigUint, r: &BigUint, divisor: &BigUint) -> BigUint {
    let twice: BigUint = r << 1;
    match twice.cmp(divisor) {
        std::cmp::Ordering::Greater => q + 1u32,
        std::cmp::Ordering::Equal if q.is_odd() => q + 1u32,
        _ => q,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn ratio(a: i64, b: i64) -> BigRational {
        BigRational::new(BigInt::from(a), BigInt::from(b))
    }

    fn sig(a: i64, b: i64, d: u32) -> SigDecimal {
        match SigDecimal::from_ratio(&ratio(a, b), d) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn simple_values() {
        assert_eq!(sig(1, 3, 5).scientific(), "3.3333e-1");
        assert_eq!(sig(2, 3, 5).scientific(), "6.6667e-1");
        assert_eq!(sig(1, 8, 1).scientific(), "1e-1");
        assert_eq!(sig(1, 8, 3).plain(), "0.125");
        assert_eq!(sig(1234, 1, 2).plain(), "1200");
        assert_eq!(sig(1234, 10, 3).plain(), "123");
        assert_eq!(sig(1234, 100, 3).plain(), "12.3");
        assert_eq!(sig(-1, 3, 3).scientific(), "-3.33e-1");
        assert_eq!(sig(1, -3, 3).plain(), "-0.333");
    }

    #[test]
    fn half_to_even() {
        assert_eq!(sig(125, 1000, 2).scientific(), "1.2e-1");
        assert_eq!(sig(135, 1000, 2).scientific(), "1.4e-1");
        assert_eq!(sig(1251, 10000, 2).scientific(), "1.3e-1");
        assert_eq!(sig(25, 1, 1).scientific(), "2e1");
        assert_eq!(sig(35, 1, 1).scientific(), "4e1");
    }

    #[test]
    fn carry_moves_the_exponent() {
        assert_eq!(sig(9999, 1000, 3).scientific(), "1.00e1");
        assert_eq!(sig(99_951, 100_000, 3).plain(), "1.00");
    }

    #[test]
    fn exact_powers_of_ten() {
        assert_eq!(sig(1, 1000, 4).scientific(), "1.000e-3");
        assert_eq!(sig(1000, 1, 1).scientific(), "1e3");
        assert_eq!(sig(1, 1, 3).plain(), "1.00");
    }

    #[test]
    fn zero_and_bad_requests() {
        assert_eq!(sig(0, 5, 3).scientific(), "0.00e0");
        assert!(sig(0, 5, 3).is_zero());
        assert!(matches!(
            SigDecimal::from_ratio(&ratio(1, 3), 0),
            Err(RateError::InvalidParams { .. })
        ));
        assert!(matches!(
            SigDecimal::from_ratio_within(&ratio(1, 3), 11, Budget::new(10)),
            Err(RateError::BudgetExceeded { .. })
        ));
    }

    #[test]
    fn many_digits_of_one_seventh() {
        let s = sig(1, 7, 600);
        let expected: String = "142857".repeat(100);
        assert_eq!(s.digits(), expected);
        assert_eq!(s.exponent(), -1);
    }

    #[test]
    fn neighbours_and_boundaries() {
        let s = sig(999, 100_000, 3);
        assert_eq!(s.scientific(), "9.99e-3");
        assert_eq!(s.next_up().map(|n| n.scientific()), Some("1.00e-2".into()));
        assert_eq!(
            s.boundary_above(),
            Some((BigUint::from(9995u32), 6)) // 9995 / 10^6 = 9.995e-3
        );
        assert_eq!(sig(0, 1, 3).next_up(), None);
        assert_eq!(
            sig(125, 1000, 2).boundary_above(),
            Some((BigUint::from(125u32), 3))
        );
    }

    #[test]
    fn to_f64_round_trips() {
        assert_eq!(sig(1, 3, 17).to_f64(), 1.0 / 3.0);
        assert_eq!(ratio_to_f64(&ratio(2, 7)), Ok(2.0 / 7.0));
    }

    #[test]
    fn huge_operands_with_a_tiny_quotient() {
        let big = BigInt::from(3).pow(20_000u32);
        let r = BigRational::new_raw(big.clone(), big * 7);
        assert_eq!(
            SigDecimal::from_ratio(&r, 12).map(|s| s.scientific()),
            Ok("1.42857142857e-1".to_string())
        );
    }
}
