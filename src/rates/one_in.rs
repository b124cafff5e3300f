//! "About 1 in N": the reciprocal of a rate, rounded for reading aloud.

use num_rational::BigRational;
use num_traits::Signed;

use super::decimal::SigDecimal;

/// `1 / rate` rounded for a reader: to the nearest whole number below 100,
/// and to three significant digits from 100 up (so 120.2 reads "1 in 120" and
/// 14,925 reads "1 in 14,900"). `None` when the rate is zero, negative,
/// above one, or so small that N would not fit in a `u64`.
pub fn one_in(rate: &BigRational) -> Option<u64> {
    if !rate.is_positive() || *rate.numer() > *rate.denom() {
        return None;
    }
    let inverse = BigRational::new_raw(rate.denom().clone(), rate.numer().clone());
    let three = SigDecimal::from_ratio(&inverse, 3).ok()?;
    let exponent = three.exponent();
    if exponent >= 19 {
        return None;
    }
    if exponent < 2 {
        let whole = SigDecimal::from_ratio(&inverse, exponent as u32 + 1).ok()?;
        return whole.plain().parse().ok();
    }
    let leading: u64 = three.digits().parse().ok()?;
    leading.checked_mul(10u64.checked_pow(exponent as u32 - 2)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn r(a: i64, b: i64) -> BigRational {
        BigRational::new(BigInt::from(a), BigInt::from(b))
    }

    #[test]
    fn readable_reciprocals() {
        assert_eq!(one_in(&r(83_186_771, 10_000_000_000)), Some(120));
        assert_eq!(one_in(&r(2192, 100_000)), Some(46));
        assert_eq!(one_in(&r(67, 1_000_000)), Some(14_900));
        assert_eq!(one_in(&r(1, 1)), Some(1));
        assert_eq!(one_in(&r(2, 3)), Some(2));
        assert_eq!(one_in(&r(1, 7)), Some(7));
        assert_eq!(one_in(&r(2, 5)), Some(2));
    }

    #[test]
    fn out_of_range_rates() {
        assert_eq!(one_in(&r(0, 1)), None);
        assert_eq!(one_in(&r(-1, 5)), None);
        assert_eq!(one_in(&r(3, 2)), None);
        let tiny = BigRational::new(BigInt::from(1), BigInt::from(10).pow(30u32));
        assert_eq!(one_in(&tiny), None);
    }
}
