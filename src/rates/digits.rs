//! Decimal digit counts of huge powers, without ever building them.
//!
//! `base^exp` has `floor(exp * log10(base)) + 1` digits. A double gives that
//! floor correctly unless `exp * log10(base)` lies within rounding distance of
//! an integer; in that narrow case the side of the integer is settled with
//! base-2 logarithms carried to 256 fractional bits in integer arithmetic,
//! with an explicit error bound, and only if even that cannot separate them
//! (and the power is small) by building both powers.

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Fractional bits of the fixed-point logarithms used near a boundary.
const FRAC_BITS: u64 = 256;
/// Guard bits kept below `FRAC_BITS` while squaring.
const GUARD_BITS: u64 = 64;
/// Beyond this many digits the last-resort comparison by building both
/// powers is not attempted.
const LAST_RESORT_DIGITS: u64 = 2_000_000;

/// Number of decimal digits of `base^exp` (0^0 and x^0 count as 1, and so
/// does 0). Saturates at `u64::MAX` for powers too large to count in a `u64`.
pub fn power_digits(base: u64, exp: u128) -> u64 {
    if base <= 1 || exp == 0 {
        return 1;
    }
    if let Some(j) = power_of_ten(base) {
        return exp
            .checked_mul(u128::from(j))
            .and_then(|d| u64::try_from(d).ok())
            .and_then(|d| d.checked_add(1))
            .unwrap_or(u64::MAX);
    }
    let x = exp as f64 * (base as f64).log10();
    if !x.is_finite() || x >= 1.8e19 {
        return u64::MAX;
    }
    let nearest = x.round();
    // Relative error of the product is a few ulps; allow generously more.
    let tolerance = x * 1e-13 + 1e-12;
    if (x - nearest).abs() > tolerance {
        return x.floor() as u64 + 1;
    }
    // exp * log10(base) is within a hair of the integer d: does base^exp reach 10^d?
    let d = nearest as u64;
    let reaches = match compare_logs(base, exp, d) {
        Some(r) => r,
        None if d <= LAST_RESORT_DIGITS => {
            BigUint::from(base).pow(exp as u32) >= BigUint::from(10u32).pow(d as u32)
        }
        None => x >= nearest,
    };
    if reaches { d + 1 } else { d }
}

/// [`power_digits`] without the `u64` ceiling: counts beyond `u64::MAX`
/// (m^(k*k*n) at k = 1000 and n near 10^15) come from the 256-bit
/// fixed-point logarithms. Exact unless `exp * log10(base)` lies within
/// about `exp * 2^-254` of an integer, where it saturates at `u128::MAX`
/// rather than guess.
pub fn power_digits_wide(base: u64, exp: u128) -> u128 {
    let narrow = power_digits(base, exp);
    if narrow < u64::MAX {
        return u128::from(narrow);
    }
    if let Some(j) = power_of_ten(base) {
        return exp
            .checked_mul(u128::from(j))
            .and_then(|d| d.checked_add(1))
            .unwrap_or(u128::MAX);
    }
    // exp * log10(base) = exp * L_b / L_10 with each log in [l, l + 2)
    // units of 2^-FRAC_BITS: bound the quotient on both sides.
    let (lb, lt) = (log2_lower(base), log2_lower(10));
    let e = BigUint::from(exp);
    let low = (&e * &lb) / (&lt + 2u32);
    let high = (&e * (&lb + 2u32)) / &lt;
    if low != high {
        return u128::MAX;
    }
    u128::try_from(low + 1u32).unwrap_or(u128::MAX)
}

/// `Some(j)` when `value == 10^j`.
fn power_of_ten(mut value: u64) -> Option<u32> {
    let mut j = 0;
    while value.is_multiple_of(10) && value > 1 {
        value /= 10;
        j += 1;
    }
    (value == 1).then_some(j)
}

/// Decides `base^exp >= 10^d` from fixed-point logarithms, or `None` when the
/// two sides are closer than the error bound. `base` is not a power of ten, so
/// the two powers are never equal (their prime factorisations differ).
fn compare_logs(base: u64, exp: u128, d: u64) -> Option<bool> {
    let lb = log2_lower(base);
    let lt = log2_lower(10);
    // Each true log lies in [lower, lower + 2) units of 2^-FRAC_BITS.
    let two = BigUint::from(2u32);
    let e = BigUint::from(exp);
    let dd = BigUint::from(d);
    let left_low = &e * &lb;
    let left_high = &e * (&lb + &two);
    let right_low = &dd * &lt;
    let right_high = &dd * (&lt + &two);
    if left_low >= right_high {
        Some(true)
    } else if left_high <= right_low {
        Some(false)
    } else {
        None
    }
}

/// A lower bound on `log2(x)` for `x >= 1`, scaled by `2^FRAC_BITS`, within
/// two units of the true value.
///
/// Bit by bit: with `y = x / 2^t` in [1, 2), squaring `y` doubles its
/// logarithm, so whether `y^2` reaches 2 gives the next binary digit.
/// Truncating each square to `FRAC_BITS + GUARD_BITS` bits lowers the
/// logarithm by less than `2^-(FRAC_BITS + GUARD_BITS - 1)` in total, and
/// the digits not generated add less than one unit; so the truth lies in
/// `[result, result + 2)`.
fn log2_lower(x: u64) -> BigUint {
    let t = u64::from(63 - x.leading_zeros());
    let p = FRAC_BITS + GUARD_BITS;
    let two = BigUint::one() << (p + 1);
    let mut y = BigUint::from(x) << (p - t);
    let mut bits = BigUint::zero();
    for _ in 0..FRAC_BITS {
        y = (&y * &y) >> p;
        bits <<= 1;
        if y >= two {
            bits += 1u32;
            y >>= 1;
        }
    }
    (BigUint::from(t) << FRAC_BITS) + bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits_by_string(base: u64, exp: u32) -> u64 {
        BigUint::from(base).pow(exp).to_string().len() as u64
    }

    #[test]
    fn small_powers_match_their_decimal_text() {
        for base in [
            2u64, 3, 7, 9, 10, 11, 99, 100, 101, 144, 160, 999, 1000, 1001,
        ] {
            for exp in [1u32, 2, 3, 10, 33, 100, 477, 1000] {
                assert_eq!(
                    power_digits(base, u128::from(exp)),
                    digits_by_string(base, exp),
                    "{base}^{exp}"
                );
            }
        }
    }

    #[test]
    fn trivial_cases() {
        assert_eq!(power_digits(0, 0), 1);
        assert_eq!(power_digits(0, 5), 1);
        assert_eq!(power_digits(1, 1_000_000), 1);
        assert_eq!(power_digits(7, 0), 1);
        assert_eq!(power_digits(10, 3), 4);
        assert_eq!(power_digits(100_000, 490_000), 2_450_001);
    }

    #[test]
    fn table_denominators() {
        // m^(k*k*n) for the lab's table rows.
        assert_eq!(power_digits(16, 27), 33);
        assert_eq!(power_digits(160, 784), 1729);
        assert_eq!(power_digits(144, 768), 1658);
        assert_eq!(power_digits(144, 1200), 2591);
        assert_eq!(power_digits(1000, 4900), 14701);
        assert_eq!(power_digits(80, 250), 476);
    }

    #[test]
    fn near_boundaries_are_exact() {
        // 2^10 = 1024 sits just above 10^3; 2^(10j) drifts slowly upward, so
        // exp*log10(2) is close to an integer for these exponents.
        for exp in [10u32, 93, 196, 485, 2136, 4772] {
            assert_eq!(
                power_digits(2, u128::from(exp)),
                digits_by_string(2, exp),
                "2^{exp}"
            );
        }
        // 999^k and 1001^k hug powers of ten from either side.
        for exp in [1u32, 2, 3] {
            assert_eq!(
                power_digits(999, u128::from(exp)),
                digits_by_string(999, exp)
            );
            assert_eq!(
                power_digits(1001, u128::from(exp)),
                digits_by_string(1001, exp)
            );
        }
    }

    #[test]
    fn fixed_point_log_brackets_the_truth() {
        for x in [2u64, 3, 10, 160, 1_000_003] {
            let low = log2_lower(x);
            // Compare with f64 at 2^-40 resolution.
            let approx = (&low >> (FRAC_BITS - 40))
                .to_string()
                .parse::<f64>()
                .unwrap_or(0.0)
                / (1u64 << 40) as f64;
            assert!((approx - (x as f64).log2()).abs() < 1e-9, "{x}");
        }
    }

    #[test]
    fn compare_logs_agrees_with_built_powers() {
        for base in [2u64, 3, 7, 12, 999, 1001, 65_537] {
            for exp in [1u32, 5, 50, 500, 1500] {
                let d = (f64::from(exp) * (base as f64).log10()).round() as u32;
                let truth = BigUint::from(base).pow(exp) >= BigUint::from(10u32).pow(d);
                assert_eq!(
                    compare_logs(base, u128::from(exp), u64::from(d)),
                    Some(truth)
                );
            }
        }
    }

    #[test]
    fn powers_within_a_hair_of_a_power_of_ten() {
        // exp * log10(base) lies within 2e-7 of an integer for these (found
        // from continued fractions of log10(base); digit counts from Python's
        // decimal module at 80 digits), so the double alone cannot be trusted
        // and the fixed-point comparison decides.
        let cases = [
            (2u64, 6_107_016u128, 1_838_395u64), // 1838394.99999986...
            (2, 6_432_163, 1_936_275),           // 1936274.00000002...
            (3, 6_292_019, 3_002_056),           // 3002055.99999996...
            (5, 6_107_016, 4_268_622),           // 4268621.00000014...
            (7, 2_455_579, 2_075_206),           // 2075205.00000017...
            (160, 1_526_754, 3_365_149),         // 3365148.99999986...
            (160, 961_700_165, 2_119_702_551),   // 2119702550.99999999998
            (1_000_003, 1_535_059, 9_210_356),   // 9210355.99999996...
        ];
        for (base, exp, digits) in cases {
            let x = exp as f64 * (base as f64).log10();
            assert!(
                (x - x.round()).abs() < x * 1e-13 + 1e-12,
                "not near: {base}^{exp}"
            );
            assert!(compare_logs(base, exp, x.round() as u64).is_some());
            assert_eq!(power_digits(base, exp), digits, "{base}^{exp}");
        }
    }

    #[test]
    fn compare_logs_decides_clear_cases() {
        assert_eq!(compare_logs(2, 10, 3), Some(true));
        assert_eq!(compare_logs(3, 2, 1), Some(false));
        assert_eq!(compare_logs(999, 2, 6), Some(false));
    }

    #[test]
    fn counts_past_u64_are_still_exact() {
        // Digit counts from Python's decimal module at 80 digits.
        for (base, exp, digits) in [
            (160u64, 10u128.pow(21), 2_204_119_982_655_924_780_855u128),
            (
                999_999_999_999,
                10u128.pow(21),
                11_999_999_999_999_565_705_519,
            ),
            (2, 1 << 100, 381_600_854_690_147_056_244_358_827_361),
            (
                3,
                123_456_789_012_345_678_901_234,
                58_903_858_077_231_005_480_081,
            ),
            (1000, 10u128.pow(20), 3 * 10u128.pow(20) + 1),
        ] {
            assert_eq!(power_digits_wide(base, exp), digits, "{base}^{exp}");
        }
        assert_eq!(power_digits_wide(160, 784), 1729);
    }

    #[test]
    fn enormous_powers_saturate() {
        assert_eq!(power_digits(1_000_000_007, u128::MAX), u64::MAX);
    }
}
